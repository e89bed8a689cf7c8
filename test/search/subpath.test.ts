// Subpath-guided search (src/search/subpath.ts) on fake states: the paper's semantics in small
// deterministic cases — counting on selection, the lowest count wins, short windows at the start are keys
// of their own, no pre-emption, a tight symbolic loop does not starve other states — plus the paper's
// worked examples (Tables 1 and 2) step by step, and the factory.

import { beforeEach, describe, expect, it } from 'vitest';
import { createSearcher, UnknownSearcherError, validateSearcherNames } from '../../src/search/index.js';
import { Rng } from '../../src/search/rng.js';
import { parseSubpathLength, SubpathSearcher } from '../../src/search/subpath.js';
import { fakeContext, fakeState, resetIds } from './fakes.js';
import { drive, exit, fork, paperExample, simState, type Node, type SimState } from './subpath-sim.js';

beforeEach(resetIds);

/** Makes `s` look as if it forked once more with decision `key` (the engine's recordFork). */
function forked(s: SimState, key: number): void {
  s.depth++;
  s.forkHistory.push(key);
  if (s.forkHistory.length > 64) s.forkHistory.shift();
}

/** A state fresh off a fork of `parent` (same history), then its own decision `key`. */
function childOf(parent: SimState, key: number): SimState {
  const c = simState(exit('x'));
  c.depth = parent.depth;
  c.forkHistory = parent.forkHistory.slice();
  forked(c, key);
  return c;
}

describe('subpath: counting', () => {
  it('counts a window when a state holding it is selected, not when a fork creates it', () => {
    const sgs = new SubpathSearcher(1, new Rng(1));
    const a = simState(exit('x'));
    sgs.update(null, [a], []);
    expect(sgs.countOf(a)).toBe(0);
    expect(sgs.select()).toBe(a);
    expect(sgs.countOf(a)).toBe(1); // the empty window ⟨⟩ was selected once
    // a forks: a takes ⟨1⟩, b takes ⟨2⟩ — both new windows, count 0: forking counted nothing
    const b = childOf(a, 2);
    forked(a, 1);
    sgs.update(a, [b], []);
    expect([sgs.countOf(a), sgs.countOf(b)]).toEqual([0, 0]);
    const first = sgs.select();
    expect(sgs.countOf(first)).toBe(1);
    expect(sgs.countOf(first === a ? b : a)).toBe(0);
    expect(sgs.selections).toBe(2);
  });

  it('a later fork into a window seen before inherits its count', () => {
    const sgs = new SubpathSearcher(1, new Rng(1), 'latest');
    const a = simState(exit('x'));
    sgs.update(null, [a], []);
    sgs.select();
    const b = childOf(a, 2);
    forked(a, 1);
    sgs.update(a, [b], []);
    expect(sgs.select()).toBe(b); // latest: ⟨2⟩ counted once
    sgs.update(b, [], [b]);
    expect(sgs.select()).toBe(a); // ⟨1⟩ counted once
    const c = childOf(a, 2);
    forked(a, 1);
    sgs.update(a, [c], []);
    expect(sgs.countOf(a)).toBe(1); // ⟨1⟩ again
    expect(sgs.countOf(c)).toBe(1); // ⟨2⟩ again
  });

  it('always selects a state of the lowest count, whatever the seed and the number of ties', () => {
    for (let seed = 1; seed <= 25; seed++) {
      resetIds();
      const sgs = new SubpathSearcher(1, new Rng(seed));
      // Windows ⟨10⟩ ×3 states, ⟨20⟩ ×1, ⟨30⟩ ×2; select ⟨10⟩ twice and ⟨20⟩ once by making them the
      // only pending windows for a while, then add ⟨30⟩: it must win until it is counted too.
      const mk = (key: number): SimState => {
        const s = simState(exit('x'));
        forked(s, key);
        return s;
      };
      const tens = [mk(10), mk(10), mk(10)];
      sgs.update(null, tens, []);
      const p1 = sgs.select();
      sgs.update(p1, [], [p1]); // selected (⟨10⟩: 1) and ended
      const p2 = sgs.select();
      sgs.update(p2, [], [p2]); // ⟨10⟩: 2
      const twenty = mk(20);
      sgs.update(null, [twenty], []);
      expect(sgs.select()).toBe(twenty); // 0 < 2
      sgs.update(twenty, [], [twenty]);
      const thirties = [mk(30), mk(30)];
      sgs.update(null, thirties, []);
      const q1 = sgs.select();
      expect(thirties).toContain(q1); // ⟨30⟩: 0 beats ⟨10⟩: 2
      sgs.update(q1, [], [q1]);
      const q2 = sgs.select();
      expect(thirties).toContain(q2); // ⟨30⟩: 1 still beats ⟨10⟩: 2
      sgs.update(q2, [], [q2]);
      expect(tens).toContain(sgs.select());
    }
  });

  it('breaks ties uniformly over states (not over windows)', () => {
    // Window A held by 3 states, window B by 1: a fresh selection should pick each *state* about 1/4.
    const hits = new Map<number, number>();
    const trials = 4000;
    for (let t = 0; t < trials; t++) {
      resetIds();
      const sgs = new SubpathSearcher(1, new Rng(t + 1));
      const states = [10, 10, 10, 20].map((k) => {
        const s = simState(exit('x'));
        forked(s, k);
        return s;
      });
      sgs.update(null, states, []);
      const id = sgs.select().id;
      hits.set(id, (hits.get(id) ?? 0) + 1);
    }
    for (const id of [1, 2, 3, 4]) {
      expect(hits.get(id)! / trials).toBeGreaterThan(0.21);
      expect(hits.get(id)! / trials).toBeLessThan(0.29);
    }
  });
});

