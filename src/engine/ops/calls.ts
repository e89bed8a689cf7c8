// call and invoke: direct calls go straight to Frames.call (a defined function or its built-in);
// indirect calls look the target up by its fake address, and a symbolic function pointer forks one
// state per function it may equal (bounded like symbolic data pointers). Inline assembly is an 'exec'
// error, except the empty `asm("")` compiler barrier.

import type { Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import type { BasicBlock, Func, Instruction, Value } from '../../ir/model.js';
import { NULL_PAGE_END } from '../../memory/allocator.js';
import { addressOf } from '../../memory/bigint-bits.js';
import type { FunctionCompiler, HandlerCompiler } from '../compile.js';
import type { CallSite, Step } from '../compiled.js';
import type { ArgInfo } from '../frames.js';
import { zeroValue } from '../image.js';
import type { ExecutionState } from '../state.js';
import type { Val } from '../values.js';
import { jump } from './control.js';

/** The function a callee operand names directly (through aliases and casts), if any. */
function directCallee(v: Value): Func | null {
  if (v.vk === 'func') return v;
  if (v.vk === 'alias') return directCallee(v.aliasee);
  if (v.vk === 'cexpr' && (v.op === 'bitcast' || v.op === 'addrspacecast')) return directCallee(v.operands[0]!);
  return null;
}

function compileCall(inst: Instruction, c: FunctionCompiler): Step {
  const ex = c.ex;
  const isInvoke = inst.op === 'invoke';
  const ops = inst.operands;
  const args = ops.slice(1, isInvoke ? ops.length - 2 : ops.length);
  const argSlots = args.map((a) => c.slot(a));
  const n = argSlots.length;
  const info: ArgInfo = { types: args.map((a) => a.type), byval: inst.argByvalTypes };
  const normal = isInvoke ? c.edge(inst.parent, ops[ops.length - 2] as BasicBlock) : null;
  const site: CallSite = { inst, retSlot: inst.type.kind === 'void' ? -1 : c.dest(inst), normal };
  const callee = ops[0]!;
  const readArgs = (f: { regs: Val[] }): Val[] => {
    const out = new Array<Val>(n);
    for (let i = 0; i < n; i++) out[i] = f.regs[argSlots[i]!]!;
    return out;
  };

  if (callee.vk === 'asm') {
    if (callee.asm.trim() !== '') return c.failing(inst, `inline assembly is not supported: "${callee.asm}"`);
    const zero = zeroValue(inst.type);
    return (s, f) => {
      if (site.retSlot >= 0) f.regs[site.retSlot] = zero;
      if (normal) jump(ex, s, f, normal);
    };
  }
  const fn = directCallee(callee);
  if (fn) {
    if (fn.name.startsWith('llvm.dbg.') || fn.name.startsWith('llvm.lifetime.')) return () => {};
    return (s, f) => ex.frames.call(s, fn, readArgs(f), site, info);
  }

  // Indirect call.
  const p = c.slot(callee);
  const symbolic = async (s: ExecutionState, ptr: Expr, argv: Val[]): Promise<void> => {
    const range = await ex.solver.getRange(s.constraints, ptr);
    if (range === 'unknown') return ex.term.partial(s, 'solver could not resolve a symbolic function pointer', inst);
    const cands: [number, Func][] = [];
    for (const [addr, f] of ex.image.funcAt) if (BigInt(addr) >= range.min && BigInt(addr) <= range.max) cands.push([addr, f]);
    cands.sort((x, y) => x[0] - y[0]);
    const max = ex.opts.maxSymbolicPointerTargets > 0 ? ex.opts.maxSymbolicPointerTargets : Infinity;
    const conds: Expr[] = [];
    const targets: Func[] = [];
    for (const [addr, f] of cands) {
      const cond = B.eq(ptr, B.constant(64, addr));
      const may = await ex.solver.mayBeTrue(s.constraints, cond);
      if (may === 'unknown') return ex.term.partial(s, 'solver could not resolve a symbolic function pointer', inst);
      if (!may) continue;
      conds.push(cond);
      targets.push(f);
      if (targets.length > max) {
        return ex.term.error(s, 'model', `symbolic function pointer may point to more than ${max} functions (--max-sym-ptr-targets)`, inst);
      }
    }
    const none = conds.reduce((a, b) => B.and(a, B.notB(b)), B.TRUE);
    const states = await ex.forkMany(s, [...conds, none], inst);
    for (let i = 0; i < states.length; i++) {
      const st = states[i];
      if (!st) continue;
      if (i === targets.length) ex.term.error(st, 'exec', 'call through a symbolic function pointer that may point to no function', inst);
      else await ex.frames.call(st, targets[i]!, argv, site, info);
    }
  };
  return (s, f) => {
    const ptr = f.regs[p]!;
    if (typeof ptr !== 'bigint') return symbolic(s, ptr as Expr, readArgs(f));
    const target = ex.image.funcAt.get(addressOf(ptr));
    if (target) return ex.frames.call(s, target, readArgs(f), site, info);
    if (ptr < BigInt(NULL_PAGE_END)) return ex.term.error(s, 'null-deref', 'call through a null function pointer', inst);
    return ex.term.error(s, 'exec', `call through an invalid function pointer 0x${ptr.toString(16)}`, inst);
  };
}

export const CALLS: Record<string, HandlerCompiler> = {
  call: compileCall,
  invoke: compileCall,
};
