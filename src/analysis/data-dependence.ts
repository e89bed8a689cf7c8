// Data dependence by static instruction id: instruction u depends on instruction d when a value d
// produces may be read by u. Kinds:
//   ssa    — d is an operand of u (SSA def-use; phi operands included; gating is phi-gating.ts);
//   mem    — d is a definition of a location u may read that reaches u (reaching-defs.ts), within u's
//            function;
//   out    — the same for a `ret`, whose uses are the locations callers can observe (the function's mod
//            summary): the callee half of a call's side effects;
//   param  — u reads a parameter of its function; d is a call site of the function (whose SSA deps
//            are the actual arguments);
//   mem-in — u reads a location whose definition reaching u is the function entry; d is a call site of
//            the function (whose own mem deps are the caller's definitions);
//   ret    — u is a call; d is a `ret` of a callee with a body (return value and side effects).
// The interprocedural kinds (param, mem-in, ret, out) are context-insensitive, like points-to.

import type { Func, Instruction, Module } from '../ir/model.js';
import { callGraphOf } from './call-graph.js';
import { ENTRY, reachingDefsOf } from './reaching-defs.js';

export type DataKind = 'ssa' | 'mem' | 'out' | 'param' | 'mem-in' | 'ret';

export interface DataDep {
  /** The instruction depended on. */
  readonly from: Instruction;
  readonly kind: DataKind;
  /** The abstract location, for mem / out / mem-in. */
  readonly loc?: number;
  /** The parameter index, for param. */
  readonly arg?: number;
}

export interface DataDependence {
  readonly fn: Func;
  /** What `u` (an instruction of this function) depends on. */
  of(u: Instruction): readonly DataDep[];
}

const cache = new WeakMap<Func, DataDependence>();

export function dataDependenceOf(m: Module, fn: Func): DataDependence {
  let dd = cache.get(fn);
  if (!dd) {
    dd = compute(m, fn);
    cache.set(fn, dd);
  }
  return dd;
}

function compute(m: Module, fn: Func): DataDependence {
  const cg = callGraphOf(m);
  const rd = reachingDefsOf(m, fn);
  const byId = new Map<number, Instruction>();
  for (const b of fn.blocks) for (const inst of b.instructions) byId.set(inst.id, inst);
  const callers = cg.callersOf(fn);
  const rets = new Map<Func, Instruction[]>();
  const retsOf = (g: Func): Instruction[] => {
    let r = rets.get(g);
    if (!r) {
      r = [];
      for (const b of g.blocks) {
        const t = b.instructions[b.instructions.length - 1];
        if (t && t.op === 'ret') r.push(t);
      }
      rets.set(g, r);
    }
    return r;
  };
  const memo = new Map<Instruction, readonly DataDep[]>();
  const of = (u: Instruction): readonly DataDep[] => {
    let deps = memo.get(u);
    if (deps) return deps;
    const out: DataDep[] = [];
    const seen = new Set<string>();
    const add = (from: Instruction, kind: DataKind, loc?: number, arg?: number): void => {
      const key = `${from.id}/${kind}/${loc ?? ''}/${arg ?? ''}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push(loc !== undefined ? { from, kind, loc } : arg !== undefined ? { from, kind, arg } : { from, kind });
    };
    for (const op of u.operands) {
      if (op.vk === 'inst') add(op, 'ssa');
      else if (op.vk === 'arg') for (const c of callers) add(c, 'param', undefined, op.index);
    }
    if (u.bundles) for (const bundle of u.bundles) for (const op of bundle.inputs) if (op.vk === 'inst') add(op, 'ssa');
    const isRet = u.op === 'ret';
    for (const [loc, defs] of rd.all(u)) {
      for (const d of defs) {
        if (d === ENTRY) {
          if (!isRet) for (const c of callers) add(c, 'mem-in', loc);
        } else {
          add(byId.get(d)!, isRet ? 'out' : 'mem', loc);
        }
      }
    }
    if (u.op === 'call' || u.op === 'invoke') {
      for (const g of cg.pointsTo.callees(u)) if (!g.isDeclaration) for (const r of retsOf(g)) add(r, 'ret');
    }
    memo.set(u, out);
    return out;
  };
  return { fn, of };
}