describe('subpath: windows', () => {
  it('windows shorter than N at the start of a path are keys of their own', () => {
    const sgs = new SubpathSearcher(2, new Rng(1));
    const a = simState(exit('x'));
    sgs.update(null, [a], []);
    expect(sgs.windowOf(a)).toEqual([]);
    sgs.select(); // ⟨⟩: 1
    const b = childOf(a, 7);
    forked(a, 5);
    sgs.update(a, [b], []);
    expect(sgs.windowOf(a)).toEqual([5]);
    expect(sgs.windowOf(b)).toEqual([7]);
    // A state whose last two decisions are (9, 5) holds ⟨9,5⟩, which is not ⟨5⟩.
    const c = simState(exit('x'));
    forked(c, 9);
    forked(c, 5);
    sgs.update(null, [c], []);
    expect(sgs.windowOf(c)).toEqual([9, 5]);
    expect(sgs.windows).toBe(5); // ⟨⟩, ⟨5⟩, ⟨7⟩, ⟨9,5⟩ and ⟨9⟩, which c passed through on its way
    // and a state at the very start (⟨⟩, selected once) loses against all of them
    const fresh = simState(exit('x'));
    sgs.update(null, [fresh], []);
    expect(sgs.countOf(fresh)).toBe(1);
    for (let i = 0; i < 3; i++) {
      const s = sgs.select();
      expect(s).not.toBe(fresh);
      sgs.update(s, [], [s]);
    }
    expect(sgs.select()).toBe(fresh);
  });

  it('slides: only the last N decisions, across as many forks as the path makes', () => {
    const sgs = new SubpathSearcher(3, new Rng(1));
    const a = simState(exit('x'));
    sgs.update(null, [a], []);
    for (let k = 1; k <= 6; k++) {
      sgs.select();
      forked(a, k);
      sgs.update(a, [], []);
    }
    expect(sgs.windowOf(a)).toEqual([4, 5, 6]);
  });

  it('keeps windows longer than the engine history (64) exactly, and N = inf never shares a window', () => {
    const long = new SubpathSearcher(100, new Rng(1));
    const inf = new SubpathSearcher(Infinity, new Rng(1));
    const a = simState(exit('x'));
    long.update(null, [a], []);
    inf.update(null, [a], []);
    for (let k = 1; k <= 150; k++) {
      forked(a, k);
      long.update(a, [], []);
      inf.update(a, [], []);
    }
    expect(a.forkHistory.length).toBe(64);
    expect(long.windowOf(a)).toEqual(Array.from({ length: 100 }, (_, i) => 51 + i));
    // inf: two states with the same last decisions still hold different windows (different histories)
    const b = simState(exit('x'));
    forked(b, 150);
    inf.update(null, [b], []);
    inf.select();
    expect(inf.countOf(a) + inf.countOf(b)).toBe(1);
  });

  it('N = 0: one window for all, so every choice is a tie (random-state)', () => {
    const sgs = new SubpathSearcher(0, new Rng(3));
    const states = [1, 2, 3, 4].map((k) => {
      const s = simState(exit('x'));
      forked(s, k);
      return s;
    });
    sgs.update(null, states, []);
    expect(sgs.windows).toBe(1);
    const seen = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const s = sgs.select();
      seen.add(s.id);
      forked(s as SimState, 99); // a fork ends the run of s: the next select() chooses anew
      sgs.update(s, [], []);
    }
    expect(seen.size).toBe(4);
  });
});

