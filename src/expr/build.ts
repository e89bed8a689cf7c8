// Expression constructors: the only way the rest of sympath makes nodes. Each folds constants and
// applies cheap local rewrites before interning, so the DAG stays small and common questions (is this
// branch condition constant?) are answered without a solver. The larger rule sets (comparisons,
// extract/concat, read-over-write) live in simplify.ts and are called from here.
//
// Widths are checked: a mismatch is a bug in the caller and throws at once, never a wrong formula.

import { ArrayDecl, Expr, Kind, UpdateNode, intern, internConst, internUpdate, isFloatKind, mask, truncate } from './expr.js';
import { fpMake } from './build-fp.js';
import { evalOp, sextValue } from './eval-op.js';
import * as S from './simplify.js';

export const TRUE = internConst(1, 1n);
export const FALSE = internConst(1, 0n);

export function constant(width: number, value: bigint | number): Expr {
  return internConst(width, truncate(BigInt(value), width));
}
export function bool(b: boolean): Expr {
  return b ? TRUE : FALSE;
}

function sameWidth(op: string, a: Expr, b: Expr): void {
  if (a.width !== b.width) throw new Error(`${op}: width mismatch ${a.width} vs ${b.width}`);
}

/** Index of the single set bit of a power of two, else -1. */
function log2Exact(v: bigint): number {
  if (v <= 0n || (v & (v - 1n)) !== 0n) return -1;
  return v.toString(2).length - 1;
}

// ---------------------------------------------------------------------------------------------
// Arithmetic and bitwise

/** Operands of commutative operators are ordered: a constant (if any) comes first, else by id. */
function ordered(a: Expr, b: Expr): [Expr, Expr] {
  if (b.isConst && !a.isConst) return [b, a];
  if (!a.isConst && !b.isConst && b.id < a.id) return [b, a];
  return [a, b];
}

function fold(kind: Kind, a: Expr, b: Expr): Expr {
  return internConst(a.width, evalOp(kind, a.width, a.value, b.value, a.width));
}

export function add(a: Expr, b: Expr): Expr {
  sameWidth('add', a, b);
  [a, b] = ordered(a, b);
  if (a.isConst) {
    if (b.isConst) return fold(Kind.Add, a, b);
    if (a.value === 0n) return b;
    const k0 = b.kids[0]!;
    // c1 + (c2 + x) -> (c1+c2) + x;  c1 + (c2 - x) -> (c1+c2) - x
    if (b.kind === Kind.Add && k0.isConst) return add(constant(a.width, a.value + k0.value), b.kids[1]!);
    if (b.kind === Kind.Sub && k0.isConst) return sub(constant(a.width, a.value + k0.value), b.kids[1]!);
  }
  if (a.width === 1) return xor(a, b);
  // x + (0 - x) -> 0
  if ((b.kind === Kind.Sub && b.kids[0]!.isConst && b.kids[0]!.value === 0n && b.kids[1] === a) ||
      (a.kind === Kind.Sub && a.kids[0]!.isConst && a.kids[0]!.value === 0n && a.kids[1] === b)) {
    return constant(a.width, 0);
  }
  return intern(Kind.Add, a.width, [a, b]);
}

export function sub(a: Expr, b: Expr): Expr {
  sameWidth('sub', a, b);
  const w = a.width;
  if (b.isConst) return add(constant(w, -b.value), a);
  if (a === b) return constant(w, 0);
  if (w === 1) return xor(a, b);
  const b0 = b.kids[0];
  if (a.isConst) {
    // c1 - (c2 + x) -> (c1-c2) - x;  c1 - (c2 - x) -> (c1-c2) + x
    if (b.kind === Kind.Add && b0!.isConst) return sub(constant(w, a.value - b0!.value), b.kids[1]!);
    if (b.kind === Kind.Sub && b0!.isConst) return add(constant(w, a.value - b0!.value), b.kids[1]!);
  } else if (b.kind === Kind.Sub && b0!.isConst && b0!.value === 0n) {
    return add(a, b.kids[1]!); // a - (0 - x) -> a + x
  }
  // (c + x) - x -> c;  x - (c + x) -> -c
  if (a.kind === Kind.Add && a.kids[0]!.isConst && a.kids[1] === b) return a.kids[0]!;
  if (b.kind === Kind.Add && b0!.isConst && b.kids[1] === a) return constant(w, -b0!.value);
  return intern(Kind.Sub, w, [a, b]);
}

