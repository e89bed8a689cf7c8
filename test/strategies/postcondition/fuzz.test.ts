// Differential test of --prune postcondition against exhaustive DFS on random programs (gen.ts): the
// same error sites and covered lines, no more paths — with the heuristics off and all on. The suite runs
// 10 seeds; more with PSE_FUZZ_FROM=S PSE_FUZZ_N=N (1,500 were run during development).

import { afterAll, expect, test } from 'vitest';
import { closeSolver, moduleOf } from '../../engine/helpers.js';
import { both, pathCount } from './helpers.js';
import { generateProgram } from './gen.js';

afterAll(closeSolver);

const FROM = Number(process.env.PSE_FUZZ_FROM ?? 1);
const N = Number(process.env.PSE_FUZZ_N ?? 10);
const seeds = Array.from({ length: N }, (_, i) => FROM + i);

test.each(seeds)('random program, seed %i', async (seed) => {
  const text = generateProgram(seed);
  const m = moduleOf({ text }, ['-w']);
  for (const pse of [{}, { firstInstanceOnly: true, simplify: true, reuseWp: true }, { firstInstanceOnly: true, simplify: true, reuseWp: true, pinAddresses: true }]) {
    const r = await both(m, { maxTime: 60 }, pse);
    expect(r.check, `seed ${seed} ${JSON.stringify(pse)}:\n${text}`).toEqual({ lostErrors: [], lostLines: [] });
    expect(pathCount(r.pse.result)).toBeLessThanOrEqual(pathCount(r.base.result));
  }
});
