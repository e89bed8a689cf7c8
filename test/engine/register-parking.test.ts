// Waiting states keep only their live registers (src/engine/register-liveness.ts): the exploration and
// every test must be exactly those of a run that keeps whole register files (a run with an exploration
// hook, which turns parking off). The programs are built at -O1, so values live in SSA registers and phis
// (at -O0 nearly everything is in allocas), with values computed before a fork and read after it, loops
// carrying values through phis, and returns into caller frames that waited.

import { afterAll, describe, expect, test } from 'vitest';
import { Frame } from '../../src/engine/state.js';
import { createSolver } from '../../src/solver/index.js';
import type { RunEnvironment } from '../../src/engine/executor.js';
import { closeSolver, moduleOf, run, type Outcome } from './helpers.js';

const PROGRAM = `
#include "klee/klee.h"
static int __attribute__((noinline)) mix(int x, int k) {
  int acc = x * 7 + k;           /* live across the branches below */
  if (x > k) acc += 3; else acc -= 5;
  if ((x & 3) == k % 4) acc ^= 0x55;
  return acc + k;
}
int main(void) {
  int a, b;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  int before = a * 3 + 11;       /* computed before the forks, read after them */
  int sum = 0;
  for (int i = 0; i < 3; i++) {  /* sum and i carried by phis */
    if (a > i * 10) sum += mix(a + i, i); else sum -= i;
    if (b == i) sum += 100;
  }
  if (before > 40) sum += before;
  return sum & 0xff;
}`;

function signature(o: Outcome): string {
  return JSON.stringify({
    paths: o.result.paths,
    instructions: o.result.instructions,
    tests: o.tests.map((t) => ({ end: t.termination, exit: t.exitCode, insts: t.instructions, objects: t.objects.map((x) => [x.name, Buffer.from(x.bytes).toString('hex')]) })),
  });
}

describe('parked states keep only live registers', () => {
  afterAll(closeSolver);

  test.each([['-O1'], ['-O0']])('%s: the same paths and tests as with whole register files, and frames were parked and rebuilt', async (opt) => {
    const module = () => moduleOf({ text: PROGRAM }, opt === '-O1' ? ['-O1'] : []);
    let rebuilt = 0;
    const unpark = Frame.prototype.unparkRegs;
    Frame.prototype.unparkRegs = function (this: Frame) {
      if (this.liveSlots !== null) rebuilt++;
      unpark.call(this);
    };
    // A fresh solver per run: a shared one's caches would give the second run other (equally valid) models.
    const fresh = async (env: Partial<RunEnvironment>): Promise<Outcome> => {
      const solver = await createSolver({ backend: 'native', timeoutSeconds: 10 });
      try {
        return await run(module(), {}, { solver, ...env });
      } finally {
        await solver.close();
      }
    };
    let parked: Outcome;
    try {
      parked = await fresh({});
    } finally {
      Frame.prototype.unparkRegs = unpark;
    }
    // Any hook turns parking off (a hook may read any frame's registers).
    const whole = await fresh({ hooks: [{ name: 'no-op' }] });
    expect(rebuilt).toBeGreaterThan(0);
    expect(parked.result.paths.completed).toBeGreaterThanOrEqual(4);
    expect(signature(parked)).toBe(signature(whole));
  }, 60_000);
});
