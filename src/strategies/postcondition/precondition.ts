// The weakest precondition under construction (wp.ts's walk): a conjunction kept as a set of conjuncts
// in slots, with an index from each leaf array to the slots of the conjuncts mentioning it. A step whose
// defined leaf no conjunct mentions costs one map lookup; a substitution visits exactly the conjuncts
// that mention a substituted leaf (found through the index) and rewrites each in its slot.
//
// Issue 19: this was a persistent list of conjuncts, scanned from its head to the last conjunct a step
// touched and rebuilt up to there (the untouched ones too: a list cell each), with per-leaf counts kept
// beside it. On Coreutils' basename that bookkeeping — 6 M cells scanned and rebuilt for 1.4 M rewrites —
// was as much walk time as the rewrites themselves. A recorded disjunct now takes a copy of the live
// conjuncts (`snapshot`: one array, no bigger than the cells a persistent list kept per recording).
//
// The conjunction is a set: a conjunct already present is not added twice (nor kept twice when a rewrite
// makes it equal to another), and the order of the conjuncts means nothing (nor does it in the summaries
// or the checks).

import { Kind, type ArrayDecl, type Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import { collectArrays } from '../../expr/evaluate.js';
import type { Substituter, Subst } from './subst.js';

const EMPTY: ReadonlySet<ArrayDecl> = new Set();

export function arraysOf(e: Expr): ReadonlySet<ArrayDecl> {
  return e.kind === Kind.Const ? EMPTY : collectArrays(e);
}

/** Two 32-bit lanes of a conjunct's hash for the set's signature (summed: order-free, updated in O(1)). */
function lane1(id: number): number {
  return Math.imul(id ^ 0x9e3779b9, 0x85ebca6b) ^ (id >>> 7);
}
function lane2(id: number): number {
  const h = Math.imul(id + 0x7f4a7c15, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** A weakest precondition under construction: a conjunction kept as a set of conjuncts in slots. */
export class WpState {
  /** Conjuncts by slot (null: a free slot, listed in `free`). */
  private readonly slots: (Expr | null)[] = [];
  private readonly free: number[] = [];
  /** Slot of each present conjunct, by node id. */
  private readonly slotOf = new Map<number, number>();
  /** Slots of the conjuncts mentioning each leaf array. */
  private readonly byLeaf = new Map<ArrayDecl, Set<number>>();
  /** The signature's lanes: sums over the present conjuncts. */
  private h1 = 0;
  private h2 = 0;
  isFalse = false;
  length = 0;

  /** Whether some conjunct mentions leaf array `a`. */
  has(a: ArrayDecl): boolean {
    const s = this.byLeaf.get(a);
    return s !== undefined && s.size > 0;
  }

  /** How many conjuncts mention `a`. */
  mentions(a: ArrayDecl): number {
    return this.byLeaf.get(a)?.size ?? 0;
  }

  private index(a: ArrayDecl, slot: number): void {
    let s = this.byLeaf.get(a);
    if (s === undefined) this.byLeaf.set(a, (s = new Set()));
    s.add(slot);
  }

  /** Puts `c` (not present) in a slot. */
  private insert(c: Expr): void {
    const slot = this.free.length > 0 ? this.free.pop()! : this.slots.length;
    this.slots[slot] = c;
    this.slotOf.set(c.id, slot);
    for (const a of arraysOf(c)) this.index(a, slot);
    this.h1 = (this.h1 + lane1(c.id)) | 0;
    this.h2 = (this.h2 + lane2(c.id)) | 0;
    this.length++;
  }

  /** Conjoins `c` (a condition on the current point's state). */
  add(c: Expr): void {
    if (this.isFalse || c.isTrue) return;
    if (c.isFalse) {
      this.isFalse = true;
      return;
    }
    if (!this.slotOf.has(c.id)) this.insert(c);
  }

  /** wp := σ(wp), rewriting only conjuncts that mention a substituted leaf. */
  apply(sigma: Subst, sub: Substituter): void {
    if (this.isFalse) return;
    let first: Set<number> | null = null;
    let all: Set<number> | null = null;
    for (const k of sigma.keys()) {
      const s = this.byLeaf.get(k);
      if (s === undefined || s.size === 0) continue;
      if (first === null) first = s;
      else {
        // Several substituted leaves: each conjunct once.
        all ??= new Set(first);
        for (const slot of s) all.add(slot);
      }
    }
    if (first === null) return;
    this.rewriteSlots([...(all ?? first)], sub);
  }

  /** wp := σ(wp) for a substitution of the one leaf `a` (the walks' commonest step, without a map). */
  applyOne(a: ArrayDecl, sub: Substituter): void {
    if (this.isFalse) return;
    const s = this.byLeaf.get(a);
    if (s === undefined || s.size === 0) return;
    this.rewriteSlots([...s], sub);
  }

  /**
   * The conjuncts in `slots` rewritten by `sub` in place, the index kept: a conjunct made true goes, one
   * made equal to a conjunct of the new set goes too (the set has it), and one made false makes the
   * whole precondition false. Simultaneous: every touched conjunct is rewritten before any is replaced
   * (a rewrite may equal another touched conjunct's old form, which is not in the new set).
   */
  private rewriteSlots(slots: readonly number[], sub: Substituter): void {
    const n = slots.length;
    const olds: Expr[] = new Array(n);
    const news: Expr[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const c = this.slots[slots[i]!]!;
      const c2 = sub.applyTouching(c);
      if (c2.isFalse) {
        this.isFalse = true;
        return;
      }
      olds[i] = c;
      news[i] = c2;
    }
    for (let i = 0; i < n; i++) this.slotOf.delete(olds[i]!.id);
    for (let i = 0; i < n; i++) {
      const slot = slots[i]!;
      const c = olds[i]!;
      const c2 = news[i]!;
      const arrs = arraysOf(c);
      if (c2.isTrue || this.slotOf.has(c2.id)) {
        this.slots[slot] = null;
        this.free.push(slot);
        for (const a of arrs) this.byLeaf.get(a)!.delete(slot);
        this.h1 = (this.h1 - lane1(c.id)) | 0;
        this.h2 = (this.h2 - lane2(c.id)) | 0;
        this.length--;
        continue;
      }
      this.slotOf.set(c2.id, slot);
      if (c2 === c) continue;
      // In place: only the leaves the two do not share change their index (most rewrites replace one
      // leaf and keep the others).
      const arrs2 = arraysOf(c2);
      if (arrs2 !== arrs && !this.reindexQuick(slot, arrs, arrs2, sub)) {
        for (const a of arrs) if (!arrs2.has(a)) this.byLeaf.get(a)!.delete(slot);
        for (const a of arrs2) if (!arrs.has(a)) this.index(a, slot);
      }
      this.slots[slot] = c2;
      this.h1 = (this.h1 - lane1(c.id) + lane1(c2.id)) | 0;
      this.h2 = (this.h2 - lane2(c.id) + lane2(c2.id)) | 0;
    }
  }

  /**
   * Re-indexes slot `slot` from `arrs` to `arrs2` (its conjunct rewritten by `sub`) looking only at the
   * substituted leaves and the arrays the substitution brings in, when that accounts for all of `arrs2`;
   * false (nothing done) otherwise. `arrs2` ⊆ (`arrs` − gone leaves) ∪ kept-or-new introduced arrays
   * =: Y always holds (builders never invent arrays), so equal sizes mean `arrs2` = Y. The sets being
   * compared whole was most of this bookkeeping's time on Coreutils' base64 (10 M set lookups in 20 s).
   */
  private reindexQuick(slot: number, arrs: ReadonlySet<ArrayDecl>, arrs2: ReadonlySet<ArrayDecl>, sub: Substituter): boolean {
    const intro = sub.introduced;
    // Worth it only when the candidates are fewer than the two sets (a store's writes or a value over
    // many leaves bring in more).
    if (intro === null || intro.size > arrs.size + arrs2.size) return false;
    const keys = sub.leaves;
    let size = arrs.size;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (arrs.has(k) && !arrs2.has(k) && !intro.has(k)) size--;
    }
    for (const b of intro) if (!arrs.has(b) && arrs2.has(b)) size++;
    if (size !== arrs2.size) return false;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (arrs.has(k) && !arrs2.has(k) && !intro.has(k)) this.byLeaf.get(k)!.delete(slot);
    }
    for (const b of intro) if (!arrs.has(b) && arrs2.has(b)) this.index(b, slot);
    return true;
  }

  /** wp := a → wp, conjunct by conjunct (an assumption about a fresh value made here). */
  assume(a: Expr): void {
    if (this.isFalse || a.isTrue) return;
    const na = B.notB(a);
    const all = this.conjuncts();
    this.slots.length = 0;
    this.free.length = 0;
    this.slotOf.clear();
    this.byLeaf.clear();
    this.h1 = 0;
    this.h2 = 0;
    this.length = 0;
    for (const c of all) this.add(B.or(na, c));
  }

  /** The conjuncts (in slot order). */
  conjuncts(): Expr[] {
    const out: Expr[] = [];
    const slots = this.slots;
    for (let i = 0; i < slots.length; i++) {
      const c = slots[i];
      if (c !== null && c !== undefined) out.push(c);
    }
    return out;
  }

  /** The conjuncts as they are now (a copy: later changes do not affect it). */
  snapshot(): readonly Expr[] {
    return this.conjuncts();
  }

  /**
   * The conjunct set's identity: a 64-bit hash of its ids (two 32-bit lanes of sums, kept up to date)
   * and its size, kept short because every branch event of a walk stores one. A collision can only
   * stop a walk early (learning less: sound), never add anything.
   */
  signature(): string {
    return `${(this.h1 >>> 0).toString(36)}.${(this.h2 >>> 0).toString(36)}.${this.length}`;
  }

  /** The arrays some conjunct mentions. */
  *arrays(): IterableIterator<ArrayDecl> {
    for (const [a, s] of this.byLeaf) if (s.size > 0) yield a;
  }
}
