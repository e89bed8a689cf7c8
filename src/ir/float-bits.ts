// Floating-point literals to IEEE bit patterns. The model keeps a ConstFloat as the bits of the value
// in its own format (float: 32 bits, x86_fp80: 80 bits, …), so the engine never re-parses text. LLVM
// writes most literals as decimals exactly representable in the type, or as `0x` + the *double* bits
// of the value (even for float and half); the other formats have their own prefixes (0xK, 0xL, …).

import type { FloatKind } from './types.js';

const buf = new DataView(new ArrayBuffer(8));

export function doubleToBits(x: number): bigint {
  buf.setFloat64(0, x);
  return buf.getBigUint64(0);
}

export function bitsToDouble(b: bigint): number {
  buf.setBigUint64(0, BigInt.asUintN(64, b));
  return buf.getFloat64(0);
}

function floatToBits(x: number): bigint {
  buf.setFloat32(0, x);
  return BigInt(buf.getUint32(0));
}

/** Round-to-nearest-even conversion of a double to a binary format with `expBits`/`manBits`. */
function doubleToSmall(x: number, expBits: number, manBits: number): bigint {
  const total = 1 + expBits + manBits;
  const bias = (1 << (expBits - 1)) - 1;
  const maxExp = (1 << expBits) - 1;
  const sign = x < 0 || Object.is(x, -0) ? 1n : 0n;
  const signBit = sign << BigInt(total - 1);
  if (Number.isNaN(x)) return (BigInt(maxExp) << BigInt(manBits)) | (1n << BigInt(manBits - 1));
  const a = Math.abs(x);
  if (a === Infinity) return signBit | (BigInt(maxExp) << BigInt(manBits));
  if (a === 0) return signBit;
  // Work on the double's exact binary expansion: a = m * 2^e with integer m.
  const db = doubleToBits(a);
  const dExp = Number((db >> 52n) & 0x7ffn);
  let m = db & ((1n << 52n) - 1n);
  let e: number;
  if (dExp === 0) e = -1074;
  else {
    m |= 1n << 52n;
    e = dExp - 1075;
  }
  // Normalise so that m has exactly manBits+1 significant bits for a normal result.
  const mBits = m.toString(2).length;
  let exp = e + mBits - 1; // unbiased exponent of the leading bit
  let shift = mBits - 1 - manBits; // bits to drop
  if (exp + bias <= 0) shift += 1 - (exp + bias); // subnormal: fewer mantissa bits
  let q = m;
  if (shift > 0) {
    const s = BigInt(shift);
    const rem = m & ((1n << s) - 1n);
    q = m >> s;
    const half = 1n << (s - 1n);
    if (rem > half || (rem === half && (q & 1n) === 1n)) q += 1n;
  } else if (shift < 0) q = m << BigInt(-shift);
  let biased: number;
  if (exp + bias <= 0) {
    // subnormal (may have rounded up into the smallest normal)
    biased = q >> BigInt(manBits) ? 1 : 0;
    return signBit | (BigInt(biased) << BigInt(manBits)) | (q & ((1n << BigInt(manBits)) - 1n));
  }
  if (q >> BigInt(manBits + 1)) {
    q >>= 1n;
    exp++;
  }
  biased = exp + bias;
  if (biased >= maxExp) return signBit | (BigInt(maxExp) << BigInt(manBits));
  return signBit | (BigInt(biased) << BigInt(manBits)) | (q & ((1n << BigInt(manBits)) - 1n));
}

