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
//     carry 7,000 bits across every block). Such locations defined by the same instructions have the
//     same answer everywhere: they form one class and share their definition arrays.
// One dataflow pass over the blocks in reverse post-order serves both kinds.

import type { Func, Instruction, Module } from '../ir/model.js';
import { cfgOf } from './cfg.js';
import { sortedUnion } from './access.js';
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
/** The definitions of a used location nothing in the function defines. */
const ONLY_ENTRY: readonly number[] = [ENTRY];

/**
 * Per-location scratch tables, shared by every solve (one function at a time): arrays indexed by
 * location id where a solve used to build Maps and Sets per function (and clear one per block). An
 * entry is valid when its stamp is the current one; stamps only grow, so nothing needs resetting.
 */
class LocScratch {
  stamp = 0;
  used: Int32Array = new Int32Array(0);
  killable: Int32Array = new Int32Array(0);
  /** Index into the solve's weak / killable lists, valid with `used`'s stamp. */
  slot: Int32Array = new Int32Array(0);

  private buffer = new Uint32Array(1024);
  /** `n` zeroed words for one solve's bit vectors (the buffer is reused: one allocation, not five per function). */
  words(n: number): Uint32Array {
    if (this.buffer.length < n) this.buffer = new Uint32Array(Math.max(n, this.buffer.length * 2));
    else this.buffer.fill(0, 0, n);
    return this.buffer;
  }

  ensure(n: number): void {
    if (this.used.length >= n) return;
    const grow = (a: Int32Array): Int32Array => {
      const b = new Int32Array(Math.max(n, a.length * 2));
      b.set(a);
      return b;
    };
    this.used = grow(this.used);
    this.killable = grow(this.killable);
    this.slot = grow(this.slot);
  }
}
const scratch = new LocScratch();

