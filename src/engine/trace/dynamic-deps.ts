// Dynamic dependences of one trace, instance to instance, in one forward pass:
//   ssa / param / ret — the defining instances of the operands (recorder.ts): same frame, an actual
//                  argument's definition in the caller, a callee's `ret`;
//   memory       — the instances that last wrote the bytes an instance read (by concrete address);
//   control      — the latest earlier instance, in the same activation, of a branch direction the
//                  instruction is statically control dependent on (post-dominator based, with a virtual
//                  exit: src/analysis) that took that direction; with none, the call instance that
//                  started the activation (so control flows in through calls);
//   gate         — for a phi, the latest instances of the branch directions deciding its incoming edge;
//   potential    — PESO's Definition 3 (Agrawal et al. 1993): u is potentially dependent on the latest
//                  instance b of a branch direction (b, d) in u's activation when u statically is
//                  (src/analysis potential dependence: a definition of a location u reads lies on a path
//                  through another direction of b and reaches u), b took d, and the location was not
//                  written between b and u on this trace — for a read, some byte it read was last
//                  written before b; otherwise (a call reading through its callees) no write to the
//                  abstract location since b.
//   alloc        — a heap object's address depends on every allocation before it (the allocator's
//                  state: which blocks are taken): each heap allocation depends on the previous one, and
//                  an instance that reads an address as a value (ptrtoint, a pointer comparison) on the
//                  latest allocation before it. Accesses through a pointer do not: they reach the same
//                  object whatever its address. (Without it a branch on a heap address misses the
//                  branches that decided an earlier allocation: test/fixtures/pse/traps/heap_history.c.)
// Locations of concrete objects come from their allocation sites through the points-to analysis; an
// object with no site (argv, a varargs area) matches any location, which can only add dependences.

import type { Instruction } from '../../ir/model.js';
import type { MemAccess, ObjectInfo, Trace } from './model.js';
import { INITIAL } from './model.js';
import { staticDepsOf, type StaticDeps } from './static-info.js';

const NO_ACCESSES: readonly MemAccess[] = [];

export type DepKind = 'ssa' | 'param' | 'ret' | 'memory' | 'control' | 'gate' | 'potential' | 'alloc';

export interface DynDep {
  /** The instance depended on. */
  readonly from: number;
  readonly kind: DepKind;
  /** The call instance a param / ret dependence passed through, else -1. */
  readonly via: number;
}

/** Dependence kinds by their stored index. */
const KINDS: readonly DepKind[] = ['ssa', 'param', 'ret', 'memory', 'control', 'gate', 'potential', 'alloc'];
const KIND_INDEX: Readonly<Record<DepKind, number>> = { ssa: 0, param: 1, ret: 2, memory: 3, control: 4, gate: 5, potential: 6, alloc: 7 };

/** The dependences of every instance, stored flat: those of instance i are [start[i], start[i + 1]). */
export class DynamicDependences {
  private reverse: number[][] | null = null;

  constructor(
    readonly trace: Trace,
    private readonly start: Int32Array,
    private readonly from: Int32Array,
    private readonly kind: Uint8Array,
    private readonly via: Int32Array,
  ) {}

  /** What instance `i` depends on. */
  of(i: number): DynDep[] {
    const out: DynDep[] = [];
    for (let k = this.start[i]!; k < this.start[i + 1]!; k++) out.push({ from: this.from[k]!, kind: KINDS[this.kind[k]!]!, via: this.via[k]! });
    return out;
  }

  /** Calls `f(from)` for each dependence of instance `i` whose kind is in `kinds` (no allocation). */
  forEachFrom(i: number, kinds: ReadonlySet<DepKind>, f: (from: number) => void): void {
    for (let k = this.start[i]!; k < this.start[i + 1]!; k++) if (kinds.has(KINDS[this.kind[k]!]!)) f(this.from[k]!);
  }

  /** Number of dependence edges. */
  get size(): number {
    return this.from.length;
  }

  /** The instances depending directly on instance `i` (any kind). */
  dependents(i: number): readonly number[] {
    if (this.reverse === null) {
      const r: number[][] = Array.from({ length: this.trace.length }, () => []);
      for (let u = 0; u < this.trace.length; u++) for (let k = this.start[u]!; k < this.start[u + 1]!; k++) r[this.from[k]!]!.push(u);
      this.reverse = r;
    }
    return this.reverse[i] ?? [];
  }

