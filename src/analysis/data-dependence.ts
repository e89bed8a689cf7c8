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

/**
 * A run of dependences of one kind on a list of instructions: the edges `{ from, kind }` for each
 * `from` of `from`, with `arg` for param; for mem / out / mem-in, one such edge with `loc` for every
 * location of `locs` and instruction of `from`, location by location. The lists are the analyses' own
 * where they can be, shared rather than copied per use: the reaching definitions of the locations, a
 * function's call sites, a callee's rets, the locations an instruction reads.
 */
export interface DepSegment {
  readonly kind: DataKind;
  readonly from: readonly Instruction[];
  /** The abstract locations, for mem / out / mem-in. */
  readonly locs?: readonly number[];
  /** The parameter index, for param. */
  readonly arg?: number;
}

export interface DataDependence {
  readonly fn: Func;
  /** What `u` (an instruction of this function) depends on: the edges of `groups(u)`, a fresh list on every call. */
  of(u: Instruction): readonly DataDep[];
  /**
   * The same dependences, factored: immutable segments whose edges, in order, are `of(u)`. A use of
   * memory depends on every call site of its function for each location reached from the entry, and a
   * call reads hundreds of locations with the same definitions, so the flat relation is a product (7
   * million edges over musl); a segment is such a product (locations × instructions), so this is about
   * linear, allocates no edge, and segments are shared between the uses they serve where they can be.
   * Built for the whole function on first use of either method; the same list on every call.
   */
  groups(u: Instruction): readonly DepSegment[];
}

