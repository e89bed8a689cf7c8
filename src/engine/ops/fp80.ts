// x86_fp80 (`long double` on x86-64) computed exactly, with the x87's 64-bit significand and
// round-to-nearest-even: musl's printf (fmt_fp) prints %f/%g/%e through long double arithmetic whose
// rounding tricks (`2/LDBL_EPSILON + small != 2/LDBL_EPSILON`) and exact digit extraction
// (`1000000000*(y - (uint32_t)y)`) need the real precision, which doubles do not have.
//
// A finite value is handled as an exact binary rational m * 2^e (m a bigint >= 0); each operation
// computes its exact result (division: enough quotient bits plus a sticky bit) and rounds once. NaN
// rules follow x86: the first NaN operand, quieted; otherwise the default NaN for invalid operations.

import { f64FromBits, f64ToBits } from '../values.js';

const MASK64 = (1n << 64n) - 1n;
const INT_BIT = 1n << 63n;
const QUIET = 1n << 62n;
const BIAS = 16383;
/** Weight of the lowest significand bit of the smallest (subnormal) fp80 value: 2^-16445. */
const MIN_LSB_EXP = 1 - BIAS - 63;
/** x86's default NaN in x86_fp80: negative, quiet. */
export const FP80_DEFAULT_NAN = (1n << 79n) | (0x7fffn << 64n) | INT_BIT | QUIET;

/** An unpacked value: NaN (with its bits), an infinity, or the finite (-1)^neg * m * 2^e. */
type Unpacked =
  | { readonly k: 'nan'; readonly bits: bigint }
  | { readonly k: 'inf'; readonly neg: boolean }
  | { readonly k: 'fin'; readonly neg: boolean; readonly m: bigint; readonly e: number };

export function unpack80(b: bigint): Unpacked {
  const neg = ((b >> 79n) & 1n) === 1n;
  const exp = Number((b >> 64n) & 0x7fffn);
  const man = b & MASK64;
  if (exp === 0x7fff) return (man & (INT_BIT - 1n)) === 0n ? { k: 'inf', neg } : { k: 'nan', bits: b };
  if (exp === 0) return { k: 'fin', neg, m: man, e: MIN_LSB_EXP };
  return { k: 'fin', neg, m: man, e: exp - BIAS - 63 };
}

function bitLength(m: bigint): number {
  return m === 0n ? 0 : m.toString(2).length;
}

/** Drops `shift` low bits of m, rounding to nearest, ties to even (`sticky`: nonzero bits already gone). */
function roundShift(m: bigint, shift: number, sticky = false): bigint {
  if (shift <= 0) return m << BigInt(-shift);
  const s = BigInt(shift);
  const q = m >> s;
  const rem = m & ((1n << s) - 1n);
  const half = 1n << (s - 1n);
  if (rem > half || (rem === half && (sticky || (q & 1n) === 1n))) return q + 1n;
  return q;
}

/** The fp80 bits of (-1)^neg * m * 2^e rounded once (sticky: the exact value is a bit above m * 2^e). */
export function pack80(neg: boolean, m: bigint, e: number, sticky = false): bigint {
  const sign = neg ? 1n << 79n : 0n;
  if (m === 0n) return sign;
  const len = bitLength(m);
  let top = e + len - 1; // unbiased exponent of the leading bit
  let shift = len - 64;
  if (top + BIAS <= 0) shift = MIN_LSB_EXP - e; // subnormal: the lowest bit weighs 2^MIN_LSB_EXP
  let q = roundShift(m, shift, sticky);
  if (top + BIAS > 0 && q >> 64n) {
    q >>= 1n;
    top++;
  }
  if (top + BIAS <= 0) {
    // Subnormal (biased exponent 0) unless rounding carried into the integer bit: then the smallest normal.
    return q & INT_BIT ? sign | (1n << 64n) | q : sign | q;
  }
  const biased = top + BIAS;
  if (biased >= 0x7fff) return sign | (0x7fffn << 64n) | INT_BIT;
  return sign | (BigInt(biased) << 64n) | q;
}

function nanOf(...ops: Unpacked[]): bigint | undefined {
  for (const o of ops) if (o.k === 'nan') return o.bits | QUIET;
  return undefined;
}

function inf(neg: boolean): bigint {
  return (neg ? 1n << 79n : 0n) | (0x7fffn << 64n) | INT_BIT;
}

