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
import { moduleIndex } from './module-index.js';
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
  /**
   * What `u` (an instruction of this function) depends on. A fresh list on every call (the edges in it
   * are shared and immutable): keep it if you need it again.
   */
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
  const insts = moduleIndex(m).insts;
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
  // Edges are immutable and shared: the same (definition, location) edge, and the same list of
  // mem-in edges of a location, serve every use they reach (du's main has a million of them).
  const memEdges = new Map<number, Map<number, DataDep>>(); // loc -> definition id -> edge (mem or out)
  const outEdges = new Map<number, Map<number, DataDep>>();
  const memInEdges = new Map<number, readonly DataDep[]>(); // loc -> one edge per caller
  const edgeOf = (byLoc: Map<number, Map<number, DataDep>>, kind: DataKind, loc: number, d: number): DataDep => {
    let m = byLoc.get(loc);
    if (!m) byLoc.set(loc, (m = new Map()));
    let e = m.get(d);
    if (!e) m.set(d, (e = { from: insts[d]!, kind, loc }));
    return e;
  };
  const memInOf = (loc: number): readonly DataDep[] => {
    let r = memInEdges.get(loc);
    if (!r) memInEdges.set(loc, (r = callers.map((c) => ({ from: c, kind: 'mem-in' as const, loc }))));
    return r;
  };
  // The edges of one location's reaching definitions. Reaching-defs hands every use the same array
  // when all of a location's definitions reach it; the edges of the last such array are kept per
  // location (and per side: `out` at a ret, `mem` elsewhere).
  const lastMem = new Map<number, { defs: readonly number[]; edges: readonly DataDep[] }>();
  const lastOut = new Map<number, { defs: readonly number[]; edges: readonly DataDep[] }>();
  const edgesOf = (loc: number, defs: readonly number[], isRet: boolean): readonly DataDep[] => {
    const last = isRet ? lastOut : lastMem;
    const hit = last.get(loc);
    if (hit && hit.defs === defs) return hit.edges;
    const edges: DataDep[] = [];
    for (const d of defs) {
      if (d !== ENTRY) edges.push(isRet ? edgeOf(outEdges, 'out', loc, d) : edgeOf(memEdges, 'mem', loc, d));
      else if (!isRet) for (const e of memInOf(loc)) edges.push(e);
    }
    last.set(loc, { defs, edges });
    return edges;
  };
  // Not memoised per instruction: the flat lists are what is large (a use of memory depends on every
  // call site of its function for each location reached from the entry: 6 million edges over musl),
  // and every client keeps what it needs (the PDG its own edges); keeping them all made the heap grow
  // by hundreds of megabytes, and the garbage collector copy them. The shared parts above are kept.
  const of = (u: Instruction): readonly DataDep[] => {
    const out: DataDep[] = [];
    // Each (definition, location) pair comes once from reaching-defs and each callee once from
    // points-to; only repeated operands need deduplicating.
    const ops = u.bundles ? [...u.operands, ...u.bundles.flatMap((b) => b.inputs)] : u.operands;
    let seen: Set<Instruction | number> | undefined;
    for (const op of ops) {
      if (op.vk !== 'inst' && op.vk !== 'arg') continue;
      const key = op.vk === 'inst' ? op : op.index;
      if (seen?.has(key)) continue;
      (seen ??= new Set()).add(key);
      if (op.vk === 'inst') out.push({ from: op, kind: 'ssa' });
      else for (const c of callers) out.push({ from: c, kind: 'param', arg: op.index });
    }
    const isRet = u.op === 'ret';
    const locs = rd.usesOf(u);
    const defsAt = rd.defsAt(u);
    for (let i = 0; i < defsAt.length; i++) for (const e of edgesOf(locs[i]!, defsAt[i]!, isRet)) out.push(e);
    if (u.op === 'call' || u.op === 'invoke') {
      for (const g of cg.targetsOf(u)) if (!g.isDeclaration) for (const r of retsOf(g)) out.push({ from: r, kind: 'ret' });
    }
    return out;
  };
  return { fn, of };
}
