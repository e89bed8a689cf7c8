// The constraint graph of the points-to analysis and its solver (points-to.ts says what is modelled;
// points-to-constraints.ts builds the constraints from the IR).
//
// Nodes stand for sets of abstract objects: SSA values, parameters, returns, and each object's
// contents. Constraints: `pts(n) ∋ o`; copy edges `pts(a) ⊆ pts(b)`; loads `x ⊇ *p` and stores
// `*p ⊇ v`, which turn into copy edges from / to `contents(o)` for every o that reaches pts(p); and
// indirect calls, bound to every function that reaches the callee's set (through a hook, since binding
// makes new constraints).
//
// Solving is difference propagation over a worklist: a node carries the members added since it was
// last processed (its delta), and only those travel along its edges and through its loads, stores and
// calls; a constraint added later (a new edge, load, store or indirect call) takes at once only the
// members its node has already pushed, the pending ones reaching it with the delta, so the constraints
// made before solving cost nothing until then. Sets and deltas are bit sets, so a delta crosses a copy
// edge as a word-wise union (the escaped objects make hundreds of members travel together over a large
// library). Nodes on a cycle of copy edges end with the same set, so they are merged (union-find; only
// a representative, `find(n) === n`, holds data) whenever enough new edges have appeared since the last
// search for cycles. Copy edges are deduplicated in one table of node pairs (pair-set.ts), not a Set
// per node.
//
// Before solving, offline substitution merges nodes that must end with the same set: a node whose only
// input is one copy edge, and nodes whose only input is a load through the same pointer node (see
// `substitute`).
//
// Escape: the node ESC stands for everything unknown code can reach. An object in pts(ESC) has escaped:
// its contents become ESC itself, and unless it is a function (kept whole, as a call target) it is
// *merged*: from then on it travels as EXTERNAL, the one location standing for all memory unknown code
// can reach.

import type { Func, Instruction } from '../ir/model.js';
import { BitSet } from './bitset.js';
import { PairSet } from './pair-set.js';
import { cyclesOf } from './points-to-cycles.js';
import { ObjKind, type AbsObject } from './points-to-model.js';

const IN_NONE = 0;
const IN_COPY = 1;
const IN_LOAD = 2;
const IN_MANY = 3;

export abstract class ConstraintGraph {
  protected readonly objects: AbsObject[] = [];
  /** Object id → its contents node. */
  protected readonly contents: number[] = [];
  /** Objects merged into EXTERNAL (escaped, not functions). */
  protected readonly merged: boolean[] = [];
  private readonly escapedFlag: boolean[] = [];
  protected readonly escapedList: number[] = [];

  protected readonly parent: number[] = [];
  protected readonly pts: (BitSet | undefined)[] = [];
  /** Members added to a node's set since it was last processed. */
  private readonly delta: (BitSet | undefined)[] = [];
  /** The merged objects, as a set (to take them out of a delta word by word). */
  private readonly mergedSet = new BitSet();
  /** Copy edges (a, b) added so far; b was a representative when added, it may since have merged. */
  private readonly edges = new PairSet(256);
  /** A node's copy-edge successors, in insertion order. */
  private readonly succList: (number[] | undefined)[] = [];
  /** Scratch marks for listing a node's successors once each (`stamp[n] === stampNow`). */
  private readonly stamp: number[] = [];
  private stampNow = 0;
  private readonly loads: (number[] | undefined)[] = [];
  private readonly stores: (number[] | undefined)[] = [];
  protected readonly indirect: (Instruction[] | undefined)[] = [];
  private readonly queued: boolean[] = [];
  private readonly work: number[] = [];
  /**
   * While constraints are generated: each node's only input so far (IN_COPY from / IN_LOAD through
   * `inFrom[n]`), or IN_NONE, or IN_MANY (several, objects, or inputs that may still come while solving).
   */
  private readonly inKind: number[] = [];
  private readonly inFrom: number[] = [];
  /**
   * [0]: 1 while inputs are recorded. An array element, not a field: writing a field after
   * construction (emptying it, or flipping a boolean) made V8 throw away the compiled code that read
   * it, at every run.
   */
  private readonly state = new Uint8Array([1]);
  private edgesSinceCollapse = 0;
  private edgeCount = 0;
  protected iterations = 0;

