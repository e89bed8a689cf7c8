// The engine's second plugin kind (../shared/DESIGN.md "Two plugin interfaces"): a Driver. Where a
// searcher picks among the states of one forking run, a driver runs the program again and again from
// its entry, each time under one chosen input, and decides what to run next from the traces: DGSE and
// PESO keep their own work-lists of path conditions (relevant-slice conditions for PESO) and solve them
// for the next input. The engine offers a driver:
//   execute(input)  — one concolic run: the program follows the input's concrete values (never forks)
//                     while every branch instance's constraint is built symbolically; returns the trace
//                     (src/engine/trace), how the path ended and its test;
//   solve(pc)       — an input satisfying a list of constraints (from any traces), or unsat / unknown;
//   emit(test)      — writes a test into the output directory (errors once per location, as the forking
//                     engine does, unless --emit-all-errors); the run's stats count what is emitted;
//   the module, its static analyses (src/analysis) and the static facts dynamic dependence uses, and the
//   run's budgets (stopReason).

import type { ModuleAnalysis } from '../../analysis/index.js';
import type { Expr } from '../../expr/expr.js';
import type { Module } from '../../ir/model.js';
import type { EngineOptions } from '../options.js';
import type { TestCase } from '../test-case.js';
import type { Trace, TraceEnd } from '../trace/model.js';
import type { StaticDeps } from '../trace/static-info.js';

/** An input: bytes per symbolic array, by the array's name in the run (`x`, `x_1`, …). */
export type InputAssignment = ReadonlyMap<string, Uint8Array>;

/** An input given as a .ktest's objects: bytes per symbolic object in creation order (names ignored). */
export interface KTestInput {
  readonly objects: readonly { readonly name: string; readonly bytes: Uint8Array }[];
}

export type ConcolicInput = InputAssignment | KTestInput;

/** A symbolic object of a concolic run. */
export interface RunSymbolic {
  /** The array's name in the run (unique), the key of InputAssignment. */
  readonly array: string;
  /** The name given to klee_make_symbolic & co (the .ktest's object name). */
  readonly name: string;
  readonly size: number;
}

export interface ConcolicResult {
  readonly trace: Trace;
  /** How the path ended (also `trace.end`). */
  readonly termination: TraceEnd;
  /** The test of the path (its objects are the input's bytes), null when the path wrote none. */
  readonly test: TestCase | null;
  /** The input the run followed, by array name (after any klee_assume re-solve, see DriverContext.execute). */
  readonly assignment: InputAssignment;
  readonly symbolics: readonly RunSymbolic[];
  /** Instructions the run executed. */
  readonly instructions: number;
}

export type SolveResult = InputAssignment | 'unsat' | 'unknown';

export interface DriverContext {
  readonly module: Module;
  readonly options: EngineOptions;
  /** The module's static analyses (computed on first call, cached). */
  analysis(): ModuleAnalysis;
  /** The static facts dynamic dependences are computed from (src/engine/trace/static-info.ts). */
  staticDeps(): StaticDeps;
  /**
   * One concolic run under `input`. When the input violates a klee_assume on the way but the path so
   * far and the assumption are satisfiable together, the run is repeated under a solution of both (so
   * an input never ends as a spurious 'user' error); the result reports the input finally followed.
   */
  execute(input: ConcolicInput): Promise<ConcolicResult>;
  /** An input satisfying every constraint; arrays the constraints do not mention keep `base`'s bytes. */
  solve(constraints: readonly Expr[], base?: InputAssignment): Promise<SolveResult>;
  /** Hands a test to the output directory; its file name, or null when none was written. */
  emit(test: TestCase): string | null;
  /** Why the run must stop now (max-time, max-tests, max-instructions, interrupted), if it must. */
  stopReason(): string | undefined;
  message(text: string): void;
}

export interface Driver {
  /** The name given to `sympath run --driver`. */
  readonly name: string;
  run(ctx: DriverContext): Promise<void>;
}
