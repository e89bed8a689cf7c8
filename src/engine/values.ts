// Register values. "Concrete is the common case" (SymCC): a concrete integer, pointer or float is a
// bigint — unsigned, reduced to its width; floats are their IEEE bit patterns — so an all-concrete
// operation is a `typeof v === 'bigint'` test and a bigint operation, and builds no expression. A
// symbolic value is an Expr of the same width. Aggregates (struct, array and vector values in
// registers) are JS arrays of values. undef and poison are 0 (freeze likewise): the engine never
// guesses "any value" for them, as a native run would see whatever the register held.

import { Expr, Kind } from '../expr/expr.js';
import { constant } from '../expr/build.js';
import { bigintOf, low32 } from '../memory/bigint-bits.js';

export type Scalar = bigint | Expr;
export type Val = bigint | Expr | Val[];

/** The value as an expression of `width` bits. */
export function toExpr(v: Scalar, width: number): Expr {
  return typeof v === 'bigint' ? constant(width, v) : v;
}

/** A constant expression back to a bigint, so later operations take the concrete fast path again. */
export function norm(e: Expr): Scalar {
  return e.kind === Kind.Const ? e.value : e;
}

/** A scalar bigint or a vector of bigints: the operands float operations compute on directly. */
export function isConcreteBits(v: Val): boolean {
  return typeof v === 'bigint' || (Array.isArray(v) && v.every((l) => typeof l === 'bigint'));
}

export function isConcrete(v: Val): boolean {
  if (typeof v === 'bigint') return true;
  if (Array.isArray(v)) return v.every(isConcrete);
  return v.kind === Kind.Const;
}

// ---------------------------------------------------------------------------------------------
// Float bit patterns <-> JS numbers (one shared buffer; every conversion is a store and a load)

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

export function f64FromBits(b: bigint): number {
  u64[0] = b;
  return f64[0]!;
}
export function f64ToBits(x: number): bigint {
  f64[0] = x;
  return u64[0]!;
}
export function f32FromBits(b: bigint): number {
  u32[0] = low32(b);
  return f32[0]!;
}
export function f32ToBits(x: number): bigint {
  f32[0] = x;
  return bigintOf(u32[0]!);
}

/** x86_fp80 bits (1 sign, 15 exponent, 64-bit significand with explicit integer bit) to a double. */
export function fp80FromBits(b: bigint): number {
  const sign = (b >> 79n) & 1n ? -1 : 1;
  const exp = Number((b >> 64n) & 0x7fffn);
  const man = b & 0xffffffffffffffffn;
  if (exp === 0x7fff) return (man & 0x7fffffffffffffffn) === 0n ? sign * Infinity : NaN;
  if (exp === 0 && man === 0n) return sign * 0;
  // value = man * 2^(exp - 16383 - 63); convert the significand with rounding to 53 bits.
  return sign * Number(man) * Math.pow(2, exp - 16383 - 63);
}

/** A double to x86_fp80 bits (exact: every double is representable). */
export function fp80ToBits(x: number): bigint {
  const bits = f64ToBits(x);
  const sign = bits >> 63n;
  const e = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & 0xfffffffffffffn;
  if (e === 0x7ff) {
    const man = frac === 0n ? 1n << 63n : (1n << 63n) | (1n << 62n) | (frac << 11n);
    return (sign << 79n) | (0x7fffn << 64n) | man;
  }
  if (e === 0 && frac === 0n) return sign << 79n;
  let man: bigint;
  let exp: number;
  if (e === 0) {
    // subnormal double: normalise
    man = frac;
    exp = 1 - 1023;
    while ((man & (1n << 52n)) === 0n) {
      man <<= 1n;
      exp--;
    }
  } else {
    man = frac | (1n << 52n);
    exp = e - 1023;
  }
  return (sign << 79n) | (BigInt(exp + 16383) << 64n) | (man << 11n);
}

/** IEEE half (binary16) to a double. */
export function f16FromBits(b: bigint): number {
  const h = Number(b & 0xffffn);
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 0x1f;
  const f = h & 0x3ff;
  if (e === 0) return s * f * Math.pow(2, -24);
  if (e === 31) return f ? NaN : s * Infinity;
  return s * (1 + f / 1024) * Math.pow(2, e - 15);
}

/** A double to IEEE half with round-to-nearest-even. */
export function f16ToBits(x: number): bigint {
  if (Number.isNaN(x)) return 0x7e00n;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  if (a >= 65520) return BigInt(sign | 0x7c00);
  if (a < Math.pow(2, -14)) {
    const m = roundEven(a / Math.pow(2, -24));
    return BigInt(sign | m);
  }
  let e = Math.floor(Math.log2(a));
  if (Math.pow(2, e) > a) e--;
  if (Math.pow(2, e + 1) <= a) e++;
  let m = roundEven((a / Math.pow(2, e) - 1) * 1024);
  if (m === 1024) {
    m = 0;
    e++;
  }
  if (e > 15) return BigInt(sign | 0x7c00);
  return BigInt(sign | ((e + 15) << 10) | m);
}

function roundEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** bfloat16 bits to a double (the top half of a float). */
export function bf16FromBits(b: bigint): number {
  return f32FromBits((b & 0xffffn) << 16n);
}
export function bf16ToBits(x: number): bigint {
  const bits = f32ToBits(x);
  // round to nearest even on the dropped 16 bits
  const lower = bits & 0xffffn;
  let upper = bits >> 16n;
  if (lower > 0x8000n || (lower === 0x8000n && (upper & 1n) === 1n)) upper++;
  return upper & 0xffffn;
}
