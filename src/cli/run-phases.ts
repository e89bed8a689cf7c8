// `--search subpath:combined`: one `sympath run` as a portfolio of engine runs, and their results pooled.

import type { EngineOptions } from '../engine/options.js';
import { SUBPATH_COMBINED, SUBPATH_COMBINED_LENGTHS } from '../search/index.js';
import type { RunResultLike } from './run-deps.js';

/** One engine run of a `sympath run`: usually the only one; `subpath:combined` makes four. */
export interface RunPhase {
  search: string[];
  /** Seconds (0 = no limit). */
  maxTime: number;
}

/**
 * The engine runs for `opts`: one, or — when the search list holds `subpath:combined` — one per window
 * length of the portfolio (1, 2, 4, 8), each with `subpath:combined` replaced by `subpath:N` (so
 * `--search subpath:combined --search nurs:covnew` interleaves each subpath:N with nurs:covnew) and a
 * quarter of --max-time. Every other budget (instructions, tests, …) applies to each run as given. A run
 * that explores every path ends the portfolio early (executeRun): the others could only repeat it.
 */
export function runPhases(opts: EngineOptions): RunPhase[] {
  if (!opts.search.includes(SUBPATH_COMBINED)) return [{ search: opts.search, maxTime: opts.maxTime }];
  const k = SUBPATH_COMBINED_LENGTHS.length;
  return SUBPATH_COMBINED_LENGTHS.map((n) => ({
    search: opts.search.map((x) => (x === SUBPATH_COMBINED ? `subpath:${n}` : x)),
    maxTime: opts.maxTime / k,
  }));
}

/**
 * One RunResult for several engine runs into one output directory (subpath:combined): counts and times
 * add up, the state peak is the largest. Coverage cannot be pooled from counts (the runs cover
 * overlapping code and the engine reports no covered set), so it is the best single run's: a lower
 * bound of the pooled coverage, which native replay of the pooled tests measures exactly.
 */
export function mergeRunResults(results: readonly RunResultLike[]): RunResultLike {
  if (results.length === 1) return results[0]!;
  const best = results.reduce((a, b) => (b.coverage.instructionsCovered > a.coverage.instructionsCovered ? b : a));
  const merged: RunResultLike = {
    instructions: results.reduce((t, r) => t + r.instructions, 0),
    paths: {
      completed: results.reduce((t, r) => t + r.paths.completed, 0),
      errors: results.reduce((t, r) => t + r.paths.errors, 0),
      partial: results.reduce((t, r) => t + r.paths.partial, 0),
      pruned: results.reduce((t, r) => t + r.paths.pruned, 0),
    },
    statesPeak: Math.max(...results.map((r) => r.statesPeak)),
    coverage: { ...best.coverage },
    wallSeconds: results.reduce((t, r) => t + r.wallSeconds, 0),
  };
  const last = results[results.length - 1]!;
  if (last.haltReason !== undefined) merged.haltReason = last.haltReason;
  for (const h of results.map((r) => r.hibernation)) {
    if (h === undefined) continue;
    const total = (merged.hibernation ??= { slept: 0, woken: 0, failed: 0, reexecutedInstructions: 0 });
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += h[k];
  }
  return merged;
}
