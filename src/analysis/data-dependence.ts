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

import type { Func, Instruction, Module, Value } from '../ir/model.js';
import { callGraphOf } from './call-graph.js';
import { InstTable, moduleIndex } from './module-index.js';
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
   * are shared and immutable): keep it if you need it again. The concatenation of `groups(u)`.
   */
  of(u: Instruction): readonly DataDep[];
  /**
   * The same dependences, factored: shared immutable segments whose concatenation is `of(u)`. A use of
   * memory depends on every call site of its function for each location reached from the entry, so the
   * flat relation is a product (7 million edges over musl); its segments are shared between the uses
   * they serve (one per location and reaching-definitions array, one per location for the mem-in edges,
   * one per parameter for the param edges, one per callee for the ret edges), so this is linear.
   * Built for the whole function on first use of either method; the same list on every call.
   */
  groups(u: Instruction): readonly (readonly DataDep[])[];
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

// A callee's ret edges do not depend on the caller: one list per function, for the whole module.
const retEdges = new WeakMap<Func, readonly DataDep[]>();
function retEdgesOf(g: Func): readonly DataDep[] {
  let r = retEdges.get(g);
  if (!r) {
    const list: DataDep[] = [];
    for (const b of g.blocks) {
      const t = b.instructions[b.instructions.length - 1];
      if (t && t.op === 'ret') list.push({ from: t, kind: 'ret' });
    }
    retEdges.set(g, (r = list.slice()));
  }
  return r;
}

/**
 * The mem-in and param edges of functions with the same call sites, by location and by parameter:
 * they are the same edges. Functions that escape to unknown code are all called by every unknown call
 * site, so in the musl libc hundreds of functions share one list of callers, and sharing their edges
 * makes 3 times fewer (1.9 million were built function by function).
 */
interface CallerEdges {
  readonly memIn: Map<number, readonly DataDep[]>;
  readonly param: Map<number, readonly DataDep[]>;
}
const callerEdges = new WeakMap<Module, Map<string, CallerEdges>>();
function callerEdgesOf(m: Module, callers: readonly Instruction[]): CallerEdges {
  let byKey = callerEdges.get(m);
  if (!byKey) callerEdges.set(m, (byKey = new Map()));
  const key = callers.map((c) => c.id).join(',');
  let e = byKey.get(key);
  if (!e) byKey.set(key, (e = { memIn: new Map(), param: new Map() }));
  return e;
}

type Groups = readonly (readonly DataDep[])[];
const NO_GROUPS: Groups = [];
/** Scratch lists, copied out at their exact size (a list grown by push keeps spare capacity). */
const scratch: (readonly DataDep[])[] = [];
const runScratch: DataDep[] = [];

function compute(m: Module, fn: Func): DataDependence {
  // Every instruction's groups at once: the tables that share edges and segments while they are built
  // are then garbage, and only the groups are kept.
  const memo = groupsOf(m, fn);
  const groups = (u: Instruction): Groups => memo.get(u) ?? NO_GROUPS;
  // Flat lists are built per query and not kept: they are what is large (the product the segments
  // factor), and every client keeps what it needs (the PDG its own edges); keeping them all made the
  // heap grow by hundreds of megabytes, and the garbage collector copy them.
  const of = (u: Instruction): readonly DataDep[] => {
    const gs = groups(u);
    if (gs.length === 1) return gs[0]!.slice();
    const out: DataDep[] = [];
    for (const g of gs) for (const e of g) out.push(e);
    return out;
  };
  return { fn, of, groups };
}

