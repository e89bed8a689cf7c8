// Programs whose suffix never reads what their prefix wrote (test/fixtures/pse/independent.c: K prefix
// branches write p, M suffix branches write q, a planted abort in the suffix): exhaustive DFS explores
// the product of prefix and suffix paths, pruning at most about their sum — here less, as the suffix's
// own loop iterations share summaries — and the planted abort is still found.

import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { closeSolver, moduleOf, ROOT } from '../../engine/helpers.js';
import { both, pathCount } from './helpers.js';

afterAll(closeSolver);

const FILE = join(ROOT, 'test', 'fixtures', 'pse', 'independent.c');

test.each([
  [3, 3],
  [4, 4],
  [5, 3],
])('K=%i prefix branches, M=%i suffix branches', async (K, M) => {
  const m = moduleOf({ file: FILE }, [`-DK=${K}`, `-DM=${M}`]);
  for (const pse of [{}, { firstInstanceOnly: true, simplify: true, reuseWp: true }]) {
    const r = await both(m, {}, pse);
    // Exhaustive: every prefix path times every suffix path (q == 5 ends one suffix in the abort).
    expect(pathCount(r.base.result)).toBe(2 ** K * 2 ** M);
    expect(r.base.errors).toHaveLength(1);
    // Pruned: at most the sum (plus the few pruned stubs where a covered branch is reached).
    expect(pathCount(r.pse.result)).toBeLessThanOrEqual(2 ** K + 2 ** M);
    expect(r.pse.errors).toEqual(r.base.errors);
    expect(r.check).toEqual({ lostErrors: [], lostLines: [] });
    expect(r.pse.result.instructions).toBeLessThan(r.base.result.instructions / 4);
  }
});
