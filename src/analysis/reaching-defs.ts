// Reaching definitions over memory, per function, on the abstract locations of points-to.ts.
//
// A definition is an instruction whose may-def set contains the location (memory-effects.ts: stores,
// atomics, memcpy/memset and other library writes, calls through their callees' mod summaries); the
// function entry is a definition of every location too (ENTRY = -1: the value the caller or the
// initial memory supplied). A store that is a strong update of a location (the pointer can point to
// that one scalar, non-heap object only) kills every other definition of it; every other definition
// is weak: it adds itself and kills nothing. Uses are the may-use sets, plus, at a `ret`, the
// locations the function's callers can observe (its mod summary).
//
// Only the used locations matter, and they come in two sorts:
//   - killable: some store of this function strongly updates it (in practice a scalar local or global).
//     Classic bit-vector dataflow, one bit per (definition, location) pair and one ENTRY bit each.
//   - the rest (escaped memory, heap, aggregates — most of them): nothing kills a definition, so a
//     definition of the location reaches u exactly when the defining instruction reaches u, whatever
//     it defines. One bit per defining *instruction* serves all its locations, and ENTRY reaches every
//     reachable instruction. This keeps the bit vectors small in functions full of calls, each of which
//     defines every location in its callees' mod summaries (the pair-per-bit form made du's `main`
//     carry 7,000 bits across every block).
// One dataflow pass over the blocks in reverse post-order serves both kinds.

import type { Func, Instruction, Module } from '../ir/model.js';
import { cfgOf } from './cfg.js';
import { memoryEffectsOf, type MemoryEffects } from './memory-effects.js';
import { InstTable } from './module-index.js';

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
  /** The reaching definitions of each location of `usesOf(u)`, in the same order (no map built). */
  defsAt(u: Instruction): readonly (readonly number[])[];
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

const NONE: readonly number[] = [];
const EMPTY_MAP: ReadonlyMap<number, readonly number[]> = new Map();

function compute(me: MemoryEffects, fn: Func): ReachingDefs {
  // The solver's working state (bit assignments, per-location definition lists, the closures over
  // them) lives in solve() and dies with it: only the answers are kept.
  const { usesOf, result } = solve(me, fn);
  const maps = new Map<Instruction, ReadonlyMap<number, readonly number[]>>();
  let sites: Map<number, Instruction[]> | undefined;
  const at = (u: Instruction, loc: number): readonly number[] => {
    const defs = result.get(u);
    if (!defs) return NONE;
    const i = usesOf.get(u)!.indexOf(loc);
    return i < 0 ? NONE : defs[i]!;
  };
  return {
    fn,
    at,
    all(u) {
      let r = maps.get(u);
      if (!r) {
        const defs = result.get(u);
        if (!defs) return EMPTY_MAP;
        const uses = usesOf.get(u)!;
        r = new Map(uses.map((loc, i) => [loc, defs[i]!]));
        maps.set(u, r);
      }
      return r;
    },
    usesOf: (u) => usesOf.get(u) ?? NONE,
    defsAt: (u) => result.get(u) ?? NONE_DEFS,
    defSites(loc) {
      // Built on first request: every location a call's callees may write, unused ones included, is a
      // large table few clients want.
      if (!sites) {
        sites = new Map();
        for (const b of fn.blocks) {
          for (const inst of b.instructions) {
            for (const l of me.of(inst).defs) {
              let list = sites.get(l);
              if (!list) sites.set(l, (list = []));
              list.push(inst);
            }
          }
        }
      }
      return sites.get(loc) ?? [];
    },
  };
}

const NONE_DEFS: readonly (readonly number[])[] = [];

