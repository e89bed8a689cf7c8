// The executed-event list of a path: what the weakest precondition of a suffix needs, one node per
// executed instruction (newest first, `prev` is the path before it), shared between the states that
// forked after it (a persistent list, as the engine's branch trace). An event is the instruction and the
// depth of its frame; the values it computes on are not stored — the weakest precondition rebuilds them
// from the instruction's operands as program-state terms (semantics.ts). What cannot be read off the
// instruction is filled in once the engine has executed it:
//   - a load's or store's region (the object the access hit, from the memory observer: a concrete
//     address's object, or the object a symbolic pointer resolved to in this state);
//   - an alloca's region (the new stack object);
//   - a conditional branch's or switch's successor (seen when the state's next instruction runs);
//   - a built-in call's observed accesses and, for the deterministic ones, its result.
// Finishing an event a fork shares copies it (copy-on-write), so each state keeps its own outcome.

import type { Expr } from '../../expr/expr.js';
import type { ArrayDecl } from '../../expr/expr.js';
import type { BasicBlock, Func, Instruction } from '../../ir/model.js';
import type { MemoryObject } from '../../memory/memory-object.js';
import type { Val } from '../../engine/values.js';
import type { Region, ShapeLeaf } from './leaves.js';
import type { MemWrite } from './subst.js';
import type { PersistentIntMap } from '../../memory/persistent-map.js';
import type { HeapHistory } from '../../engine/heap-history.js';

export const enum EvKind {
  /** A value-computing instruction (arithmetic, compare, cast, select, gep, float, aggregate, freeze). */
  Def,
  Load,
  Store,
  Alloca,
  /** A call entering a defined function. */
  Call,
  /** A call of a built-in (declared function the engine implements). */
  Builtin,
  Ret,
  /** Unconditional br. */
  Jump,
  /** Conditional br. */
  Br,
  Switch,
  /** Anything the postconditions do not model: learning stops here (weakest precondition false). */
  Barrier,
  /** No effect (fence, llvm.dbg.*, llvm.lifetime.*). */
  Nop,
}

/** A memory access observed during a built-in call. */
export interface ObservedAccess {
  readonly mo: MemoryObject;
  readonly depth: number;
  readonly addr: number;
  readonly size: number;
  readonly write: boolean;
}

let nextEventId = 1;

export class Ev {
  id = nextEventId++;
  /** Still waiting for its outcome (region, successor, result). */
  pending = false;
  region: Region | null = null;
  /** Br/Switch/Jump: the successor taken. */
  taken: BasicBlock | null = null;
  /** Br/Switch: calling context (the frame's call path key). */
  ctx = '';
  /** Br/Switch: 1 for the first instance of (instruction, context) on the path, 2 for the next, … */
  occurrence = 0;
  /** Br/Switch: the condition was symbolic here (a fork point: only these locations get summaries). */
  symbolic = false;
  /** Br/Switch: the stack shape at the branch. */
  shape: ShapeLeaf | null = null;
  /** Br/Switch: addresses of the entry-block allocas of the live frames at the branch (key: allocaKey). */
  allocas: PersistentIntMap<number> | null = null;
  /** Br/Switch: the function of each frame at the branch (main first). */
  frames: readonly Func[] | null = null;
  /** Call/Builtin: the function called. */
  callee: Func | null = null;
  /** Indirect calls: the function pointer's value (null when it was symbolic). */
  fp: bigint | null = null;
  /** Builtin: argument values at the call. */
  args: readonly Val[] | null = null;
  /** Builtin (and Call, for byval/varargs objects): accesses and allocations observed during the call. */
  accesses: ObservedAccess[] | null = null;
  /** Builtin: a heap or stack object was allocated during the call. */
  allocated = false;
  /** Builtin: its result register after the call (for the deterministic ones). */
  result: Val | undefined = undefined;
  /** Load/Store: the concrete address accessed on this path (-1: a symbolic pointer, resolved). */
  addr = -1;
  /** Call of a variadic function: the callee's varargs area (a stack object of the new frame). */
  varargs: Region | null = null;
  /** llvm.va_start: the current frame's varargs area address (0 when it has none), as the engine writes it. */
  vaArea = 0;
  /** free/malloc/calloc: the heap object released or made (free: looked up before the call). */
  heap: Region | null = null;
  /** malloc/calloc: the state's allocation history before and after the call (null before: none
   *  yet; undefined: not observed). */
  heapBefore: HeapHistory | null | undefined = undefined;
  heapAfter: HeapHistory | null | undefined = undefined;
  /** llvm.stackrestore: the frame's stack objects it releases (those at or above the restored pointer). */
  released: readonly Region[] | null = null;
  /** Def/Load: the value it produced on this path; Store: the value stored — when concrete. */
  concrete: bigint | null = null;
  /** Ret: the call instruction returned to (its result register is the caller's). */
  callSite: Instruction | null = null;
  /** Why learning stops here (Barrier events and events found unmodellable later). */
  barrier: string | null = null;
  /** A fresh value standing for this event's result when it is not modelled exactly (lazily made). */
  fresh: Expr | null = null;
  freshBytes: ArrayDecl | null = null;
  /** The walk's terms for this event, built once (every walk through the event builds the same ones). */
  value: Expr | null = null;
  conj: readonly Expr[] | null = null;
  writes: readonly MemWrite[] | null = null;
  model: unknown = null;
  /** Br/Switch: what a recorded disjunct keeps of this event (wp.ts: not the event, which pins its prefix). */
  recordedShape: Pick<Ev, 'frames' | 'allocas' | 'shape'> | null = null;
  /** Br/Switch: the summary key of the direction taken (eventKey: made once; walks ask it at every
   *  branch event, the back-off's pre-scan of every path too). */
  key: string | null = null;
  /** Br/Switch, --pse-reuse-wp: preconditions walks already went on from here with (signatures). */
  walked: Set<string> | null = null;

