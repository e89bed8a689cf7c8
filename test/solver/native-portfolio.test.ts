// The native back end's portfolio tactic (NATIVE_TACTIC, src/solver/z3-native.ts): the SMT core with a
// conflict limit, then bit-blasting (`qfbv`), then the SMT core without one. Checked here: a query the
// first stage gives up on is still answered, rightly, by the next (seq's shape: a strtol-style digit
// accumulation compared with a constant); with the first stage allowed no conflict at all, so that
// the later stages answer nearly everything, answers and models still agree with the evaluator.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as B from '../../src/expr/build.js';
import { ArrayDecl, type Expr } from '../../src/expr/expr.js';
import { evaluate } from '../../src/expr/evaluate.js';
import { NATIVE_TACTIC, Z3Native, portfolioTactic, smtCoreTactic } from '../../src/solver/z3-native.js';
import { SYMBOLIC, TreeGen, assignmentOf, build, envArb } from '../expr/gen.js';

const HAVE_Z3 = existsSync('/usr/bin/z3');
const DIGITS = new ArrayDecl('digits', 7);
const digit = (i: number): Expr => B.read(DIGITS, null, B.constant(32, i));
const zero = B.constant(8, 0x30);

/** Seven ASCII digits, the first not '0', and their value as strtol accumulates it (32 bits). */
function accumulation(): { constraints: Expr[]; value: Expr } {
  const constraints: Expr[] = [B.ne(digit(0), zero)];
  let value: Expr = B.constant(32, 0);
  for (let i = 0; i < 7; i++) {
    constraints.push(B.ule(zero, digit(i)), B.ule(digit(i), B.constant(8, 0x39)));
    value = B.add(B.mul(value, B.constant(32, 10)), B.sub(B.zext(digit(i), 32), B.constant(32, 0x30)));
  }
  return { constraints, value };
}

describe.skipIf(!HAVE_Z3)('native portfolio tactic', () => {
  it('is the default check command', () => {
    expect(NATIVE_TACTIC).toBe(portfolioTactic(1000));
  });

  it('answers a query its first stage gives up on, through the later stages', async () => {
    const { constraints, value } = accumulation();
    // 1,000,000 needs the last digit to be '0'; the query forbids it: unsatisfiable.
    const query = { constraints: [...constraints, B.ne(digit(6), zero)], expr: B.eq(value, B.constant(32, 1_000_000)) };
    const firstStageAlone = await Z3Native.create({ timeoutMs: 20_000, tactic: smtCoreTactic(0) });
    const portfolio = await Z3Native.create({ timeoutMs: 20_000, tactic: portfolioTactic(0) });
    try {
      const gaveUp = await firstStageAlone.check(query);
      expect(gaveUp.status).toBe('unknown');
      expect((await portfolio.check(query)).status).toBe('unsat');
      // and a satisfiable one, with a model the evaluator agrees with
      const sat = await portfolio.check({ constraints, expr: B.eq(value, B.constant(32, 1_234_567)), reads: new Map([[DIGITS, 'all' as const]]) });
      expect(sat.status).toBe('sat');
      expect(evaluate(value, sat.model!)).toBe(1_234_567n);
      expect(Buffer.from(sat.model!.get(DIGITS)!).toString('latin1')).toBe('1234567');
    } finally {
      await firstStageAlone.close();
      await portfolio.close();
    }
  });

  describe('with no conflicts allowed to the first stage', () => {
    const gen = new TreeGen({ outOfRange: false, maxDivWidth: 32 });
    const allBytes = new Map(SYMBOLIC.map((a) => [a, 'all' as const]));
    let core: Z3Native;
    beforeAll(async () => {
      core = await Z3Native.create({ timeoutMs: 10_000, tactic: portfolioTactic(0) });
    });
    afterAll(async () => {
      await core?.close();
    });

    it('models of e == evaluate(e) agree with the evaluator, and e != evaluate(e) under e == evaluate(e) is unsat (300 random expressions)', async () => {
      let unknown = 0;
      await fc.assert(
        fc.asyncProperty(gen.anyWidth(3), envArb, async (t, env) => {
          const e = build(t);
          const c = B.constant(e.width, evaluate(e, assignmentOf(env)));
          const r = await core.check({ constraints: [], expr: B.eq(e, c), reads: allBytes });
          if (r.status === 'unknown') {
            unknown++;
            return;
          }
          expect(r.status).toBe('sat');
          expect(evaluate(e, r.model!)).toBe(c.value);
          const contradiction = await core.check({ constraints: [B.eq(e, c)], expr: B.ne(e, c) });
          expect(contradiction.status === 'unsat' || contradiction.status === 'unknown').toBe(true);
        }),
        { seed: 737373, numRuns: 300 },
      );
      expect(unknown).toBeLessThan(6);
    });
  });
});
