// Constraint independence (KLEE's IndependentSolver): a query keeps only the constraints that share
// symbolic bytes with its expression, transitively. Constraints are grouped by a union-find over
// "atoms" (bytes of arrays read at constant indices; whole arrays read at symbolic indices, see
// expr/footprint.ts). The partition is built incrementally and cached per constraints array: a
// path condition that only grew since the last query costs one union per new constraint, not a
// pass over all of them.
//
// A query that also wants a model (getValue, getInitialValues) is split: the expression's group
// answers sat/unsat, every other group holding requested bytes is solved on its own, and the model is
// stitched from the bytes each group owns (bytes no constraint mentions stay 0).

import { ArrayDecl, Expr, Kind } from '../expr/expr.js';
import { TRUE } from '../expr/build.js';
import { ATOM_SPAN, arrayKey, atomArray, footprint, type Footprint } from '../expr/footprint.js';
import type { ChainCounters, CheckResult, CoreSolver, Query } from './core.js';

/** A group of constraints connected through shared atoms. */
interface Component {
  constraints: Expr[];
  /** Sorted constraints and their key, computed on demand and reset when the group changes. */
  sorted?: Expr[];
  key?: string;
}

/** The atom standing for every byte of an array (array keys are footprint.ts's dense keys). */
const wholeAtom = (arrayKey: number): number => -(arrayKey + 1);

export class Partition {
  /** The constraints covered so far, in order (to validate reuse for a grown array). */
  covered: Expr[] = [];
  private parent = new Map<number, number>();
  private comps = new Map<number, Component>();
  /** Byte atoms seen per array not (yet) used whole. */
  private arrayBytes = new Map<number, number[]>();
  private wholeArrays = new Set<number>();
  /** Constant constraints (FALSE makes every query unsat). */
  hasFalse = false;

  /** An independent copy (for a forked path condition that starts with this one's constraints). */
  clone(): Partition {
    const p = new Partition();
    p.covered = this.covered.slice();
    p.parent = new Map(this.parent);
    for (const [r, c] of this.comps) p.comps.set(r, { constraints: c.constraints.slice(), sorted: c.sorted, key: c.key });
    for (const [a, list] of this.arrayBytes) p.arrayBytes.set(a, list.slice());
    p.wholeArrays = new Set(this.wholeArrays);
    p.hasFalse = this.hasFalse;
    return p;
  }

  add(c: Expr): void {
    this.covered.push(c);
    if (c.kind === Kind.Const) {
      if (c.value === 0n) this.hasFalse = true;
      return;
    }
    const fp = footprint(c);
    let root: number | undefined;
    for (const arr of fp.whole) {
      this.makeWhole(arr);
      const atom = wholeAtom(arr);
      root = root === undefined ? this.find(atom) : this.union(root, atom);
    }
    for (const b of fp.bytes) {
      const atom = this.atomFor(b);
      root = root === undefined ? this.find(atom) : this.union(root, atom);
    }
    if (root === undefined) return; // unreachable: a non-constant constraint reads some array
    const comp = this.component(root);
    comp.constraints.push(c);
    comp.sorted = undefined;
    comp.key = undefined;
  }

  private atomFor(byteAtom: number): number {
    const arr = atomArray(byteAtom);
    if (this.wholeArrays.has(arr)) return wholeAtom(arr);
    if (!this.parent.has(byteAtom)) {
      this.parent.set(byteAtom, byteAtom);
      let list = this.arrayBytes.get(arr);
      if (!list) this.arrayBytes.set(arr, (list = []));
      list.push(byteAtom);
    }
    return byteAtom;
  }

  private makeWhole(arr: number): void {
    if (this.wholeArrays.has(arr)) return;
    this.wholeArrays.add(arr);
    const w = wholeAtom(arr);
    this.parent.set(w, w);
    for (const b of this.arrayBytes.get(arr) ?? []) this.union(w, b);
    this.arrayBytes.delete(arr);
  }

