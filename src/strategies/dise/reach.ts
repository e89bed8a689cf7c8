// IsCFGPath of DiSE's prune() (Fig. 7, Def. 4.2) for the impacted nodes, across calls: which nodes a
// program point can still reach. Calls are handled as if inlined (the paper inlined every method its
// subjects call): a call reaches every node of its possible callees (points-to targets, transitively),
// and a state reaches, besides what follows its position in the current function, what follows the
// return point of every frame on its stack. The "downstream" of a node (what prune() puts back in play)
// is context-insensitive: after the node's function returns, every return site of a call to it.
//
// Sets are fixed-width bit sets over node indices (there are few nodes: the impact set of a change).

import { terminatorTargets } from '../../analysis/cfg.js';
import { callGraphOf } from '../../analysis/call-graph.js';
import type { BasicBlock, Func, Instruction, Module } from '../../ir/model.js';
import { edgeKey, type ImpactNodes } from './impact-nodes.js';

export class NodeSet {
  readonly words: Uint32Array;
  constructor(readonly size: number) {
    this.words = new Uint32Array((size + 31) >>> 5);
  }
  add(i: number): void {
    this.words[i >>> 5]! |= 1 << (i & 31);
  }
  delete(i: number): void {
    this.words[i >>> 5]! &= ~(1 << (i & 31));
  }
  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }
  /** this |= o; whether anything was added. */
  union(o: NodeSet): boolean {
    let changed = false;
    for (let k = 0; k < this.words.length; k++) {
      const v = (this.words[k]! | o.words[k]!) >>> 0; // unsigned, as the array stores it
      if (v !== this.words[k]) {
        this.words[k] = v;
        changed = true;
      }
    }
    return changed;
  }
  /** Members in ascending order. */
  *[Symbol.iterator](): IterableIterator<number> {
    for (let k = 0; k < this.words.length; k++) {
      let w = this.words[k]!;
      while (w !== 0) {
        const bit = 31 - Math.clz32(w & -w);
        yield k * 32 + bit;
        w &= w - 1;
      }
    }
  }
  get empty(): boolean {
    return this.words.every((w) => w === 0);
  }
}

export class Reachability {
  private readonly blockReach = new Map<BasicBlock, NodeSet>();
  private readonly fnReach = new Map<Func, NodeSet>();
  private readonly afterReturn = new Map<Func, NodeSet>();
  private readonly downCache: NodeSet[] = [];
  private readonly size: number;
  private readonly targets: (call: Instruction) => readonly Func[];
  private readonly callers: (f: Func) => readonly Instruction[];

  constructor(
    private readonly module: Module,
    private readonly nodes: ImpactNodes,
  ) {
    this.size = nodes.nodes.length;
    const cg = callGraphOf(module);
    // main is entered once, by the start-up code; a call through a pointer in the libc (stdio's write
    // hooks) may reach every function that escaped, main included, which would make every program
    // point "reach" all of main's nodes and prune nothing.
    this.targets = (c) => cg.targetsOf(c).filter((f) => f.name !== 'main');
    this.callers = (f) => cg.callersOf(f);
    this.computeFunctions(cg.sccs);
    this.computeAfterReturn();
  }

  private empty(): NodeSet {
    return new NodeSet(this.size);
  }

  /** Nodes of the instructions of `b` from position `from` on (with their callees), and its edges. */
  private localFrom(b: BasicBlock, from: number, out: NodeSet): void {
    const ins = b.instructions;
    for (let k = from; k < ins.length; k++) {
      const i = ins[k]!;
      const n = this.nodes.byInst.get(i.id);
      if (n !== undefined) out.add(n);
      if (i.op === 'call' || i.op === 'invoke') for (const f of this.targets(i)) {
        const r = this.fnReach.get(f);
        if (r) out.union(r);
      }
    }
    const t = ins[ins.length - 1];
    if (t) for (const target of terminatorTargets(t)) {
      const e = this.nodes.byEdge.get(edgeKey(t, target));
      if (e !== undefined) out.add(e);
    }
  }

  /** Block and function reach, callees before callers, to a fixed point within each recursive cycle. */
  private computeFunctions(sccs: readonly (readonly Func[])[]): void {
    for (const scc of sccs) {
      for (const f of scc) {
        this.fnReach.set(f, this.empty());
        for (const b of f.blocks) this.blockReach.set(b, this.empty());
      }
      let changed = true;
      while (changed) {
        changed = false;
        for (const f of scc) {
          // Blocks in reverse order converge fast for forward CFGs; repeat until nothing changes.
          let local = true;
          while (local) {
            local = false;
            for (let k = f.blocks.length - 1; k >= 0; k--) {
              const b = f.blocks[k]!;
              const r = this.empty();
              this.localFrom(b, 0, r);
              for (const s of b.succs) {
                const sr = this.blockReach.get(s);
                if (sr) r.union(sr);
              }
              if (this.blockReach.get(b)!.union(r)) local = true;
            }
          }
          if (f.blocks[0] && this.fnReach.get(f)!.union(this.blockReach.get(f.blocks[0])!)) changed = true;
        }
      }
    }
  }

  /** What follows the return points of the calls to each function (context-insensitive), to a fixed point. */
  private computeAfterReturn(): void {
    const fns = this.module.functions.filter((f) => !f.isDeclaration);
    for (const f of fns) this.afterReturn.set(f, this.empty());
    let changed = true;
    while (changed) {
      changed = false;
      for (const f of fns) {
        const acc = this.afterReturn.get(f)!;
        for (const c of this.callers(f)) {
          const r = this.empty();
          this.localFrom(c.parent, c.parent.instructions.indexOf(c) + 1, r);
          for (const s of c.parent.succs) {
            const sr = this.blockReach.get(s);
            if (sr) r.union(sr);
          }
          const up = this.afterReturn.get(c.parent.fn);
          if (up) r.union(up);
          if (acc.union(r)) changed = true;
        }
      }
    }
  }

  /** Every node main may reach: for a state still in the start-up code (before main is entered), whose
   *  call of main goes through a pointer the targets above leave out. Without it, a sibling forked in
   *  the start-up (the POSIX runtime expanding --sym-args: the argument count) reached none of main's
   *  nodes and was pruned: on Coreutils, DiSE explored only the path without arguments. */
  mainReach(): NodeSet | undefined {
    const main = this.module.functions.find((f) => f.name === 'main' && !f.isDeclaration);
    return main ? this.fnReach.get(main) : undefined;
  }

  /** Nodes reachable from the point before instruction `pos` of block `b` (pos 0: the block's start). */
  fromPoint(b: BasicBlock, pos: number, out: NodeSet): void {
    if (pos === 0) {
      const r = this.blockReach.get(b);
      if (r) out.union(r);
      return;
    }
    this.localFrom(b, pos, out);
    for (const s of b.succs) {
      const sr = this.blockReach.get(s);
      if (sr) out.union(sr);
    }
  }

  /** The nodes downstream of node `n` (IsCFGPath(n, ·)), cached. */
  downstream(n: number): NodeSet {
    let d = this.downCache[n];
    if (d) return d;
    d = this.empty();
    const node = this.nodes.nodes[n]!;
    if (node.target) this.fromPoint(node.target, 0, d);
    else {
      const b = node.inst.parent;
      const pos = b.instructions.indexOf(node.inst);
      this.fromPoint(b, pos + 1, d);
    }
    const up = this.afterReturn.get(node.inst.parent.fn);
    if (up) d.union(up);
    this.downCache[n] = d;
    return d;
  }

}
