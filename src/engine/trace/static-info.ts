// The static facts dynamic dependence needs, by static instruction, read from the analyses' façade
// (src/analysis, `analyzeModule`): direction-specific control dependence (post-dominator based, with a
// virtual exit), phi gating, static potential dependence with its abstract location, and the abstract
// location (points-to object) of an allocation site. One adapter, so the dynamic side touches the
// analyses' API in one place; answers are cached per static id.

import { analyzeModule, type ModuleAnalysis } from '../../analysis/index.js';
import type { GlobalVariable, Instruction, Module } from '../../ir/model.js';

/** A branch direction: the deciding terminator's static id and the direction (cfg.ts numbering). */
export interface StaticDir {
  readonly branch: number;
  readonly direction: number;
}

export interface StaticPotential extends StaticDir {
  /** The abstract location whose other-side definition makes the dependence. */
  readonly loc: number;
}

export interface StaticDeps {
  /** The branch directions `inst` is directly control dependent on. */
  controlDeps(inst: Instruction): readonly StaticDir[];
  /** The branch directions deciding which incoming edge of phi `inst` is taken. */
  gateDeps(inst: Instruction): readonly StaticDir[];
  /** The branch directions `inst` is potentially dependent on (PESO Definition 3, statically). */
  potentialDeps(inst: Instruction): readonly StaticPotential[];
  /** The abstract location of an allocation site (alloca, global, allocating call), if it has one. */
  locationOf(site: Instruction | GlobalVariable): number | undefined;
}

/** StaticDeps from the module's analyses (computed on first use, cached with the module). */
export function staticDepsOf(m: Module, analysis: ModuleAnalysis = analyzeModule(m)): StaticDeps {
  const cd: (readonly StaticDir[] | undefined)[] = [];
  const gd: (readonly StaticDir[] | undefined)[] = [];
  const pd: (readonly StaticPotential[] | undefined)[] = [];
  const locs = new Map<Instruction | GlobalVariable, number | undefined>();
  const pt = analysis.pointsTo;
  return {
    controlDeps(inst) {
      return (cd[inst.id] ??= analysis.controlDeps(inst.id).map((b) => ({ branch: b.instId, direction: b.direction })));
    },
    gateDeps(inst) {
      if (inst.op !== 'phi') return [];
      return (gd[inst.id] ??= analysis.gateDeps(inst.id).map((b) => ({ branch: b.instId, direction: b.direction })));
    },
    potentialDeps(inst) {
      return (pd[inst.id] ??= analysis.potentialDeps(inst.id).map((p) => ({ branch: p.instId, direction: p.direction, loc: p.loc })));
    },
    locationOf(site) {
      if (locs.has(site)) return locs.get(site);
      const o = pt.objectOf(site);
      const loc = o === undefined ? undefined : pt.canonical(o);
      locs.set(site, loc);
      return loc;
    },
  };
}
