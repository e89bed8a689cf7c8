// Interleaving, batching and the factory.
import { beforeEach, describe, expect, it } from 'vitest';
import { BatchingSearcher } from '../../src/search/batching.js';
import { BfsSearcher } from '../../src/search/bfs.js';
import { DfsSearcher } from '../../src/search/dfs.js';
import {
  createSearcher,
  DEFAULT_SEARCH,
  describeSearch,
  searcherNames,
  UnknownSearcherError,
  validateSearcherNames,
} from '../../src/search/index.js';
import { InterleavedSearcher } from '../../src/search/interleaved.js';
import { PTree } from '../../src/search/ptree.js';
import { fakeContext, fakeState, resetIds } from './fakes.js';

beforeEach(resetIds);

describe('interleaving', () => {
  it('alternates between the searchers, round-robin in the order given', () => {
    const s = new InterleavedSearcher([new DfsSearcher(), new BfsSearcher()]);
    expect(s.name).toBe('interleave(dfs,bfs)');
    const [a, b, c] = [fakeState(), fakeState(), fakeState()];
    s.update(null, [a, b, c], []);
    expect([s.select(), s.select(), s.select(), s.select()].map((x) => x.id)).toEqual([c.id, a.id, c.id, a.id]);
    s.update(null, [], [c, a]);
    expect(s.select()).toBe(b);
    expect(s.select()).toBe(b);
    s.update(b, [], [b]);
    expect(s.empty()).toBe(true);
  });

  it('forwards instruction counts to every searcher', () => {
    const inner = new BatchingSearcher(new DfsSearcher(), { instructions: 2 });
    const s = new InterleavedSearcher([inner, new BfsSearcher()]);
    const [a, b] = [fakeState(), fakeState()];
    s.update(null, [a, b], []);
    expect(s.select()).toBe(b); // batching(dfs)
    s.select();
    s.instructionsRun(1);
    s.update(b, [fakeState()], []); // dfs would now pick the new state, but the batch is not over
    expect(s.select()).toBe(b);
  });
});

describe('batching', () => {
  it('keeps the selected state for N instructions', () => {
    const s = new BatchingSearcher(new DfsSearcher(), { instructions: 3 });
    const [a, b] = [fakeState(), fakeState()];
    s.update(null, [a], []);
    const picks: number[] = [];
    for (let i = 0; i < 6; i++) {
      const x = s.select();
      picks.push(x.id);
      s.instructionsRun(1);
      s.update(x, i === 0 ? [b] : [], []); // dfs prefers b from now on, once the batch of a is over
    }
    expect(picks).toEqual([a.id, a.id, a.id, b.id, b.id, b.id]);
  });

  it('selects anew when the batched state terminates', () => {
    const s = new BatchingSearcher(new DfsSearcher(), { instructions: 100 });
    const [a, b] = [fakeState(), fakeState()];
    s.update(null, [a, b], []);
    expect(s.select()).toBe(b);
    s.instructionsRun(1);
    s.update(b, [], [b]);
    expect(s.select()).toBe(a);
  });

  it('has a time budget that grows to the length of a long step', () => {
    let t = 0;
    const base = new DfsSearcher();
    const s = new BatchingSearcher(base, { instructions: 0, seconds: 1, now: () => t });
    const [a, b] = [fakeState(), fakeState()];
    s.update(null, [a], []);
    expect(s.select()).toBe(a);
    s.update(a, [b], []);
    t = 0.5;
    expect(s.select()).toBe(a); // within 1 s
    t = 3;
    expect(s.select()).toBe(b); // over budget: dfs's choice; budget grows to 3 s
    s.update(b, [fakeState()], []);
    t = 5.5;
    expect(s.select()).toBe(b);
  });
});

describe('createSearcher', () => {
  it("defaults to KLEE's random-path interleaved with nurs:covnew", () => {
    expect(DEFAULT_SEARCH).toEqual(['random-path', 'nurs:covnew']);
    expect(createSearcher([], fakeContext(), { batchInstructions: 0 }).name).toBe('interleave(random-path,nurs:covnew)');
    expect(describeSearch([])).toBe('interleave(random-path,nurs:covnew)');
    expect(describeSearch(['dfs'])).toBe('dfs');
  });

  it('builds every named searcher', () => {
    for (const name of ['dfs', 'bfs', 'random-state', 'random-path', 'nurs:covnew', 'nurs:md2u', 'nurs:depth', 'nurs:icnt', 'nurs:cpicnt', 'nurs:rp']) {
      const s = createSearcher([name], fakeContext(), { batchInstructions: 0 });
      expect(s.name).toBe(name);
      const a = fakeState();
      new PTree(a);
      s.update(null, [a], []);
      expect(s.select()).toBe(a);
      s.update(a, [], [a]);
      expect(s.empty()).toBe(true);
    }
  });

  it('wraps in a batching searcher when asked', () => {
    expect(createSearcher(['dfs'], fakeContext(), { batchInstructions: 10 }).name).toBe('batch(dfs,10 instructions)');
  });

  it('rejects unknown names, listing the valid ones', () => {
    expect(() => validateSearcherNames(['dfs', 'nurs:bogus'])).toThrow(UnknownSearcherError);
    try {
      createSearcher(['bogus'], fakeContext(), { batchInstructions: 0 });
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toMatch(/unknown searcher 'bogus'/);
      for (const n of searcherNames()) expect((e as Error).message).toContain(n);
    }
  });

  it('same seed, same sequence — through the whole default stack', () => {
    const run = (seed: number): number[] => {
      resetIds();
      const ctx = fakeContext(seed);
      const s = createSearcher([], ctx, { batchInstructions: 0 });
      const root = fakeState();
      const tree = new PTree(root);
      s.update(null, [root], []);
      const ids: number[] = [];
      for (let i = 0; i < 200 && !s.empty(); i++) {
        const cur = s.select();
        ids.push(cur.id);
        if (i % 3 === 2) {
          s.update(cur, [], [cur]);
          tree.remove(cur);
        } else {
          const child = fakeState({ depth: cur.depth + 1 });
          tree.split(cur, child);
          s.update(cur, [child], []);
        }
      }
      return ids;
    };
    expect(run(5)).toEqual(run(5));
    expect(run(5)).not.toEqual(run(6));
  });
});
