// Runs one cell where this process is (the experiment's own process with -j N, or a `sympath worker`
// serving the queue): `sympath run` into the cell's output directory (removed first: a cell interrupted
// earlier left a partial one), its stats.json figures, then where the spec asks `sympath replay --json`
// for gcov coverage. Returns the cell's result, or null when stopped by the abort signal (an interrupted
// cell has no result, so it runs again when the experiment resumes).

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import type { CellPlan, CellResult, CellStats, ReplayFigures } from './cell.js';
import { runSympath, type ChildOutcome } from './child.js';

export interface RunCellOptions {
  signal: AbortSignal;
  /** 'local' or the worker (host:pid). */
  ranBy: string;
  onChild?: (pid: number) => void;
}

/** Exit statuses of `sympath run` after which its stats.json is whole: done, --check-pruning's finding, --exit-on-error's stop. */
const RUN_OK = new Set([0, 3, 5]);

const percent = (covered: number, total: number): number => (total > 0 ? Math.round((10000 * covered) / total) / 100 : 0);

/** The last lines of a child's stderr, for a failed cell's error. */
function lastLines(c: ChildOutcome): string {
  return c.stderr.trim().split('\n').slice(-3).join(' / ');
}

function how(c: ChildOutcome): string {
  return c.signal !== null ? `killed by ${c.signal}` : `exit ${c.exitCode}`;
}

/** The stats.json figures a cell keeps. */
export function statsFigures(stats: Record<string, any>): CellStats {
  const p = stats.paths as CellStats['paths'];
  const coverage = stats.coverage as CellStats['coverage'];
  return {
    paths: { completed: p.completed, errors: p.errors, partial: p.partial, pruned: p.pruned },
    pathsTotal: p.completed + p.errors + p.partial + p.pruned,
    tests: stats.tests,
    instructions: stats.instructions,
    errors: (stats.errors as unknown[]).length,
    errorKinds: [...new Set((stats.errors as { kind: string }[]).map((e) => e.kind))].sort(),
    coverage,
    linePercent: percent(coverage.linesCovered, coverage.linesTotal),
    haltReason: stats.haltReason ?? '',
    wallSeconds: stats.wallSeconds,
  };
}

/** A collected file's value in the result: a .json file parsed, any other its non-empty lines (run.cov's FILE:LINE). */
function collectedValue(name: string, text: string): unknown {
  return name.endsWith('.json') ? JSON.parse(text) : text.split('\n').filter((l) => l !== '');
}

/** Deletes the tests of paths cut short (testN.ktest with testN.early beside it); how many. */
function dropEarlyTests(out: string): number {
  let n = 0;
  for (const f of readdirSync(out)) {
    if (!f.endsWith('.early')) continue;
    const stem = f.slice(0, -'.early'.length);
    rmSync(join(out, `${stem}.ktest`), { force: true });
    rmSync(join(out, f), { force: true });
    n++;
  }
  return n;
}

export async function runCell(plan: CellPlan, o: RunCellOptions): Promise<CellResult | null> {
  rmSync(plan.outputDir, { recursive: true, force: true });
  mkdirSync(dirname(plan.outputDir), { recursive: true });
  const cwd = dirname(plan.outputDir);
  const child = { cwd, timeoutSeconds: plan.timeoutSeconds, signal: o.signal, ...(o.onChild ? { onStart: o.onChild } : {}) };
  const run = await runSympath(plan.run, child);
  if (run.aborted) return null;
  const result: CellResult = {
    cell: plan.key,
    status: 'failed',
    command: ['sympath', ...plan.run],
    exitCode: run.exitCode,
    signal: run.signal,
    outputDir: plan.outputDir,
    stats: null,
    resources: run.resources,
    replay: null,
    ranBy: o.ranBy,
    finishedAt: '',
  };
  const fail = (error: string): CellResult => ({ ...result, error, finishedAt: new Date().toISOString() });
  if (run.timedOut) return fail(`sympath run did not stop within ${plan.timeoutSeconds} s (killed)`);
  const statsFile = join(plan.outputDir, 'stats.json');
  if (!existsSync(statsFile)) return fail(`sympath run failed (${how(run)}), no stats.json: ${lastLines(run)}`);
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as Record<string, any>;
  result.stats = statsFigures(stats);
  if (plan.collect.length > 0) {
    const collected: Record<string, unknown> = {};
    for (const name of plan.collect) {
      const f = join(plan.outputDir, name);
      collected[name] = existsSync(f) ? collectedValue(name, readFileSync(f, 'utf8')) : null;
    }
    result.collected = collected;
  }
  if (run.exitCode === null || !RUN_OK.has(run.exitCode) || stats.running === true) return fail(`sympath run failed (${how(run)}): ${lastLines(run)}`);

  if (plan.replay) {
    const discardedEarly = plan.dropEarlyTests ? dropEarlyTests(plan.outputDir) : 0;
    const replay = await runSympath(['replay', plan.outputDir, ...plan.replay], { ...child, wholeStdout: true });
    if (replay.aborted) return null;
    if (replay.timedOut) return fail(`sympath replay did not stop within ${plan.timeoutSeconds} s (killed)`);
    if (replay.exitCode !== 0) return fail(`sympath replay failed (${how(replay)}): ${lastLines(replay)}`);
    const json = JSON.parse(replay.stdout) as { tests: unknown[]; coverage: { linesCovered: number; linesTotal: number; branchesCovered: number; branchesTotal: number } };
    const c = json.coverage;
    const figures: ReplayFigures = {
      testsReplayed: json.tests.length,
      discardedEarly,
      linesCovered: c.linesCovered,
      linesTotal: c.linesTotal,
      branchesCovered: c.branchesCovered,
      branchesTotal: c.branchesTotal,
      linePercent: percent(c.linesCovered, c.linesTotal),
      resources: replay.resources,
    };
    result.replay = figures;
  }
  result.status = 'ok';
  result.finishedAt = new Date().toISOString();
  return result;
}

/** The result of a cell that did not get as far as a run (its job failed, it could not be started). */
export function failedCell(plan: CellPlan, error: string, ranBy: string): CellResult {
  return {
    cell: plan.key,
    status: 'failed',
    error,
    command: ['sympath', ...plan.run],
    exitCode: null,
    signal: null,
    outputDir: plan.outputDir,
    stats: null,
    resources: null,
    replay: null,
    ranBy,
    finishedAt: new Date().toISOString(),
  };
}

/** Who runs cells in this process: 'local', or host:pid for a worker. */
export const workerName = (): string => `${hostname()}:${process.pid}`;
