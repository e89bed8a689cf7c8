// Calls and returns: entering a function (its register file from the template, byval copies, the
// variadic-argument area), running a built-in in place of a declared function, and returning. The
// variadic area follows the x86-64 SysV ABI as clang's inline va_arg code reads it: va_start sets
// gp_offset = 48 and fp_offset = 176 (register areas "full"), so every argument is fetched from
// overflow_arg_area, where the caller's extra arguments sit in 8-byte slots (16-aligned for long double
// and i128), byval aggregates copied in.

import { callPathChild, ROOT_CALL_PATH } from './call-paths.js';
import type { Func, Instruction } from '../ir/model.js';
import type { Type } from '../ir/types.js';
import { typedAccess } from './access.js';
import type { Builtin } from './builtins/types.js';
import type { CallSite } from './compiled.js';
import type { Executor } from './executor.js';
import { zeroValue } from './image.js';
import { jump } from './ops/control.js';
import { Frame, type ExecutionState } from './state.js';
import { alignOf, allocSize, storeSize } from './type-layout.js';
import type { Scalar, Val } from './values.js';
import { addressOf } from '../memory/bigint-bits.js';

/** x86-64 va_list: { i32 gp_offset, i32 fp_offset, ptr overflow_arg_area, ptr reg_save_area }. */
export const VA_GP_FULL = 48;
export const VA_FP_FULL = 176;

/** The types of one call's actual arguments (and byval types, when any). */
export interface ArgInfo {
  readonly types: readonly Type[];
  readonly byval?: readonly (Type | undefined)[];
}

export class Frames {
  private readonly builtinCache = new Map<Func, Builtin | null>();

  constructor(private readonly ex: Executor) {}

  /** Calls `fn` (defined, or a built-in) with `args` from the current frame of `s`. */
  call(s: ExecutionState, fn: Func, args: Val[], site: CallSite, info: ArgInfo): void | Promise<void> {
    if (!fn.isDeclaration) {
      this.enter(s, fn, args, site, info);
      return;
    }
    const b = this.builtin(fn);
    if (b === null) {
      this.ex.term.error(s, 'exec', `external function '${fn.name}' is not defined`, site.inst);
      return;
    }
    const completeIn = (st: ExecutionState, v: Val | void): void => this.done(st, v, site);
    const r = b({ ex: this.ex, s, inst: site.inst, name: fn.name, argTypes: info.types, retType: site.inst.type, completeIn }, args);
    if (r instanceof Promise) return r.then((v) => this.done(s, v, site));
    this.done(s, r, site);
  }

  /** The built-in implementing a declared function, or null. */
  builtin(fn: Func): Builtin | null {
    let b = this.builtinCache.get(fn);
    if (b === undefined) {
      b = this.ex.builtins.lookup(fn.name);
      this.builtinCache.set(fn, b);
    }
    return b;
  }

  private done(s: ExecutionState, v: Val | void, site: CallSite): void {
    if (!s.terminated) this.resume(s, v as Val | undefined, site);
  }

  /** Continues the caller (the current frame of `s`) after `site` returned `v`. */
  private resume(s: ExecutionState, v: Val | undefined, site: CallSite): void {
    const f = s.top;
    if (site.retSlot >= 0) f.regs[site.retSlot] = v === undefined ? zeroValue(site.inst.type) : v;
    if (site.normal) jump(this.ex, s, f, site.normal);
  }

