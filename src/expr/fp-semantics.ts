// Concrete semantics of the floating-point kinds (expr.ts FAdd..UIToFp) on IEEE bit patterns, shared by
// constant folding and the evaluator, and the reference the SMT encoding (solver/fp-encode.ts) is
// tested against. Only float (32 bits) and double (64 bits): x86_fp80 and the rest stay concrete in
// the engine (engine/ops/float.ts).
//
// Rounding is to nearest, ties to even (LLVM's default environment): JS computes in double, which is
// exact for double, and a float operation computed in double and stored into a Float32Array (one
// rounding, ties to even) is correctly rounded for + - * / (double has more than 2*24+2 bits). fmod
// (JS `%`) is exact in both. NaN results follow x86 SSE, as the engine's concrete path
// (engine/ops/float-format.ts resultBits, convertNaN, ops/float.ts floatToInt) does:
// - an arithmetic result that is NaN is the first NaN operand, quieted; else the "default NaN"
//   (negative, quiet, zero payload) — e.g. 0/0, inf-inf;
// - a conversion of a NaN (fpext/fptrunc) is the default NaN of the target with the operand's sign;
// - float -> signed integer: NaN and out-of-range give the "integer indefinite" 1 << (w-1);
//   float -> unsigned: NaN and infinities give 0, any finite value its truncation modulo 2^w.

import { Kind, toSigned } from './expr.js';

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The number a 32- or 64-bit IEEE pattern encodes. */
export function decodeFloat(bits: bigint, width: number): number {
  if (width === 32) {
    u32[0] = Number(bits & 0xffffffffn);
    return f32[0]!;
  }
  u64[0] = bits;
  return f64[0]!;
}

/** The 32- or 64-bit pattern of `x` (rounded to float once, ties to even, for 32). Not for NaN. */
export function encodeFloat(x: number, width: number): bigint {
  if (width === 32) {
    f32[0] = x;
    return BigInt(u32[0]!);
  }
  f64[0] = x;
  return u64[0]!;
}

function expMask(width: number): bigint {
  return width === 32 ? 0x7f800000n : 0x7ff0000000000000n;
}
/** The quiet bit (top fraction bit). */
export function quietBit(width: number): bigint {
  return width === 32 ? 1n << 22n : 1n << 51n;
}
/** x86's default NaN: negative, quiet, zero payload. */
export function defaultNaN(width: number): bigint {
  return (1n << BigInt(width - 1)) | expMask(width) | quietBit(width);
}
export function isNaNBits(bits: bigint, width: number): boolean {
  const e = expMask(width);
  return (bits & e) === e && (bits & (quietBit(width) * 2n - 1n)) !== 0n;
}

const ARITH: Partial<Record<Kind, (x: number, y: number) => number>> = {
  [Kind.FAdd]: (x, y) => x + y,
  [Kind.FSub]: (x, y) => x - y,
  [Kind.FMul]: (x, y) => x * y,
  [Kind.FDiv]: (x, y) => x / y,
  [Kind.FRem]: (x, y) => x % y,
};

/** FAdd..FRem (width 32/64) and FOeq..FUno (width 1, operands `kidWidth`). */
export function evalFpBinary(kind: Kind, width: number, a: bigint, b: bigint, kidWidth: number): bigint {
  const x = decodeFloat(a, kidWidth);
  const y = decodeFloat(b, kidWidth);
  switch (kind) {
    case Kind.FOeq:
      return x === y ? 1n : 0n;
    case Kind.FOlt:
      return x < y ? 1n : 0n;
    case Kind.FOle:
      return x <= y ? 1n : 0n;
    case Kind.FUno:
      return x !== x || y !== y ? 1n : 0n;
  }
  const f = ARITH[kind];
  if (!f) throw new Error(`evalFpBinary: not a floating-point operator: ${kind}`);
  const r = f(x, y);
  if (r === r) return encodeFloat(r, width);
  if (x !== x) return a | quietBit(width);
  if (y !== y) return b | quietBit(width);
  return defaultNaN(width);
}

/** FpExt, FpTrunc, FpToSI, FpToUI, SIToFp, UIToFp of `a` (a `kidWidth`-bit pattern) to `width` bits. */
export function evalFpUnary(kind: Kind, width: number, a: bigint, kidWidth: number): bigint {
  switch (kind) {
    case Kind.FpExt:
    case Kind.FpTrunc: {
      const x = decodeFloat(a, kidWidth);
      if (x === x) return encodeFloat(x, width);
      const n = defaultNaN(width);
      return (a >> BigInt(kidWidth - 1)) & 1n ? n : n & ~(1n << BigInt(width - 1));
    }
    case Kind.FpToSI:
    case Kind.FpToUI:
      return floatToIntBits(decodeFloat(a, kidWidth), width, kind === Kind.FpToSI);
    case Kind.SIToFp:
      return encodeFloat(intToNearest(toSigned(a, kidWidth), width), width);
    case Kind.UIToFp:
      return encodeFloat(intToNearest(a, width), width);
    default:
      throw new Error(`evalFpUnary: not a floating-point conversion: ${kind}`);
  }
}

/** float -> `w`-bit integer, toward zero, with x86's results for NaN and out-of-range (see the header). */
export function floatToIntBits(x: number, w: number, signed: boolean): bigint {
  if (!Number.isFinite(x)) return signed ? 1n << BigInt(w - 1) : 0n;
  const t = BigInt(Math.trunc(x));
  if (signed) {
    const min = -(1n << BigInt(w - 1));
    if (t < min || t > -min - 1n) return 1n << BigInt(w - 1);
  }
  return BigInt.asUintN(w, t);
}

/**
 * The float (`width` 32) or double (64) nearest to integer `x`, ties to even, as a JS number that
 * encodeFloat stores exactly. Rounds once: Number(bigint) rounds to double correctly, but rounding
 * that double again to float could be a double rounding, so float results above 2^53 round here.
 */
export function intToNearest(x: bigint, width: number): number {
  return intToMantissa(x, width === 32 ? 24 : 53);
}

/**
 * Integer `x` to the nearest value with a `mant`-bit significand (11 half, 24 float, 53 double), ties to
 * even, rounding once (the engine's uitofp/sitofp of concrete values use it too: ops/float-format.ts).
 */
export function intToMantissa(x: bigint, mant: number): number {
  const neg = x < 0n;
  const a = neg ? -x : x;
  // Number(bigint) rounds once to double; below 2^53 it is exact, so rounding it again is the only rounding
  if (a < 1n << 53n || mant === 53) return neg ? -Number(a) : Number(a);
  const shift = BigInt(a.toString(2).length - mant);
  let m = a >> shift;
  const rem = a & ((1n << shift) - 1n);
  const half = 1n << (shift - 1n);
  if (rem > half || (rem === half && (m & 1n) === 1n)) m++;
  const d = Number(m) * Math.pow(2, Number(shift));
  return neg ? -d : d;
}
