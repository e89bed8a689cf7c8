// The simplifier's rule sets, called from the constructors in build.ts. Each rule receives operands
// that are already simplified (and, for commutative operators, ordered: a constant first) and returns
// a rewritten expression or `undefined` to let the constructor intern the node as is. Every rule
// preserves the value exactly for every assignment (test/expr checks this against a reference
// interpreter and, through Z3, for all inputs).
//
// Rules aim at the shapes C programs produce: sign/zero extensions of chars compared with constants,
// byte-wise loads and stores (concat/extract), masks and shifts by constants, ite of comparisons.
// Canonical forms make equal questions hash to the same node (caches hit):
//  - comparisons against a constant use Ult/Slt (x <= 9 is x < 10), negated comparisons flip
//    (!(a < b) is b <= a), extremes fold (x < 1 is x == 0, 0 < x is x != 0);
//  - shifts by a constant become extract/concat/zext/sext, and with a contiguous mask becomes
//    extract + zero padding, so bytes of words are visible to the byte-level independence analysis;
//  - concat chains lean right with adjacent extracts and constants fused.

import { ArrayDecl, Expr, Kind, UpdateNode, internConst, internRead, mask, toSigned } from './expr.js';
import * as B from './build.js';

const M32 = 0xffffffffn;

/** Constants, extensions, concats and extracts narrow to their low bits without growing the DAG. */
function narrowsCheaply(x: Expr): boolean {
  const k = x.kind;
  return k === Kind.Const || k === Kind.ZExt || k === Kind.SExt || k === Kind.Concat || k === Kind.Extract;
}

// -------------------------------------------------------------------------------------------------
// Width changes

/** extract(e, off, w) with e non-constant and not the whole of e. */
export function extractRule(e: Expr, off: number, w: number): Expr | undefined {
  const k0 = e.kids[0]!;
  switch (e.kind) {
    case Kind.Extract:
      return B.extract(k0, e.offset + off, w);
    case Kind.Concat: {
      const lo = e.kids[1]!;
      if (off + w <= lo.width) return B.extract(lo, off, w);
      if (off >= lo.width) return B.extract(k0, off - lo.width, w);
      return B.concat(B.extract(k0, 0, off + w - lo.width), B.extract(lo, off, lo.width - off));
    }
    case Kind.ZExt: {
      const xw = k0.width;
      if (off + w <= xw) return B.extract(k0, off, w);
      if (off >= xw) return B.constant(w, 0);
      return B.zext(B.extract(k0, off, xw - off), w);
    }
    case Kind.SExt: {
      const xw = k0.width;
      if (off + w <= xw) return B.extract(k0, off, w);
      if (off >= xw - 1) return B.sext(B.extract(k0, xw - 1, 1), w); // only copies of the sign bit
      return B.sext(B.extract(k0, off, xw - off), w);
    }
    case Kind.Not:
      return B.not(B.extract(k0, off, w));
    case Kind.And:
    case Kind.Or:
    case Kind.Xor: {
      const k1 = e.kids[1]!;
      if (!k0.isConst && !(narrowsCheaply(k0) && narrowsCheaply(k1))) return undefined;
      const a = B.extract(k0, off, w);
      const b = B.extract(k1, off, w);
      return e.kind === Kind.And ? B.and(a, b) : e.kind === Kind.Or ? B.or(a, b) : B.xor(a, b);
    }
    case Kind.Add:
    case Kind.Sub:
    case Kind.Mul: {
      // The low bits of a sum or product depend only on the low bits of the operands.
      const k1 = e.kids[1]!;
      if (off !== 0 || !narrowsCheaply(k0) || !narrowsCheaply(k1)) return undefined;
      const a = B.extract(k0, 0, w);
      const b = B.extract(k1, 0, w);
      return e.kind === Kind.Add ? B.add(a, b) : e.kind === Kind.Sub ? B.sub(a, b) : B.mul(a, b);
    }
    case Kind.Select: {
      const t = e.kids[1]!;
      const f = e.kids[2]!;
      if (t.isConst && f.isConst) return B.select(k0, B.extract(t, off, w), B.extract(f, off, w));
      return undefined;
    }
  }
  return undefined;
}

/** Two adjacent pieces (hi above lo) that fuse into one node, or undefined. */
function fuse(hi: Expr, lo: Expr): Expr | undefined {
  if (hi.isConst && lo.isConst) return B.constant(hi.width + lo.width, (hi.value << BigInt(lo.width)) | lo.value);
  if (hi.kind === Kind.Extract && lo.kind === Kind.Extract && hi.kids[0] === lo.kids[0] && hi.offset === lo.offset + lo.width) {
    return B.extract(hi.kids[0]!, lo.offset, hi.width + lo.width);
  }
  return undefined;
}

