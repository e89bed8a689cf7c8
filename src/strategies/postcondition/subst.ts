// Simultaneous substitution of leaves in an expression: the one operation of the backward walk
// (wp[x := e]) and of a subsumption check (a summary over program state made a formula over the checking
// state's values). A substitution maps leaf arrays to
//   - a register's new value (Reg leaves: each byte read becomes that byte of the value);
//   - a memory rewrite (Mem leaves): `writes` put below the read's own update list — array-theory
//     weakest precondition of a store, M := store(M, i, v) — or `zero`, a fresh object's contents;
//   - a boolean (Live and Shape leaves);
//   - a function giving a byte for an index (a check: the checking state's memory).
// Subexpressions without any substituted leaf are kept as they are (collectArrays, memoised per node,
// tells), so a substitution costs only the part of the expression it changes. A Substituter keeps its
// memo: the walk keeps one per event and substitution (--pse-reuse-wp), so the next path through the
// same event finds the conjuncts it shares with the previous one already rewritten.

import { ArrayDecl, Expr, Kind, type UpdateNode } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import { collectArrays } from '../../expr/evaluate.js';
import { postOrder } from '../../expr/walk.js';
import { wordOf } from './leaves.js';

export interface MemWrite {
  /** 32-bit offset into the region. */
  readonly index: Expr;
  /** One byte. */
  readonly value: Expr;
}

export type Rewrite =
  | { readonly kind: 'value'; readonly value: Expr }
  | { readonly kind: 'writes'; readonly writes: readonly MemWrite[] }
  | { readonly kind: 'zero'; readonly array: ArrayDecl }
  | { readonly kind: 'bool'; readonly value: Expr }
  | { readonly kind: 'memory'; readonly byte: (index: Expr) => Expr };

export type Subst = Map<ArrayDecl, Rewrite>;

/** Thrown by a rewrite that cannot give a value (a check: the leaf has no counterpart in the state). */
export class Unresolvable extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'Unresolvable';
  }
}

/** Byte `i` (0 = least significant) of `v`, zero beyond its width. */
export function byteOf(v: Expr, i: number): Expr {
  const lo = 8 * i;
  if (lo >= v.width) return B.constant(8, 0);
  if (lo + 8 <= v.width) return B.extract(v, lo, 8);
  return B.zext(B.extract(v, lo, v.width - lo), 8);
}

/** Whether `e` reads one of `keys`. */
export function touches(e: Expr, keys: readonly ArrayDecl[]): boolean {
  if (e.kind === Kind.Const) return false;
  const arrs = collectArrays(e);
  if (arrs.size === 0) return false;
  for (let i = 0; i < keys.length; i++) if (arrs.has(keys[i]!)) return true;
  return false;
}

/** One substitution with its memo. */
export class Substituter {
  private readonly keys: ArrayDecl[];
  private readonly exprs = new Map<number, Expr>();
  private readonly updates = new Map<number, UpdateNode | null>();

  constructor(private readonly sigma: Subst) {
    this.keys = [...sigma.keys()];
    // A register or boolean leaf mostly appears whole — its canonical word, the little-endian concat of
    // its bytes (leaves.ts wordOf) — and its value replaces that word: seeded here, so a rewrite stops at
    // the word instead of visiting each byte read, cutting the value into bytes (extracts) and gluing
    // them back (concats, fused by the simplifier into the value again): up to 14 nodes built, and kept
    // by the hash-consing, per 64-bit register a conjunct mentions.
    for (const [a, rw] of sigma) {
      if (rw.kind === 'value' && Math.ceil(rw.value.width / 8) === a.size) this.seed(wordOf(a, rw.value.width, a.size), rw.value);
      else if (rw.kind === 'bool' && a.size === 1) this.seed(wordOf(a, 1, 1), rw.value);
    }
  }

  private seed(word: Expr, value: Expr): void {
    this.exprs.set(word.id, value);
  }

  /** The substituted leaf arrays. */
  get leaves(): readonly ArrayDecl[] {
    return this.keys;
  }

