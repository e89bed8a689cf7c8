// `sympath run --queue redis://HOST:PORT`: one engine run explored by `sympath worker` processes through
// the BullMQ queue (src/queue/coordinator.ts); the workers' solver counts are added to `solverStats`.

import type { RunSnapshot } from '../engine/executor.js';
import type { EngineOptions } from '../engine/options.js';
import type { Module } from '../ir/model.js';
import { queueUrl } from '../queue/shared.js';
import { defaultSolverTime, type RunEnvironmentLike, type RunResultLike } from './run-deps.js';
import type { RunFlags } from './run-options.js';
import { addSolverStats } from '../solver/solver.js';

export async function runOnQueue(
  url: string,
  module: Module,
  irPath: string,
  opts: EngineOptions,
  flags: RunFlags,
  search: { batchInstructions: number; batchSeconds: number; subpathTies?: 'random' | 'latest' },
  solverStats: { queries: number; z3Queries: number; cacheHits: number; seconds: number },
  env: Pick<RunEnvironmentLike, 'sink' | 'signal' | 'stdout' | 'stderr' | 'message'> & { onStart?: (snapshot: () => RunSnapshot) => void },
): Promise<RunResultLike> {
  const { runQueue } = await import('../queue/coordinator.js');
  const r = await runQueue({
    url: queueUrl('sympath run --queue', url),
    irPath,
    module,
    opts,
    solverOptions: { backend: flags.solver, timeoutSeconds: defaultSolverTime(flags.maxSolverTime, opts.maxTime) },
    errorTests: flags.emitAllErrors ? 'none' : flags.exitOnError || (flags.exitOnErrorType ?? []).length > 0 ? 'arrival' : 'dfs',
    search,
    ...env,
  });
  const { solverTotals, workers, ...result } = r;
  addSolverStats(solverStats, solverTotals);
  return { ...result, workers };
}
