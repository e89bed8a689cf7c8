// The trace recorder: an exploration hook (onInstruction, onBlock, onTerminate, wantsTrace) plus a
// memory observer (observed-memory.ts) that together write one path's Trace (model.ts).
//
// It follows one state — the first it sees, which in a forking run is the one that always continues on
// the first feasible side; in a concolic run the only one — and keeps, beside the engine:
//   - a shadow call stack: per activation, the instance defining each SSA value and parameter, so every
//     instance gets its operands' defining instances (a parameter is defined by the actual argument's
//     definition in the caller, a call's result by the callee's `ret` instance);
//   - shadow memory (shadow.ts): per concrete byte the instance that last wrote it, so every read gets
//     the instances that last wrote the bytes it reads (INITIAL for none). A fresh stack or heap object
//     starts INITIAL; a byval copy or varargs area is written by the call that made it;
//   - the path constraints, attributed to the instance that added them: branch decisions come from the
//     engine's branch trace (state.trace, kept because `wantsTrace` is set) with the condition exactly as
//     built at the branch; other constraints (concretisations, klee_assume) from the growth of the
//     state's constraint list; the object a symbolic pointer resolved into adds its in-bounds condition.
//
// Built-ins report a memory access through Memory.access, for most of them the exact bytes (memcpy,
// memset, klee_make_symbolic, va_start); string and stdio built-ins report only where a string starts,
// so for those a read is widened to the rest of the object and a write is strong for the reported bytes
// and weak (may-write) for the rest.
//
// Cost: the engine's onInstruction path (a hook call per instruction) plus a few map lookups; an
// untraced run does not build a recorder at all.

import * as B from '../../expr/build.js';
import type { Expr } from '../../expr/expr.js';
import { isDeciding, terminatorTargets } from '../../analysis/cfg.js';
import { calledFunction } from '../../ir/index.js';
import type { BasicBlock, Instruction, Module, Value } from '../../ir/model.js';
import { instructionIdBound } from '../coverage.js';
import type { MemoryObject } from '../../memory/memory-object.js';
import { ObjKind } from '../../memory/memory-object.js';
import type { ExplorationHooks, TraceEntry } from '../hooks.js';
import type { Executor } from '../executor.js';
import { inBounds, type Memory } from '../memory.js';
import type { ExecutionState, Frame } from '../state.js';
import type { TestCase } from '../test-case.js';
import { type ConstraintKind, INITIAL, type MemAccess, type ObjectInfo, type OperandDef, type OutputEvent, Trace, type TraceEnd } from './model.js';
import { ObservedMemory, type MemoryObserver } from './observed-memory.js';
import { ShadowMemory } from './shadow.js';

export interface RecorderOptions {
  /**
   * The concrete value of a symbolic expression under the run's input (concolic runs). Gives symbolic
   * addresses their concrete bytes; without it a symbolic access covers its whole object (weakly).
   */
  evaluate?: (e: Expr) => bigint;
}

/** Built-ins whose reported accesses are exactly the bytes they touch. */
const EXACT_BUILTINS = new Set(['memcpy', 'memmove', 'memset', 'klee_make_symbolic', 'klee_check_memory_access', 'llvm.va_start', 'llvm.va_copy', 'llvm.load.relative']);
const ASSUMING = new Set(['klee_assume', 'klee_range', 'klee_choose']);
const CHECK_OPS = new Set(['udiv', 'sdiv', 'urem', 'srem', 'shl', 'lshr', 'ashr']);
const MEMORY_OPS = new Set(['load', 'store', 'atomicrmw', 'cmpxchg', 'va_arg']);
/** Instructions whose one write access also reads the bytes first. */
const READ_MODIFY_WRITE = new Set(['atomicrmw', 'cmpxchg', 'va_arg']);

// A terminator's targets per direction and whether it decides: the direction numbering and the notion
// of a branch of the dependence analyses (src/analysis/cfg.ts), which the trace's decisions must match.
export { terminatorTargets };

