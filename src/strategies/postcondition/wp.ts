// The backward walk (the paper's UpdatePostcondition): from the end of a path to its start, the weakest
// precondition of the suffix over program-state leaves, recorded into the summary of every branch
// location passed. The precondition is a persistent list of conjuncts (precondition.ts).
//
// One step, for event e with pre-state terms:  wp_before = checks(e) ∧ σ_e(wp_after)
//   def  v := t              σ: Reg(v) ↦ t (a fresh value when t is not modelled); checks: b ≠ 0 for a
//                            division, b <u w for a shift under --check-overshift
//   load v := M_R[a]         σ: Reg(v) ↦ bytes of Mem(R) at a − base; checks: Live(R), a − base ≤ size − n
//   store M_R[a] := v        σ: Mem(R) ↦ Mem(R) with the bytes of v written at a − base; same checks
//   alloca v (region R)      σ: Reg(v) ↦ base, Mem(R) ↦ zeros, Live(R) ↦ true
//   call f(args)             σ: Reg(d+1, param_i) ↦ arg_i; through a pointer: check fp = its value
//   ret v                    σ: Reg(d−1, call) ↦ v
//   br/switch to T           σ: phi moves of the edge; Π[br, T, context] ∨= wp; check: the condition of T
//   built-in                 builtins.ts (writes, result, pinned arguments, assumptions)
//   anything else            a barrier: wp := false, the walk stops (nothing before it is learnt).

