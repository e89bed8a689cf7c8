// printf-family formatting, byte for byte as glibc prints: flags, width, precision, length modifiers and
// the d i u o x X c s p f F e E g G a A % conversions. Floating-point conversions use the exact decimal
// expansion of the binary value (bigint arithmetic) with round-half-even, which is what glibc does, so
// "%.2f" of 2.675 prints 2.67 and "%.0f" of 2.5 prints 2. Arguments come from an ArgSource: direct call
// arguments (printf) or a va_list in memory (vprintf); both are concrete by the time they get here.

import { f64ToBits } from '../values.js';

export interface ArgSource {
  /** The next integer argument of `bytes` bytes, as a JS bigint (sign-extended when `signed`). */
  int(bytes: number, signed: boolean): Promise<bigint | null>;
  /** The next floating-point argument (`long`: long double) and whether its sign bit is set. */
  float(long: boolean): Promise<{ x: number; negative: boolean } | null>;
  /** The bytes of the NUL-terminated string at `ptr` (at most `limit` bytes). */
  string(ptr: bigint, limit: number): Promise<Uint8Array | null>;
}

/** Formats `fmt`; null when an argument could not be obtained (the state ended). */
export async function formatPrintf(fmt: Uint8Array, args: ArgSource): Promise<Uint8Array | null> {
  let out = '';
  let i = 0;
  const n = fmt.length;
  while (i < n) {
    const ch = fmt[i]!;
    if (ch !== 0x25 /* % */) {
      const start = i;
      while (i < n && fmt[i] !== 0x25) i++;
      out += latin1(fmt.subarray(start, i));
      continue;
    }
    i++;
    if (fmt[i] === 0x25) {
      out += '%';
      i++;
      continue;
    }
    // flags
    let left = false;
    let plus = false;
    let space = false;
    let alt = false;
    let zero = false;
    for (;;) {
      const f = fmt[i];
      if (f === 0x2d) left = true;
      else if (f === 0x2b) plus = true;
      else if (f === 0x20) space = true;
      else if (f === 0x23) alt = true;
      else if (f === 0x30) zero = true;
      else if (f === 0x27) {
        /* grouping: ignored (C locale) */
      } else break;
      i++;
    }
    // width
    let width = 0;
    if (fmt[i] === 0x2a) {
      const w = await args.int(4, true);
      if (w === null) return null;
      width = Number(w);
      if (width < 0) {
        left = true;
        width = -width;
      }
      i++;
    } else {
      while (i < n && fmt[i]! >= 0x30 && fmt[i]! <= 0x39) width = width * 10 + (fmt[i++]! - 0x30);
    }
    // precision
    let prec = -1;
    if (fmt[i] === 0x2e) {
      i++;
      if (fmt[i] === 0x2a) {
        const p = await args.int(4, true);
        if (p === null) return null;
        prec = Number(p) < 0 ? -1 : Number(p);
        i++;
      } else {
        prec = 0;
        while (i < n && fmt[i]! >= 0x30 && fmt[i]! <= 0x39) prec = prec * 10 + (fmt[i++]! - 0x30);
      }
    }
    // length
    let size = 4;
    let longDouble = false;
    for (;;) {
      const l = fmt[i];
      if (l === 0x68 /* h */) size = size === 2 ? 1 : 2;
      else if (l === 0x6c /* l */) size = 8;
      else if (l === 0x71 /* q */ || l === 0x6a /* j */ || l === 0x7a /* z */ || l === 0x74 /* t */) size = 8;
      else if (l === 0x4c /* L */) {
        longDouble = true;
        size = 8;
      } else break;
      i++;
    }
    const conv = String.fromCharCode(fmt[i] ?? 0);
    i++;
    let body: string;
    let prefix = '';
    let numeric = false;
    switch (conv) {
      case 'd':
      case 'i': {
        const v = await args.int(size, true);
        if (v === null) return null;
        prefix = v < 0n ? '-' : plus ? '+' : space ? ' ' : '';
        body = intDigits(v < 0n ? -v : v, 10, prec);
        numeric = true;
        break;
      }
      case 'u':
      case 'o':
      case 'x':
      case 'X': {
        const v = await args.int(size, false);
        if (v === null) return null;
        const base = conv === 'u' ? 10 : conv === 'o' ? 8 : 16;
        body = intDigits(v, base, prec);
        if (conv === 'X') body = body.toUpperCase();
        if (alt && conv === 'o' && !body.startsWith('0')) body = '0' + body;
        if (alt && (conv === 'x' || conv === 'X') && v !== 0n) prefix = conv === 'x' ? '0x' : '0X';
        numeric = true;
        break;
      }
      case 'c': {
        const v = await args.int(4, false);
        if (v === null) return null;
        body = String.fromCharCode(Number(v & 0xffn));
        break;
      }
      case 's': {
        const p = await args.int(8, false);
        if (p === null) return null;
        if (p === 0n) body = prec >= 0 && prec < 6 ? '' : '(null)';
        else {
          const bytes = await args.string(p, prec >= 0 ? prec : Infinity);
          if (bytes === null) return null;
          body = latin1(bytes);
        }
        break;
      }
      case 'p': {
        const p = await args.int(8, false);
        if (p === null) return null;
        if (p === 0n) body = '(nil)';
        else {
          body = intDigits(p, 16, prec);
          prefix = '0x';
          numeric = true;
        }
        break;
      }
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G':
      case 'a':
      case 'A': {
        const arg = await args.float(longDouble);
        if (arg === null) return null;
        const x = arg.x;
        const neg = arg.negative;
        prefix = neg ? '-' : plus ? '+' : space ? ' ' : '';
        body = formatFloat(Math.abs(x), conv, prec, alt);
        numeric = Number.isFinite(x);
        break;
      }
      case 'n': {
        // Writing the count back is not supported; consume the pointer.
        if ((await args.int(8, false)) === null) return null;
        body = '';
        break;
      }
      default:
        body = '%' + conv;
    }
    const len = prefix.length + body.length;
    if (len >= width) out += prefix + body;
    else if (left) out += prefix + body + ' '.repeat(width - len);
    else if (zero && numeric && !(prec >= 0 && 'diouxX'.includes(conv))) out += prefix + '0'.repeat(width - len) + body;
    else out += ' '.repeat(width - len) + prefix + body;
  }
  return Buffer.from(out, 'latin1');
}