  /** Pushes a frame for defined function `fn` (site null for the entry function). */
  enter(s: ExecutionState, fn: Func, args: Val[], site: CallSite | null, info: ArgInfo): Frame | null {
    const maxFrames = this.ex.opts.maxStackFrames;
    if (site !== null && maxFrames > 0 && s.stack.length >= maxFrames) {
      // KLEE ends such a state early ("Maximum stack size reached"); here it is an error with a test, because
      // the native program with that input usually overflows its stack too (unbounded recursion).
      this.ex.term.error(s, 'stack-overflow', `call stack of ${maxFrames} frames exceeded (--max-stack-frames) calling ${fn.name}`, site.inst);
      return null;
    }
    const cf = this.ex.compiled(fn);
    const path = site ? callPathChild(s.top.callPath, site.inst.id) : ROOT_CALL_PATH;
    const f = new Frame(cf, cf.template.slice(), site, path, s.sp);
    s.pushFrame(f);
    const params = fn.params;
    for (let i = 0; i < params.length; i++) {
      const p = params[i]!;
      let v = i < args.length ? args[i]! : zeroValue(p.type);
      if (p.byvalType && site) {
        const copy = this.byvalCopy(s, f, v, p.byvalType, p.name || `arg${i}`, site.inst);
        if (copy === null) return f;
        v = copy;
      }
      f.regs[cf.paramSlots[i]!] = v;
    }
    if (fn.fnType.varArgs) this.varargs(s, f, args.slice(params.length), info, params.length, site);
    return f;
  }

  /** Copies a byval argument into a new stack object of the callee; its address, or null on error. */
  private byvalCopy(s: ExecutionState, f: Frame, ptr: Val, t: Type, name: string, inst: Instruction): bigint | null {
    const size = allocSize(t);
    if (typeof ptr !== 'bigint') {
      this.ex.term.error(s, 'exec', 'byval argument through a symbolic pointer is not supported', inst);
      return null;
    }
    const addr = addressOf(ptr);
    const src = this.ex.memory.access(s, addr, size, false, inst);
    if (src === null) return null;
    const mo = this.ex.memory.allocStack(s, f, size, alignOf(t), name, 'byval');
    const dst = f.allocaStates![f.allocaStates!.length - 1]!;
    dst.copyFrom(src, addr - src.obj.address, 0, size);
    return BigInt(mo.address);
  }

  private varargs(s: ExecutionState, f: Frame, extra: Val[], info: ArgInfo, first: number, site: CallSite | null): void {
    const slots: { off: number; v: Val; t: Type; byval?: Type }[] = [];
    let off = 0;
    extra.forEach((v, k) => {
      const t = info.types[first + k]!;
      const byval = info.byval?.[first + k];
      const ty = byval ?? t;
      const align = alignOf(ty) > 8 ? 16 : 8;
      off = Math.ceil(off / align) * align;
      slots.push({ off, v, t, byval });
      off += Math.ceil((byval ? allocSize(byval) : storeSize(t)) / 8) * 8;
    });
    const mo = this.ex.memory.allocStack(s, f, Math.max(off, 8), 16, 'varargs', site ? `call at ${site.inst.loc?.line ?? '?'}` : 'main');
    f.varargs = mo;
    const os = f.allocaStates![f.allocaStates!.length - 1]!;
    for (const sl of slots) {
      if (sl.byval) {
        if (typeof sl.v !== 'bigint') continue;
        const n = allocSize(sl.byval);
        const src = this.ex.memory.access(s, Number(sl.v), n, false, site!.inst);
        if (src === null) return;
        os.copyFrom(src, Number(sl.v) - src.obj.address, sl.off, n);
      } else {
        typedAccess(sl.t).write(os, sl.off, sl.v);
      }
    }
  }

  /** `ret`: pops the frame; from main, the path exits with the returned status. */
  return(s: ExecutionState, v: Val | undefined, inst: Instruction): void | Promise<void> {
    if (s.stack.length === 1) return this.exitWith(s, v === undefined ? 0n : (v as Scalar), inst);
    this.resume(s, v, s.popFrame().caller!);
  }

  /** Ends the path with exit status `code` (concretised if symbolic). */
  exitWith(s: ExecutionState, code: Scalar, inst: Instruction): void | Promise<void> {
    if (typeof code === 'bigint') {
      this.ex.term.exit(s, Number(code & 0xffn));
      return;
    }
    return this.ex.concretize(s, code, 'exit status', inst, true).then((v) => {
      if (v !== null) this.ex.term.exit(s, Number(v & 0xffn));
    });
  }
}
