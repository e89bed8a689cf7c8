// May-def and may-use sets of abstract locations for every instruction: loads, stores, atomics, va_arg
// and library calls by themselves (access.ts), calls to functions with a body through the callees'
// mod/ref summaries (call-graph.ts). Only a store can be a strong update (access.ts says when).
// Cached per module; each instruction's effect is computed on first request.

import type { Func, Instruction, Module } from '../ir/model.js';
import { NO_ACCESS, ownAccess, sortedUnion, type Access } from './access.js';
import { callGraphOf, type CallGraph } from './call-graph.js';
import { moduleIndex } from './module-index.js';
import type { PointsTo } from './points-to.js';

export interface MemoryEffects {
  readonly callGraph: CallGraph;
  readonly pointsTo: PointsTo;
  /** What the instruction may write and read, and what it certainly overwrites. */
  of(inst: Instruction): Access;
  /**
   * Locations whose values at a `ret` of `f` its callers can observe: what `f` may write (its mod
   * summary). The data dependence of a call on the callee's side effects goes through these.
   */
  exitUses(f: Func): readonly number[];
}

const cache = new WeakMap<Module, MemoryEffects>();

export function memoryEffectsOf(m: Module): MemoryEffects {
  let me = cache.get(m);
  if (me) return me;
  const cg = callGraphOf(m);
  const pt = cg.pointsTo;
  const memo: (Access | undefined)[] = new Array(moduleIndex(m).instCount);
  // The summaries of a list of targets, once per list: every call into unknown code with no known
  // target has the same list (every escaped function), and its union is the largest there is.
  const byTargets = new Map<readonly Func[], Access | undefined>();
  const summaryOf = (targets: readonly Func[]): Access | undefined => {
    if (targets.length === 1) return targets[0]!.isDeclaration ? undefined : { defs: cg.mod(targets[0]!), uses: cg.ref(targets[0]!) };
    if (byTargets.has(targets)) return byTargets.get(targets);
    const bodies = targets.filter((g) => !g.isDeclaration);
    const r = bodies.length ? { defs: sortedUnion(bodies.map((g) => cg.mod(g))), uses: sortedUnion(bodies.map((g) => cg.ref(g))) } : undefined;
    byTargets.set(targets, r);
    return r;
  };
  const of = (inst: Instruction): Access => {
    let a = memo[inst.id];
    if (a) return a;
    a = ownAccess(pt, inst);
    if (inst.op === 'call' || inst.op === 'invoke') {
      const callees = summaryOf(cg.targetsOf(inst));
      if (callees) a = { defs: sortedUnion([a.defs, callees.defs]), uses: sortedUnion([a.uses, callees.uses]) };
    }
    if (a.defs.length === 0 && a.uses.length === 0) a = NO_ACCESS;
    memo[inst.id] = a;
    return a;
  };
  me = { callGraph: cg, pointsTo: pt, of, exitUses: (f) => cg.mod(f) };
  cache.set(m, me);
  return me;
}