  find(a: number): number {
    let x = a;
    for (;;) {
      const p = this.parent.get(x);
      if (p === undefined || p === x) return x;
      const gp: number = this.parent.get(p)!;
      this.parent.set(x, gp); // path halving
      x = gp;
    }
  }

  private component(root: number): Component {
    let c = this.comps.get(root);
    if (!c) this.comps.set(root, (c = { constraints: [] }));
    return c;
  }

  /** Unites the groups of a and b; returns the new root. */
  private union(a: number, b: number): number {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return ra;
    const ca = this.comps.get(ra);
    const cb = this.comps.get(rb);
    if ((ca?.constraints.length ?? 0) < (cb?.constraints.length ?? 0)) [ra, rb] = [rb, ra];
    this.parent.set(rb, ra);
    const small = this.comps.get(rb);
    if (small) {
      const big = this.component(ra);
      for (const c of small.constraints) big.constraints.push(c);
      big.sorted = undefined;
      big.key = undefined;
      this.comps.delete(rb);
    }
    return ra;
  }

  /** Roots of the groups touching `fp` (a whole array touches every group holding one of its bytes). */
  rootsOf(fp: Footprint, into: Set<number> = new Set()): Set<number> {
    for (const arr of fp.whole) {
      if (this.wholeArrays.has(arr)) into.add(this.find(wholeAtom(arr)));
      else for (const b of this.arrayBytes.get(arr) ?? []) into.add(this.find(b));
    }
    for (const b of fp.bytes) {
      const arr = atomArray(b);
      if (this.wholeArrays.has(arr)) into.add(this.find(wholeAtom(arr)));
      else if (this.parent.has(b)) into.add(this.find(b));
    }
    return into;
  }

  /** The group owning a byte, or undefined when no constraint mentions it. */
  ownerOf(key: number, index: number): number | undefined {
    if (this.wholeArrays.has(key)) return this.find(wholeAtom(key));
    const atom = key * ATOM_SPAN + index;
    return this.parent.has(atom) ? this.find(atom) : undefined;
  }

  /** The constraints of the groups `roots`, sorted by id, and their canonical key. */
  select(roots: Iterable<number>): { constraints: Expr[]; key: string } {
    const parts: Component[] = [];
    for (const r of roots) {
      const c = this.comps.get(r);
      if (c && c.constraints.length > 0) parts.push(c);
    }
    for (const c of parts) {
      if (!c.sorted) {
        c.sorted = c.constraints.slice().sort((x, y) => x.id - y.id);
        c.key = c.sorted.map((x) => x.id).join(',');
      }
    }
    if (parts.length === 1) return { constraints: parts[0]!.sorted!, key: parts[0]!.key! };
    parts.sort((x, y) => x.sorted![0]!.id - y.sorted![0]!.id);
    return { constraints: parts.flatMap((c) => c.sorted!), key: parts.map((c) => c.key).join(';') };
  }
}

function isPrefix(prefix: readonly Expr[], of: readonly Expr[]): boolean {
  if (prefix.length > of.length) return false;
  for (let i = prefix.length - 1; i >= 0; i--) if (prefix[i] !== of[i]) return false;
  return true;
}

export class Independence implements CoreSolver {
  private readonly cache = new WeakMap<readonly Expr[], Partition>();

  constructor(
    private readonly inner: CoreSolver,
    private readonly counters: ChainCounters,
  ) {}

  /** Partitions used last, to start a new array (a forked path condition) from its parent's. */
  private readonly recent: Partition[] = [];

  /**
   * The partition of `constraints`: the one cached for this array, extended when the array only
   * grew; else a copy of a recent partition whose constraints are a prefix of these (a fork copies
   * its parent's array), extended; else built afresh.
   */
  partitionOf(constraints: readonly Expr[]): Partition {
    let p = this.cache.get(constraints);
    if (p && !isPrefix(p.covered, constraints)) p = undefined;
    if (!p) {
      let best: Partition | undefined;
      for (const r of this.recent) {
        if (r.covered.length > (best?.covered.length ?? 0) && isPrefix(r.covered, constraints)) best = r;
      }
      p = best ? best.clone() : new Partition();
      this.cache.set(constraints, p);
    }
    for (let i = p.covered.length; i < constraints.length; i++) p.add(constraints[i]!);
    const at = this.recent.indexOf(p);
    if (at !== 0) {
      if (at > 0) this.recent.splice(at, 1);
      this.recent.unshift(p);
      if (this.recent.length > 4) this.recent.pop();
    }
    return p;
  }

