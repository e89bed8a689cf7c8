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
// Computed per branch direction by a forward walk from the d-successor that carries the set of
// candidate locations not yet strongly redefined.

import type { BasicBlock, Func, Instruction, Module } from '../ir/model.js';
import { cfgOf } from './cfg.js';
import { controlDependenceOf, dirKey } from './control-dependence.js';
import { memoryEffectsOf } from './memory-effects.js';
import { reachingDefsOf } from './reaching-defs.js';

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
 * redefined. Calls `use(x, loc)` for every use of a carried location, and `alive(x)` for every
 * instruction reached with at least one location still carried.
 */
function walk(
  m: Module,
  fn: Func,
  b: Instruction,
  d: number,
  locs: readonly number[],
  use: (x: Instruction, loc: number) => void,
  alive?: (x: Instruction) => void,
): void {
  const cfg = cfgOf(fn);
  const rd = reachingDefsOf(m, fn);
  const me = memoryEffectsOf(m);
  const slot = new Map<number, number>();
  locs.forEach((l, i) => slot.set(l, i));
  const start = cfg.targets(b.parent)[d]!;
  const entry = new Map<BasicBlock, Uint8Array>([[start, new Uint8Array(locs.length).fill(1)]]);
  const work: BasicBlock[] = [start];
  while (work.length) {
    const blk = work.pop()!;
    const a = entry.get(blk)!.slice();
    let live = a.includes(1);
    for (const x of blk.instructions) {
      if (!live) break;
      if (alive) alive(x);
      for (const loc of rd.usesOf(x)) {
        const i = slot.get(loc);
        if (i !== undefined && a[i]) use(x, loc);
      }
      const strong = me.of(x).strong;
      const i = strong === undefined ? undefined : slot.get(strong);
      if (i !== undefined && a[i]) {
        a[i] = 0;
        live = a.includes(1);
      }
    }
    if (!live) continue;
    for (const succ of cfg.succs(blk)) {
      let cur = entry.get(succ);
      if (!cur) entry.set(succ, (cur = new Uint8Array(locs.length)));
      let grew = false;
      for (let i = 0; i < a.length; i++) {
        if (a[i] && !cur[i]) {
          cur[i] = 1;
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

function compute(m: Module, fn: Func): PotentialDependence {
  const cfg = cfgOf(fn);
  const cd = controlDependenceOf(fn);
  const rd = reachingDefsOf(m, fn);
  const byUse = new Map<Instruction, PotentialDep[]>();
  const byDir = new Map<string, Instruction[]>();
  for (const b of cd.branches) {
    cfg.targets(b.parent).forEach((_, d) => {
      const others = otherSideDefs(m, fn, b, d);
      if (others.size === 0) return;
      const found = new Map<Instruction, Set<number>>();
      walk(m, fn, b, d, [...others.keys()], (x, loc) => {
        let set = found.get(x);
        if (!set) found.set(x, (set = new Set()));
        set.add(loc);
      });
      for (const [u, ls] of found) {
        if (cd.ofInst(u).some((c) => c.branch === b)) continue;
        for (const loc of ls) {
          const defs = others.get(loc)!;
          if (!rd.at(u, loc).some((id) => defs.has(id))) continue;
          let list = byUse.get(u);
          if (!list) byUse.set(u, (list = []));
          list.push({ branch: b, direction: d, loc });
          const key = dirKey(b, d);
          let deps = byDir.get(key);
          if (!deps) byDir.set(key, (deps = []));
          if (deps[deps.length - 1] !== u) deps.push(u);
        }
      }
    });
  }
  const NONE: readonly never[] = [];
  return {
    fn,
    of: (u) => byUse.get(u) ?? NONE,
    dependents: (branch, direction) => byDir.get(dirKey(branch, direction)) ?? NONE,
  };
}