/** The actual arguments of a call or invoke. */
function callArgs(call: Instruction): readonly Value[] {
  return call.op === 'invoke' ? call.operands.slice(1, -2) : call.operands.slice(1);
}

/** A value's definition in an activation: >= 0 an instance (ssa), -1 none, <= -2 a link (param, ret). */
type DefRef = number;
const NONE: DefRef = -1;

interface ShadowFrame {
  readonly act: number;
  readonly frame: Frame;
  readonly defs: Map<Value, DefRef>;
  readonly params: DefRef[];
}

export class TraceRecorder implements ExplorationHooks, MemoryObserver {
  readonly name = 'trace';
  readonly wantsTrace = true;
  readonly trace: Trace;
  /** The followed state (the first one seen). */
  state: ExecutionState | null = null;

  private readonly occ: Int32Array;
  private readonly shadow = new ShadowMemory();
  private readonly stack: ShadowFrame[] = [];
  private readonly links: OperandDef[] = [];
  private readonly objects = new Map<MemoryObject, ObjectInfo>();
  /** The instance running now (the last one started). */
  private cur = -1;
  /** Writes of `cur`, applied when the next instance starts (so an instance never reads its own). */
  private pending: { addr: number; size: number; weak: boolean }[] = [];
  /** A call instance whose operand definitions wait until we know whether it entered a body. */
  private pendingCall = -1;
  private lastEntry: TraceEntry | null = null;
  private seenConstraints = 0;
  private finished = false;

  constructor(
    readonly module: Module,
    private readonly opts: RecorderOptions = {},
  ) {
    this.trace = new Trace(module);
    this.occ = new Int32Array(instructionIdBound(module));
  }

  // -------------------------------------------------------------------------------------------
  // Hooks

  onInstruction(s: ExecutionState, inst: Instruction): void {
    if (!this.follow(s)) return;
    this.settle(s);
    const top = this.stack[this.stack.length - 1]!;
    const i = this.begin(inst, top.act);
    if (inst.op === 'call' || inst.op === 'invoke') this.pendingCall = i;
    else this.operands(i, inst, top);
    if (inst.type.kind !== 'void') top.defs.set(inst, i);
  }

  onBlock(s: ExecutionState, bb: BasicBlock): void {
    if (!this.follow(s)) return;
    this.settle(s);
    const t = this.cur;
    const term = t >= 0 ? this.trace.insts[t]! : undefined;
    const top = this.stack[this.stack.length - 1]!;
    if (!term || term.parent.fn !== bb.fn) return;
    const targets = terminatorTargets(term);
    if (targets.includes(bb) && isDeciding(term)) this.trace.dirs[t] = targets.indexOf(bb);
    // Phis: a parallel copy — read every incoming definition before defining any phi.
    const phis: Instruction[] = [];
    for (const x of bb.instructions) {
      if (x.op !== 'phi') break;
      phis.push(x);
    }
    if (phis.length === 0) return;
    const incoming = phis.map((phi) => {
      const k = phi.incomingBlocks!.indexOf(term.parent);
      return k < 0 ? NONE : this.defOf(top, phi.operands[k]!);
    });
    phis.forEach((phi, k) => {
      const i = this.begin(phi, top.act);
      this.pushDef(incoming[k]!);
      top.defs.set(phi, i);
    });
  }

  onTerminate(s: ExecutionState, test: TestCase | null): void {
    if (s !== this.state || this.finished) return;
    this.settle(s);
    this.finished = true;
    if (test) this.trace.end = endOf(test);
    else if (this.trace.end.kind === 'running') this.trace.end = { kind: 'silent' };
  }

  /** An output made by the running instance (the executor reports stream writes and marked variables). */
  output(s: ExecutionState, channel: OutputEvent['channel'], name: string, bytes: readonly (number | Expr)[]): void {
    if (!this.follow(s) || this.cur < 0) return;
    this.trace.outputs.push({ instance: this.cur, channel, name, bytes });
  }

