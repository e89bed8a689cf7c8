// Floating-point formats: decoding an IEEE bit pattern (a bigint) to a JS number and back. float and
// double are exact (a float operation computed in double and rounded once to float is correctly
// rounded for + - * / sqrt). x86_fp80 and fp128 are computed in double precision: sympath keeps their
// bit layout in memory but not their extra precision (documented limitation).

import { intToMantissa } from '../../expr/fp-semantics.js';
import type { Type } from '../../ir/types.js';
import {
  bf16FromBits, bf16ToBits, f16FromBits, f16ToBits, f32FromBits, f32ToBits, f64FromBits, f64ToBits, fp80FromBits,
  fp80ToBits,
} from '../values.js';

export interface FloatFormat {
  readonly bits: number;
  decode(b: bigint): number;
  encode(x: number): bigint;
}

/** The quiet bit of a NaN in each format (the top fraction bit; x86_fp80 below its integer bit). */
function quietBit(fmt: FloatFormat): bigint {
  switch (fmt.bits) {
    case 16:
      return fmt === BF16 ? 1n << 6n : 1n << 9n;
    case 32:
      return 1n << 22n;
    case 64:
      return 1n << 51n;
    case 80:
      return 1n << 62n;
    default:
      return 1n << 111n;
  }
}

/** x86's "default NaN" (an invalid operation on non-NaN operands): negative, quiet. */
export function defaultNaN(fmt: FloatFormat): bigint {
  const sign = 1n << BigInt(fmt.bits - 1);
  const exp = fmt.bits === 16 ? (fmt === BF16 ? 0xffn << 7n : 0x1fn << 10n) : fmt.bits === 32 ? 0xffn << 23n : fmt.bits === 64 ? 0x7ffn << 52n : fmt.bits === 80 ? (0x7fffn << 64n) | (1n << 63n) : 0x7fffn << 112n;
  return sign | exp | quietBit(fmt);
}

/**
 * The bits of an operation's result `r` computed from operands `ops` (bit patterns), with x86 SSE's NaN
 * rules: the first NaN operand, quieted; otherwise the default NaN when the result is NaN.
 */
export function resultBits(fmt: FloatFormat, r: number, ops: readonly bigint[]): bigint {
  if (r === r) return fmt.encode(r);
  for (const b of ops) if (Number.isNaN(fmt.decode(b))) return b | quietBit(fmt);
  return defaultNaN(fmt);
}

/** A NaN of format `to` with the sign of NaN bits `b` of format `from` (conversions). */
export function convertNaN(from: FloatFormat, to: FloatFormat, b: bigint): bigint {
  const neg = (b >> BigInt(from.bits - 1)) & 1n;
  const n = defaultNaN(to);
  return neg ? n : n & ~(1n << BigInt(to.bits - 1));
}

const F32: FloatFormat = { bits: 32, decode: f32FromBits, encode: f32ToBits };
const F64: FloatFormat = { bits: 64, decode: f64FromBits, encode: f64ToBits };
const F16: FloatFormat = { bits: 16, decode: f16FromBits, encode: f16ToBits };
const BF16: FloatFormat = { bits: 16, decode: bf16FromBits, encode: bf16ToBits };
const F80: FloatFormat = { bits: 80, decode: fp80FromBits, encode: fp80ToBits };
const F128: FloatFormat = { bits: 128, decode: fp128FromBits, encode: fp128ToBits };

export function floatFormat(t: Type): FloatFormat {
  const s = t.kind === 'vector' ? t.elem : t;
  if (s.kind !== 'float') throw new Error(`not a floating-point type: ${s.kind}`);
  switch (s.name) {
    case 'float':
      return F32;
    case 'double':
      return F64;
    case 'half':
      return F16;
    case 'bfloat':
      return BF16;
    case 'x86_fp80':
      return F80;
    default:
      return F128;
  }
}

function fp128FromBits(b: bigint): number {
  const sign = (b >> 127n) & 1n ? -1 : 1;
  const exp = Number((b >> 112n) & 0x7fffn);
  const man = b & ((1n << 112n) - 1n);
  if (exp === 0x7fff) return man === 0n ? sign * Infinity : NaN;
  if (exp === 0) return sign * Number(man) * Math.pow(2, -16382 - 112);
  return sign * Number(man | (1n << 112n)) * Math.pow(2, exp - 16383 - 112);
}

function fp128ToBits(x: number): bigint {
  const bits = f64ToBits(x);
  const sign = bits >> 63n;
  const e = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & 0xfffffffffffffn;
  if (e === 0x7ff) return (sign << 127n) | (0x7fffn << 112n) | (frac << 60n);
  if (e === 0 && frac === 0n) return sign << 127n;
  let man = frac;
  let exp = e - 1023;
  if (e === 0) {
    exp = 1 - 1023;
    while ((man & (1n << 52n)) === 0n) {
      man <<= 1n;
      exp--;
    }
    man &= (1n << 52n) - 1n;
  }
  return (sign << 127n) | (BigInt(exp + 16383) << 112n) | (man << 60n);
}

/** A (possibly huge) integer to the nearest double-or-narrower value, rounding once (ties to even). */
export function intToFloat(x: bigint, fmt: FloatFormat): number {
  return intToMantissa(x, fmt.bits === 32 ? 24 : fmt.bits === 16 ? 11 : 53);
}