  /** The node of everything unknown code may reach. */
  protected readonly esc: number;
  protected readonly externalObj: number;

  constructor() {
    this.esc = this.newNode();
    this.pin(this.esc);
    this.externalObj = this.newObject(ObjKind.External, undefined, undefined, 'EXTERNAL', false);
    this.addPts(this.esc, [this.externalObj]);
  }

  /** Binds an indirect call to object `o`, which reached its callee's set. */
  protected abstract bindObject(call: Instruction, o: number): void;
  /** Function `g` escaped to unknown code, which may call it. */
  protected abstract functionEscaped(g: Func): void;

  protected newNode(): number {
    const n = this.parent.length;
    // Every per-node array grows with the nodes: assigning past the end of a JS array makes it holey,
    // and far past it turns it into a hash table, which made every access several times slower.
    this.parent.push(n);
    this.pts.push(undefined);
    this.delta.push(undefined);
    this.stamp.push(0);
    if (this.state[0] === 1) {
      this.inKind.push(IN_NONE);
      this.inFrom.push(0);
    }
    this.succList.push(undefined);
    this.loads.push(undefined);
    this.stores.push(undefined);
    this.indirect.push(undefined);
    this.queued.push(false);
    return n;
  }

  protected newObject(kind: ObjKind, site: AbsObject['site'], fn: Func | undefined, name: string, strong: boolean): number {
    const id = this.objects.length;
    this.objects.push({ id, kind, site, fn, name, strong });
    this.merged.push(false);
    this.escapedFlag.push(false);
    const c = this.newNode();
    this.contents.push(c);
    this.pin(c); // stores into the object arrive while solving
    return id;
  }

  protected find(n: number): number {
    let r = n;
    while (this.parent[r] !== r) r = this.parent[r]!;
    while (this.parent[n] !== r) {
      const next = this.parent[n]!;
      this.parent[n] = r;
      n = next;
    }
    return r;
  }

  /**
   * Members of a representative's set that it has already pushed through its constraints, increasing.
   * A new constraint on n needs only those now: the pending ones (n's delta) will pass through it when
   * n is processed. (Constraints made before solving thus cost nothing until then: the whole set was
   * pushed through them at once, and again as the delta.)
   */
  private processedMembers(n: number): number[] {
    const p = this.pts[n];
    if (!p) return [];
    const d = this.delta[n];
    return d ? p.toArrayExcept(d) : p.toArray();
  }

  // ------------------------------------------------------------------------------------------
  // Constraints

  protected addPts(node: number, objs: Iterable<number>): void {
    this.pin(node);
    this.flowInto(this.find(node), objs);
  }

  /** Marks a node as one that may get inputs while solving (a parameter, a call's result, ...). */
  protected pin(n: number): void {
    if (this.state[0] === 1) this.inKind[n] = IN_MANY;
  }

  private recordInput(n: number, kind: number, from: number): void {
    if (this.state[0] !== 1) return;
    const k = this.inKind;
    if (k[n] === IN_NONE) {
      k[n] = kind;
      this.inFrom[n] = from;
    } else if (k[n] !== kind || this.inFrom[n] !== from) k[n] = IN_MANY;
  }

  /** Adds `objs` to representative n's set; the new ones go to its delta, and n to the worklist. */
  private flowInto(n: number, objs: Iterable<number>): void {
    const set = (this.pts[n] ??= new BitSet());
    let fresh = false;
    for (const o of objs) {
      if (!set.add(o)) continue;
      (this.delta[n] ??= new BitSet()).add(o);
      fresh = true;
    }
    if (fresh) this.enqueue(n);
  }

  /** A node whose set is exactly `objs`, for a constraint's constant side. */
  protected fixedNode(objs: readonly number[]): number {
    const n = this.newNode();
    this.addPts(n, objs);
    return n;
  }