describe('subpath: no pre-emption', () => {
  it('keeps returning the selected state, without counting, until it forks or ends', () => {
    const sgs = new SubpathSearcher(1, new Rng(5));
    const others = [1, 2, 3].map((k) => {
      const s = simState(exit('x'));
      forked(s, k);
      return s;
    });
    sgs.update(null, others, []);
    const s = sgs.select() as SimState;
    for (let q = 0; q < 10; q++) {
      sgs.update(s, [], []); // a quantum of instructions, no fork
      expect(sgs.select()).toBe(s);
    }
    expect(sgs.selections).toBe(1);
    expect(sgs.countOf(s)).toBe(1);
    // it forks: the next select() is a fresh, counted selection
    const c = childOf(s, 40);
    forked(s, 41);
    sgs.update(s, [c], []);
    sgs.select();
    expect(sgs.selections).toBe(2);
    // the one selected ends: a fresh selection again
    const t = sgs.select();
    sgs.update(t, [], [t]);
    expect(sgs.select()).not.toBe(t);
    expect(sgs.selections).toBe(3);
  });

  it('whole runs are the same with and without quantum updates in between', () => {
    const a = drive(new SubpathSearcher(2, new Rng(9)), paperExample());
    resetIds();
    const b = drive(new SubpathSearcher(2, new Rng(9)), paperExample(), { quanta: 3 });
    expect(b.ended).toEqual(a.ended);
  });
});

describe('subpath: the paper’s worked examples (ties: latest, as the paper assumes)', () => {
  it('Table 1 (n = 1): the five cases that cover every statement come first, in the paper’s order', () => {
    const { ended } = drive(new SubpathSearcher(1, new Rng(1), 'latest'), paperExample());
    expect(ended.slice(0, 5)).toEqual([
      's0f s8f s4', // step 2
      's0f s8t s9f s4', // step 4
      's0f s8t s9t s10', // step 5
      's0t s5t s6', // step 8: s5t is the least traveled
      's0t s5f s8f s4', // step 9
    ]);
    expect(ended).toHaveLength(7);
  });

  it('Table 2 (n = 2): same first three, then ⟨s5f,s8f⟩ (never seen) before s0t s5t s6', () => {
    const { ended } = drive(new SubpathSearcher(2, new Rng(1), 'latest'), paperExample());
    expect(ended.slice(0, 5)).toEqual(['s0f s8f s4', 's0f s8t s9f s4', 's0f s8t s9t s10', 's0t s5f s8f s4', 's0t s5t s6']);
    expect(ended).toHaveLength(7);
  });
});

describe('subpath: fork bombs', () => {
  /** `pre` at the start: the false side (the new state, which DFS runs first) enters a tight symbolic
   *  loop — a fork per iteration, forever, continuing on the new state's side again; the true side is a
   *  small program of its own that must not starve. */
  function loopProgram(): Node {
    const loop = (): Node => fork('loop', exit('loop-exit'), loop);
    const other = fork('o1', exit('o-a'), fork('o2', exit('o-b'), exit('o-c')));
    return fork('pre', other, loop);
  }

  for (const n of [1, 2, 4, 8]) {
    for (const ties of ['random', 'latest'] as const) {
      it(`n = ${n}, ties ${ties}: the other side of the program completes while the loop keeps forking`, () => {
        for (let seed = 1; seed <= 10; seed++) {
          resetIds();
          const { ended } = drive(new SubpathSearcher(n, new Rng(seed), ties), loopProgram(), { maxSteps: 200 });
          const others = ended.filter((e) => e.startsWith('pret'));
          expect(others.sort()).toEqual(['pret o1f o2f o-c', 'pret o1f o2t o-b', 'pret o1t o-a']);
        }
      });
    }
  }

  it('where dfs-like choice (always the newest state) starves it', () => {
    // Reference: the newest state first never leaves the loop within the same budget.
    const newest = {
      name: 'newest',
      states: [] as SimState[],
      select(): SimState {
        return this.states[this.states.length - 1]!;
      },
      update(_c: unknown, added: readonly unknown[], removed: readonly unknown[]): void {
        this.states.push(...(added as SimState[]));
        this.states = this.states.filter((s) => !removed.includes(s));
      },
      empty(): boolean {
        return this.states.length === 0;
      },
    };
    const { ended, live } = drive(newest, loopProgram(), { maxSteps: 200 });
    expect(ended).toEqual([]);
    expect(live.length).toBe(201); // one pending loop exit per iteration, and the starved true side
  });
});

