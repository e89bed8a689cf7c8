// Memory instructions: alloca, load, store, getelementptr, fence. A concrete pointer takes the
// synchronous path (Memory.access + a typed accessor); a symbolic one is resolved (possibly forking one
// state per object it may point into) and each resulting state does its access at a symbolic offset.

import type { Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import type { Instruction } from '../../ir/model.js';
import type { Type } from '../../ir/types.js';
import { addressOf, bigintOf } from '../../memory/bigint-bits.js';
import { ObjectState } from '../../memory/object-state.js';
import { typedAccess } from '../access.js';
import type { FunctionCompiler, HandlerCompiler } from '../compile.js';
import type { Step } from '../compiled.js';
import { gepOffset } from '../image.js';
import type { ExecutionState } from '../state.js';
import { alignOf, allocSize, elementOffset } from '../type-layout.js';
import { norm, toExpr, type Scalar, type Val } from '../values.js';
import { bitWidth } from './lanes.js';
import { splitSizes } from '../symbolic-sizes.js';

/** `file:line` of an instruction, or its function. */
export function siteOf(inst: Instruction): string {
  return inst.loc ? `${inst.loc.file}:${inst.loc.line}` : `@${inst.parent.fn.name}`;
}

function compileAlloca(inst: Instruction, c: FunctionCompiler): Step {
  const ex = c.ex;
  const d = c.dest(inst);
  const t = inst.allocatedType!;
  const elem = allocSize(t);
  const align = Math.max(inst.align ?? 1, alignOf(t));
  const name = inst.name;
  const site = siteOf(inst);
  const countOp = inst.operands[0];
  const count = countOp === undefined ? 1n : countOp.vk === 'cint' ? countOp.value : null;
  if (count !== null) {
    const size = elem * Number(count);
    return (s, f) => {
      f.regs[d] = BigInt(ex.memory.allocStack(s, f, size, align, name, site).address);
    };
  }
  const cs = c.slot(countOp!);
  const alloc = (s: ExecutionState, n: bigint): void => {
    const frame = s.top;
    if (n * BigInt(elem) > 1n << 32n) {
      ex.term.error(s, 'model', `alloca of ${n} elements of ${elem} bytes is too large`, inst);
      return;
    }
    frame.regs[d] = bigintOf(ex.memory.allocStack(s, frame, Number(n) * elem, align, name, site).address);
  };
  return (s, f) => {
    const n = f.regs[cs] as Scalar;
    if (typeof n === 'bigint') return alloc(s, n);
    // A symbolic count: several sizes, each on its own path (symbolic-sizes.ts); the count of each
    // is its size / elem (the size is count * elem exactly, in 128 bits).
    const bytes = B.mul(B.zext(n, 128), B.constant(128, elem));
    return splitSizes(ex, s, bytes, inst, `alloca of ${name || 'a local'} (${elem}-byte elements)`, 1n << 32n).then((split) => {
      if (split === null) return;
      for (const { state, size } of split.sized) alloc(state, elem === 0 ? 0n : size / BigInt(elem));
      if (split.huge) ex.term.error(split.huge, 'model', `alloca of a symbolic count of ${elem}-byte elements larger than 2^32 bytes`, inst);
    });
  };
}

function compileLoad(inst: Instruction, c: FunctionCompiler): Step {
  const ex = c.ex;
  const d = c.dest(inst);
  const p = c.slot(inst.operands[0]!);
  const acc = typedAccess(inst.type);
  const n = acc.size;
  const mem = ex.memory;
  const slow = async (s: ExecutionState, ptr: Expr): Promise<void> => {
    for (const r of await mem.resolve(s, ptr, n, false, inst)) {
      const os = mem.stateOf(r.state, r.mo, false) as ObjectState;
      r.state.top.regs[d] = acc.readAt(os, r.offset);
    }
  };
  return (s, f) => {
    const ptr = f.regs[p]!;
    if (typeof ptr === 'bigint') {
      const addr = addressOf(ptr);
      const os = mem.access(s, addr, n, false, inst);
      if (os !== null) f.regs[d] = acc.read(os, addr - os.obj.address);
      return;
    }
    return slow(s, ptr as Expr);
  };
}

function compileStore(inst: Instruction, c: FunctionCompiler): Step {
  const ex = c.ex;
  const v = c.slot(inst.operands[0]!);
  const p = c.slot(inst.operands[1]!);
  const acc = typedAccess(inst.operands[0]!.type);
  const n = acc.size;
  const mem = ex.memory;
  const slow = async (s: ExecutionState, ptr: Expr, val: Val): Promise<void> => {
    for (const r of await mem.resolve(s, ptr, n, true, inst)) {
      const os = mem.stateOf(r.state, r.mo, true) as ObjectState;
      acc.writeAt(os, r.offset, val);
    }
  };
  return (s, f) => {
    const ptr = f.regs[p]!;
    if (typeof ptr === 'bigint') {
      const addr = addressOf(ptr);
      const os = mem.access(s, addr, n, true, inst);
      if (os !== null) acc.write(os, addr - os.obj.address, f.regs[v]!);
      return;
    }
    return slow(s, ptr as Expr, f.regs[v]!);
  };
}

interface GepIndex {
  slot: number;
  scale: bigint;
  width: number;
}

function compileGep(inst: Instruction, c: FunctionCompiler): Step {
  const d = c.dest(inst);
  const base = c.slot(inst.operands[0]!);
  const src = inst.sourceElemType!;
  if (inst.type.kind === 'vector' || inst.operands.some((o) => o.type.kind === 'vector')) return vectorGep(inst, c);
  // Fold constant indices; keep variable ones with their scale.
  let constOff = 0n;
  const vars: GepIndex[] = [];
  let t: Type = src;
  inst.operands.slice(1).forEach((o, k) => {
    let scale: bigint;
    if (k === 0) scale = BigInt(allocSize(src));
    else if (t.kind === 'struct') {
      if (o.vk !== 'cint') throw new Error('non-constant struct index');
      const i = Number(o.value);
      constOff += BigInt(elementOffset(t, i));
      t = t.fields[i]!;
      return;
    } else if (t.kind === 'array' || t.kind === 'vector') {
      t = t.elem;
      scale = BigInt(allocSize(t));
    } else throw new Error(`getelementptr into ${t.kind}`);
    const w = bitWidth(o.type);
    if (o.vk === 'cint') constOff += BigInt.asIntN(w, o.value) * scale;
    else vars.push({ slot: c.slot(o), scale, width: w });
  });
  const K = constOff;
  const symbolic = (r: Val[]): Scalar => {
    let e = B.add(toExpr(r[base] as Scalar, 64), B.constant(64, K));
    for (const v of vars) {
      const i = r[v.slot] as Scalar;
      const ie = v.width < 64 ? B.sext(toExpr(i, v.width), 64) : B.extract(toExpr(i, v.width), 0, 64);
      e = B.add(e, B.mul(ie, B.constant(64, v.scale)));
    }
    return norm(e);
  };
  if (vars.length === 0) {
    return (_s, f) => {
      const r = f.regs;
      const a = r[base]!;
      r[d] = typeof a === 'bigint' ? BigInt.asUintN(64, a + K) : symbolic(r);
    };
  }
  if (vars.length === 1) {
    const { slot, scale, width } = vars[0]!;
    return (_s, f) => {
      const r = f.regs;
      const a = r[base]!;
      const i = r[slot]!;
      r[d] = typeof a === 'bigint' && typeof i === 'bigint' ? BigInt.asUintN(64, a + K + BigInt.asIntN(width, i) * scale) : symbolic(r);
    };
  }
  return (_s, f) => {
    const r = f.regs;
    const a = r[base]!;
    if (typeof a === 'bigint') {
      let addr = a + K;
      let ok = true;
      for (const v of vars) {
        const i = r[v.slot]!;
        if (typeof i !== 'bigint') {
          ok = false;
          break;
        }
        addr += BigInt.asIntN(v.width, i) * v.scale;
      }
      if (ok) {
        r[d] = BigInt.asUintN(64, addr);
        return;
      }
    }
    r[d] = symbolic(r);
  };
}

/** A GEP over vectors of pointers or indices: lane-wise (rare at -O0). */
function vectorGep(inst: Instruction, c: FunctionCompiler): Step {
  const d = c.dest(inst);
  const slots = inst.operands.map((o) => c.slot(o));
  const types = inst.operands.map((o) => o.type);
  const lanes = (inst.type as { length: number }).length;
  const src = inst.sourceElemType!;
  return (_s, f) => {
    const out: Val[] = [];
    for (let l = 0; l < lanes; l++) {
      const vals = slots.map((sl, k) => {
        const v = f.regs[sl]!;
        return types[k]!.kind === 'vector' ? (v as Val[])[l]! : v;
      });
      if (!vals.every((v) => typeof v === 'bigint')) throw new Error('symbolic vector getelementptr is not supported');
      const idx = (vals.slice(1) as bigint[]).map((v, k) => BigInt.asIntN(bitWidth(types[k + 1]!), v));
      out.push(BigInt.asUintN(64, (vals[0] as bigint) + gepOffset(src, idx)));
    }
    f.regs[d] = out;
  };
}

function compileFence(): Step {
  return () => {};
}

export const MEMORY: Record<string, HandlerCompiler> = {
  alloca: compileAlloca,
  load: compileLoad,
  store: compileStore,
  getelementptr: compileGep,
  fence: compileFence,
};
