// `sympath run --check-pruning`, at the end of the run: exhaustive DFS of the same program (no pruning,
// no driver) and what the run lost against it — error sites and covered lines and, for a partitioning
// driver (PESO), the output partitions of its own exhaustive baseline. Written to check-pruning.json and
// reported line by line; the caller exits 3 when anything was lost.

import type { EngineOptions } from '../engine/options.js';
import type { OutputDir } from '../engine/output-dir.js';
import { createSearcher } from '../search/index.js';
import type * as Sessions from '../strategies/session.js';
import { runOnce, type RunDeps, type RunResultLike } from './run-deps.js';
import type { RunFlags } from './run-options.js';

export interface CheckPruningInput {
  deps: RunDeps;
  sessions: typeof Sessions;
  /** The run's program as the output directory holds it (program.ll): the baseline loads it afresh. */
  programIR: string;
  opts: EngineOptions;
  flags: RunFlags;
  output: OutputDir;
  /** The run's result (a driver's partitions among it). */
  result: RunResultLike;
  prunedLines: Set<string>;
  signal: AbortSignal;
  /** A line for the console. */
  say: (line: string) => void;
}

/** Runs the comparison; the message of the exit-3 failure when something was lost, else null. */
export async function checkPruningAtEnd(c: CheckPruningInput): Promise<string | null> {
  const { deps: d, sessions, flags, output, result } = c;
  const baselineStats = { queries: 0, z3Queries: 0, cacheHits: 0, seconds: 0 };
  const solverOptions = { backend: flags.solver, timeoutSeconds: flags.maxSolverTime };
  const { check, lines } = await sessions.checkPruning({
    module: await d.loadModule(c.programIR),
    opts: c.opts,
    prunedErrors: output.errors,
    prunedLines: c.prunedLines,
    ...(flags.driver !== undefined ? { ignoreErrorKinds: ['model'] } : {}),
    run: (m, o, env) =>
      runOnce(d, m, o, baselineStats, {
        ...env,
        solverOptions,
        createSearcher: (ctx) => createSearcher(o.search, ctx, { batchInstructions: 0, batchSeconds: 0 }),
        signal: c.signal,
        stdout: () => {},
        stderr: () => {},
      }),
  });
  // A partitioning driver (PESO) promises its partitions, not every covered line: its lost lines are
  // reported but not held against it, and its own exhaustive baseline gives the partitions it lost.
  const linesCount = flags.driver === undefined || sessions.driverComparesLines(flags.driver);
  if (!linesCount) {
    for (let k = 0; k < lines.length; k++) {
      lines[k] = lines[k]!.replace(/^check-pruning: LOST line /, 'check-pruning: line not covered (the driver promises partitions, not lines): ');
    }
  }
  let lostPartitions: string[] | undefined;
  if (flags.driver !== undefined && result.partitions && !c.signal.aborted) {
    const baseline = await runOnce(d, await d.loadModule(c.programIR), c.opts, baselineStats, {
      solverOptions,
      driver: flags.driver,
      techniqueFlags: { ...flags, exhaustiveBaseline: true },
      sink: { add: () => null },
      createSearcher: (ctx) => createSearcher(['dfs'], ctx, { batchInstructions: 0, batchSeconds: 0 }),
      signal: c.signal,
      stdout: () => {},
      stderr: () => {},
    });
    lostPartitions = sessions.lostPartitions(result.partitions, baseline.partitions ?? new Map());
    const found = result.partitions.size;
    lines.push(
      lostPartitions.length === 0
        ? `check-pruning: every output partition of exhaustive exploration was found (${found}; exhaustive: ${baseline.partitions?.size ?? 0} partitions over ${String(baseline.driver?.executedPaths ?? '?')} paths)`
        : `check-pruning: LOST ${lostPartitions.length} output partitions of exhaustive exploration`,
      ...lostPartitions.map((p) => `check-pruning: LOST partition ${p}`),
    );
    if (baseline.haltReason) lines.push(`check-pruning: the exhaustive partition run stopped early (${baseline.haltReason})`);
  }
  output.writeJson('check-pruning.json', lostPartitions !== undefined ? { ...check, lostPartitions } : check);
  for (const line of lines) {
    output.message(line);
    c.say(line);
  }
  const lostLines = linesCount ? check.lostLines.length : 0;
  if (check.lostErrors.length === 0 && lostLines === 0 && (lostPartitions?.length ?? 0) === 0) return null;
  const what = flags.driver !== undefined ? `the driver '${flags.driver}'` : 'pruning';
  const parts = lostPartitions !== undefined ? ` and ${lostPartitions.length} output partitions` : '';
  return `sympath: --check-pruning: ${what} lost ${check.lostErrors.length} error sites, ${lostLines} covered lines${linesCount ? '' : ' (not promised)'}${parts}`;
}
