// What a run is given (RunEnvironment: solver, test sink, searcher factory, hooks, output sinks) and what
// it gives back (RunResult, and RunSnapshot while it runs). Apart from the executor so that the CLI, the
// parallel and queue workers and the tests can name them without the engine's internals.

import type { SearcherContext } from '../search/context.js';
import type { Searcher } from '../search/searcher.js';
import type { Solver, SolverStats } from '../solver/solver.js';
import type { MainArgsBuilder } from './argv.js';
import type { Builtin } from './builtins/index.js';
import type { Executor } from './executor.js';
import type { HibernationStats } from './hibernation.js';
import type { ExplorationHooks, PrefixFollower } from './hooks.js';
import type { Memory } from './memory.js';
import type { TestSink } from './test-case.js';

/** A run's coverage of the program's own code (stats.json's `coverage` too). */
export interface CoverageFigures {
  instructionsCovered: number;
  instructionsTotal: number;
  linesCovered: number;
  linesTotal: number;
  /** Branch directions of the program's own code taken / there are (coverage.ts branchTargets). */
  branchesCovered?: number;
  branchesTotal?: number;
}

export interface RunResult {
  instructions: number;
  paths: { completed: number; errors: number; partial: number; pruned: number };
  statesPeak: number;
  coverage: CoverageFigures;
  wallSeconds: number;
  /** Why the run stopped early, if it did: 'max-time', 'max-instructions', 'max-tests', 'interrupted', … */
  haltReason?: string;
  /** States put to sleep at --max-memory and woken again (hibernation.ts); absent when none slept. */
  hibernation?: HibernationStats;
  /** With --write-cov: every line the run covered (the lines `coverage.linesCovered` counts) as a .cov file. */
  coveredLinesCov?: string;
}

/** A run so far: its result as it would be if it ended now, and what only a running run has. */
export interface RunSnapshot extends RunResult {
  liveStates: number;
  solver: SolverStats;
}

export interface RunEnvironment {
  solver: Solver;
  sink: TestSink;
  /** Builds the searcher from opts.search once the engine can offer its SearcherContext. */
  createSearcher(ctx: SearcherContext): Searcher;
  /** Aborted on SIGINT: stop cleanly, finish current bookkeeping, return (tests so far already sunk). */
  signal?: AbortSignal;
  /** Program stdout/stderr writes pass through here (default process.stdout/stderr). */
  stdout?: (bytes: Uint8Array) => void;
  stderr?: (bytes: Uint8Array) => void;
  /**
   * Called once as the run starts, with a function that reads what it has done so far. The CLI calls
   * it on a timer of its own (live stats.json, the progress line), so the figures are read also while
   * the engine waits on a long solver query, and the engine never pays for a report nobody reads.
   */
  onStart?: (snapshot: () => RunSnapshot) => void;
  /** Warnings and messages (klee_warning, concretisations) for messages.txt. */
  message?: (text: string) => void;
  /** Exploration hooks (pruning, tracing); none by default. */
  hooks?: ExplorationHooks[];
  /** Builds main's arguments (the POSIX runtime replaces the default: argv from opts.programArgs). */
  mainArgs?: MainArgsBuilder;
  /** Extra built-ins by function name (added to or replacing the engine's own), e.g. a system-call layer. */
  builtins?: Record<string, Builtin>;
  /**
   * Builds the run's Memory in place of the plain one (trace recording observes accesses through a
   * subclass, src/engine/trace/observed-memory.ts); an ordinary run never pays for the observation.
   */
  createMemory?: (ex: Executor) => Memory;
  /** Recorded fork decisions (engine/path-prefix.ts: a --workers job, --replay-path), followed without the solver while active. */
  prefix?: PrefixFollower;
}