export function neg(a: Expr): Expr {
  return sub(constant(a.width, 0), a);
}

export function mul(a: Expr, b: Expr): Expr {
  sameWidth('mul', a, b);
  [a, b] = ordered(a, b);
  if (a.isConst) {
    if (b.isConst) return fold(Kind.Mul, a, b);
    if (a.value === 0n) return a;
    if (a.value === 1n) return b;
    if (a.value === mask(a.width)) return neg(b);
    if (b.kind === Kind.Mul && b.kids[0]!.isConst) return mul(constant(a.width, a.value * b.kids[0]!.value), b.kids[1]!);
  }
  if (a.width === 1) return and(a, b);
  return intern(Kind.Mul, a.width, [a, b]);
}

export function udiv(a: Expr, b: Expr): Expr {
  sameWidth('udiv', a, b);
  if (b.isConst) {
    if (a.isConst) return fold(Kind.UDiv, a, b);
    if (b.value === 0n) return constant(a.width, mask(a.width)); // SMT-LIB: x / 0 = all ones
    const k = log2Exact(b.value); // x / 2^k -> x >> k (b = 1 included)
    if (k >= 0) return lshr(a, constant(a.width, k));
  }
  return intern(Kind.UDiv, a.width, [a, b]);
}

export function sdiv(a: Expr, b: Expr): Expr {
  sameWidth('sdiv', a, b);
  if (b.isConst) {
    if (a.isConst) return fold(Kind.SDiv, a, b);
    if (b.value === 1n) return a;
    if (b.value === mask(b.width)) return neg(a); // x / -1 = -x (INT_MIN / -1 wraps to INT_MIN)
  }
  return intern(Kind.SDiv, a.width, [a, b]);
}

export function urem(a: Expr, b: Expr): Expr {
  sameWidth('urem', a, b);
  if (b.isConst) {
    if (a.isConst) return fold(Kind.URem, a, b);
    if (b.value === 0n) return a; // SMT-LIB: x % 0 = x
    if (log2Exact(b.value) >= 0) return and(constant(a.width, b.value - 1n), a); // x % 2^k -> x & (2^k-1)
  }
  return intern(Kind.URem, a.width, [a, b]);
}

export function srem(a: Expr, b: Expr): Expr {
  sameWidth('srem', a, b);
  if (b.isConst) {
    if (a.isConst) return fold(Kind.SRem, a, b);
    if (b.value === 0n) return a; // SMT-LIB: x % 0 = x
    if (b.value === 1n || b.value === mask(b.width)) return constant(a.width, 0); // x % ±1 = 0
  }
  return intern(Kind.SRem, a.width, [a, b]);
}

export function not(a: Expr): Expr {
  if (a.isConst) return constant(a.width, ~a.value);
  if (a.kind === Kind.Not) return a.kids[0]!;
  return S.notRule(a) ?? intern(Kind.Not, a.width, [a]);
}

/** a and b of `op` with one of them the other's complement (x & ~x, x | ~x, x ^ ~x). */
function complementary(a: Expr, b: Expr): boolean {
  return (a.kind === Kind.Not && a.kids[0] === b) || (b.kind === Kind.Not && b.kids[0] === a);
}

