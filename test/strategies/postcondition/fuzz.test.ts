import { afterAll, expect, test } from 'vitest';
import { closeSolver, moduleOf } from '../../engine/helpers.js';
import { both, pathCount } from './helpers.js';
import { generateProgram } from './gen.js';
afterAll(closeSolver);
const FROM = Number(process.env.PSE_FUZZ_FROM ?? 1);
const N = Number(process.env.PSE_FUZZ_N ?? 10);
const seeds = Array.from({ length: N }, (_, i) => FROM + i);
test.each(seeds)('seed %i', async (seed) => {
  const text = generateProgram(seed);
  const m = moduleOf({ text }, ['-w']);
  for (const pse of [{}, { firstInstanceOnly: true, simplify: true, reuseWp: true }]) {
    const r = await both(m, { maxTime: 60 }, pse);
    if (r.check.lostErrors.length || r.check.lostLines.length) console.log(text);
    expect(r.check).toEqual({ lostErrors: [], lostLines: [] });
    expect(pathCount(r.pse.result)).toBeLessThanOrEqual(pathCount(r.base.result));
    console.log(seed, JSON.stringify(pse), pathCount(r.base.result), pathCount(r.pse.result), r.base.errors.length, r.base.reached.lines.size);
  }
});