/** Bytes as a string of char codes 0..255 (so Buffer.from(s, 'latin1') gives them back). */
export function latin1(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 4096) s += String.fromCharCode(...b.subarray(i, i + 4096));
  return s;
}

function intDigits(v: bigint, base: number, prec: number): string {
  if (prec === 0 && v === 0n) return '';
  const d = v.toString(base);
  return prec > d.length ? '0'.repeat(prec - d.length) + d : d;
}

// ---------------------------------------------------------------------------------------------
// Floating point

/** x = S / 10^k exactly (x finite, >= 0). */
function exact(x: number): { S: bigint; k: number } {
  const bits = f64ToBits(x);
  const e = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & 0xfffffffffffffn;
  const m = e === 0 ? frac : frac | (1n << 52n);
  const exp = (e === 0 ? 1 : e) - 1075; // x = m * 2^exp
  if (exp >= 0) return { S: m << BigInt(exp), k: 0 };
  return { S: m * 5n ** BigInt(-exp), k: -exp };
}

const pow10cache: bigint[] = [];
function pow10(n: number): bigint {
  return (pow10cache[n] ??= 10n ** BigInt(n));
}

/** round(x * 10^p) with ties to even, for x = S / 10^k (p may be negative). */
function scaled(S: bigint, k: number, p: number): bigint {
  if (p >= k) return S * pow10(p - k);
  const d = pow10(k - p);
  let q = S / d;
  const r2 = (S % d) * 2n;
  if (r2 > d || (r2 === d && (q & 1n) === 1n)) q++;
  return q;
}

