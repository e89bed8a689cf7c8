// Integer and pointer casts (trunc zext sext ptrtoint inttoptr bitcast addrspacecast) and freeze.
// Pointers are 64-bit integers, so ptrtoint/inttoptr are width changes; floats are bit patterns, so a
// scalar bitcast is the identity; bitcasts to or from vectors repack lanes (lane 0 in the low bits).

import * as B from '../../expr/build.js';
import type { Instruction } from '../../ir/model.js';
import type { Type } from '../../ir/types.js';
import type { FunctionCompiler, HandlerCompiler } from '../compile.js';
import type { Step } from '../compiled.js';
import { norm, toExpr, type Scalar, type Val } from '../values.js';
import { sext } from './concrete.js';
import { bitWidth, lanes1 } from './lanes.js';

type Scalar1 = (x: Scalar) => Scalar;

function widthCast(op: string, from: number, to: number): Scalar1 {
  if (op === 'sext') {
    return (x) => (typeof x === 'bigint' ? sext(x, from, to) : norm(B.sext(x, to)));
  }
  if (to < from) return (x) => (typeof x === 'bigint' ? BigInt.asUintN(to, x) : norm(B.extract(x, 0, to)));
  if (to > from) return (x) => (typeof x === 'bigint' ? x : norm(B.zext(x, to)));
  return (x) => x;
}

function compileWidthCast(inst: Instruction, c: FunctionCompiler): Step {
  const d = c.dest(inst);
  const a = c.slot(inst.operands[0]!);
  const from = bitWidth(inst.operands[0]!.type);
  const to = bitWidth(inst.type);
  const f = widthCast(inst.op === 'sext' ? 'sext' : 'zext', from, to);
  if (inst.type.kind === 'vector') {
    const g = lanes1(f);
    return (_s, fr) => {
      fr.regs[d] = g(fr.regs[a]!);
    };
  }
  if (inst.op === 'trunc') {
    return (_s, fr) => {
      const x = fr.regs[a]!;
      fr.regs[d] = typeof x === 'bigint' ? BigInt.asUintN(to, x) : f(x as Scalar);
    };
  }
  return (_s, fr) => {
    fr.regs[d] = f(fr.regs[a] as Scalar);
  };
}

/** Concatenates lanes of `laneBits` bits (lane 0 lowest) into one scalar. */
export function packLanes(lanes: readonly Scalar[], laneBits: number): Scalar {
  if (lanes.every((l) => typeof l === 'bigint')) {
    let v = 0n;
    for (let i = lanes.length - 1; i >= 0; i--) v = (v << BigInt(laneBits)) | (lanes[i] as bigint);
    return v;
  }
  let e = toExpr(lanes[lanes.length - 1]!, laneBits);
  for (let i = lanes.length - 2; i >= 0; i--) e = B.concat(e, toExpr(lanes[i]!, laneBits));
  return norm(e);
}

/** Splits a scalar into `n` lanes of `laneBits` bits. */
export function unpackLanes(v: Scalar, n: number, laneBits: number): Scalar[] {
  const out: Scalar[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      typeof v === 'bigint'
        ? BigInt.asUintN(laneBits, v >> BigInt(i * laneBits))
        : norm(B.extract(v, i * laneBits, laneBits)),
    );
  }
  return out;
}

function compileBitcast(inst: Instruction, c: FunctionCompiler): Step {
  const d = c.dest(inst);
  const a = c.slot(inst.operands[0]!);
  const from = inst.operands[0]!.type;
  const to = inst.type;
  if (from.kind !== 'vector' && to.kind !== 'vector') {
    return (_s, fr) => {
      fr.regs[d] = fr.regs[a]!;
    };
  }
  const toScalar = (v: Val, t: Type): Scalar => (t.kind === 'vector' ? packLanes(v as Scalar[], bitWidth(t.elem)) : (v as Scalar));
  const fromScalar = (v: Scalar, t: Type): Val => (t.kind === 'vector' ? unpackLanes(v, t.length, bitWidth(t.elem)) : v);
  return (_s, fr) => {
    fr.regs[d] = fromScalar(toScalar(fr.regs[a]!, from), to);
  };
}

function compileFreeze(inst: Instruction, c: FunctionCompiler): Step {
  const d = c.dest(inst);
  const a = c.slot(inst.operands[0]!);
  return (_s, fr) => {
    fr.regs[d] = fr.regs[a]!;
  };
}

export const CASTS: Record<string, HandlerCompiler> = {
  trunc: compileWidthCast,
  zext: compileWidthCast,
  sext: compileWidthCast,
  ptrtoint: compileWidthCast,
  inttoptr: compileWidthCast,
  bitcast: compileBitcast,
  addrspacecast: compileBitcast,
  freeze: compileFreeze,
};