export function and(a: Expr, b: Expr): Expr {
  sameWidth('and', a, b);
  [a, b] = ordered(a, b);
  const w = a.width;
  if (a.isConst) {
    if (b.isConst) return internConst(w, a.value & b.value);
    if (a.value === 0n) return a;
    if (a.value === mask(w)) return b;
    if (b.kind === Kind.And && b.kids[0]!.isConst) return and(constant(w, a.value & b.kids[0]!.value), b.kids[1]!);
    const m = S.maskRule(a.value, b);
    if (m) return m;
  }
  if (a === b) return a;
  if (complementary(a, b)) return constant(w, 0);
  // absorption: a & (a & x) -> a & x
  if (b.kind === Kind.And && (b.kids[0] === a || b.kids[1] === a)) return b;
  if (a.kind === Kind.And && (a.kids[0] === b || a.kids[1] === b)) return a;
  return intern(Kind.And, w, [a, b]);
}

export function or(a: Expr, b: Expr): Expr {
  sameWidth('or', a, b);
  [a, b] = ordered(a, b);
  const w = a.width;
  if (a.isConst) {
    if (b.isConst) return internConst(w, a.value | b.value);
    if (a.value === 0n) return b;
    if (a.value === mask(w)) return a;
    if (b.kind === Kind.Or && b.kids[0]!.isConst) return or(constant(w, a.value | b.kids[0]!.value), b.kids[1]!);
  }
  if (a === b) return a;
  if (complementary(a, b)) return constant(w, mask(w));
  if (b.kind === Kind.Or && (b.kids[0] === a || b.kids[1] === a)) return b;
  if (a.kind === Kind.Or && (a.kids[0] === b || a.kids[1] === b)) return a;
  return intern(Kind.Or, w, [a, b]);
}

export function xor(a: Expr, b: Expr): Expr {
  sameWidth('xor', a, b);
  [a, b] = ordered(a, b);
  const w = a.width;
  if (a.isConst) {
    if (b.isConst) return internConst(w, a.value ^ b.value);
    if (a.value === 0n) return b;
    if (a.value === mask(w)) return not(b);
    if (b.kind === Kind.Xor && b.kids[0]!.isConst) return xor(constant(w, a.value ^ b.kids[0]!.value), b.kids[1]!);
    if (b.kind === Kind.Not) return xor(constant(w, ~a.value), b.kids[0]!);
  }
  if (a === b) return constant(w, 0);
  if (complementary(a, b)) return constant(w, mask(w));
  return intern(Kind.Xor, w, [a, b]);
}

function shift(kind: Kind, a: Expr, b: Expr): Expr {
  sameWidth('shift', a, b);
  if (a.isConst) {
    if (b.isConst) return fold(kind, a, b);
    if (a.value === 0n) return a; // 0 shifted is 0 (also for ashr)
    if (kind === Kind.AShr && a.value === mask(a.width)) return a; // -1 >> n = -1
  } else if (b.isConst) {
    return S.shiftByConstant(kind, a, b.value);
  }
  return intern(kind, a.width, [a, b]);
}
export function shl(a: Expr, b: Expr): Expr {
  return shift(Kind.Shl, a, b);
}
export function lshr(a: Expr, b: Expr): Expr {
  return shift(Kind.LShr, a, b);
}
export function ashr(a: Expr, b: Expr): Expr {
  return shift(Kind.AShr, a, b);
}

// ---------------------------------------------------------------------------------------------
// Width changes

export function extract(e: Expr, offset: number, width: number): Expr {
  if (offset < 0 || width < 1 || offset + width > e.width) throw new Error(`extract: bits ${offset}+${width} of w${e.width}`);
  if (offset === 0 && width === e.width) return e;
  if (e.isConst) return constant(width, e.value >> BigInt(offset));
  return S.extractRule(e, offset, width) ?? intern(Kind.Extract, width, [e], offset);
}

export function concat(hi: Expr, lo: Expr): Expr {
  const width = hi.width + lo.width;
  if (width > 128) throw new Error(`concat: w${hi.width} + w${lo.width} exceeds 128 bits`);
  if (hi.isConst && lo.isConst) return constant(width, (hi.value << BigInt(lo.width)) | lo.value);
  return S.concatRule(hi, lo) ?? intern(Kind.Concat, width, [hi, lo]);
}