  protected addEdge(from: number | undefined, to: number): void {
    if (from === undefined) return;
    this.recordInput(to, IN_COPY, from);
    this.edge(from, to);
  }

  private edge(from: number, to: number): void {
    const a = this.find(from);
    const b = this.find(to);
    if (a === b) return;
    if (!this.edges.add(a, b)) return;
    (this.succList[a] ??= []).push(b);
    this.edgeCount++;
    this.edgesSinceCollapse++;
    // Only what a has pushed already; its pending members will cross the new edge with its delta.
    const p = this.pts[a];
    if (!p) return;
    const d = this.delta[a];
    if (!d) this.flowSet(p, b);
    else if ((this.pts[b] ??= new BitSet()).unionIntoExcept(p, (this.delta[b] ??= new BitSet()), d)) this.enqueue(b);
  }

  protected addLoad(ptr: number | undefined, dst: number): void {
    if (ptr === undefined) return;
    const p = this.find(ptr);
    this.recordInput(dst, IN_LOAD, p);
    (this.loads[p] ??= []).push(dst);
    for (const o of this.processedMembers(p)) this.edge(this.contents[o]!, dst);
  }

  protected addStore(ptr: number | undefined, src: number | undefined): void {
    if (ptr === undefined || src === undefined) return;
    const p = this.find(ptr);
    (this.stores[p] ??= []).push(src);
    for (const o of this.processedMembers(p)) this.edge(src, this.contents[o]!);
  }

  /**
   * contents(o_d) ⊇ contents(o_s) for o_d ∈ pts(dst), o_s ∈ pts(src), through a fresh node t: a load
   * `t ⊇ *src` and a store `*dst ⊇ t`. The same solution as one edge per (o_s, o_d) pair, with
   * |pts(src)| + |pts(dst)| edges instead of their product (memcpy between escaped buffers made
   * millions of the pairs).
   */
  protected addCopy(dst: number | undefined, src: number | undefined): void {
    if (dst === undefined || src === undefined) return;
    const t = this.newNode();
    this.addLoad(src, t);
    this.addStore(dst, t);
  }

  /** An indirect call through `callee`'s set: bound to what is there and to whatever arrives later. */
  protected addIndirect(callee: number, call: Instruction): void {
    const r = this.find(callee);
    (this.indirect[r] ??= []).push(call);
    for (const o of this.processedMembers(r)) this.bindObject(call, o);
  }

  // ------------------------------------------------------------------------------------------
  // Solving

  /** pts(b) ⊇ `bits` (a whole set or a delta), the new members to b's delta, queueing b when it grew. */
  private flowSet(bits: BitSet, b: number): void {
    if ((this.pts[b] ??= new BitSet()).unionInto(bits, (this.delta[b] ??= new BitSet()))) this.enqueue(b);
  }

  private enqueue(n: number): void {
    if (!this.queued[n]) {
      this.queued[n] = true;
      this.work.push(n);
    }
  }

  protected propagate(): void {
    // First in, first out: a node waits while others add to its delta, so it carries more at once
    // (measured when deltas were lists: last in, first out pushed 22 million member-successor pairs
    // over musl, this 12 million; du 5.8 and 4.8 million). The solution is the same.
    let head = 0;
    while (head < this.work.length) {
      if (this.edgesSinceCollapse > 1000 && this.edgesSinceCollapse * 4 > this.edgeCount) this.collapseCycles();
      const n = this.work[head++]!;
      if (head >= 4096 && head * 2 >= this.work.length) {
        this.work.splice(0, head);
        head = 0;
      }
      this.queued[n] = false;
      if (this.find(n) === n) this.process(n); // else merged away; the survivor carries its delta
    }
    this.work.length = 0;
  }

