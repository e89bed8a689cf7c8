// Reaching definitions over memory, per function, on the abstract locations of points-to.ts.
//
// A definition is an instruction whose may-def set contains the location (memory-effects.ts: stores,
// atomics, memcpy/memset and other library writes, calls through their callees' mod summaries); the
// function entry is a definition of every location too (ENTRY = -1: the value the caller or the
// initial memory supplied). A store that is a strong update of a location (the pointer can point to
// that one scalar, non-heap object only) kills every other definition of it; every other definition
// is weak: it adds itself and kills nothing. Uses are the may-use sets, plus, at a `ret`, the
// locations the function's callers can observe (its mod summary). Classic bit-vector dataflow over
// the blocks in reverse post-order, all locations at once: one bit per (definition, location) pair
// and one ENTRY bit per location, for the locations the function uses.

import type { BasicBlock, Func, Instruction, Module } from '../../../src/ir/model.js';
import { cfgOf } from '../../../src/analysis/cfg.js';
import { memoryEffectsOf, type MemoryEffects } from '../../../src/analysis/memory-effects.js';

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

const EMPTY_MAP: ReadonlyMap<number, readonly number[]> = new Map();

function compute(me: MemoryEffects, fn: Func): ReachingDefs {
  const cfg = cfgOf(fn);
  const nb = fn.blocks.length;
  const blockIndex = new Map<BasicBlock, number>();
  fn.blocks.forEach((b, i) => blockIndex.set(b, i));
  const exitUses = me.exitUses(fn);

  // Uses, and the locations that matter.
  const usesOf = new Map<Instruction, readonly number[]>();
  const locBits = new Map<number, number[]>(); // used location -> its bits, ENTRY's first
  const bitSite: number[] = []; // bit -> defining instruction id, or ENTRY
  for (const b of fn.blocks) {
    for (const inst of b.instructions) {
      const a = me.of(inst);
      const uses = inst.op === 'ret' && exitUses.length ? mergeSorted(a.uses, exitUses) : a.uses;
      if (uses.length === 0) continue;
      usesOf.set(inst, uses);
      for (const loc of uses) {
        if (locBits.has(loc)) continue;
        locBits.set(loc, [bitSite.length]);
        bitSite.push(ENTRY);
      }
    }
  }
  // Definitions: every site for defSites, a bit per (site, used location).
  const defSites = new Map<number, Instruction[]>();
  const defBits = new Map<Instruction, [loc: number, bit: number][]>();
  for (const b of fn.blocks) {
    for (const inst of b.instructions) {
      const defs = me.of(inst).defs;
      if (defs.length === 0) continue;
      const mine: [number, number][] = [];
      for (const loc of defs) {
        let sites = defSites.get(loc);
        if (!sites) defSites.set(loc, (sites = []));
        sites.push(inst);
        const bits = locBits.get(loc);
        if (!bits) continue;
        bits.push(bitSite.length);
        mine.push([loc, bitSite.length]);
        bitSite.push(inst.id);
      }
      if (mine.length) defBits.set(inst, mine);
    }
  }

  const W = (bitSite.length + 31) >>> 5;
  const set = (arr: Uint32Array, base: number, bit: number): void => {
    arr[base + (bit >>> 5)]! |= 1 << (bit & 31);
  };
  const clear = (arr: Uint32Array, base: number, bit: number): void => {
    arr[base + (bit >>> 5)]! &= ~(1 << (bit & 31));
  };
  /** Applies instruction `inst`'s definitions to a state (gen side), also recording kills. */
  const define = (inst: Instruction, state: Uint32Array, base: number, kill?: Uint32Array): void => {
    const mine = defBits.get(inst);
    if (!mine) return;
    const strong = me.of(inst).strong;
    for (const [loc, bit] of mine) {
      if (loc === strong) {
        for (const other of locBits.get(loc)!) {
          clear(state, base, other);
          if (kill) set(kill, base, other);
        }
      }
      set(state, base, bit);
    }
  };

  // Block transfer functions: out = (in & ~kill) | gen.
  const gen = new Uint32Array(nb * W);
  const kill = new Uint32Array(nb * W);
  fn.blocks.forEach((b, bi) => {
    for (const inst of b.instructions) define(inst, gen, bi * W, kill);
  });
  const inS = new Uint32Array(nb * W);
  const outS = new Uint32Array(nb * W);
  const entryBase = blockIndex.get(cfg.entry)! * W;
  for (const bits of locBits.values()) set(inS, entryBase, bits[0]!);
  const order = cfg.rpo.map((b) => blockIndex.get(b)!);
  const predIdx = fn.blocks.map((b) => cfg.preds(b).map((p) => blockIndex.get(p)!));
  for (let changed = true; changed; ) {
    changed = false;
    for (const bi of order) {
      const base = bi * W;
      for (const p of predIdx[bi]!) {
        const pb = p * W;
        for (let w = 0; w < W; w++) inS[base + w]! |= outS[pb + w]!;
      }
      for (let w = 0; w < W; w++) {
        const v = ((inS[base + w]! & ~kill[base + w]!) | gen[base + w]!) >>> 0;
        if (v !== outS[base + w]) {
          outS[base + w] = v;
          changed = true;
        }
      }
    }
  }

  // Each block's instructions in order, from its in-set: record at uses, apply definitions.
  const result = new Map<Instruction, Map<number, readonly number[]>>();
  const state = new Uint32Array(W);
  const has = (bit: number): boolean => (state[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  fn.blocks.forEach((b, bi) => {
    if (!cfg.reachable(b)) return;
    state.set(inS.subarray(bi * W, bi * W + W));
    for (const inst of b.instructions) {
      const uses = usesOf.get(inst);
      if (uses) {
        const m = new Map<number, readonly number[]>();
        for (const loc of uses) m.set(loc, locBits.get(loc)!.filter(has).map((bit) => bitSite[bit]!));
        result.set(inst, m);
      }
      define(inst, state, 0);
    }
  });

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
