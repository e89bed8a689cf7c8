// The weakest precondition under construction (wp.ts's walk): a conjunction kept as a persistent list
// of conjuncts, earliest (nearest the current point) first, with a count per leaf array of the
// conjuncts mentioning it. A step whose defined leaf no conjunct mentions costs one map lookup, and a
// substitution rewrites only the conjuncts up to the last one that mentions a substituted leaf (the
// rest of the list is shared with the precondition it came from, and with every disjunct recorded
// from it).

import { Kind, type ArrayDecl, type Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import { collectArrays } from '../../expr/evaluate.js';
import type { Substituter, Subst } from './subst.js';
export class Cell {
  /** Two 32-bit lanes of a hash of the ids of the list from this cell on (WpState.signature), made with
   *  the cell: the list is persistent, so a cell's hash never changes and the signature costs O(1). */
  readonly h1: number;
  readonly h2: number;

  constructor(
    readonly c: Expr,
    readonly next: Cell | null,
  ) {
    const id = c.id;
    this.h1 = Math.imul((next ? next.h1 : 0x811c9dc5) ^ id, 0x01000193);
    const h2 = next ? next.h2 : 0x01000193;
    this.h2 = Math.imul(h2 ^ (id + 0x9e3779b9), 0x85ebca6b) ^ (h2 >>> 13);
  }
}

const EMPTY: ReadonlySet<ArrayDecl> = new Set();

export function arraysOf(e: Expr): ReadonlySet<ArrayDecl> {
  return e.kind === Kind.Const ? EMPTY : collectArrays(e);
}

/** A weakest precondition under construction: a conjunction kept as a persistent list. */
export class WpState {
  private head: Cell | null = null;
  private readonly occ = new Map<ArrayDecl, number>();
  private readonly present = new Map<number, number>();
  isFalse = false;
  length = 0;

  /** Whether some conjunct mentions leaf array `a`. */
  has(a: ArrayDecl): boolean {
    return (this.occ.get(a) ?? 0) > 0;
  }

  /** How many conjuncts mention `a`. */
  mentions(a: ArrayDecl): number {
    return this.occ.get(a) ?? 0;
  }

  private count(c: Expr, delta: number): void {
    for (const a of arraysOf(c)) this.occ.set(a, (this.occ.get(a) ?? 0) + delta);
    this.present.set(c.id, (this.present.get(c.id) ?? 0) + delta);
    this.length += delta;
  }

  /** count(c, -1) then count(c2, 1), touching only the leaves the two do not share (most rewrites
   *  replace one leaf and keep the others: the walks' commonest bookkeeping). */
  private recount(c: Expr, c2: Expr, arrs: ReadonlySet<ArrayDecl>): void {
    const arrs2 = arraysOf(c2);
    if (arrs2 !== arrs) {
      for (const a of arrs) if (!arrs2.has(a)) this.occ.set(a, this.occ.get(a)! - 1);
      for (const a of arrs2) if (!arrs.has(a)) this.occ.set(a, (this.occ.get(a) ?? 0) + 1);
    }
    this.present.set(c.id, this.present.get(c.id)! - 1);
    this.present.set(c2.id, (this.present.get(c2.id) ?? 0) + 1);
  }

  /** Conjoins `c` (a condition on the current point's state). */
  add(c: Expr): void {
    if (this.isFalse || c.isTrue) return;
    if (c.isFalse) {
      this.isFalse = true;
      return;
    }
    if ((this.present.get(c.id) ?? 0) > 0) return;
    this.head = new Cell(c, this.head);
    this.count(c, 1);
  }

  /** wp := σ(wp), rewriting only conjuncts that mention a substituted leaf. */
  apply(sigma: Subst, sub: Substituter): void {
    if (this.isFalse) return;
    const keys: ArrayDecl[] = [];
    let remaining = 0;
    for (const k of sigma.keys()) {
      const n = this.occ.get(k) ?? 0;
      if (n > 0) {
        keys.push(k);
        remaining += n;
      }
    }
    if (keys.length === 0) return;
    const out: Expr[] = [];
    let cell = this.head;
    while (cell !== null && remaining > 0) {
      const c = cell.c;
      cell = cell.next;
      const arrs = arraysOf(c);
      let hits = 0;
      for (const k of keys) if (arrs.has(k)) hits++;
      if (hits === 0) {
        out.push(c);
        continue;
      }
      remaining -= hits;
      if (!this.rewrite(c, arrs, sub, out)) return;
    }
    this.relink(out, cell);
  }

  /** wp := σ(wp) for a substitution of the one leaf `a` (the walks' commonest step, without a map). */
  applyOne(a: ArrayDecl, sub: Substituter): void {
    if (this.isFalse) return;
    let remaining = this.occ.get(a) ?? 0;
    if (remaining === 0) return;
    const out: Expr[] = [];
    let cell = this.head;
    while (cell !== null && remaining > 0) {
      const c = cell.c;
      cell = cell.next;
      const arrs = arraysOf(c);
      if (!arrs.has(a)) {
        out.push(c);
        continue;
      }
      remaining--;
      if (!this.rewrite(c, arrs, sub, out)) return;
    }
    this.relink(out, cell);
  }

  /**
   * One conjunct `c` (reading `arrs`) rewritten by `sub` into `out`, the leaf counts kept; false when
   * the rewrite is false (the whole precondition is then false).
   */
  private rewrite(c: Expr, arrs: ReadonlySet<ArrayDecl>, sub: Substituter, out: Expr[]): boolean {
    const c2 = sub.applyTouching(c);
    if (c2.isFalse) {
      this.isFalse = true;
      return false;
    }
    if (c2.isTrue) this.count(c, -1);
    else {
      out.push(c2);
      this.recount(c, c2, arrs);
    }
    return true;
  }

  /** The conjuncts `out` (in order) put in front of the unvisited list `rest`. */
  private relink(out: readonly Expr[], rest: Cell | null): void {
    let h = rest;
    for (let i = out.length - 1; i >= 0; i--) h = new Cell(out[i]!, h);
    this.head = h;
  }

  /** wp := a → wp, conjunct by conjunct (an assumption about a fresh value made here). */
  assume(a: Expr): void {
    if (this.isFalse || a.isTrue) return;
    const na = B.notB(a);
    const all = this.conjuncts();
    this.head = null;
    this.occ.clear();
    this.present.clear();
    this.length = 0;
    for (let i = all.length - 1; i >= 0; i--) this.add(B.or(na, all[i]!));
  }

  conjuncts(): Expr[] {
    const out: Expr[] = [];
    for (let c = this.head; c; c = c.next) out.push(c.c);
    return out;
  }

  /** The conjunct list as it is now (persistent: later changes do not affect it). */
  snapshot(): Cell | null {
    return this.head;
  }

  /**
   * The conjunct list's identity: a 64-bit hash of the ids in order (two 32-bit lanes, kept on the
   * cells) and the length, kept short because every branch event of a walk stores one. A collision can
   * only stop a walk early (learning less: sound), never add anything.
   */
  signature(): string {
    const h = this.head;
    return h === null ? `0.${this.length}` : `${(h.h1 >>> 0).toString(36)}.${(h.h2 >>> 0).toString(36)}.${this.length}`;
  }

  /** The arrays some conjunct mentions. */
  *arrays(): IterableIterator<ArrayDecl> {
    for (const [a, n] of this.occ) if (n > 0) yield a;
  }
}
