// Floating-point intrinsics (llvm.fabs, copysign, floor, ceil, trunc, rint, nearbyint, round, roundeven,
// sqrt, fma, fmuladd, minnum, maxnum, minimum, maximum, is.fpclass, pow, exp, log, sin, cos, …) and the
// libm functions of the same names (sqrt, sqrtf, floor, …) for `--libc none`. fabs and copysign work on
// the sign bit and so stay exact for symbolic operands; the others concretise a symbolic operand.
// llvm.fmuladd is computed unfused (multiply, round, add, round), as x86-64 code without FMA does, and
// symbolically for float/double under --fp symbolic;
// llvm.fma is fused exactly. Transcendental functions use JS Math and may differ from glibc in the last
// bit.

import * as B from '../../expr/build.js';
import { fpArith } from '../../expr/build-fp.js';
import { Kind, type Expr } from '../../expr/expr.js';
import { evalFpBinary } from '../../expr/fp-semantics.js';
import { floatFormat, resultBits } from '../ops/float-format.js';
import { bitWidth } from '../ops/lanes.js';
import { f64ToBits, isConcreteBits, norm, type Scalar, type Val } from '../values.js';
import type { Builtin, BuiltinTableEntries, CallContext } from './types.js';

/** A float function of n operands of the first argument's format, lane-wise for vectors. */
function floatFn(n: number, f: (xs: number[]) => number): Builtin {
  const run = (c: CallContext, args: Val[]): Val => {
    const t = c.argTypes[0]!;
    const fmt = floatFormat(t);
    const one = (xs: bigint[]): bigint => resultBits(fmt, f(xs.map((x) => fmt.decode(x))), xs);
    if (t.kind !== 'vector') return one(args.slice(0, n) as bigint[]);
    return (args[0] as bigint[]).map((_, i) => one(args.slice(0, n).map((a) => (a as bigint[])[i]!)));
  };
  return concretizing(n, run);
}

/** Runs `f` on the first n arguments once they are concrete (concretising symbolic ones). */
function concretizing(n: number, f: (c: CallContext, args: Val[]) => Val): Builtin {
  return (c, args) => {
    const vals = args.slice(0, n);
    if (vals.every(isConcreteBits)) return f(c, args);
    return c.ex.concretizeVals(c.s, vals, `floating-point argument of ${c.name}`, c.inst).then((conc) => (conc === null ? undefined : f(c, conc)));
  };
}

/** A bit-level operation on the sign (exact for symbolic values too). */
function signOp(kind: 'abs' | 'copysign'): Builtin {
  return (c, args) => {
    const t = c.argTypes[0]!;
    const w = bitWidth(t);
    const sign = 1n << BigInt(w - 1);
    const one = (x: Scalar, y?: Scalar): Scalar => {
      if (kind === 'abs') return typeof x === 'bigint' ? x & ~sign : norm(B.and(x, B.constant(w, sign - 1n)));
      if (typeof x === 'bigint' && typeof y === 'bigint') return (x & ~sign) | (y & sign);
      const xe = typeof x === 'bigint' ? B.constant(w, x) : x;
      const ye = typeof y === 'bigint' ? B.constant(w, y!) : y!;
      return norm(B.or(B.and(xe, B.constant(w, sign - 1n)), B.and(ye, B.constant(w, sign))));
    };
    if (t.kind === 'vector') return (args[0] as Scalar[]).map((x, i) => one(x, (args[1] as Scalar[] | undefined)?.[i]));
    return one(args[0] as Scalar, args[1] as Scalar | undefined);
  };
}

function roundHalfAway(x: number): number {
  if (!Number.isFinite(x)) return x;
  const t = Math.trunc(x);
  return Math.abs(x - t) >= 0.5 ? t + Math.sign(x) : t;
}

function roundHalfEven(x: number): number {
  if (!Number.isFinite(x)) return x;
  const f = Math.floor(x);
  const d = x - f;
  if (d < 0.5) return f === 0 && x < 0 ? -0 : f;
  if (d > 0.5) return f + 1;
  return f % 2 === 0 ? f : f + 1;
}

