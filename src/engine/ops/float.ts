// Floating-point instructions: fadd fsub fmul fdiv frem fneg fcmp and the float<->int and float<->float
// conversions. Values are IEEE bit patterns; arithmetic decodes them to JS numbers (float results are
// rounded back to float once, which is exact for + - * /). With a symbolic operand of float or double,
// `--fp symbolic` (the default) builds the floating-point expression node (expr/build-fp.ts: IEEE-754 in
// Z3's floating-point theory, with the same x86 NaN rules as the concrete path here); `--fp concrete`,
// and x86_fp80/half/bfloat/fp128 always, concretise the operand — one value the solver allows, bound
// by an equality constraint and reported — before the operation, as KLEE does. fneg only flips the
// sign bit, symbolically too.

import * as B from '../../expr/build.js';
import { fcmp, fpArith, fpConvert } from '../../expr/build-fp.js';
import { Kind, type Expr } from '../../expr/expr.js';
import type { Instruction } from '../../ir/model.js';
import type { FunctionCompiler, HandlerCompiler } from '../compile.js';
import type { Step } from '../compiled.js';
import type { ExecutionState } from '../state.js';
import { isConcreteBits, norm, toExpr, type Scalar, type Val } from '../values.js';
import { convertNaN, floatFormat, intToFloat, resultBits, type FloatFormat } from './float-format.js';
import { bitWidth } from './lanes.js';
import type { Type } from '../../ir/types.js';
import { f64ToBits } from '../values.js';
import { add80, compare80, div80, f64To80, f80ToF32Value, f80ToF64Bits, f80ToNumber, intTo80, mul80, rem80, truncToInt80 } from './fp80.js';

/** A concrete operation on the bit patterns of the operands. */
type Concrete = (xs: bigint[]) => bigint;
/** The same operation as an expression over the operands' bit patterns (null: concretise instead). */
type Symbolic = ((xs: Expr[]) => Expr) | null;

/**
 * A step computing `f` on the operands' bit patterns (lane-wise for vectors); with a symbolic operand,
 * `sym` on their expressions when given and `--fp symbolic`, else `f` after concretising them.
 */
export function floatStep(inst: Instruction, c: FunctionCompiler, operandCount: number, f: Concrete, sym: Symbolic = null): Step {
  const ex = c.ex;
  const d = c.dest(inst);
  const slots = inst.operands.slice(0, operandCount).map((o) => c.slot(o));
  const isVector = inst.operands[0]!.type.kind === 'vector' || inst.type.kind === 'vector';
  const widths = inst.operands.slice(0, operandCount).map((o) => bitWidth(o.type.kind === 'vector' ? o.type.elem : o.type));
  const lane = (xs: Scalar[]): Scalar => {
    if (xs.every((x) => typeof x === 'bigint')) return f(xs as bigint[]);
    return norm(sym!(xs.map((x, i) => toExpr(x, widths[i]!))));
  };
  const apply = (vals: Val[], one: (xs: Scalar[]) => Scalar): Val => {
    if (!isVector) return one(vals as Scalar[]);
    const n = (vals.find(Array.isArray) as Val[]).length;
    const out: Val[] = [];
    for (let i = 0; i < n; i++) out.push(one(vals.map((v) => (Array.isArray(v) ? v[i] : v)) as Scalar[]));
    return out;
  };
  const symbolic = sym !== null && ex.opts.fp !== 'concrete';
  const slow = async (s: ExecutionState, vals: Val[]): Promise<void> => {
    if (symbolic) {
      s.top.regs[d] = apply(vals, lane);
      return;
    }
    const conc = await ex.concretizeVals(s, vals, `floating-point operand of '${inst.op}'`, inst);
    if (conc !== null) s.top.regs[d] = apply(conc, f as (xs: Scalar[]) => Scalar);
  };
  if (operandCount === 1 && !isVector) {
    const a = slots[0]!;
    return (s, fr) => {
      const x = fr.regs[a]!;
      if (typeof x === 'bigint') fr.regs[d] = f([x]);
      else return slow(s, [x]);
    };
  }
  return (s, fr) => {
    const vals = slots.map((i) => fr.regs[i]!);
    if (vals.every(isConcreteBits)) fr.regs[d] = apply(vals, f as (xs: Scalar[]) => Scalar);
    else return slow(s, vals);
  };
}

const ARITH_FNS: Record<string, (x: number, y: number) => number> = {
  fadd: (x, y) => x + y,
  fsub: (x, y) => x - y,
  fmul: (x, y) => x * y,
  fdiv: (x, y) => x / y,
  frem: (x, y) => x % y,
};

/** The expression kinds of the arithmetic instructions. */
const ARITH_KINDS: Record<string, Kind> = { fadd: Kind.FAdd, fsub: Kind.FSub, fmul: Kind.FMul, fdiv: Kind.FDiv, frem: Kind.FRem };