/** concat(hi, lo), not both constant. */
export function concatRule(hi: Expr, lo: Expr): Expr | undefined {
  if (hi.isConst && hi.value === 0n) return B.zext(lo, hi.width + lo.width);
  // Right-leaning chains: concat(concat(a, b), c) -> concat(a, concat(b, c)).
  if (hi.kind === Kind.Concat) return B.concat(hi.kids[0]!, B.concat(hi.kids[1]!, lo));
  const f = fuse(hi, lo);
  if (f) return f;
  if (lo.kind === Kind.Concat) {
    const f2 = fuse(hi, lo.kids[0]!);
    if (f2) return B.concat(f2, lo.kids[1]!);
  }
  return undefined;
}

// -------------------------------------------------------------------------------------------------
// Bitwise and shifts

/** and(c, x) with c a constant (not 0, not all ones) whose one bits are contiguous: extract + zeros. */
export function maskRule(c: bigint, x: Expr): Expr | undefined {
  const w = x.width;
  let lo = 0;
  while (((c >> BigInt(lo)) & 1n) === 0n) lo++;
  const run = c >> BigInt(lo);
  if ((run & (run + 1n)) !== 0n) return undefined; // not 0b0..01..1
  const n = run.toString(2).length;
  let r = B.extract(x, lo, n);
  if (lo > 0) r = B.concat(r, B.constant(lo, 0));
  if (lo + n < w) r = B.zext(r, w);
  return r;
}

/** A shift of a non-constant `a` by a constant amount. */
export function shiftByConstant(kind: Kind, a: Expr, amount: bigint): Expr {
  const w = a.width;
  if (amount === 0n) return a;
  if (amount >= BigInt(w)) {
    if (kind === Kind.AShr) return B.sext(B.extract(a, w - 1, 1), w);
    return B.constant(w, 0);
  }
  const k = Number(amount);
  if (kind === Kind.Shl) return B.concat(B.extract(a, 0, w - k), B.constant(k, 0));
  if (kind === Kind.LShr) return B.zext(B.extract(a, k, w - k), w);
  return B.sext(B.extract(a, k, w - k), w);
}

/** not(a) for a non-constant a that is not itself a Not. */
export function notRule(a: Expr): Expr | undefined {
  const x = a.kids[0]!;
  const y = a.kids[1]!;
  switch (a.kind) {
    case Kind.Ult:
      return B.ule(y, x);
    case Kind.Ule:
      return B.ult(y, x);
    case Kind.Slt:
      return B.sle(y, x);
    case Kind.Sle:
      return B.slt(y, x);
    case Kind.Xor:
      if (x.isConst) return B.xor(B.constant(a.width, ~x.value), y);
      break;
  }
  return undefined;
}

// -------------------------------------------------------------------------------------------------
// Comparisons

