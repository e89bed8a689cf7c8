// LLVM's integer intrinsics: smax smin umax umin abs, ctpop ctlz cttz bswap bitreverse fshl fshr,
// the *.with.overflow family, saturating arithmetic and vector.reduce.*. Each has a concrete bigint
// version and a symbolic one built from expressions (no forking, no concretisation), applied lane-wise
// to vector operands.

import type { Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import type { Type } from '../../ir/types.js';
import { bitWidth } from '../ops/lanes.js';
import { norm, toExpr, type Scalar, type Val } from '../values.js';
import type { Builtin, BuiltinTableEntries, CallContext } from './types.js';
import { scalarIntOp } from '../ops/arith.js';

type Conc = (w: number, xs: bigint[]) => Val;
type Sym = (w: number, xs: Expr[]) => Val;

const signed = (w: number, x: bigint): bigint => BigInt.asIntN(w, x);
const u = (w: number, x: bigint): bigint => BigInt.asUintN(w, x);

/** An intrinsic over scalars of the first argument's width, lifted to vectors lane by lane. */
function intrinsic(nargs: number, conc: Conc, sym: Sym): Builtin {
  const scalar = (w: number, xs: Scalar[]): Val =>
    xs.every((x) => typeof x === 'bigint') ? conc(w, xs as bigint[]) : normVal(sym(w, xs.map((x) => toExpr(x, w))));
  return (c: CallContext, args: Val[]) => {
    const t = c.argTypes[0]!;
    const w = bitWidth(t);
    const xs = args.slice(0, nargs);
    if (t.kind !== 'vector') return scalar(w, xs as Scalar[]);
    const lanes = (xs[0] as Val[]).map((_, i) => scalar(w, xs.map((x) => (Array.isArray(x) ? x[i]! : x)) as Scalar[]));
    // {T, i1} results of vectors come back as a pair of vectors
    return Array.isArray(lanes[0]) ? [lanes.map((l) => (l as Val[])[0]!), lanes.map((l) => (l as Val[])[1]!)] : lanes;
  };
}

function normVal(v: Val): Val {
  if (Array.isArray(v)) return v.map(normVal);
  return typeof v === 'bigint' ? v : norm(v);
}

const bit = (x: Expr, i: number): Expr => B.extract(x, i, 1);
const k = (w: number, v: bigint | number): Expr => B.constant(w, v);

function minmax(pred: string): Builtin {
  const s = (w: number, x: bigint): bigint => (pred[0] === 's' ? signed(w, x) : x);
  const pick = pred.endsWith('gt') ? (a: bigint, b: bigint) => a > b : (a: bigint, b: bigint) => a < b;
  return intrinsic(
    2,
    (w, [a, b]) => (pick(s(w, a!), s(w, b!)) ? a! : b!),
    (_w, [a, b]) => B.select(B.icmp(pred, a!, b!), a!, b!),
  );
}

function overflow(op: 'add' | 'sub' | 'mul', isSigned: boolean): Builtin {
  return intrinsic(
    2,
    (w, [a, b]) => {
      const x = isSigned ? signed(w, a!) : a!;
      const y = isSigned ? signed(w, b!) : b!;
      const full = op === 'add' ? x + y : op === 'sub' ? x - y : x * y;
      const r = u(w, full);
      return [r, (isSigned ? signed(w, r) : r) !== full ? 1n : 0n];
    },
    (w, [a, b]) => {
      const r = op === 'add' ? B.add(a!, b!) : op === 'sub' ? B.sub(a!, b!) : B.mul(a!, b!);
      let ov: Expr;
      if (op === 'add') ov = isSigned ? B.slt(B.and(B.xor(a!, r), B.xor(b!, r)), k(w, 0)) : B.ult(r, a!);
      else if (op === 'sub') ov = isSigned ? B.slt(B.and(B.xor(a!, b!), B.xor(a!, r)), k(w, 0)) : B.ult(a!, b!);
      else {
        if (2 * w > 128) throw new Error(`symbolic ${isSigned ? 's' : 'u'}mul.with.overflow of i${w} is not supported`);
        const ext = isSigned ? B.sext : B.zext;
        const full = B.mul(ext(a!, 2 * w), ext(b!, 2 * w));
        ov = isSigned ? B.ne(B.sext(B.extract(full, 0, w), 2 * w), full) : B.ne(B.extract(full, w, w), k(w, 0));
      }
      return [r, ov];
    },
  );
}

function saturating(op: 'add' | 'sub', isSigned: boolean): Builtin {
  return intrinsic(
    2,
    (w, [a, b]) => {
      const x = isSigned ? signed(w, a!) : a!;
      const y = isSigned ? signed(w, b!) : b!;
      const full = op === 'add' ? x + y : x - y;
      const max = isSigned ? (1n << BigInt(w - 1)) - 1n : (1n << BigInt(w)) - 1n;
      const min = isSigned ? -(1n << BigInt(w - 1)) : 0n;
      return u(w, full > max ? max : full < min ? min : full);
    },
    (w, [a, b]) => {
      const r = op === 'add' ? B.add(a!, b!) : B.sub(a!, b!);
      if (!isSigned) return op === 'add' ? B.select(B.ult(r, a!), k(w, -1), r) : B.select(B.ult(a!, b!), k(w, 0), r);
      const ov = op === 'add' ? B.slt(B.and(B.xor(a!, r), B.xor(b!, r)), k(w, 0)) : B.slt(B.and(B.xor(a!, b!), B.xor(a!, r)), k(w, 0));
      const sat = B.select(B.slt(a!, k(w, 0)), k(w, 1n << BigInt(w - 1)), k(w, (1n << BigInt(w - 1)) - 1n));
      return B.select(ov, sat, r);
    },
  );
}

function popcount(x: bigint): bigint {
  let n = 0n;
  while (x) {
    n += x & 1n;
    x >>= 1n;
  }
  return n;
}

function funnel(left: boolean): Builtin {
  return intrinsic(
    3,
    (w, [a, b, c]) => {
      const s = c! % BigInt(w);
      if (s === 0n) return left ? a! : b!;
      return left ? u(w, (a! << s) | (b! >> (BigInt(w) - s))) : u(w, (b! >> s) | (a! << (BigInt(w) - s)));
    },
    (w, [a, b, c]) => {
      const s = B.urem(c!, k(w, w));
      const r = B.sub(k(w, w), s);
      const v = left ? B.or(B.shl(a!, s), B.lshr(b!, r)) : B.or(B.lshr(b!, s), B.shl(a!, r));
      return B.select(B.eq(s, k(w, 0)), left ? a! : b!, v);
    },
  );
}

/** vector.reduce.<op>: folds the lanes with a scalar operation. */
function reduce(f: (w: number) => (x: Scalar, y: Scalar) => Scalar): Builtin {
  return (c: CallContext, args: Val[]) => {
    const t = c.argTypes[c.argTypes.length - 1] as Type & { elem: Type };
    const w = bitWidth(t.elem);
    const op = f(w);
    const lanes = args[args.length - 1] as Scalar[];
    return lanes.reduce((a, b) => op(a, b));
  };
}

function scalarMinMax(pred: string) {
  const mm = minmax(pred);
  return (w: number) => (x: Scalar, y: Scalar): Scalar =>
    mm({ argTypes: [{ kind: 'int', bits: w }] } as unknown as CallContext, [x, y]) as Scalar;
}

export const LLVM_INT: BuiltinTableEntries = {
  'llvm.smax': minmax('sgt'),
  'llvm.smin': minmax('slt'),
  'llvm.umax': minmax('ugt'),
  'llvm.umin': minmax('ult'),
  'llvm.abs': intrinsic(
    1,
    (w, [a]) => (signed(w, a!) < 0n ? u(w, -signed(w, a!)) : a!),
    (w, [a]) => B.select(B.slt(a!, k(w, 0)), B.neg(a!), a!),
  ),
  'llvm.ctpop': intrinsic(
    1,
    (_w, [a]) => popcount(a!),
    (w, [a]) => Array.from({ length: w }, (_, i) => B.zext(bit(a!, i), w)).reduce((p, q) => B.add(p, q)),
  ),
  'llvm.ctlz': intrinsic(
    1,
    (w, [a]) => BigInt(w - (a === 0n ? 0 : a!.toString(2).length)),
    (w, [a]) => {
      let r = k(w, w);
      for (let i = 0; i < w; i++) r = B.select(B.eq(bit(a!, i), k(1, 1)), k(w, w - 1 - i), r);
      return r;
    },
  ),
  'llvm.cttz': intrinsic(
    1,
    (w, [a]) => {
      if (a === 0n) return BigInt(w);
      let n = 0n;
      for (let x = a!; (x & 1n) === 0n; x >>= 1n) n++;
      return n;
    },
    (w, [a]) => {
      let r = k(w, w);
      for (let i = w - 1; i >= 0; i--) r = B.select(B.eq(bit(a!, i), k(1, 1)), k(w, i), r);
      return r;
    },
  ),
  'llvm.bswap': intrinsic(
    1,
    (w, [a]) => {
      let r = 0n;
      for (let i = 0; i < w / 8; i++) r = (r << 8n) | ((a! >> BigInt(8 * i)) & 0xffn);
      return r;
    },
    (w, [a]) => {
      let r = B.extract(a!, 0, 8);
      for (let i = 1; i < w / 8; i++) r = B.concat(r, B.extract(a!, 8 * i, 8));
      return r;
    },
  ),
  'llvm.bitreverse': intrinsic(
    1,
    (w, [a]) => {
      let r = 0n;
      for (let i = 0; i < w; i++) r = (r << 1n) | ((a! >> BigInt(i)) & 1n);
      return r;
    },
    (w, [a]) => {
      let r = bit(a!, 0);
      for (let i = 1; i < w; i++) r = B.concat(r, bit(a!, i));
      return r;
    },
  ),
  'llvm.fshl': funnel(true),
  'llvm.fshr': funnel(false),
  'llvm.sadd.with.overflow': overflow('add', true),
  'llvm.uadd.with.overflow': overflow('add', false),
  'llvm.ssub.with.overflow': overflow('sub', true),
  'llvm.usub.with.overflow': overflow('sub', false),
  'llvm.smul.with.overflow': overflow('mul', true),
  'llvm.umul.with.overflow': overflow('mul', false),
  'llvm.sadd.sat': saturating('add', true),
  'llvm.uadd.sat': saturating('add', false),
  'llvm.ssub.sat': saturating('sub', true),
  'llvm.usub.sat': saturating('sub', false),
  'llvm.vector.reduce.add': reduce((w) => scalarIntOp('add', w)),
  'llvm.vector.reduce.mul': reduce((w) => scalarIntOp('mul', w)),
  'llvm.vector.reduce.and': reduce((w) => scalarIntOp('and', w)),
  'llvm.vector.reduce.or': reduce((w) => scalarIntOp('or', w)),
  'llvm.vector.reduce.xor': reduce((w) => scalarIntOp('xor', w)),
  'llvm.vector.reduce.smax': reduce(scalarMinMax('sgt')),
  'llvm.vector.reduce.smin': reduce(scalarMinMax('slt')),
  'llvm.vector.reduce.umax': reduce(scalarMinMax('ugt')),
  'llvm.vector.reduce.umin': reduce(scalarMinMax('ult')),
};
