// Property tests (fast-check, seeded): the simplifying constructors of build.ts and the concrete
// evaluator agree with a reference interpreter written directly over random operator trees of random
// widths (1..128, odd widths included), for random assignments biased towards 0/1/0x7f/0x80/0xff.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evaluate } from '../../src/expr/evaluate.js';
import { Kind } from '../../src/expr/expr.js';
import { TreeGen, assignmentOf, build, envArb, raw, ref } from './gen.js';

const SEED = 20261126;
const gen = new TreeGen({ outOfRange: true, maxDivWidth: 128 });

describe('simplifier and evaluator vs reference interpreter', () => {
  it('built (simplified) expressions evaluate like the reference, 4000 trees of depth <= 4', () => {
    fc.assert(
      fc.property(gen.anyWidth(4), envArb, envArb, (t, env1, env2) => {
        const e = build(t);
        expect(e.width).toBe(t.w);
        for (const env of [env1, env2]) {
          expect(evaluate(e, assignmentOf(env))).toBe(ref(t, env));
        }
      }),
      { seed: SEED, numRuns: 4000 },
    );
  });

  it('the evaluator computes the reference value of the raw (unsimplified) tree, 3000 trees', () => {
    fc.assert(
      fc.property(gen.anyWidth(4), envArb, (t, env) => {
        expect(evaluate(raw(t), assignmentOf(env))).toBe(ref(t, env));
      }),
      { seed: SEED + 1, numRuns: 3000 },
    );
  });

  it('boolean trees (comparisons of every predicate) agree, 3000 trees', () => {
    fc.assert(
      fc.property(gen.tree(1, 4), envArb, (t, env) => {
        expect(evaluate(build(t), assignmentOf(env))).toBe(ref(t, env));
      }),
      { seed: SEED + 2, numRuns: 3000 },
    );
  });

  it('byte-level trees with reads over write chains agree, 3000 trees', () => {
    fc.assert(
      fc.property(gen.tree(8, 4), envArb, (t, env) => {
        expect(evaluate(build(t), assignmentOf(env))).toBe(ref(t, env));
      }),
      { seed: SEED + 3, numRuns: 3000 },
    );
  });

  it('hash-consing: building a tree twice gives the identical node; comparisons stay canonical', () => {
    const canonical = new Set([Kind.Eq, Kind.Ult, Kind.Ule, Kind.Slt, Kind.Sle]);
    fc.assert(
      fc.property(gen.anyWidth(3), (t) => {
        const e = build(t);
        expect(build(t)).toBe(e);
        if (e.width === 1 && e.kids.length === 2 && e.kind >= Kind.Eq) expect(canonical.has(e.kind)).toBe(true);
      }),
      { seed: SEED + 4, numRuns: 1000 },
    );
  });
});