export function zext(e: Expr, width: number): Expr {
  if (width < e.width || width > 128) throw new Error(`zext: w${e.width} to w${width}`);
  if (width === e.width) return e;
  if (e.isConst) return internConst(width, e.value);
  if (e.kind === Kind.ZExt) return zext(e.kids[0]!, width);
  return intern(Kind.ZExt, width, [e]);
}

export function sext(e: Expr, width: number): Expr {
  if (width < e.width || width > 128) throw new Error(`sext: w${e.width} to w${width}`);
  if (width === e.width) return e;
  if (e.isConst) return internConst(width, sextValue(e.value, e.width, width));
  if (e.kind === Kind.SExt) return sext(e.kids[0]!, width);
  if (e.kind === Kind.ZExt) return zext(e.kids[0]!, width); // the sign bit of a zext is 0
  return intern(Kind.SExt, width, [e]);
}

/** Truncate or zero-extend to `width`. */
export function zextOrTrunc(e: Expr, width: number): Expr {
  return width <= e.width ? extract(e, 0, width) : zext(e, width);
}

// ---------------------------------------------------------------------------------------------
// Comparisons (canonical: Eq, Ult, Ule, Slt, Sle)

export function eq(a: Expr, b: Expr): Expr {
  sameWidth('eq', a, b);
  [a, b] = ordered(a, b);
  if (a === b) return TRUE;
  if (a.isConst && b.isConst) return FALSE; // distinct constants are distinct nodes
  return S.eqRule(a, b) ?? intern(Kind.Eq, 1, [a, b]);
}

function compare(kind: Kind, a: Expr, b: Expr): Expr {
  sameWidth('compare', a, b);
  if (a.isConst && b.isConst) return internConst(1, evalOp(kind, 1, a.value, b.value, a.width));
  if (a === b) return kind === Kind.Ule || kind === Kind.Sle ? TRUE : FALSE;
  return S.compareRule(kind, a, b) ?? intern(kind, 1, [a, b]);
}

export function ult(a: Expr, b: Expr): Expr {
  return compare(Kind.Ult, a, b);
}
export function ule(a: Expr, b: Expr): Expr {
  return compare(Kind.Ule, a, b);
}
export function ugt(a: Expr, b: Expr): Expr {
  return compare(Kind.Ult, b, a);
}
export function uge(a: Expr, b: Expr): Expr {
  return compare(Kind.Ule, b, a);
}
export function slt(a: Expr, b: Expr): Expr {
  return compare(Kind.Slt, a, b);
}
export function sle(a: Expr, b: Expr): Expr {
  return compare(Kind.Sle, a, b);
}
export function sgt(a: Expr, b: Expr): Expr {
  return compare(Kind.Slt, b, a);
}
export function sge(a: Expr, b: Expr): Expr {
  return compare(Kind.Sle, b, a);
}
export function ne(a: Expr, b: Expr): Expr {
  return notB(eq(a, b));
}

