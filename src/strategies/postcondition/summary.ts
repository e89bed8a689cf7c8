// Π: the summary table, branch location (instruction, successor, calling context) -> a disjunction of
// weakest preconditions of explored suffixes, each a conjunction (a set of conjuncts over program-state
// leaves). Adding a disjunct only ever weakens nothing: Π[l] grows, and any subset of the true Π[l] is
// an under-approximation, so every heuristic here (the size bound, dropping a disjunct implied by
// another, merging two that differ in one complementary conjunct) keeps pruning sound.
//
// Size bound (--pse-max-summary-size N, default 200): the unit is disjuncts per location; a summary
// with N disjuncts takes no more (the paper's `if size(Π[l]) < bd`).
// Simplification (--pse-simplify): a new disjunct implied by an existing one (a superset of its
// conjuncts) is dropped, existing ones implied by the new one are removed, and two disjuncts equal but
// for one conjunct c and its negation merge into their common part (the paper's CombineSummary, with
// "last conjunct" read as "the one conjunct they differ in", so the order of conjuncts does not matter),
// repeatedly.

import type { Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';

export interface SummaryOptions {
  maxSize: number;
  simplify: boolean;
}

/**
 * A disjunct as the walk recorded it, turned into conjuncts only when the summary is first read: most
 * locations are never checked (their branch is concrete in every state), so recording costs O(1).
 */
export interface Pending {
  readonly payload: unknown;
}
export type Finish = (p: Pending) => Expr[];

/** Pending disjuncts a location keeps, as a multiple of the size bound (beyond: dropped, as full). */
const PENDING_FACTOR = 4;

/** One location's summary. */
export class Summary {
  private list: Expr[][] = [];
  private readonly keys = new Set<string>();
  private pending: Pending[] = [];
  /** Bumped on every change (checks cache the substituted summary per state). */
  version = 0;

  constructor(
    private readonly opts: SummaryOptions,
    private readonly finish: Finish,
  ) {}

  /** Each disjunct's conjuncts, sorted by expression id, without duplicates. TRUE when one is empty. */
  get disjuncts(): Expr[][] {
    if (this.pending.length > 0) {
      const ps = this.pending;
      this.pending = [];
      for (const p of ps) this.add(this.finish(p), this.opts);
    }
    return this.list;
  }

  /** Disjuncts finished plus pending (at most the size bound), without finishing any. */
  get size(): number {
    return Math.min(this.list.length + this.pending.length, Math.max(this.list.length, this.opts.maxSize));
  }

  /** Records a disjunct to be finished when the summary is read. */
  addPending(p: Pending): void {
    if (this.isTrueNow || this.pending.length >= PENDING_FACTOR * this.opts.maxSize) return;
    this.pending.push(p);
  }

  private get isTrueNow(): boolean {
    return this.list.length === 1 && this.list[0]!.length === 0;
  }

  get isTrue(): boolean {
    const d = this.disjuncts;
    return d.length === 1 && d[0]!.length === 0;
  }

  /** The summary as one formula over leaves. */
  formula(): Expr {
    let r: Expr = B.FALSE;
    for (const d of this.disjuncts) r = B.or(r, B.all(d));
    return r;
  }

  /** Nodes of the disjuncts' conjuncts (with sharing counted once per conjunct). */
  get conjunctCount(): number {
    let n = 0;
    for (const d of this.disjuncts) n += d.length;
    return n;
  }

  add(conjuncts: readonly Expr[], opts: SummaryOptions = this.opts): boolean {
    if (this.isTrueNow) return false;
    const set = normalise(conjuncts);
    if (set === null) return false;
    if (set.length === 0) {
      this.list = [[]];
      this.keys.clear();
      this.keys.add('');
      this.version++;
      return true;
    }
    const key = keyOf(set);
    if (this.keys.has(key)) return false;
    if (!opts.simplify) {
      if (this.list.length >= opts.maxSize) return false;
      this.push(set, key);
      return true;
    }
    return this.addSimplified(set, opts);
  }

  private push(set: Expr[], key: string): void {
    this.list.push(set);
    this.keys.add(key);
    this.version++;
  }

  private remove(i: number): void {
    const [d] = this.list.splice(i, 1);
    this.keys.delete(keyOf(d!));
    this.version++;
  }

  private addSimplified(set: Expr[], opts: SummaryOptions): boolean {
    for (let depth = 0; depth < 64; depth++) {
      if (set.length === 0) {
        this.list = [[]];
        this.keys.clear();
        this.keys.add('');
        this.version++;
        return true;
      }
      // Implied by an existing disjunct (whose conjuncts are a subset of ours): nothing to add.
      if (this.list.some((d) => isSubset(d, set))) return false;
      // Existing disjuncts the new one implies are redundant.
      for (let i = this.list.length - 1; i >= 0; i--) if (isSubset(set, this.list[i]!)) this.remove(i);
      // A disjunct equal but for one complementary conjunct: merge into the common part.
      let merged: Expr[] | null = null;
      for (let i = 0; i < this.list.length; i++) {
        const common = complementaryMerge(this.list[i]!, set);
        if (common) {
          this.remove(i);
          merged = common;
          break;
        }
      }
      if (merged === null) {
        if (this.list.length >= opts.maxSize) return false;
        this.push(set, keyOf(set));
        return true;
      }
      set = merged;
    }
    return false;
  }
}

/** Sorted, deduplicated conjuncts without TRUE; null when one is FALSE. */
function normalise(conjuncts: readonly Expr[]): Expr[] | null {
  const seen = new Set<number>();
  const out: Expr[] = [];
  for (const c of conjuncts) {
    if (c.isTrue) continue;
    if (c.isFalse) return null;
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    out.push(c);
  }
  out.sort((a, b) => a.id - b.id);
  return out;
}

function keyOf(set: readonly Expr[]): string {
  return set.map((c) => c.id).join(',');
}

/** Whether sorted set `a` is a subset of sorted set `b`. */
function isSubset(a: readonly Expr[], b: readonly Expr[]): boolean {
  if (a.length > b.length) return false;
  let j = 0;
  for (const x of a) {
    while (j < b.length && b[j]!.id < x.id) j++;
    if (j >= b.length || b[j] !== x) return false;
    j++;
  }
  return true;
}

/** When a = C ∪ {c} and b = C ∪ {¬c}: C (a ∨ b ≡ C). Both sorted by id: one merge pass, stopping at a
 *  second difference on either side (checks read summaries of up to the size bound, each disjunct
 *  compared with every other: the quadratic filter/includes this replaces was a visible share). */
function complementaryMerge(a: readonly Expr[], b: readonly Expr[]): Expr[] | null {
  if (a.length !== b.length) return null;
  let onlyA: Expr | null = null;
  let onlyB: Expr | null = null;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x !== undefined && y !== undefined && x === y) {
      i++;
      j++;
    } else if (y === undefined || (x !== undefined && x.id < y.id)) {
      if (onlyA !== null) return null;
      onlyA = x!;
      i++;
    } else {
      if (onlyB !== null) return null;
      onlyB = y;
      j++;
    }
  }
  if (onlyA === null || onlyB === null || B.notB(onlyA) !== onlyB) return null;
  return a.filter((x) => x !== onlyA);
}

/** Π over every location of a run. */
export class Summaries {
  private readonly table = new Map<string, Summary>();
  /** Turns a pending disjunct into conjuncts (set by the walk). */
  finish: Finish = () => [];

  constructor(private readonly opts: SummaryOptions) {}

  get(key: string): Summary | undefined {
    return this.table.get(key);
  }

  private at(key: string): Summary {
    let s = this.table.get(key);
    if (!s) {
      s = new Summary(this.opts, (p) => this.finish(p));
      this.table.set(key, s);
    }
    return s;
  }

  add(key: string, conjuncts: readonly Expr[]): void {
    this.at(key).add(conjuncts, this.opts);
  }

  /** Records a disjunct finished only if the location's summary is ever read. */
  addPending(key: string, p: Pending): void {
    this.at(key).addPending(p);
  }

  get locations(): number {
    return this.table.size;
  }

  /**
   * Disjuncts held, counting the pending ones as recorded (not finished: finishing every location's
   * summary just to count it cost a sixth of a Coreutils run; most are never read).
   */
  get disjuncts(): number {
    let n = 0;
    for (const s of this.table.values()) n += s.size;
    return n;
  }

  entries(): IterableIterator<[string, Summary]> {
    return this.table.entries();
  }
}
