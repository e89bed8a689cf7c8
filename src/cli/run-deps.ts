// How `sympath run` reaches the other layers: the injectable RunDeps (tests pass fakes, so the output
// pipeline is testable without the engine), the real ones loaded on demand, and one engine run with a
// solver of its own.

import type { Module } from '../ir/model.js';
import type { EngineOptions } from '../engine/options.js';
import type { RunEnvironment, RunResult } from '../engine/run-environment.js';
import { addSolverStats, type Solver, type SolverOptions } from '../solver/solver.js';
import type { TechniqueFlags, TechniqueReport } from '../strategies/registry.js';
import type { CompileOptions, OptLevel } from '../toolchain/clang.js';
import { UserError } from './user-error.js';

// The engine's entry point: its result type is the engine's own (a type-only import, so tests with fake
// RunDeps still load no engine); the environment is the part of it the CLI fills in.

/** The engine's RunResult, under the name the CLI and its tests have used, plus what a driver run adds. */
export type RunResultLike = RunResult & {
  /** A registered driver technique's stats.json section. */
  driver?: Record<string, unknown>;
  /** A registered driver technique's closing report. */
  driverReport?: TechniqueReport;
  /** A driver run's covered program lines (for --check-pruning). */
  coveredLines?: () => Set<string>;
  /** `--workers N`: stats.json's `workers` section (src/parallel/README.md). */
  workers?: Record<string, unknown>;
  /** A partitioning driver's partitions, key -> readable (for --check-pruning). */
  partitions?: ReadonlyMap<string, string>;
};

/**
 * The part of the engine's RunEnvironment the CLI fills in (the rest, e.g. mainArgs, stays the engine's);
 * hooks are --prune's pruners with the memory they observe through (src/strategies/session.ts).
 */
export type RunEnvironmentLike = Pick<
  RunEnvironment,
  'solver' | 'sink' | 'createSearcher' | 'signal' | 'stdout' | 'stderr' | 'onStart' | 'message' | 'hooks' | 'createMemory'
>;

/** What a run needs from the other layers. */
export interface RunDeps {
  compileToLL(files: readonly string[], opts: CompileOptions): Promise<string>;
  optimizeLL(input: string, out: string, level?: OptLevel): Promise<void>;
  loadModule(path: string): Module | Promise<Module>;
  runProgram(module: Module, opts: EngineOptions, env: RunEnvironmentLike): Promise<RunResultLike>;
  createSolver(opts: SolverOptions): Promise<Solver>;
  /** `--driver NAME`: a concolic driver (src/engine/concolic, src/strategies) runs the program instead of the forking search. */
  runDriver?(name: string, module: Module, opts: EngineOptions, env: RunEnvironmentLike, flags: TechniqueFlags): Promise<RunResultLike>;
}

export async function realDeps(): Promise<RunDeps> {
  const [toolchain, ir, executor, solver] = await Promise.all([
    import('../toolchain/clang.js'),
    import('../ir/index.js'),
    import('../engine/executor.js'),
    import('../solver/index.js'),
  ]);
  const runDriver: RunDeps['runDriver'] = async (name, module, opts, env, flags) =>
    (await import('../strategies/session.js')).runDriverNamed(name, module, opts, env, flags);
  return {
    compileToLL: toolchain.compileToLL,
    optimizeLL: toolchain.optimizeLL,
    loadModule: ir.loadModule,
    runProgram: executor.runProgram,
    createSolver: solver.createSolver,
    runDriver,
  };
}

export function emptyResult(wallSeconds: number): RunResultLike {
  return {
    instructions: 0,
    paths: { completed: 0, errors: 0, partial: 0, pruned: 0 },
    statesPeak: 0,
    coverage: { instructionsCovered: 0, instructionsTotal: 0, linesCovered: 0, linesTotal: 0 },
    wallSeconds,
  };
}

/**
 * The per-query solver timeout: --max-solver-time, or with --max-time alone a quarter of it (at most
 * 30 s, KLEE's Coreutils setting), so one intractable query (a hash over symbolic bytes) costs part of
 * the budget rather than all of it.
 */
export function defaultSolverTime(maxSolverTime: number, maxTime: number): number {
  if (maxSolverTime > 0 || !(maxTime > 0)) return maxSolverTime;
  return Math.min(30, maxTime / 4);
}

/** One engine run with a solver of its own (closed afterwards; its counts are added to `solverStats`). */
export async function runOnce(
  d: RunDeps,
  module: Module,
  opts: EngineOptions,
  solverStats: { queries: number; z3Queries: number; cacheHits: number; seconds: number },
  env: Omit<RunEnvironmentLike, 'solver'> & { solverOptions: SolverOptions; driver?: string; techniqueFlags?: TechniqueFlags },
): Promise<RunResultLike> {
  const { solverOptions: given, driver, techniqueFlags, ...rest } = env;
  // The run's signal cancels a solver query in progress too (Ctrl-C during a long query).
  const solverOptions = { ...given, timeoutSeconds: defaultSolverTime(given.timeoutSeconds, opts.maxTime), signal: rest.signal };
  const solver = await d.createSolver(solverOptions);
  try {
    if (driver !== undefined) {
      if (!d.runDriver) throw new UserError('sympath run: --driver is not available in this build');
      return await d.runDriver(driver, module, opts, { ...rest, solver }, techniqueFlags ?? {});
    }
    return await d.runProgram(module, opts, { ...rest, solver });
  } finally {
    addSolverStats(solverStats, solver.stats);
    try {
      await solver.close();
    } catch {
      // Closing a back end that already failed is not worth reporting.
    }
  }
}