function groupsOf(m: Module, fn: Func): InstTable<Groups> {
  const cg = callGraphOf(m);
  const rd = reachingDefsOf(m, fn);
  const insts = moduleIndex(m).insts;
  const callers = cg.callersOf(fn);
  // Edges are immutable and shared: the same (definition, location) edge, operand edge and list of
  // mem-in, param or ret edges serve every use they reach (du's main has a million of them).
  const memEdges = new Map<number, Map<number, DataDep>>(); // loc -> definition id -> edge (mem or out)
  const outEdges = new Map<number, Map<number, DataDep>>();
  const edgeOf = (byLoc: Map<number, Map<number, DataDep>>, kind: DataKind, loc: number, d: number): DataDep => {
    let m = byLoc.get(loc);
    if (!m) byLoc.set(loc, (m = new Map()));
    let e = m.get(d);
    if (!e) m.set(d, (e = { from: insts[d]!, kind, loc }));
    return e;
  };
  const byCallers = callerEdgesOf(m, callers);
  const memInOf = (loc: number): readonly DataDep[] => {
    let r = byCallers.memIn.get(loc);
    if (!r) byCallers.memIn.set(loc, (r = callers.map((c) => ({ from: c, kind: 'mem-in' as const, loc }))));
    return r;
  };
  const paramOf = (arg: number): readonly DataDep[] => {
    let r = byCallers.param.get(arg);
    if (!r) byCallers.param.set(arg, (r = callers.map((c) => ({ from: c, kind: 'param' as const, arg }))));
    return r;
  };
  const ssaEdges = new InstTable<DataDep>(fn);
  const ssaOf = (d: Instruction): DataDep => {
    let e = ssaEdges.get(d);
    if (!e) {
      e = { from: d, kind: 'ssa' };
      if (d.parent.fn === fn) ssaEdges.set(d, e);
    }
    return e;
  };
  // The edges of one location's reaching definitions: the mem-in edges of the location where the
  // entry reaches (ENTRY, first in every array reaching-defs builds), then the mem (or, at a ret, out)
  // edges of the other definitions, one segment keyed by the definitions array: reaching-defs hands
  // the same array to every use with the same definitions (all of a location's definitions, a single
  // one, none in between in a block). Only its shared [ENTRY] and [] serve several locations.
  const memRuns = new Map<readonly number[], readonly DataDep[]>();
  const outRuns = new Map<readonly number[], readonly DataDep[]>();
  const runOf = (loc: number, defs: readonly number[], from: number, isRet: boolean): readonly DataDep[] => {
    const runs = isRet ? outRuns : memRuns;
    let r = runs.get(defs);
    if (r) return r;
    const list: DataDep[] = new Array(defs.length - from);
    for (let k = from; k < defs.length; k++) list[k - from] = isRet ? edgeOf(outEdges, 'out', loc, defs[k]!) : edgeOf(memEdges, 'mem', loc, defs[k]!);
    runs.set(defs, (r = list));
    return r;
  };
  /** Appends the segments of one location's definitions at scratch[n...]; the new count. */
  const pushDefs = (n: number, loc: number, defs: readonly number[], isRet: boolean): number => {
    if (defs.length === 0) return n;
    let from = 0;
    if (defs[0] === ENTRY) {
      if (!isRet && callers.length) scratch[n++] = memInOf(loc);
      from = 1;
    }
    if (from === defs.length) return n;
    if (defs.indexOf(ENTRY, from) >= 0) throw new Error('data-dependence: ENTRY must come first in reaching definitions');
    scratch[n++] = runOf(loc, defs, from, isRet);
    return n;
  };
  const memo = new InstTable<Groups>(fn);
  const groups = (u: Instruction): Groups => {
    // Built in the scratch lists by count and copied out at their size (setting a list's length to 0
    // drops its storage, so each instruction would allocate it again).
    let n = 0;
    // Operands in order: SSA edges in small runs, a parameter's edges its shared segment. Each
    // (definition, location) pair comes once from reaching-defs and each callee once from points-to;
    // only repeated operands need deduplicating.
    const ops = u.bundles ? [...u.operands, ...u.bundles.flatMap((b) => b.inputs)] : u.operands;
    let r = 0;
    // a scan of the earlier operands for the usual short lists, a set for long ones (big phis)
    const seen = ops.length > 16 ? new Set<Instruction | number>() : undefined;
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i]!;
      if (op.vk !== 'inst' && op.vk !== 'arg') continue;
      if (seen) {
        const key = op.vk === 'inst' ? op : op.index;
        if (seen.has(key)) continue;
        seen.add(key);
      } else if (repeated(ops, i)) continue;
      if (op.vk === 'inst') runScratch[r++] = ssaOf(op);
      else if (callers.length) {
        if (r) (scratch[n++] = runScratch.slice(0, r)), (r = 0);
        scratch[n++] = paramOf(op.index);
      }
    }
    if (r) scratch[n++] = runScratch.slice(0, r);
    const isRet = u.op === 'ret';
    const locs = rd.usesOf(u);
    const defsAt = rd.defsAt(u);
    for (let i = 0; i < defsAt.length; i++) n = pushDefs(n, locs[i]!, defsAt[i]!, isRet);
    if (u.op === 'call' || u.op === 'invoke') {
      for (const g of cg.targetsOf(u)) {
        if (g.isDeclaration) continue;
        const rets = retEdgesOf(g);
        if (rets.length) scratch[n++] = rets;
      }
    }
    return n ? scratch.slice(0, n) : NO_GROUPS;
  };
  for (const b of fn.blocks) for (const u of b.instructions) memo.set(u, groups(u));
  // The scratch lists must not keep the last edges (and through them the whole module) alive.
  scratch.length = 0;
  runScratch.length = 0;
  return memo;
}

/** Whether operand i (an instruction or argument) already occurs before i. */
function repeated(ops: readonly Value[], i: number): boolean {
  const op = ops[i]!;
  for (let j = 0; j < i; j++) {
    const o = ops[j]!;
    if (o === op || (op.vk === 'arg' && o.vk === 'arg' && o.index === op.index)) return true;
  }
  return false;
}