  /** A symbolic value the running instance needed concrete (the executor reports it). */
  concretized(s: ExecutionState, expr: Expr): void {
    if (!this.follow(s) || this.cur < 0) return;
    this.trace.concretizations.push({ instance: this.cur, expr });
  }

  /** Ends recording (the driver calls it when the run is over) and returns the trace. */
  finish(end?: TraceEnd): Trace {
    if (this.state && !this.finished) {
      this.settle(this.state);
      this.finished = true;
    }
    if (end) this.trace.end = end;
    this.trace.invalidate();
    return this.trace;
  }

  // -------------------------------------------------------------------------------------------
  // Memory observer

  access(s: ExecutionState, mo: MemoryObject, addr: number, size: number, write: boolean, inst: Instruction): void {
    if (s !== this.state || this.finished || this.cur < 0) return;
    const exact = this.exactExtent(inst);
    const rest = mo.address + mo.size - (addr + size);
    if (write) {
      if (READ_MODIFY_WRITE.has(inst.op)) this.read(mo, addr, size);
      this.write(mo, addr, size, false);
      if (!exact && rest > 0) this.write(mo, addr + size, rest, true);
    } else {
      this.read(mo, addr, exact ? size : size + Math.max(0, rest));
    }
  }

  symbolicAccess(s: ExecutionState, mo: MemoryObject, ptr: Expr, size: number, write: boolean, inst: Instruction): void {
    if (s !== this.state || this.finished || this.cur < 0) return;
    this.syncConstraints(s);
    // The in-bounds condition of the object: the engine's own constraint when it forked (then named by
    // the object rather than the fork's candidate index), else added here (the engine found it implied).
    const inb = inBounds(ptr, mo, size);
    const outcome = `@${mo.address.toString(16)}`;
    const cs = this.trace.constraints;
    let k = cs.length - 1;
    while (k >= 0 && cs[k]!.instance === this.cur && cs[k]!.expr !== inb) k--;
    if (k >= 0 && cs[k]!.instance === this.cur) cs[k] = { ...cs[k]!, outcome };
    else if (!inb.isTrue) this.addConstraint('resolve', inb, -1, false, outcome);
    if (this.opts.evaluate) {
      const addr = Number(this.opts.evaluate(ptr));
      if (addr >= mo.address && addr + size <= mo.address + mo.size) {
        this.access(s, mo, addr, size, write, inst);
        return;
      }
    }
    // No concrete address: the whole object, and a write may have missed any byte.
    if (write) {
      if (READ_MODIFY_WRITE.has(inst.op)) this.read(mo, mo.address, mo.size);
      this.write(mo, mo.address, mo.size, true);
    } else this.read(mo, mo.address, mo.size);
  }

