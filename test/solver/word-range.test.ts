// Issue 20: queries over one input word that its comparisons with constants confine to a few values,
// decided by trying each value (src/solver/word-range.ts). Checked: the unsatisfiable branch sides of
// small programs (an assumption contradicted, a switch's cases exhausted, pinned bytes outside a range)
// are answered without Z3; on random comparisons of a word with constants (negated or not, signed and
// unsigned, with byte equalities) every answer equals Z3's and every 'sat' model satisfies the query;
// and the bounds are exact at the ends of both orders.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as B from '../../src/expr/build.js';
import { ArrayDecl, Expr, Kind, intern } from '../../src/expr/expr.js';
import { evaluate } from '../../src/expr/evaluate.js';
import { newCounters, type CheckResult, type Query } from '../../src/solver/core.js';
import { boundsOf, valuesWithin, WordRange } from '../../src/solver/word-range.js';
import { countingInner, sharedBackend } from './helpers.js';

const backend = sharedBackend(30);

function layer() {
  const counters = newCounters();
  const { inner, passed } = countingInner(backend);
  return { s: new WordRange(inner, counters), counters, passed };
}

const A = new ArrayDecl('x', 4);
const c = (w: number, v: bigint | number): Expr => B.constant(w, typeof v === 'number' ? BigInt.asUintN(w, BigInt(v)) : v);
const x = B.readLE(A, null, c(32, 0), 4);
const byte = (i: number): Expr => B.read(A, null, c(32, i));

function satisfies(q: Query, r: CheckResult): boolean {
  return [q.expr, ...q.constraints].every((e) => evaluate(e, r.model!) === 1n);
}

