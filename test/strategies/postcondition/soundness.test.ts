// Soundness of --prune postcondition against exhaustive DFS: on every symbolic test program of the suite
// (test/fixtures/symbolic) and on the PSE traps (test/fixtures/pse/traps: suffixes that read what their
// prefix wrote, aliasing, heap, calling contexts, implicit checks, fresh inputs, klee_assume, …), the
// pruned run reaches the same error sites and the same covered lines, with no more paths — with the
// heuristics off, all on, and all on with --pse-pin-addresses.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { EngineOptions } from '../../../src/engine/options.js';
import { closeSolver, fixtureOptions, moduleOf, ROOT } from '../../engine/helpers.js';
import { both, pathCount } from './helpers.js';

afterAll(closeSolver);

const SETTINGS = [
  { name: 'plain (no back-off)', pse: { backoff: false } },
  { name: 'all heuristics', pse: { firstInstanceOnly: true, simplify: true, reuseWp: true } },
  { name: 'all heuristics, pinned addresses', pse: { firstInstanceOnly: true, simplify: true, reuseWp: true, pinAddresses: true } },
];

for (const dir of ['symbolic', join('pse', 'traps')]) {
  const DIR = join(ROOT, 'test', 'fixtures', dir);
  const programs = readdirSync(DIR).filter((f) => f.endsWith('.c')).sort();
  describe(`nothing lost on test/fixtures/${dir}`, () => {
    test.each(programs)('%s', async (file) => {
      const path = join(DIR, file);
      const opts = fixtureOptions(readFileSync(path, 'utf8'));
      const m = moduleOf({ file: path });
      for (const s of SETTINGS) {
        const r = await both(m, opts, s.pse);
        expect(r.check, `${file} (${s.name})`).toEqual({ lostErrors: [], lostLines: [] });
        expect(r.pse.errors, `${file} (${s.name})`).toEqual(r.base.errors);
        expect(pathCount(r.pse.result), `${file} (${s.name})`).toBeLessThanOrEqual(pathCount(r.base.result));
        expect(r.pse.result.paths.partial).toBe(r.base.result.paths.partial);
      }
    });
  });
}