import { Kind, type ArrayDecl, type Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import { calledFunction } from '../../ir/index.js';
import type { BasicBlock } from '../../ir/model.js';
import { storeSize } from '../../engine/type-layout.js';
import { modelBuiltin } from './builtins.js';
import { eventKey, EvKind, type Ev, type ObservedAccess } from './events.js';
import { isEntryAlloca, LeafKind, type HeapLeaf, type Leaves, type RegLeaf, type Region } from './leaves.js';
import { ObjKind } from '../../memory/memory-object.js';
import { mayCheck, type Semantics } from './semantics.js';
import { Substituter, type Subst } from './subst.js';
import { SubstMemo, TermMemo, TermTag } from './memo.js';
import { arraysOf, WpState } from './precondition.js';
import type { Summaries } from './summary.js';
import type { Backoff } from './backoff.js';

/**
 * A recorded disjunct: what summaryOf needs of the branch event (its stack shape, frames and entry-block
 * allocas) and the precondition after it, finished lazily. Not the event itself: an event holds its
 * path's whole prefix (`prev`) and that prefix's substitution memos, so a summary holding events would
 * keep every recorded path alive for the run (on Coreutils, that filled the 2 GB budget).
 */
interface Recorded {
  readonly ev: BranchShape;
  /** The precondition's conjuncts there (WpState.snapshot: an array of its own). */
  readonly conj: readonly Expr[];
}

type BranchShape = Pick<Ev, 'frames' | 'allocas' | 'shape'>;

export interface WalkOptions {
  /** Record only the first dynamic instance of each branch location on a path (the paper's 4.1). */
  firstInstanceOnly: boolean;
  /** Keep each event's substitution memo for the next path through it (the paper's 4.3). */
  reuseWp: boolean;
  /** Record summaries only at branches whose condition was symbolic on the recording path. */
  symbolicOnly: boolean;
  /** Concrete load/store addresses as constants, pinned by an equality (pinnedAddress). */
  pinAddresses: boolean;
}

export interface WalkStats {
  walks: number;
  events: number;
  /** Summary updates made (disjuncts offered to a summary). */
  updates: number;
  /** Walks stopped where an earlier walk had gone on with the same precondition (--pse-reuse-wp). */
  repeats: number;
  /** Defs, loads and stores specialised to this path's value under pressure. */
  specialised: number;
  /** Why walks stopped early, with counts. */
  barriers: Map<string, number>;
}

/**
 * Conjuncts a precondition may grow to before the walk gives up (learning stops: sound). A long loop with
 * a concrete bound in a suffix adds one conjunct per iteration and rewrites them all at every iteration
 * (quadratic); the cap bounds that.
 */
const MAX_CONJUNCTS = 2000;

/** Conjuncts mentioning one leaf beyond which a def, load or store is specialised to its value. */
const PRESSURE = 24;

/** step(): the walk reached an event with a precondition an earlier walk already continued from. */
const REPEATED = '\u0000repeated';

/** The backward walk over one path's events. */
export class Walker {
  constructor(
    private readonly sem: Semantics,
    private readonly leaves: Leaves,
    private readonly summaries: Summaries,
    private readonly opts: WalkOptions,
    readonly stats: WalkStats,
    private readonly backoff: Backoff | null = null,
  ) {
    summaries.finish = (p) => {
      const r = p.payload as Recorded;
      return this.summaryOf(r.ev, r.conj.slice());
    };
  }

  /** Substituters shared by content and instructions' terms, across walks (memo.ts). */
  private readonly substs = new SubstMemo();
  private readonly terms = new TermMemo();

  /** Hits and misses of the shared substituters (bench figures). */
  get substMemo(): { hits: number; misses: number } {
    return { hits: this.substs.hits, misses: this.substs.misses };
  }

  /**
   * The substituter of `sigma`: shared with every earlier substitution of the same content (memo.ts), so
   * a walk through a suffix an earlier walk rewrote finds the conjuncts they share already rewritten (the
   * paper's 4.3 reuse, across paths and not only through shared events; results are identical).
   */
  private substituterOf(sigma: Subst): Substituter {
    return this.substs.of(sigma);
  }

  /** The part of an access event's terms key beyond (instruction, depth, region): the pinned address. */
  private pinKey(ev: Ev): number {
    return this.opts.pinAddresses ? ev.addr : 0;
  }

  private apply(ev: Ev, wp: WpState, sigma: Subst): void {
    if (sigma.size > 0) wp.apply(sigma, this.substituterOf(sigma));
  }

  /**
   * wp[a := c] ∧ (t = c) in place of wp[a := t], with c the value this path computed: it implies the
   * exact precondition (under t = c they agree) and holds on this path. Used only under pressure — when
   * many conjuncts mention the leaf, as the conditions of a loop with a concrete bound do — where it turns
   * them into constants instead of rewriting them all at every iteration (quadratic), at the price of
   * summaries that ask the value to be c.
   */
  private specialise(ev: Ev, wp: WpState, a: ArrayDecl, t: Expr, c: bigint): void {
    const k = B.constant(t.width, c);
    this.applyOne(ev, wp, a, k);
    wp.add(B.eq(t, k));
    this.stats.specialised++;
  }

  /** Substitute Reg leaf `a` by `value` at `ev`. */
  private applyOne(_ev: Ev, wp: WpState, a: ArrayDecl, value: Expr): void {
    wp.applyOne(a, this.substs.one(a, value));
  }

  private regionOf = (a: ObservedAccess): Region => this.leaves.region(a.mo, a.depth);

  /** Substituters of summaryOf, by substitution (most branches of a run fix the same allocas). */
  private storeSubs = new Map<string, Substituter>();

  /** Walks from `start` back to the path's first event with `wp` as the precondition after `start`. */
  walk(start: Ev | null, wp: WpState): void {
    // With the back-off, the walk ends at the earliest branch of the path whose location is still on:
    // before it nothing would be recorded (a cheap scan: no step is taken).
    let last: Ev | null = null;
    if (this.backoff?.enabled) {
      for (let ev = start; ev !== null && ev.branches > 0; ev = ev.prev) if (this.records(ev)) last = ev;
      if (last === null) {
        this.backoff.stats.walksShortened++;
        return;
      }
      if (last.branches > 1) this.backoff.stats.walksShortened++;
    }
    this.stats.walks++;
    // Before the path's first branch there is nothing left to record.
    for (let ev = start; ev !== null && ev.branches > 0; ev = ev.prev) {
      this.stats.events++;
      // The back-off's time budget, looked at every 256 events (a clock read costs about a µs).
      if ((this.stats.events & 255) === 0 && this.backoff?.pastDeadline()) {
        this.stats.barriers.set('back-off: time budget', (this.stats.barriers.get('back-off: time budget') ?? 0) + 1);
        return;
      }
      const why = this.step(ev, wp);
      if (ev === last) return;
      if (why === REPEATED) {
        this.stats.repeats++;
        return;
      }
      if (why !== null) {
        this.stats.barriers.set(why, (this.stats.barriers.get(why) ?? 0) + 1);
        return;
      }
      if (wp.isFalse) return;
      if (wp.length > MAX_CONJUNCTS) {
        this.stats.barriers.set('precondition too large', (this.stats.barriers.get('precondition too large') ?? 0) + 1);
        return;
      }
    }
  }

  /** The phi moves of the edge from `ev`'s block to `to` (nothing to do, and no map made, without phis). */
  private phiStep(ev: Ev, wp: WpState, to: BasicBlock): void {
    if (to.instructions[0]?.op !== 'phi') return;
    const sigma: Subst = new Map();
    this.sem.phiMoves(ev.depth, ev.inst.parent, to, sigma, (a) => wp.has(a));
    this.apply(ev, wp, sigma);
  }

  /** Whether a walk records a disjunct at branch event `ev` (a br/switch whose successor is known). */
  private records(ev: Ev): boolean {
    if ((ev.kind !== EvKind.Br && ev.kind !== EvKind.Switch) || ev.taken === null) return false;
    if (!(ev.symbolic || !this.opts.symbolicOnly) || (this.opts.firstInstanceOnly && ev.occurrence > 1)) return false;
    return this.backoff === null || !this.backoff.isOff(eventKey(ev));
  }

  private addAll(wp: WpState, cs: readonly Expr[]): void {
    for (let i = 0; i < cs.length; i++) wp.add(cs[i]!);
  }

  /** One backward step; the reason when `ev` is a barrier. */
  private step(ev: Ev, wp: WpState): string | null {
    const sem = this.sem;
    const inst = ev.inst;
    const d = ev.depth;
    if (ev.barrier !== null) return ev.barrier;
    switch (ev.kind) {
      case EvKind.Nop:
        return null;
      case EvKind.Barrier:
        return `${inst.op}`;
      case EvKind.Def: {
        const leaf = this.leaves.reg(d, inst);
        if (leaf && wp.has(leaf.array)) {
          const t = (ev.value ??= this.terms.get(inst, TermTag.Def, d, null, 0, () => sem.defTerm(ev)) ?? sem.fresh(ev));
          if (wp.mentions(leaf.array) > PRESSURE && ev.concrete !== null && !ev.fresh) this.specialise(ev, wp, leaf.array, t, ev.concrete);
          else this.applyOne(ev, wp, leaf.array, t);
        }
        if (mayCheck(inst.op)) this.addAll(wp, (ev.conj ??= this.terms.get(inst, TermTag.Checks, d, null, 0, () => sem.implicitChecks(ev))));
        return null;
      }
      case EvKind.Load: {
        const r = ev.region;
        if (r === null) return 'load: object unknown';
        const a0 = sem.term(d, inst.operands[0]!);
        if (!a0) return 'load: address not modelled';
        const a = this.pinnedAddress(ev, a0);
        const leaf = this.leaves.reg(d, inst);
        if (leaf && wp.has(leaf.array)) {
          const t = (ev.value ??= this.terms.get(inst, TermTag.LoadValue, d, r.mem, this.pinKey(ev), () => sem.loadValue(a, r, inst.type)));
          if (wp.mentions(leaf.array) > PRESSURE && ev.concrete !== null) this.specialise(ev, wp, leaf.array, t, ev.concrete);
          else this.applyOne(ev, wp, leaf.array, t);
        }
        this.addAll(wp, (ev.conj ??= this.terms.get(inst, TermTag.Access, d, r.mem, this.pinKey(ev), () => this.withPin(a0, a, sem.accessConjuncts(a, r, storeSize(inst.type))))));
        return null;
      }
      case EvKind.Store: {
        const r = ev.region;
        if (r === null) return 'store: object unknown';
        const a0 = sem.term(d, inst.operands[1]!);
        const v = sem.term(d, inst.operands[0]!);
        if (!a0) return 'store: address not modelled';
        const a = this.pinnedAddress(ev, a0);
        if (!v) return 'store: value not scalar';
        if (wp.has(r.mem)) {
          if (wp.mentions(r.mem) > PRESSURE && ev.concrete !== null) {
            // Under pressure (a loop counter's conditions piling up): store the value this path stored,
            // conjoin that the value was that (wp[M := store(M, a, c)] ∧ v = c implies the exact WP).
            const c = B.constant(v.width, ev.concrete);
            const sigma: Subst = new Map([[r.mem, { kind: 'writes', writes: sem.storeWrites(a, r, c, inst.operands[0]!.type) }]]);
            wp.apply(sigma, this.substituterOf(sigma));
            wp.add(B.eq(v, c));
            this.stats.specialised++;
          } else {
            const writes = (ev.writes ??= this.terms.get(inst, TermTag.StoreWrites, d, r.mem, this.pinKey(ev), () => sem.storeWrites(a, r, v, inst.operands[0]!.type)));
            this.apply(ev, wp, new Map([[r.mem, { kind: 'writes', writes }]]));
          }
        }
        this.addAll(wp, (ev.conj ??= this.terms.get(inst, TermTag.Access, d, r.mem, this.pinKey(ev), () => this.withPin(a0, a, sem.accessConjuncts(a, r, storeSize(inst.operands[0]!.type))))));
        return null;
      }
      case EvKind.Alloca: {
        const r = ev.region;
        if (r === null) return 'alloca: object unknown';
        // A dynamic alloca (a VLA, musl's start-up argv copy): the element count pinned to this path's
        // (size / element size; the engine allocates exactly count × element bytes, concretising a
        // symbolic count). Given the count, the object is the one a constant-size alloca would make —
        // same size, and the same address given the stack shape — so the step below is exact under
        // the pin, which implies the exact precondition (as every concretisation here).
        const dynamic = inst.operands.length > 0 && inst.operands[0]!.vk !== 'cint';
        if (dynamic) {
          ev.conj ??= this.sem.dynamicAllocaPin(ev, r);
          if (ev.conj === null) return 'alloca: dynamic size not modelled';
        }
        const leaf = this.leaves.reg(d, inst);
        if (!(leaf && wp.has(leaf.array)) && !wp.has(r.mem) && !wp.has(r.live)) {
          if (dynamic) this.addAll(wp, ev.conj!);
          return null;
        }
        const sigma: Subst = new Map();
        if (leaf) sigma.set(leaf.array, { kind: 'value', value: B.constant(64, r.base) });
        sigma.set(r.mem, { kind: 'zero', array: this.leaves.zero(r.size) });
        sigma.set(r.live, { kind: 'bool', value: B.TRUE });
        this.apply(ev, wp, sigma);
        if (dynamic) this.addAll(wp, ev.conj!);
        return null;
      }
      case EvKind.Call: {
        if (ev.allocated) return 'call: byval arguments';
        const callee = ev.callee;
        if (!callee) return 'call: callee unknown';
        if (ev.varargs !== null) {
          const why = this.varargsStep(ev, wp, ev.varargs);
          if (why !== null) return why;
        } else if (callee.fnType.varArgs) return 'call: varargs area not observed';
        const sigma: Subst = new Map();
        if (!sem.bindParams(ev, callee, sigma, (a) => wp.has(a))) return 'call: argument width';
        this.apply(ev, wp, sigma);
        if (!this.pinCallee(ev, wp)) return 'call: function pointer';
        return null;
      }
      case EvKind.Ret: {
        if (d === 0) return 'ret from main';
        const site = ev.callSite;
        if (!site || site.op !== 'call') return 'ret: call site';
        const leaf = this.leaves.reg(d - 1, site);
        if (leaf && wp.has(leaf.array)) {
          ev.value ??= (inst.operands.length > 0 ? sem.term(d, inst.operands[0]!) : null) ?? sem.fresh(ev);
          this.applyOne(ev, wp, leaf.array, ev.value);
        }
        return null;
      }
      case EvKind.Jump: {
        this.phiStep(ev, wp, ev.taken!);
        return null;
      }
      case EvKind.Br:
      case EvKind.Switch: {
        const taken = ev.taken;
        if (taken === null) return 'branch: successor unknown';
        this.phiStep(ev, wp, taken);
        if (wp.isFalse) return null;
        if (this.opts.reuseWp) {
          // The rest of the walk is a function of (event, precondition): when an earlier walk went on
          // from this event with this very precondition, it added everything this one would.
          const sig = wp.signature();
          ev.walked ??= new Set();
          if (ev.walked.has(sig)) return REPEATED;
          ev.walked.add(sig);
        }
        if (this.records(ev)) {
          this.stats.updates++;
          // One shape object per branch event (shared by the walks through it), never the event itself.
          ev.recordedShape ??= { frames: ev.frames, allocas: ev.allocas, shape: ev.shape };
          this.summaries.addPending(eventKey(ev), { payload: { ev: ev.recordedShape, conj: wp.snapshot() } satisfies Recorded });
        }
        if (ev.value === null) {
          const cond = this.terms.get(inst, TermTag.Branch, d, taken, 0, () => sem.branchCondition(inst, d, taken));
          if (cond === null) return 'branch: condition not modelled';
          ev.value = cond;
        }
        wp.add(ev.value);
        return null;
      }
      case EvKind.Builtin: {
        const m = (ev.model ??= modelBuiltin(ev, sem, this.regionOf)) as ReturnType<typeof modelBuiltin>;
        if (typeof m === 'string') return m;
        const sigma: Subst = new Map();
        const leaf = this.leaves.reg(d, inst);
        let heapBefore: HeapLeaf | null = null;
        if (m.allocates) {
          const why = this.allocationStep(ev, wp, m.allocates, leaf, sigma);
          if (typeof why === 'string') return why;
          heapBefore = why;
        }
        // free: the object is not live after the call (a later access would be an error); it was before
        // (a conjunct of the model: otherwise the call ends the path with a double/invalid free);
        // stackrestore: the objects it pops are not live after it.
        for (const r of m.frees ?? []) sigma.set(r.live, { kind: 'bool', value: B.FALSE });
        if (leaf && m.result !== undefined && wp.has(leaf.array) && !sigma.has(leaf.array)) {
          const v = (ev.value ??= m.result ?? sem.fresh(ev));
          if (v.width !== leaf.width) return 'built-in: result width';
          sigma.set(leaf.array, { kind: 'value', value: v });
        }
        for (const w of m.writes) {
          if (!wp.has(w.region.mem)) continue;
          if (sigma.has(w.region.mem)) return 'built-in: two writes to one object';
          sigma.set(w.region.mem, { kind: 'writes', writes: w.writes });
        }
        this.apply(ev, wp, sigma);
        if (heapBefore) wp.add(heapBefore.term);
        for (const a of m.antecedents) wp.assume(a);
        this.addAll(wp, m.conjuncts);
        for (const acc of ev.accesses ?? []) {
          const r = this.regionOf(acc);
          if (r.kind !== ObjKind.Global) wp.add(r.liveTerm);
        }
        if (!this.pinCallee(ev, wp)) return 'call: function pointer';
        return null;
      }
    }
    return 'unknown event';
  }

  /**
   * malloc/calloc (size pinned by the model), into `sigma`. A precondition after the call may mention
   * HeapAt(n) leaves (the allocation history at that point) and the new object R (its address, bytes,
   * liveness). The history moved along the edge of this call's allocation (same site, size, alignment
   * and allocator in every state that takes this path), so HeapAt(n) after it is HeapAt(n's parent)
   * before it when n's edge is this allocation's, else false. A state whose history before the call is
   * this path's gets the same object (src/engine/heap-history.ts): so when the precondition mentions
   * R, the result is R's address, its bytes zeros (the engine's fresh heap memory), it is live, and
   * HeapAt(this path's history before) is conjoined — returned for the caller to add after `sigma`.
   * Without the histories observed, a precondition mentioning R or a HeapAt leaf stops the walk.
   */
  private allocationStep(ev: Ev, wp: WpState, r: Region, leaf: RegLeaf | null, sigma: Subst): HeapLeaf | null | string {
    const usesObject = (leaf !== null && wp.has(leaf.array)) || wp.has(r.mem) || wp.has(r.live);
    const heapLeaves: HeapLeaf[] = [];
    for (const a of wp.arrays()) {
      const info = this.leaves.info.get(a.id);
      if (info?.kind === LeafKind.Heap) heapLeaves.push(info);
    }
    if (!usesObject && heapLeaves.length === 0) return null;
    const after = ev.heapAfter;
    if (after === undefined || after === null || ev.heapBefore === undefined) return `${ev.callee!.name}: allocation history not observed`;
    for (const h of heapLeaves) {
      const parent = h.node !== null && h.node.key === after.key ? this.leaves.heapAt(h.node.parent).term : B.FALSE;
      sigma.set(h.array, { kind: 'bool', value: parent });
    }
    if (!usesObject) return null;
    if (leaf) sigma.set(leaf.array, { kind: 'value', value: B.constant(leaf.width, r.base) });
    sigma.set(r.mem, { kind: 'zero', array: this.leaves.zero(r.size) });
    sigma.set(r.live, { kind: 'bool', value: B.TRUE });
    return this.leaves.heapAt(ev.heapBefore);
  }

  /**
   * --pse-pin-addresses: the address a load or store accessed on this path, as a constant, in place of
   * its term (the pin `term = address` is conjoined by withPin): wp[a := c] ∧ a = c implies the exact
   * precondition (under a = c they agree) and holds on this path — a concretisation conjoined as an
   * equality. Byte indices then are constants, so reads over the walk's stores resolve at once instead
   * of piling up symbolic update lists (the cost of stores on long libc paths); the price is summaries
   * that ask pointers held in memory (stdio's buffer positions) to be those values. A symbolic pointer
   * (resolved by the engine, addr -1) keeps its term. Decided per event, so every walk builds the same
   * terms (the event caches them).
   */
  private pinnedAddress(ev: Ev, a: Expr): Expr {
    if (!this.opts.pinAddresses || ev.addr < 0 || a.kind === Kind.Const) return a;
    return B.constant(a.width, BigInt(ev.addr));
  }

  private withPin(a0: Expr, a: Expr, conj: Expr[]): Expr[] {
    return a0 === a ? conj : [B.eq(a0, a), ...conj];
  }

  /**
   * The callee's varargs area (frames.ts `varargs`): a new stack object of the callee's frame (depth
   * d + 1), zero-filled, with each argument beyond the fixed parameters written at its slot (8-byte
   * slots, 16-byte aligned for types aligned above 8). Backwards: first the writes (M ↦ M with the
   * arguments' bytes, as terms of the caller's frame), then the allocation (M ↦ zeros, Live ↦ true).
   * Its address needs no pin: a stack object, given the stack shape (as an alloca's). Byval arguments
   * among them are copies (observed reads: `allocated`, a barrier before this).
   */
  private varargsStep(ev: Ev, wp: WpState, r: Region): string | null {
    if (!wp.has(r.mem) && !wp.has(r.live)) return null;
    if (ev.inst.argByvalTypes?.some((t) => t !== undefined)) return 'call: byval arguments';
    if (!ev.writes) {
      const writes = this.sem.varargsWrites(ev, r);
      if (typeof writes === 'string') return writes;
      ev.writes = writes;
    }
    if (ev.writes.length > 0) this.apply(ev, wp, new Map([[r.mem, { kind: 'writes', writes: ev.writes }]]));
    const alloc: Subst = new Map();
    alloc.set(r.mem, { kind: 'zero', array: this.leaves.zero(r.size) });
    alloc.set(r.live, { kind: 'bool', value: B.TRUE });
    this.apply(ev, wp, alloc);
    return null;
  }

  /**
   * The disjunct recorded at branch `ev`: the precondition, conjoined with the stack shape at the branch
   * (so the stack objects the suffix allocates get the addresses they had). Given that shape, the
   * entry-block allocas of every frame live at the branch sit where they sat on this path — the same
   * functions (the calling context), entered at the same stack bases, lay out their entry blocks alike —
   * so their address registers become those constants and their objects' Live leaves true: conjuncts
   * about the locals of live frames then vanish, and summaries of different paths stay comparable.
   */
  private summaryOf(ev: BranchShape, conj: Expr[]): Expr[] {
    const sigma: Subst = new Map();
    const frames = ev.frames ?? [];
    const allocas = ev.allocas;
    const arrays = new Set<ArrayDecl>();
    for (const c of conj) for (const a of arraysOf(c)) arrays.add(a);
    if (allocas) {
      for (const a of arrays) {
        const info = this.leaves.info.get(a.id);
        if (!info) continue;
        if (info.kind === LeafKind.Reg) {
          const v = info.value;
          if (v.vk !== 'inst' || !isEntryAlloca(v) || frames[info.depth] !== v.parent.fn) continue;
          const addr = allocas.get(this.leaves.allocaKey(info.depth, v));
          if (addr !== undefined) sigma.set(a, { kind: 'value', value: B.constant(64, addr) });
        } else if (info.kind === LeafKind.Live && info.region.kind === ObjKind.Stack) {
          const r = info.region;
          for (const inst of this.leaves.allocaOf.get(r) ?? []) {
            if (frames[r.depth] === inst.parent.fn && allocas.get(this.leaves.allocaKey(r.depth, inst)) === r.base) {
              sigma.set(a, { kind: 'bool', value: B.TRUE });
              break;
            }
          }
        }
      }
    }
    let out = conj;
    if (sigma.size > 0) {
      // Branches of one walk mostly fix the same allocas: share the substitution work between them.
      const key = [...sigma].map(([a, r]) => `${a.id}=${r.kind === 'value' || r.kind === 'bool' ? r.value.id : '?'}`).join(',');
      let sub = this.storeSubs.get(key);
      if (!sub) {
        if (this.storeSubs.size > 256) this.storeSubs.clear();
        this.storeSubs.set(key, (sub = new Substituter(sigma)));
      }
      out = conj.map((c) => sub.apply(c));
    }
    if (ev.shape) out.push(ev.shape.term);
    return out;
  }

  /** An indirect call: the pointer must equal the function it called. */
  private pinCallee(ev: Ev, wp: WpState): boolean {
    const callee = ev.inst.operands[0]!;
    if (calledFunction(ev.inst) !== undefined) return true;
    if (ev.fp === null) return false;
    const t = this.sem.term(ev.depth, callee);
    if (!t) return false;
    wp.add(B.eq(t, B.constant(t.width, ev.fp)));
    return true;
  }

  /** Shape leaves of `e` decided for a state whose stack shape at this point is `shapeArray`'s. */
  resolveShapes(e: Expr, shapeArray: ArrayDecl | null): Expr {
    const sigma: Subst = new Map();
    for (const a of arraysOf(e)) {
      const info = this.leaves.info.get(a.id);
      if (info && info.kind === LeafKind.Shape) sigma.set(a, { kind: 'bool', value: B.bool(a === shapeArray) });
    }
    return sigma.size === 0 ? e : this.substs.of(sigma).apply(e);
  }
}