/** A double to an IEEE format with an explicit wide exponent (x86_fp80, fp128): always exact. */
function doubleToWide(x: number, expBits: number, manBits: number, explicitInt: boolean): bigint {
  const total = 1 + expBits + manBits + (explicitInt ? 1 : 0);
  const sign = x < 0 || Object.is(x, -0) ? 1n << BigInt(total - 1) : 0n;
  const manField = manBits + (explicitInt ? 1 : 0);
  const maxExp = (1n << BigInt(expBits)) - 1n;
  const bias = (1 << (expBits - 1)) - 1;
  if (Number.isNaN(x)) {
    const quiet = 1n << BigInt(manBits - 1);
    return sign | (maxExp << BigInt(manField)) | (explicitInt ? 1n << BigInt(manBits) : 0n) | quiet;
  }
  const a = Math.abs(x);
  if (a === Infinity) return sign | (maxExp << BigInt(manField)) | (explicitInt ? 1n << BigInt(manBits) : 0n);
  if (a === 0) return sign;
  const db = doubleToBits(a);
  const dExp = Number((db >> 52n) & 0x7ffn);
  let m = db & ((1n << 52n) - 1n);
  let exp: number;
  if (dExp === 0) {
    // double subnormal: normalise
    const bits = m.toString(2).length;
    exp = -1074 + bits - 1;
    m = (m << BigInt(53 - bits)) & ((1n << 52n) - 1n);
  } else exp = dExp - 1023;
  const frac = m << BigInt(manBits - 52);
  const intBit = explicitInt ? 1n << BigInt(manBits) : 0n;
  return sign | (BigInt(exp + bias) << BigInt(manField)) | intBit | frac;
}

/** The bit pattern of `x` (a JS double) in format `kind`. */
export function doubleToFormat(kind: FloatKind, x: number): bigint {
  switch (kind) {
    case 'double':
      return doubleToBits(x);
    case 'float':
      return floatToBits(x);
    case 'half':
      return doubleToSmall(x, 5, 10);
    case 'bfloat':
      return doubleToSmall(x, 8, 7);
    case 'x86_fp80':
      return doubleToWide(x, 15, 63, true);
    case 'fp128':
      return doubleToWide(x, 15, 112, false);
    case 'ppc_fp128':
      // double-double: the high double carries the value, the low one is zero.
      return doubleToBits(x) << 64n;
  }
}

/** Whether converting `x` to `kind` loses nothing (LLVM requires decimal literals to be exact). */
export function isExactIn(kind: FloatKind, x: number): boolean {
  if (Number.isNaN(x) || !Number.isFinite(x)) return true;
  switch (kind) {
    case 'float':
      return Math.fround(x) === x;
    case 'half':
    case 'bfloat': {
      const bits = doubleToFormat(kind, x);
      return halfLikeToDouble(kind, bits) === x;
    }
    default:
      return true;
  }
}

function halfLikeToDouble(kind: 'half' | 'bfloat', bits: bigint): number {
  const [eb, mb] = kind === 'half' ? [5, 10] : [8, 7];
  const b = Number(bits);
  const sign = b >> (eb + mb) ? -1 : 1;
  const e = (b >> mb) & ((1 << eb) - 1);
  const m = b & ((1 << mb) - 1);
  const bias = (1 << (eb - 1)) - 1;
  if (e === (1 << eb) - 1) return m ? NaN : sign * Infinity;
  if (e === 0) return sign * m * 2 ** (1 - bias - mb);
  return sign * (1 + m / 2 ** mb) * 2 ** (e - bias);
}

/**
 * The bits of a hexadecimal literal (`hexKind` is the char code of K/L/M/H/R, 0 for plain `0x`) in
 * format `kind`, or undefined when the literal does not fit the type.
 */
export function hexLiteralBits(kind: FloatKind, hexKind: number, digits: string): bigint | undefined {
  const v = BigInt('0x' + digits);
  switch (hexKind) {
    case 0: {
      // Plain 0x: the bits of a double whose value the type must hold.
      if (digits.length > 16) return undefined;
      if (kind === 'double') return v;
      const x = bitsToDouble(v);
      if (kind === 'x86_fp80' || kind === 'fp128' || kind === 'ppc_fp128') return doubleToFormat(kind, x);
      return doubleToFormat(kind, x);
    }
    case 75: // K: x86_fp80, written big-endian
      return kind === 'x86_fp80' && digits.length <= 20 ? v : undefined;
    case 76: // L: fp128, low 64 bits first
    case 77: {
      // M: ppc_fp128, same layout
      if ((hexKind === 76 ? kind !== 'fp128' : kind !== 'ppc_fp128') || digits.length > 32) return undefined;
      const lo = BigInt('0x' + (digits.slice(0, 16) || '0'));
      const hi = BigInt('0x' + (digits.slice(16) || '0'));
      return (hi << 64n) | lo;
    }
    case 72: // H: half
      return kind === 'half' && digits.length <= 4 ? v : undefined;
    case 82: // R: bfloat
      return kind === 'bfloat' && digits.length <= 4 ? v : undefined;
  }
  return undefined;
}