function solve(me: MemoryEffects, fn: Func): { usesOf: InstTable<readonly number[]>; result: InstTable<readonly (readonly number[])[]> } {
  const cfg = cfgOf(fn);
  const nb = fn.blocks.length;
  const exitUses = me.exitUses(fn);
  const sc = scratch;
  sc.ensure(me.pointsTo.objects.length);
  const fnStamp = ++sc.stamp;

  // Uses, and the locations that matter.
  const usesOf = new InstTable<readonly number[]>(fn);
  const usedList: number[] = [];
  const strongStores: number[] = [];
  for (const b of fn.blocks) {
    for (const inst of b.instructions) {
      const a = me.of(inst);
      if (a.strong !== undefined) strongStores.push(a.strong);
      const uses = inst.op === 'ret' && exitUses.length ? sortedUnion([a.uses, exitUses]) : a.uses;
      if (uses.length === 0) continue;
      usesOf.set(inst, uses);
      for (const loc of uses) {
        if (loc >= sc.used.length) sc.ensure(loc + 1);
        if (sc.used[loc] === fnStamp) continue;
        sc.used[loc] = fnStamp;
        usedList.push(loc);
      }
    }
  }
  const killable: number[] = [];
  for (const s of strongStores) {
    if (sc.used[s] === fnStamp && sc.killable[s] !== fnStamp) {
      sc.killable[s] = fnStamp;
      killable.push(s);
    }
  }

  // Definitions. Bits: one per instruction defining a used location that is not killable; for each
  // killable location an ENTRY bit and one bit per definition of it.
  let nbits = 0;
  const instBit = new InstTable<number>(fn);
  /** Per non-killable used location with a definition (its slot): defining instructions' ids and bits. */
  const weakIds: number[][] = [];
  const weakBits: number[][] = [];
  /** Per killable location (its slot): its bits, ENTRY's first; `bitSite` maps those bits to the definition. */
  const killBits: number[][] = [];
  const bitSite: number[] = [];
  const pairBits = new InstTable<number[]>(fn); // loc, bit, loc, bit, ...
  /** The slot of a used location: >= 0 killable, < -1 weak with definitions (-2 - index), -1 neither. */
  for (const loc of usedList) sc.slot[loc] = -1;
  for (const loc of killable) {
    sc.slot[loc] = killBits.length;
    killBits.push([nbits]);
    bitSite[nbits++] = ENTRY;
  }
  for (const b of fn.blocks) {
    for (const inst of b.instructions) {
      const defs = me.of(inst).defs;
      for (const loc of defs) {
        if (sc.used[loc] !== fnStamp) continue;
        const slot = sc.slot[loc]!;
        if (slot >= 0) {
          killBits[slot]!.push(nbits);
          bitSite[nbits] = inst.id;
          let mine = pairBits.get(inst);
          if (!mine) pairBits.set(inst, (mine = []));
          mine.push(loc, nbits++);
          continue;
        }
        let bit = instBit.get(inst);
        if (bit === undefined) instBit.set(inst, (bit = nbits++));
        let w = slot;
        if (w === -1) {
          w = -2 - weakIds.length;
          sc.slot[loc] = w;
          weakIds.push([]);
          weakBits.push([]);
        }
        weakIds[-2 - w]!.push(inst.id);
        weakBits[-2 - w]!.push(bit);
      }
    }
  }

  // Weak locations with the same defining instructions have the same reaching definitions everywhere
  // (a definition of one is a definition of all): one class for them, whose arrays they share, so a call
  // that reads hundreds of locations its callees write reads a few arrays (and data dependence makes a
  // few segments). Classes by a hash of the id list, confirmed element by element.
  const { classOf, classIds, classBits } = internClasses(weakIds, weakBits);

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
    for (let k = 0; k < mine.length; k += 2) {
      const loc = mine[k]!;
      if (loc === strong) {
        for (const other of killBits[sc.slot[loc]!]!) {
          clear(state, base, other);
          if (kill) set(kill, base, other);
        }
      }
      set(state, base, mine[k + 1]!);
    }
  };

  // Block transfer functions: out = (in & ~kill) | gen.
  const size = nb * W;
  const words = sc.words(4 * size + W);
  const gen = words.subarray(0, size);
  const kill = words.subarray(size, 2 * size);
  const inS = words.subarray(2 * size, 3 * size);
  const outS = words.subarray(3 * size, 4 * size);
  if (W > 0) {
    for (const b of fn.blocks) for (const inst of b.instructions) define(inst, gen, b.index * W, kill);
    const entryBase = cfg.entry.index * W;
    for (const bits of killBits) set(inS, entryBase, bits[0]!);
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
  // class reached by all its definitions (the common case) shares one array.
  const nc = classIds.length;
  const allDefs: (readonly number[] | undefined)[] = new Array(nc).fill(undefined);
  const lastSome: (readonly number[] | undefined)[] = new Array(nc).fill(undefined);
  const lastMulti: (readonly number[] | undefined)[] = new Array(killBits.length).fill(undefined);
  const singles: (readonly number[] | undefined)[] = new Array(nbits).fill(undefined); // bit of a killable location -> [its definition]
  const result = new InstTable<readonly (readonly number[])[]>(fn);
  const state = words.subarray(4 * size, 4 * size + W);
  const has = (bit: number): boolean => (state[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  /** The definitions of killable location slot `slot` in the current state. */
  const reachingKillable = (slot: number): readonly number[] => {
    const kb = killBits[slot]!;
    // Mostly one definition, the last store (a local variable at -O0): one array per definition.
    let only = -1;
    for (const bit of kb) {
      if (!has(bit)) continue;
      if (only >= 0) {
        const defs = kb.filter(has).map((b) => bitSite[b]!);
        const last = lastMulti[slot];
        if (last && last.length === defs.length && last.every((d, k) => d === defs[k])) return last;
        lastMulti[slot] = defs;
        return defs;
      }
      only = bit;
    }
    if (only < 0) return NONE; // unreachable
    return (singles[only] ??= [bitSite[only]!]);
  };
  /** The definitions of weak class `c` in the current state: ENTRY, then its definitions that reach. */
  const reachingWeak = (c: number): readonly number[] => {
    const bits = classBits[c]!;
    let n = 0;
    for (let k = 0; k < bits.length; k++) if (has(bits[k]!)) n++;
    const ids = classIds[c]!;
    if (n === bits.length) return (allDefs[c] ??= [ENTRY, ...ids]);
    // The same partial set as the last one of this class (the next block often has it too): that
    // array again, which also lets data dependence share its segments.
    const last = lastSome[c];
    if (last && last.length === n + 1) {
      let same = true;
      for (let k = 0, j = 1; k < bits.length && same; k++) if (has(bits[k]!)) same = last[j++] === ids[k];
      if (same) return last;
    }
    const some: number[] = new Array(n + 1);
    some[0] = ENTRY;
    for (let k = 0, j = 1; k < bits.length; k++) if (has(bits[k]!)) some[j++] = ids[k]!;
    lastSome[c] = some;
    return some;
  };
  // Within a block, uses of a killable location or weak class with no definition of it in between share
  // one array too: since[key] holds while sinceStamp[key] is the block's stamp (a definition resets it).
  // Keys: a killable location's slot, or killBits.length + its class for a weak one.
  const nk = killBits.length;
  const keyOf = (loc: number): number => {
    const slot = sc.slot[loc]!;
    return slot >= 0 ? slot : slot === -1 ? -1 : nk + classOf[-2 - slot]!;
  };
  const sinceStamp = new Int32Array(nk + nc);
  const since: (readonly number[] | undefined)[] = new Array(nk + nc).fill(undefined);
  for (const b of fn.blocks) {
    if (!cfg.reachable(b)) continue;
    state.set(inS.subarray(b.index * W, b.index * W + W));
    const blockStamp = ++sc.stamp;
    for (const inst of b.instructions) {
      const uses = usesOf.get(inst);
      if (uses) {
        const defs: (readonly number[])[] = new Array(uses.length);
        for (let i = 0; i < uses.length; i++) {
          const key = keyOf(uses[i]!);
          if (key < 0) {
            defs[i] = ONLY_ENTRY;
            continue;
          }
          if (sinceStamp[key] === blockStamp) {
            defs[i] = since[key]!;
            continue;
          }
          const r = key < nk ? reachingKillable(key) : reachingWeak(key - nk);
          defs[i] = r;
          since[key] = r;
          sinceStamp[key] = blockStamp;
        }
        result.set(inst, defs);
      }
      if (instBit.get(inst) !== undefined || pairBits.get(inst)) {
        for (const loc of me.of(inst).defs) {
          if (sc.used[loc] !== fnStamp) continue;
          const key = keyOf(loc);
          if (key >= 0) sinceStamp[key] = 0;
        }
      }
      define(inst, state, 0);
    }
  }

  return { usesOf, result };
}

interface WeakClasses {
  /** The class of each weak location slot. */
  readonly classOf: Int32Array;
  /** Per class: the defining instructions' ids, and their bits (those of any member location). */
  readonly classIds: readonly (readonly number[])[];
  readonly classBits: readonly (readonly number[])[];
}

/** Groups weak location slots whose defining instruction lists are equal (their bit lists then are too). */
function internClasses(weakIds: readonly (readonly number[])[], weakBits: readonly (readonly number[])[]): WeakClasses {
  const classOf = new Int32Array(weakIds.length);
  const classIds: (readonly number[])[] = [];
  const classBits: (readonly number[])[] = [];
  const byHash = new Map<number, number[]>(); // hash -> classes with it
  for (let w = 0; w < weakIds.length; w++) {
    const ids = weakIds[w]!;
    let h = ids.length;
    for (const id of ids) h = (Math.imul(h, 31) + id) | 0;
    let bucket = byHash.get(h);
    if (!bucket) byHash.set(h, (bucket = []));
    let c = -1;
    for (const k of bucket) {
      const other = classIds[k]!;
      if (other.length === ids.length && other.every((x, i) => x === ids[i])) {
        c = k;
        break;
      }
    }
    if (c < 0) {
      c = classIds.length;
      classIds.push(ids);
      classBits.push(weakBits[w]!);
      bucket.push(c);
    }
    classOf[w] = c;
  }
  return { classOf, classIds, classBits };
}
