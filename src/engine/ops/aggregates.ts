// Aggregate and vector value instructions: extractvalue, insertvalue (aggregates are JS arrays, updated
// by copying the path to the changed element), extractelement, insertelement, shufflevector. A symbolic
// lane index becomes a chain of if-then-else over the lanes.

import * as B from '../../expr/build.js';
import type { Instruction } from '../../ir/model.js';
import type { Type } from '../../ir/types.js';
import type { FunctionCompiler, HandlerCompiler } from '../compile.js';
import type { Step } from '../compiled.js';
import { zeroValue } from '../image.js';
import { toExpr, type Scalar, type Val } from '../values.js';
import { selectValue } from './compare.js';
import { bitWidth } from './lanes.js';

function compileExtractValue(inst: Instruction, c: FunctionCompiler): Step {
  const d = c.dest(inst);
  const a = c.slot(inst.operands[0]!);
  const path = inst.indices!;
  return (_s, f) => {
    let v = f.regs[a]!;
    for (const i of path) v = (v as Val[])[i]!;
    f.regs[d] = v;
  };
}

function insertAt(agg: Val, path: readonly number[], k: number, v: Val): Val {
  const copy = (agg as Val[]).slice();
  copy[path[k]!] = k === path.length - 1 ? v : insertAt(copy[path[k]!]!, path, k + 1, v);
  return copy;
}

function compileInsertValue(inst: Instruction, c: FunctionCompiler): Step {
  const d = c.dest(inst);
  const a = c.slot(inst.operands[0]!);
  const v = c.slot(inst.operands[1]!);
  const path = inst.indices!;
  return (_s, f) => {
    f.regs[d] = insertAt(f.regs[a]!, path, 0, f.regs[v]!);
  };
}

/** lanes[idx] for a symbolic idx: ite(idx == 0, lane0, ite(idx == 1, lane1, …)). */
function pick(lanes: readonly Val[], idx: Scalar, iw: number, elem: Type): Val {
  const ie = toExpr(idx, iw);
  let out: Val = zeroValue(elem); // out-of-range index: poison, taken as 0
  for (let i = lanes.length - 1; i >= 0; i--) out = selectValue(B.eq(ie, B.constant(iw, i)), lanes[i]!, out, elem);
  return out;
}

function compileExtractElement(inst: Instruction, c: FunctionCompiler): Step {
  const d = c.dest(inst);
  const a = c.slot(inst.operands[0]!);
  const k = c.slot(inst.operands[1]!);
  const iw = bitWidth(inst.operands[1]!.type);
  const elem = inst.type;
  const zero = zeroValue(elem);
  return (_s, f) => {
    const lanes = f.regs[a] as Val[];
    const i = f.regs[k] as Scalar;
    f.regs[d] = typeof i === 'bigint' ? (lanes[Number(i)] ?? zero) : pick(lanes, i, iw, elem);
  };
}

function compileInsertElement(inst: Instruction, c: FunctionCompiler): Step {
  const d = c.dest(inst);
  const a = c.slot(inst.operands[0]!);
  const v = c.slot(inst.operands[1]!);
  const k = c.slot(inst.operands[2]!);
  const iw = bitWidth(inst.operands[2]!.type);
  const elem = (inst.type as { elem: Type }).elem;
  return (_s, f) => {
    const lanes = (f.regs[a] as Val[]).slice();
    const x = f.regs[v]!;
    const i = f.regs[k] as Scalar;
    if (typeof i === 'bigint') {
      if (i < BigInt(lanes.length)) lanes[Number(i)] = x;
    } else {
      const ie = toExpr(i, iw);
      for (let j = 0; j < lanes.length; j++) lanes[j] = selectValue(B.eq(ie, B.constant(iw, j)), x, lanes[j]!, elem);
    }
    f.regs[d] = lanes;
  };
}

function compileShuffle(inst: Instruction, c: FunctionCompiler): Step {
  const d = c.dest(inst);
  const a = c.slot(inst.operands[0]!);
  const b = c.slot(inst.operands[1]!);
  const mask = inst.mask!;
  const n = (inst.operands[0]!.type as { length: number }).length;
  const zero = zeroValue((inst.type as { elem: Type }).elem);
  return (_s, f) => {
    const x = f.regs[a] as Val[];
    const y = f.regs[b] as Val[];
    f.regs[d] = mask.map((m) => (m < 0 ? zero : m < n ? x[m]! : y[m - n]!));
  };
}

export const AGGREGATES: Record<string, HandlerCompiler> = {
  extractvalue: compileExtractValue,
  insertvalue: compileInsertValue,
  extractelement: compileExtractElement,
  insertelement: compileInsertElement,
  shufflevector: compileShuffle,
};
