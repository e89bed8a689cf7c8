// Interactive dependence, DGSE (Wang et al., TSE) §4.2 Definition 4 and §5.2 Algorithm 3: ⟨nᵢ, nⱼ⟩
// when some path [… nᵢ … nⱼ … nₖ …] reaches a node nₖ that depends on both (traditionally — control,
// data, potential — or, recursively, interactively) with neither killed before nₖ (Definition 7, pair
// reaching definitions). nⱼ is then interactive-dependent on nᵢ.
//
// Nodes are instructions, except that a deciding terminator is one node per direction (DGSE's 2ᵀ, 2ᶠ);
// what the terminator depends on, each of its direction nodes depends on. Traditional dependence here
// is intraprocedural: data (ssa, mem, out), control, phi gating and potential dependence.
//
// "Killed" (the three cases of §5.2): an instruction's effect dies when the instruction runs again,
// and — for an instruction whose only effect is writing one location (a store, or a call whose result
// is unused and which writes a single location) — when that location is strongly redefined. A branch
// direction (b, d) stays alive while control stays inside its transitive control-dependence region,
// or while a location defined on another side of b has not been strongly redefined since (its
// potential effect; potential-dependence.ts `potentialAliveRegion`).
//
// In[nₖ] ∋ ⟨x, y⟩ is decided by search instead of the equations (1)–(3) of the paper, which would
// carry all pairs through every node: y must be reachable from x with x alive, and nₖ reachable from
// y with both alive. Pairs are searched only among the nodes nₖ depends on, which is all Algorithm 3
// asks about. Computed per function on first request (this is the expensive relation).

import type { Func, Instruction, Module } from '../ir/model.js';
import { allocationHistoryOf } from './allocation-history.js';
import { cfgOf, isDeciding } from './cfg.js';
import { controlDependenceOf, type CtrlDep } from './control-dependence.js';
import { dataDependenceOf } from './data-dependence.js';
import { memoryEffectsOf } from './memory-effects.js';
import { gateDeps } from './phi-gating.js';
import { potentialAliveRegion, potentialDependenceOf } from './potential-dependence.js';

/** A node of the dependence relations: an instruction, or one direction of a deciding terminator. */
export interface DepNode {
  readonly inst: Instruction;
  /** Set for the direction nodes of a deciding terminator. */
  readonly direction?: number;
}

export interface InteractiveDependence {
  readonly fn: Func;
  /** Every pair ⟨nᵢ, nⱼ⟩ (nⱼ interactive-dependent on nᵢ). */
  readonly pairs: readonly (readonly [DepNode, DepNode])[];
  /** The nodes `node` is interactive-dependent on. */
  of(node: DepNode): readonly DepNode[];
  /** The nodes `node` traditionally depends on (control, data, gating, potential; intraprocedural). */
  traditional(node: DepNode): readonly DepNode[];
}

export interface InteractiveOptions {
  /**
   * Take the allocation history (allocation-history.ts) as a traditional dependence too: an instruction
   * reading it depends on every allocation of the function. DGSE asks for it; the paper's relation
   * (and the reference test) is without it.
   */
  readonly allocationHistory?: boolean;
}

const cache = new WeakMap<Func, InteractiveDependence>();
const withHistory = new WeakMap<Func, InteractiveDependence>();

export function interactiveDependenceOf(m: Module, fn: Func, opts: InteractiveOptions = {}): InteractiveDependence {
  const c = opts.allocationHistory ? withHistory : cache;
  let r = c.get(fn);
  if (!r) {
    r = new Computation(m, fn, opts.allocationHistory === true).run();
    c.set(fn, r);
  }
  return r;
}

class Computation {
  private readonly nodes: DepNode[] = [];
  private readonly plainIndex = new Map<Instruction, number>();
  private readonly dirIndex = new Map<Instruction, number[]>();
  private readonly trad: number[][] = [];
  // Points: the instructions of reachable blocks, numbered 0..n-1; `next` their CFG successors.
  private readonly point = new Map<Instruction, number>();
  private readonly next: Int32Array[] = [];
  /** Per node: the point it executes at (a direction node: its branch). */
  private readonly at: number[] = [];
  /** Per node: points after which it is dead (re-execution; strong redefinition of its only location). */
  private readonly kills: Int32Array[] = [];
  /** Per direction node: the points at whose entry it is alive (undefined for instruction nodes). */
  private readonly alive: (Uint8Array | undefined)[] = [];
  /** Per node: the points reachable from it with it alive (leg one of a pair). */
  private readonly reach1: (Uint8Array | undefined)[] = [];
  /** Per pair (i·N + j): points reachable from j with both alive (j's own region when i does not bite). */
  private readonly reach2 = new Map<number, Uint8Array>();
  private readonly doms: ({ dominates(a: number, b: number): boolean } | undefined)[] = [];
  /** Reused by `search`: kill marks (left all-zero) and the work stack. */
  private scratch = new Uint8Array(0);
  private stack = new Int32Array(0);
  private readonly cfg;

