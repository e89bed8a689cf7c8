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
  const of = (inst: Instruction): Access => {
    let a = memo[inst.id];
    if (a) return a;
    a = ownAccess(pt, inst);
    if (inst.op === 'call' || inst.op === 'invoke') {
      const bodies = cg.targetsOf(inst).filter((g) => !g.isDeclaration);
      if (bodies.length) {
        a = {
          defs: sortedUnion([a.defs, ...bodies.map((g) => cg.mod(g))]),
          uses: sortedUnion([a.uses, ...bodies.map((g) => cg.ref(g))]),
        };
      }
    }
    if (a.defs.length === 0 && a.uses.length === 0) a = NO_ACCESS;
    memo[inst.id] = a;
    return a;
  };
  me = { callGraph: cg, pointsTo: pt, of, exitUses: (f) => cg.mod(f) };
  cache.set(m, me);
  return me;
}