  private introducedArrays: ReadonlySet<ArrayDecl> | null | undefined = undefined;

  /**
   * The arrays a rewrite can bring into an expression (those its values read), or null when not known
   * (a check's state memory). A rewritten expression reads only its own arrays, these and the
   * substituted leaves (the builders never invent arrays): WpState re-indexes a rewritten conjunct
   * from these few instead of comparing its whole array sets.
   */
  get introduced(): ReadonlySet<ArrayDecl> | null {
    if (this.introducedArrays !== undefined) return this.introducedArrays;
    const out = new Set<ArrayDecl>();
    const addOf = (e: Expr): void => {
      if (e.kind !== Kind.Const) for (const a of collectArrays(e)) out.add(a);
    };
    for (const rw of this.sigma.values()) {
      switch (rw.kind) {
        case 'value':
        case 'bool':
          addOf(rw.value);
          break;
        case 'writes':
          for (const w of rw.writes) {
            addOf(w.index);
            addOf(w.value);
          }
          break;
        case 'zero':
          out.add(rw.array);
          break;
        case 'memory':
          return (this.introducedArrays = null);
      }
    }
    return (this.introducedArrays = out);
  }

  /** Memo entries (for SubstMemo's bound). */
  get size(): number {
    let n = this.exprs.size + this.updates.size;
    for (const m of this.rebased.values()) n += m.size;
    return n;
  }

  // Whether `n` needs no visit: it reads no substituted leaf (a field load and a set lookup or two: most
  // kids of a rewritten node) or it was rewritten already (a lookup in the memo, which grows large).
  private readonly done = (n: Expr): boolean => !touches(n, this.keys) || this.exprs.has(n.id);
  private readonly visitNode = (n: Expr): void => this.visit(n);

  private get(k: Expr): Expr {
    return this.exprs.get(k.id) ?? k;
  }

  /** `e` with the leaves replaced. */
  apply(e: Expr): Expr {
    if (this.done(e)) return this.get(e);
    postOrder(e, this.done, this.visitNode);
    return this.get(e);
  }

  /** apply(e) for an `e` known to read a substituted leaf (the walk's conjuncts: it counted them). */
  applyTouching(e: Expr): Expr {
    const m = this.exprs.get(e.id);
    if (m !== undefined) return m;
    postOrder(e, this.done, this.visitNode);
    return this.get(e);
  }

  private subUpdates(u: UpdateNode | null): UpdateNode | null {
    if (u === null) return null;
    const memo = this.updates;
    const cached = memo.get(u.id);
    if (cached !== undefined) return cached;
    // Iteratively, oldest first (lists can be long).
    const chain: UpdateNode[] = [];
    for (let x: UpdateNode | null = u; x && !memo.has(x.id); x = x.next) chain.push(x);
    for (let i = chain.length - 1; i >= 0; i--) {
      const n = chain[i]!;
      const below = n.next ? memo.get(n.next.id)! : null;
      const index = this.apply(n.index);
      const value = this.apply(n.value);
      const same = below === n.next && index === n.index && value === n.value;
      memo.set(n.id, same ? n : B.write(below, index, value));
    }
    return memo.get(u.id)!;
  }

  /**
   * Per substituted Mem leaf: the store's writes as an update list (`null` key) and, by update-node id,
   * each list the leaf's reads carried, rebased onto those writes. A store's WP puts its writes *below*
   * a read's own list (they happened before), so every node of that list is rebuilt; the reads of one
   * object mostly share their lists (the bytes of one load, the loads of one location, the longer lists
   * of later stores growing out of shorter ones), so each node is rebuilt once per substitution instead
   * of once per read that carries it — Coreutils' stores spent most of their step rebuilding the same
   * lists (4.5 M writes for 47,000 reads on basename).
   */
  private readonly rebased = new Map<ArrayDecl, Map<number, UpdateNode | null>>();
  /** Update-list nodes built by `rebase` (the store's writes included): what the memo saves shows here. */
  listWrites = 0;

