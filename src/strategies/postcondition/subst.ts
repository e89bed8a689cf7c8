// Simultaneous substitution of leaves in an expression: the one operation of the backward walk
// (wp[x := e]) and of a subsumption check (a summary over program state made a formula over the checking
// state's values). A substitution maps leaf arrays to
//   - a register's new value (Reg leaves: each byte read becomes that byte of the value);
//   - a memory rewrite (Mem leaves): `writes` put below the read's own update list — array-theory
//     weakest precondition of a store, M := store(M, i, v) — or `zero`, a fresh object's contents;
//   - a boolean (Live and Shape leaves);
//   - a function giving a byte for an index (a check: the checking state's memory).
// Subexpressions without any substituted leaf are kept as they are (collectArrays, memoised per node,
// tells), so a substitution costs only the part of the expression it changes.

import { ArrayDecl, Expr, Kind, type UpdateNode } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import { collectArrays } from '../../expr/evaluate.js';
import { postOrder } from '../../expr/walk.js';

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
  for (const k of keys) if (arrs.has(k)) return true;
  return false;
}

/** Memo tables of one substitution (reused across paths for --pse-reuse-wp). */
export interface SubstMemo {
  exprs: Map<number, Expr>;
  updates: Map<number, UpdateNode | null>;
}

export function newMemo(): SubstMemo {
  return { exprs: new Map(), updates: new Map() };
}

/** `e` with the leaves of `sigma` replaced. */
export function substitute(e: Expr, sigma: Subst, memo: SubstMemo = newMemo()): Expr {
  const keys = [...sigma.keys()];
  if (!touches(e, keys)) return e;
  const M = memo.exprs;
  const get = (k: Expr): Expr => M.get(k.id) ?? k;
  const done = (n: Expr): boolean => M.has(n.id) || !touches(n, keys);

  const subUpdates = (u: UpdateNode | null): UpdateNode | null => {
    if (u === null) return null;
    const cached = memo.updates.get(u.id);
    if (cached !== undefined) return cached;
    // Iteratively, oldest first (lists can be long).
    const chain: UpdateNode[] = [];
    for (let x: UpdateNode | null = u; x && !memo.updates.has(x.id); x = x.next) chain.push(x);
    for (let i = chain.length - 1; i >= 0; i--) {
      const n = chain[i]!;
      const below = n.next ? memo.updates.get(n.next.id)! : null;
      const index = sub(n.index);
      const value = sub(n.value);
      const same = below === n.next && index === n.index && value === n.value;
      memo.updates.set(n.id, same ? n : B.write(below, index, value));
    }
    return memo.updates.get(u.id)!;
  };

  const visit = (n: Expr): void => {
    let r: Expr;
    switch (n.kind) {
      case Kind.Const:
        r = n;
        break;
      case Kind.Read: {
        const array = n.array!;
        const index = get(n.kids[0]!);
        const updates = subUpdates(n.updates);
        const rw = sigma.get(array);
        if (rw === undefined) {
          r = index === n.kids[0] && updates === n.updates ? n : B.read(array, updates, index);
          break;
        }
        switch (rw.kind) {
          case 'value':
          case 'bool': {
            if (!index.isConst) throw new Error('register leaf read at a symbolic index');
            const v = rw.kind === 'bool' ? B.zext(rw.value, 8) : rw.value;
            r = byteOf(v, Number(index.value));
            break;
          }
          case 'writes': {
            let base: UpdateNode | null = null;
            for (const w of rw.writes) base = B.write(base, w.index, w.value);
            const chain: UpdateNode[] = [];
            for (let x = updates; x; x = x.next) chain.push(x);
            for (let i = chain.length - 1; i >= 0; i--) base = B.write(base, chain[i]!.index, chain[i]!.value);
            r = B.read(array, base, index);
            break;
          }
          case 'zero':
            r = B.read(rw.array, updates, index);
            break;
          case 'memory': {
            // The checking state's bytes under the suffix's own writes (read-over-write spelt out).
            r = overWrites(updates, index, rw.byte);
            break;
          }
        }
        break;
      }
      default: {
        let changed = false;
        const kids = n.kids.map((k) => {
          const nk = get(k);
          if (nk !== k) changed = true;
          return nk;
        });
        r = changed ? B.make(n.kind, n.width, kids, n.offset) : n;
      }
    }
    M.set(n.id, r);
  };
  const sub = (x: Expr): Expr => {
    if (done(x)) return get(x);
    postOrder(x, done, visit);
    return get(x);
  };
  return sub(e);
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
