// Integer arithmetic and bitwise instructions: add sub mul udiv sdiv urem srem shl lshr ashr and or xor.
// The common operations get closures of their own (the concrete case is one typeof test and one bigint
// operation); division forks off a 'div-by-zero' error when the divisor may be zero, and shifts fork off
// an 'overshift' error when --check-overshift is on and the amount may reach the width.

import type { Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import type { Instruction } from '../../ir/model.js';
import type { HandlerCompiler, FunctionCompiler } from '../compile.js';
import type { Step } from '../compiled.js';
import type { ExecutionState } from '../state.js';
import { norm, toExpr, type Scalar, type Val } from '../values.js';
import { intBinary } from './concrete.js';
import { bitWidth, lanes2, mixedBinary, type ScalarBin } from './lanes.js';

const SYM: Record<string, (a: Expr, b: Expr) => Expr> = {
  add: B.add,
  sub: B.sub,
  mul: B.mul,
  udiv: B.udiv,
  sdiv: B.sdiv,
  urem: B.urem,
  srem: B.srem,
  and: B.and,
  or: B.or,
  xor: B.xor,
  shl: B.shl,
  lshr: B.lshr,
  ashr: B.ashr,
};

/** The scalar function of an integer binary opcode at width w (no checks). */
export function scalarIntOp(op: string, w: number): ScalarBin {
  return mixedBinary(w, intBinary(op, w), SYM[op]!);
}

function compileIntBinary(inst: Instruction, c: FunctionCompiler): Step {
  const op = inst.op;
  const w = bitWidth(inst.type);
  const d = c.dest(inst);
  const a = c.slot(inst.operands[0]!);
  const b = c.slot(inst.operands[1]!);
  const isDiv = op === 'udiv' || op === 'sdiv' || op === 'urem' || op === 'srem';
  const isShift = op === 'shl' || op === 'lshr' || op === 'ashr';
  if (inst.type.kind === 'vector') return vectorBinary(inst, c, op, w, isDiv, isShift);
  if (isDiv) return divStep(inst, c, op, w, d, a, b);
  if (isShift && c.ex.opts.checkOvershift) return shiftCheckedStep(inst, c, op, w, d, a, b);
  const sym = SYM[op]!;
  const slow = (x: Val, y: Val): Scalar => norm(sym(toExpr(x as Scalar, w), toExpr(y as Scalar, w)));
  switch (op) {
    case 'add':
      return (_s, f) => {
        const r = f.regs;
        const x = r[a]!;
        const y = r[b]!;
        r[d] = typeof x === 'bigint' && typeof y === 'bigint' ? BigInt.asUintN(w, x + y) : slow(x, y);
      };
    case 'sub':
      return (_s, f) => {
        const r = f.regs;
        const x = r[a]!;
        const y = r[b]!;
        r[d] = typeof x === 'bigint' && typeof y === 'bigint' ? BigInt.asUintN(w, x - y) : slow(x, y);
      };
    case 'mul':
      return (_s, f) => {
        const r = f.regs;
        const x = r[a]!;
        const y = r[b]!;
        r[d] = typeof x === 'bigint' && typeof y === 'bigint' ? BigInt.asUintN(w, x * y) : slow(x, y);
      };
    case 'and':
      return (_s, f) => {
        const r = f.regs;
        const x = r[a]!;
        const y = r[b]!;
        r[d] = typeof x === 'bigint' && typeof y === 'bigint' ? x & y : slow(x, y);
      };
    case 'or':
      return (_s, f) => {
        const r = f.regs;
        const x = r[a]!;
        const y = r[b]!;
        r[d] = typeof x === 'bigint' && typeof y === 'bigint' ? x | y : slow(x, y);
      };
    case 'xor':
      return (_s, f) => {
        const r = f.regs;
        const x = r[a]!;
        const y = r[b]!;
        r[d] = typeof x === 'bigint' && typeof y === 'bigint' ? x ^ y : slow(x, y);
      };
    default: {
      const conc = intBinary(op, w);
      return (_s, f) => {
        const r = f.regs;
        const x = r[a]!;
        const y = r[b]!;
        r[d] = typeof x === 'bigint' && typeof y === 'bigint' ? conc(x, y) : slow(x, y);
      };
    }
  }
}

function divStep(inst: Instruction, c: FunctionCompiler, op: string, w: number, d: number, a: number, b: number): Step {
  const ex = c.ex;
  const f2 = scalarIntOp(op, w);
  const zero = B.constant(w, 0);
  const check = async (s: ExecutionState, x: Scalar, y: Expr): Promise<void> => {
    const [ok, bad] = await ex.fork(s, B.ne(y, zero), inst);
    if (bad) ex.term.error(bad, 'div-by-zero', 'divide by zero', inst);
    if (ok) ok.top.regs[d] = f2(x, y);
  };
  return (s, f) => {
    const r = f.regs;
    const x = r[a] as Scalar;
    const y = r[b] as Scalar;
    if (typeof y === 'bigint') {
      if (y === 0n) return ex.term.error(s, 'div-by-zero', 'divide by zero', inst);
      r[d] = f2(x, y);
      return;
    }
    return check(s, x, y);
  };
}

function shiftCheckedStep(inst: Instruction, c: FunctionCompiler, op: string, w: number, d: number, a: number, b: number): Step {
  const ex = c.ex;
  const f2 = scalarIntOp(op, w);
  const W = BigInt(w);
  const width = B.constant(w, w);
  const check = async (s: ExecutionState, x: Scalar, y: Expr): Promise<void> => {
    const [ok, bad] = await ex.fork(s, B.ult(y, width), inst);
    if (bad) ex.term.error(bad, 'overshift', `overshift error: shift by at least the width (${w} bits)`, inst);
    if (ok) ok.top.regs[d] = f2(x, y);
  };
  return (s, f) => {
    const r = f.regs;
    const x = r[a] as Scalar;
    const y = r[b] as Scalar;
    if (typeof y === 'bigint') {
      if (y >= W) return ex.term.error(s, 'overshift', `overshift error: shift by ${y} of a ${w}-bit value`, inst);
      r[d] = f2(x, y);
      return;
    }
    return check(s, x, y);
  };
}

/** Vector operands: lane-wise, with the same checks on each lane (concretely) or all lanes at once. */
function vectorBinary(inst: Instruction, c: FunctionCompiler, op: string, w: number, isDiv: boolean, isShift: boolean): Step {
  const ex = c.ex;
  const d = c.dest(inst);
  const a = c.slot(inst.operands[0]!);
  const b = c.slot(inst.operands[1]!);
  const f = lanes2(scalarIntOp(op, w));
  const checked = isDiv || (isShift && ex.opts.checkOvershift);
  const bad = (y: Scalar): Expr => (isDiv ? B.eq(toExpr(y, w), B.constant(w, 0)) : B.uge(toExpr(y, w), B.constant(w, w)));
  const kind = isDiv ? 'div-by-zero' : 'overshift';
  const msg = isDiv ? 'divide by zero' : `overshift error: shift by at least the width (${w} bits)`;
  const slow = async (s: ExecutionState, x: Val, y: Val): Promise<void> => {
    const any = (y as Scalar[]).map(bad).reduce((p, q) => B.or(p, q));
    const [err, ok] = await ex.fork(s, any, inst);
    if (err) ex.term.error(err, kind, msg, inst);
    if (ok) ok.top.regs[d] = f(x, y);
  };
  return (s, fr) => {
    const x = fr.regs[a]!;
    const y = fr.regs[b]!;
    if (checked) {
      const lanesY = y as Scalar[];
      if (lanesY.some((l) => typeof l !== 'bigint')) return slow(s, x, y);
      if (lanesY.some((l) => (isDiv ? l === 0n : (l as bigint) >= BigInt(w)))) return ex.term.error(s, kind, msg, inst);
    }
    fr.regs[d] = f(x, y);
  };
}

export const ARITH: Record<string, HandlerCompiler> = {
  add: compileIntBinary,
  sub: compileIntBinary,
  mul: compileIntBinary,
  udiv: compileIntBinary,
  sdiv: compileIntBinary,
  urem: compileIntBinary,
  srem: compileIntBinary,
  shl: compileIntBinary,
  lshr: compileIntBinary,
  ashr: compileIntBinary,
  and: compileIntBinary,
  or: compileIntBinary,
  xor: compileIntBinary,
};
