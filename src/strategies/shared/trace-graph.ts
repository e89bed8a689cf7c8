// The dependence graph DGSE and PESO reason on for one executed path: every instance's dynamic dependences of
// the chosen kinds (src/engine/trace/dynamic-deps.ts) plus, with interactive dependence on, the
// interactive ones, and for every decision of the path the dependences of its *negated* node — the
// direction the path did not take (DGSE's ¬ψᵢ, a node of its own: 8ᶠ when 8ᵀ ran).
//
// Interactive dependence is a static relation between nodes of one function (src/analysis
// interactive-dependence.ts; a deciding terminator is one node per direction). On the trace, an
// instance of node n depends interactively on the latest earlier instance, in the same activation, of
// each node n is interactive-dependent on; for a direction node ⟨b, d⟩ that is the latest instance of b
// that went in direction d. (Taking the latest instance that went d, rather than b's latest instance
// only when it went d, can only add dependences: more negations and longer relevant path conditions,
// never fewer — the conservative side of DGSE's guarantee.)
//
// A negated node depends on what its instance depends on (a terminator's condition, control and
// potential dependences are the same for each of its directions) and on the interactive sources of the
// other direction(s). An implicit check, a pointer resolution or a call-target decision is a node of
// its instruction: its negation depends on what the instruction depends on.
//
// A function too large for the static relation (interactive.ts) is over-approximated: each of its
// instances depends on the previous instance of the same activation.
//
// Storage is flat (one Int32Array of sources, ranges per instance), built in one forward pass.

import type { DepKind, DynamicDependences } from '../../engine/trace/dynamic-deps.js';
import type { Trace } from '../../engine/trace/model.js';
import type { Instruction } from '../../ir/model.js';

/** Static interactive dependence as node keys (interactive.ts). */
export interface InteractiveSource {
  /** The key of node ⟨inst, direction⟩ (direction undefined: the instruction node). */
  keyOf(inst: Instruction, direction?: number): number;
  /** Keys of the nodes ⟨inst, direction⟩ is interactive-dependent on. */
  predsOf(inst: Instruction, direction?: number): readonly number[];
  /** The directions of a deciding terminator (0 for any other instruction). */
  directions(inst: Instruction): number;
  /**
   * Whether the function's relation is over-approximated instead of computed (too large): then each
   * of its instances depends on the one before it in the same activation, so transitively on every
   * earlier instance of the activation — a superset of any interactive dependence inside it.
   */
  approximated(inst: Instruction): boolean;
}

/** Growing flat lists of sources, deduplicated per list. */
class FlatLists {
  readonly start: number[] = [];
  readonly from: number[] = [];
  private first = 0;
  private readonly stamp: Int32Array;
  private readonly effectStamp: Int32Array;
  private epoch = 0;

  constructor(size: number) {
    this.stamp = new Int32Array(Math.max(1, size));
    this.effectStamp = new Int32Array(Math.max(1, size));
  }

  open(): void {
    this.first = this.from.length;
    this.start.push(this.first);
    this.epoch++;
  }

  add = (j: number): void => {
    if (j < 0 || this.stamp[j] === this.epoch) return;
    this.stamp[j] = this.epoch;
    this.from.push(j);
  };

  /** Adds a reference to the effects of the activation call instance `c` started (stored as -(c + 2)). */
  addEffect(c: number): void {
    if (this.effectStamp[c] === this.epoch) return;
    this.effectStamp[c] = this.epoch;
    this.from.push(-(c + 2));
  }

  /** Adds src[lo..hi) (instances and effect references) to the open list. */
  addRange(src: readonly number[], lo: number, hi: number): void {
    for (let x = lo; x < hi; x++) {
      const v = src[x]!;
      if (v >= 0) this.add(v);
      else this.addEffect(-v - 2);
    }
  }
}

/** Words of constraint rows kept for one trace (64 MB); a larger product falls back to searches. */
const MAX_ROW_WORDS = 16 * 1024 * 1024;