/** Exact a + b of finite values as (neg, m, e). */
function addFinite(an: boolean, am: bigint, ae: number, bn: boolean, bm: bigint, be: number): [boolean, bigint, number] {
  const e = Math.min(ae, be);
  const x = (an ? -1n : 1n) * (am << BigInt(ae - e));
  const y = (bn ? -1n : 1n) * (bm << BigInt(be - e));
  const r = x + y;
  return [r < 0n, r < 0n ? -r : r, e];
}

export function add80(a: bigint, b: bigint, subtract = false): bigint {
  const x = unpack80(a);
  let y = unpack80(b);
  const nan = nanOf(x, y);
  if (nan !== undefined) return nan;
  if (subtract) y = y.k === 'inf' ? { k: 'inf', neg: !y.neg } : y.k === 'fin' ? { ...y, neg: !y.neg } : y;
  if (x.k === 'inf' || y.k === 'inf') {
    if (x.k === 'inf' && y.k === 'inf' && x.neg !== y.neg) return FP80_DEFAULT_NAN;
    return inf(x.k === 'inf' ? x.neg : (y as { neg: boolean }).neg);
  }
  if (x.k !== 'fin' || y.k !== 'fin') return FP80_DEFAULT_NAN;
  if (x.m === 0n && y.m === 0n) return pack80(x.neg && y.neg, 0n, 0);
  if (x.m === 0n) return pack80(y.neg, y.m, y.e);
  if (y.m === 0n) return pack80(x.neg, x.m, x.e);
  // Far-apart operands: the smaller one only matters as a sticky bit below the rounding position.
  const gap = Math.abs(x.e + bitLength(x.m) - (y.e + bitLength(y.m)));
  if (gap > 140) {
    const [big, small] = x.e + bitLength(x.m) > y.e + bitLength(y.m) ? [x, y] : [y, x];
    const m = big.m << 80n;
    const e = big.e - 80;
    // big ± tiny: nudge by one unit far below the rounding position, in the tiny operand's direction.
    const m2 = big.neg === small.neg ? m + 1n : m - 1n;
    return pack80(big.neg, m2, e);
  }
  const [neg, m, e] = addFinite(x.neg, x.m, x.e, y.neg, y.m, y.e);
  return m === 0n ? 0n : pack80(neg, m, e);
}

export function mul80(a: bigint, b: bigint): bigint {
  const x = unpack80(a);
  const y = unpack80(b);
  const nan = nanOf(x, y);
  if (nan !== undefined) return nan;
  const neg = (x as { neg: boolean }).neg !== (y as { neg: boolean }).neg;
  if (x.k === 'inf' || y.k === 'inf') {
    if ((x.k === 'fin' && x.m === 0n) || (y.k === 'fin' && y.m === 0n)) return FP80_DEFAULT_NAN;
    return inf(neg);
  }
  if (x.k !== 'fin' || y.k !== 'fin') return FP80_DEFAULT_NAN;
  return pack80(neg, x.m * y.m, x.e + y.e);
}

export function div80(a: bigint, b: bigint): bigint {
  const x = unpack80(a);
  const y = unpack80(b);
  const nan = nanOf(x, y);
  if (nan !== undefined) return nan;
  const neg = (x as { neg: boolean }).neg !== (y as { neg: boolean }).neg;
  if (x.k === 'inf') return y.k === 'inf' ? FP80_DEFAULT_NAN : inf(neg);
  if (y.k === 'inf') return pack80(neg, 0n, 0);
  if (x.k !== 'fin' || y.k !== 'fin') return FP80_DEFAULT_NAN;
  if (y.m === 0n) return x.m === 0n ? FP80_DEFAULT_NAN : inf(neg);
  if (x.m === 0n) return pack80(neg, 0n, 0);
  // Quotient with at least 66 significant bits, then a sticky bit for a nonzero remainder.
  const k = Math.max(0, 66 + bitLength(y.m) - bitLength(x.m));
  const num = x.m << BigInt(k);
  const q = num / y.m;
  const r = num % y.m;
  return pack80(neg, (q << 1n) | (r !== 0n ? 1n : 0n), x.e - y.e - k - 1);
}

