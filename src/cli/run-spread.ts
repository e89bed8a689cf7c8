// `sympath run --workers N` and `--queue URL`: one engine run spread over worker threads (src/parallel)
// or over `sympath worker` processes through the BullMQ queue (src/queue). Both take the same options
// from the command line; the workers' solver counts are added to the run's.

import type { EngineOptions } from '../engine/options.js';
import type { Module } from '../ir/model.js';
import type { SpreadRunOptions } from '../parallel/coordinator.js';
import type { SearchOptions } from '../parallel/protocol.js';
import { addSolverStats, type SolverStats } from '../solver/solver.js';
import { defaultSolverTime, type RunEnvironmentLike, type RunResultLike } from './run-deps.js';
import type { RunFlags } from './run-options.js';

/** Where a spread run's tests, output and messages go (the CLI's engine environment). */
export type SpreadEnvironment = Pick<RunEnvironmentLike, 'sink' | 'signal' | 'stdout' | 'stderr' | 'onStart' | 'message'>;

/** Whether each test's inputs are the smallest of its path: asked for, or implied by spreading the run. */
export function canonicalTests(flags: RunFlags): boolean {
  return flags.canonicalTests === true || (flags.workers ?? 1) > 1 || flags.queue !== undefined;
}

function spreadOptions(module: Module, irPath: string, opts: EngineOptions, flags: RunFlags, search: SearchOptions, env: SpreadEnvironment): SpreadRunOptions {
  return {
    irPath,
    module,
    opts,
    solverOptions: { backend: flags.solver, timeoutSeconds: defaultSolverTime(flags.maxSolverTime, opts.maxTime) },
    errorTests: flags.emitAllErrors ? 'none' : flags.exitOnError || (flags.exitOnErrorType ?? []).length > 0 ? 'arrival' : 'dfs',
    search,
    ...env,
  };
}

/** The run on N worker threads. */
export async function runWorkers(module: Module, irPath: string, opts: EngineOptions, flags: RunFlags, search: SearchOptions, solverStats: SolverStats, env: SpreadEnvironment): Promise<RunResultLike> {
  const { runParallel } = await import('../parallel/coordinator.js');
  const r = await runParallel({ ...spreadOptions(module, irPath, opts, flags, search, env), workers: flags.workers ?? 1, canonicalTests: canonicalTests(flags) });
  const { solverTotals, workers, ...result } = r;
  addSolverStats(solverStats, solverTotals);
  return { ...result, workers: { ...workers } };
}

/** The run on the queue at `url` (its workers are `sympath worker --queue` processes). */
export async function runOnQueue(url: string, module: Module, irPath: string, opts: EngineOptions, flags: RunFlags, search: SearchOptions, solverStats: SolverStats, env: SpreadEnvironment): Promise<RunResultLike> {
  const [{ runQueue }, { queueUrl }] = await Promise.all([import('../queue/coordinator.js'), import('../queue/shared.js')]);
  const r = await runQueue({ ...spreadOptions(module, irPath, opts, flags, search, env), url: queueUrl('sympath run --queue', url) });
  const { solverTotals, workers, ...result } = r;
  addSolverStats(solverStats, solverTotals);
  return { ...result, workers };
}
