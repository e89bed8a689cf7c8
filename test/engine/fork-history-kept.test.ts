// Fork histories are kept only when the run's searcher reads them (Searcher.readsForkHistory; issue 20:
// ~450 B per live state of echo, read by subpath search alone). The built-in searchers that never read
// them say so, combinators pass it on, a searcher that does not say gets histories, and the paths
// explored do not depend on whether histories were kept.

import { afterAll, expect, test } from 'vitest';
import { NO_FORK_HISTORY } from '../../src/engine/fork-history.js';
import { createSearcher } from '../../src/search/index.js';
import type { Searcher, SearchState } from '../../src/search/searcher.js';
import { closeSolver, moduleOf, run } from './helpers.js';

const PROGRAM = `
#include "klee/klee.h"
int main(void) {
  int a;
  klee_make_symbolic(&a, sizeof a, "a");
  int n = 0;
  for (int i = 0; i < 5; i++) if (a & (1 << i)) n++;
  return n;
}`;

afterAll(closeSolver);

/** `inner`, with the fork histories of the states it sees end; `reads` overrides its readsForkHistory. */
function watching(inner: Searcher, ended: (readonly number[])[], reads: boolean | undefined): Searcher {
  return {
    name: inner.name,
    readsForkHistory: reads,
    select: () => inner.select(),
    empty: () => inner.empty(),
    update(current: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]) {
      for (const s of removed) ended.push(s.forkHistory);
      inner.update(current, added, removed);
    },
  };
}

test('built-in searchers say whether they read fork histories; combinators pass it on', () => {
  const ctx = { rng: undefined } as never;
  const says = (search: string[]) => createSearcher(search, ctx, { batchInstructions: 0 }).readsForkHistory;
  for (const s of [['dfs'], ['bfs'], ['random-state'], ['random-path'], ['nurs:covnew'], ['random-path', 'nurs:covnew']]) expect(says(s), s.join(' ')).toBe(false);
  expect(says(['subpath:2'])).toBe(true);
  expect(says(['random-path', 'subpath:1'])).toBe(true);
  expect(createSearcher(['dfs'], ctx, { batchInstructions: 100 }).readsForkHistory).toBe(false);
});

test('a run keeps fork histories only for a searcher that reads them; the paths are the same', async () => {
  const outcomes: string[] = [];
  for (const reads of [false, undefined, true]) {
    const ended: (readonly number[])[] = [];
    const o = await run(moduleOf({ text: PROGRAM }), { search: ['dfs'] }, {
      createSearcher: (ctx) => watching(createSearcher(['dfs'], ctx, { batchInstructions: 0 }), ended, reads),
    });
    expect(ended.length).toBe(32);
    if (reads === false) for (const h of ended) expect(h).toBe(NO_FORK_HISTORY);
    else for (const h of ended) expect(h.length).toBe(5);
    outcomes.push(JSON.stringify({ paths: o.result.paths, insts: o.result.instructions, tests: o.tests.map((t) => [t.exitCode, t.objects.map((x) => Buffer.from(x.bytes).toString('hex'))]) }));
  }
  expect(outcomes[1]).toBe(outcomes[0]);
  expect(outcomes[2]).toBe(outcomes[0]);
});
