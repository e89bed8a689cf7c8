import type { Seed } from './seeds.js';
// One typed options object for a run, built by the CLI (src/cli/run.ts) and passed down. Nothing in the
// engine reads process.argv or globals.

export type ErrorKind =
  | 'abort'
  | 'assert'
  | 'div-by-zero'
  | 'out-of-bounds'
  | 'null-deref'
  | 'use-after-free'
  | 'double-free'
  | 'invalid-free'
  | 'overshift'
  | 'unreachable'
  | 'stack-overflow'
  | 'reach-error'
  | 'user'
  | 'exec'
  | 'model';

export interface EngineOptions {
  /** Searcher names in interleaving order, e.g. ['random-path', 'nurs:covnew']. */
  search: string[];
  /** Pruning hooks by name (e.g. 'postcondition'), see DESIGN.md. */
  prune: string[];
  seed: number;
  /** Budgets; 0 = unlimited. */
  maxTime: number; // seconds
  maxInstructions: number;
  maxMemory: number; // MB of resident memory (the process's RSS) before states are dropped
  maxDepth: number; // forks on one path
  /** Frames on one path's call stack before the call that would push one more ends it (KLEE's --max-stack-frames); 0 = none. */
  maxStackFrames: number;
  maxForks: number;
  maxTests: number;
  maxSolverTime: number; // seconds per query
  batchInstructions: number; // 0 = no batching
  onlyOutputStatesCoveringNew: boolean;
  emitAllErrors: boolean;
  checkOvershift: boolean;
  /**
   * Floating point with symbolic operands (float, double): 'symbolic' builds IEEE-754 expressions for
   * Z3's floating-point theory, 'concrete' concretises the operand as KLEE does. Default 'symbolic'.
   */
  fp?: 'symbolic' | 'concrete';
  /**
   * Sizes explored per allocation of a symbolic size (malloc, calloc, realloc, alloca of a symbolic
   * count): the minimal one, larger ones, the maximal one (engine/symbolic-sizes.ts). Default 4; 1 = one.
   */
  symAllocSizes?: number;
  /** Bound on objects a symbolic pointer may resolve to before the state ends with a model error. */
  maxSymbolicPointerTargets: number;
  /** Program arguments after the program file (argv[1..]); the POSIX model interprets --sym-* ones. */
  programArgs: string[];
  /** main's envp (and musl's environ): NAME=VALUE strings, from --environ FILE; empty by default. */
  environ?: string[];
  /** --entry-point: the function the run starts in (called as main is, after the libc's start-up); main by default. */
  entryPoint?: string;
  /** --seed-file/--seed-dir: tests whose paths are followed first (KLEE's seeding; src/engine/seeds.ts). */
  seeds?: readonly Seed[];
  /** --only-seed: halt ('only-seed') when seeding is done instead of going on with the search. */
  onlySeed?: boolean;
  /** Files whose instructions count as "the program's own" for coverage (absolute paths). */
  programSourceFiles: string[];
  /** argv[0]; by default the module's source file name without its extension. */
  programName?: string;
  /** KLEE's --dump-states-on-halt: the states alive at a halt get tests (default true). */
  dumpStatesOnHalt?: boolean;
  /**
   * --hibernate (default true): at --max-memory, waiting states let go of their machine state and are
   * re-executed when selected (hibernation.ts) before KLEE's forks-off-then-drop applies.
   */
  hibernate?: boolean;
  /**
   * --hibernate-above MB: the footprint past which waiting states sleep, below --max-memory (default:
   * hibernation.ts's hibernateAboveMB, 40% of --max-memory and at least 400 MB).
   */
  hibernateAbove?: number;
  /** Tests written for the states alive at a halt, at most (default run-budget's HALT_WRITE_OUT_MAX_TESTS). */
  haltWriteOutMaxTests?: number;
  /** Host files and folders (absolute, real paths) the POSIX model may read (--allow-read); none by default. */
  allowRead?: string[];
  /** --write-test-output: each test keeps its path's stdout and stderr (testNNNNNN.stdout/.stderr). */
  writeTestOutput?: boolean;
  /** --write-smt2s: each test's path constraints as standalone SMT-LIB 2 (testNNNNNN.smt2), as KLEE's option. */
  writeSmt2s?: boolean;
  /** --write-paths: each test's symbolic decisions as testNNNNNN.path (KLEE's option; engine/path-prefix.ts). */
  writePaths?: boolean;
  /**
   * --write-cov (KLEE's): each test's testNNNNNN.cov, the source lines of the program's own files whose
   * instructions its path executed first in the run (ExecutionState.covLines).
   */
  writeCov?: boolean;
  /** --allow-read-special: devices and FIFOs under --allow-read are read (bounded) instead of refused. */
  allowReadSpecial?: boolean;
  /**
   * How `subpath:N` searchers break ties among the states of lowest count (--subpath-ties): 'random'
   * (uniformly, from the run's seeded Rng; the default when absent) or 'latest' (the state that joined
   * its window last — after a fork the new state — as DFS would; the paper's worked examples). The
   * engine itself never reads it: the CLI's searcher factory does (src/search/index.ts).
   */
  subpathTies?: 'random' | 'latest';
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  search: ['random-path', 'nurs:covnew'],
  prune: [],
  seed: 1,
  maxTime: 0,
  maxInstructions: 0,
  maxMemory: 2000,
  maxDepth: 0,
  maxStackFrames: 8192,
  maxForks: 0,
  maxTests: 0,
  maxSolverTime: 0,
  batchInstructions: 0,
  onlyOutputStatesCoveringNew: false,
  emitAllErrors: false,
  checkOvershift: false,
  maxSymbolicPointerTargets: 64,
  programArgs: [],
  programSourceFiles: [],
};