  allocated(s: ExecutionState, mo: MemoryObject, stack: boolean): void {
    if (s !== this.state || this.finished) return;
    this.shadow.clear(mo.address, mo.size);
    const by = this.cur >= 0 ? this.trace.insts[this.cur]! : undefined;
    let info: ObjectInfo;
    if (stack) {
      const isAlloca = by?.op === 'alloca';
      info = { address: mo.address, size: mo.size, kind: 'stack', name: mo.name, site: isAlloca ? by : undefined };
      this.objects.set(mo, info);
      // A byval copy or a varargs area: its bytes are the call's doing.
      if (!isAlloca && this.cur >= 0 && mo.size > 0) this.write(mo, mo.address, mo.size, false);
    } else {
      info = { address: mo.address, size: mo.size, kind: 'heap', name: mo.name, site: by?.op === 'call' || by?.op === 'invoke' ? by : undefined };
      this.objects.set(mo, info);
      const allocs = this.trace.heapAllocations;
      if (this.cur >= 0 && allocs[allocs.length - 1] !== this.cur) allocs.push(this.cur);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Instances

  private follow(s: ExecutionState): boolean {
    if (this.finished) return false;
    if (this.state === null) {
      this.state = s;
      this.lastEntry = s.trace;
      this.seenConstraints = s.constraints.length;
      for (const f of s.stack) this.pushFrame(f, -1);
    }
    return s === this.state;
  }

  private begin(inst: Instruction, act: number): number {
    const t = this.trace;
    const i = t.insts.length;
    t.insts.push(inst);
    t.occurrences.push(++this.occ[inst.id]!);
    t.acts.push(act);
    t.dirs.push(-1);
    t.opStart.push(t.opFrom.length);
    t.memStart.push(t.accessList.length);
    this.cur = i;
    return i;
  }

  /** Brings the shadow state up to date before a new event: constraints, writes, calls and returns. */
  private settle(s: ExecutionState): void {
    this.syncConstraints(s);
    if (this.pending.length > 0) {
      for (const w of this.pending) {
        if (w.weak) this.shadow.weakWrite(w.addr, w.size, this.cur);
        else this.shadow.write(w.addr, w.size, this.cur);
      }
      this.pending = [];
    }
    this.syncFrames(s);
    if (this.pendingCall >= 0) this.settleCall(false);
  }

  private syncFrames(s: ExecutionState): void {
    const st = s.stack;
    const mine = this.stack;
    // Calls are told apart by Frame.activation: a frame shared with another state is replaced by a copy
    // (the same call) when this state returns into it.
    if (mine.length === st.length && mine[mine.length - 1]?.frame.activation === s.top.activation) return;
    while (mine.length > st.length || (mine.length > 0 && mine[mine.length - 1]!.frame.activation !== st[mine.length - 1]!.activation)) this.popFrame();
    for (let k = mine.length; k < st.length; k++) {
      const call = this.pendingCall >= 0 ? this.pendingCall : this.cur;
      if (this.pendingCall >= 0) this.settleCall(true);
      this.pushFrame(st[k]!, mine.length > 0 ? call : -1);
    }
  }

  private pushFrame(frame: Frame, callInstance: number): void {
    const t = this.trace;
    const parent = this.stack.length > 0 ? this.stack[this.stack.length - 1]! : null;
    const act = t.activations.length;
    t.activations.push({ id: act, fn: frame.fn.fn, callInstance, parent: parent ? parent.act : -1, retInstance: -1 });
    const params: DefRef[] = [];
    if (parent && callInstance >= 0) {
      const call = t.insts[callInstance]!;
      for (const a of callArgs(call)) {
        const from = this.instanceOf(this.defOf(parent, a));
        params.push(from >= 0 ? this.link({ from, kind: 'param', via: callInstance }) : NONE);
      }
    }
    this.stack.push({ act, frame, defs: new Map(), params });
  }

  private popFrame(): void {
    const f = this.stack.pop()!;
    const t = this.trace;
    const a = t.activations[f.act]!;
    const last = this.cur;
    if (last >= 0 && t.acts[last] === f.act && t.insts[last]!.op === 'ret') a.retInstance = last;
    const caller = this.stack[this.stack.length - 1];
    if (caller && a.callInstance >= 0) {
      const call = t.insts[a.callInstance]!;
      if (a.retInstance >= 0 && call.type.kind !== 'void') caller.defs.set(call, this.link({ from: a.retInstance, kind: 'ret', via: a.callInstance }));
    }
  }

  /** The operand definitions of a call instance, once known whether it entered a function body. */
  private settleCall(enteredBody: boolean): void {
    const i = this.pendingCall;
    this.pendingCall = -1;
    const t = this.trace;
    const call = t.insts[i]!;
    // The frame the call ran in: still the top one (a callee's frame is pushed after this).
    const top = this.stack[this.stack.length - 1]!;
    const frame = top.act === t.acts[i] ? top : (this.stack.find((f) => f.act === t.acts[i]) ?? top);
    // Splice the definitions in at the call's slot (no instance started since it).
    const callee = call.operands[0]!;
    const defs: DefRef[] = [];
    if (callee.vk === 'inst' || callee.vk === 'arg') defs.push(this.defOf(frame, callee));
    if (!enteredBody) for (const a of callArgs(call)) if (a.vk === 'inst' || a.vk === 'arg') defs.push(this.defOf(frame, a));
    for (const d of defs) this.pushDef(d, i);
  }

  private operands(i: number, inst: Instruction, top: ShadowFrame): void {
    const ops = inst.operands;
    if (ops.length === 1) {
      const v = ops[0]!;
      if (v.vk === 'inst' || v.vk === 'arg') this.pushDef(this.defOf(top, v), i);
      return;
    }
    for (let k = 0; k < ops.length; k++) {
      const v = ops[k]!;
      if (v.vk !== 'inst' && v.vk !== 'arg') continue;
      let dup = false;
      for (let j = 0; j < k; j++) if (ops[j] === v) dup = true;
      if (!dup) this.pushDef(this.defOf(top, v), i);
    }
  }

  private defOf(f: ShadowFrame, v: Value): DefRef {
    if (v.vk === 'inst') return f.defs.get(v) ?? NONE;
    if (v.vk === 'arg') return f.params[v.index] ?? NONE;
    return NONE;
  }

  private instanceOf(d: DefRef): number {
    if (d >= 0) return d;
    if (d === NONE) return -1;
    return this.links[-d - 2]!.from;
  }

  private link(l: OperandDef): DefRef {
    this.links.push(l);
    return -(this.links.length - 1) - 2;
  }

  /** Appends a definition to the operands of the instance being recorded (`at`, default the last). */
  private pushDef(d: DefRef, at = this.cur): void {
    if (d === NONE) return;
    const t = this.trace;
    if (at !== t.insts.length - 1) throw new Error('trace recorder: operand definitions out of order');
    if (d >= 0) {
      t.opFrom.push(d);
      t.opKind.push('ssa');
      t.opVia.push(-1);
    } else {
      const l = this.links[-d - 2]!;
      t.opFrom.push(l.from);
      t.opKind.push(l.kind);
      t.opVia.push(l.via);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Memory

  private exactExtent(inst: Instruction): boolean {
    if (inst.op !== 'call' && inst.op !== 'invoke') return true;
    const fn = calledFunction(inst);
    if (fn && !fn.isDeclaration) return true; // byval copies: exact
    const name = fn?.name ?? '';
    return EXACT_BUILTINS.has(name) || name.startsWith('llvm.memcpy') || name.startsWith('llvm.memmove') || name.startsWith('llvm.memset');
  }

  private objectInfo(mo: MemoryObject): ObjectInfo {
    let info = this.objects.get(mo);
    if (info) return info;
    if (mo.kind === ObjKind.Global) {
      const g = this.module.symbols.get(mo.name);
      info = { address: mo.address, size: mo.size, kind: 'global', name: mo.name, site: g && g.vk === 'global' ? g : undefined };
    } else {
      info = { address: mo.address, size: mo.size, kind: 'other', name: mo.name, site: undefined };
    }
    this.objects.set(mo, info);
    return info;
  }

  private read(mo: MemoryObject, addr: number, size: number): void {
    const defs = new Set<number>();
    this.shadow.readers(addr, size, defs);
    const a: MemAccess = {
      instance: this.cur,
      write: false,
      addr,
      size,
      object: this.objectInfo(mo),
      defs: [...defs].sort((x, y) => x - y),
      weak: false,
    };
    this.trace.accessList.push(a);
  }

  private write(mo: MemoryObject, addr: number, size: number, weak: boolean): void {
    this.trace.accessList.push({ instance: this.cur, write: true, addr, size, object: this.objectInfo(mo), defs: [], weak });
    this.pending.push({ addr, size, weak });
  }

  // -------------------------------------------------------------------------------------------
  // Constraints

  private syncConstraints(s: ExecutionState): void {
    // Conditions of the new branch entries: the engine adds each to the constraint list too when it
    // keeps it there (a fork; in the same step, so within this batch) — not a constraint of its own.
    let branchExprs: Map<Expr, number> | null = null;
    if (s.trace !== this.lastEntry) {
      branchExprs = new Map();
      const fresh: TraceEntry[] = [];
      for (let e = s.trace; e !== null && e !== this.lastEntry; e = e.prev) fresh.push(e);
      this.lastEntry = s.trace;
      for (let k = fresh.length - 1; k >= 0; k--) {
        const e = fresh[k]!;
        this.addConstraint(kindOf(e.inst), e.condition, e.direction, e.forked);
        branchExprs.set(e.condition, (branchExprs.get(e.condition) ?? 0) + 1);
      }
    }
    const cs = s.constraints;
    if (cs.length !== this.seenConstraints) {
      for (let k = this.seenConstraints; k < cs.length; k++) {
        const c = cs[k]!;
        const pending = branchExprs?.get(c);
        if (pending !== undefined && pending > 0) {
          branchExprs!.set(c, pending - 1);
          continue;
        }
        if (this.curHas(c)) continue;
        const by = this.cur >= 0 ? this.trace.insts[this.cur]! : undefined;
        const fn = by ? calledFunction(by) : undefined;
        this.addConstraint(fn && ASSUMING.has(fn.name) ? 'assume' : 'concretize', c, -1, false);
      }
      this.seenConstraints = cs.length;
    }
  }

  /** Whether the current instance already added constraint `e`. */
  private curHas(e: Expr): boolean {
    const cs = this.trace.constraints;
    for (let k = cs.length - 1; k >= 0 && cs[k]!.instance === this.cur; k--) if (cs[k]!.expr === e) return true;
    return false;
  }

  private addConstraint(kind: ConstraintKind, expr: Expr, direction: number, forked: boolean, outcome = direction >= 0 ? String(direction) : ''): void {
    const t = this.trace;
    const negatable = kind !== 'concretize' && kind !== 'assume';
    const multiway = kind === 'switch' || kind === 'resolve' || kind === 'call';
    t.constraints.push({ index: t.constraints.length, instance: this.cur, kind, expr, direction, outcome, forked, negatable, multiway });
  }
}

function kindOf(inst: Instruction): ConstraintKind {
  switch (inst.op) {
    case 'br':
      return 'branch';
    case 'switch':
    case 'indirectbr':
      return 'switch';
    case 'call':
    case 'invoke':
      return 'call';
    default:
      if (MEMORY_OPS.has(inst.op)) return 'resolve';
      if (CHECK_OPS.has(inst.op)) return 'check';
      return 'check';
  }
}

function endOf(test: TestCase): TraceEnd {
  switch (test.termination) {
    case 'exit':
      return { kind: 'exit', exitCode: test.exitCode ?? 0 };
    case 'error': {
      const e = test.error!;
      return { kind: 'error', errorKind: e.kind, message: e.message, file: e.file, line: e.line };
    }
    default:
      return { kind: test.termination };
  }
}

/** The negation of a trace constraint for the solver (a multi-way decision's "any other outcome"). */
export function negation(c: { readonly expr: Expr }): Expr {
  return B.notB(c.expr);
}

export { INITIAL };

/** What a run needs to record `recorder`'s trace: the hook and the observed memory (RunEnvironment fields). */
export function recordingEnvironment(recorder: TraceRecorder): { hooks: ExplorationHooks[]; createMemory: (ex: Executor) => Memory } {
  return { hooks: [recorder], createMemory: (ex) => new ObservedMemory(ex, recorder) };
}
