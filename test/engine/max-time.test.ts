// --max-time holds when a solver query would not end by itself (Coreutils md5sum and sha*sum: a branch
// on a digest of symbolic file bytes). Before, the engine awaited the query forever and never reached
// its time check; now the query is cut at the end of the budget, the run halts, and the paths alive or
// cut there still get tests, solved for within the write-out allowance.
import { afterAll, describe, expect, test } from 'vitest';
import { writeOutAllowanceMs } from '../../src/engine/run-budget.js';
import { closeSolver, moduleOf, run } from './helpers.js';

afterAll(closeSolver);

// x * y = a 64-bit semiprime: factoring, which Z3 does not decide in minutes.
const FACTOR = `
#include <klee/klee.h>
int main(void) {
  unsigned long long x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_assume(x > 1 && y > 1 && x < 0xffffffffULL && y < 0xffffffffULL);
  if (x * y == 0xd3f9a7c5e1b3f1a1ULL) return 1;
  return 0;
}`;

describe('--max-time with an intractable query', () => {
  test('the run stops at the budget and still writes a test for the cut path', async () => {
    const t0 = performance.now();
    const o = await run(moduleOf({ text: FACTOR }), { maxTime: 2 });
    const wall = (performance.now() - t0) / 1000;
    expect(o.result.haltReason).toBe('max-time');
    expect(wall).toBeLessThan(2 + writeOutAllowanceMs(2) / 1000 + 2);
    expect(o.result.paths.partial).toBe(1);
    expect(o.tests.filter((t) => t.termination === 'partial')).toHaveLength(1);
    // The shared solver is usable again after the run (the deadline is lifted).
    const again = await run(moduleOf({ text: FACTOR.replace('0xd3f9a7c5e1b3f1a1ULL', '6ULL') }), { maxTime: 20 });
    expect(again.result.paths.completed).toBe(2);
  }, 60_000);
});
