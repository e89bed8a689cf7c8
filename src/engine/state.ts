// ExecutionState: one path of the program — a call stack of frames, the path constraints, the heap and
// globals it sees (AddressSpace), the symbolic inputs it made — plus the few facts searchers weigh.
// Forking (branch()) is cheap: the address space and the constraint and symbolic-object lists are shared
// copy-on-write, and so are the callers' frames: only the innermost frame (the only one whose pc,
// registers and stack objects change as it runs) is copied at a fork. A caller's Frame — its register
// array, stack objects and their contents — is shared by both sides and copied by a side that returns
// into it (popFrame) or replaces one of its stack objects' contents (ownFrame). Issue 20: the eager copies
// of every caller's registers were a fifth of the heap of the Coreutils runs; the callers' Frame objects
// and their two alloca arrays, copied per fork, were another ~1.4 KB per live state (~7 frames each).

import { callPathKey, ROOT_CALL_PATH } from './call-paths.js';
import type { ArrayDecl, Expr } from '../expr/expr.js';
import type { AddressSpace } from '../memory/address-space.js';
import type { MemoryObject } from '../memory/memory-object.js';
import type { ObjectState } from '../memory/object-state.js';
import type { PTreeNode, SearchState } from '../search/searcher.js';
import { detachedLeaf } from '../search/ptree.js';
import type { CallSite, CompiledBlock, CompiledFunction } from './compiled.js';
import { NO_FORK_HISTORY } from './fork-history.js';
import type { HeapHistory } from './heap-history.js';
import type { TraceEntry } from './hooks.js';
import type { Val } from './values.js';

let nextActivation = 0;

/** Frame.flags: `regsShared`, `shared`, and whether `allocas` / `allocaStates` may be another copy's too. */
const REGS_SHARED = 1;
const FRAME_SHARED = 2;
const ALLOCAS_SHARED = 4;
const STATES_SHARED = 8;

export class Frame {
  /** Index of the next step in `block`. */
  pc = 0;
  block: CompiledBlock;
  /**
   * Stack objects of this frame (allocas, the variadic area), in address order. Read-only here: the
   * array may be another copy of this frame's too (a fork shares them); change it through ownAllocas().
   */
  allocas: MemoryObject[] | null = null;
  /** Their contents, parallel to `allocas`; the same sharing: change the array through ownAllocaStates(). */
  allocaStates: ObjectState[] | null = null;
  /** The variadic-argument area, when the function is variadic. */
  varargs: MemoryObject | null = null;
  /** The four sharing flags below in one small integer (a word per flag in each of ~3 frames a state owns). */
  private flags = 0;
  /** `regs` may be another frame's too: copy it before writing (ExecutionState.popFrame does). */
  get regsShared(): boolean {
    return (this.flags & REGS_SHARED) !== 0;
  }
  set regsShared(v: boolean) {
    this.flags = v ? this.flags | REGS_SHARED : this.flags & ~REGS_SHARED;
  }
  /**
   * This Frame object is on more than one state's stack (a caller's frame at a fork): a state copies it
   * before changing it (ExecutionState.popFrame, ownFrame). Never true of a state's innermost frame.
   */
  get shared(): boolean {
    return (this.flags & FRAME_SHARED) !== 0;
  }
  set shared(v: boolean) {
    this.flags = v ? this.flags | FRAME_SHARED : this.flags & ~FRAME_SHARED;
  }
  /** The call this frame is for: the same in every copy of the frame (the trace recorder tells calls apart by it). */
  readonly activation: number;
  /**
   * When set, the frame is parked: `regs` holds only these slots' values, the registers live at `pc`
   * (register-liveness.ts); unparkRegs() rebuilds the whole file before the frame runs again.
   */
  liveSlots: Int32Array | null = null;

  constructor(
    readonly fn: CompiledFunction,
    public regs: Val[],
    /** Where the call returns to (null for the entry function). */
    readonly caller: CallSite | null,
    /** The call path (call-paths.ts): nurs:cpicnt's unit, PSE's context. */
    readonly callPath: number,
    /** The state's stack pointer when the frame was entered. */
    readonly stackBase: number,
    activation = nextActivation++,
  ) {
    this.block = fn.entry;
    this.activation = activation;
  }

  /** The call path's key, e.g. `-1/12/40` (made once per call path). */
  get callPathKey(): string {
    return callPathKey(this.callPath);
  }

  /**
   * A copy one state may change without the other holders of this frame seeing it (its own alloca
   * arrays); with `shareRegs` both frames keep one register array, marked shared, else the registers are copied.
   */
  clone(shareRegs = false): Frame {
    if (shareRegs) this.regsShared = true;
    const f = new Frame(this.fn, shareRegs ? this.regs : this.ownRegs(), this.caller, this.callPath, this.stackBase, this.activation);
    f.regsShared = shareRegs;
    if (shareRegs) f.liveSlots = this.liveSlots;
    f.pc = this.pc;
    f.block = this.block;
    if (this.allocas) {
      // Shared until one side changes them (issue 20: two arrays per frame copy, most never changed).
      f.allocas = this.allocas;
      f.allocaStates = this.allocaStates;
      this.flags |= ALLOCAS_SHARED | STATES_SHARED;
      f.flags |= ALLOCAS_SHARED | STATES_SHARED;
    }
    f.varargs = this.varargs;
    return f;
  }