  /** Conditional branches and switches on the path up to and including this event (a walk stops at 0). */
  readonly branches: number;

  constructor(
    readonly kind: EvKind,
    readonly inst: Instruction,
    /** Stack depth of the frame executing it (main = 0). */
    readonly depth: number,
    readonly prev: Ev | null,
  ) {
    this.branches = (prev ? prev.branches : 0) + (kind === EvKind.Br || kind === EvKind.Switch ? 1 : 0);
  }

  /** A copy to finish in one state (the original stays with the states that share it). */
  clone(): Ev {
    const c = new Ev(this.kind, this.inst, this.depth, this.prev);
    c.pending = this.pending;
    c.region = this.region;
    c.taken = this.taken;
    c.ctx = this.ctx;
    c.occurrence = this.occurrence;
    c.shape = this.shape;
    c.symbolic = this.symbolic;
    c.allocas = this.allocas;
    c.frames = this.frames;
    c.callee = this.callee;
    c.fp = this.fp;
    c.args = this.args;
    c.accesses = this.accesses ? this.accesses.slice() : null;
    c.allocated = this.allocated;
    c.result = this.result;
    c.callSite = this.callSite;
    c.concrete = this.concrete;
    c.addr = this.addr;
    c.varargs = this.varargs;
    c.vaArea = this.vaArea;
    c.heap = this.heap;
    c.heapBefore = this.heapBefore;
    c.heapAfter = this.heapAfter;
    c.released = this.released;
    c.barrier = this.barrier;
    return c;
  }
}

/** The key of a summary: branch instruction, successor, calling context. */
export function summaryKey(inst: Instruction, taken: BasicBlock, ctx: string): string {
  return `${inst.id}>${taken.index}@${ctx}`;
}

/** The summary key of a finished br/switch event's direction (its `taken` set), kept on the event. */
export function eventKey(ev: Ev): string {
  return (ev.key ??= summaryKey(ev.inst, ev.taken!, ev.ctx));
}

/** The successors of a br/switch in the engine's direction order (switch: distinct case targets in
 *  order of first appearance, then the default), as onBranch numbers them. */
export function directionTargets(inst: Instruction): BasicBlock[] {
  const ops = inst.operands;
  if (inst.op === 'br') return ops.length === 1 ? [ops[0] as BasicBlock] : [ops[1] as BasicBlock, ops[2] as BasicBlock];
  if (inst.op === 'switch') {
    const out: BasicBlock[] = [];
    for (let i = 2; i + 1 < ops.length; i += 2) {
      const b = ops[i + 1] as BasicBlock;
      if (!out.includes(b)) out.push(b);
    }
    out.push(ops[1] as BasicBlock);
    return out;
  }
  return [];
}