describe('one word confined to a few values', () => {
  it("decides small programs' unsatisfiable branch sides without Z3", async () => {
    const queries: [string, Query][] = [
      ['5 < x, 10 < x, x < 3', { constraints: [B.slt(c(32, 5), x), B.slt(c(32, 10), x)], expr: B.slt(x, c(32, 3)) }],
      ['x <u 4 and none of the cases 0..3', { constraints: [B.ult(x, c(32, 4)), B.ne(x, c(32, 0)), B.ne(x, c(32, 1)), B.ne(x, c(32, 2))], expr: B.ne(x, c(32, 3)) }],
      ['0 < x < 10 and x == 20 byte by byte', { constraints: [B.slt(c(32, 0), x), B.slt(x, c(32, 10))], expr: B.eq(x, c(32, 20)) }],
      ['x == 2 byte by byte, and 5 <= x', { constraints: [B.sle(c(32, 5), x)], expr: B.eq(x, c(32, 2)) }],
    ];
    for (const [name, q] of queries) {
      const { s, counters, passed } = layer();
      expect((await s.check(q)).status, name).toBe('unsat');
      expect(passed(), name).toBe(0);
      expect(counters.wordRangeAnswers, name).toBe(1);
    }
  });

  it('finds the one value left, and leaves wide ranges and other bytes to Z3', async () => {
    const one: Query = { constraints: [B.sle(c(32, -3), x), B.slt(x, c(32, -2))], expr: B.ne(x, c(32, 7)) };
    const { s, passed } = layer();
    const r = await s.check(one);
    expect(r.status).toBe('sat');
    expect(satisfies(one, r)).toBe(true);
    expect(evaluate(x, r.model!)).toBe(BigInt.asUintN(32, -3n));
    expect(passed()).toBe(0);

    const Y = new ArrayDecl('y', 1);
    const wide: Query = { constraints: [B.ult(x, c(32, 1000))], expr: B.ne(x, c(32, 3)) };
    const otherArray: Query = { constraints: [B.ult(x, c(32, 4))], expr: B.eq(B.zext(B.read(Y, null, c(32, 0)), 32), x) };
    for (const q of [wide, otherArray]) {
      const l = layer();
      await l.s.check(q);
      expect(l.passed()).toBe(1);
    }
  });

  it('bounds: strict and non-strict, negated, signed and unsigned, at the ends of the range', () => {
    const b = (...cs: Expr[]) => boundsOf(cs, A, [0, 1, 2, 3], 32);
    expect(valuesWithin(b(B.ult(x, c(32, 3))), 32)).toEqual([0n, 1n, 2n]);
    expect(valuesWithin(b(B.not(B.ult(x, c(32, 0xfffffffd)))), 32)).toEqual([0xfffffffdn, 0xfffffffen, 0xffffffffn]);
    expect(valuesWithin(b(B.sle(x, c(32, 1)), B.sle(c(32, -1), x)), 32)).toEqual([0n, 1n, 0xffffffffn]);
    expect(valuesWithin(b(B.not(B.sle(x, c(32, 0x7ffffffe)))), 32)).toEqual([0x7fffffffn]);
    expect(valuesWithin(b(B.ult(c(32, 5), x), B.ule(x, c(32, 7))), 32)).toEqual([6n, 7n]);
    expect(b(B.slt(c(32, 5), x), B.slt(x, c(32, 3)))).toBeNull(); // no value at all
    expect(valuesWithin(b(B.ult(x, c(32, 300))), 32)).toBeNull(); // 300 values: over the limit
  });

  it("bounds of the forms the builder never makes (non-strict, negated), against each value's own evaluation", () => {
    // The builder turns `k <= x` into `k-1 < x` and pushes negations into comparisons, so these forms
    // reach the layer only from other producers; each is checked value by value in a window around k.
    const kinds = [Kind.Ult, Kind.Ule, Kind.Slt, Kind.Sle];
    const window = (k: bigint) => [intern(Kind.Ule, 1, [c(32, k - 3n), x]), intern(Kind.Ule, 1, [x, c(32, k + 3n)])];
    for (const kind of kinds) {
      for (const k of [3n, 0x7ffffffen, 0x80000001n, 0xfffffff0n, 100n]) { // (k ± 3 does not wrap)
        for (const left of [true, false]) {
          for (const negated of [false, true]) {
            const cmp = intern(kind, 1, left ? [x, c(32, k)] : [c(32, k), x]);
            const conj = negated ? intern(Kind.Not, 1, [cmp]) : cmp;
            const all = [conj, ...window(k)];
            const got = valuesWithin(boundsOf(all, A, [0, 1, 2, 3], 32), 32)!;
            const expected: bigint[] = [];
            for (let v = k - 3n; v <= k + 3n; v++) {
              const bytes = new Uint8Array(4);
              new DataView(bytes.buffer).setUint32(0, Number(BigInt.asUintN(32, v)), true);
              if (evaluate(conj, new Map([[A, bytes]])) === 1n) expected.push(BigInt.asUintN(32, v));
            }
            // Each conjunct is a single bound, so the values in range are exactly those it allows.
            expect(got, `${negated ? 'not ' : ''}${String(cmp).slice(0, 12)} k=${k} left=${left}`).toEqual(expected.sort((a, b) => (a < b ? -1 : 1)));
          }
        }
      }
    }
  });

  it('answers as Z3 does, with satisfying models (random comparisons of one word with constants)', async () => {
    const cmp = [B.eq, B.ne, B.ult, B.ule, B.slt, B.sle, B.ugt, B.uge, B.sgt, B.sge];
    const near = fc.oneof(fc.integer({ min: -8, max: 8 }), fc.constantFrom(0x7fffffff, -0x80000000, 0x7ffffffe, -0x7fffffff, 200, 255, 256));
    const atom = fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fc.integer({ min: 0, max: cmp.length - 1 }), near, fc.boolean()).map(([i, k, flip]) => (flip ? cmp[i]!(c(32, k), x) : cmp[i]!(x, c(32, k)))) },
      { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 255 })).map(([i, v]) => B.eq(byte(i), c(8, v))) },
      { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 255 })).map(([i, v]) => B.ne(byte(i), c(8, v))) },
    );
    // A window of a few values (its ends strict or not, signed or not) beside the random atoms, so that
    // solutions often sit exactly on a bound.
    const window = fc
      .tuple(fc.integer({ min: -6, max: 6 }), fc.integer({ min: 0, max: 4 }), fc.boolean(), fc.boolean(), fc.boolean())
      .map(([lo, span, signed, strictLo, strictHi]) => {
        const [lt, le] = signed ? [B.slt, B.sle] : [B.ult, B.ule];
        const low = strictLo ? lt(c(32, lo - 1), x) : le(c(32, lo), x);
        const high = strictHi ? lt(x, c(32, lo + span + 1)) : le(x, c(32, lo + span));
        return [low, high];
      });
    let answered = 0;
    let unsat = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(atom, { minLength: 1, maxLength: 4 }), fc.option(window, { freq: 2 }), async (random, win) => {
        const atoms = [...random, ...(win ?? [])];
        const q: Query = { constraints: atoms.slice(1), expr: atoms[0]! };
        if ([q.expr, ...q.constraints].some((e) => e.isConst)) return;
        const { s, passed } = layer();
        const mine = await s.check(q);
        if (passed() > 0) return;
        answered++;
        const z3 = await backend().check(q);
        expect(mine.status, String([q.expr, ...q.constraints])).toBe(z3.status);
        if (mine.status === 'sat') expect(satisfies(q, mine)).toBe(true);
        else unsat++;
      }),
      { numRuns: 400, seed: 17 },
    );
    expect(answered).toBeGreaterThan(60);
    expect(unsat).toBeGreaterThan(20);
  });
});