  /** `allocas`, made this frame's own to change (a new object, stackrestore). */
  ownAllocas(): MemoryObject[] {
    if (this.allocas === null) this.allocas = [];
    else if ((this.flags & ALLOCAS_SHARED) !== 0) this.allocas = this.allocas.slice();
    this.flags &= ~ALLOCAS_SHARED;
    return this.allocas;
  }

  /** `allocaStates`, made this frame's own to change (a new object, a copy-on-write clone, stackrestore). */
  ownAllocaStates(): ObjectState[] {
    if (this.allocaStates === null) this.allocaStates = [];
    else if ((this.flags & STATES_SHARED) !== 0) this.allocaStates = this.allocaStates.slice();
    this.flags &= ~STATES_SHARED;
    return this.allocaStates;
  }

  /** A register file nobody else holds: the whole file rebuilt when parked, else a copy. */
  private ownRegs(): Val[] {
    const live = this.liveSlots;
    if (live === null) return this.regs.slice();
    const r = this.fn.template.slice();
    const kept = this.regs;
    for (let k = 0; k < live.length; k++) r[live[k]!] = kept[k]!;
    return r;
  }

  /** Makes `regs` the whole register file, this frame's own: rebuilt when parked, copied when shared. */
  unparkRegs(): void {
    if (this.liveSlots === null && !this.regsShared) return;
    this.regs = this.ownRegs();
    this.liveSlots = null;
    this.regsShared = false;
  }
}

/** A symbolic input object, as the .ktest lists it. */
export interface SymbolicObject {
  readonly array: ArrayDecl;
  /** The name given to klee_make_symbolic (the array's own name is made unique). */
  readonly name: string;
}

/** One write of a path to its stdout (1) or stderr (2); a persistent list, so a fork shares its past. */
export interface OutputPiece {
  readonly fd: 1 | 2;
  readonly bytes: Uint8Array;
  readonly prev: OutputPiece | null;
}

/** The bytes a path wrote to `fd`, in order. */
export function outputOf(last: OutputPiece | null, fd: 1 | 2): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let p = last; p !== null; p = p.prev) if (p.fd === fd) parts.push(p.bytes);
  return Buffer.concat(parts.reverse());
}

/** A path's newly covered lines (ExecutionState.covLines): a list whose tail forks share. */
export interface CovLines {
  readonly line: number;
  readonly next: CovLines | null;
}

export class ExecutionState implements SearchState {
  depth = 0;
  ptreeNode: PTreeNode = detachedLeaf();
  instsSinceCovNew = 0;
  forkHistory: number[] = [];
  /** Did this state cover an instruction no state had covered (since it was forked)? */
  coveredNew = false;
  /** Instructions executed on this path. */
  instructions = 0;
  /** Instructions this path's batches stepped (not the phis of its CFG edges): one per onInstruction
   *  call a hook gets, so a hook that stops listening (ExplorationHooks.instructionsPaused) can tell
   *  whether a path ran while it did not. */
  steps = 0;
  terminated = false;
  /** klee_set_forking(0): symbolic branches follow one feasible side. */
  forkingDisabled = false;
  /** Symbolic branch instances, newest first — recorded only when a hook wants traces. */
  trace: TraceEntry | null = null;
  /** Where this state is in the tree of heap allocation histories (null: none made yet; heap-history.ts). */
  heapHistory: HeapHistory | null = null;
  /**
   * With --write-cov: the line-table indices (coverage.ts) of the instructions this path executed first
   * in the run, newest first — KLEE's ExecutionState::coveredLines. A list shared with the states forked
   * from this one (a fork only adds in front), so copying it costs nothing.
   */
  covLines: CovLines | null = null;
  /**
   * klee_prefer_cex conditions, oldest first: a test takes each one that can hold together with the path
   * and the ones taken before it (KLEE's cexPreferences). Immutable; a new one replaces the array.
   */
  cexPreferences: readonly Expr[] = [];
  /**
   * Heap objects klee_mark_global made global (the POSIX model's argument strings, as KLEE's): free()
   * of one is an invalid free. Immutable; a new set replaces it.
   */
  markedGlobal: ReadonlySet<number> = new Set();
  /** With --write-test-output: what the path wrote to stdout/stderr, newest first (shared by forks). */
  output: OutputPiece | null = null;
  /**
   * Asleep at the memory limit (hibernation.ts): the machine state (address space, stack, heap history)
   * is let go and rebuilt by re-executing the path's recorded decisions before it runs again; what a
   * test and the searchers need (constraints, inputs, trace, counts) stays.
   */
  hibernated = false;

