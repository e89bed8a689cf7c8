// The one small interface every layer of the solver chain implements (KLEE's SolverImpl): "is this
// conjunction satisfiable, and if so, what are these bytes in a model?". The Z3 back ends are the
// innermost CoreSolvers; independence, the query cache and the counterexample cache wrap one each.
// The engine-facing API (solver.ts's Solver) is built on top in frontend.ts.
//
// Every layer may assume the constraints alone are satisfiable (they are a feasible path condition),
// as KLEE does: that is what makes dropping independent constraints sound.

import type { ArrayDecl, Expr } from '../expr/expr.js';
import type { Assignment } from '../expr/evaluate.js';

export type { Assignment } from '../expr/evaluate.js';

/** Bytes wanted in a model: per array, the byte indices, or 'all' (0 .. size-1). */
export type ModelReads = ReadonlyMap<ArrayDecl, readonly number[] | 'all'>;

export interface Query {
  /** The path condition (width-1 expressions, all assumed to hold). */
  readonly constraints: readonly Expr[];
  /** The question: is `constraints ∧ expr` satisfiable? (TRUE when only a model is wanted.) */
  readonly expr: Expr;
  /** Bytes to return in the model when satisfiable (none: no model needed). */
  readonly reads?: ModelReads;
  /**
   * Canonical key of the set `constraints` (sorted ids), when a layer has it already: caches use it
   * instead of sorting again. Must identify the set exactly.
   */
  readonly key?: string;
}

export type Status = 'sat' | 'unsat' | 'unknown';

export interface CheckResult {
  readonly status: Status;
  /**
   * For 'sat' with reads: an assignment giving (at least) the requested bytes; bytes it lacks are 0,
   * which is consistent with the model (the evaluator reads missing bytes as 0).
   */
  readonly model?: Assignment;
  /** Why the answer is 'unknown' (timeout, back-end error). */
  readonly reason?: string;
}

export interface CoreSolver {
  check(q: Query): Promise<CheckResult>;
  close(): Promise<void>;
}

/**
 * An absolute deadline (performance.now() ms) a back end must answer by: each query's timeout is
 * capped at the time left, and past it queries answer 'unknown' at once. The engine sets it to the
 * end of --max-time, so one hard query (a hash over symbolic bytes: md5sum, sha*sum) can no longer
 * hold the run past its budget with no time check reached.
 */
export interface Deadline {
  setDeadline(deadline: number): void;
}

/**
 * The timeout (ms, 0 = none) for a query starting now: the per-query timeout capped at the time
 * left before `deadline`; null when the deadline has passed.
 */
export function queryTimeoutMs(timeoutMs: number, deadline: number): number | null {
  if (deadline === Infinity) return timeoutMs;
  const left = Math.floor(deadline - performance.now());
  if (left <= 0) return null;
  return timeoutMs > 0 ? Math.min(timeoutMs, left) : left;
}

/** The answer of a query asked after the deadline. */
export const PAST_DEADLINE: CheckResult = { status: 'unknown', reason: 'time budget exhausted' };