  constructor(
    private readonly m: Module,
    private readonly fn: Func,
    private readonly allocationHistory: boolean,
  ) {
    this.cfg = cfgOf(fn);
  }

  private nodeOfDep(c: CtrlDep): number | undefined {
    return this.dirIndex.get(c.branch)?.[c.direction];
  }

  /** Node standing for instruction `x` as a dependence source. */
  private sourceNode(x: Instruction): number | undefined {
    return this.plainIndex.get(x) ?? this.dirIndex.get(x)?.[0];
  }

  run(): InteractiveDependence {
    const fn = this.fn;
    const cfg = this.cfg;
    const insts: Instruction[] = [];
    for (const b of fn.blocks) {
      if (!cfg.reachable(b)) continue;
      for (const inst of b.instructions) {
        this.point.set(inst, insts.length);
        insts.push(inst);
        if (isDeciding(inst)) {
          this.dirIndex.set(
            inst,
            cfg.targets(b).map((_, d) => this.nodes.push({ inst, direction: d }) - 1),
          );
        } else {
          this.plainIndex.set(inst, this.nodes.push({ inst }) - 1);
        }
      }
    }
    for (const inst of insts) this.next.push(Int32Array.from(cfg.nextInsts(inst).map((q) => this.point.get(q)!)));
    this.scratch = new Uint8Array(insts.length);
    this.stack = new Int32Array(insts.length);
    this.prepareKills(insts);

    const dd = dataDependenceOf(this.m, fn);
    const cd = controlDependenceOf(fn);
    const pd = potentialDependenceOf(this.m, fn);
    const tradOfInst = new Map<Instruction, number[]>();
    const history = this.allocationHistory ? allocationHistoryOf(this.m) : null;
    const allocations = history ? insts.filter((x) => history.allocates(x)) : [];
    for (const inst of insts) {
      const preds = new Set<number>();
      if (history?.readsHistory(inst)) {
        for (const a of allocations) {
          const n = this.sourceNode(a);
          if (n !== undefined) preds.add(n);
        }
      }
      // (by segment: a mem segment's instructions are the same for each of its locations)
      for (const seg of dd.groups(inst)) {
        if (seg.kind !== 'ssa' && seg.kind !== 'mem') continue;
        for (const from of seg.from) {
          const n = this.sourceNode(from);
          if (n !== undefined) preds.add(n);
        }
      }
      for (const c of [...cd.ofInst(inst), ...gateDeps(inst), ...pd.of(inst)]) {
        const n = this.nodeOfDep(c);
        if (n !== undefined) preds.add(n);
      }
      tradOfInst.set(inst, [...preds]);
    }
    this.nodes.forEach((n, i) => (this.trad[i] = tradOfInst.get(n.inst) ?? []));

    // Algorithm 3: base case, then the worklist.
    const N = this.nodes.length;
    // The pairs found, as a bit matrix, a row of W words per node (the worklist asks about each pair
    // many times: a Set of keys was most of the time on large functions), and in the order found.
    const W = (N + 31) >>> 5;
    const found = new Uint32Array(N * W);
    const has = (i: number, j: number): boolean => (found[i * W + (j >>> 5)]! & (1 << (j & 31))) !== 0;
    const pairs: number[] = [];
    const interPreds: number[][] = this.nodes.map(() => []);
    const work: number[] = [];
    const add = (i: number, j: number): void => {
      if (has(i, j)) return;
      found[i * W + (j >>> 5)]! |= 1 << (j & 31);
      const key = i * N + j;
      pairs.push(key);
      interPreds[j]!.push(i);
      work.push(key);
    };
    this.nodes.forEach((_, k) => {
      const P = this.trad[k]!;
      for (const i of P) for (const j of P) if (i !== j && this.pairIn(i, j, k)) add(i, j);
    });
    const visit = (i: number, j: number, k: number): void => {
      if (j === i) return;
      if (!has(i, j) && this.pairIn(i, j, k)) add(i, j);
      if (!has(j, i) && this.pairIn(j, i, k)) add(j, i);
    };
    while (work.length) {
      const key = work.pop()!;
      const i = Math.floor(key / N);
      const k = key % N;
      for (const j of this.trad[k]!) visit(i, j, k);
      for (const j of interPreds[k]!) visit(i, j, k);
    }

    const nodes = this.nodes;
    const resolve = (n: DepNode): number | undefined =>
      n.direction === undefined ? this.plainIndex.get(n.inst) : this.dirIndex.get(n.inst)?.[n.direction];
    const NONE: readonly DepNode[] = [];
    return {
      fn,
      pairs: pairs.map((key) => [nodes[Math.floor(key / N)]!, nodes[key % N]!] as const),
      of: (n) => {
        const k = resolve(n);
        return k === undefined ? NONE : interPreds[k]!.map((i) => nodes[i]!);
      },
      traditional: (n) => {
        const k = resolve(n);
        return k === undefined ? NONE : this.trad[k]!.map((i) => nodes[i]!);
      },
    };
  }

