// atomicrmw and cmpxchg (single-threaded: a load, an operation and a store), and the va_arg instruction
// (x86-64 va_list; clang usually lowers va_arg inline, but other front ends emit the instruction).

import type { Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import type { Instruction } from '../../ir/model.js';
import { addressOf } from '../../memory/bigint-bits.js';
import type { ObjectState } from '../../memory/object-state.js';
import { typedAccess, type TypedAccess } from '../access.js';
import type { FunctionCompiler, HandlerCompiler } from '../compile.js';
import type { Step } from '../compiled.js';
import type { Executor } from '../executor.js';
import type { ExecutionState } from '../state.js';
import { alignOf, storeSize } from '../type-layout.js';
import { norm, toExpr, type Scalar, type Val } from '../values.js';
import { floatFormat } from './float-format.js';
import { scalarIntOp } from './arith.js';
import { intCompare } from './concrete.js';
import { bitWidth, mixedBinary } from './lanes.js';
import { selectValue } from './compare.js';

type Update = (s: ExecutionState, os: ObjectState, off: number | Expr) => void;

/** Runs `update` on the writable object(s) `ptr` may address, forking for symbolic pointers. */
function withWritable(ex: Executor, s: ExecutionState, ptr: Val, n: number, inst: Instruction, update: Update): void | Promise<void> {
  if (typeof ptr === 'bigint') {
    const addr = addressOf(ptr);
    const os = ex.memory.access(s, addr, n, true, inst);
    if (os !== null) update(s, os, addr - os.obj.address);
    return;
  }
  return ex.memory.resolve(s, ptr as Expr, n, true, inst).then((rs) => {
    for (const r of rs) update(r.state, ex.memory.stateOf(r.state, r.mo, true) as ObjectState, r.offset);
  });
}

function rd(acc: TypedAccess, os: ObjectState, off: number | Expr): Val {
  return typeof off === 'number' ? acc.read(os, off) : acc.readAt(os, off);
}
function wr(acc: TypedAccess, os: ObjectState, off: number | Expr, v: Val): void {
  if (typeof off === 'number') acc.write(os, off, v);
  else acc.writeAt(os, off, v);
}

function rmwFunction(inst: Instruction): (old: Scalar, v: Scalar) => Scalar {
  const t = inst.type;
  const w = bitWidth(t);
  const op = inst.rmwOp!;
  switch (op) {
    case 'xchg':
      return (_o, v) => v;
    case 'add':
    case 'sub':
    case 'and':
    case 'or':
    case 'xor':
      return scalarIntOp(op, w);
    case 'nand': {
      const and = scalarIntOp('and', w);
      const xor = scalarIntOp('xor', w);
      return (o, v) => xor(and(o, v), (1n << BigInt(w)) - 1n);
    }
    case 'max':
    case 'min':
    case 'umax':
    case 'umin': {
      const pred = { max: 'sgt', min: 'slt', umax: 'ugt', umin: 'ult' }[op]!;
      const cmp = mixedBinary(w, intCompare(pred, w), (a, b) => B.icmp(pred, a, b));
      return (o, v) => {
        const c = cmp(o, v);
        return typeof c === 'bigint' ? (c ? o : v) : (selectValue(c, o, v, t) as Scalar);
      };
    }
    case 'fadd':
    case 'fsub':
    case 'fmax':
    case 'fmin': {
      const fmt = floatFormat(t);
      const f = { fadd: (a: number, b: number) => a + b, fsub: (a: number, b: number) => a - b, fmax: Math.max, fmin: Math.min }[op]!;
      return (o, v) => {
        if (typeof o !== 'bigint' || typeof v !== 'bigint') throw new Error('symbolic floating-point atomicrmw is not supported');
        return fmt.encode(f(fmt.decode(o), fmt.decode(v)));
      };
    }
    default:
      throw new Error(`atomicrmw ${op} is not supported`);
  }
}

function compileAtomicRmw(inst: Instruction, c: FunctionCompiler): Step {
  const ex = c.ex;
  const d = c.dest(inst);
  const p = c.slot(inst.operands[0]!);
  const v = c.slot(inst.operands[1]!);
  const acc = typedAccess(inst.type);
  const f = rmwFunction(inst);
  return (s, fr) => {
    const val = fr.regs[v] as Scalar;
    return withWritable(ex, s, fr.regs[p]!, acc.size, inst, (st, os, off) => {
      const old = rd(acc, os, off) as Scalar;
      wr(acc, os, off, f(old, val));
      st.top.regs[d] = old;
    });
  };
}

function compileCmpXchg(inst: Instruction, c: FunctionCompiler): Step {
  const ex = c.ex;
  const d = c.dest(inst);
  const p = c.slot(inst.operands[0]!);
  const e = c.slot(inst.operands[1]!);
  const r = c.slot(inst.operands[2]!);
  const t = inst.operands[1]!.type;
  const w = bitWidth(t);
  const acc = typedAccess(t);
  return (s, fr) => {
    const expected = fr.regs[e] as Scalar;
    const repl = fr.regs[r] as Scalar;
    return withWritable(ex, s, fr.regs[p]!, acc.size, inst, (st, os, off) => {
      const old = rd(acc, os, off) as Scalar;
      let ok: Scalar;
      let next: Scalar;
      if (typeof old === 'bigint' && typeof expected === 'bigint') {
        ok = old === expected ? 1n : 0n;
        next = ok ? repl : old;
      } else {
        const cond = B.eq(toExpr(old, w), toExpr(expected, w));
        ok = norm(cond);
        next = selectValue(cond, repl, old, t) as Scalar;
      }
      wr(acc, os, off, next);
      st.top.regs[d] = [old, ok];
    });
  };
}

function compileVaArg(inst: Instruction, c: FunctionCompiler): Step {
  const ex = c.ex;
  const d = c.dest(inst);
  const p = c.slot(inst.operands[0]!);
  const acc = typedAccess(inst.type);
  const align = alignOf(inst.type) > 8 ? 16 : 8;
  const step = Math.ceil(storeSize(inst.type) / 8) * 8;
  return (s, fr) => {
    const list = fr.regs[p]!;
    if (typeof list !== 'bigint') return ex.term.error(s, 'exec', 'va_arg on a symbolic va_list pointer', inst);
    const los = ex.memory.access(s, Number(list), 24, true, inst);
    if (los === null) return;
    const lo = Number(list) - los.obj.address;
    const area = los.read(lo + 8, 8);
    if (typeof area !== 'bigint') return ex.term.error(s, 'exec', 'va_arg with a symbolic overflow area', inst);
    const at = Math.ceil(Number(area) / align) * align;
    const aos = ex.memory.access(s, at, acc.size, false, inst);
    if (aos === null) return;
    fr.regs[d] = acc.read(aos, at - aos.obj.address);
    los.write(lo + 8, 8, BigInt(at + step));
  };
}

export const ATOMICS: Record<string, HandlerCompiler> = {
  atomicrmw: compileAtomicRmw,
  cmpxchg: compileCmpXchg,
  va_arg: compileVaArg,
};
