// Which bytes of which symbolic arrays an expression depends on, memoised per node: the unit of KLEE's
// constraint independence (IndependentElementSet). A read at a constant index depends on one byte; a
// read at a symbolic index on the whole array. A parser branching on input characters thus produces
// constraints over distinct bytes of one array, which the independence layer solves separately.
//
// Bytes are "atoms": key * 2^32 + index, where `key` numbers the *symbolic* arrays densely (exact
// doubles for fewer than 2^21 of them; ArrayDecl ids also count the engine's many constant tables,
// so they are not used). An array with more
// than BYTE_LIMIT distinct bytes in one footprint is counted as whole — a sound over-approximation
// that keeps footprints of long loops (a checksum over 4 KB) from growing quadratically.

import { ArrayDecl, Expr, Kind, UpdateNode } from './expr.js';
import { postOrder, updateChain } from './walk.js';

export interface Footprint {
  /** Byte atoms (arrayKey * 2^32 + index), sorted ascending; none of an array listed in `whole`. */
  readonly bytes: readonly number[];
  /** Keys of arrays every byte of which may matter, sorted ascending. */
  readonly whole: readonly number[];
}

export const ATOM_SPAN = 2 ** 32;
const BYTE_LIMIT = 64;
const M32 = 0xffffffffn;

export const EMPTY_FOOTPRINT: Footprint = { bytes: [], whole: [] };

const keys = new WeakMap<ArrayDecl, number>();
const arrays: ArrayDecl[] = [];
const memo = new Map<number, Footprint>();
const updateMemo = new Map<number, Footprint>();

/** The dense key of a symbolic array (assigned on first use). */
export function arrayKey(a: ArrayDecl): number {
  let k = keys.get(a);
  if (k === undefined) {
    k = arrays.length;
    if (k >= 2 ** 21) throw new Error('footprint: more than 2^21 symbolic arrays');
    arrays.push(a);
    keys.set(a, k);
  }
  return k;
}

/** The symbolic array of a key. */
export function arrayOfKey(key: number): ArrayDecl {
  return arrays[key]!;
}

/** The atom of byte `index` of a symbolic array. */
export function atomOf(a: ArrayDecl, index: number): number {
  return arrayKey(a) * ATOM_SPAN + index;
}

export function atomArray(atom: number): number {
  return Math.floor(atom / ATOM_SPAN);
}
export function atomIndex(atom: number): number {
  return atom % ATOM_SPAN;
}

/** Sorted union; returns `a` or `b` itself when one contains the other. */
function mergeSorted(a: readonly number[], b: readonly number[]): readonly number[] {
  if (b.length === 0 || a === b) return a;
  if (a.length === 0) return b;
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) {
      out.push(x);
      i++;
    } else {
      out.push(y);
      j++;
    }
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  if (out.length === a.length) return a;
  if (out.length === b.length) return b;
  return out;
}

/** Drops bytes of whole arrays and turns arrays with too many bytes into whole arrays. */
function normalise(bytes: readonly number[], whole: readonly number[]): Footprint {
  if (bytes.length > BYTE_LIMIT) {
    const extra: number[] = [];
    let i = 0;
    while (i < bytes.length) {
      const arr = atomArray(bytes[i]!);
      let j = i;
      while (j < bytes.length && atomArray(bytes[j]!) === arr) j++;
      if (j - i > BYTE_LIMIT) extra.push(arr);
      i = j;
    }
    if (extra.length > 0) whole = mergeSorted(whole, extra);
  }
  if (whole.length > 0 && bytes.length > 0) {
    const w = new Set(whole);
    const kept = bytes.filter((a) => !w.has(atomArray(a)));
    if (kept.length !== bytes.length) bytes = kept;
  }
  return { bytes, whole };
}

export function unionFootprints(a: Footprint, b: Footprint): Footprint {
  if (a === b || (b.bytes.length === 0 && b.whole.length === 0)) return a;
  if (a.bytes.length === 0 && a.whole.length === 0) return b;
  const whole = mergeSorted(a.whole, b.whole);
  const bytes = mergeSorted(a.bytes, b.bytes);
  if (whole === a.whole && bytes === a.bytes) return a;
  if (whole === b.whole && bytes === b.bytes) return b;
  return normalise(bytes, whole);
}

function updatesFootprint(u: UpdateNode | null): Footprint {
  if (!u) return EMPTY_FOOTPRINT;
  for (const n of updateChain(u, (x) => updateMemo.has(x.id))) {
    const below = n.next ? updateMemo.get(n.next.id)! : EMPTY_FOOTPRINT;
    updateMemo.set(n.id, unionFootprints(below, unionFootprints(footprint(n.index), footprint(n.value))));
  }
  return updateMemo.get(u.id)!;
}

function readFootprint(e: Expr): Footprint {
  const array = e.array!;
  const index = e.kids[0]!;
  let own = EMPTY_FOOTPRINT;
  if (array.isSymbolic) {
    const key = arrayKey(array);
    own = index.isConst
      ? { bytes: [key * ATOM_SPAN + Number(index.value & M32)], whole: [] }
      : { bytes: [], whole: [key] };
  }
  return unionFootprints(unionFootprints(own, memo.get(index.id)!), updatesFootprint(e.updates));
}

/** The bytes `e` depends on (memoised per node; shared, do not mutate). */
export function footprint(e: Expr): Footprint {
  const m = memo.get(e.id);
  if (m) return m;
  postOrder(
    e,
    (n) => memo.has(n.id),
    (n) => {
      let f = EMPTY_FOOTPRINT;
      if (n.kind === Kind.Read) f = readFootprint(n);
      else for (const k of n.kids) f = unionFootprints(f, memo.get(k.id)!);
      memo.set(n.id, f);
    },
  );
  return memo.get(e.id)!;
}