  // ------------------------------------------------------------------------------------------
  // Liveness of a node's effect along a path

  private prepareKills(insts: readonly Instruction[]): void {
    const me = memoryEffectsOf(this.m);
    const strongDefs = new Map<number, number[]>();
    const used = new Set<Instruction>();
    for (const y of insts) {
      const strong = me.of(y).strong;
      if (strong !== undefined) {
        let list = strongDefs.get(strong);
        if (!list) strongDefs.set(strong, (list = []));
        list.push(this.point.get(y)!);
      }
      for (const op of y.operands) if (op.vk === 'inst') used.add(op);
    }
    this.nodes.forEach((n, i) => {
      const at = this.point.get(n.inst)!;
      this.at[i] = at;
      const kills = [at];
      if (n.direction === undefined) {
        const defs = me.of(n.inst).defs;
        const resultUsed = n.inst.type.kind !== 'void' && used.has(n.inst);
        if (!resultUsed && defs.length === 1) for (const p of strongDefs.get(defs[0]!) ?? []) if (p !== at) kills.push(p);
      }
      this.kills[i] = Int32Array.from(kills);
    });
  }

  /** For a direction node: the points at whose entry it is alive (control or potential region). */
  private aliveOf(i: number): Uint8Array | undefined {
    const { inst: b, direction } = this.nodes[i]!;
    if (direction === undefined) return undefined;
    let r = this.alive[i];
    if (r) return r;
    r = new Uint8Array(this.next.length);
    for (const x of potentialAliveRegion(this.m, this.fn, b, direction)) r[this.point.get(x)!] = 1;
    for (const blk of controlDependenceOf(this.fn).transitiveRegion(b, direction)) for (const x of blk.instructions) r[this.point.get(x)!] = 1;
    this.alive[i] = r;
    return r;
  }

  /** The first points after node `i` executes. */
  private starts(i: number): Iterable<number> {
    const n = this.nodes[i]!;
    if (n.direction === undefined) return this.next[this.at[i]!]!;
    return [this.point.get(this.cfg.targets(n.inst.parent)[n.direction]!.instructions[0]!)!];
  }

  /**
   * Points reachable from the starts of `from`, entering only points where every node of `live` is
   * alive and going on only past points that kill none of them (at most two direction nodes in `live`).
   */
  private search(from: number, live: readonly number[]): Uint8Array {
    const n = this.next.length;
    const seen = new Uint8Array(n);
    const blocked = this.scratch;
    let m1: Uint8Array | undefined;
    let m2: Uint8Array | undefined;
    for (const i of live) {
      for (const p of this.kills[i]!) blocked[p] = 1;
      const m = this.aliveOf(i);
      if (m) {
        if (m1) m2 = m;
        else m1 = m;
      }
    }
    const stack = this.stack;
    let top = 0;
    for (const s of this.starts(from)) {
      if (seen[s] || (m1 && !m1[s]) || (m2 && !m2[s])) continue;
      seen[s] = 1;
      stack[top++] = s;
    }
    while (top > 0) {
      const p = stack[--top]!;
      if (blocked[p]) continue;
      const succ = this.next[p]!;
      for (let x = 0; x < succ.length; x++) {
        const q = succ[x]!;
        if (seen[q] || (m1 && !m1[q]) || (m2 && !m2[q])) continue;
        seen[q] = 1;
        stack[top++] = q;
      }
    }
    for (const i of live) for (const p of this.kills[i]!) blocked[p] = 0;
    return seen;
  }

  private reachFrom(i: number): Uint8Array {
    let r = this.reach1[i];
    if (!r) this.reach1[i] = r = this.search(i, [i]);
    return r;
  }

