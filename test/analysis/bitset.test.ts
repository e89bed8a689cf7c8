// BitSet (src/analysis/bitset.ts) against a Set of numbers: members, sorted output, and the fresh
// members addAll reports, for sets that start anywhere and grow both ways (a set covers only the word
// range of its members).

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
        const fresh: number[] = [];
        sets[i]!.addAll(sets[j]!, fresh);
        const expected = [...model[j]!].filter((o) => !model[i]!.has(o)).sort((a, b) => a - b);
        expect(fresh).toEqual(expected);
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
    const fresh: number[] = [];
    s.addAll(new BitSet(), fresh);
    expect(fresh).toEqual([]);
    expect(s.add(64)).toBe(true);
    expect(s.add(0)).toBe(true);
    expect(s.add(31)).toBe(true);
    expect(s.toArray()).toEqual([0, 31, 64]);
  });
});