export class TraceGraph {
  readonly n: number;
  /** Call instance -> the last instance of the activation it started (its effects' extent). */
  private readonly callEnd = new Map<number, number>();
  /** Instances that added a path constraint, ascending (the members of effect nodes). */
  private readonly constrained: number[] = [];
  private readonly effectMembersMemo = new Map<number, number[]>();
  private readonly start: Int32Array;
  private readonly from: Int32Array;
  /** Negated-node dependences per constraint index (negatable constraints only). */
  private readonly negated = new Map<number, Int32Array>();
  /** Scratch for closures: visited stamps. */
  private readonly seen: Int32Array;
  private epoch = 0;
  /** Edges followed by closures and forward passes (the dependence work, for the stats). */
  visits = 0;

  constructor(
    readonly trace: Trace,
    dyn: DynamicDependences,
    kinds: ReadonlySet<DepKind>,
    interactive: InteractiveSource | null,
  ) {
    const n = trace.length;
    this.n = n;
    for (const a of trace.activations) if (a.callInstance >= 0) this.callEnd.set(a.callInstance, a.retInstance >= 0 ? a.retInstance : n - 1);
    for (const c of trace.constraints) {
      const last = this.constrained[this.constrained.length - 1];
      if (c.instance >= 0 && last !== c.instance) this.constrained.push(c.instance);
    }
    const own = new FlatLists(n);
    const neg = new FlatLists(n);
    /** An interactive source: the instance, and when it is a call whose activation is over, its effects. */
    const source = (list: FlatLists, j: number, i: number): void => {
      list.add(j);
      const end = this.callEnd.get(j);
      if (end !== undefined && end < i) list.addEffect(j);
    };
    /** Per activation: node key -> its latest instance. */
    const latest: (Map<number, number> | undefined)[] = [];
    /** Per activation of an over-approximated function: its latest instance. */
    const previous: number[] = [];
    for (let i = 0; i < n; i++) {
      const inst = trace.insts[i]!;
      const act = trace.acts[i]!;
      own.open();
      const lo = own.from.length;
      dyn.forEachFrom(i, kinds, own.add);
      const dynHi = own.from.length;
      let lat: Map<number, number> | undefined;
      const dir = trace.dirs[i]!;
      const chained = interactive !== null && interactive.approximated(inst);
      if (chained) {
        own.add(previous[act] ?? -1);
        previous[act] = i;
      } else if (interactive) {
        lat = latest[act] ??= new Map();
        for (const k of interactive.predsOf(inst, dir >= 0 ? dir : undefined)) {
          const j = lat.get(k);
          if (j !== undefined) source(own, j, i);
        }
        // A call executed again in the same activation (a loop): its effects meet the earlier
        // execution's wherever both reach — the pair ⟨C, C⟩ the static relation cannot hold.
        if (this.callEnd.has(i)) {
          const before = lat.get(interactive.keyOf(inst));
          if (before !== undefined) source(own, before, i);
        }
      }
      for (const c of trace.constraintsOf(i)) {
        if (!c.negatable) continue;
        neg.open();
        neg.addRange(own.from, lo, dynHi);
        if (chained) neg.addRange(own.from, dynHi, own.from.length);
        else if (interactive && lat) {
          if (dir >= 0) {
            const ndirs = interactive.directions(inst);
            for (let d = 0; d < ndirs; d++) {
              if (d === dir) continue;
              for (const k of interactive.predsOf(inst, d)) {
                const j = lat.get(k);
                if (j !== undefined) source(neg, j, i);
              }
            }
          } else {
            // The instruction's own node: its interactive sources are the instance's.
            neg.addRange(own.from, dynHi, own.from.length);
          }
        }
        this.negated.set(c.index, Int32Array.from(neg.from.slice(neg.start[neg.start.length - 1]!)));
      }
      if (interactive && lat) {
        lat.set(interactive.keyOf(inst, dir >= 0 ? dir : undefined), i);
        if (inst.op === 'ret') latest[act] = undefined;
      }
    }
    own.start.push(own.from.length);
    this.start = Int32Array.from(own.start);
    this.from = Int32Array.from(own.from);
    this.seen = new Int32Array(Math.max(1, n));
  }

