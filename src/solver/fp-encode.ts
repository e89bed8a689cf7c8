// The floating-point kinds (expr.ts FAdd..UIToFp) in Z3's floating-point theory, written once over an
// abstract term algebra: smtlib.ts instantiates it with SMT-LIB text (native z3), z3-wasm.ts with
// C-API terms, so the two back ends cannot disagree.
//
// Representation: a float value is always its IEEE bit pattern, a (_ BitVec 32|64) term, as in memory
// and in the evaluator. An operation reads its operands with `(_ to_fp 8 24)`/`(_ to_fp 11 53)` of the
// bits (every NaN pattern reads as NaN) and writes its result back with `fp.to_ieee_bv` — which Z3
// accepts but which knows one NaN only ("it will always produce the same bit-vector representation of
// that NaN", Z3's API docs), not the x86 NaN the program and the evaluator see. So a result that may be
// NaN is `ite(isNaN(r), <x86 NaN bits>, to_ieee_bv(r))`, the NaN bits built in bit-vector terms from
// the operands exactly as fp-semantics.ts does (first NaN operand quieted, else the default NaN): the
// solver, the evaluator and native replay agree bit for bit, NaN payloads included.
//
// Rounding: RNE everywhere (LLVM's default environment), RTZ for float -> integer (C's truncation).
// Conversions to integers: fp.to_sbv is unspecified out of range, so it is used only where the value
// fits and the x86 answers of fp-semantics.ts are spelled out with ite for the rest.

import { Kind } from '../expr/expr.js';
import { defaultNaN, quietBit } from '../expr/fp-semantics.js';

/** The operations the encoding needs; T is a term (Bool, bit-vector, float or rounding mode sort). */
export interface FpAlgebra<T> {
  bv(width: number, value: bigint): T;
  /** The float of `ebits`/`sbits` whose IEEE pattern is bit-vector `x`. */
  fromBits(x: T, ebits: number, sbits: number): T;
  toBits(f: T): T;
  arith(op: 'add' | 'sub' | 'mul' | 'div', a: T, b: T): T;
  /** IEEE remainder (fp.rem). */
  rem(a: T, b: T): T;
  abs(a: T): T;
  neg(a: T): T;
  isNaN(a: T): T;
  isInfinite(a: T): T;
  isZero(a: T): T;
  isNegative(a: T): T;
  fpEq(a: T, b: T): T;
  fpLt(a: T, b: T): T;
  fpLeq(a: T, b: T): T;
  /** Float-to-float conversion, RNE. */
  convert(a: T, ebits: number, sbits: number): T;
  /** Float to a `width`-bit signed bit-vector, toward zero (unspecified out of range). */
  toSbv(a: T, width: number): T;
  /** Bit-vector (signed or unsigned) to float, RNE. */
  fromInt(x: T, signed: boolean, ebits: number, sbits: number): T;
  ite(c: T, t: T, e: T): T;
  or(a: T, b: T): T;
  and(a: T, b: T): T;
  not(a: T): T;
  /** Bool equality of bit-vectors (or of Bools). */
  eq(a: T, b: T): T;
  bvor(a: T, b: T): T;
  extract(hi: number, lo: number, x: T): T;
  signExtend(bits: number, x: T): T;
}

function sortOf(width: number): [number, number] {
  return width === 32 ? [8, 24] : [11, 53];
}

/** The largest unbiased exponent of a finite float/double. */
function maxExponent(width: number): number {
  return width === 32 ? 127 : 1023;
}

/**
 * The term of a floating-point node of `kind` and `width` over its kids' bit-vector terms `kids`
 * (widths `kidWidths`; Bool for the width-1 comparisons).
 */