/** eq(a, b): ordered (a constant first), a !== b, not both constant. */
export function eqRule(a: Expr, b: Expr): Expr | undefined {
  const w = a.width;
  if ((a.kind === Kind.Not && a.kids[0] === b) || (b.kind === Kind.Not && b.kids[0] === a)) return B.FALSE;
  if (a.isConst) {
    const c = a.value;
    if (w === 1) return c ? b : B.not(b);
    const k0 = b.kids[0]!;
    const k1 = b.kids[1]!;
    switch (b.kind) {
      case Kind.Add: // c == k + x  ->  c - k == x
        if (k0.isConst) return B.eq(B.constant(w, c - k0.value), k1);
        break;
      case Kind.Sub: // c == k - x  ->  k - c == x;  0 == x - y  ->  x == y
        if (k0.isConst) return B.eq(B.constant(w, k0.value - c), k1);
        if (c === 0n) return B.eq(k0, k1);
        break;
      case Kind.Xor:
        if (k0.isConst) return B.eq(B.constant(w, c ^ k0.value), k1);
        if (c === 0n) return B.eq(k0, k1);
        break;
      case Kind.Not:
        return B.eq(B.constant(w, ~c), k0);
      case Kind.ZExt:
        return c >> BigInt(k0.width) ? B.FALSE : B.eq(B.constant(k0.width, c), k0);
      case Kind.SExt: {
        const s = toSigned(c, w);
        const half = 1n << BigInt(k0.width - 1);
        return s < -half || s >= half ? B.FALSE : B.eq(B.constant(k0.width, c), k0);
      }
      case Kind.Concat: // both halves must match
        return B.andB(B.eq(B.constant(k0.width, c >> BigInt(k1.width)), k0), B.eq(B.constant(k1.width, c), k1));
      case Kind.Select: {
        const t = b.kids[1]!;
        const f = b.kids[2]!;
        if (!t.isConst || !f.isConst) break;
        const te = t.value === c;
        const fe = f.value === c;
        return te ? (fe ? B.TRUE : k0) : fe ? B.not(k0) : B.FALSE;
      }
    }
    return undefined;
  }
  if (a.kind === Kind.Concat && b.kind === Kind.Concat) {
    const lw = a.kids[1]!.width;
    return B.andB(B.eq(a.kids[0]!, B.extract(b, lw, w - lw)), B.eq(a.kids[1]!, B.extract(b, 0, lw)));
  }
  if (a.kind === Kind.ZExt && b.kind === Kind.ZExt) {
    const x = a.kids[0]!;
    const y = b.kids[0]!;
    const m = Math.max(x.width, y.width);
    return B.eq(B.zext(x, m), B.zext(y, m));
  }
  if (a.kind === Kind.SExt && b.kind === Kind.SExt) {
    const x = a.kids[0]!;
    const y = b.kids[0]!;
    const m = Math.max(x.width, y.width);
    return B.eq(B.sext(x, m), B.sext(y, m));
  }
  return undefined;
}

/** Ult/Ule/Slt/Sle with a !== b, not both constant. */
export function compareRule(kind: Kind, a: Expr, b: Expr): Expr | undefined {
  const w = a.width;
  if (w === 1) {
    // Unsigned: 0 < 1. Signed: 1 is -1, so 1 < 0.
    switch (kind) {
      case Kind.Ult:
        return B.andB(B.notB(a), b);
      case Kind.Ule:
        return B.orB(B.notB(a), b);
      case Kind.Slt:
        return B.andB(a, B.notB(b));
      default:
        return B.orB(a, B.notB(b));
    }
  }
  const max = mask(w);
  const smin = 1n << BigInt(w - 1);
  const smax = smin - 1n;
  const c = (v: bigint): Expr => B.constant(w, v);
  switch (kind) {
    case Kind.Ule:
      if (b.isConst) return b.value === max ? B.TRUE : B.ult(a, c(b.value + 1n));
      if (a.isConst) return a.value === 0n ? B.TRUE : B.ult(c(a.value - 1n), b);
      break;
    case Kind.Sle:
      if (b.isConst) return b.value === smax ? B.TRUE : B.slt(a, c(b.value + 1n));
      if (a.isConst) return a.value === smin ? B.TRUE : B.slt(c(a.value - 1n), b);
      break;
    case Kind.Ult:
      if (b.isConst) {
        const v = b.value;
        if (v === 0n) return B.FALSE;
        if (v === 1n) return B.eq(c(0n), a);
        if (v === max) return B.ne(c(max), a);
      } else if (a.isConst) {
        const v = a.value;
        if (v === max) return B.FALSE;
        if (v === max - 1n) return B.eq(c(max), b);
        if (v === 0n) return B.ne(c(0n), b);
      }
      break;
    case Kind.Slt:
      if (b.isConst) {
        const v = b.value;
        if (v === smin) return B.FALSE;
        if (v === smin + 1n) return B.eq(c(smin), a);
        if (v === smax) return B.ne(c(smax), a);
      } else if (a.isConst) {
        const v = a.value;
        if (v === smax) return B.FALSE;
        if (v === smax - 1n) return B.eq(c(smax), b);
        if (v === smin) return B.ne(c(smin), b);
      }
      break;
  }
  return extensionRule(kind, a, b);
}

