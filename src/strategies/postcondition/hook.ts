// Postconditioned symbolic execution as an exploration hook (DESIGN.md "Two plugin interfaces"):
//   record  onInstruction appends each executed instruction to its state's event list (events.ts); the
//           memory observer (the engine's ObservedMemory) tells which object each access hit and which
//           object each alloca made; the next instruction tells which successor a branch took;
//   learn   onTerminate, for a path that exited or ended in an error: the backward walk (wp.ts) from
//           `true` (or from the error's own condition), adding to the summary of every branch passed;
//           for a pruned path: from the summary that pruned it (the paper's UpdatePostcondition(l', Π[l']));
//   prune   onBranch, at a symbolic br/switch: the summary of the direction's location, instantiated in
//           the state (check.ts); when pc ∧ c ∧ ¬Π' is unsatisfiable the direction is vetoed — the state
//           taking it ends 'pruned', with a test for its prefix.
// Only real terminations are learnt from: paths cut by a budget, an 'unknown' solver answer or a failed
// test are not (they were not explored to their end).

import type { Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import { calledFunction } from '../../ir/index.js';
import type { BasicBlock, Instruction } from '../../ir/model.js';
import type { Executor } from '../../engine/executor.js';
import type { BranchEvent, ExplorationHooks, TerminationInfo } from '../../engine/hooks.js';
import type { Memory } from '../../engine/memory.js';
import type { ExecutionState } from '../../engine/state.js';
import type { TestCase } from '../../engine/test-case.js';
import { ObservedMemory, type MemoryObserver } from '../../engine/trace/observed-memory.js';
import type { Val } from '../../engine/values.js';
import { newToken } from '../../memory/address-space.js';
import type { MemoryObject } from '../../memory/memory-object.js';
import { ObjKind } from '../../memory/memory-object.js';
import { PersistentIntMap } from '../../memory/persistent-map.js';
import { familyOf, HEAP_ALLOCATORS, STRUCTOR_RUNNERS, TERMINAL_BUILTINS } from './builtins.js';
import { Backoff, cpuSeconds, type BackoffLimits, type BackoffStats } from './backoff.js';
import { Checker } from './check.js';
import { directionTargets, Ev, EvKind, summaryKey } from './events.js';
import { isEntryAlloca, isScalar, Leaves } from './leaves.js';
import { Semantics } from './semantics.js';
import { Summaries } from './summary.js';
import { Walker, type WalkStats } from './wp.js';
import { WpState } from './precondition.js';

/** The conjuncts every one of `disjuncts` has (all of a single one's); none when there are none. */
function commonConjuncts(disjuncts: readonly (readonly Expr[])[]): Expr[] {
  if (disjuncts.length === 0) return [];
  let common = disjuncts[0]!.slice();
  for (let k = 1; k < disjuncts.length && common.length > 0; k++) {
    const has = new Set(disjuncts[k]);
    common = common.filter((c) => has.has(c));
  }
  return common;
}

/** The barrier of a stretch of path executed while the back-off had recording off. */
const ASLEEP = 'back-off: not recorded';

/** Largest summary a pruned path carries back whole (when no single disjunct decided its check). */
const LEARN_MAX_DISJUNCTS = 16;

export interface PostconditionOptions {
  /** Store and check summaries at the first dynamic instance of each branch location only. */
  firstInstanceOnly: boolean;
  /** Disjuncts per summary (locations take no more once full). */
  maxSummarySize: number;
  /** Summary simplification (implied disjuncts dropped, complementary pairs merged). */
  simplify: boolean;
  /** Keep substitution memos on events, reused by the next path through them. */
  reuseWp: boolean;
  /** Implicit overshift checks are on (EngineOptions.checkOvershift). */
  checkOvershift: boolean;
  /**
   * Record summaries only where the branch was symbolic on the recording path (fork points). Off by
   * default: a branch concrete on one path may be symbolic on another (the paper's Example 3).
   */
  symbolicOnly: boolean;
  /** Loads and stores at concrete addresses use the address, pinned by an equality (wp.ts pinnedAddress). */
  pinAddresses: boolean;
  /** Adaptive back-off (backoff.ts): fewer checks and walks where they have not paid. */
  backoff: boolean;
  /** Its constants, when not the defaults (tests). */
  backoffLimits?: Partial<BackoffLimits>;
}

export const DEFAULT_POSTCONDITION_OPTIONS: PostconditionOptions = {
  firstInstanceOnly: false,
  maxSummarySize: 200,
  simplify: false,
  reuseWp: false,
  checkOvershift: false,
  symbolicOnly: false,
  pinAddresses: false,
  backoff: true,
};

export interface PostconditionStats {
  /** Subsumption checks made (a summary existed for the direction). */
  checks: number;
  /** Directions vetoed. */
  prunes: number;
  /** Checks the solver could not decide. */
  unknown: number;
  checkSeconds: number;
  wpSeconds: number;
  /** The same in CPU time of this process (the solver, a child process, is not in checkCpuSeconds). */
  checkCpuSeconds: number;
  wpCpuSeconds: number;
  walk: WalkStats;
  backoff: BackoffStats;
  /** Summaries (locations) and disjuncts at the end. */
  locations: number;
  disjuncts: number;
}

interface Veto {
  readonly taken: BasicBlock;
  readonly disjuncts: readonly (readonly Expr[])[];
  learnt: boolean;
}

/** One state's recording (persistent: a fork shares it, each side then extends its own). */
interface PathData {
  head: Ev | null;
  /** The head was made by this state since its last fork (may be finished in place). */
  owned: boolean;
  /** Occurrences of each (branch, context) on the path (--pse-first-instance-only). */
  seen: PersistentIntMap<number> | null;
  /** Addresses of the entry-block allocas executed so far, by Leaves.allocaKey (frames of returned calls too). */
  allocas: PersistentIntMap<number>;
  token: number;
  /** The state's step count (ExecutionState.steps) at the head event: the record is current while it
   *  equals the count (instructions run while the hook was asleep leave a gap). */
  at: number;
  /** Vetoes of the branch made at instruction count `vetoesAt` (the prunes of one branch instance). */
  vetoes: readonly Veto[] | null;
  vetoesAt: number;
}

export class PostconditionHook implements ExplorationHooks {
  readonly name = 'postcondition';
  readonly opts: PostconditionOptions;
  readonly leaves = new Leaves();
  readonly summaries: Summaries;
  readonly stats: PostconditionStats;
  private ex: Executor | null = null;
  private sem: Semantics | null = null;
  private walker: Walker | null = null;
  private checker: Checker | null = null;
  private readonly paths = new WeakMap<ExecutionState, PathData>();
  private readonly locationIds = new Map<string, number>();
  private backoff: Backoff;
  /** Paths ended so far (the back-off's average path cost). */
  private ended = 0;
  /** Over the back-off's time budget: nothing is recorded (nor checked) until it is met again. */
  private asleep = false;

  constructor(opts: Partial<PostconditionOptions> = {}) {
    this.opts = { ...DEFAULT_POSTCONDITION_OPTIONS, ...opts };
    this.summaries = new Summaries({ maxSize: this.opts.maxSummarySize, simplify: this.opts.simplify });
    this.backoff = new Backoff(this.opts.backoff, this.opts.backoffLimits);
    this.stats = {
      checks: 0,
      prunes: 0,
      unknown: 0,
      checkSeconds: 0,
      wpSeconds: 0,
      checkCpuSeconds: 0,
      wpCpuSeconds: 0,
      walk: { walks: 0, events: 0, updates: 0, repeats: 0, specialised: 0, barriers: new Map() },
      backoff: this.backoff.stats,
      locations: 0,
      disjuncts: 0,
    };
  }

  /** RunEnvironment.createMemory: the engine's memory with this hook observing it. */
  readonly createMemory = (ex: Executor): Memory => {
    this.ex = ex;
    this.sem = new Semantics(ex, this.leaves, this.opts.checkOvershift || ex.opts.checkOvershift);
    // A fresh back-off per engine run (its clock starts with the run).
    this.backoff = new Backoff(this.opts.backoff, this.opts.backoffLimits);
    this.stats.backoff = this.backoff.stats;
    this.walker = new Walker(
      this.sem,
      this.leaves,
      this.summaries,
      { firstInstanceOnly: this.opts.firstInstanceOnly, reuseWp: this.opts.reuseWp, symbolicOnly: this.opts.symbolicOnly, pinAddresses: this.opts.pinAddresses },
      this.stats.walk,
      this.backoff,
    );
    this.checker = new Checker(ex, this.leaves);
    return new ObservedMemory(ex, this.observer);
  };

  /** Final counts (call after the run). */
  finish(): PostconditionStats {
    this.stats.locations = this.summaries.locations;
    this.stats.disjuncts = this.summaries.disjuncts;
    return this.stats;
  }

  // -------------------------------------------------------------------------------------------------
  // Per-state recording

  private data(s: ExecutionState): PathData {
    let d = this.paths.get(s);
    if (!d) {
      const token = newToken();
      d = {
        head: null,
        owned: false,
        seen: this.opts.firstInstanceOnly ? PersistentIntMap.empty<number>(token) : null,
        allocas: PersistentIntMap.empty<number>(token),
        token,
        at: 0,
        vetoes: null,
        vetoesAt: -1,
      };
      this.paths.set(s, d);
    }
    return d;
  }

  /** The head of `d`, writable by this state (copied when a fork shares it). */
  private ownHead(d: PathData): Ev {
    if (!d.owned) {
      d.head = d.head!.clone();
      d.owned = true;
    }
    return d.head!;
  }

  onFork(parent: ExecutionState, child: ExecutionState): void {
    const p = this.paths.get(parent);
    if (!p) return;
    p.owned = false;
    p.token = newToken();
    this.paths.set(child, {
      head: p.head,
      owned: false,
      seen: p.seen ? p.seen.share() : null,
      allocas: p.allocas.share(),
      token: newToken(),
      at: p.at,
      vetoes: p.vetoes,
      vetoesAt: p.vetoesAt,
    });
  }

  /** Asleep, the executor stops calling onInstruction (the engine's fast loop: no per-instruction work). */
  get instructionsPaused(): boolean {
    return this.asleep;
  }

  onInstruction(s: ExecutionState, inst: Instruction): void {
    if (this.ex === null || this.asleep) return;
    const d = this.data(s);
    const depth = s.stack.length - 1;
    // Instructions ran unrecorded since the head (the hook was asleep): the head's outcome was never
    // observed, so a barrier goes after it and recording starts again here.
    if (d.at !== s.steps - 1) this.sleepOn(d, inst, depth);
    d.at = s.steps;
    const head = d.head;
    if (head !== null) {
      if (head.pending) this.finishPending(s, d);
      // The value a def or load produced on this path (the walk may specialise on it under pressure).
      if ((head.kind === EvKind.Def || head.kind === EvKind.Load) && head.depth === depth && head.concrete === null && isScalar(head.inst.type)) {
        const slot = s.top.fn.slotOf?.get(head.inst);
        const v = slot === undefined ? undefined : s.top.regs[slot];
        if (typeof v === 'bigint') this.ownHead(d).concrete = v;
      }
    }
    const ev = this.record(s, d, inst, depth);
    d.head = ev;
    d.owned = true;
  }

  /**
   * After a gap in the record (backoff.ts: the hook slept, the executor did not call onInstruction): a
   * barrier event marks it, so a walk of this path stops there (learning less: sound).
   */
  private sleepOn(d: PathData, inst: Instruction, depth: number): void {
    const ev = new Ev(EvKind.Barrier, inst, depth, d.head);
    ev.barrier = ASLEEP;
    d.head = ev;
    d.owned = true;
  }

  /** The outcome of the previous instruction, now that it has run. */
  private finishPending(s: ExecutionState, d: PathData): void {
    const head = this.ownHead(d);
    head.pending = false;
    switch (head.kind) {
      case EvKind.Br:
      case EvKind.Switch:
        if (s.stack.length - 1 === head.depth) head.taken = s.top.block.bb;
        else head.barrier = 'branch: frame changed';
        return;
      case EvKind.Builtin: {
        if (s.stack.length - 1 !== head.depth) {
          // Structor runners push the structors' frames (recorded as they run); anything else is odd.
          if (!(s.stack.length - 1 > head.depth && STRUCTOR_RUNNERS.has(familyOf(head.callee!.name)))) head.barrier = 'built-in: frame changed';
          return;
        }
        const slot = s.top.fn.slotOf?.get(head.inst);
        if (slot !== undefined && isScalar(head.inst.type)) head.result = s.top.regs[slot];
        return;
      }
      default:
        head.barrier = `${head.inst.op}: outcome not observed`;
    }
  }

  private record(s: ExecutionState, d: PathData, inst: Instruction, depth: number): Ev {
    const prev = d.head;
    switch (inst.op) {
      case 'br': {
        if (inst.operands.length === 1) {
          const ev = new Ev(EvKind.Jump, inst, depth, prev);
          ev.taken = inst.operands[0] as BasicBlock;
          return ev;
        }
        return this.branchEvent(s, d, EvKind.Br, inst, depth);
      }
      case 'switch':
        return this.branchEvent(s, d, EvKind.Switch, inst, depth);
      case 'load':
      case 'store':
      case 'alloca': {
        const ev = new Ev(inst.op === 'load' ? EvKind.Load : inst.op === 'store' ? EvKind.Store : EvKind.Alloca, inst, depth, prev);
        ev.pending = true;
        if (inst.op === 'store') {
          const slot = s.top.fn.slotOf?.get(inst.operands[0]!);
          const v = slot === undefined ? undefined : s.top.regs[slot];
          if (typeof v === 'bigint') ev.concrete = v;
        }
        return ev;
      }
      case 'call':
        return this.callEvent(s, inst, depth, prev);
      case 'ret': {
        const ev = new Ev(EvKind.Ret, inst, depth, prev);
        ev.callSite = s.top.caller?.inst ?? null;
        return ev;
      }
      case 'fence':
        return new Ev(EvKind.Nop, inst, depth, prev);
      case 'indirectbr':
      case 'invoke':
      case 'va_arg':
      case 'atomicrmw':
      case 'cmpxchg':
      case 'landingpad':
      case 'resume':
        return new Ev(EvKind.Barrier, inst, depth, prev);
      default:
        return new Ev(EvKind.Def, inst, depth, prev);
    }
  }

  private branchEvent(s: ExecutionState, d: PathData, kind: EvKind, inst: Instruction, depth: number): Ev {
    const ev = new Ev(kind, inst, depth, d.head);
    ev.pending = true;
    const slot = s.top.fn.slotOf?.get(inst.operands[0]!);
    ev.symbolic = slot !== undefined && typeof s.top.regs[slot] !== 'bigint';
    ev.ctx = s.callPathKey;
    ev.shape = this.leaves.shape(s.sp, s.stack.map((f) => f.stackBase));
    // A snapshot: the state goes on with a new token, so the shared nodes stay as they are.
    ev.allocas = d.allocas.share();
    ev.frames = s.stack.map((f) => f.fn.fn);
    d.token = newToken();
    if (d.seen) {
      const lk = `${inst.id}@${ev.ctx}`;
      let id = this.locationIds.get(lk);
      if (id === undefined) {
        id = this.locationIds.size;
        this.locationIds.set(lk, id);
      }
      const n = (d.seen.get(id) ?? 0) + 1;
      d.seen.set(id, n, d.token);
      ev.occurrence = n;
    }
    return ev;
  }

  private callEvent(s: ExecutionState, inst: Instruction, depth: number, prev: Ev | null): Ev {
    const f = s.top;
    const calleeOp = inst.operands[0]!;
    if (calleeOp.vk === 'asm') {
      return new Ev(calleeOp.asm.trim() === '' && inst.type.kind === 'void' ? EvKind.Nop : EvKind.Barrier, inst, depth, prev);
    }
    let callee = calledFunction(inst) ?? null;
    let fp: bigint | null = null;
    if (callee === null) {
      const slot = f.fn.slotOf?.get(calleeOp);
      const v = slot === undefined ? undefined : f.regs[slot];
      if (typeof v !== 'bigint') return new Ev(EvKind.Barrier, inst, depth, prev);
      callee = this.ex!.image.funcAt.get(Number(v)) ?? null;
      if (callee === null) return new Ev(EvKind.Barrier, inst, depth, prev);
      fp = v;
    } else if (callee.name.startsWith('llvm.dbg.') || callee.name.startsWith('llvm.lifetime.')) {
      return new Ev(EvKind.Nop, inst, depth, prev);
    }
    if (!callee.isDeclaration) {
      const ev = new Ev(EvKind.Call, inst, depth, prev);
      ev.callee = callee;
      ev.fp = fp;
      return ev;
    }
    const ev = new Ev(EvKind.Builtin, inst, depth, prev);
    ev.callee = callee;
    ev.fp = fp;
    ev.pending = true;
    const args: Val[] = [];
    for (const o of inst.operands.slice(1)) {
      const slot = f.fn.slotOf?.get(o);
      args.push(slot === undefined ? 0n : f.regs[slot]!);
    }
    ev.args = args;
    const family = familyOf(callee.name);
    if (family === 'llvm.va_start') ev.vaArea = f.varargs ? f.varargs.address : 0;
    if (family === 'llvm.stackrestore' && typeof args[0] === 'bigint') {
      // What the engine's stackrestore releases (llvm-memory.ts): the frame's objects from the pointer up.
      const at = Number(args[0]);
      const released = [];
      if (at >= f.stackBase) for (const mo of f.allocas ?? []) if (mo.address >= at) released.push(this.leaves.region(mo, depth));
      ev.released = released;
    }
    if (HEAP_ALLOCATORS.has(family)) ev.heapBefore = s.heapHistory;
    if (family === 'free' && typeof args[0] === 'bigint' && args[0] !== 0n) {
      // The object free() will release, looked up now (it is live: otherwise the call ends the path
      // with an error, and error paths of free are not learnt from).
      const mo = this.ex!.image.allocator.floor(Number(args[0]));
      if (mo && mo.address === Number(args[0]) && mo.kind === ObjKind.Heap) ev.heap = this.leaves.region(mo, -1);
    }
    return ev;
  }

  // -------------------------------------------------------------------------------------------------
  // The memory observer

  private depthOf(s: ExecutionState, mo: MemoryObject): number {
    if (mo.kind !== ObjKind.Stack) return -1;
    for (let k = s.stack.length - 1; k >= 0; k--) if (s.stack[k]!.allocas?.includes(mo)) return k;
    return -1;
  }

  /** `s`'s record when its head is the instruction running now (not while asleep, nor after a gap). */
  private current(s: ExecutionState): PathData | undefined {
    if (this.asleep) return undefined;
    const d = this.paths.get(s);
    return d !== undefined && d.at === s.steps ? d : undefined;
  }

  private readonly observer: MemoryObserver = {
    access: (s, mo, addr, size, write, inst) => this.accessed(s, mo, addr, size, write, inst),
    symbolicAccess: (s, mo, _ptr, size, write, inst) => this.accessed(s, mo, -1, size, write, inst),
    allocated: (s, mo, stack) => {
      const d = this.current(s);
      if (!d || d.head === null) return;
      const head = d.head;
      if (head.kind === EvKind.Alloca && head.pending && stack) {
        const ev = this.ownHead(d);
        const depth = s.stack.length - 1;
        ev.region = this.leaves.region(mo, depth);
        ev.pending = false;
        if (isEntryAlloca(ev.inst)) {
          let set = this.leaves.allocaOf.get(ev.region);
          if (!set) this.leaves.allocaOf.set(ev.region, (set = new Set()));
          set.add(ev.inst);
          d.allocas.set(this.leaves.allocaKey(depth, ev.inst), mo.address, d.token);
        }
      } else if (head.kind === EvKind.Call && stack && mo.name === 'varargs' && mo.allocSite !== 'byval' && head.varargs === null && !head.allocated) {
        // The variadic area the call's new frame got (frames.ts): modelled by the walk (wp.ts, Call).
        this.ownHead(d).varargs = this.leaves.region(mo, s.stack.length - 1);
      } else if (head.kind === EvKind.Builtin && !stack && head.heap === null && HEAP_ALLOCATORS.has(familyOf(head.callee!.name))) {
        const ev = this.ownHead(d);
        ev.heap = this.leaves.region(mo, -1);
        ev.heapAfter = s.heapHistory; // the engine moved it before binding the object
      } else if (head.kind === EvKind.Builtin || head.kind === EvKind.Call) {
        this.ownHead(d).allocated = true;
      }
    },
  };

  private accessed(s: ExecutionState, mo: MemoryObject, addr: number, size: number, write: boolean, inst: Instruction): void {
    const d = this.current(s);
    if (!d || d.head === null || d.head.inst !== inst) return;
    const head = d.head;
    if ((head.kind === EvKind.Load || head.kind === EvKind.Store) && head.pending) {
      const ev = this.ownHead(d);
      ev.region = this.leaves.region(mo, this.depthOf(s, mo));
      ev.addr = addr;
      ev.pending = false;
    } else if (head.kind === EvKind.Builtin) {
      const ev = this.ownHead(d);
      if (addr < 0) ev.allocated = true; // a built-in never resolves symbolic pointers itself: not modelled
      else (ev.accesses ??= []).push({ mo, depth: this.depthOf(s, mo), addr, size, write });
    } else if (head.kind === EvKind.Call) {
      this.ownHead(d).allocated = true; // byval copies and variadic areas
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Pruning

  async onBranch(e: BranchEvent): Promise<boolean> {
    const inst = e.inst;
    if ((inst.op !== 'br' && inst.op !== 'switch') || this.checker === null) return true;
    const d = this.paths.get(e.state);
    const head = d?.head;
    // Asleep (back-off), the path records nothing, but checks go on: they are where PSE pays, and the
    // prunes they make earn the budget back. Such a pruned path is not learnt from (no record of it).
    const asleep = d !== undefined && d.at !== e.state.steps;
    if (!d || !head || ((head.inst !== inst || !head.pending) && !asleep)) return true;
    if (!asleep && this.opts.firstInstanceOnly && head.occurrence > 1) return true;
    const taken = directionTargets(inst)[e.direction];
    if (!taken) return true;
    const key = summaryKey(inst, taken, asleep ? e.state.callPathKey : head.ctx);
    const summary = this.summaries.get(key);
    if (!summary || summary.disjuncts.length === 0) return true;
    if (!this.backoff.shouldCheck(key)) return true;
    this.stats.checks++;
    const t0 = performance.now();
    const c0 = cpuSeconds();
    let answer;
    try {
      answer = await this.checker.covered(e.state, summary, e.condition);
    } finally {
      this.stats.checkSeconds += (performance.now() - t0) / 1000;
      this.stats.checkCpuSeconds += cpuSeconds() - c0;
    }
    if (answer.verdict === 'unknown') this.stats.unknown++;
    this.backoff.checked(key, answer.verdict === 'covered');
    if (answer.verdict !== 'covered') return true;
    this.stats.prunes++;
    // What the pruned path learns from: the one disjunct that alone held in this state (it covers every
    // input of the state), else the whole summary when small; a large one is not carried back (learning
    // is optional: carrying less only prunes less).
    const k = answer.trueDisjunct;
    const disjuncts = k >= 0 ? [summary.disjuncts[k]!] : summary.disjuncts.length <= LEARN_MAX_DISJUNCTS ? summary.disjuncts.slice() : [];
    const veto: Veto = { taken, disjuncts, learnt: disjuncts.length === 0 };
    // Vetoes belong to one branch instance: those of an earlier one (the state went on) are dropped.
    const same = d.vetoesAt === e.state.steps && d.vetoes !== null;
    d.vetoes = same ? [...d.vetoes!, veto] : [veto];
    d.vetoesAt = e.state.steps;
    return false;
  }

  // -------------------------------------------------------------------------------------------------
  // Learning

  onTerminate(s: ExecutionState, _test: TestCase | null, end?: TerminationInfo): void {
    const d = this.paths.get(s);
    if (!d || !end || this.walker === null) return;
    const head = d.head;
    this.ended++;
    if (head === null) return;
    // Over its time budget (backoff.ts) PSE learns nothing more from this path (learning less is sound)
    // and sleeps — records and checks nothing — until a later path ends within the budget.
    this.asleep = !this.backoff.mayWalk(this.stats.wpCpuSeconds + this.stats.checkCpuSeconds, this.stats.prunes, this.ended);
    if (this.asleep) return;
    // The path's end was not recorded (it ran while the hook slept): nothing to walk back from.
    if (d.at !== s.steps) return;
    const t0 = performance.now();
    const c0 = cpuSeconds();
    try {
      if (end.termination === 'pruned') this.learnPruned(head, d.vetoesAt === s.steps ? (d.vetoes ?? []) : []);
      else if (end.termination === 'exit' || end.termination === 'error') this.learnEnd(head, end);
    } finally {
      this.stats.wpSeconds += (performance.now() - t0) / 1000;
      this.stats.wpCpuSeconds += cpuSeconds() - c0;
    }
  }

  /** A path that exited or ended in an error: from true (or the error's condition) at its last event. */
  private learnEnd(head: Ev, end: TerminationInfo): void {
    const wp = new WpState();
    const cond = this.terminalCondition(head, end);
    if (cond === null) {
      const why = `end: ${end.error?.kind ?? end.termination} at ${head.inst.op}`;
      this.stats.walk.barriers.set(why, (this.stats.walk.barriers.get(why) ?? 0) + 1);
      return;
    }
    for (const c of cond) wp.add(c);
    this.walker!.walk(head.prev, wp);
  }

  /** The conditions under which the last event ends the path as it did; null when not expressible. */
  private terminalCondition(head: Ev, end: TerminationInfo): Expr[] | null {
    if (end.inst && end.inst !== head.inst) return null;
    const inst = head.inst;
    if (end.termination === 'exit') {
      if (inst.op === 'ret' && head.depth === 0) return [];
      if (head.kind === EvKind.Builtin) return this.terminalBuiltin(head);
      return null;
    }
    const kind = end.error!.kind;
    switch (kind) {
      case 'abort':
      case 'assert':
      case 'user':
        if (head.kind !== EvKind.Builtin) return null;
        if (kind === 'user' && familyOf(head.callee!.name) !== 'klee_report_error') return null;
        return this.terminalBuiltin(head);
      case 'exec':
        // Only a call of an external function no built-in implements: always that error.
        if (head.kind === EvKind.Builtin && /^external function .* is not defined$/.test(end.error!.message)) return this.pinned(head);
        return null;
      case 'div-by-zero':
      case 'overshift':
      case 'unreachable': {
        const c = this.sem!.errorCondition(head, kind);
        return c === null ? null : [c];
      }
      default:
        return null;
    }
  }

  /** A terminal built-in (abort, exit, __assert_fail, …): its pointer arguments pinned. */
  private terminalBuiltin(head: Ev): Expr[] | null {
    if (!TERMINAL_BUILTINS.has(familyOf(head.callee!.name))) return null;
    return this.pinned(head);
  }

  private pinned(head: Ev): Expr[] | null {
    if ((head.accesses ?? []).some((a) => a.write || !a.mo.isReadOnly)) return null;
    const out: Expr[] = [];
    const ops = head.inst.operands.slice(1);
    for (let i = 0; i < ops.length; i++) {
      if (ops[i]!.type.kind !== 'ptr') continue;
      const t = this.sem!.term(head.depth, ops[i]!);
      const v = head.args?.[i];
      if (!t || typeof v !== 'bigint') return null;
      out.push(B.eq(t, B.constant(t.width, v)));
    }
    if (head.fp !== null) {
      const t = this.sem!.term(head.depth, head.inst.operands[0]!);
      if (!t) return null;
      out.push(B.eq(t, B.constant(t.width, head.fp)));
    } else if (calledFunction(head.inst) === undefined) return null;
    return out;
  }

  /** A pruned path: from cond ∧ Π[l'] before its branch (each veto learnt once). */
  private learnPruned(head: Ev, vetoes: readonly Veto[]): void {
    if ((head.kind !== EvKind.Br && head.kind !== EvKind.Switch) || !head.pending) return;
    for (const v of vetoes) {
      if (v.learnt) continue;
      v.learnt = true;
      const cond = this.sem!.branchCondition(head.inst, head.depth, v.taken);
      if (cond === null) continue;
      // Conjuncts every disjunct has are conjoined one by one (Π = common ∧ ∨ rest): the walk then
      // rewrites only those a step touches, and a single disjunct (the usual case) is no one big
      // conjunct re-substituted at nearly every step of the prefix.
      const wp = new WpState();
      const shape = head.shape?.array ?? null;
      for (const c of commonConjuncts(v.disjuncts)) wp.add(this.walker!.resolveShapes(c, shape));
      if (v.disjuncts.length > 1) {
        const common = new Set(commonConjuncts(v.disjuncts));
        let pi: Expr = B.FALSE;
        for (const dj of v.disjuncts) pi = B.or(pi, B.all(dj.filter((c) => !common.has(c))));
        wp.add(this.walker!.resolveShapes(pi, shape));
      }
      wp.add(cond);
      // The summary's shapes were decided for this state's stack; every earlier summary records its own.
      this.walker!.walk(head.prev, wp);
    }
  }
}