describe('subpath: determinism and exhaustiveness on fake programs', () => {
  /** A bounded program: a chain of `depth` two-way forks, each side continuing (2^depth paths). */
  function chain(depth: number, i = 0): Node {
    if (i === depth) return exit('end');
    return fork(`c${i}`, () => chain(depth, i + 1), () => chain(depth, i + 1));
  }

  it('every N explores every path of a bounded program', () => {
    for (const n of [0, 1, 2, 4, 8, Infinity]) {
      for (const ties of ['random', 'latest'] as const) {
        resetIds();
        const { ended } = drive(new SubpathSearcher(n, new Rng(2), ties), chain(7));
        expect(new Set(ended).size).toBe(128);
        expect(ended).toHaveLength(128);
      }
    }
  });

  it('the same seed gives the same order, another seed another one', () => {
    const order = (seed: number): string[] => {
      resetIds();
      return drive(new SubpathSearcher(2, new Rng(seed)), chain(6)).ended;
    };
    expect(order(4)).toEqual(order(4));
    expect(order(4)).not.toEqual(order(5));
  });
});

describe('subpath: factory', () => {
  it('parses N, inf and rejects the rest', () => {
    expect(parseSubpathLength('0')).toBe(0);
    expect(parseSubpathLength('8')).toBe(8);
    expect(parseSubpathLength('inf')).toBe(Infinity);
    for (const bad of ['', '-1', '1.5', 'x', 'INF', '2e3']) expect(parseSubpathLength(bad)).toBeNull();
  });

  it('validates names early, builds subpath:N, and leaves subpath:combined to the CLI', () => {
    expect(() => validateSearcherNames(['subpath:0', 'subpath:8', 'subpath:inf', 'subpath:combined', 'subpath:64'])).not.toThrow();
    expect(() => validateSearcherNames(['subpath:abc'])).toThrow(UnknownSearcherError);
    expect(() => validateSearcherNames(['subpath:'])).toThrow(UnknownSearcherError);
    const ctx = fakeContext();
    expect(createSearcher(['subpath:4'], ctx, { batchInstructions: 0 }).name).toBe('subpath:4');
    expect(createSearcher(['subpath:inf'], ctx, { batchInstructions: 0, subpathTies: 'latest' }).name).toBe('subpath:inf(ties: latest)');
    expect(() => createSearcher(['subpath:combined'], ctx, { batchInstructions: 0 })).toThrow(/portfolio/);
  });

  it('interleaves with other searchers (--search subpath:2 --search nurs:covnew)', () => {
    const s = createSearcher(['subpath:2', 'nurs:covnew'], fakeContext(3), { batchInstructions: 0 });
    expect(s.name).toBe('interleave(subpath:2,nurs:covnew)');
    const { ended, live } = drive(s, paperExample());
    expect(new Set(ended).size).toBe(7);
    expect(live).toEqual([]);
    expect(s.empty()).toBe(true);
  });

  it('throws on a state added twice or removed without being added (engine bugs)', () => {
    const sgs = new SubpathSearcher(1, new Rng(1));
    const a = fakeState();
    sgs.update(null, [a], []);
    expect(() => sgs.update(null, [a], [])).toThrow(/added twice/);
    expect(() => sgs.update(null, [], [fakeState()])).toThrow(/does not hold/);
  });
});