  /** `updates` (a list over the leaf `array`) with `writes` put below it: B.write, oldest first. */
  private rebase(array: ArrayDecl, writes: readonly MemWrite[], updates: UpdateNode | null): UpdateNode | null {
    let memo = this.rebased.get(array);
    if (memo === undefined) {
      let base: UpdateNode | null = null;
      for (const w of writes) base = B.write(base, w.index, w.value);
      this.listWrites += writes.length;
      this.rebased.set(array, (memo = new Map([[-1, base]])));
    }
    const key = updates === null ? -1 : updates.id;
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    // Iteratively, oldest first (lists can be long): the part of the list not rebased yet.
    const chain: UpdateNode[] = [];
    let x: UpdateNode | null = updates;
    for (; x !== null && !memo.has(x.id); x = x.next) chain.push(x);
    let base = memo.get(x === null ? -1 : x.id)!;
    for (let i = chain.length - 1; i >= 0; i--) {
      const n = chain[i]!;
      base = B.write(base, n.index, n.value);
      memo.set(n.id, base);
      this.listWrites++;
    }
    return base;
  }

  private visit(n: Expr): void {
    let r: Expr;
    if (n.kind === Kind.Const) r = n;
    else if (n.kind === Kind.Read) r = this.read(n);
    else {
      // The new kids only when one changed (an array per visited node otherwise).
      const old = n.kids;
      let kids: Expr[] | null = null;
      for (let i = 0; i < old.length; i++) {
        const k = old[i]!;
        const nk = this.exprs.get(k.id) ?? k;
        if (nk !== k && kids === null) kids = old.slice(0, i);
        if (kids !== null) kids.push(nk);
      }
      r = kids !== null ? B.make(n.kind, n.width, kids, n.offset) : n;
    }
    this.exprs.set(n.id, r);
  }

  private read(n: Expr): Expr {
    const array = n.array!;
    const index = this.get(n.kids[0]!);
    const updates = this.subUpdates(n.updates);
    const rw = this.sigma.get(array);
    if (rw === undefined) return index === n.kids[0] && updates === n.updates ? n : B.read(array, updates, index);
    switch (rw.kind) {
      case 'value':
      case 'bool': {
        if (!index.isConst) throw new Error('register leaf read at a symbolic index');
        const v = rw.kind === 'bool' ? B.zext(rw.value, 8) : rw.value;
        return byteOf(v, Number(index.value));
      }
      case 'writes':
        return B.read(array, this.rebase(array, rw.writes, updates), index);
      case 'zero':
        return B.read(rw.array, updates, index);
      case 'memory':
        // The checking state's bytes under the suffix's own writes (read-over-write spelt out).
        return overWrites(updates, index, rw.byte);
    }
  }
}

/** `e` with the leaves of `sigma` replaced (a one-off substitution). */
export function substitute(e: Expr, sigma: Subst, s: Substituter = new Substituter(sigma)): Expr {
  return s.apply(e);
}

/** A read at `index` through `updates` (newest first) over a base given byte by byte. */
function overWrites(updates: UpdateNode | null, index: Expr, byte: (index: Expr) => Expr): Expr {
  const chain: UpdateNode[] = [];
  for (let x = updates; x; x = x.next) chain.push(x);
  let r: Expr | null = null;
  // Newest first: the first provably equal index answers; unknown ones become if-then-else.
  const pending: UpdateNode[] = [];
  for (const u of chain) {
    const rel = index.isConst && u.index.isConst ? (((index.value ^ u.index.value) & 0xffffffffn) === 0n ? 'equal' : 'distinct') : u.index === index ? 'equal' : 'unknown';
    if (rel === 'distinct') continue;
    if (rel === 'equal') {
      r = u.value;
      break;
    }
    pending.push(u);
  }
  if (r === null) r = byte(index);
  for (let i = pending.length - 1; i >= 0; i--) {
    const u = pending[i]!;
    r = B.select(B.eq(B.extract(u.index, 0, 32), B.extract(index, 0, 32)), u.value, r);
  }
  return r;
}