/** Whether floats of `t` (or its lanes) have symbolic support: float and double only. */
function symbolicFormat(t: Type): boolean {
  const s = t.kind === 'vector' ? t.elem : t;
  return s.kind === 'float' && (s.name === 'float' || s.name === 'double');
}

function compileFloatBinary(inst: Instruction, c: FunctionCompiler): Step {
  const fmt = floatFormat(inst.type);
  if (fmt.bits === 80) return floatStep(inst, c, 2, ([x, y]) => FP80_ARITH[inst.op]!(x!, y!));
  const op = ARITH_FNS[inst.op]!;
  const kind = ARITH_KINDS[inst.op]!;
  const sym: Symbolic = symbolicFormat(inst.type) ? ([x, y]) => fpArith(kind, x!, y!) : null;
  if (inst.type.kind !== 'vector' && fmt.bits === 64) {
    // The common case without the generic machinery.
    const d = c.dest(inst);
    const a = c.slot(inst.operands[0]!);
    const b = c.slot(inst.operands[1]!);
    const generic = floatStep(inst, c, 2, ([x, y]) => resultBits(fmt, op(fmt.decode(x!), fmt.decode(y!)), [x!, y!]), sym);
    return (s, fr) => {
      const x = fr.regs[a]!;
      const y = fr.regs[b]!;
      if (typeof x === 'bigint' && typeof y === 'bigint') {
        const r = op(fmt.decode(x), fmt.decode(y));
        fr.regs[d] = r === r ? fmt.encode(r) : resultBits(fmt, r, [x, y]);
      } else return generic(s, fr);
    };
  }
  return floatStep(inst, c, 2, ([x, y]) => resultBits(fmt, op(fmt.decode(x!), fmt.decode(y!)), [x!, y!]), sym);
}

function compileFneg(inst: Instruction, c: FunctionCompiler): Step {
  const w = bitWidth(inst.type);
  const sign = 1n << BigInt(w - 1);
  const d = c.dest(inst);
  const a = c.slot(inst.operands[0]!);
  const neg = (x: Scalar): Scalar => (typeof x === 'bigint' ? x ^ sign : norm(B.xor(x, B.constant(w, sign))));
  if (inst.type.kind === 'vector') {
    return (_s, fr) => {
      fr.regs[d] = (fr.regs[a] as Scalar[]).map(neg);
    };
  }
  return (_s, fr) => {
    fr.regs[d] = neg(fr.regs[a] as Scalar);
  };
}

const FCMP: Record<string, (x: number, y: number) => boolean> = {
  false: () => false,
  true: () => true,
  oeq: (x, y) => x === y,
  ogt: (x, y) => x > y,
  oge: (x, y) => x >= y,
  olt: (x, y) => x < y,
  ole: (x, y) => x <= y,
  one: (x, y) => x < y || x > y,
  ord: (x, y) => !Number.isNaN(x) && !Number.isNaN(y),
  ueq: (x, y) => !(x < y || x > y),
  ugt: (x, y) => !(x <= y),
  uge: (x, y) => !(x < y),
  ult: (x, y) => !(x >= y),
  ule: (x, y) => !(x > y),
  une: (x, y) => x !== y,
  uno: (x, y) => Number.isNaN(x) || Number.isNaN(y),
};

function compileFcmp(inst: Instruction, c: FunctionCompiler): Step {
  const fmt = floatFormat(inst.operands[0]!.type);
  const p = FCMP[inst.predicate!];
  if (!p) throw new Error(`unknown fcmp predicate ${inst.predicate}`);
  if (fmt.bits === 80) {
    // Exact: compare80 gives -1/0/1 (NaN when unordered), which the predicates read like numbers.
    return floatStep(inst, c, 2, ([x, y]) => (p(compare80(x!, y!), 0) ? 1n : 0n));
  }
  const pred = inst.predicate!;
  const sym: Symbolic = symbolicFormat(inst.operands[0]!.type) ? ([x, y]) => fcmp(pred, x!, y!) : null;
  return floatStep(inst, c, 2, ([x, y]) => (p(fmt.decode(x!), fmt.decode(y!)) ? 1n : 0n), sym);
}

/** float -> integer with x86 semantics for NaN and out-of-range values (the "integer indefinite"). */
export function floatToInt(x: number, w: number, signed: boolean): bigint {
  if (!Number.isFinite(x)) return signed ? BigInt.asUintN(w, 1n << BigInt(w - 1)) : 0n;
  const t = BigInt(Math.trunc(x));
  if (signed) {
    const min = -(1n << BigInt(w - 1));
    if (t < min || t > -min - 1n) return BigInt.asUintN(w, 1n << BigInt(w - 1));
  }
  return BigInt.asUintN(w, t);
}