/** Counters shared by the layers of one chain (SolverStats plus per-layer detail). */
export interface ChainCounters {
  /** Queries reaching the chain (after the constant fast path). */
  queries: number;
  /** Queries answered by the constant fast path without entering the chain. */
  constantFastPath: number;
  /**
   * Queries after independence: one per group solved (a query wanting a model of several independent
   * groups, like getInitialValues, becomes several). What the caches and Z3 see.
   */
  subQueries: number;
  /** Queries the independence layer answered alone (no relevant constraints, trivial expr). */
  independenceTrivial: number;
  /** Answered from the query cache. */
  queryCacheHits: number;
  /** Answered from the counterexample cache: by a stored model (evaluation) or an unsat subset. */
  cexCacheHits: number;
  cexModelHits: number;
  /** Answered by a stored model repaired with the bytes the query pins (checked by evaluation). */
  cexPatchHits: number;
  cexUnsatSubsetHits: number;
  /** Answered 'unsat' by interval reasoning (intervals.ts). */
  intervalRefutations: number;
  /** Queries whose positional numerals were solved digit by digit (positional.ts): refuted, or sent on with the digits. */
  numeralRefutations: number;
  numeralDigitQueries: number;
  /** Answered by enumerating the few input bits the query reads (small-domain.ts). */
  smallDomainAnswers: number;
  /** Decided by trying every value the comparisons leave one input word (word-range.ts). */
  wordRangeAnswers: number;
  /** Answered 'sat' by a guessed model that satisfies every conjunct (model-guess.ts). */
  guessAnswers: number;
  /** Queries sent to Z3 with conditions on one byte rewritten as ranges of its values (byte-conditions.ts). */
  byteConditionQueries: number;
  /** Of those, queries with a byte pinned to one value and substituted (byte-conditions.ts). */
  pinnedByteQueries: number;
  /** Calls reaching a Z3 back end, and their outcome. */
  z3Queries: number;
  z3Sat: number;
  z3Unsat: number;
  z3Unknown: number;
  /** Seconds inside Z3 back ends (wall). */
  z3Seconds: number;
  /** Seconds in the whole chain (wall). */
  seconds: number;
}

export function newCounters(): ChainCounters {
  return {
    queries: 0, constantFastPath: 0, subQueries: 0, independenceTrivial: 0, queryCacheHits: 0, cexCacheHits: 0, cexModelHits: 0,
    cexPatchHits: 0, cexUnsatSubsetHits: 0, intervalRefutations: 0, numeralRefutations: 0, numeralDigitQueries: 0, smallDomainAnswers: 0, guessAnswers: 0, wordRangeAnswers: 0, byteConditionQueries: 0, pinnedByteQueries: 0, z3Queries: 0, z3Sat: 0, z3Unsat: 0, z3Unknown: 0, z3Seconds: 0, seconds: 0,
  };
}

/** The canonical key of a constraint set: sorted ids, comma-joined. */
export function constraintsKey(constraints: readonly Expr[]): string {
  if (constraints.length === 0) return '';
  if (constraints.length === 1) return String(constraints[0]!.id);
  const ids = constraints.map((c) => c.id).sort((a, b) => a - b);
  return ids.join(',');
}

/** Byte indices requested for `array` by `reads` (all of them for 'all'). */
export function requestedIndices(array: ArrayDecl, r: readonly number[] | 'all'): readonly number[] {
  if (r !== 'all') return r;
  return Array.from({ length: array.size }, (_, i) => i);
}

/** Merges several read requests (union per array). */
export function mergeReads(...all: (ModelReads | undefined)[]): ModelReads | undefined {
  let out: Map<ArrayDecl, readonly number[] | 'all'> | undefined;
  for (const reads of all) {
    if (!reads || reads.size === 0) continue;
    if (!out) {
      out = new Map(reads);
      continue;
    }
    for (const [a, r] of reads) {
      const prev = out.get(a);
      if (prev === undefined) out.set(a, r);
      else if (prev === 'all' || r === 'all') out.set(a, 'all');
      else out.set(a, [...new Set([...prev, ...r])].sort((x, y) => x - y));
    }
  }
  return out;
}

/** A Z3 back end's per-call timing, for the benchmark's per-call cost figures. */
export interface BackendStats {
  calls: number;
  seconds: number;
}

/** The innermost wrapper: counts the calls reaching a Z3 back end and their outcomes. */
export class CountedBackend implements CoreSolver {
  constructor(
    readonly backend: CoreSolver & { readonly stats: BackendStats },
    private readonly counters: ChainCounters,
  ) {}

  async check(q: Query): Promise<CheckResult> {
    const t0 = performance.now();
    this.counters.z3Queries++;
    try {
      const r = await this.backend.check(q);
      if (r.status === 'sat') this.counters.z3Sat++;
      else if (r.status === 'unsat') this.counters.z3Unsat++;
      else this.counters.z3Unknown++;
      return r;
    } finally {
      this.counters.z3Seconds += (performance.now() - t0) / 1000;
    }
  }

  close(): Promise<void> {
    return this.backend.close();
  }
}