function solve(me: MemoryEffects, fn: Func): { usesOf: InstTable<readonly number[]>; result: InstTable<readonly (readonly number[])[]> } {
  const cfg = cfgOf(fn);
  const nb = fn.blocks.length;
  const exitUses = me.exitUses(fn);

  // Uses, and the locations that matter.
  const usesOf = new InstTable<readonly number[]>(fn);
  const used = new Set<number>();
  for (const b of fn.blocks) {
    for (const inst of b.instructions) {
      const a = me.of(inst);
      const uses = inst.op === 'ret' && exitUses.length ? mergeSorted(a.uses, exitUses) : a.uses;
      if (uses.length === 0) continue;
      usesOf.set(inst, uses);
      for (const loc of uses) used.add(loc);
    }
  }
  const killable = new Set<number>();
  for (const b of fn.blocks) {
    for (const inst of b.instructions) {
      const s = me.of(inst).strong;
      if (s !== undefined && used.has(s)) killable.add(s);
    }
  }

  // Definitions. Bits: one per instruction defining a used location that is not killable; for each
  // killable location an ENTRY bit and one bit per definition of it.
  let nbits = 0;
  const instBit = new Map<Instruction, number>();
  /** Per non-killable used location: its defining instructions' ids and bits, in block order. */
  const weakDefs = new Map<number, { ids: number[]; bits: number[] }>();
  /** Per killable location: its bits, ENTRY's first; `bitSite` maps those bits to the definition. */
  const killBits = new Map<number, number[]>();
  const bitSite = new Map<number, number>();
  const pairBits = new Map<Instruction, [loc: number, bit: number][]>();
  for (const loc of killable) {
    killBits.set(loc, [nbits]);
    bitSite.set(nbits++, ENTRY);
  }
  for (const b of fn.blocks) {
    for (const inst of b.instructions) {
      const defs = me.of(inst).defs;
      for (const loc of defs) {
        if (!used.has(loc)) continue;
        const kb = killBits.get(loc);
        if (kb) {
          kb.push(nbits);
          bitSite.set(nbits, inst.id);
          let mine = pairBits.get(inst);
          if (!mine) pairBits.set(inst, (mine = []));
          mine.push([loc, nbits++]);
          continue;
        }
        let bit = instBit.get(inst);
        if (bit === undefined) instBit.set(inst, (bit = nbits++));
        let w = weakDefs.get(loc);
        if (!w) weakDefs.set(loc, (w = { ids: [], bits: [] }));
        w.ids.push(inst.id);
        w.bits.push(bit);
      }
    }
  }

  const W = (nbits + 31) >>> 5;
  const set = (arr: Uint32Array, base: number, bit: number): void => {
    arr[base + (bit >>> 5)]! |= 1 << (bit & 31);
  };
  const clear = (arr: Uint32Array, base: number, bit: number): void => {
    arr[base + (bit >>> 5)]! &= ~(1 << (bit & 31));
  };
  /** Applies instruction `inst`'s definitions to a state (gen side), also recording kills. */
  const define = (inst: Instruction, state: Uint32Array, base: number, kill?: Uint32Array): void => {
    const bit = instBit.get(inst);
    if (bit !== undefined) set(state, base, bit);
    const mine = pairBits.get(inst);
    if (!mine) return;
    const strong = me.of(inst).strong;
    for (const [loc, bit] of mine) {
      if (loc === strong) {
        for (const other of killBits.get(loc)!) {
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
  const inS = new Uint32Array(nb * W);
  const outS = new Uint32Array(nb * W);
  if (W > 0) {
    for (const b of fn.blocks) for (const inst of b.instructions) define(inst, gen, b.index * W, kill);
    const entryBase = cfg.entry.index * W;
    for (const bits of killBits.values()) set(inS, entryBase, bits[0]!);
    const order = cfg.rpo.map((b) => b.index);
    const predIdx = fn.blocks.map((b) => cfg.preds(b).map((p) => p.index));
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
  }

  // Each block's instructions in order, from its in-set: record at uses, apply definitions. A weak
  // location reached by all its definitions (the common case) shares one array.
  const allDefs = new Map<number, readonly number[]>();
  const reachedByAll = (loc: number, ids: readonly number[]): readonly number[] => {
    let r = allDefs.get(loc);
    if (!r) allDefs.set(loc, (r = [ENTRY, ...ids]));
    return r;
  };
  const ONLY_ENTRY: readonly number[] = [ENTRY];
  const singles = new Map<number, readonly number[]>(); // bit of a killable location -> [its definition]
  const result = new InstTable<readonly (readonly number[])[]>(fn);
  const state = new Uint32Array(W);
  const has = (bit: number): boolean => (state[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  /** The definitions of `loc` in the current state. */
  const reachingAt = (loc: number): readonly number[] => {
    const kb = killBits.get(loc);
    if (kb) {
      // Mostly one definition, the last store (a local variable at -O0): one array per definition.
      let only = -1;
      for (const bit of kb) {
        if (!has(bit)) continue;
        if (only >= 0) return kb.filter(has).map((b) => bitSite.get(b)!);
        only = bit;
      }
      if (only < 0) return NONE; // unreachable
      let single = singles.get(only);
      if (!single) singles.set(only, (single = [bitSite.get(only)!]));
      return single;
    }
    const w = weakDefs.get(loc);
    if (!w) return ONLY_ENTRY;
    let n = 0;
    for (const bit of w.bits) if (has(bit)) n++;
    if (n === w.bits.length) return reachedByAll(loc, w.ids);
    const some: number[] = new Array(n + 1);
    some[0] = ENTRY;
    for (let k = 0, j = 1; k < w.bits.length; k++) if (has(w.bits[k]!)) some[j++] = w.ids[k]!;
    return some;
  };
  // Within a block, uses of a location with no definition of it in between share one array too.
  const sinceLastDef = new Map<number, readonly number[]>();
  for (const b of fn.blocks) {
    if (!cfg.reachable(b)) continue;
    state.set(inS.subarray(b.index * W, b.index * W + W));
    sinceLastDef.clear();
    for (const inst of b.instructions) {
      const uses = usesOf.get(inst);
      if (uses) {
        const defs: (readonly number[])[] = new Array(uses.length);
        for (let i = 0; i < uses.length; i++) {
          const loc = uses[i]!;
          const same = sinceLastDef.get(loc);
          if (same) {
            defs[i] = same;
            continue;
          }
          defs[i] = reachingAt(loc);
          sinceLastDef.set(loc, defs[i]!);
        }
        result.set(inst, defs);
      }
      if (instBit.has(inst) || pairBits.has(inst)) for (const loc of me.of(inst).defs) sinceLastDef.delete(loc);
      define(inst, state, 0);
    }
  }

  return { usesOf, result };
}

function mergeSorted(a: readonly number[], b: readonly number[]): readonly number[] {
  if (a.length === 0) return b;
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}
