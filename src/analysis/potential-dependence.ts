// Static potential dependence, direction-specific, as DGSE defines it (Wang et al., TSE, §4.2,
// Definition 3; adapted there from the dynamic definition of Agrawal et al. 1993 that PESO uses, PESO
// §2 Definition 3): node u is potentially dependent on branch direction (b, d) iff
//   (1) there is a path from b through direction d to u on which u uses a location v whose definition
//       occurred before b — i.e. no definition of v on the path from b's d-successor to u; we read
//       "no definition" as "no strong update of v" (a may-definition through an aliasing pointer does
//       not rule the earlier value out), and the function entry counts as a definition of everything;
//   (2) u is not (directly) control dependent on b, in either direction; and
//   (3) a different definition of v could reach u had b gone another way: some definition of v that
//       is (transitively) control dependent on (b, d') for a direction d' ≠ d with another target
//       (PESO §3.2's "statically transitively control dependent on the static branch of b") reaches u
//       (reaching-defs.ts).
// Locations are the abstract objects of points-to.ts; uses and definitions are memory-effects.ts's.
// Intraprocedural: b and u are in the same function (calls count through their mod/ref summaries).
// Candidates come from the reaching definitions (conditions 2 and 3); condition (1) is one forward
// bit-vector dataflow for all of them at once: a fact per (b, d, v) generated on the edge from b in
// direction d and killed by strong definitions of v reaches exactly the uses a v-clear path leads to.

import type { BasicBlock, Func, Instruction, Module } from '../ir/model.js';
import { cfgOf, terminatorOf } from './cfg.js';
import { controlDependenceOf, type CtrlDep } from './control-dependence.js';
import { moduleIndex } from './module-index.js';
import { memoryEffectsOf } from './memory-effects.js';
import { ENTRY, reachingDefsOf } from './reaching-defs.js';

export interface PotentialDep {
  readonly branch: Instruction;
  readonly direction: number;
  /** The location v of the definition. */
  readonly loc: number;
}

export interface PotentialDependence {
  readonly fn: Func;
  /** The branch directions `u` is potentially dependent on. */
  of(u: Instruction): readonly PotentialDep[];
  /** The instructions potentially dependent on (branch, direction). */
  dependents(branch: Instruction, direction: number): readonly Instruction[];
}

const cache = new WeakMap<Func, PotentialDependence>();

export function potentialDependenceOf(m: Module, fn: Func): PotentialDependence {
  let pd = cache.get(fn);
  if (!pd) {
    pd = compute(m, fn);
    cache.set(fn, pd);
  }
  return pd;
}

/** Definitions (instruction ids) by location, in the regions of the directions of `b` other than `d`. */
function otherSideDefs(m: Module, fn: Func, b: Instruction, d: number): Map<number, Set<number>> {
  const cfg = cfgOf(fn);
  const cd = controlDependenceOf(fn);
  const me = memoryEffectsOf(m);
  const targets = cfg.targets(b.parent);
  const others = new Map<number, Set<number>>();
  targets.forEach((s2, d2) => {
    if (s2 === targets[d]) return;
    for (const blk of cd.transitiveRegion(b, d2)) {
      for (const x of blk.instructions) {
        for (const loc of me.of(x).defs) {
          let ids = others.get(loc);
          if (!ids) others.set(loc, (ids = new Set()));
          ids.add(x.id);
        }
      }
    }
  });
  return others;
}

/**
 * Walks forward from the `d`-successor of `b` carrying the locations of `locs` not yet strongly
 * redefined. Calls `use(x, loc)` for every use of a carried location (returning true stops the walk),
 * and `alive(x)` for every instruction reached with at least one location still carried.
 */
function walk(
  m: Module,
  fn: Func,
  b: Instruction,
  d: number,
  locs: readonly number[],
  use: (x: Instruction, loc: number) => boolean | void,
  alive?: (x: Instruction) => void,
): void {
  const cfg = cfgOf(fn);
  const rd = reachingDefsOf(m, fn);
  const me = memoryEffectsOf(m);
  const L = locs.length;
  const slot = new Map<number, number>();
  locs.forEach((l, i) => slot.set(l, i));
  const entry = new Uint8Array(fn.blocks.length * L); // carried locations at each block's entry
  const a = new Uint8Array(L);
  const start = cfg.targets(b.parent)[d]!;
  entry.fill(1, start.index * L, start.index * L + L);
  const work: BasicBlock[] = [start];
  while (work.length) {
    const blk = work.pop()!;
    a.set(entry.subarray(blk.index * L, blk.index * L + L));
    let live = L;
    for (let i = 0; i < L; i++) if (!a[i]) live--;
    for (const x of blk.instructions) {
      if (live === 0) break;
      if (alive) alive(x);
      for (const loc of rd.usesOf(x)) {
        const i = slot.get(loc);
        if (i !== undefined && a[i] && use(x, loc) === true) return;
      }
      const strong = me.of(x).strong;
      const i = strong === undefined ? undefined : slot.get(strong);
      if (i !== undefined && a[i]) {
        a[i] = 0;
        live--;
      }
    }
    if (live === 0) continue;
    for (const succ of cfg.succs(blk)) {
      const base = succ.index * L;
      let grew = false;
      for (let i = 0; i < L; i++) {
        if (a[i] && !entry[base + i]) {
          entry[base + i] = 1;
          grew = true;
        }
      }
      if (grew) work.push(succ);
    }
  }
}