  /** Every dependence edge of a kind, as [use, def] instance pairs. */
  edges(kind: DepKind): [number, number][] {
    const out: [number, number][] = [];
    const want = KIND_INDEX[kind];
    for (let u = 0; u < this.trace.length; u++) for (let k = this.start[u]!; k < this.start[u + 1]!; k++) if (this.kind[k] === want) out.push([u, this.from[k]!]);
    return out;
  }
}

/** Growing flat storage of the dependences being computed. */
class DepBuilder {
  readonly start: number[] = [];
  readonly from: number[] = [];
  readonly kind: number[] = [];
  readonly via: number[] = [];
  private first = 0;

  open(): void {
    this.first = this.from.length;
    this.start.push(this.first);
  }

  add(from: number, kind: number, via = -1): void {
    if (from < 0) return;
    for (let k = this.first; k < this.from.length; k++) if (this.from[k] === from && this.kind[k] === kind && this.via[k] === via) return;
    this.from.push(from);
    this.kind.push(kind);
    this.via.push(via);
  }
}

const MEMORY = 3;
const CONTROL = 4;
const GATE = 5;
const POTENTIAL = 6;
const ALLOC = 7;

/** Whether `inst` reads an address as a value: a pointer cast to an integer, or pointers compared. */
function readsAddressValue(inst: Instruction): boolean {
  if (inst.op === 'ptrtoint') return true;
  return inst.op === 'icmp' && inst.operands[0] !== undefined && (inst.operands[0] as { type?: { kind: string } }).type?.kind === 'ptr';
}

export interface DynamicDepOptions {
  /**
   * Potential dependence on every instance of the branch direction since the location was last
   * written (Definition 3 read literally: in a loop, each iteration that did not define it could
   * have), instead of its latest instance only (the default, which DGSE uses). PESO's relevant slices
   * need all of them: with the latest only, a loop's earlier decisions drop out of the relevant-slice
   * condition and exploration loses partitions.
   */
  readonly allPotentialInstances?: boolean;
  /**
   * Potential dependence read literally off the trace (Agrawal et al.'s Definition 3, as PESO states
   * it): a read of location v depends on every branch instance j since v was last written whose other
   * directions define v somewhere in their (transitive) region — `otherSideDefs(branch, takenDirection)`
   * gives those locations. Added to the static rule: it also relates a use that is control dependent
   * on the same static branch (a loop's next iteration), which the static relation leaves out.
   */
  readonly otherSideDefs?: (branch: Instruction, taken: number) => readonly number[];
}

