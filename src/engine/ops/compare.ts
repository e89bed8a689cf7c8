// icmp and select. A symbolic select does not fork: it becomes an if-then-else expression (per lane or
// per aggregate element), as in KLEE.

import type { Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import type { Instruction } from '../../ir/model.js';
import type { Type } from '../../ir/types.js';
import type { FunctionCompiler, HandlerCompiler } from '../compile.js';
import type { Step } from '../compiled.js';
import { norm, toExpr, type Scalar, type Val } from '../values.js';
import { intCompare } from './concrete.js';
import { bitWidth, lanes2, mixedBinary } from './lanes.js';

function compileIcmp(inst: Instruction, c: FunctionCompiler): Step {
  const pred = inst.predicate!;
  const w = bitWidth(inst.operands[0]!.type);
  const d = c.dest(inst);
  const a = c.slot(inst.operands[0]!);
  const b = c.slot(inst.operands[1]!);
  const conc = intCompare(pred, w);
  const scalar = mixedBinary(w, conc, (x, y) => B.icmp(pred, x, y));
  if (inst.type.kind === 'vector') {
    const f = lanes2(scalar);
    return (_s, fr) => {
      fr.regs[d] = f(fr.regs[a]!, fr.regs[b]!);
    };
  }
  return (_s, f) => {
    const r = f.regs;
    const x = r[a]!;
    const y = r[b]!;
    r[d] = typeof x === 'bigint' && typeof y === 'bigint' ? conc(x, y) : scalar(x as Scalar, y as Scalar);
  };
}

/** if c then t else f for values of type `ty` (c symbolic). */
export function selectValue(c: Expr, t: Val, f: Val, ty: Type): Val {
  if (ty.kind === 'struct') return ty.fields.map((ft, i) => selectValue(c, (t as Val[])[i]!, (f as Val[])[i]!, ft));
  if (ty.kind === 'array' || ty.kind === 'vector') {
    return (t as Val[]).map((ti, i) => selectValue(c, ti, (f as Val[])[i]!, ty.elem));
  }
  if (t === f) return t;
  const w = bitWidth(ty);
  return norm(B.select(c, toExpr(t as Scalar, w), toExpr(f as Scalar, w)));
}

function compileSelect(inst: Instruction, c: FunctionCompiler): Step {
  const d = c.dest(inst);
  const k = c.slot(inst.operands[0]!);
  const t = c.slot(inst.operands[1]!);
  const e = c.slot(inst.operands[2]!);
  const ty = inst.type;
  if (inst.operands[0]!.type.kind === 'vector') {
    // vector condition: lane-wise choice
    const et = (ty as { elem: Type }).elem;
    return (_s, f) => {
      const r = f.regs;
      const cs = r[k] as Scalar[];
      const ts = r[t] as Val[];
      const es = r[e] as Val[];
      r[d] = cs.map((ci, i) => (typeof ci === 'bigint' ? (ci ? ts[i]! : es[i]!) : selectValue(ci, ts[i]!, es[i]!, et)));
    };
  }
  return (_s, f) => {
    const r = f.regs;
    const ci = r[k] as Scalar;
    r[d] = typeof ci === 'bigint' ? (ci ? r[t]! : r[e]!) : selectValue(ci, r[t]!, r[e]!, ty);
  };
}

export const COMPARE: Record<string, HandlerCompiler> = {
  icmp: compileIcmp,
  select: compileSelect,
};