  stack: Frame[] = [];
  /** The innermost frame (stack[stack.length - 1]). */
  top!: Frame;
  /** Stack pointer: the next free stack address. */
  sp: number;

  private _constraints: Expr[];
  private constraintsShared = false;
  private _symbolics: SymbolicObject[];
  private symbolicsShared = false;

  constructor(
    readonly id: number,
    public space: AddressSpace,
    stackBase: number,
    constraints: Expr[] = [],
    symbolics: SymbolicObject[] = [],
  ) {
    this.sp = stackBase;
    this._constraints = constraints;
    this._symbolics = symbolics;
  }

  get constraints(): readonly Expr[] {
    return this._constraints;
  }
  get symbolics(): readonly SymbolicObject[] {
    return this._symbolics;
  }

  get pcInstructionId(): number {
    const f = this.top;
    return f ? f.block.ids[f.pc] ?? -1 : -1;
  }
  get callPathKey(): string {
    return callPathKey(this.top ? this.top.callPath : ROOT_CALL_PATH);
  }

  addConstraint(c: Expr): void {
    if (c.isTrue) return;
    if (this.constraintsShared) {
      // A copy of exactly the new length: slice() then push() left ~50% spare capacity in every
      // forked state's array (issue 20: ~270 B per live state of echo, where most states wait right
      // after the fork that copied their list).
      this._constraints = this._constraints.concat([c]);
      this.constraintsShared = false;
      return;
    }
    this._constraints.push(c);
  }

  addSymbolic(o: SymbolicObject): void {
    if (this.symbolicsShared) {
      this._symbolics = this._symbolics.slice();
      this.symbolicsShared = false;
    }
    this._symbolics.push(o);
  }

  pushFrame(f: Frame): void {
    this.stack.push(f);
    this.top = f;
  }

  popFrame(): Frame {
    const f = this.stack.pop()!;
    this.sp = f.stackBase;
    const k = this.stack.length - 1;
    let top = this.stack[k];
    if (top !== undefined) {
      if (top.shared) {
        // Another state holds this caller frame too: the innermost frame must be this state's own.
        top = top.clone();
        this.stack[k] = top;
      } else {
        top.unparkRegs();
      }
    }
    this.top = top!;
    return f;
  }

  /**
   * Frame `k` of the stack made this state's own (copied when another state holds it too), before one of
   * its stack objects' contents is replaced (a write's copy-on-write clone). Its registers stay shared.
   */
  ownFrame(k: number): Frame {
    const f = this.stack[k]!;
    if (!f.shared) return f;
    const c = f.clone(true);
    this.stack[k] = c;
    if (k === this.stack.length - 1) this.top = c;
    return c;
  }

  /**
   * Lets go of the machine state: what only running needs (hibernation.ts). The searchers read a waiting
   * state's pc and call path through `top`, which then reads as no frame (coverage.minDistance, the
   * pcInstructionId and callPathKey getters handle that).
   */
  sleep(empty: AddressSpace): void {
    this.hibernated = true;
    this.space = empty;
    this.stack = [];
    this.top = undefined as unknown as Frame;
    this.heapHistory = null;
  }

  /**
   * Takes the machine state of `rebuilt`, the re-execution of this state's path (hibernation.ts). The
   * path's constraints, inputs, trace, output and counts stay this state's own: the re-execution made
   * the same constraints and inputs (hibernation.ts checks), and this state's are shared with its siblings.
   */
  wake(rebuilt: ExecutionState): void {
    this.hibernated = false;
    this.space = rebuilt.space;
    this.stack = rebuilt.stack;
    this.top = rebuilt.top;
    this.sp = rebuilt.sp;
    this.heapHistory = rebuilt.heapHistory;
    this.markedGlobal = rebuilt.markedGlobal;
    this.forkingDisabled = rebuilt.forkingDisabled;
  }

  /** A copy of this state for the other side of a fork (KLEE's ExecutionState::branch). */
  branch(id: number): ExecutionState {
    this.constraintsShared = true;
    this.symbolicsShared = true;
    const s = new ExecutionState(id, this.space.fork(), this.sp, this._constraints, this._symbolics);
    s.constraintsShared = true;
    s.symbolicsShared = true;
    s.depth = this.depth;
    s.instsSinceCovNew = this.instsSinceCovNew;
    s.forkHistory = this.forkHistory === NO_FORK_HISTORY ? NO_FORK_HISTORY : this.forkHistory.slice();
    s.instructions = this.instructions;
    s.steps = this.steps;
    s.forkingDisabled = this.forkingDisabled;
    s.trace = this.trace;
    s.heapHistory = this.heapHistory;
    s.covLines = this.covLines;
    s.cexPreferences = this.cexPreferences;
    s.markedGlobal = this.markedGlobal;
    s.output = this.output;
    const stack = this.stack.slice();
    const last = stack.length - 1;
    for (let k = 0; k < last; k++) stack[k]!.shared = true;
    if (last >= 0) stack[last] = this.top.clone();
    s.stack = stack;
    s.top = stack[last]!;
    return s;
  }
}
