// The solver of a concolic run: it answers every question by evaluating under one input assignment
// (src/expr/evaluate.ts), so the unmodified engine follows the concrete values and never forks — at a
// symbolic branch exactly the direction the input satisfies is "feasible"; a value to concretise is
// the input's value; a symbolic pointer resolves to the object the input's address lies in — while it
// still builds every branch condition symbolically. Every constraint the engine adds is then true under
// the input, so the path condition always holds for it.
//
// Arrays are given their bytes when an expression first mentions them, by `bytesOf` (by array name for
// a solver model, by creation order for a .ktest); missing bytes read as zero.

import type { ArrayDecl, Expr } from '../../expr/expr.js';
import { collectArrays, Evaluator } from '../../expr/evaluate.js';
import type { Constraints, Solver, SolverStats } from '../../solver/solver.js';

/** Memoised nodes kept before the evaluator starts afresh (bounds memory on long runs). */
const MEMO_LIMIT = 1_000_000;
/** Refuted conditions kept (the assumption and the preferences queried after it are the last ones). */
const REFUTED_KEPT = 256;

export class ConcolicSolver implements Solver {
  readonly stats: SolverStats = { queries: 0, z3Queries: 0, cacheHits: 0, seconds: 0 };
  private readonly assignment = new Map<ArrayDecl, Uint8Array>();
  private evaluator = new Evaluator(this.assignment);
  /**
   * The conditions mayBeTrue queries found false, in order: a klee_assume the input violates, and after
   * it the klee_prefer_cex preferences the ending state's test solving tries (termination.ts), which
   * the driver must not take for the assumption.
   */
  readonly refuted: Expr[] = [];

  constructor(private readonly bytesOf: (a: ArrayDecl) => Uint8Array | undefined) {}

  /** The value of `e` under the input. */
  value(e: Expr): bigint {
    if (e.isConst) return e.value;
    for (const a of collectArrays(e)) if (!this.assignment.has(a)) this.assignment.set(a, this.bytesFor(a));
    if (this.evaluator.size > MEMO_LIMIT) this.evaluator = new Evaluator(this.assignment);
    return this.evaluator.value(e);
  }

  /** The bytes array `a` has under the input (its size, zero-padded). */
  bytesFor(a: ArrayDecl): Uint8Array {
    const given = this.assignment.get(a) ?? this.bytesOf(a);
    if (given && given.length === a.size) return given;
    const out = new Uint8Array(a.size);
    if (given) out.set(given.subarray(0, a.size));
    return out;
  }

  private truth(c: Expr): boolean {
    this.stats.queries++;
    return this.value(c) === 1n;
  }

  async mayBeTrue(_c: Constraints, cond: Expr): Promise<boolean> {
    const t = this.truth(cond);
    if (!t && this.refuted.push(cond) > REFUTED_KEPT) this.refuted.splice(0, this.refuted.length - REFUTED_KEPT);
    return t;
  }
  async mustBeTrue(_c: Constraints, cond: Expr): Promise<boolean> {
    return this.truth(cond);
  }
  async mayBeFalse(_c: Constraints, cond: Expr): Promise<boolean> {
    return !this.truth(cond);
  }
  async branch(_c: Constraints, cond: Expr): Promise<{ canTrue: boolean; canFalse: boolean }> {
    const t = this.truth(cond);
    return { canTrue: t, canFalse: !t };
  }
  async getValue(_c: Constraints, e: Expr): Promise<bigint> {
    this.stats.queries++;
    return this.value(e);
  }
  async getRange(_c: Constraints, e: Expr): Promise<{ min: bigint; max: bigint }> {
    const v = await this.getValue(_c, e);
    return { min: v, max: v };
  }
  async getInitialValues(_c: Constraints, arrays: readonly ArrayDecl[]): Promise<Uint8Array[]> {
    return arrays.map((a) => this.bytesFor(a));
  }
  async close(): Promise<void> {}
}
