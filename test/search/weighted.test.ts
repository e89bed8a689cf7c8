// nurs:* — KLEE's weight formulas and the discrete distribution they draw from.
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { DiscretePDF } from '../../src/search/discrete-pdf.js';
import { stateWeight, uniform53, WeightedRandomSearcher } from '../../src/search/weighted.js';
import { Rng } from '../../src/search/rng.js';
import { fakeContext, fakeState, histogram, resetIds } from './fakes.js';

beforeEach(resetIds);

describe('DiscretePDF', () => {
  it('agrees with a linear scan under any sequence of inserts, updates and removals', () => {
    type Op = { op: 'ins' | 'upd' | 'del'; key: number; w: number };
    const ops = fc.array(
      fc.record({ op: fc.constantFrom<'ins' | 'upd' | 'del'>('ins', 'upd', 'del'), key: fc.integer({ min: 0, max: 20 }), w: fc.double({ min: 0, max: 100, noNaN: true }) }),
      { maxLength: 80 },
    );
    fc.assert(
      fc.property(ops, fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: 1, maxLength: 10 }), (list: Op[], us: number[]) => {
        const pdf = new DiscretePDF<number>();
        const ref = new Map<number, number>();
        for (const { op, key, w } of list) {
          if (op === 'ins' && !ref.has(key)) {
            pdf.insert(key, w);
            ref.set(key, w);
          } else if (op === 'upd' && ref.has(key)) {
            pdf.update(key, w);
            ref.set(key, w);
          } else if (op === 'del' && ref.has(key)) {
            pdf.remove(key);
            ref.delete(key);
          }
        }
        expect(pdf.size).toBe(ref.size);
        const total = [...ref.values()].reduce((a, b) => a + b, 0);
        expect(pdf.total).toBeCloseTo(total, 6);
        if (ref.size === 0) return;
        for (const u of us) {
          const got = pdf.choose(u);
          expect(ref.has(got)).toBe(true);
          if (total > 0) expect(ref.get(got)!).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('draws in proportion to the weights', () => {
    const pdf = new DiscretePDF<string>();
    pdf.insert('a', 1);
    pdf.insert('b', 3);
    pdf.insert('c', 0);
    const rng = new Rng(1);
    const h = new Map<string, number>();
    for (let i = 0; i < 40_000; i++) {
      const x = pdf.choose(uniform53(rng));
      h.set(x, (h.get(x) ?? 0) + 1);
    }
    expect(h.get('a')! / 40_000).toBeCloseTo(0.25, 1);
    expect(h.get('b')! / 40_000).toBeCloseTo(0.75, 1);
    expect(h.has('c')).toBe(false);
  });

  it('draws uniformly when every weight is zero', () => {
    const pdf = new DiscretePDF<string>();
    for (const k of ['a', 'b', 'c', 'd']) pdf.insert(k, 0);
    pdf.remove('b');
    const seen = new Set([0, 0.3, 0.5, 0.9].map((u) => pdf.choose(u)));
    expect(seen).toEqual(new Set(['a', 'c', 'd']));
  });

  it('reuses freed slots lowest first and grows past its capacity', () => {
    const pdf = new DiscretePDF<number>();
    for (let i = 0; i < 100; i++) pdf.insert(i, 1);
    for (let i = 0; i < 100; i += 2) pdf.remove(i);
    for (let i = 100; i < 150; i++) pdf.insert(i, 1);
    expect(pdf.size).toBe(100);
    expect(pdf.total).toBe(100);
    expect(pdf.choose(0)).toBe(100); // slot 0 went to the first item inserted after the removals
  });
});

describe("KLEE's weights", () => {
  it('depth and rp', () => {
    const ctx = fakeContext();
    expect(stateWeight('depth', fakeState({ depth: 5 }), ctx)).toBe(5);
    expect(stateWeight('rp', fakeState({ depth: 3 }), ctx)).toBe(0.125);
  });

  it('icnt: 1 / count^2; cpicnt: 1 / count', () => {
    const ctx = fakeContext();
    ctx.counts.set(7, 4);
    ctx.callPathCounts.set('f', 10);
    expect(stateWeight('icnt', fakeState({ pcInstructionId: 7 }), ctx)).toBe(1 / 16);
    expect(stateWeight('icnt', fakeState({ pcInstructionId: 8 }), ctx)).toBe(1); // never run: max(1, 0)
    expect(stateWeight('cpicnt', fakeState({ callPathKey: 'f' }), ctx)).toBe(0.1);
  });

  it('md2u: 1 / d^2, 10000 when nothing is reachable', () => {
    const ctx = fakeContext();
    const near = fakeState();
    const none = fakeState();
    ctx.distances.set(near.id, 4);
    expect(stateWeight('md2u', near, ctx)).toBe(1 / 16);
    expect(stateWeight('md2u', none, ctx)).toBeCloseTo(1e-8, 15);
  });

  it('covnew: md2u term plus 1 / max(1, instsSinceCovNew - 1000)^2 once new code was covered', () => {
    const ctx = fakeContext();
    const fresh = fakeState({ instsSinceCovNew: 0 });
    const recent = fakeState({ instsSinceCovNew: 500 });
    const stale = fakeState({ instsSinceCovNew: 1100 });
    ctx.distances.set(recent.id, 2);
    expect(stateWeight('covnew', fresh, ctx)).toBeCloseTo(1e-8, 15);
    expect(stateWeight('covnew', recent, ctx)).toBe(1 + 1 / 4);
    expect(stateWeight('covnew', stale, ctx)).toBeCloseTo(1e-4 + 1e-8, 12);
  });
});

describe('WeightedRandomSearcher', () => {
  it('nurs:depth honours the weights over many draws', () => {
    const ctx = fakeContext(3);
    const w = new WeightedRandomSearcher('depth', ctx);
    const [a, b] = [fakeState({ depth: 1 }), fakeState({ depth: 3 })];
    w.update(null, [a, b], []);
    const h = histogram(40_000, () => w.select());
    expect(h.get(a.id)! / 40_000).toBeCloseTo(0.25, 1);
    expect(h.get(b.id)! / 40_000).toBeCloseTo(0.75, 1);
  });

  it('re-weighs the current state on update for the updating kinds only', () => {
    const ctx = fakeContext();
    const icnt = new WeightedRandomSearcher('icnt', ctx);
    const depth = new WeightedRandomSearcher('depth', ctx);
    const s = fakeState({ pcInstructionId: 1, depth: 2 });
    icnt.update(null, [s], []);
    depth.update(null, [s], []);
    expect(icnt.weightOf(s)).toBe(1);
    ctx.counts.set(1, 2);
    s.depth = 4;
    icnt.update(s, [], []);
    depth.update(s, [], []);
    expect(icnt.weightOf(s)).toBe(0.25);
    expect(depth.weightOf(s)).toBe(2); // fixed at insertion, as KLEE
  });

  it('md2u/covnew ask no distance while one state is held, and weigh both states at the first fork', () => {
    const ctx = fakeContext();
    let asked = 0;
    const distance = ctx.minDistanceToUncovered;
    ctx.minDistanceToUncovered = (s) => {
      asked++;
      return distance(s);
    };
    const w = new WeightedRandomSearcher('md2u', ctx);
    const [a, b] = [fakeState(), fakeState()];
    w.update(null, [a], []);
    for (let k = 0; k < 5; k++) w.update(a, [], []);
    expect(w.select()).toBe(a);
    expect(asked).toBe(0);
    ctx.distances.set(a.id, 1);
    ctx.distances.set(b.id, 3);
    w.update(a, [b], []);
    expect(asked).toBe(2);
    // Weights 1 and 1/9, as had every update weighed.
    const h = histogram(40_000, () => w.select());
    expect(h.get(a.id)! / 40_000).toBeCloseTo(0.9, 1);
  });

  it('removal and empty()', () => {
    const w = new WeightedRandomSearcher('covnew', fakeContext());
    const [a, b] = [fakeState(), fakeState()];
    w.update(null, [a, b], []);
    w.update(a, [], [a]);
    for (let i = 0; i < 20; i++) expect(w.select()).toBe(b);
    w.update(b, [], [b]);
    expect(w.empty()).toBe(true);
    expect(() => w.update(null, [], [b])).toThrow(/does not hold/);
  });

  it('is reproducible from the seed', () => {
    const run = (seed: number): number[] => {
      resetIds();
      const w = new WeightedRandomSearcher('depth', fakeContext(seed));
      w.update(null, [1, 2, 3, 4, 5].map((d) => fakeState({ depth: d })), []);
      return Array.from({ length: 60 }, () => w.select().id);
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });
});