  /** Pushes a node's delta through its loads, stores, indirect calls and copy edges. */
  private process(n: number): void {
    // Taken out while it is pushed on: what arrives meanwhile (through a load of n's own contents, or a
    // merge) starts a new delta.
    const d = this.delta[n];
    this.delta[n] = undefined;
    if (!d) return;
    this.pushDelta(n, d);
    d.clear();
    if (this.delta[n] === undefined && this.parent[n] === n) this.delta[n] = d; // reused
  }

  private pushDelta(n: number, d: BitSet): void {
    // Escaped objects travel as EXTERNAL: whatever they would cause, EXTERNAL causes.
    if (d.subtract(this.mergedSet) && (this.pts[n] ??= new BitSet()).add(this.externalObj)) d.add(this.externalObj);
    if (d.isEmpty()) return;
    this.iterations++;
    const loads = this.loads[n];
    const stores = this.stores[n];
    const calls = this.indirect[n];
    const esc = n === this.find(this.esc);
    if (loads || stores || calls || esc) {
      const objs = d.toArray();
      if (loads || stores) {
        // Nothing merges while edges are added, so the contents nodes (every escaped object's is ESC)
        // and the loads' and stores' nodes (merged ones listed under each name) are listed once each.
        const cs = this.distinctReps(objs, this.contents);
        if (loads) {
          const dsts = this.distinctReps(loads, undefined);
          this.loads[n] = dsts;
          for (let i = 0; i < dsts.length; i++) for (let j = 0; j < cs.length; j++) this.edge(cs[j]!, dsts[i]!);
        }
        if (stores) {
          const srcs = this.distinctReps(stores, undefined);
          this.stores[n] = srcs;
          for (let i = 0; i < srcs.length; i++) for (let j = 0; j < cs.length; j++) this.edge(srcs[i]!, cs[j]!);
        }
      }
      if (calls) for (const c of calls) for (const o of objs) this.bindObject(c, o);
      if (esc) this.escape(objs);
    }
    const self = this.find(n);
    let succ = this.succList[self];
    if (!succ) return;
    // Successors merged since they were added would get the delta once per old name: list each
    // representative once (with list deltas, member-successor pairs over musl 12 million -> 7.8, over
    // du 4.8 -> 4.0).
    for (let i = 0; i < succ.length; i++) {
      if (this.parent[succ[i]!] === succ[i]) continue;
      succ = this.compactSuccessors(self);
      break;
    }
    for (let i = 0; i < succ.length; i++) if (succ[i] !== self) this.flowSet(d, succ[i]!);
  }

  /** The representatives of `xs` (of `map[x]` when a map is given), each once, in order. */
  private distinctReps(xs: readonly number[], map: readonly number[] | undefined): number[] {
    const out: number[] = [];
    const stamp = this.stamp;
    const now = ++this.stampNow;
    for (let i = 0; i < xs.length; i++) {
      const r = this.find(map ? map[xs[i]!]! : xs[i]!);
      if (stamp[r] === now) continue;
      stamp[r] = now;
      out.push(r);
    }
    return out;
  }

  /** Rewrites n's successors as their representatives, each once, n itself left out. */
  private compactSuccessors(n: number): number[] {
    const list = this.distinctReps(this.succList[n]!, undefined);
    const self = list.indexOf(n);
    if (self >= 0) list.splice(self, 1);
    for (let i = 0; i < list.length; i++) this.edges.add(n, list[i]!);
    this.succList[n] = list;
    return list;
  }


  /**
   * Objects that reached ESC: everything reachable from escaped memory is escaped, so an object's
   * contents and ESC become one node, and the object itself part of EXTERNAL (functions keep their
   * identity, for call targets).
   */
  private escape(objs: readonly number[]): void {
    for (const o of objs) {
      if (o !== this.externalObj && !this.escapedFlag[o]) {
        this.escapedFlag[o] = true;
        this.escapedList.push(o);
      }
      this.union(this.esc, this.contents[o]!);
      const obj = this.objects[o]!;
      if (obj.kind === ObjKind.Function) this.functionEscaped(obj.site as Func);
      else if (o !== this.externalObj) {
        this.merged[o] = true;
        this.mergedSet.add(o);
      }
    }
  }