function compileConvert(inst: Instruction, c: FunctionCompiler): Step {
  const src = inst.operands[0]!.type;
  const dst = inst.type;
  const fp80 = compileFp80Convert(inst, c, src, dst);
  if (fp80) return fp80;
  switch (inst.op) {
    case 'fptrunc':
    case 'fpext': {
      const from = floatFormat(src);
      const to = floatFormat(dst);
      const kind = inst.op === 'fpext' ? Kind.FpExt : Kind.FpTrunc;
      const sym: Symbolic = symbolicFormat(src) && symbolicFormat(dst) && from.bits !== to.bits ? ([x]) => fpConvert(kind, x!, to.bits) : null;
      return floatStep(inst, c, 1, ([x]) => {
        const v = from.decode(x!);
        return v === v ? to.encode(v) : convertNaN(from, to, x!);
      }, sym);
    }
    case 'fptoui':
    case 'fptosi': {
      const from = floatFormat(src);
      const w = bitWidth(dst);
      const signed = inst.op === 'fptosi';
      // (to i1: concretised — a width-1 expression is a Bool to the solver, not a bit-vector result)
      const sym: Symbolic = symbolicFormat(src) && w > 1 ? ([x]) => fpConvert(signed ? Kind.FpToSI : Kind.FpToUI, x!, w) : null;
      return floatStep(inst, c, 1, ([x]) => floatToInt(from.decode(x!), w, signed), sym);
    }
    default: {
      // uitofp / sitofp: integer operands may be symbolic too (concretised like float operands)
      const to: FloatFormat = floatFormat(dst);
      const w = bitWidth(src);
      const signed = inst.op === 'sitofp';
      const sym: Symbolic = symbolicFormat(dst) ? ([x]) => fpConvert(signed ? Kind.SIToFp : Kind.UIToFp, x!, to.bits) : null;
      return floatStep(inst, c, 1, ([x]) => to.encode(intToFloat(signed ? BigInt.asIntN(w, x!) : x!, to)), sym);
    }
  }
}

// x86_fp80 (long double) exactly, with its 64-bit significand (ops/fp80.ts); scalar only.
const FP80_ARITH: Record<string, (x: bigint, y: bigint) => bigint> = {
  fadd: (x, y) => add80(x, y),
  fsub: (x, y) => add80(x, y, true),
  fmul: mul80,
  fdiv: div80,
  frem: rem80,
};

function isFp80(t: Type): boolean {
  return t.kind === 'float' && t.name === 'x86_fp80';
}

/** Conversions to and from x86_fp80, exact; null for the other types. */
function compileFp80Convert(inst: Instruction, c: FunctionCompiler, src: Type, dst: Type): Step | null {
  if (!isFp80(src) && !isFp80(dst)) return null;
  switch (inst.op) {
    case 'fpext':
    case 'fptrunc': {
      if (isFp80(src) && isFp80(dst)) return floatStep(inst, c, 1, ([x]) => x!);
      if (isFp80(dst)) {
        const from = floatFormat(src);
        return floatStep(inst, c, 1, ([x]) => (from.bits === 64 ? f64To80(x!) : f64To80(f64ToBits(from.decode(x!)))));
      }
      const to = floatFormat(dst);
      return floatStep(inst, c, 1, ([x]) => (to.bits === 64 ? f80ToF64Bits(x!) : to.bits === 32 ? to.encode(f80ToF32Value(x!)) : to.encode(f80ToNumber(x!))));
    }
    case 'fptoui':
    case 'fptosi': {
      const w = bitWidth(dst);
      const signed = inst.op === 'fptosi';
      return floatStep(inst, c, 1, ([x]) => {
        const t = truncToInt80(x!);
        const indefinite = BigInt.asUintN(w, 1n << BigInt(w - 1));
        if (t === undefined) return signed ? indefinite : 0n;
        if (signed && (t < -(1n << BigInt(w - 1)) || t >= 1n << BigInt(w - 1))) return indefinite;
        return BigInt.asUintN(w, t);
      });
    }
    case 'sitofp':
    case 'uitofp': {
      const w = bitWidth(src);
      const signed = inst.op === 'sitofp';
      return floatStep(inst, c, 1, ([x]) => intTo80(signed ? BigInt.asIntN(w, x!) : x!));
    }
    default:
      return null;
  }
}

export const FLOAT: Record<string, HandlerCompiler> = {
  fadd: compileFloatBinary,
  fsub: compileFloatBinary,
  fmul: compileFloatBinary,
  fdiv: compileFloatBinary,
  frem: compileFloatBinary,
  fneg: compileFneg,
  fcmp: compileFcmp,
  fptrunc: compileConvert,
  fpext: compileConvert,
  fptoui: compileConvert,
  fptosi: compileConvert,
  uitofp: compileConvert,
  sitofp: compileConvert,
};