  async check(q: Query): Promise<CheckResult> {
    const p = this.partitionOf(q.constraints);
    if (p.hasFalse) return { status: 'unsat' };
    const exprFp = footprint(q.expr);
    const exprRoots = p.rootsOf(exprFp);
    const hasReads = q.reads !== undefined && q.reads.size > 0;
    if (!hasReads) {
      if (exprRoots.size === 0 && q.expr.kind === Kind.Const) {
        this.counters.independenceTrivial++;
        return { status: q.expr.value ? 'sat' : 'unsat' };
      }
      const { constraints, key } = p.select(exprRoots);
      this.counters.subQueries++;
      return this.inner.check({ constraints, expr: q.expr, key });
    }
    return this.checkWithModel(q, p, exprFp, exprRoots);
  }

  private async checkWithModel(q: Query, p: Partition, exprFp: Footprint, exprRoots: Set<number>): Promise<CheckResult> {
    // Group the requested bytes by owner: the expression's groups (or the expression itself for
    // bytes no constraint mentions but the expression reads), another group, or nobody.
    const MAIN = -Infinity;
    const exprBytes = new Set(exprFp.bytes);
    const exprWhole = new Set(exprFp.whole);
    const wanted = new Map<number, Map<ArrayDecl, number[]>>();
    for (const [array, r] of q.reads!) {
      if (!array.isSymbolic) continue;
      const key = arrayKey(array);
      const n = r === 'all' ? array.size : r.length;
      for (let j = 0; j < n; j++) {
        const i = r === 'all' ? j : r[j]!;
        let owner = p.ownerOf(key, i);
        if (owner === undefined || exprRoots.has(owner)) {
          if (owner === undefined && !exprWhole.has(key) && !exprBytes.has(key * ATOM_SPAN + i)) continue;
          owner = MAIN;
        }
        let m = wanted.get(owner);
        if (!m) wanted.set(owner, (m = new Map()));
        let list = m.get(array);
        if (!list) m.set(array, (list = []));
        list.push(i);
      }
    }
    const model = new Map<ArrayDecl, Uint8Array>();
    const solve = async (roots: Iterable<number>, expr: Expr, reads: Map<ArrayDecl, number[]> | undefined): Promise<CheckResult> => {
      const { constraints, key } = p.select(roots);
      if (constraints.length === 0 && expr.kind === Kind.Const && !reads) {
        this.counters.independenceTrivial++;
        return { status: expr.value ? 'sat' : 'unsat' };
      }
      this.counters.subQueries++;
      const r = await this.inner.check({ constraints, expr, key, reads });
      if (r.status === 'sat' && reads) {
        for (const [array, indices] of reads) {
          const src = r.model?.get(array);
          let dst = model.get(array);
          if (!dst) model.set(array, (dst = new Uint8Array(array.size)));
          if (src) for (const i of indices) dst[i] = src[i] ?? 0;
        }
      }
      return r;
    };
    // The expression's part first: its answer is the query's answer.
    const main = await solve(exprRoots, q.expr, wanted.get(MAIN));
    if (main.status !== 'sat') return main;
    let unknown: CheckResult | undefined;
    for (const [owner, reads] of wanted) {
      if (owner === MAIN) continue;
      const r = await solve([owner], TRUE, reads);
      if (r.status === 'unsat') return r; // the path condition itself is unsatisfiable
      if (r.status === 'unknown') unknown ??= r;
    }
    if (unknown) return unknown;
    return { status: 'sat', model };
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
