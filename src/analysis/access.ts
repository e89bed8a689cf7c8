// The abstract locations (points-to objects) one instruction reads and writes *by itself*: loads,
// stores, atomics, va_arg, and calls to declarations (library models, unknown externals). Calls to
// functions with a body are not covered here; their effects are the mod/ref summaries of call-graph.ts,
// and memory-effects.ts puts the two together.

import type { Func, Instruction, Value } from '../ir/model.js';
import type { Type } from '../ir/types.js';
import { moduleIndex } from './module-index.js';
import { callArgs, ObjKind, type PointsTo } from './points-to.js';

export interface Access {
  /** Locations possibly written (sorted object ids). */
  readonly defs: readonly number[];
  /** Locations possibly read (sorted object ids). */
  readonly uses: readonly number[];
  /** The one location this instruction certainly overwrites entirely (a strong update), if any. */
  readonly strong?: number;
}

/** The empty location list, shared (an access is kept for every instruction). */
const NONE: readonly number[] = [];
export const NO_ACCESS: Access = { defs: NONE, uses: NONE };
/** What unknown code may touch: the escaped memory, which points-to merged into EXTERNAL. */
function unknown(pt: PointsTo): Access {
  return { defs: [pt.external], uses: [pt.external] };
}

function sameScalar(a: Type, b: Type | undefined): boolean {
  if (!b || a.kind !== b.kind) return false;
  if (a.kind === 'int') return a.bits === (b as typeof a).bits;
  if (a.kind === 'float') return a.name === (b as typeof a).name;
  return a.kind === 'ptr';
}

function objectType(pt: PointsTo, o: number): Type | undefined {
  const site = pt.objects[o]?.site;
  if (!site) return undefined;
  if (site.vk === 'inst') return site.allocatedType;
  if (site.vk === 'global') return site.valueType;
  return undefined;
}

/**
 * The memory locations a pointer may address: its points-to set without functions (a function's
 * address is not memory a load or store can reach; functions stay in points-to sets as call targets).
 */
function memory(pt: PointsTo, ptr: Value): readonly number[] {
  const objs = pt.pointsTo(ptr);
  for (const o of objs) if (pt.objects[o]!.kind === ObjKind.Function) return objs.filter((x) => pt.objects[x]!.kind !== ObjKind.Function);
  return objs;
}

/** Scratch bit set for sortedUnion, grown on demand; all zero between calls. */
let unionBits = new Uint32Array(1024);

/**
 * The union of sorted sets of object ids, sorted. Summaries and call effects union many large, mostly
 * equal sets, so this marks members in a bit set and reads them back in order (no sorting), and hands
 * back the largest part itself when it already holds everything (no new array).
 */
export function sortedUnion(parts: readonly (readonly number[])[]): readonly number[] {
  let largest: readonly number[] | undefined;
  let nonEmpty = 0;
  let max = 0;
  for (const p of parts) {
    if (p.length === 0) continue;
    nonEmpty++;
    if (!largest || p.length > largest.length) largest = p;
    if (p[p.length - 1]! > max) max = p[p.length - 1]!;
  }
  if (!largest) return [];
  if (nonEmpty === 1) return largest;
  const words = (max >>> 5) + 1;
  if (unionBits.length < words) unionBits = new Uint32Array(Math.max(words, unionBits.length * 2));
  const bits = unionBits;
  let count = 0;
  for (const p of parts) {
    for (const o of p) {
      const w = o >>> 5;
      const m = 1 << (o & 31);
      if ((bits[w]! & m) === 0) {
        bits[w] = bits[w]! | m;
        count++;
      }
    }
  }
  const out = count === largest.length ? largest : new Array<number>(count);
  let k = 0;
  for (let w = 0; w < words; w++) {
    let x = bits[w]!;
    if (x === 0) continue;
    bits[w] = 0;
    if (out === largest) continue;
    while (x !== 0) {
      const t = x & -x;
      (out as number[])[k++] = (w << 5) + 31 - Math.clz32(t);
      x ^= t;
    }
  }
  return out;
}

/** Locations pointed to by the listed arguments ('all': every pointer-typed argument). */
function argPointees(pt: PointsTo, args: readonly Value[], which: readonly number[] | 'all' | undefined): readonly number[] {
  if (!which) return [];
  const idx = which === 'all' ? args.map((_, i) => i).filter((i) => args[i]!.type.kind === 'ptr') : which;
  return sortedUnion(idx.filter((i) => i >= 0 && i < args.length).map((i) => memory(pt, args[i]!)));
}

/** The effect of calling declaration `g` at `call` (its library model, or escaped memory if unknown). */
export function externCallAccess(pt: PointsTo, call: Instruction, g: Func): Access {
  const model = pt.modelOf(g);
  if (!model) return unknown(pt);
  const args = callArgs(call);
  const extra: number[] = [];
  if (model.alloc || model.allocOut !== undefined) {
    const heap = pt.objectOf(call);
    if (heap !== undefined) extra.push(pt.canonical(heap));
  }
  if (model.retStatic !== undefined) {
    const s = pt.staticObject(model.retStatic);
    if (s !== undefined) extra.push(pt.canonical(s));
  }
  const ex = [...new Set(extra)].sort((a, b) => a - b);
  return {
    defs: sortedUnion([argPointees(pt, args, model.writes), ex]),
    uses: sortedUnion([argPointees(pt, args, model.reads), model.retStatic !== undefined ? ex : []]),
  };
}

const memo = new WeakMap<PointsTo, (Access | undefined)[]>();

/**
 * The instruction's own accesses; for calls only the declared / unknown targets are included.
 * Memoised per points-to solution: the mod/ref summaries and the memory effects both ask for every
 * instruction.
 */
export function ownAccess(pt: PointsTo, inst: Instruction): Access {
  let byId = memo.get(pt);
  if (!byId) memo.set(pt, (byId = new Array<Access | undefined>(moduleIndex(pt.module).instCount)));
  return (byId[inst.id] ??= computeOwnAccess(pt, inst));
}

function computeOwnAccess(pt: PointsTo, inst: Instruction): Access {
  const ops = inst.operands;
  switch (inst.op) {
    case 'load':
      return { defs: NONE, uses: memory(pt, ops[0]!) };
    case 'store': {
      const locs = memory(pt, ops[1]!);
      const only = locs.length === 1 ? locs[0]! : -1;
      const strong = only >= 0 && pt.objects[only]!.strong && sameScalar(ops[0]!.type, objectType(pt, only)) ? only : undefined;
      return strong === undefined ? { defs: locs, uses: NONE } : { defs: locs, uses: NONE, strong };
    }
    case 'atomicrmw':
    case 'cmpxchg': {
      const locs = memory(pt, ops[0]!);
      return { defs: locs, uses: locs };
    }
    case 'va_arg': {
      const list = memory(pt, ops[0]!);
      const area = sortedUnion(list.map((o) => pt.contentsOf(o)).map((c) => c.filter((o) => pt.objects[o]!.kind === ObjKind.VaArea)));
      return { defs: list, uses: sortedUnion([list, area]) };
    }
    case 'call':
    case 'invoke': {
      const parts: Access[] = [];
      if (pt.callsUnknown(inst)) parts.push(unknown(pt));
      for (const g of pt.callees(inst)) if (g.isDeclaration) parts.push(externCallAccess(pt, inst, g));
      if (parts.length === 0) return NO_ACCESS;
      if (parts.length === 1) return parts[0]!;
      return { defs: sortedUnion(parts.map((p) => p.defs)), uses: sortedUnion(parts.map((p) => p.uses)) };
    }
    default:
      return NO_ACCESS;
  }
}