export function encodeFloat<T>(A: FpAlgebra<T>, kind: Kind, width: number, kids: readonly T[], kidWidths: readonly number[]): T {
  const kw = kidWidths[0]!;
  const read = (x: T, w: number): T => A.fromBits(x, ...sortOf(w));
  switch (kind) {
    case Kind.FAdd:
    case Kind.FSub:
    case Kind.FMul:
    case Kind.FDiv:
    case Kind.FRem: {
      const [a, b] = [kids[0]!, kids[1]!];
      const fa = read(a, width);
      const fb = read(b, width);
      const r = kind === Kind.FRem ? fmod(A, fa, fb, width) : A.arith(ARITH[kind]!, fa, fb);
      const q = A.bv(width, quietBit(width));
      const nan = A.ite(A.isNaN(fa), A.bvor(a, q), A.ite(A.isNaN(fb), A.bvor(b, q), A.bv(width, defaultNaN(width))));
      return A.ite(A.isNaN(r), nan, A.toBits(r));
    }
    case Kind.FOeq:
      return A.fpEq(read(kids[0]!, kw), read(kids[1]!, kw));
    case Kind.FOlt:
      return A.fpLt(read(kids[0]!, kw), read(kids[1]!, kw));
    case Kind.FOle:
      return A.fpLeq(read(kids[0]!, kw), read(kids[1]!, kw));
    case Kind.FUno:
      return A.or(A.isNaN(read(kids[0]!, kw)), A.isNaN(read(kids[1]!, kw)));
    case Kind.FpExt:
    case Kind.FpTrunc: {
      const a = kids[0]!;
      const fa = read(a, kw);
      const n = defaultNaN(width);
      const signed = A.eq(A.extract(kw - 1, kw - 1, a), A.bv(1, 1n));
      const nan = A.ite(signed, A.bv(width, n), A.bv(width, n & ~(1n << BigInt(width - 1))));
      return A.ite(A.isNaN(fa), nan, A.toBits(A.convert(fa, ...sortOf(width))));
    }
    case Kind.FpToSI:
    case Kind.FpToUI: {
      // |x| < 2^(w+63) fits a (w+64)-bit signed integer; from there up every float is a multiple of
      // 2^w (its last significand bit weighs at least 2^(w+63-52)), so its value modulo 2^w is 0.
      const fa = read(kids[0]!, kw);
      const wide = width + 64;
      const finite = A.not(A.or(A.isNaN(fa), A.isInfinite(fa)));
      const fits = width + 63 <= maxExponent(kw) ? A.fpLt(A.abs(fa), powerOfTwo(A, width + 63, kw)) : finite;
      const t = A.toSbv(fa, wide);
      const low = A.extract(width - 1, 0, t);
      if (kind === Kind.FpToUI) return A.ite(fits, low, A.bv(width, 0n));
      const inRange = A.and(fits, A.eq(A.signExtend(64, low), t));
      return A.ite(inRange, low, A.bv(width, 1n << BigInt(width - 1)));
    }
    case Kind.SIToFp:
    case Kind.UIToFp:
      return A.toBits(A.fromInt(kids[0]!, kind === Kind.SIToFp, ...sortOf(width)));
    default:
      throw new Error(`fp-encode: not a floating-point kind: ${kind}`);
  }
}

const ARITH: Partial<Record<Kind, 'add' | 'sub' | 'mul' | 'div'>> = {
  [Kind.FAdd]: 'add', [Kind.FSub]: 'sub', [Kind.FMul]: 'mul', [Kind.FDiv]: 'div',
};

/** 2^k as a float of `width` bits (k within its exponent range). */
function powerOfTwo<T>(A: FpAlgebra<T>, k: number, width: number): T {
  const [ebits, sbits] = sortOf(width);
  const bias = (1 << (ebits - 1)) - 1;
  return A.fromBits(A.bv(width, BigInt(k + bias) << BigInt(sbits - 1)), ebits, sbits);
}

/**
 * C's fmod from IEEE's remainder r = a - n*b (n nearest to a/b): fmod = a - trunc(a/b)*b differs by a
 * multiple of b and is the one value congruent to r with a's sign and |value| < |b|, so it is r when r
 * has a's sign and r ± |b| (toward a's sign) otherwise; that sum is exact because its result is
 * representable. A zero result takes a's sign, as fmod's does.
 */
function fmod<T>(A: FpAlgebra<T>, a: T, b: T, width: number): T {
  const r = A.rem(a, b);
  const aNeg = A.isNegative(a);
  const zero = A.ite(aNeg, A.fromBits(A.bv(width, 1n << BigInt(width - 1)), ...sortOf(width)), A.fromBits(A.bv(width, 0n), ...sortOf(width)));
  const absB = A.abs(b);
  const moved = A.ite(aNeg, A.arith('sub', r, absB), A.arith('add', r, absB));
  const otherSign = A.not(A.eq(A.isNegative(r), aNeg));
  return A.ite(A.isZero(r), zero, A.ite(otherSign, moved, r));
}