  /** Edges of the graph (own dependences). */
  get size(): number {
    return this.from.length;
  }

  /** What instance `i` depends on directly: instances, and -(c + 2) for the effects of call instance c. */
  depsOf(i: number): Int32Array {
    return this.from.subarray(this.start[i]!, this.start[i + 1]!);
  }

  /** The instances the negation of constraint `index` depends on directly. */
  negatedDepsOf(index: number): Int32Array {
    const d = this.negated.get(index);
    if (!d) throw new Error(`dgse: constraint ${index} is not a decision of the trace`);
    return d;
  }

  /**
   * The instances that added path constraints inside the activation call instance `c` started (its
   * callees' included): what the effects of the call stand for when an interactive source is a call.
   */
  private effectMembers(c: number): number[] {
    let m = this.effectMembersMemo.get(c);
    if (m) return m;
    const end = this.callEnd.get(c)!;
    const cs = this.constrained;
    let lo = 0;
    let hi = cs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cs[mid]! <= c) lo = mid + 1;
      else hi = mid;
    }
    m = [];
    for (let k = lo; k < cs.length && cs[k]! <= end; k++) m.push(cs[k]!);
    this.effectMembersMemo.set(c, m);
    return m;
  }

  /** Marks (1) instance `d` and every later instance transitively depending on it. One forward pass. */
  dependentsOf(d: number): Uint8Array {
    const m = new Uint8Array(this.n);
    m[d] = 1;
    const effects = new Map<number, boolean>();
    const marked = (v: number): boolean => {
      if (v >= 0) return m[v] === 1;
      const c = -v - 2;
      let e = effects.get(c);
      if (e === undefined) effects.set(c, (e = this.effectMembers(c).some((x) => m[x] === 1)));
      return e;
    };
    this.marked = marked;
    const { start, from } = this;
    for (let j = d + 1; j < this.n; j++) {
      for (let k = start[j]!; k < start[j + 1]!; k++) {
        this.visits++;
        if (marked(from[k]!)) {
          m[j] = 1;
          break;
        }
      }
    }
    return m;
  }

  /** The membership test of the last `dependentsOf` (effect references resolved). */
  private marked: ((v: number) => boolean) | null = null;

  /** Whether the negation of constraint `index` depends on a marked instance (`dependentsOf`). */
  negationDependsOn(index: number, marks: Uint8Array): boolean {
    const marked = this.marked ?? ((v: number) => v >= 0 && marks[v] === 1);
    for (const j of this.negatedDepsOf(index)) if (marked(j)) return true;
    return false;
  }

  /**
   * The path constraints added by the instances the negation of constraint `index` transitively
   * depends on (its relevant path slice), and by the negated instance itself before it, ascending.
   * Answered from one bit row per instance (the constraints of its own transitive closure), built in
   * one forward pass on first use, when the rows fit in MAX_ROW_WORDS; else by a backward search.
   */
  sliceConstraints(index: number): number[] {
    const cs = this.trace.constraints;
    const c = cs[index]!;
    const rows = this.rows();
    if (rows === null) {
      const inSlice = new Set(this.negationClosure(index));
      inSlice.add(c.instance);
      return cs.filter((x) => x.index < index && inSlice.has(x.instance)).map((x) => x.index);
    }
    const W = this.rowWords;
    const acc = new Uint32Array(W);
    for (const j of this.negatedDepsOf(index)) this.orRow(acc, 0, rows, j);
    for (const x of this.trace.constraintsOf(c.instance)) if (x.index < index) acc[x.index >>> 5]! |= 1 << (x.index & 31);
    const out: number[] = [];
    for (let w = 0; w < W && w * 32 < index; w++) {
      let bits = acc[w]!;
      while (bits !== 0) {
        const b = 31 - Math.clz32(bits & -bits);
        const k = w * 32 + b;
        if (k < index) out.push(k);
        bits &= bits - 1;
      }
    }
    return out;
  }

  /**
   * The path constraints added by the instances `criteria` transitively depend on (themselves
   * included), as a bit set over constraint indices (PESO's relevant-slice condition when the graph's
   * kinds are the relevant-slice kinds). From the bit rows when they fit, else by a backward search.
   */
  constraintsReaching(criteria: readonly number[]): Uint32Array {
    const cs = this.trace.constraints;
    const W = (cs.length + 31) >>> 5;
    const acc = new Uint32Array(W);
    const rows = this.rows();
    if (rows !== null) {
      for (const i of criteria) this.orRow(acc, 0, rows, i);
      return acc;
    }
    const epoch = ++this.epoch;
    const seen = this.seen;
    const work: number[] = [];
    const visit = (v: number): void => {
      for (const j of v >= 0 ? [v] : this.effectMembers(-v - 2)) {
        if (seen[j] !== epoch) {
          seen[j] = epoch;
          work.push(j);
        }
      }
    };
    for (const i of criteria) visit(i);
    const { start, from } = this;
    while (work.length > 0) {
      const i = work.pop()!;
      for (const c of this.trace.constraintsOf(i)) acc[c.index >>> 5]! |= 1 << (c.index & 31);
      for (let k = start[i]!; k < start[i + 1]!; k++) {
        this.visits++;
        visit(from[k]!);
      }
    }
    return acc;
  }

  private rowWords = 0;
  private rowBits: Uint32Array | null | undefined;

  /** Per instance, the constraints of its transitive closure (itself included), W words each. */
  private rows(): Uint32Array | null {
    if (this.rowBits !== undefined) return this.rowBits;
    const W = (this.trace.constraints.length + 31) >>> 5;
    if (W === 0 || this.n * W > MAX_ROW_WORDS) return (this.rowBits = null);
    const rows = new Uint32Array(this.n * W);
    this.rowWords = W;
    const { start, from } = this;
    for (let i = 0; i < this.n; i++) {
      const base = i * W;
      for (let k = start[i]!; k < start[i + 1]!; k++) {
        this.visits++;
        this.orRow(rows, base, rows, from[k]!);
      }
      for (const c of this.trace.constraintsOf(i)) rows[base + (c.index >>> 5)]! |= 1 << (c.index & 31);
    }
    return (this.rowBits = rows);
  }

  private readonly effectRows = new Map<number, Uint32Array>();

  /** ORs the row of `v` (an instance, or an effect reference: its members' rows) into dst[at..]. */
  private orRow(dst: Uint32Array, at: number, rows: Uint32Array, v: number): void {
    const W = this.rowWords;
    if (v >= 0) {
      const jb = v * W;
      for (let w = 0; w < W; w++) dst[at + w]! |= rows[jb + w]!;
      return;
    }
    const c = -v - 2;
    let r = this.effectRows.get(c);
    if (!r) {
      r = new Uint32Array(W);
      for (const x of this.effectMembers(c)) for (let w = 0; w < W; w++) r[w]! |= rows[x * W + w]!;
      this.effectRows.set(c, r);
    }
    for (let w = 0; w < W; w++) dst[at + w]! |= r[w]!;
  }

  /** The instances the negation of constraint `index` transitively depends on, ascending. */
  negationClosure(index: number): number[] {
    const epoch = ++this.epoch;
    const seen = this.seen;
    const work: number[] = [];
    const visit = (v: number): void => {
      for (const j of v >= 0 ? [v] : this.effectMembers(-v - 2)) {
        if (seen[j] !== epoch) {
          seen[j] = epoch;
          work.push(j);
        }
      }
    };
    for (const j of this.negatedDepsOf(index)) visit(j);
    const out: number[] = [];
    const { start, from } = this;
    while (work.length > 0) {
      const i = work.pop()!;
      out.push(i);
      for (let k = start[i]!; k < start[i + 1]!; k++) {
        this.visits++;
        visit(from[k]!);
      }
    }
    return out.sort((a, b) => a - b);
  }
}
