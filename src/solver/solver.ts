// The solver API the engine uses. A query is a set of constraints (the path condition, each a width-1
// Expr) and a question about one more expression. Every method may answer "unknown" (timeout or a
// back-end failure): the engine must treat that as neither sat nor unsat — it never becomes a silent
// guess here.

import type { ArrayDecl, Expr } from '../expr/expr.js';

export type Validity = 'true' | 'false' | 'unknown';

/** The path condition as the solver sees it: an immutable list of boolean constraints. */
export type Constraints = readonly Expr[];

export interface SolverStats {
  /** Queries reaching the chain. */
  queries: number;
  /** Queries that reached a Z3 back end. */
  z3Queries: number;
  /** Queries answered by a cache (query cache or counterexample cache). */
  cacheHits: number;
  /** Seconds spent in the solver chain (wall time). */
  seconds: number;
}

/** Adds `from`'s counts to `into` (a run's total over several solvers or workers). */
export function addSolverStats(into: SolverStats, from: Readonly<SolverStats>): void {
  into.queries += from.queries;
  into.z3Queries += from.z3Queries;
  into.cacheHits += from.cacheHits;
  into.seconds += from.seconds;
}

export interface Solver {
  /** Is `cond` satisfiable together with `constraints`? */
  mayBeTrue(constraints: Constraints, cond: Expr): Promise<boolean | 'unknown'>;
  /** Is `cond` implied by `constraints`? */
  mustBeTrue(constraints: Constraints, cond: Expr): Promise<boolean | 'unknown'>;
  mayBeFalse(constraints: Constraints, cond: Expr): Promise<boolean | 'unknown'>;
  /**
   * Both directions of a branch at once (one or two solver calls): whether `cond` may be true and
   * whether it may be false under `constraints`.
   */
  branch(constraints: Constraints, cond: Expr): Promise<{ canTrue: boolean | 'unknown'; canFalse: boolean | 'unknown' }>;
  /** One value `e` can take under `constraints` (constraints must be satisfiable). */
  getValue(constraints: Constraints, e: Expr): Promise<bigint | 'unknown'>;
  /** Minimum and maximum unsigned value of `e` under `constraints`. */
  getRange(constraints: Constraints, e: Expr): Promise<{ min: bigint; max: bigint } | 'unknown'>;
  /**
   * A satisfying assignment of `arrays` (bytes per array, in order) for `constraints`, or 'unsat' /
   * 'unknown'. Arrays the constraints do not mention get zero bytes.
   */
  getInitialValues(constraints: Constraints, arrays: readonly ArrayDecl[]): Promise<Uint8Array[] | 'unsat' | 'unknown'>;
  readonly stats: SolverStats;
  /**
   * Every query must answer by `deadline` (performance.now() ms; Infinity = none): its timeout is
   * capped at the time left, and past it the answer is 'unknown' (caches still answer).
   */
  setDeadline?(deadline: number): void;
  /** Release back-end resources (a native process, a wasm context). */
  close(): Promise<void>;
}

export interface SolverOptions {
  backend: 'wasm' | 'native';
  /** Per-query timeout in seconds (0 = none). */
  timeoutSeconds: number;
  /** Each cache layer switchable for ablation and benchmarks. */
  independence?: boolean;
  queryCache?: boolean;
  cexCache?: boolean;
  /** Queries over at most one input byte decided by enumeration (small-domain.ts). Default on. */
  smallDomain?: boolean;
  /** Satisfiable queries answered by a checked guess of the input words (model-guess.ts). Default on. */
  modelGuess?: boolean;
  /** Queries over one input word its comparisons confine to a few values, decided by trying each (word-range.ts). Default on. */
  wordRange?: boolean;
  /** Conditions on one byte sent to Z3 as ranges of its values (byte-conditions.ts). Default on. */
  byteConditions?: boolean;
  /** Unsatisfiable queries refuted by unsigned and signed intervals over the DAG (intervals.ts). Default on. */
  intervals?: boolean;
  /**
   * Cancels the solver (the run's Ctrl-C): the query in progress and all later ones answer 'unknown'.
   * The native back end kills its z3 process; the wasm one answers later queries only (its calls are
   * synchronous: one in progress runs to its timeout).
   */
  signal?: AbortSignal;
}

/**
 * The back end `sympath run` uses without `--solver`: native Z3 answers small queries ~3x faster than
 * wasm on this machine class (benchmarks/solver.bench.ts; README "Solver"). Kept here, beside the
 * types, so the CLI can name it without loading a back end.
 */
export const DEFAULT_BACKEND: SolverOptions['backend'] = 'native';