/** The edges of a segment, in order. */
export function segmentEdges(s: DepSegment, out: DataDep[] = []): DataDep[] {
  const { kind, locs, arg } = s;
  // the keys each kind has (and no others set to undefined: clients spread and compare them)
  if (locs !== undefined) for (const loc of locs) for (const from of s.from) out.push({ from, kind, loc });
  else if (arg !== undefined) for (const from of s.from) out.push({ from, kind, arg });
  else for (const from of s.from) out.push({ from, kind });
  return out;
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

// A callee's ret segment does not depend on the caller: one per function, for the whole module.
const retSegments = new WeakMap<Func, DepSegment | null>();
function retSegmentOf(g: Func): DepSegment | null {
  let r = retSegments.get(g);
  if (r === undefined) {
    const rets: Instruction[] = [];
    for (const b of g.blocks) {
      const t = b.instructions[b.instructions.length - 1];
      if (t && t.op === 'ret') rets.push(t);
    }
    retSegments.set(g, (r = rets.length ? { kind: 'ret', from: rets } : null));
  }
  return r;
}

/**
 * The mem-in and param segments of functions with the same call sites, by location and by parameter:
 * they are the same segments. Functions that escape to unknown code are all called by every unknown
 * call site, so in the musl libc hundreds of functions share one list of callers.
 */
interface CallerSegments {
  /** By the (shared) list of locations. */
  readonly memIn: Map<readonly number[], DepSegment>;
  readonly param: Map<number, DepSegment>;
}
const callerSegments = new WeakMap<Module, Map<number, { callers: readonly Instruction[]; segments: CallerSegments }[]>>();
function callerSegmentsOf(m: Module, callers: readonly Instruction[]): CallerSegments {
  let byHash = callerSegments.get(m);
  if (!byHash) callerSegments.set(m, (byHash = new Map()));
  // by a hash of the call sites' ids, confirmed element by element (no string key per function)
  let h = callers.length;
  for (const c of callers) h = (Math.imul(h, 31) + c.id) | 0;
  let bucket = byHash.get(h);
  if (!bucket) byHash.set(h, (bucket = []));
  for (const e of bucket) if (e.callers.length === callers.length && e.callers.every((c, i) => c === callers[i])) return e.segments;
  const segments: CallerSegments = { memIn: new Map(), param: new Map() };
  bucket.push({ callers, segments });
  return segments;
}

type Groups = readonly DepSegment[];
const NO_GROUPS: Groups = [];
/** Scratch lists, copied out at their exact size (a list grown by push keeps spare capacity). */
const scratch: DepSegment[] = [];
const runScratch: Instruction[] = [];

function compute(m: Module, fn: Func): DataDependence {
  const memo = groupsOf(m, fn);
  const groups = (u: Instruction): Groups => memo.get(u) ?? NO_GROUPS;
  // Flat lists are built per query and not kept: they are what is large (the product the segments
  // factor), and every client keeps what it needs (the PDG its own edges).
  const of = (u: Instruction): readonly DataDep[] => {
    const out: DataDep[] = [];
    for (const g of groups(u)) segmentEdges(g, out);
    return out;
  };
  return { fn, of, groups };
}

function groupsOf(m: Module, fn: Func): InstTable<Groups> {
  const cg = callGraphOf(m);
  const rd = reachingDefsOf(m, fn);
  const insts = moduleIndex(m).insts;
  const callers = cg.callersOf(fn);
  const byCallers = callerSegmentsOf(m, callers);
  /** The mem-in segment of locations `locs`; shared when `locs` is (the locations a use reads). */
  const memInOf = (locs: readonly number[], shared: boolean): DepSegment => {
    if (!shared) return { kind: 'mem-in', locs, from: callers };
    let r = byCallers.memIn.get(locs);
    if (!r) byCallers.memIn.set(locs, (r = { kind: 'mem-in', locs, from: callers }));
    return r;
  };
  const paramOf = (arg: number): DepSegment => {
    let r = byCallers.param.get(arg);
    if (!r) byCallers.param.set(arg, (r = { kind: 'param', arg, from: callers }));
    return r;
  };
  // A single SSA operand's segment, shared by the uses of its definition.
  const ssaOne = new InstTable<DepSegment>(fn);
  const ssaRun = (run: readonly Instruction[], r: number): DepSegment => {
    if (r > 1) return { kind: 'ssa', from: run.slice(0, r) };
    const d = run[0]!;
    let s = ssaOne.get(d);
    if (!s) {
      s = { kind: 'ssa', from: [d] };
      if (d.parent.fn === fn) ssaOne.set(d, s);
    }
    return s;
  };
  // Locations with the same reaching definitions other than the entry make one mem (or, at a ret, out)
  // segment. Reaching-defs hands the same array to every use of locations with the same definitions
  // (all of a location's definitions, a single one, ...; locations defined by the same instructions
  // share theirs): the instructions are looked up once per array, and the segment is shared between
  // uses of the same locations with the same array.
  const defInsts = new Map<readonly number[], readonly Instruction[]>();
  const instsOf = (defs: readonly number[], from: number): readonly Instruction[] => {
    let list = defInsts.get(defs);
    if (!list) {
      if (defs.indexOf(ENTRY, from) >= 0) throw new Error('data-dependence: ENTRY must come first in reaching definitions');
      const l: Instruction[] = new Array(defs.length - from);
      for (let k = from; k < defs.length; k++) l[k - from] = insts[defs[k]!]!;
      defInsts.set(defs, (list = l));
    }
    return list;
  };
  const memRuns = new Map<readonly number[], Map<readonly number[], DepSegment>>(); // defs -> locs -> segment
  const outRuns = new Map<readonly number[], Map<readonly number[], DepSegment>>();
  const runOf = (locs: readonly number[], shared: boolean, defs: readonly number[], isRet: boolean): DepSegment => {
    const kind = isRet ? 'out' : 'mem';
    const from = instsOf(defs, defs[0] === ENTRY ? 1 : 0);
    if (!shared) return { kind, locs, from };
    const runs = isRet ? outRuns : memRuns;
    let byLocs = runs.get(defs);
    if (!byLocs) runs.set(defs, (byLocs = new Map()));
    let r = byLocs.get(locs);
    if (!r) byLocs.set(locs, (r = { kind, locs, from }));
    return r;
  };
  /** Whether a reaching-definitions array holds a definition other than the entry. */
  const hasDefs = (defs: readonly number[]): boolean => defs.length > (defs[0] === ENTRY ? 1 : 0);
  /** Appends the memory segments of `u` at scratch[n...]; the new count. */
  const pushMemory = (n: number, u: Instruction, isRet: boolean): number => {
    const locs = rd.usesOf(u);
    const defsAt = rd.defsAt(u);
    if (locs.length === 0) return n;
    // mem-in: the locations the entry reaches, all of them (for a location no instruction here defines,
    // and for what calls and loads through escaped pointers read, which nothing kills) or some.
    if (!isRet && callers.length) {
      let k = 0;
      for (const defs of defsAt) if (defs[0] === ENTRY) k++;
      if (k === locs.length) scratch[n++] = memInOf(locs, true);
      else if (k) scratch[n++] = memInOf(locs.filter((_, i) => defsAt[i]![0] === ENTRY), false);
    }
    // mem / out: one segment per distinct array, in order of first use; usually one for all locations.
    let first: readonly number[] | undefined;
    let mixed = false;
    let all = true;
    for (const defs of defsAt) {
      if (!hasDefs(defs)) all = false;
      else if (!first) first = defs;
      else if (defs !== first) mixed = true;
    }
    if (!first) return n;
    if (!mixed) {
      scratch[n++] = all ? runOf(locs, true, first, isRet) : runOf(locs.filter((_, i) => hasDefs(defsAt[i]!)), false, first, isRet);
      return n;
    }
    const byDefs = new Map<readonly number[], number[]>();
    for (let i = 0; i < locs.length; i++) {
      const defs = defsAt[i]!;
      if (!hasDefs(defs)) continue;
      let list = byDefs.get(defs);
      if (!list) byDefs.set(defs, (list = []));
      list.push(locs[i]!);
    }
    for (const [defs, list] of byDefs) scratch[n++] = runOf(list, false, defs, isRet);
    return n;
  };
  const memo = new InstTable<Groups>(fn);
  const groups = (u: Instruction): Groups => {
    // Built in the scratch lists by count and copied out at their size (setting a list's length to 0
    // drops its storage, so each instruction would allocate it again).
    let n = 0;
    // Operands in order: SSA edges in runs, a parameter's edges its shared segment. Each (definition,
    // location) pair comes once from reaching-defs and each callee once from points-to; only repeated
    // operands need deduplicating.
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
      if (op.vk === 'inst') runScratch[r++] = op;
      else if (callers.length) {
        if (r) (scratch[n++] = ssaRun(runScratch, r)), (r = 0);
        scratch[n++] = paramOf(op.index);
      }
    }
    if (r) scratch[n++] = ssaRun(runScratch, r);
    n = pushMemory(n, u, u.op === 'ret');
    if (u.op === 'call' || u.op === 'invoke') {
      for (const g of cg.targetsOf(u)) {
        if (g.isDeclaration) continue;
        const rets = retSegmentOf(g);
        if (rets) scratch[n++] = rets;
      }
    }
    return n ? scratch.slice(0, n) : NO_GROUPS;
  };
  for (const b of fn.blocks) for (const u of b.instructions) memo.set(u, groups(u));
  // The scratch lists must not keep the last segments (and through them the whole module) alive.
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
