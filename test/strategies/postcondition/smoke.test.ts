import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { closeSolver, moduleOf, ROOT } from '../../engine/helpers.js';
import { both, pathCount } from './helpers.js';
import { reportLines } from '../../../src/strategies/postcondition/index.js';
afterAll(closeSolver);
test.each([[2,2],[3,3],[4,4],[5,3]])('K=%i M=%i', async (K, M) => {
  const path = join(ROOT, 'test/fixtures/pse/independent.c');
  for (const pse of [{}, { simplify: true }, {simplify: true, reuseWp: true, firstInstanceOnly: true}]) {
    const r = await both(moduleOf({ file: path }, [`-DK=${K}`, `-DM=${M}`]), {}, pse);
    console.log(K, M, JSON.stringify(pse), pathCount(r.base.result), JSON.stringify(r.pse.result.paths), r.base.result.instructions, r.pse.result.instructions, r.base.result.wallSeconds.toFixed(2), r.pse.result.wallSeconds.toFixed(2), JSON.stringify(r.check));
    console.log(reportLines(r.pse.hook!.stats).join('\n'));
    expect(r.check.lostLines).toEqual([]);
    expect(r.check.lostErrors).toEqual([]);
  }
});