/** Computes the dynamic dependences of `trace` (static facts from the module's analyses by default). */
export function dynamicDependences(trace: Trace, statics: StaticDeps = staticDepsOf(trace.module), options: DynamicDepOptions = {}): DynamicDependences {
  const allPotential = options.allPotentialInstances === true;
  const otherSide = options.otherSideDefs;
  /** Location -> branch instances since its last write whose other side defines it (otherSideDefs). */
  const pending = new Map<number, number[]>();
  /** Per activation: static branch id -> its instances (allPotentialInstances only). */
  const history: (Map<number, number[]> | undefined)[] = [];
  const n = trace.length;
  const b = new DepBuilder();
  /** Per activation: static branch id -> its latest instance. */
  const latest: (Map<number, number> | undefined)[] = [];
  /** Abstract location -> the latest instance that wrote it. */
  const lastWrite = new Map<number, number>();
  const locCache = new Map<ObjectInfo, number | undefined>();
  const locOf = (o: ObjectInfo): number | undefined => {
    if (locCache.has(o)) return locCache.get(o);
    const l = o.site ? statics.locationOf(o.site) : undefined;
    locCache.set(o, l);
    return l;
  };
  const { opStart, opFrom, opKind, opVia, memStart, accessList, dirs, heapAllocations } = trace;
  /** The next heap allocation instance (index into heapAllocations) and the latest one so far. */
  let nextAlloc = 0;
  let lastAlloc = -1;
  for (let i = 0; i < n; i++) {
    const inst = trace.insts[i]!;
    const act = trace.acts[i]!;
    let lat = latest[act];
    if (lat === undefined) latest[act] = lat = new Map();
    b.open();

    const opEnd = i + 1 < n ? opStart[i + 1]! : opFrom.length;
    for (let k = opStart[i]!; k < opEnd; k++) b.add(opFrom[k]!, KIND_INDEX[opKind[k]!], opVia[k]!);

    const memEnd = i + 1 < n ? memStart[i + 1]! : accessList.length;
    const accesses = memEnd > memStart[i]! ? accessList.slice(memStart[i]!, memEnd) : NO_ACCESSES;
    for (const a of accesses) if (!a.write) for (const d of a.defs) if (d !== INITIAL) b.add(d, MEMORY);

    // Control: the latest instance of a controlling branch direction in this activation.
    let best = -1;
    for (const c of statics.controlDeps(inst)) {
      const j = lat.get(c.branch);
      if (j !== undefined && dirs[j] === c.direction && j > best) best = j;
    }
    b.add(best >= 0 ? best : trace.activations[act]!.callInstance, CONTROL);

    if (inst.op === 'phi') {
      for (const g of statics.gateDeps(inst)) {
        const j = lat.get(g.branch);
        if (j !== undefined && dirs[j] === g.direction) b.add(j, GATE);
      }
    }

    for (const p of statics.potentialDeps(inst)) {
      if (allPotential) {
        // Latest first; once the location was written since an instance, it was since every earlier one.
        const hs = history[act]?.get(p.branch);
        for (let k = (hs?.length ?? 0) - 1; k >= 0; k--) {
          const j = hs![k]!;
          if (!notRedefinedSince(accesses, p.loc, j, locOf, lastWrite)) break;
          if (dirs[j] === p.direction) b.add(j, POTENTIAL);
        }
        continue;
      }
      const j = lat.get(p.branch);
      if (j === undefined || dirs[j] !== p.direction) continue;
      if (notRedefinedSince(accesses, p.loc, j, locOf, lastWrite)) b.add(j, POTENTIAL);
    }

    if (otherSide) {
      for (const a of accesses) {
        if (a.write) continue;
        const l = locOf(a.object);
        const js = l === undefined ? undefined : pending.get(l);
        if (js) for (const j of js) if (a.defs.length === 0 || a.defs[0]! < j) b.add(j, POTENTIAL);
      }
    }

    const allocates = heapAllocations[nextAlloc] === i;
    if (allocates || readsAddressValue(inst)) b.add(lastAlloc, ALLOC);
    if (allocates) {
      lastAlloc = i;
      nextAlloc++;
    }

    if (dirs[i]! >= 0) {
      lat.set(inst.id, i);
      if (allPotential) {
        const h = (history[act] ??= new Map());
        let l = h.get(inst.id);
        if (!l) h.set(inst.id, (l = []));
        l.push(i);
      }
    }
    for (const a of accesses) {
      if (!a.write) continue;
      const l = locOf(a.object);
      if (l !== undefined) {
        lastWrite.set(l, i);
        if (otherSide && !a.weak) pending.delete(l);
      }
    }
    if (otherSide && dirs[i]! >= 0) {
      for (const l of otherSide(inst, dirs[i]!)) {
        let js = pending.get(l);
        if (!js) pending.set(l, (js = []));
        js.push(i);
      }
    }
  }
  b.start.push(b.from.length);
  return new DynamicDependences(trace, Int32Array.from(b.start), Int32Array.from(b.from), Uint8Array.from(b.kind), Int32Array.from(b.via));
}

/** Whether location `loc`, as instance i reads it, was last written before instance `since`. */
function notRedefinedSince(
  accesses: readonly MemAccess[],
  loc: number,
  since: number,
  locOf: (o: ObjectInfo) => number | undefined,
  lastWrite: ReadonlyMap<number, number>,
): boolean {
  let matched = false;
  for (const a of accesses) {
    if (a.write) continue;
    const l = locOf(a.object);
    if (l !== undefined && l !== loc) continue;
    matched = true;
    if (a.defs.length === 0 || a.defs[0]! < since) return true;
  }
  if (matched) return false;
  return (lastWrite.get(loc) ?? INITIAL) < since;
}
