// Direction-specific control dependence (Ferrante, Ottenstein and Warren 1987, from post-dominators):
// for each edge b → s of a deciding terminator b (two or more distinct targets), taken in direction d
// (the target's index, cfg.ts), every block on the post-dominator tree path from s up to, but
// excluding, ipdom(b) is control dependent on (b, d). The post-dominator tree is the one with a
// virtual exit (dominators.ts), so blocks that never reach a ret (infinite loops, paths ending in
// unreachable or a noreturn call) are handled. An instruction is control dependent on what its block
// is. A loop header is control dependent on its own back-edge direction.
//
// DGSE's Definition 1 (⟨brᵢ, nⱼ⟩: brᵢ must lead to nⱼ, brᵢ' may avoid it) is this relation with the
// direction kept; the undirected relation of DiSE (Definition 4.7) is its projection.

import type { BasicBlock, Func, Instruction } from '../ir/model.js';
import { cfgOf, isDeciding, terminatorOf } from './cfg.js';
import { postDominatorTree } from './dominators.js';

/** A branch direction: the deciding terminator and the index of the target taken. */
export interface CtrlDep {
  readonly branch: Instruction;
  readonly direction: number;
}

export interface ControlDependence {
  readonly fn: Func;
  /** The (branch, direction) pairs block `b` is directly control dependent on. */
  ofBlock(b: BasicBlock): readonly CtrlDep[];
  /** Those of an instruction (its block's). */
  ofInst(inst: Instruction): readonly CtrlDep[];
  /** Blocks directly control dependent on (branch, direction). */
  region(branch: Instruction, direction: number): readonly BasicBlock[];
  /** Blocks directly or transitively (through branches inside) control dependent on (branch, direction). */
  transitiveRegion(branch: Instruction, direction: number): ReadonlySet<BasicBlock>;
  /**
   * What decides that edge `from → targets(from)[direction]` is taken: (from, direction) when `from` is
   * deciding, else what `from` itself depends on.
   */
  ofEdge(from: BasicBlock, direction: number): readonly CtrlDep[];
  /** Deciding terminators of the function, in block order. */
  readonly branches: readonly Instruction[];
}

const cache = new WeakMap<Func, ControlDependence>();

export function controlDependenceOf(fn: Func): ControlDependence {
  let cd = cache.get(fn);
  if (!cd) {
    cd = compute(fn);
    cache.set(fn, cd);
  }
  return cd;
}

/** A stable key for a branch direction. */
export function dirKey(branch: Instruction, direction: number): string {
  return `${branch.id}:${direction}`;
}

function compute(fn: Func): ControlDependence {
  const cfg = cfgOf(fn);
  const pdt = postDominatorTree(fn);
  const branches: Instruction[] = [];
  for (const b of fn.blocks) if (cfg.reachable(b) && isDeciding(terminatorOf(b))) branches.push(terminatorOf(b));
  /** Visits the blocks control dependent on each direction of each branch, in walk order. */
  const walk = (visit: (t: Instruction, d: number, block: BasicBlock) => void): void => {
    for (const t of branches) {
      const b = t.parent;
      const stop = pdt.ipdom(b);
      cfg.targets(b).forEach((s, d) => {
        // Walk up the post-dominator tree; `undefined` is the virtual exit.
        for (let runner: BasicBlock | undefined = s; runner !== undefined && runner !== stop; runner = pdt.ipdom(runner)) visit(t, d, runner);
      });
    }
  };
  const deps = new Map<BasicBlock, CtrlDep[]>();
  const dirs = new Map<Instruction, CtrlDep[]>(); // one CtrlDep per (branch, direction), shared by its blocks
  walk((t, d, runner) => {
    let own = dirs.get(t);
    if (!own) dirs.set(t, (own = []));
    const dep = (own[d] ??= { branch: t, direction: d });
    let list = deps.get(runner);
    if (!list) deps.set(runner, (list = []));
    list.push(dep);
  });
  // The regions (blocks per direction) only some clients ask for: built on first request, by the
  // same walk.
  let regions: Map<Instruction, BasicBlock[][]> | undefined;
  const regionsOf = (): Map<Instruction, BasicBlock[][]> => {
    if (regions) return regions;
    const r = new Map<Instruction, BasicBlock[][]>();
    for (const t of branches) r.set(t, cfg.targets(t.parent).map(() => []));
    walk((t, d, runner) => r.get(t)![d]!.push(runner));
    return (regions = r);
  };
  const NONE: readonly CtrlDep[] = [];
  const transitive = new Map<string, ReadonlySet<BasicBlock>>();
  const ofBlock = (b: BasicBlock): readonly CtrlDep[] => deps.get(b) ?? NONE;
  const region = (branch: Instruction, direction: number): readonly BasicBlock[] => regionsOf().get(branch)?.[direction] ?? [];
  return {
    fn,
    branches,
    ofBlock,
    ofInst: (inst) => ofBlock(inst.parent),
    region,
    transitiveRegion(branch, direction) {
      const key = dirKey(branch, direction);
      let set = transitive.get(key);
      if (set) return set;
      const out = new Set<BasicBlock>();
      const work = [...region(branch, direction)];
      while (work.length) {
        const b = work.pop()!;
        if (out.has(b)) continue;
        out.add(b);
        const t = terminatorOf(b);
        if (t === branch || !isDeciding(t)) continue;
        cfg.targets(b).forEach((_, d) => work.push(...region(t, d)));
      }
      transitive.set(key, out);
      return out;
    },
    ofEdge(from, direction) {
      const t = terminatorOf(from);
      return isDeciding(t) ? [{ branch: t, direction }] : ofBlock(from);
    },
  };
}
