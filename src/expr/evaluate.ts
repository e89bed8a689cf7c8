// Concrete evaluation of expressions under an assignment of bytes to symbolic arrays, and two more
// whole-DAG helpers built on the same iterative walk: the set of arrays an expression reads, and a
// bottom-up rebuild (substitution) for plugins that transform expressions.
//
// Semantics are those of the solver (eval-op.ts): an array index is its unsigned value modulo 2^32,
// reads walk the update list from the newest write, and bytes an assignment does not give (missing
// arrays, indices past the end) read as 0. A constant table's bytes past its end also read 0.

import { ArrayDecl, Expr, Kind, UpdateNode } from './expr.js';
import { applyNode } from './eval-op.js';
import { make, read, write } from './build.js';
import { postOrder, updateChain } from './walk.js';

/** Bytes per symbolic array. */
export type Assignment = ReadonlyMap<ArrayDecl, Uint8Array>;

const M32 = 0xffffffffn;
const BYTE: readonly bigint[] = Array.from({ length: 256 }, (_, i) => BigInt(i));

/**
 * Evaluates expressions under one assignment, memoising every node it evaluates (so a long-lived
 * evaluator — one per cached model in the counterexample cache — answers repeated questions about
 * shared constraints from its table).
 */
export class Evaluator {
  private readonly memo = new Map<number, bigint>();

  constructor(readonly assignment: Assignment) {}

  /** Number of memoised nodes (callers cap memory with `clear`). */
  get size(): number {
    return this.memo.size;
  }
  clear(): void {
    this.memo.clear();
  }
  /** Drops the memoised values of `ids` (nodes that read bytes the assignment has just changed). */
  forget(ids: readonly number[]): void {
    const memo = this.memo;
    for (let i = 0; i < ids.length; i++) memo.delete(ids[i]!);
  }

  value(e: Expr): bigint {
    const m = this.memo.get(e.id);
    if (m !== undefined) return m;
    const memo = this.memo;
    postOrder(
      e,
      (n) => memo.has(n.id),
      (n) => memo.set(n.id, this.node(n)),
    );
    return memo.get(e.id)!;
  }

  /** Whether a width-1 expression evaluates to true. */
  isTrue(e: Expr): boolean {
    return this.value(e) === 1n;
  }

  private node(e: Expr): bigint {
    const memo = this.memo;
    const k = e.kids;
    if (e.kind === Kind.Const) return e.value;
    const a = memo.get(k[0]!.id)!;
    if (e.kind === Kind.Read) return this.readByte(e.array!, e.updates, a);
    return applyNode(e, a, k.length > 1 ? memo.get(k[1]!.id)! : 0n, k.length > 2 ? memo.get(k[2]!.id)! : 0n);
  }

  private readByte(array: ArrayDecl, updates: UpdateNode | null, index: bigint): bigint {
    const i = index & M32;
    for (let u = updates; u; u = u.next) {
      if ((this.value(u.index) & M32) === i) return this.value(u.value);
    }
    const bytes = array.constantValues ?? this.assignment.get(array);
    if (!bytes || i >= BigInt(bytes.length)) return 0n;
    return BYTE[bytes[Number(i)]!]!;
  }
}

/** The value of `e` (unsigned, < 2^width) under `assignment`. */
export function evaluate(e: Expr, assignment: Assignment): bigint {
  if (e.kind === Kind.Const) return e.value;
  return new Evaluator(assignment).value(e);
}

// -------------------------------------------------------------------------------------------------
// Arrays read by an expression

const EMPTY: ReadonlySet<ArrayDecl> = new Set();

