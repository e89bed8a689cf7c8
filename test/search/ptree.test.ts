// The process tree and random-path search over it.
import { beforeEach, describe, expect, it } from 'vitest';
import { PTree } from '../../src/search/ptree.js';
import { RandomPathSearcher } from '../../src/search/random-path.js';
import { Rng } from '../../src/search/rng.js';
import { InterleavedSearcher } from '../../src/search/interleaved.js';
import { DfsSearcher } from '../../src/search/dfs.js';
import { fakeState, histogram, resetIds } from './fakes.js';

beforeEach(resetIds);

describe('PTree', () => {
  it('splits a leaf into (continuation, new state) and prunes empty inner nodes', () => {
    const a = fakeState();
    const t = new PTree(a);
    expect(t.root.state).toBe(a);
    expect(a.ptreeNode).toBe(t.root);
    const b = fakeState();
    t.split(a, b);
    expect(t.root.state).toBeNull();
    expect(t.root.left!.state).toBe(a);
    expect(t.root.right!.state).toBe(b);
    expect(a.ptreeNode.parent).toBe(t.root);
    expect(t.size).toBe(2);
    const c = fakeState();
    t.split(b, c); // root -> (a, n -> (b, c))
    const n = t.root.right!;
    t.remove(b);
    expect(n.left).toBeNull();
    expect(n.right!.state).toBe(c);
    t.remove(c); // n has no children left: cut off from root
    expect(t.root.right).toBeNull();
    expect(t.root.left!.state).toBe(a);
    t.remove(a);
    expect(t.root.left).toBeNull();
    expect(t.size).toBe(0);
  });

  it('rejects a state that is not at its leaf', () => {
    const a = fakeState();
    const t = new PTree(a);
    t.remove(a);
    expect(() => t.remove(a)).toThrow(/not at its leaf/);
    expect(() => t.split(a, fakeState())).toThrow(/not at its leaf/);
  });
});

/** root -> (a, n -> (b, c)): random-path picks a half the time, b and c a quarter each. */
function threeStates(): { t: PTree; a: ReturnType<typeof fakeState>; b: ReturnType<typeof fakeState>; c: ReturnType<typeof fakeState> } {
  const a = fakeState();
  const t = new PTree(a);
  const b = fakeState({ depth: 1 });
  t.split(a, b);
  const c = fakeState({ depth: 2 });
  t.split(b, c);
  return { t, a, b, c };
}

describe('random-path', () => {
  it('walks the tree with a fair coin at every fork', () => {
    const { a, b, c } = threeStates();
    const r = new RandomPathSearcher(new Rng(11));
    r.update(null, [a, b, c], []);
    const n = 40_000;
    const h = histogram(n, () => r.select());
    expect(h.get(a.id)! / n).toBeCloseTo(0.5, 1);
    expect(h.get(b.id)! / n).toBeCloseTo(0.25, 1);
    expect(h.get(c.id)! / n).toBeCloseTo(0.25, 1);
  });

  it('follows the engine as it forks and removes states', () => {
    const a = fakeState();
    const t = new PTree(a);
    const r = new RandomPathSearcher(new Rng(5));
    r.update(null, [a], []);
    expect(r.select()).toBe(a);
    const b = fakeState();
    t.split(a, b);
    r.update(a, [b], []);
    const seen = new Set(Array.from({ length: 64 }, () => r.select().id));
    expect(seen).toEqual(new Set([a.id, b.id]));
    r.update(a, [], [a]);
    t.remove(a);
    for (let i = 0; i < 20; i++) expect(r.select()).toBe(b);
    // the other order: tree first, then the searcher
    t.remove(b);
    r.update(b, [], [b]);
    expect(r.empty()).toBe(true);
    expect(() => r.select()).toThrow(/empty/);
  });

  it('keeps the forking state when a state forked off it in the same step ended at once (a multi-way fork)', () => {
    const a = fakeState();
    const t = new PTree(a);
    const r = new RandomPathSearcher(new Rng(3));
    r.update(null, [a], []);
    // one step: a forks b, then forks c, and c ends before the searchers hear of it
    const b = fakeState();
    t.split(a, b);
    const c = fakeState();
    t.split(a, c);
    t.remove(c);
    r.update(a, [b], []);
    const seen = new Set(Array.from({ length: 64 }, () => r.select().id));
    expect(seen).toEqual(new Set([a.id, b.id]));
    r.update(b, [], [b]);
    t.remove(b);
    expect(r.select()).toBe(a);
  });

  it('only walks into subtrees holding its own states', () => {
    const { a, b, c } = threeStates();
    const r = new RandomPathSearcher(new Rng(1));
    r.update(null, [b, c], []); // a is not this searcher's
    const h = histogram(2000, () => r.select());
    expect(h.has(a.id)).toBe(false);
    expect(h.get(b.id)! + h.get(c.id)!).toBe(2000);
  });

  it('is reproducible from the seed', () => {
    const run = (seed: number): number[] => {
      resetIds();
      const { a, b, c } = threeStates();
      const r = new RandomPathSearcher(new Rng(seed));
      r.update(null, [a, b, c], []);
      return Array.from({ length: 64 }, () => r.select().id);
    };
    expect(run(9)).toEqual(run(9));
    expect(run(9)).not.toEqual(run(10));
  });

  it('draws among several trees', () => {
    const x = fakeState();
    const y = fakeState();
    new PTree(x);
    new PTree(y);
    const r = new RandomPathSearcher(new Rng(2));
    r.update(null, [x, y], []);
    const h = histogram(4000, () => r.select());
    expect(h.get(x.id)! / 4000).toBeCloseTo(0.5, 1);
  });

  it('interleaves with dfs over the same states', () => {
    const { t, a, b, c } = threeStates();
    const s = new InterleavedSearcher([new RandomPathSearcher(new Rng(3)), new DfsSearcher()]);
    s.update(null, [a, b, c], []);
    for (let i = 0; i < 10; i++) {
      s.select();
      expect(s.select()).toBe(c); // every second selection is dfs's
    }
    s.update(null, [], [c]);
    t.remove(c);
    s.select();
    expect(s.select()).toBe(b);
  });
});
