// Reaching definitions over memory, per function, on the abstract locations of points-to.ts.
//
// A definition is an instruction whose may-def set contains the location (memory-effects.ts: stores,
// atomics, memcpy/memset and other library writes, calls through their callees' mod summaries); the
// function entry is a definition of every location too (ENTRY = -1: the value the caller or the
// initial memory supplied). A store that is a strong update of a location (the pointer can point to
// that one scalar, non-heap object only) kills every other definition of it; every other definition
// is weak: it adds itself and kills nothing. Uses are the may-use sets, plus, at a `ret`, the
// locations the function's callers can observe (its mod summary). Classic bit-vector dataflow over
// the blocks in reverse post-order, one location at a time, locations without uses skipped.

import type { BasicBlock, Func, Instruction, Module } from '../ir/model.js';
import { cfgOf } from './cfg.js';
import { memoryEffectsOf, type MemoryEffects } from './memory-effects.js';

/** The definition standing for the value a location had when the function was entered. */
export const ENTRY = -1;

export interface ReachingDefs {
  readonly fn: Func;
  /** Definitions (instruction ids, or ENTRY) of `loc` that may reach `u` (before `u` executes). */
  at(u: Instruction, loc: number): readonly number[];
  /** Every used location of `u` with its reaching definitions. */
  all(u: Instruction): ReadonlyMap<number, readonly number[]>;
  /** The locations `u` reads (may-use set, plus the caller-visible locations at a ret). */
  usesOf(u: Instruction): readonly number[];
  /** The instructions of this function that may define `loc`, in block order. */
  defSites(loc: number): readonly Instruction[];
}

const cache = new WeakMap<Func, ReachingDefs>();

export function reachingDefsOf(m: Module, fn: Func): ReachingDefs {
  let rd = cache.get(fn);
  if (!rd) {
    rd = compute(memoryEffectsOf(m), fn);
    cache.set(fn, rd);
  }
  return rd;
}

interface Event {
  readonly inst: Instruction;
  readonly block: number;
  /** def index (1-based in the location's def list) or 0 for a use */
  readonly def: number;
  readonly strong: boolean;
}

const EMPTY_MAP: ReadonlyMap<number, readonly number[]> = new Map();
const ENTRY_ONLY: readonly number[] = [ENTRY];

function compute(me: MemoryEffects, fn: Func): ReachingDefs {
  const cfg = cfgOf(fn);
  const blockIndex = new Map<BasicBlock, number>();
  fn.blocks.forEach((b, i) => blockIndex.set(b, i));
  const exitUses = me.exitUses(fn);

  const events = new Map<number, Event[]>();
  const defSites = new Map<number, Instruction[]>();
  const usesOf = new Map<Instruction, readonly number[]>();
  const push = (loc: number, e: Event): void => {
    let list = events.get(loc);
    if (!list) events.set(loc, (list = []));
    list.push(e);
  };
  fn.blocks.forEach((b, bi) => {
    for (const inst of b.instructions) {
      const a = me.of(inst);
      const uses = inst.op === 'ret' && exitUses.length ? mergeSorted(a.uses, exitUses) : a.uses;
      if (uses.length) usesOf.set(inst, uses);
      for (const loc of uses) push(loc, { inst, block: bi, def: 0, strong: false });
      for (const loc of a.defs) {
        let sites = defSites.get(loc);
        if (!sites) defSites.set(loc, (sites = []));
        sites.push(inst);
        push(loc, { inst, block: bi, def: sites.length, strong: a.strong === loc });
      }
    }
  });

  const result = new Map<Instruction, Map<number, readonly number[]>>();
  const record = (u: Instruction, loc: number, defs: readonly number[]): void => {
    let m = result.get(u);
    if (!m) result.set(u, (m = new Map()));
    m.set(loc, defs);
  };

  const nb = fn.blocks.length;
  const order = cfg.rpo.map((b) => blockIndex.get(b)!);
  const predIdx: number[][] = fn.blocks.map((b) => cfg.preds(b).map((p) => blockIndex.get(p)!));
  for (const [loc, evs] of events) {
    const sites = defSites.get(loc);
    if (!sites) {
      for (const e of evs) record(e.inst, loc, ENTRY_ONLY);
      continue;
    }
    if (!evs.some((e) => e.def === 0)) continue;
    // bit 0 = ENTRY, bit i = sites[i-1]
    const words = (sites.length + 1 + 31) >>> 5;
    const perBlock: (Event[] | undefined)[] = new Array(nb);
    for (const e of evs) (perBlock[e.block] ??= []).push(e);
    // Block transfer: strong => out = fixed set; else out = in ∪ gen.
    const gen: (Uint32Array | undefined)[] = new Array(nb);
    const killAll = new Uint8Array(nb);
    for (let bi = 0; bi < nb; bi++) {
      const list = perBlock[bi];
      if (!list) continue;
      let g: Uint32Array | undefined;
      for (const e of list) {
        if (e.def === 0) continue;
        g ??= new Uint32Array(words);
        if (e.strong) {
          g.fill(0);
          killAll[bi] = 1;
        }
        g[e.def >>> 5]! |= 1 << (e.def & 31);
      }
      gen[bi] = g;
    }
    const inS: Uint32Array[] = [];
    const outS: Uint32Array[] = [];
    for (let bi = 0; bi < nb; bi++) {
      inS.push(new Uint32Array(words));
      outS.push(new Uint32Array(words));
    }
    const entryIdx = blockIndex.get(cfg.entry)!;
    inS[entryIdx]![0]! |= 1;
    let changed = true;
    while (changed) {
      changed = false;
      for (const bi of order) {
        const inn = inS[bi]!;
        for (const p of predIdx[bi]!) {
          const o = outS[p]!;
          for (let w = 0; w < words; w++) inn[w]! |= o[w]!;
        }
        const out = outS[bi]!;
        const g = gen[bi];
        for (let w = 0; w < words; w++) {
          const v = (killAll[bi] ? 0 : inn[w]!) | (g ? g[w]! : 0);
          if (v !== out[w]) {
            out[w] = v;
            changed = true;
          }
        }
      }
    }
    // Walk each block's events with the block's in-set.
    const state = new Uint32Array(words);
    for (let bi = 0; bi < nb; bi++) {
      const list = perBlock[bi];
      if (!list || !list.some((e) => e.def === 0)) continue;
      state.set(inS[bi]!);
      for (const e of list) {
        if (e.def === 0) {
          const ids: number[] = [];
          for (let w = 0; w < words; w++) {
            let bits = state[w]!;
            while (bits) {
              const t = bits & -bits;
              const bit = (w << 5) + 31 - Math.clz32(t);
              ids.push(bit === 0 ? ENTRY : sites[bit - 1]!.id);
              bits ^= t;
            }
          }
          record(e.inst, loc, ids);
        } else {
          if (e.strong) state.fill(0);
          state[e.def >>> 5]! |= 1 << (e.def & 31);
        }
      }
    }
  }

  const NONE: readonly number[] = [];
  return {
    fn,
    at: (u, loc) => result.get(u)?.get(loc) ?? NONE,
    all: (u) => result.get(u) ?? EMPTY_MAP,
    usesOf: (u) => usesOf.get(u) ?? NONE,
    defSites: (loc) => defSites.get(loc) ?? [],
  };
}

function mergeSorted(a: readonly number[], b: readonly number[]): readonly number[] {
  if (a.length === 0) return b;
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}
