// Issue 20: satisfiable queries answered by a checked guess of the input words (src/solver/model-guess.ts)
// before Z3. Checked: the branch conditions of small programs are answered without the back end, with
// a model that satisfies every conjunct; an unsatisfiable query, or one no candidate satisfies, goes
// on to Z3; and on random comparisons of input words with constants the layer's status equals Z3's
// whenever it answers, and it never answers 'unsat'.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as B from '../../src/expr/build.js';
import { ArrayDecl, Expr } from '../../src/expr/expr.js';
import { evaluate } from '../../src/expr/evaluate.js';
import { newCounters, type CheckResult, type Query } from '../../src/solver/core.js';
import { inputWords } from '../../src/solver/input-words.js';
import { candidatesFor, ModelGuess } from '../../src/solver/model-guess.js';
import { countingInner, sharedBackend } from './helpers.js';

const backend = sharedBackend(30);

/** The layer over Z3, counting the queries that get through. */
function layer() {
  const counters = newCounters();
  const { inner, passed } = countingInner(backend);
  return { s: new ModelGuess(inner, counters), counters, passed };
}

const A = new ArrayDecl('a', 4);
const Bv = new ArrayDecl('b', 4);
const c = (w: number, v: bigint | number): Expr => B.constant(w, v);
/** The int at the start of `array`, as clang's little-endian load of it reads. */
const int = (array: ArrayDecl): Expr => B.readLE(array, null, c(32, 0), 4);
/** The same four bytes read most significant first (a big-endian word). */
const intBE = (array: ArrayDecl): Expr =>
  B.concat(B.read(array, null, c(32, 0)), B.concat(B.read(array, null, c(32, 1)), B.concat(B.read(array, null, c(32, 2)), B.read(array, null, c(32, 3)))));

function satisfies(q: Query, r: CheckResult): boolean {
  return [q.expr, ...q.constraints].every((e) => evaluate(e, r.model!) === 1n);
}

describe('guessed models', () => {
  it("answers a small program's branch queries without Z3, with models that satisfy them", async () => {
    const x = int(A);
    const queries: Query[] = [
      { constraints: [], expr: B.slt(c(32, 0), x) }, // 0 < x
      { constraints: [B.slt(c(32, 0), x)], expr: B.sge(x, c(32, 10)) }, // 0 < x, x >= 10
      { constraints: [B.sgt(x, c(32, 10))], expr: B.eq(int(Bv), c(32, 3)) }, // two words
      { constraints: [], expr: B.ne(x, c(32, 0)) },
      { constraints: [B.slt(x, c(32, -5))], expr: B.ugt(x, c(32, 0xfffffff0)) }, // x in [-16, -6)
      { constraints: [], expr: B.eq(B.sub(x, int(Bv)), c(32, 1)) }, // x - y == 1
      { constraints: [], expr: B.ugt(intBE(A), c(32, 0x01000000)) }, // a big-endian word
    ];
    for (const q of queries) {
      const { s, counters, passed } = layer();
      const r = await s.check(q);
      expect(r.status, String(q.expr)).toBe('sat');
      expect(satisfies(q, r), String(q.expr)).toBe(true);
      expect(passed()).toBe(0);
      expect(counters.guessAnswers).toBe(1);
    }
  });

  it('passes an unsatisfiable query on to Z3, and one no candidate satisfies', async () => {
    const x = int(A);
    const unsat: Query = { constraints: [B.sgt(x, c(32, 10))], expr: B.slt(x, c(32, 5)) };
    const far: Query = { constraints: [], expr: B.eq(B.mul(x, c(32, 3)), c(32, 0x12345679)) }; // x = 0x12345679 / 3 mod 2^32
    for (const [q, status] of [[unsat, 'unsat'], [far, 'sat']] as const) {
      const { s, counters, passed } = layer();
      const r = await s.check(q);
      expect(r.status).toBe(status);
      expect(passed()).toBe(1);
      expect(counters.guessAnswers).toBe(0);
    }
  });

  it('finds the words of either byte order and the constants, and the candidates around them', () => {
    const q = [B.sgt(int(A), c(32, 10)), B.ugt(intBE(Bv), c(32, 7)), B.eq(B.read(Bv, null, c(32, 0)), c(8, 0x2d))];
    const { words, constants } = inputWords(q)!;
    expect(words.map((w) => [w.array.name, w.indices])).toEqual([
      ['a', [0, 1, 2, 3]],
      ['b', [3, 2, 1, 0]],
    ]);
    expect(constants.map((k) => k.value)).toEqual([10n, 7n, 0x2dn]);
    // -2 as an 8-bit constant, sign-extended for a 32-bit word; 0, 1, -1 and the signed extremes last.
    expect(candidatesFor(32, [c(8, 0xfe)], 40)).toEqual([0xfen, 0xffn, 0xfdn, 0xfffffffen, 0xffffffffn, 0xfffffffdn, 0n, 1n, 0x7fffffffn, 0x80000000n]);
    expect(candidatesFor(8, [c(32, 300)], 40)).toEqual([44n, 45n, 43n, 0n, 1n, 255n, 127n, 128n]);
  });

  it('answers only what Z3 finds satisfiable, with a satisfying model (random comparisons of words)', async () => {
    const words = [int(A), int(Bv), B.zext(B.read(A, null, c(32, 0)), 32)];
    const cmp = [B.eq, B.ne, B.ult, B.ule, B.slt, B.sle, B.ugt, B.sgt];
    const term = fc.oneof(
      fc.integer({ min: 0, max: 2 }).map((i) => words[i]!),
      fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: -300, max: 300 })).map(([i, k]) => B.add(words[i]!, c(32, BigInt.asUintN(32, BigInt(k))))),
    );
    const constant = fc.oneof(fc.integer({ min: -300, max: 300 }), fc.integer()).map((k) => c(32, BigInt.asUintN(32, BigInt(k))));
    const atom = fc.tuple(fc.integer({ min: 0, max: cmp.length - 1 }), term, fc.oneof(term, constant)).map(([i, x, y]) => cmp[i]!(x, y));
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(atom, { minLength: 1, maxLength: 4 }), async (atoms) => {
        const q: Query = { constraints: atoms.slice(1), expr: atoms[0]! };
        if ([q.expr, ...q.constraints].some((e) => e.isConst)) return;
        const { s, passed } = layer();
        const mine = await s.check(q);
        if (passed() > 0) return; // not guessed: Z3 answered
        answered++;
        expect(mine.status).toBe('sat');
        expect(satisfies(q, mine)).toBe(true);
        expect((await backend().check(q)).status).toBe('sat');
      }),
      { numRuns: 150, seed: 20 },
    );
    expect(answered).toBeGreaterThan(50);
  });
});