/** Exact a*b+c rounded once (doubles): via exact binary integers. */
function fusedMulAdd(a: number, b: number, c: number): number {
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(c) || a === 0 || b === 0) return a * b + c;
  const dec = (x: number): [bigint, number] => {
    const bits = f64ToBits(x);
    const e = Number((bits >> 52n) & 0x7ffn);
    const m = e === 0 ? bits & 0xfffffffffffffn : (bits & 0xfffffffffffffn) | (1n << 52n);
    const s = bits >> 63n ? -1n : 1n;
    return [s * m, (e === 0 ? 1 : e) - 1075];
  };
  const [ma, ea] = dec(a);
  const [mb, eb] = dec(b);
  const [mc, ec] = c === 0 ? [0n, ea + eb] : dec(c);
  const ep = ea + eb;
  const e = Math.min(ep, ec);
  const sum = ma * mb * (1n << BigInt(ep - e)) + mc * (1n << BigInt(ec - e));
  if (sum === 0n) return a * b + c; // sign of zero as IEEE says
  // Round the exact integer `sum` to 53 bits, then scale (exact unless the result is subnormal).
  const neg = sum < 0n;
  let m = neg ? -sum : sum;
  const shift = m.toString(2).length - 53;
  let exp = e;
  if (shift > 0) {
    const rem = m & ((1n << BigInt(shift)) - 1n);
    m >>= BigInt(shift);
    const half = 1n << BigInt(shift - 1);
    if (rem > half || (rem === half && (m & 1n) === 1n)) m++;
    exp += shift;
  }
  const r = Number(m) * Math.pow(2, exp);
  return neg ? -r : r;
}

function minNum(x: number, y: number): number {
  if (Number.isNaN(x)) return y;
  if (Number.isNaN(y)) return x;
  return x < y ? x : y > x ? x : x === y && Object.is(x, -0) ? x : y;
}
function maxNum(x: number, y: number): number {
  if (Number.isNaN(x)) return y;
  if (Number.isNaN(y)) return x;
  return x > y ? x : y < x ? x : x === y && Object.is(y, -0) ? x : y;
}

function isFpClass(c: CallContext, args: Val[]): Val {
  const t = c.argTypes[0]!;
  const fmt = floatFormat(t);
  const mask = Number(args[1] as bigint);
  const classify = (b: bigint): bigint => {
    const x = fmt.decode(b);
    const neg = (b >> BigInt(fmt.bits - 1)) & 1n;
    let bitNo: number;
    if (Number.isNaN(x)) {
      // quiet bit: the top fraction bit (for the formats with an implicit bit)
      const quiet = fmt.bits === 32 ? (b >> 22n) & 1n : fmt.bits === 64 ? (b >> 51n) & 1n : 1n;
      bitNo = quiet ? 1 : 0;
    } else if (!Number.isFinite(x)) bitNo = neg ? 2 : 9;
    else if (x === 0) bitNo = neg ? 5 : 6;
    else {
      const sub = Math.abs(x) < (fmt.bits === 32 ? 1.1754943508222875e-38 : 2.2250738585072014e-308);
      bitNo = neg ? (sub ? 4 : 3) : sub ? 7 : 8;
    }
    return (mask >> bitNo) & 1 ? 1n : 0n;
  };
  if (t.kind === 'vector') return (args[0] as bigint[]).map(classify);
  return classify(args[0] as bigint);
}

/**
 * llvm.fmuladd of float/double: a multiply rounded, then an add rounded, in the operands' format with
 * x86's NaN rules — what x86-64 code without FMA computes (mulss/addss, mulsd/addsd) — concretely
 * through fp-semantics.ts and, with a symbolic operand under --fp symbolic, as FMul and FAdd nodes.
 * Clang emits it at -O0 for `a * b + c` (-ffp-contract=on). Other formats: `other`.
 */
function mulAdd(other: Builtin): Builtin {
  return (c, args) => {
    const t = c.argTypes[0]!;
    const elem = t.kind === 'vector' ? t.elem : t;
    if (elem.kind !== 'float' || (elem.name !== 'float' && elem.name !== 'double')) return other(c, args);
    const w = elem.name === 'float' ? 32 : 64;
    const one = (a: Scalar, b: Scalar, d: Scalar): Scalar => {
      if (typeof a === 'bigint' && typeof b === 'bigint' && typeof d === 'bigint') {
        return evalFpBinary(Kind.FAdd, w, evalFpBinary(Kind.FMul, w, a, b, w), d, w);
      }
      const e = (x: Scalar): Expr => (typeof x === 'bigint' ? B.constant(w, x) : x);
      return norm(fpArith(Kind.FAdd, fpArith(Kind.FMul, e(a), e(b)), e(d)));
    };
    const [a, b, d] = args as [Val, Val, Val];
    if (c.ex.opts.fp === 'concrete' && ![a, b, d].every(isConcreteBits)) return other(c, args);
    if (t.kind !== 'vector') return one(a as Scalar, b as Scalar, d as Scalar);
    return (a as Scalar[]).map((x, i) => one(x, (b as Scalar[])[i]!, (d as Scalar[])[i]!));
  };
}