/** Comparisons of zero/sign extensions against constants or each other, done at the narrow width. */
function extensionRule(kind: Kind, a: Expr, b: Expr): Expr | undefined {
  const w = a.width;
  const unsigned = kind === Kind.Ult || kind === Kind.Ule;
  const strict = kind === Kind.Ult || kind === Kind.Slt;
  if (a.kind === b.kind && (a.kind === Kind.ZExt || a.kind === Kind.SExt) && a.kids[0]!.width === b.kids[0]!.width) {
    const x = a.kids[0]!;
    const y = b.kids[0]!;
    // zext is monotone in both orders (its values are non-negative); sext is monotone in both too
    // (it maps [0, 2^(n-1)) and [2^(n-1), 2^n) onto the bottom and the top of the wider range).
    if (a.kind === Kind.SExt && !unsigned) return strict ? B.slt(x, y) : B.sle(x, y);
    return strict ? B.ult(x, y) : B.ule(x, y);
  }
  if (!strict) return undefined; // comparisons with a constant are strict by now
  if (b.isConst) {
    const x = a.kids[0]!;
    const xw = x.width;
    if (a.kind === Kind.ZExt) {
      // zext(x) in [0, 2^xw - 1], non-negative as a signed value too
      const v = unsigned ? b.value : toSigned(b.value, w);
      if (v <= 0n) return B.FALSE;
      if (v > mask(xw)) return B.TRUE;
      return B.ult(x, B.constant(xw, v));
    }
    if (a.kind === Kind.SExt && !unsigned) {
      const s = toSigned(b.value, w);
      const half = 1n << BigInt(xw - 1);
      if (s <= -half) return B.FALSE;
      if (s > half - 1n) return B.TRUE;
      return B.slt(x, B.constant(xw, s));
    }
  } else if (a.isConst) {
    const y = b.kids[0]!;
    const yw = y.width;
    if (b.kind === Kind.ZExt) {
      const v = unsigned ? a.value : toSigned(a.value, w);
      if (v < 0n) return B.TRUE;
      if (v >= mask(yw)) return B.FALSE;
      return B.ult(B.constant(yw, v), y);
    }
    if (b.kind === Kind.SExt && !unsigned) {
      const s = toSigned(a.value, w);
      const half = 1n << BigInt(yw - 1);
      if (s < -half) return B.TRUE;
      if (s >= half - 1n) return B.FALSE;
      return B.slt(B.constant(yw, s), y);
    }
  }
  return undefined;
}

// -------------------------------------------------------------------------------------------------
// ite

/** select(c, t, f) with c non-constant and not a Not, t !== f. */
export function selectRule(c: Expr, t: Expr, f: Expr): Expr | undefined {
  if (t.kind === Kind.Select && t.kids[0] === c) return B.select(c, t.kids[1]!, f);
  if (f.kind === Kind.Select && f.kids[0] === c) return B.select(c, t, f.kids[2]!);
  if (t.width === 1) {
    if (t.isConst && f.isConst) return t.value ? c : B.notB(c);
    if (t.isConst) return t.value ? B.orB(c, f) : B.andB(B.notB(c), f);
    if (f.isConst) return f.value ? B.orB(B.notB(c), t) : B.andB(c, t);
  }
  return undefined;
}

// -------------------------------------------------------------------------------------------------
// Arrays. An index means its unsigned value modulo 2^32 (the arrays' domain; see solver/smtlib.ts).

export type IndexRelation = 'equal' | 'distinct' | 'unknown';

/** Splits an index into (base, constant offset): c + x -> (x, c); x -> (x, 0). */
function baseOffset(e: Expr): [Expr, bigint] {
  if (e.kind === Kind.Add && e.kids[0]!.isConst) return [e.kids[1]!, e.kids[0]!.value];
  return [e, 0n];
}

/** Whether two array indices are provably the same or provably different. */
export function compareIndices(a: Expr, b: Expr): IndexRelation {
  if (a === b) return 'equal';
  if (a.isConst && b.isConst) return (a.value & M32) === (b.value & M32) ? 'equal' : 'distinct';
  if (a.width !== b.width) return 'unknown';
  const [x, c1] = baseOffset(a);
  const [y, c2] = baseOffset(b);
  if (x !== y) return 'unknown';
  // Same base: the difference of the offsets decides, modulo the index width (at most 32 bits).
  const d = (c1 - c2) & mask(Math.min(a.width, 32));
  return d === 0n ? 'equal' : 'distinct';
}

/**
 * Read-over-write: walks the writes from the newest; a write to a provably equal index answers, one
 * to a provably distinct index is skipped, anything else stops the walk (the read keeps the rest).
 */
export function readRule(array: ArrayDecl, updates: UpdateNode | null, index: Expr): Expr {
  let u = updates;
  for (; u; u = u.next) {
    const r = compareIndices(u.index, index);
    if (r === 'equal') return u.value;
    if (r === 'unknown') break;
  }
  if (!u && index.isConst && array.constantValues) {
    const i = Number(index.value & M32);
    const table = array.constantValues;
    return internConst(8, i < table.length ? BigInt(table[i]!) : 0n);
  }
  return internRead(array, u, index);
}
