// For PESO's literal potential dependence (src/engine/trace/dynamic-deps.ts `otherSideDefs`): the
// abstract locations defined in the transitive regions of a branch's directions other than the one
// taken (PESO §3.2: "a static definition of v statically transitively control dependent on the static
// branch of b"), per branch and taken direction, cached.

import { controlDependenceOf } from '../../analysis/control-dependence.js';
import { cfgOf } from '../../analysis/cfg.js';
import { memoryEffectsOf } from '../../analysis/memory-effects.js';
import type { Instruction, Module } from '../../ir/model.js';

export function otherSideDefsOf(m: Module): (branch: Instruction, taken: number) => readonly number[] {
  const cache = new Map<string, number[]>();
  return (b, taken) => {
    const key = `${b.id}:${taken}`;
    let out = cache.get(key);
    if (out) return out;
    const fn = b.parent.fn;
    const targets = cfgOf(fn).targets(b.parent);
    const cd = controlDependenceOf(fn);
    const me = memoryEffectsOf(m);
    const locs = new Set<number>();
    targets.forEach((t, d) => {
      if (d === taken || t === targets[taken]) return;
      for (const blk of cd.transitiveRegion(b, d)) for (const x of blk.instructions) for (const l of me.of(x).defs) locs.add(l);
    });
    cache.set(key, (out = [...locs]));
    return out;
  };
}