  /**
   * Merges b's node into a's. First b's own constraints and successors see what only a had (b is
   * processed with that as its delta), then the survivor gets what only b had as its delta.
   */
  private union(a: number, b: number): number {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return ra;
    const pa = this.pts[ra];
    if (pa) {
      if ((this.pts[rb] ??= new BitSet()).unionInto(pa, (this.delta[rb] ??= new BitSet()))) {
        this.process(rb);
        ra = this.find(ra);
        rb = this.find(rb);
        if (ra === rb) return ra;
      }
    }
    this.parent[rb] = ra;
    const pb = this.pts[rb];
    // What only b had, and b's pending members, are pending for the survivor.
    const da = (this.delta[ra] ??= new BitSet());
    if (pb) (this.pts[ra] ??= new BitSet()).unionInto(pb, da);
    const db = this.delta[rb];
    if (db) da.or(db);
    const sb = this.succList[rb];
    if (sb) {
      const la = (this.succList[ra] ??= []);
      for (let i = 0; i < sb.length; i++) if (this.edges.add(ra, sb[i]!)) la.push(sb[i]!);
    }
    // In place: the survivor owns its lists (ESC absorbs every escaped object's contents node, and
    // copying its growing lists at each of those unions was quadratic).
    const concat = <T>(arr: (T[] | undefined)[]): void => {
      const xb = arr[rb];
      const xa = arr[ra];
      if (xb) {
        if (xa) for (const x of xb) xa.push(x);
        else arr[ra] = xb;
      }
      arr[rb] = undefined;
    };
    concat(this.loads);
    concat(this.stores);
    concat(this.indirect);
    this.delta[rb] = undefined;
    this.pts[rb] = undefined;
    this.succList[rb] = undefined;
    if (!da.isEmpty()) this.enqueue(ra);
    return ra;
  }

  /**
   * Drops what only solving needs (copy edges, pending members, load and store lists): the solution
   * is kept for the module's lifetime and needs only the sets and the union-find.
   */
  protected releaseSolverState(): void {
    this.edges.release();
    this.stamp.length = 0;
    this.succList.length = 0;
    this.loads.length = 0;
    this.stores.length = 0;
    this.delta.length = 0;
    this.queued.length = 0;
    this.work.length = 0;
  }

  /**
   * Offline substitution, once the constraints from the IR are all there (before solving): a node whose
   * only input is a copy from `a` ends with pts(a), and nodes whose only input is a load through the
   * same pointer node end with the same set, so they are merged now. (Over the libc, loads of the
   * fields of one structure pointer each copied the same large sets along new edges.) Pinned nodes —
   * parameters, call results, contents, ESC: what may get inputs while solving — are left alone.
   */
  protected substitute(): void {
    const kind = this.inKind;
    this.state[0] = 0;
    const leader = new Map<number, number>();
    for (let n = 0; n < kind.length; n++) if (kind[n] === IN_COPY || kind[n] === IN_LOAD) this.substituteNode(n, leader);
    kind.length = 0;
    this.inFrom.length = 0;
  }

  /**
   * Merges node n (one input, see `substitute`) with its source or with the first node loaded through
   * the same pointer (`leader`: pointer node → that node). A call per node, not the loop's body: the
   * merges are rare enough that the loop, compiled on the stack, was recompiled as each first happened.
   */
  private substituteNode(n: number, leader: Map<number, number>): void {
    if (this.inKind[n] === IN_COPY) {
      this.union(this.inFrom[n]!, n);
      return;
    }
    const p = this.find(this.inFrom[n]!);
    const l = leader.get(p);
    if (l === undefined) leader.set(p, n);
    else this.union(l, n);
  }

  /** Merges every cycle of copy edges into one node. */
  protected collapseCycles(): void {
    this.edgesSinceCollapse = 0;
    const comps = cyclesOf(this.parent, this.succList);
    for (const comp of comps) {
      let r = comp[0]!;
      for (let i = 1; i < comp.length; i++) r = this.union(r, comp[i]!);
    }
  }
}