/**
 * The instructions at whose entry the potential effect of (b, d) is still alive: reached from the
 * d-successor while some location defined on another side has not been strongly redefined. Used by
 * interactive-dependence.ts as the "not killed" region of a branch for potential dependence.
 */
export function potentialAliveRegion(m: Module, fn: Func, b: Instruction, d: number): Set<Instruction> {
  const out = new Set<Instruction>();
  const others = otherSideDefs(m, fn, b, d);
  if (others.size) walk(m, fn, b, d, [...others.keys()], () => {}, (x) => out.add(x));
  return out;
}

const NONE: readonly never[] = [];

function compute(m: Module, fn: Func): PotentialDependence {
  const cfg = cfgOf(fn);
  const cd = controlDependenceOf(fn);
  const rd = reachingDefsOf(m, fn);
  const byUse = new Map<Instruction, PotentialDep[]>();
  const insts = moduleIndex(m).insts;
  // A branch direction as a number (strings as keys were a third of the time): K exceeds every
  // direction index of the function.
  let K = 2;
  for (const blk of fn.blocks) K = Math.max(K, cfg.targets(blk).length + 1);
  const dirNum = (b: Instruction, d: number): number => b.id * K + d;
  // Candidates, one bit per (b, d, v) that has any: a use u of v outside b's control (2) reached by a
  // definition of v lying in the transitive control-dependence region of another direction d' of b
  // (3). The regions containing a definition are found upwards: the closure of its block's control
  // dependences, with directions.
  const ancestors = new Map<BasicBlock, readonly CtrlDep[]>();
  const ancestorsOf = (blk: BasicBlock): readonly CtrlDep[] => {
    let r = ancestors.get(blk);
    if (r) return r;
    const out = new Map<number, CtrlDep>();
    const seen = new Set<BasicBlock>([blk]);
    const work = [blk];
    while (work.length) {
      for (const c of cd.ofBlock(work.pop()!)) {
        out.set(dirNum(c.branch, c.direction), c);
        if (!seen.has(c.branch.parent)) (seen.add(c.branch.parent), work.push(c.branch.parent));
      }
    }
    ancestors.set(blk, (r = [...out.values()]));
    return r;
  };
  // A triple is the dependence it stands for, shared by every use it reaches.
  const triples: PotentialDep[] = [];
  const triplesOfLoc = new Map<number, number[]>();
  const candidateTriples = new Map<Instruction, number[]>();
  const lastUse: Instruction[] = []; // bit -> the use that last listed it (each listed once per use)
  const edgeBits = new Map<Instruction, number[][]>(); // branch -> per direction, the bits it generates
  // The directions (b, d) a reaching-definitions array offers, whatever the use and location: over the
  // ancestors (b, d') of its definitions' blocks, each direction d of b with another target than d'.
  // Once per array: reaching-defs hands the same array to the uses of every location with the same
  // definitions (a call reads hundreds of them).
  interface Offer extends CtrlDep {
    /** The bit of each location's triple with this direction. */
    readonly bits: Map<number, number>;
  }
  const offerOf = new Map<number, Offer>(); // one per direction
  const offered = new Map<readonly number[], readonly Offer[]>();
  const offeredBy = (defs: readonly number[]): readonly Offer[] => {
    let r = offered.get(defs);
    if (r) return r;
    const blocks = new Set<BasicBlock>();
    for (const id of defs) if (id !== ENTRY) blocks.add(insts[id]!.parent);
    const seen = new Set<number>();
    const dirs = new Map<number, Offer>();
    for (const blk of blocks) {
      for (const { branch: b, direction: other } of ancestorsOf(blk)) {
        const k = dirNum(b, other);
        if (seen.has(k)) continue;
        seen.add(k);
        const targets = cfg.targets(b.parent);
        for (let d = 0; d < targets.length; d++) {
          if (targets[d] === targets[other]) continue;
          const n = dirNum(b, d);
          let offer = offerOf.get(n);
          if (!offer) offerOf.set(n, (offer = { branch: b, direction: d, bits: new Map() }));
          dirs.set(n, offer);
        }
      }
    }
    offered.set(defs, (r = [...dirs.values()]));
    return r;
  };
  for (const blk of cfg.rpo) {
    for (const u of blk.instructions) {
      const direct = cd.ofInst(u);
      const locs = rd.usesOf(u);
      const defsAt = rd.defsAt(u);
      for (let i = 0; i < locs.length; i++) {
        const loc = locs[i]!;
        for (const { branch: b, direction: d, bits } of offeredBy(defsAt[i]!)) {
          // (2): not control dependent on b
          if (direct.some((c) => c.branch === b)) continue;
          let bit = bits.get(loc);
          if (bit === undefined) {
            bits.set(loc, (bit = triples.push({ branch: b, direction: d, loc }) - 1));
            (triplesOfLoc.get(loc) ?? triplesOfLoc.set(loc, []).get(loc)!).push(bit);
            const perDir = edgeBits.get(b) ?? edgeBits.set(b, cfg.targets(b.parent).map(() => [])).get(b)!;
            perDir[d]!.push(bit);
          }
          if (lastUse[bit] === u) continue;
          lastUse[bit] = u;
          (candidateTriples.get(u) ?? candidateTriples.set(u, []).get(u)!).push(bit);
        }
      }
    }
  }
  if (triples.length === 0) return { fn, of: () => NONE, dependents: () => NONE };

  // Condition (1): a definition-like fact per triple, generated on the edge b -(d)-> successor and
  // killed by strong definitions of v: where it reaches, there is a v-clear path from there.
  const me = memoryEffectsOf(m);
  const nb = fn.blocks.length;
  const W = (triples.length + 31) >>> 5;
  const kill = new Uint32Array(nb * W);
  for (const blk of fn.blocks) {
    for (const x of blk.instructions) {
      const strong = me.of(x).strong;
      if (strong === undefined) continue;
      for (const t of triplesOfLoc.get(strong) ?? []) kill[blk.index * W + (t >>> 5)]! |= 1 << (t & 31);
    }
  }
  const inS = new Uint32Array(nb * W);
  const outS = new Uint32Array(nb * W);
  for (let changed = true; changed; ) {
    changed = false;
    for (const blk of cfg.rpo) {
      const base = blk.index * W;
      for (const p of cfg.preds(blk)) {
        const pb = p.index * W;
        for (let w = 0; w < W; w++) inS[base + w]! |= outS[pb + w]!;
        const gens = edgeBits.get(terminatorOf(p));
        if (gens) cfg.targets(p).forEach((t, d) => {
          if (t === blk) for (const bit of gens[d]!) inS[base + (bit >>> 5)]! |= 1 << (bit & 31);
        });
      }
      for (let w = 0; w < W; w++) {
        const v = (inS[base + w]! & ~kill[base + w]!) >>> 0;
        if (v !== outS[base + w]) {
          outS[base + w] = v;
          changed = true;
        }
      }
    }
  }
  const state = new Uint32Array(W);
  for (const blk of cfg.rpo) {
    state.set(inS.subarray(blk.index * W, blk.index * W + W));
    for (const x of blk.instructions) {
      for (const t of candidateTriples.get(x) ?? []) {
        if ((state[t >>> 5]! & (1 << (t & 31))) === 0) continue;
        (byUse.get(x) ?? byUse.set(x, []).get(x)!).push(triples[t]!);
      }
      const strong = me.of(x).strong;
      if (strong !== undefined) for (const t of triplesOfLoc.get(strong) ?? []) state[t >>> 5]! &= ~(1 << (t & 31));
    }
  }
  let byDir: Map<number, Set<Instruction>> | undefined;
  return {
    fn,
    of: (u) => byUse.get(u) ?? NONE,
    dependents: (branch, direction) => {
      // (dirNum is one-to-one only for the directions a branch of this function can have)
      if (!(direction >= 0 && direction < K)) return [];
      // The reverse relation, on first request: few clients ask for it.
      if (!byDir) {
        byDir = new Map();
        for (const [x, deps] of byUse) {
          for (const p of deps) {
            const key = dirNum(p.branch, p.direction);
            (byDir.get(key) ?? byDir.set(key, new Set()).get(key)!).add(x);
          }
        }
      }
      return [...(byDir.get(dirNum(branch, direction)) ?? [])];
    },
  };
}
