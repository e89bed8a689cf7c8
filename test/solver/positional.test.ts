// Issue 20: equations over positional numerals solved digit by digit (src/solver/positional.ts), in
// the interval layer (src/solver/intervals.ts): seq's slowest Z3 queries refuted without Z3, the
// digits passed on to Z3 as equalities when the equation has a solution, and, on random numerals
// checked against every assignment, never a refutation of a satisfiable query nor a digit that some
// solution does not have.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as B from '../../src/expr/build.js';
import { ArrayDecl, Expr } from '../../src/expr/expr.js';
import { evaluate } from '../../src/expr/evaluate.js';
import { newCounters, type CoreSolver, type Query } from '../../src/solver/core.js';
import { IntervalRefutation, full, type Range } from '../../src/solver/intervals.js';
import { LinearForms } from '../../src/solver/positional.js';
import { countingInner, sharedBackend } from './helpers.js';

const backend = sharedBackend(30);
const c = (w: number, v: bigint | number): Expr => B.constant(w, BigInt.asUintN(w, BigInt(v)));

/** The layer over Z3, keeping each query it passed on. */
function layer() {
  const counters = newCounters();
  const seen: Query[] = [];
  const { inner, passed } = countingInner(backend);
  const keeping: CoreSolver = { check: (q) => (seen.push(q), inner.check(q)), close: async () => {} };
  return { s: new IntervalRefutation(keeping, counters), counters, passed, seen };
}

/** Nine argument bytes, each an ASCII digit, the first not '0', accumulated as strtol does (32 bits). */
function nineDigits() {
  const A = new ArrayDecl('arg', 9);
  const b = (i: number): Expr => B.read(A, null, c(32, i));
  const constraints: Expr[] = [B.ne(b(0), c(8, 0x30))];
  let value: Expr = c(32, 0);
  for (let i = 0; i < 9; i++) {
    constraints.push(B.ult(B.add(c(32, -48), B.zext(b(i), 32)), c(32, 10)));
    value = B.add(B.add(c(32, -48), B.zext(b(i), 32)), B.mul(c(32, 10), value));
  }
  return { A, b, constraints, value };
}

