// The adaptive back-off (src/strategies/postcondition/backoff.ts): its per-location rule on its own, and
// whole runs with its limits made tiny — every check failing once backs a location off, no time budget
// at all (every walk after the first is skipped while PSE sleeps) — losing nothing against exhaustive
// DFS, while the back-off demonstrably acted (its counters) and still pruned no more paths than DFS ran.

import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { Backoff } from '../../../src/strategies/postcondition/backoff.js';
import { createPostconditionPruner } from '../../../src/strategies/postcondition/index.js';
import { closeSolver, fixtureOptions, moduleOf, ROOT, run } from '../../engine/helpers.js';
import { both, pathCount } from './helpers.js';

afterAll(closeSolver);

describe('per-location back-off', () => {
  test('a location backs off after failLimit failed checks, is retried at powers of two, and a success resets it', () => {
    const b = new Backoff(true, { failLimit: 3 });
    for (let i = 0; i < 2; i++) {
      expect(b.shouldCheck('l')).toBe(true);
      b.checked('l', false);
    }
    expect(b.isOff('l')).toBe(false);
    b.checked('l', false);
    expect(b.isOff('l')).toBe(true);
    expect(b.stats.locationsOff).toBe(1);
    // Attempts 1, 2, 4, 8 after backing off are checked; the others skipped.
    const made = [];
    for (let a = 1; a <= 9; a++) if (b.shouldCheck('l')) made.push(a);
    expect(made).toEqual([1, 2, 4, 8]);
    expect(b.stats.checksSkipped).toBe(5);
    expect(b.shouldCheck('other')).toBe(true);
    b.checked('l', true);
    expect(b.isOff('l')).toBe(false);
    expect(b.stats.locationsOff).toBe(0);
    expect(b.shouldCheck('l')).toBe(true);
  });

  test('switched off, it never skips', () => {
    const b = new Backoff(false, { failLimit: 1, budget: 0, graceSeconds: 0 });
    b.checked('l', false);
    expect(b.isOff('l')).toBe(false);
    expect(b.shouldCheck('l')).toBe(true);
    expect(b.mayWalk(100, 0, 1)).toBe(true);
  });

  test('the time budget: within grace, then over it', () => {
    const b = new Backoff(true, { budget: 0, graceSeconds: 0.5 });
    expect(b.mayWalk(0.4, 0, 1)).toBe(true);
    expect(b.mayWalk(0.6, 0, 1)).toBe(false);
    expect(b.stats.walksSkipped).toBe(1);
  });
});

const AGGRESSIVE = { firstInstanceOnly: true, simplify: true, reuseWp: true, backoffLimits: { failLimit: 1, budget: 0, graceSeconds: 0 } };

describe('nothing lost with the back-off at its most aggressive', () => {
  const programs = [join('pse', 'independent.c'), join('pse', 'fig1.c'), join('pse', 'traps', 'prefix_memory.c'), join('pse', 'traps', 'loop_bound.c')];
  test.each(programs)('%s', async (rel) => {
    const path = join(ROOT, 'test', 'fixtures', rel);
    const m = moduleOf({ file: path }, rel.endsWith('independent.c') ? ['-DK=3', '-DM=3'] : []);
    const r = await both(m, fixtureOptions(readFileSync(path, 'utf8')), AGGRESSIVE);
    expect(r.check).toEqual({ lostErrors: [], lostLines: [] });
    expect(r.pse.errors).toEqual(r.base.errors);
    expect(pathCount(r.pse.result)).toBeLessThanOrEqual(pathCount(r.base.result));
    // No grace and no budget: after the first walk PSE sleeps, so walks were skipped.
    const s = r.pse.hook!.stats;
    expect(s.backoff.walksSkipped).toBeGreaterThan(0);
  });
});

describe('asleep, the hook costs the engine nothing per instruction', () => {
  test('the executor stops calling onInstruction while the back-off has the hook asleep (ExplorationHooks.instructionsPaused)', async () => {
    const path = join(ROOT, 'test', 'fixtures', 'pse', 'independent.c');
    const m = moduleOf({ file: path }, ['-DK=3', '-DM=3']);
    const calls = async (pse: Record<string, unknown>): Promise<{ calls: number; pruned: number }> => {
      const p = createPostconditionPruner(pse);
      let n = 0;
      const inner = p.hook.onInstruction.bind(p.hook);
      p.hook.onInstruction = (s, inst) => {
        n++;
        inner(s, inst);
      };
      const o = await run(m, {}, { hooks: [p.hook], createMemory: p.createMemory });
      return { calls: n, pruned: o.result.paths.pruned };
    };
    const awake = await calls({ firstInstanceOnly: true, backoff: false });
    const asleep = await calls(AGGRESSIVE);
    // Awake throughout, every instruction stepped is seen; asleep after the first path, few are.
    expect(awake.calls).toBeGreaterThan(0);
    expect(asleep.calls).toBeLessThan(awake.calls / 2);
  });
});