function isSubset(a: ReadonlySet<ArrayDecl>, b: ReadonlySet<ArrayDecl>): boolean {
  if (a.size > b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** Union that returns one of its arguments whenever it can (sets are shared between nodes). */
function union(a: ReadonlySet<ArrayDecl>, b: ReadonlySet<ArrayDecl>): ReadonlySet<ArrayDecl> {
  if (a === b || isSubset(b, a)) return a;
  if (isSubset(a, b)) return b;
  const s = new Set(a);
  for (const x of b) s.add(x);
  return s;
}

function updateArrays(u: UpdateNode | null): ReadonlySet<ArrayDecl> {
  if (!u) return EMPTY;
  if (u.arrays !== undefined) return u.arrays;
  for (const n of updateChain(u, (x) => x.arrays !== undefined)) {
    const below = n.next ? n.next.arrays! : EMPTY;
    n.arrays = union(below, union(collectArrays(n.index), collectArrays(n.value)));
  }
  return u.arrays!;
}

/**
 * The symbolic arrays `e` reads (through its reads' indices and update lists too), memoised per node.
 * Constant tables are not included. The set is shared: do not mutate it.
 */
export function collectArrays(e: Expr): ReadonlySet<ArrayDecl> {
  const m = e.arrays;
  if (m !== undefined) return m;
  postOrder(
    e,
    (n) => n.arrays !== undefined,
    (n) => {
      let s: ReadonlySet<ArrayDecl> = EMPTY;
      if (n.kind === Kind.Read) {
        const array = n.array!;
        s = array.isSymbolic ? (array.alone ??= new Set([array])) : EMPTY;
        s = union(s, updateArrays(n.updates));
      }
      for (const k of n.kids) s = union(s, k.arrays!);
      n.arrays = s;
    },
  );
  return e.arrays!;
}

// -------------------------------------------------------------------------------------------------
// Bottom-up rebuild

/**
 * Rebuilds `e` bottom-up: every node's kids (and a read's index and update list) are rebuilt first,
 * the node is reconstructed over them through the simplifying constructors, and `f(rebuilt, original)`
 * gives the result for that node. Memoised per node in `memo` (pass one map to share work across
 * several roots). `f = (n) => n` is the identity; a substitution returns its replacement for the
 * nodes it maps (`substitute`).
 */
export function rebuild(
  e: Expr,
  f: (rebuilt: Expr, original: Expr) => Expr,
  memo: Map<number, Expr> = new Map(),
  updateMemo: Map<number, UpdateNode | null> = new Map(),
): Expr {
  const rebuildUpdates = (u: UpdateNode | null): UpdateNode | null => {
    if (!u) return null;
    for (const n of updateChain(u, (x) => updateMemo.has(x.id))) {
      const below = n.next ? updateMemo.get(n.next.id)! : null;
      const index = rebuild(n.index, f, memo, updateMemo);
      const value = rebuild(n.value, f, memo, updateMemo);
      const same = below === n.next && index === n.index && value === n.value;
      updateMemo.set(n.id, same ? n : write(below, index, value));
    }
    return updateMemo.get(u.id)!;
  };
  postOrder(
    e,
    (n) => memo.has(n.id),
    (n) => {
      let r: Expr;
      if (n.kind === Kind.Const) {
        r = n;
      } else if (n.kind === Kind.Read) {
        const index = memo.get(n.kids[0]!.id)!;
        const updates = rebuildUpdates(n.updates);
        r = index === n.kids[0] && updates === n.updates ? n : read(n.array!, updates, index);
      } else {
        let changed = false;
        const kids = n.kids.map((k) => {
          const nk = memo.get(k.id)!;
          if (nk !== k) changed = true;
          return nk;
        });
        r = changed ? make(n.kind, n.width, kids, n.offset) : n;
      }
      memo.set(n.id, f(r, n));
    },
  );
  return memo.get(e.id)!;
}

/** Replaces every occurrence of a key of `map` (matched on the original nodes) by its value. */
export function substitute(e: Expr, map: ReadonlyMap<Expr, Expr>, memo?: Map<number, Expr>): Expr {
  return rebuild(e, (r, orig) => map.get(orig) ?? r, memo);
}
