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

/** One location's summary. */
export class Summary {
  /** Each disjunct's conjuncts, sorted by expression id, without duplicates. TRUE when one is empty. */
  disjuncts: Expr[][] = [];
  private readonly keys = new Set<string>();
  /** Bumped on every change (checks cache the substituted summary per state). */
  version = 0;

  get isTrue(): boolean {
    return this.disjuncts.length === 1 && this.disjuncts[0]!.length === 0;
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

  add(conjuncts: readonly Expr[], opts: SummaryOptions): boolean {
    if (this.isTrue) return false;
    const set = normalise(conjuncts);
    if (set === null) return false;
    if (set.length === 0) {
      this.disjuncts = [[]];
      this.keys.clear();
      this.keys.add('');
      this.version++;
      return true;
    }
    const key = keyOf(set);
    if (this.keys.has(key)) return false;
    if (!opts.simplify) {
      if (this.disjuncts.length >= opts.maxSize) return false;
      this.push(set, key);
      return true;
    }
    return this.addSimplified(set, opts);
  }

  private push(set: Expr[], key: string): void {
    this.disjuncts.push(set);
    this.keys.add(key);
    this.version++;
  }

  private remove(i: number): void {
    const [d] = this.disjuncts.splice(i, 1);
    this.keys.delete(keyOf(d!));
    this.version++;
  }

  private addSimplified(set: Expr[], opts: SummaryOptions): boolean {
    for (let depth = 0; depth < 64; depth++) {
      if (set.length === 0) {
        this.disjuncts = [[]];
        this.keys.clear();
        this.keys.add('');
        this.version++;
        return true;
      }
      // Implied by an existing disjunct (whose conjuncts are a subset of ours): nothing to add.
      if (this.disjuncts.some((d) => isSubset(d, set))) return false;
      // Existing disjuncts the new one implies are redundant.
      for (let i = this.disjuncts.length - 1; i >= 0; i--) if (isSubset(set, this.disjuncts[i]!)) this.remove(i);
      // A disjunct equal but for one complementary conjunct: merge into the common part.
      let merged: Expr[] | null = null;
      for (let i = 0; i < this.disjuncts.length; i++) {
        const common = complementaryMerge(this.disjuncts[i]!, set);
        if (common) {
          this.remove(i);
          merged = common;
          break;
        }
      }
      if (merged === null) {
        if (this.disjuncts.length >= opts.maxSize) return false;
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

/** When a = C ∪ {c} and b = C ∪ {¬c}: C (a ∨ b ≡ C). */
function complementaryMerge(a: readonly Expr[], b: readonly Expr[]): Expr[] | null {
  if (a.length !== b.length) return null;
  const onlyA = a.filter((x) => !b.includes(x));
  if (onlyA.length !== 1) return null;
  const onlyB = b.filter((x) => !a.includes(x));
  if (onlyB.length !== 1) return null;
  if (B.notB(onlyA[0]!) !== onlyB[0]!) return null;
  return a.filter((x) => x !== onlyA[0]);
}

/** Π over every location of a run. */
export class Summaries {
  private readonly table = new Map<string, Summary>();

  constructor(private readonly opts: SummaryOptions) {}

  get(key: string): Summary | undefined {
    return this.table.get(key);
  }

  add(key: string, conjuncts: readonly Expr[]): void {
    let s = this.table.get(key);
    if (!s) {
      s = new Summary();
      this.table.set(key, s);
    }
    s.add(conjuncts, this.opts);
  }

  get locations(): number {
    return this.table.size;
  }

  get disjuncts(): number {
    let n = 0;
    for (const s of this.table.values()) n += s.disjuncts.length;
    return n;
  }

  entries(): IterableIterator<[string, Summary]> {
    return this.table.entries();
  }
}