function fixed(x: number, prec: number, alt: boolean): string {
  const { S, k } = exact(x);
  const q = scaled(S, k, prec).toString();
  if (prec === 0) return alt ? q + '.' : q;
  const padded = q.padStart(prec + 1, '0');
  return padded.slice(0, -prec) + '.' + padded.slice(-prec);
}

/** Digits (prec+1 of them) and decimal exponent of x in scientific notation. */
function sci(x: number, prec: number): { digits: string; exp: number } {
  if (x === 0) return { digits: '0'.repeat(prec + 1), exp: 0 };
  const { S, k } = exact(x);
  let exp = S.toString().length - 1 - k;
  let q = scaled(S, k, prec - exp);
  let digits = q.toString();
  if (digits.length > prec + 1) {
    exp++;
    q = scaled(S, k, prec - exp);
    digits = q.toString();
  }
  return { digits, exp };
}

function expText(e: number, upper: boolean): string {
  const a = Math.abs(e);
  return (upper ? 'E' : 'e') + (e < 0 ? '-' : '+') + (a < 10 ? '0' : '') + a;
}

function formatFloat(x: number, conv: string, prec: number, alt: boolean): string {
  const upper = conv === conv.toUpperCase();
  if (!Number.isFinite(x)) {
    const t = Number.isNaN(x) ? 'nan' : 'inf';
    return upper ? t.toUpperCase() : t;
  }
  switch (conv) {
    case 'f':
    case 'F':
      return fixed(x, prec < 0 ? 6 : prec, alt);
    case 'e':
    case 'E': {
      const p = prec < 0 ? 6 : prec;
      const { digits, exp } = sci(x, p);
      return digits[0] + (p > 0 || alt ? '.' : '') + digits.slice(1) + expText(exp, upper);
    }
    case 'g':
    case 'G': {
      let P = prec < 0 ? 6 : prec;
      if (P === 0) P = 1;
      const { exp } = sci(x, P - 1);
      let s: string;
      if (P > exp && exp >= -4) s = fixed(x, P - 1 - exp, alt);
      else {
        const { digits } = sci(x, P - 1);
        s = digits[0] + (P - 1 > 0 || alt ? '.' : '') + digits.slice(1);
        if (!alt) s = stripZeros(s);
        return s + expText(exp, upper);
      }
      return alt ? s : stripZeros(s);
    }
    default:
      return hexFloat(x, prec, upper);
  }
}

function stripZeros(s: string): string {
  if (!s.includes('.')) return s;
  s = s.replace(/0+$/, '');
  return s.endsWith('.') ? s.slice(0, -1) : s;
}

function hexFloat(x: number, prec: number, upper: boolean): string {
  const bits = f64ToBits(x);
  const e = Number((bits >> 52n) & 0x7ffn);
  let frac = bits & 0xfffffffffffffn;
  let lead = e === 0 ? 0 : 1; // glibc keeps a carry into the leading digit (0x2.00p+1023)
  let exp = x === 0 ? 0 : (e === 0 ? 1 : e) - 1023;
  let digits = 13;
  if (prec >= 0 && prec < 13) {
    // round the 52-bit fraction to prec hex digits, ties to even
    const drop = BigInt(4 * (13 - prec));
    const rem = frac & ((1n << drop) - 1n);
    frac >>= drop;
    const half = 1n << (drop - 1n);
    if (rem > half || (rem === half && (frac & 1n) === 1n)) frac++;
    if (frac >> BigInt(4 * prec) !== 0n) {
      frac &= (1n << BigInt(4 * prec)) - 1n;
      lead++;
    }
    digits = prec;
  }
  let hex = digits > 0 ? frac.toString(16).padStart(digits, '0') : '';
  if (prec < 0) hex = hex.replace(/0+$/, '');
  else if (prec > 13) hex = hex + '0'.repeat(prec - 13);
  const s = `0x${lead}${hex ? '.' + hex : ''}p${exp < 0 ? '-' : '+'}${Math.abs(exp)}`;
  return upper ? s.toUpperCase() : s;
}