/** fmod semantics (frem): x - trunc(x/y)*y, exact. */
export function rem80(a: bigint, b: bigint): bigint {
  const x = unpack80(a);
  const y = unpack80(b);
  const nan = nanOf(x, y);
  if (nan !== undefined) return nan;
  if (x.k === 'inf') return FP80_DEFAULT_NAN;
  if (y.k === 'inf') return a;
  if (x.k !== 'fin' || y.k !== 'fin') return FP80_DEFAULT_NAN;
  if (y.m === 0n) return FP80_DEFAULT_NAN;
  if (x.m === 0n) return a;
  const e = Math.min(x.e, y.e);
  const xm = x.m << BigInt(x.e - e);
  const ym = y.m << BigInt(y.e - e);
  return pack80(x.neg, xm % ym, e);
}

/** Compares two fp80 values: -1, 0, 1, or NaN when unordered. */
export function compare80(a: bigint, b: bigint): number {
  const x = unpack80(a);
  const y = unpack80(b);
  if (x.k === 'nan' || y.k === 'nan') return NaN;
  const key = (v: Unpacked): [number, bigint, number] => {
    if (v.k === 'inf') return [v.neg ? -2 : 2, 0n, 0];
    const f = v as { neg: boolean; m: bigint; e: number };
    if (f.m === 0n) return [0, 0n, 0];
    return [f.neg ? -1 : 1, f.m, f.e];
  };
  const [sx, mx, ex] = key(x);
  const [sy, my, ey] = key(y);
  if (sx !== sy) return sx < sy ? -1 : 1;
  if (Math.abs(sx) !== 1) return 0;
  const e = Math.min(ex, ey);
  const dx = mx << BigInt(ex - e);
  const dy = my << BigInt(ey - e);
  const c = dx === dy ? 0 : dx < dy ? -1 : 1;
  return sx < 0 ? -c : c;
}

/** The fp80 value truncated toward zero, as an integer (undefined for NaN and infinities). */
export function truncToInt80(a: bigint): bigint | undefined {
  const x = unpack80(a);
  if (x.k !== 'fin') return undefined;
  const t = x.e >= 0 ? x.m << BigInt(x.e) : x.m >> BigInt(-x.e);
  return x.neg ? -t : t;
}

/** An integer to fp80, rounded once (exact for every 64-bit integer). */
export function intTo80(x: bigint): bigint {
  return x < 0n ? pack80(true, -x, 0) : pack80(false, x, 0);
}

/** A double's bits to fp80 (exact). */
export function f64To80(bits: bigint): bigint {
  const neg = (bits >> 63n) & 1n ? true : false;
  const e = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & 0xfffffffffffffn;
  if (e === 0x7ff) {
    if (frac === 0n) return inf(neg);
    return (neg ? 1n << 79n : 0n) | (0x7fffn << 64n) | INT_BIT | (frac << 11n);
  }
  if (e === 0) return pack80(neg, frac, -1074);
  return pack80(neg, frac | (1n << 52n), e - 1075);
}

/** fp80 to a binary format with `p` significand bits, minimum normal exponent `emin` and largest finite
 *  value `max`, rounded once; the result as a JS number (exactly representable in that format). */
function toNarrow(a: bigint, p: number, emin: number, max: number): number {
  const x = unpack80(a);
  if (x.k === 'nan') return NaN;
  if (x.k === 'inf') return x.neg ? -Infinity : Infinity;
  if (x.m === 0n) return x.neg ? -0 : 0;
  const top = x.e + bitLength(x.m) - 1;
  const lsb = Math.max(top - (p - 1), emin - (p - 1));
  const q = roundShift(x.m, lsb - x.e);
  if (top > 2000) return x.neg ? -Infinity : Infinity;
  const v = Number(q) * 2 ** lsb; // exact, or Infinity past the double range
  if (v > max) return x.neg ? -Infinity : Infinity;
  return x.neg ? -v : v;
}

/** fp80 to double bits, rounded once. */
export function f80ToF64Bits(a: bigint): bigint {
  const x = unpack80(a);
  if (x.k === 'nan') {
    // Keep the sign and the top fraction bits, quiet.
    const neg = (a >> 79n) & 1n;
    return (neg << 63n) | (0x7ffn << 52n) | (1n << 51n) | ((a >> 11n) & ((1n << 51n) - 1n));
  }
  return f64ToBits(toNarrow(a, 53, -1022, Number.MAX_VALUE));
}

/** fp80 to a float value (a JS number exactly representable as float), rounded once. */
export function f80ToF32Value(a: bigint): number {
  return toNarrow(a, 24, -126, 3.4028234663852886e38);
}

/** fp80 to a JS number (rounded once to double). */
export function f80ToNumber(a: bigint): number {
  return f64FromBits(f80ToF64Bits(a));
}