  /** ⟨i, j⟩ ∈ In[k]: a path i … j … k with i alive until k and j alive until k. */
  private pairIn(i: number, j: number, k: number): boolean {
    const ri = this.reachFrom(i);
    const rj = this.reachFrom(j);
    const pj = this.at[j]!;
    const pk = this.at[k]!;
    const ki = this.kills[i]!;
    // Necessary: i alive at j and beyond j, and k reachable from each with itself alive.
    if (!ri[pj] || !ri[pk] || !rj[pk] || ki.includes(pj)) return false;
    // Exactly: k reachable from j with both alive. Cases by what i adds to j's own constraints:
    // nothing inside j's region (the region is the answer); one kill point x of an instruction node
    // (k is cut off iff x strictly dominates it in j's region); else a search, cached per pair.
    const alive = this.aliveOf(i);
    if (!alive) {
      let inside = -1;
      let count = 0;
      for (const p of ki) if (rj[p]) (inside = p), count++;
      if (count === 0) return true;
      if (count === 1) return inside === pk || !this.dominatorsFrom(j).dominates(inside, pk);
    }
    const key = i * this.nodes.length + j;
    let r = this.reach2.get(key);
    if (!r) {
      let bites = ki.some((p) => rj[p] === 1);
      if (!bites && alive) {
        for (const s of this.starts(j)) if (!alive[s]) bites = true;
        for (let p = 0; !bites && p < rj.length; p++) if (rj[p] && !alive[p]) bites = true;
      }
      r = bites ? this.search(j, [i, j]) : rj;
      this.reach2.set(key, r);
    }
    return r[pk] === 1;
  }

  /**
   * The dominator tree of node j's region (the points reachable from j with j alive, edges leaving
   * only points that do not kill j), rooted at a virtual point before j's starts. Cooper–Harvey–
   * Kennedy on the points; dominance answered by pre/post numbers.
   */
  private dominatorsFrom(j: number): { dominates(a: number, b: number): boolean } {
    let d = this.doms[j];
    if (d) return d;
    const region = this.reachFrom(j);
    const n = this.next.length;
    const root = n;
    const blocked = new Set<number>(this.kills[j]!);
    const succ = (p: number): Iterable<number> => (p === root ? [...this.starts(j)].filter((s) => region[s]) : blocked.has(p) ? [] : [...this.next[p]!].filter((q) => region[q]));
    // reverse post-order from the root
    const order: number[] = [];
    const seen = new Uint8Array(n + 1);
    const stack: [number, number[]][] = [[root, [...succ(root)]]];
    seen[root] = 1;
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const q = top[1].pop();
      if (q === undefined) {
        order.push(top[0]);
        stack.pop();
      } else if (!seen[q]) {
        seen[q] = 1;
        stack.push([q, [...succ(q)]]);
      }
    }
    const postNum = new Int32Array(n + 1).fill(-1);
    order.forEach((p, idx) => (postNum[p] = idx));
    const preds = new Map<number, number[]>();
    for (const p of order) for (const q of succ(p)) (preds.get(q) ?? preds.set(q, []).get(q)!).push(p);
    const idom = new Int32Array(n + 1).fill(-1);
    idom[root] = root;
    const intersect = (a: number, b: number): number => {
      while (a !== b) {
        while (postNum[a]! < postNum[b]!) a = idom[a]!;
        while (postNum[b]! < postNum[a]!) b = idom[b]!;
      }
      return a;
    };
    for (let changed = true; changed; ) {
      changed = false;
      for (let x = order.length - 2; x >= 0; x--) {
        const v = order[x]!;
        let nd = -1;
        for (const p of preds.get(v) ?? []) if (idom[p] !== -1) nd = nd === -1 ? p : intersect(p, nd);
        if (nd !== -1 && idom[v] !== nd) (idom[v] = nd), (changed = true);
      }
    }
    // pre/post numbers of the tree
    const kids = new Map<number, number[]>();
    for (const v of order) if (v !== root) (kids.get(idom[v]!) ?? kids.set(idom[v]!, []).get(idom[v]!)!).push(v);
    const pre = new Int32Array(n + 1).fill(-1);
    const post = new Int32Array(n + 1).fill(-1);
    let clock = 0;
    const walk: [number, number][] = [[root, 0]];
    pre[root] = clock++;
    while (walk.length) {
      const top = walk[walk.length - 1]!;
      const ch = kids.get(top[0]) ?? [];
      if (top[1] < ch.length) {
        const c = ch[top[1]++]!;
        pre[c] = clock++;
        walk.push([c, 0]);
      } else {
        post[top[0]] = clock++;
        walk.pop();
      }
    }
    d = { dominates: (a, b) => pre[a]! >= 0 && pre[b]! >= 0 && pre[a]! <= pre[b]! && post[b]! <= post[a]! };
    this.doms[j] = d;
    return d;
  }
}
