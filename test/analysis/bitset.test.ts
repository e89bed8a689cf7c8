// BitSet (src/analysis/bitset.ts) against a Set of numbers: members, sorted output, the fresh members
// the word-wise unions report, subtraction, for sets that start anywhere and grow both ways
// (a set covers only the word range of its members).

import { describe, expect, test } from 'vitest';
import { BitSet } from '../../src/analysis/bitset.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('BitSet', () => {
  test.each([1, 2, 3, 4, 5])('agrees with a Set (seed %i)', (seed) => {
    const r = rng(seed);
    const n = 8;
    const sets = Array.from({ length: n }, () => new BitSet());
    const model = Array.from({ length: n }, () => new Set<number>());
    for (let step = 0; step < 3000; step++) {
      const i = Math.floor(r() * n);
      if (r() < 0.7) {
        // ids clustered around a per-set centre, sometimes far away
        const o = r() < 0.1 ? Math.floor(r() * 5000) : Math.max(0, 1000 * i + Math.floor((r() - 0.5) * 200));
        expect(sets[i]!.add(o)).toBe(!model[i]!.has(o));
        model[i]!.add(o);
      } else {
        const j = Math.floor(r() * n);
        const fresh = new BitSet();
        expect(sets[i]!.unionInto(sets[j]!, fresh)).toBe([...model[j]!].some((o) => !model[i]!.has(o)));
        const expected = [...model[j]!].filter((o) => !model[i]!.has(o)).sort((a, b) => a - b);
        expect(fresh.toArray()).toEqual(expected);
        for (const o of model[j]!) model[i]!.add(o);
      }
      const probe = Math.floor(r() * 6000);
      expect(sets[i]!.has(probe)).toBe(model[i]!.has(probe));
    }
    for (let i = 0; i < n; i++) expect(sets[i]!.toArray()).toEqual([...model[i]!].sort((a, b) => a - b));
  });

  test('an empty set', () => {
    const s = new BitSet();
    expect(s.has(0)).toBe(false);
    expect(s.toArray()).toEqual([]);
    const fresh = new BitSet();
    expect(s.unionInto(new BitSet(), fresh)).toBe(false);
    expect(fresh.toArray()).toEqual([]);
    expect(s.add(64)).toBe(true);
    expect(s.add(0)).toBe(true);
    expect(s.add(31)).toBe(true);
    expect(s.toArray()).toEqual([0, 31, 64]);
  });

  // The solver's word-wise operations: unions that report fresh members into another set, with or
  // without an excluded set, subtraction, and clearing for reuse.
  test.each([1, 2, 3])('word-wise operations agree with Sets (seed %i)', (seed) => {
    const r = rng(seed);
    const random = (): [BitSet, Set<number>] => {
      const b = new BitSet();
      const s = new Set<number>();
      const centre = Math.floor(r() * 4000);
      const n = Math.floor(r() * 80);
      for (let i = 0; i < n; i++) {
        const o = r() < 0.1 ? Math.floor(r() * 5000) : Math.max(0, centre + Math.floor((r() - 0.5) * 300));
        b.add(o);
        s.add(o);
      }
      return [b, s];
    };
    const sorted = (s: Set<number>): number[] => [...s].sort((a, b) => a - b);
    for (let step = 0; step < 300; step++) {
      const [a, sa] = random();
      const [b, sb] = random();
      const [fresh, sf] = random();
      const [ex, sx] = random();
      const op = step % 4;
      if (op === 0) {
        const newOnes = [...sb].filter((o) => !sa.has(o));
        expect(a.unionInto(b, fresh)).toBe(newOnes.length > 0);
        for (const o of newOnes) sf.add(o);
        for (const o of sb) sa.add(o);
      } else if (op === 1) {
        const newOnes = [...sb].filter((o) => !sa.has(o) && !sx.has(o));
        expect(a.unionIntoExcept(b, fresh, ex)).toBe(newOnes.length > 0);
        for (const o of newOnes) {
          sf.add(o);
          sa.add(o);
        }
        expect(b.toArrayExcept(ex)).toEqual(sorted(sb).filter((o) => !sx.has(o)));
      } else if (op === 2) {
        const gone = [...sa].filter((o) => sb.has(o));
        expect(a.subtract(b)).toBe(gone.length > 0);
        for (const o of gone) sa.delete(o);
      } else {
        a.or(b);
        for (const o of sb) sa.add(o);
        fresh.clear();
        sf.clear();
        expect(fresh.isEmpty()).toBe(true);
      }
      expect(a.toArray()).toEqual(sorted(sa));
      expect(fresh.toArray()).toEqual(sorted(sf));
      expect(a.isEmpty()).toBe(sa.size === 0);
    }
  });
});