/** An LLVM icmp predicate. */
export function icmp(pred: string, a: Expr, b: Expr): Expr {
  switch (pred) {
    case 'eq': return eq(a, b);
    case 'ne': return ne(a, b);
    case 'ult': return ult(a, b);
    case 'ule': return ule(a, b);
    case 'ugt': return ugt(a, b);
    case 'uge': return uge(a, b);
    case 'slt': return slt(a, b);
    case 'sle': return sle(a, b);
    case 'sgt': return sgt(a, b);
    case 'sge': return sge(a, b);
    default: throw new Error(`icmp: unknown predicate ${pred}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Booleans (width 1)

export function notB(a: Expr): Expr {
  if (a.width !== 1) throw new Error(`notB: w${a.width}`);
  return not(a);
}
export function andB(a: Expr, b: Expr): Expr {
  return and(a, b);
}
export function orB(a: Expr, b: Expr): Expr {
  return or(a, b);
}
/** Conjunction of many booleans (TRUE for none). */
export function all(es: readonly Expr[]): Expr {
  let r = TRUE;
  for (const e of es) r = and(r, e);
  return r;
}

export function select(c: Expr, t: Expr, f: Expr): Expr {
  if (c.width !== 1) throw new Error(`select: condition of w${c.width}`);
  sameWidth('select', t, f);
  if (c.isConst) return c.value ? t : f;
  if (t === f) return t;
  if (c.kind === Kind.Not) return select(c.kids[0]!, f, t);
  return S.selectRule(c, t, f) ?? intern(Kind.Select, t.width, [c, t, f]);
}
/** `ite` is `select`. */
export const ite = select;

// ---------------------------------------------------------------------------------------------
// Arrays

/**
 * A write to an update list (the list of `array` after one more store). A write to a provably equal
 * index as the newest write replaces it (the older value can never be read again).
 */
export function write(updates: UpdateNode | null, index: Expr, value: Expr): UpdateNode {
  if (index.width !== 32 && index.width !== 64) throw new Error(`write: index of w${index.width}`);
  if (value.width !== 8) throw new Error(`write: value of w${value.width}`);
  if (updates && S.compareIndices(updates.index, index) === 'equal') return internUpdate(index, value, updates.next);
  return internUpdate(index, value, updates);
}

/**
 * Read one byte of `array` after `updates` at `index` (its value modulo 2^32). Read-over-write with
 * provably equal or distinct indices (simplify.ts); constant tables fold at constant indices (bytes
 * past a table's end read 0, as in the solver).
 */
export function read(array: ArrayDecl, updates: UpdateNode | null, index: Expr): Expr {
  return S.readRule(array, updates, index);
}

/** Little-endian read of `bytes` bytes at `index` (a multi-byte load from a symbolic array). */
export function readLE(array: ArrayDecl, updates: UpdateNode | null, index: Expr, bytes: number): Expr {
  let r = read(array, updates, index);
  for (let i = 1; i < bytes; i++) r = concat(read(array, updates, add(index, constant(index.width, i))), r);
  return r;
}

// ---------------------------------------------------------------------------------------------
// Generic reconstruction (for visitors that rebuild a node over new kids)

/**
 * The node of `kind` over `kids` through the simplifying constructors (not for Const or Read: use
 * `constant` and `read`). `offset` is Extract's low bit; `width` the result width of
 * Extract/ZExt/SExt.
 */
export function make(kind: Kind, width: number, kids: readonly Expr[], offset = 0): Expr {
  const a = kids[0]!;
  const b = kids[1]!;
  switch (kind) {
    case Kind.Select: return select(a, b, kids[2]!);
    case Kind.Concat: return concat(a, b);
    case Kind.Extract: return extract(a, offset, width);
    case Kind.ZExt: return zext(a, width);
    case Kind.SExt: return sext(a, width);
    case Kind.Add: return add(a, b);
    case Kind.Sub: return sub(a, b);
    case Kind.Mul: return mul(a, b);
    case Kind.UDiv: return udiv(a, b);
    case Kind.SDiv: return sdiv(a, b);
    case Kind.URem: return urem(a, b);
    case Kind.SRem: return srem(a, b);
    case Kind.Not: return not(a);
    case Kind.And: return and(a, b);
    case Kind.Or: return or(a, b);
    case Kind.Xor: return xor(a, b);
    case Kind.Shl: return shl(a, b);
    case Kind.LShr: return lshr(a, b);
    case Kind.AShr: return ashr(a, b);
    case Kind.Eq: return eq(a, b);
    case Kind.Ult: return ult(a, b);
    case Kind.Ule: return ule(a, b);
    case Kind.Slt: return slt(a, b);
    case Kind.Sle: return sle(a, b);
    default:
      if (isFloatKind(kind)) return fpMake(kind, width, kids);
      throw new Error(`make: not for kind ${kind}`);
  }
}
