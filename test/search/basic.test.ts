// dfs, bfs and random-state: order, removal, empty(), engine-bug detection.
import { beforeEach, describe, expect, it } from 'vitest';
import { BfsSearcher } from '../../src/search/bfs.js';
import { DfsSearcher } from '../../src/search/dfs.js';
import { RandomStateSearcher } from '../../src/search/random-state.js';
import { Rng } from '../../src/search/rng.js';
import { fakeState, histogram, resetIds } from './fakes.js';

beforeEach(resetIds);

describe('dfs', () => {
  it('runs the newest state first and resumes the older one when it ends', () => {
    const d = new DfsSearcher();
    expect(d.empty()).toBe(true);
    const [a, b, c] = [fakeState(), fakeState(), fakeState()];
    d.update(null, [a], []);
    expect(d.select()).toBe(a);
    d.update(a, [b], []);
    expect(d.select()).toBe(b);
    d.update(b, [c], []);
    expect(d.select()).toBe(c);
    d.update(c, [], [c]);
    expect(d.select()).toBe(b);
    d.update(b, [], [b]);
    expect(d.select()).toBe(a);
    d.update(a, [], [a]);
    expect(d.empty()).toBe(true);
  });

  it('removes states from the middle', () => {
    const d = new DfsSearcher();
    const s = [fakeState(), fakeState(), fakeState()];
    d.update(null, s, []);
    d.update(null, [], [s[1]!]);
    expect(d.select()).toBe(s[2]);
    d.update(null, [], [s[2]!]);
    expect(d.select()).toBe(s[0]);
  });

  it('throws on engine bugs: a state added twice or removed unknown', () => {
    const d = new DfsSearcher();
    const a = fakeState();
    d.update(null, [a], []);
    expect(() => d.update(null, [a], [])).toThrow(/added twice/);
    expect(() => d.update(null, [], [fakeState()])).toThrow(/does not hold/);
  });
});

describe('bfs', () => {
  it('runs the oldest state; a forking state goes behind the others, then its child', () => {
    const q = new BfsSearcher();
    const [a, b, c] = [fakeState(), fakeState(), fakeState()];
    q.update(null, [a, b, c], []);
    expect(q.select()).toBe(a);
    const d = fakeState();
    q.update(a, [d], []); // a forked d
    const order = [];
    while (!q.empty()) {
      const s = q.select();
      order.push(s.id);
      q.update(s, [], [s]);
    }
    expect(order).toEqual([b.id, c.id, a.id, d.id]);
  });

  it('keeps the order when the current state runs without forking', () => {
    const q = new BfsSearcher();
    const [a, b] = [fakeState(), fakeState()];
    q.update(null, [a, b], []);
    q.update(a, [], []);
    expect(q.select()).toBe(a);
  });
});

describe('random-state', () => {
  it('draws every held state about equally often and never a removed one', () => {
    const r = new RandomStateSearcher(new Rng(7));
    const s = [fakeState(), fakeState(), fakeState(), fakeState()];
    r.update(null, s, []);
    r.update(null, [], [s[1]!]);
    const h = histogram(30_000, () => r.select());
    expect(h.has(s[1]!.id)).toBe(false);
    for (const x of [s[0]!, s[2]!, s[3]!]) expect(h.get(x.id)! / 30_000).toBeCloseTo(1 / 3, 1);
    r.update(null, [], [s[0]!, s[2]!, s[3]!]);
    expect(r.empty()).toBe(true);
  });

  it('is reproducible from the seed', () => {
    const run = (seed: number): number[] => {
      resetIds();
      const r = new RandomStateSearcher(new Rng(seed));
      r.update(null, [fakeState(), fakeState(), fakeState(), fakeState(), fakeState()], []);
      return Array.from({ length: 50 }, () => r.select().id);
    };
    expect(run(3)).toEqual(run(3));
    expect(run(3)).not.toEqual(run(4));
  });
});