const unary = (f: (x: number) => number): Builtin => floatFn(1, ([x]) => f(x!));
const binary = (f: (x: number, y: number) => number): Builtin => floatFn(2, ([x, y]) => f(x!, y!));

const FNS: Record<string, Builtin> = {
  floor: unary(Math.floor),
  ceil: unary(Math.ceil),
  trunc: unary(Math.trunc),
  round: unary(roundHalfAway),
  rint: unary(roundHalfEven),
  nearbyint: unary(roundHalfEven),
  roundeven: unary(roundHalfEven),
  sqrt: unary(Math.sqrt),
  fma: floatFn(3, ([a, b, c]) => fusedMulAdd(a!, b!, c!)),
  fmuladd: mulAdd(floatFn(3, ([a, b, c]) => a! * b! + c!)),
  minnum: binary(minNum),
  maxnum: binary(maxNum),
  minimum: binary((x, y) => (Number.isNaN(x) || Number.isNaN(y) ? NaN : Math.min(x, y))),
  maximum: binary((x, y) => (Number.isNaN(x) || Number.isNaN(y) ? NaN : Math.max(x, y))),
  pow: binary(Math.pow),
  exp: unary(Math.exp),
  exp2: unary((x) => Math.pow(2, x)),
  log: unary(Math.log),
  log2: unary(Math.log2),
  log10: unary(Math.log10),
  sin: unary(Math.sin),
  cos: unary(Math.cos),
  fabs: signOp('abs'),
  copysign: signOp('copysign'),
};

/** libm names (double and float variants) mapped to the same implementations. */
const LIBM: Record<string, Builtin> = {
  fmod: binary((x, y) => x % y),
  fmin: binary(minNum),
  fmax: binary(maxNum),
  tan: unary(Math.tan),
  asin: unary(Math.asin),
  acos: unary(Math.acos),
  atan: unary(Math.atan),
  atan2: binary(Math.atan2),
  sinh: unary(Math.sinh),
  cosh: unary(Math.cosh),
  tanh: unary(Math.tanh),
  cbrt: unary(Math.cbrt),
  hypot: binary(Math.hypot),
  expm1: unary(Math.expm1),
  log1p: unary(Math.log1p),
};

/** vector.reduce.fadd/fmul (start value, then the lanes in order), fmax/fmin/fmaximum/fminimum. */
function reduceFloat(op: (x: number, y: number) => number, withStart: boolean): Builtin {
  const fold = (c: CallContext, args: Val[]): Val => {
    const vt = c.argTypes[withStart ? 1 : 0]!;
    const fmt = floatFormat(vt);
    const lanes = (args[withStart ? 1 : 0] as bigint[]).map((b) => fmt.decode(b));
    let acc = withStart ? fmt.decode(args[0] as bigint) : lanes.shift()!;
    for (const x of lanes) acc = fmt.decode(fmt.encode(op(acc, x)));
    return fmt.encode(acc);
  };
  return concretizing(withStart ? 2 : 1, fold);
}

export const LLVM_FLOAT: BuiltinTableEntries = {
  'llvm.is.fpclass': isFpClass,
  'llvm.vector.reduce.fadd': reduceFloat((x, y) => x + y, true),
  'llvm.vector.reduce.fmul': reduceFloat((x, y) => x * y, true),
  'llvm.vector.reduce.fmax': reduceFloat(maxNum, false),
  'llvm.vector.reduce.fmin': reduceFloat(minNum, false),
  'llvm.vector.reduce.fmaximum': reduceFloat((x, y) => (Number.isNaN(x) || Number.isNaN(y) ? NaN : Math.max(x, y)), false),
  'llvm.vector.reduce.fminimum': reduceFloat((x, y) => (Number.isNaN(x) || Number.isNaN(y) ? NaN : Math.min(x, y)), false),
};
for (const [name, f] of Object.entries(FNS)) {
  LLVM_FLOAT[`llvm.${name}`] = f;
  LLVM_FLOAT[name] = f;
  LLVM_FLOAT[`${name}f`] = f;
}
for (const [name, f] of Object.entries(LIBM)) {
  LLVM_FLOAT[name] = f;
  LLVM_FLOAT[`${name}f`] = f;
}
LLVM_FLOAT['llvm.maximumnum'] = FNS.maxnum!;
LLVM_FLOAT['llvm.minimumnum'] = FNS.minnum!;

