// The walks' shared memos (issue 19). Every path records its own events, so what an event caches
// (ev.value, ev.conj, ev.writes) served one walk only, and each walk rebuilt, for every event of its
// suffix, the same terms and the same rewrites of the same conjuncts as the walk of the path before it:
// adjacent DFS paths run the same suffix instructions over mostly the same preconditions. Both are pure
// functions of hash-consed inputs, so they are memoised here across walks:
//   - TermMemo: an instruction's terms (a load's value, a store's writes, an access's checks, a branch's
//     condition) by (instruction, frame depth, region, pinned address, successor) — every walk through
//     such an event builds the same ones (semantics.ts reads only those);
//   - SubstMemo: a Substituter (with its memo of rewritten nodes) per substitution *content* (each
//     substituted leaf and its rewrite, by the hash-consed ids of the terms): a conjunct the previous
//     walk rewrote through the same substitution is a lookup, not a rebuild.
// Results are identical to rebuilding (same builders, same inputs, hash-consed outputs), so nothing about
// what is learnt or pruned changes. Both memos are bounded: cleared when they grow past a limit (the
// hash-consing tables keep the nodes alive anyway; the memos only hold the maps).

import type { ArrayDecl, Expr } from '../../expr/expr.js';
import { Substituter, type MemWrite, type Rewrite, type Subst } from './subst.js';

/** Memo entries (nodes rewritten, summed over the substituters) beyond which SubstMemo starts over. */
const MAX_SUBST_ENTRIES = 1_000_000;
/** Distinct substitutions kept before starting over. */
const MAX_SUBSTITUTERS = 200_000;

const writesKeys = new WeakMap<readonly MemWrite[], string>();

function writesKey(ws: readonly MemWrite[]): string {
  let k = writesKeys.get(ws);
  if (k === undefined) {
    k = 'w';
    for (const w of ws) k += `${w.index.id}.${w.value.id},`;
    writesKeys.set(ws, k);
  }
  return k;
}

function rewriteKey(rw: Rewrite): string | null {
  switch (rw.kind) {
    case 'value':
      return `v${rw.value.id}`;
    case 'bool':
      return `b${rw.value.id}`;
    case 'zero':
      return `z${rw.array.id}`;
    case 'writes':
      return writesKey(rw.writes);
    case 'memory':
      return null; // a check's state memory: a closure, never shared
  }
}

export class SubstMemo {
  private readonly subs = new Map<string, Substituter>();
  private lookups = 0;
  hits = 0;
  misses = 0;

  /** The substituter of `sigma`, shared with every earlier substitution of the same content. */
  of(sigma: Subst): Substituter {
    let key = '';
    for (const [a, rw] of sigma) {
      const k = rewriteKey(rw);
      if (k === null) return new Substituter(sigma);
      key += `${a.id}=${k};`;
    }
    if ((++this.lookups & 65535) === 0 || this.subs.size >= MAX_SUBSTITUTERS) this.bound();
    let sub = this.subs.get(key);
    if (sub === undefined) {
      this.misses++;
      sub = new Substituter(sigma);
      this.subs.set(key, sub);
    } else this.hits++;
    return sub;
  }

  private readonly ones = new Map<number, Map<number, Substituter>>();

  /** The substituter of the one leaf `a` ↦ `value` (a def, load or ret: the commonest step), found by
   *  ids without building a key. */
  one(a: ArrayDecl, value: Expr): Substituter {
    if ((++this.lookups & 65535) === 0) this.bound();
    let byValue = this.ones.get(a.id);
    if (byValue === undefined) this.ones.set(a.id, (byValue = new Map()));
    let sub = byValue.get(value.id);
    if (sub === undefined) {
      sub = this.of(new Map([[a, { kind: 'value', value }]]));
      byValue.set(value.id, sub);
    } else this.hits++;
    return sub;
  }

  private bound(): void {
    let n = this.subs.size;
    if (n < MAX_SUBSTITUTERS) for (const s of this.subs.values()) n += s.size;
    if (n >= MAX_SUBST_ENTRIES || this.subs.size >= MAX_SUBSTITUTERS) {
      this.subs.clear();
      this.ones.clear();
    }
  }
}

/** What a TermMemo entry is for (one instruction has several: a load's value and its checks). */
export const enum TermTag {
  Def,
  Checks,
  LoadValue,
  Access,
  StoreWrites,
  Branch,
}

interface TermEntry {
  readonly tag: TermTag;
  readonly depth: number;
  /** The region's array, the successor's index or the pinned address: what else the terms read. */
  readonly a: unknown;
  readonly b: number;
  readonly value: unknown;
}

/**
 * Terms of an instruction at a frame depth (and region, pinned address or successor), built once per
 * run. Found by the instruction object and a scan of its few entries: no key string per event (the
 * walks look up several per event, and building keys was a visible share of their allocations).
 */
export class TermMemo {
  private readonly map = new Map<object, TermEntry[]>();

  get<T>(inst: object, tag: TermTag, depth: number, a: unknown, b: number, make: () => T): T {
    let list = this.map.get(inst);
    if (list === undefined) this.map.set(inst, (list = []));
    for (let i = 0; i < list.length; i++) {
      const e = list[i]!;
      if (e.tag === tag && e.depth === depth && e.a === a && e.b === b) return e.value as T;
    }
    const value = make();
    list.push({ tag, depth, a, b, value });
    return value;
  }
}
