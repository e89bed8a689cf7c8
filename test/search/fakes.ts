// Fake states and a fake SearcherContext for the searcher tests: states are plain objects with the
// SearchState fields, the context answers from maps the test fills in.

import type { SearcherContext } from '../../src/search/context.js';
import { detachedLeaf } from '../../src/search/ptree.js';
import { Rng } from '../../src/search/rng.js';
import type { SearchState } from '../../src/search/searcher.js';

export interface FakeState extends SearchState {
  depth: number;
  instsSinceCovNew: number;
  pcInstructionId: number;
  callPathKey: string;
}

let nextId = 1;

export function resetIds(): void {
  nextId = 1;
}

export function fakeState(fields: Partial<Omit<FakeState, 'id' | 'ptreeNode'>> = {}): FakeState {
  const s: FakeState = {
    id: nextId++,
    depth: 0,
    ptreeNode: detachedLeaf(),
    instsSinceCovNew: 0,
    pcInstructionId: 0,
    callPathKey: '-1',
    forkHistory: [],
    ...fields,
  };
  s.ptreeNode.state = s;
  return s;
}

export interface FakeContext extends SearcherContext {
  counts: Map<number, number>;
  callPathCounts: Map<string, number>;
  distances: Map<number, number>;
  covered: Set<number>;
}

export function fakeContext(seed = 1): FakeContext {
  const counts = new Map<number, number>();
  const callPathCounts = new Map<string, number>();
  const distances = new Map<number, number>();
  const covered = new Set<number>();
  return {
    rng: new Rng(seed),
    counts,
    callPathCounts,
    distances,
    covered,
    isCovered: (id) => covered.has(id),
    executionCount: (id) => counts.get(id) ?? 0,
    callPathInstructionCount: (key) => callPathCounts.get(key) ?? 0,
    minDistanceToUncovered: (s) => distances.get(s.id) ?? Infinity,
  };
}

/** How often each state id comes out of `draw` over `n` draws. */
export function histogram(n: number, draw: () => SearchState): Map<number, number> {
  const h = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const id = draw().id;
    h.set(id, (h.get(id) ?? 0) + 1);
  }
  return h;
}