describe('positional numerals', () => {
  it("refutes seq's nine-digit accumulation == 100,000,000 with one of the last digits not '0' (Z3: 2-15 s) without Z3", async () => {
    // (seq's query said it through the position of the last non-zero digit, an ite chain over all nine)
    const { b, constraints, value } = nineDigits();
    const lastNotZero = B.orB(B.ne(b(7), c(8, 0x30)), B.ne(b(8), c(8, 0x30)));
    const q: Query = { constraints: [...constraints, lastNotZero], expr: B.eq(c(32, 100_000_000), value) };
    const { s, counters, passed } = layer();
    expect((await s.check(q)).status).toBe('unsat');
    expect(passed()).toBe(0);
    expect(counters.numeralRefutations).toBe(1);
    expect(counters.intervalRefutations).toBe(0); // the digits' ranges alone do not show it
  });

  it('passes a solvable equation on with its digits as equalities, and Z3 answers it with them', async () => {
    const { A, constraints, value } = nineDigits();
    const q: Query = { constraints, expr: B.eq(c(32, 123_456_789), value), reads: new Map([[A, 'all' as const]]) };
    const { s, counters, seen } = layer();
    const r = await s.check(q);
    expect(r.status).toBe('sat');
    expect(Buffer.from(r.model!.get(A)!).toString('latin1')).toBe('123456789');
    expect(counters.numeralDigitQueries).toBe(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.constraints.length).toBe(constraints.length + 9);
    expect(seen[0]!.reads).toBe(q.reads);
  });

  it('says nothing when the weights do not make the numeral unique', () => {
    const A = new ArrayDecl('pair', 2);
    const x = B.zext(B.read(A, null, c(32, 0)), 32);
    const y = B.zext(B.read(A, null, c(32, 1)), 32);
    const digit: Range = { ulo: 0n, uhi: 9n, slo: 0n, shi: 9n };
    const ranges = (e: Expr): Range => (e.width === 8 ? digit : full(e.width));
    const forms = new LinearForms(ranges);
    expect(forms.solve(B.add(B.mul(c(32, 3), x), B.mul(c(32, 2), y)), 12n)).toEqual({ kind: 'none' }); // 3*4 + 2*0 = 3*2 + 2*3
    const unique = forms.solve(B.add(B.mul(c(32, 10), x), y), 47n);
    expect(unique.kind).toBe('values');
    if (unique.kind === 'values') expect([...unique.values.values()]).toEqual([4n, 7n]);
    expect(forms.solve(B.add(B.mul(c(32, 10), x), y), 100n)).toEqual({ kind: 'unsat' }); // 99 at most
  });

  it('takes a node nested deeper than it looks as a term, without recursing through it', () => {
    const A = new ArrayDecl('deep', 2);
    let deep: Expr = B.zext(B.read(A, null, c(32, 0)), 64);
    for (let i = 0; i < 20_000; i++) deep = B.add(B.mul(deep, c(64, 3)), c(64, i));
    const forms = new LinearForms((e) => full(e.width));
    const x = B.add(deep, B.zext(B.read(A, null, c(32, 1)), 64));
    expect(() => forms.form(x)).not.toThrow();
    expect(forms.form(x).terms.size).toBeLessThanOrEqual(3); // the deep chain cut into a term, the two bytes at most
  });

  it('never refutes a satisfiable query nor derives a digit some solution lacks (random numerals, every assignment)', async () => {
    const numeral = fc.record({
      base: fc.constantFrom(2, 3, 8, 10, 16),
      digits: fc.array(fc.tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 15 })), { minLength: 2, maxLength: 4 }),
      negate: fc.boolean(), // `0 - value`, as strtol applies a '-'
      width: fc.constantFrom(16, 32, 64),
      excluded: fc.option(fc.tuple(fc.nat(3), fc.integer({ min: 0, max: 15 })), { nil: undefined }),
      // the target: a numeral of any digits (in their ranges or not), or any number
      picked: fc.option(fc.array(fc.nat(15), { minLength: 4, maxLength: 4 }), { nil: undefined, freq: 3 }),
      inRanges: fc.boolean(), // the picked digits moved into their ranges (mostly satisfiable)
      // each digit's value: zext(c) - 48 (strtol), or zext(c - k) with the subtraction in 8 bits, which
      // wraps around for k > '0' (the form must then take the digit as a term of its own)
      narrowBy: fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: fc.integer({ min: 0x30, max: 0x40 }), weight: 1 }),
      anyTarget: fc.bigInt({ min: -300n, max: 70_000n }),
    });
    let derived = 0;
    let refuted = 0;
    await fc.assert(
      fc.asyncProperty(numeral, async ({ base, digits, negate, width, excluded, picked, inRanges, narrowBy, anyTarget }) => {
        const A = new ArrayDecl('num', digits.length);
        const b = (i: number): Expr => B.read(A, null, c(32, i));
        const ranges = digits.map(([p, q]) => [Math.min(p, q, base - 1), Math.min(Math.max(p, q), base - 1)] as const);
        const constraints: Expr[] = [];
        let value: Expr = c(width, 0);
        ranges.forEach(([lo, hi], i) => {
          constraints.push(B.ule(c(8, 0x30 + lo), b(i)), B.ule(b(i), c(8, 0x30 + hi)));
          const digit = narrowBy === undefined ? B.add(c(width, -48), B.zext(b(i), width)) : B.zext(B.sub(b(i), c(8, narrowBy)), width);
          value = B.add(digit, B.mul(c(width, base), value));
        });
        if (excluded && excluded[0] < digits.length) constraints.push(B.ne(b(excluded[0]), c(8, 0x30 + excluded[1])));
        if (negate) value = B.sub(c(width, 0), value);
        const numeralOf = (ds: number[]): bigint => ds.reduce((v, d) => v * BigInt(base) + BigInt(d % base), 0n);
        const moved = picked?.slice(0, digits.length).map((d, i) => (inRanges ? ranges[i]![0] + (d % (ranges[i]![1] - ranges[i]![0] + 1)) : d));
        const target = moved ? (negate ? -1n : 1n) * numeralOf(moved) : anyTarget;
        const q: Query = { constraints, expr: B.eq(c(width, target), value) };
        // Every solution, by trying every assignment of the digits in their ranges.
        const solutions: Uint8Array[] = [];
        const bytes = new Uint8Array(digits.length);
        const visit = (i: number): void => {
          if (i === digits.length) {
            const m = new Map([[A, bytes]]);
            if ([...constraints, q.expr].every((e) => evaluate(e, m) === 1n)) solutions.push(bytes.slice());
            return;
          }
          for (let d = ranges[i]![0]; d <= ranges[i]![1]; d++) {
            bytes[i] = 0x30 + d;
            visit(i + 1);
          }
        };
        visit(0);
        const { s, counters, seen } = layer();
        const r = await s.check(q);
        expect(r.status).toBe(solutions.length > 0 ? 'sat' : 'unsat');
        refuted += counters.numeralRefutations;
        derived += counters.numeralDigitQueries;
        if (counters.numeralDigitQueries > 0) {
          const implied = seen[0]!.constraints.slice(constraints.length);
          for (const sol of solutions) for (const e of implied) expect(evaluate(e, new Map([[A, sol]]))).toBe(1n);
        }
      }),
      { seed: 20261208, numRuns: 500 },
    );
    // The numeral path itself was taken, both ways, not only the intervals' refutations.
    expect(refuted).toBeGreaterThan(20);
    expect(derived).toBeGreaterThan(20);
  });
});
