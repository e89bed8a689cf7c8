// Canonical test inputs (src/parallel/canonical-solver.ts) are the lexicographically smallest inputs of a
// path, whichever shortcut found each byte (evaluation, the forced-value query, bisection): checked
// against enumerating every assignment of two symbolic bytes, on random path constraints.

import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as B from '../../src/expr/build.js';
import { ArrayDecl, type Expr } from '../../src/expr/expr.js';
import { Evaluator } from '../../src/expr/evaluate.js';
import { canonicalInitialValues } from '../../src/parallel/canonical-solver.js';
import { closeSolver, solver } from '../engine/helpers.js';

afterAll(closeSolver);

const IN = new ArrayDecl('in', 2);
const byteOf = (i: number): Expr => B.read(IN, null, B.constant(32, i));

/** A constraint over the two bytes: a comparison of one byte, or of their sum or xor, with a constant. */
const constraint = fc
  .record({
    lhs: fc.constantFrom('b0', 'b1', 'sum', 'xor'),
    op: fc.constantFrom('eq', 'ne', 'ult', 'ugt'),
    k: fc.integer({ min: 0, max: 255 }),
  })
  .map(({ lhs, op, k }) => {
    const l = lhs === 'b0' ? byteOf(0) : lhs === 'b1' ? byteOf(1) : lhs === 'sum' ? B.add(byteOf(0), byteOf(1)) : B.xor(byteOf(0), byteOf(1));
    const c = B.constant(8, k);
    return op === 'eq' ? B.eq(l, c) : op === 'ne' ? B.not(B.eq(l, c)) : op === 'ult' ? B.ult(l, c) : B.ult(c, l);
  });

/** The smallest [b0, b1] (b0 first) satisfying every constraint, by enumeration; null when none does. */
function smallest(constraints: readonly Expr[]): [number, number] | null {
  for (let b0 = 0; b0 < 256; b0++) {
    for (let b1 = 0; b1 < 256; b1++) {
      const ev = new Evaluator(new Map([[IN, Uint8Array.of(b0, b1)]]));
      if (constraints.every((c) => ev.isTrue(c))) return [b0, b1];
    }
  }
  return null;
}

describe('canonical test inputs', () => {
  it('are the lexicographically smallest satisfying bytes', async () => {
    const s = await solver();
    await fc.assert(
      fc.asyncProperty(fc.array(constraint, { minLength: 1, maxLength: 4 }), async (constraints) => {
        const want = smallest(constraints);
        const got = await canonicalInitialValues(s, constraints, [IN]);
        if (want === null) expect(got).toBe('unsat');
        else expect(got === 'unsat' || got === 'unknown' ? got : [...got[0]!]).toEqual(want);
      }),
      { numRuns: 60, seed: 7 },
    );
  }, 120_000);
});
