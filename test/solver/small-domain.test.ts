// Issue 20: queries over one input byte decided by enumeration (src/solver/small-domain.ts) instead of
// Z3. Checked: the layer answers without reaching the back end, its answers equal Z3's on the same
// queries (seq's decfloat shape, and random expressions over one byte), a 'sat' model satisfies the
// query by evaluation, and queries over more bytes (or past the work budget) go on to Z3.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as B from '../../src/expr/build.js';
import { ArrayDecl, Expr } from '../../src/expr/expr.js';
import { evaluate } from '../../src/expr/evaluate.js';
import { newCounters, type Query } from '../../src/solver/core.js';
import { SmallDomain } from '../../src/solver/small-domain.js';
import { countingInner, sharedBackend } from './helpers.js';

const backend = sharedBackend(30);

/** The layer over Z3, counting the queries that get through. */
function layer(opts?: { maxBytes?: number; maxWork?: number; maxHardWork?: number }) {
  const counters = newCounters();
  const { inner, passed } = countingInner(backend);
  const s = new SmallDomain(inner, counters, opts);
  return { s, counters, passed };
}

const ARG = new ArrayDecl('arg', 4);
const ARG2 = new ArrayDecl('arg2', 4);
const byteOf = (a: ArrayDecl, i: number): Expr => B.read(a, null, B.constant(32, i));
const c = (w: number, v: bigint | number): Expr => B.constant(w, v);

/**
 * seq's shape (musl decfloat): digit d = arg[1] - '0'; x = d * 10^8, /10, widened and shifted, then
 * udiv/urem by 10^9; the words stored at a digit-dependent index of a 512-byte ring buffer and read
 * back; `bound` is the comparison asked (the digit is not 0: the smallest value is 80,000,000, d = 9).
 */
function decfloatQuery(bound: bigint): Query {
  const ch = byteOf(ARG, 1);
  const digit = B.sub(B.zext(ch, 32), c(32, 0x30));
  const isDigit = B.ult(digit, c(32, 10));
  const x = B.udiv(B.mul(digit, c(32, 100_000_000)), c(32, 10));
  const wide = B.shl(B.zext(x, 64), c(64, 29));
  const rem = B.urem(wide, c(64, 1_000_000_000));
  const ring = new ArrayDecl('ring', 512, new Uint8Array(512));
  const slot = B.mul(c(32, 4), B.and(B.add(digit, c(32, 0x7f)), c(32, 0x7f)));
  let u = null;
  for (let k = 0; k < 4; k++) u = B.write(u, B.add(slot, c(32, k)), B.extract(rem, 8 * k, 8));
  const back = B.readLE(ring, u, slot, 4);
  const notZero = B.ne(ch, c(8, 0x30));
  return { constraints: [isDigit, notZero], expr: B.ult(B.zext(back, 64), c(64, bound)), reads: new Map([[ARG, 'all']]) };
}

/**
 * Random 16-bit terms over the three bytes of `T`: the bytes, constants, `ops` of two terms, and any
 * `more` forms built from the recursive term.
 */
function threeByteTerms(T: ArrayDecl, ops: ((x: Expr, y: Expr) => Expr)[], more: (tie: fc.Arbitrary<Expr>) => fc.Arbitrary<Expr>[] = () => []): fc.Arbitrary<Expr> {
  const bytes = [0, 1, 2].map((i) => B.zext(byteOf(T, i), 16));
  return fc.letrec<{ t: Expr }>((tie) => ({
    t: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.integer({ min: 0, max: 2 }).map((i) => bytes[i]!),
      fc.integer({ min: 0, max: 0xff }).map((v) => c(16, v)),
      fc.tuple(fc.integer({ min: 0, max: ops.length - 1 }), tie('t'), tie('t')).map(([i, x, y]) => ops[i]!(x, y)),
      ...more(tie('t')),
    ),
  })).t;
}

describe('queries over one input byte', () => {
  it("seq's decfloat shape: answered by enumeration, as Z3 answers it, with a model that satisfies it", async () => {
    const statuses: string[] = [];
    for (const bound of [80_000_000n, 80_000_001n, 130_000_000n]) {
      const q = decfloatQuery(bound);
      const { s, counters, passed } = layer();
      const mine = await s.check(q);
      const theirs = await backend().check(q);
      expect(passed()).toBe(0);
      expect(counters.smallDomainAnswers).toBe(1);
      expect(mine.status).toBe(theirs.status);
      statuses.push(mine.status);
      if (mine.status === 'sat') {
        for (const e of [q.expr, ...q.constraints]) expect(evaluate(e, mine.model!)).toBe(1n);
      }
    }
    expect(statuses).toEqual(['unsat', 'sat', 'sat']);
  }, 60_000);

  it("two digit bytes: each byte's own constraints narrow it to 10 values before the product is enumerated", async () => {
    const digit = (i: number): Expr => B.sub(B.zext(byteOf(ARG, i), 64), c(64, 0x30));
    const number = B.add(B.mul(digit(1), c(64, 10)), digit(2));
    const isDigit = (i: number): Expr => B.ult(digit(i), c(64, 10));
    const statuses: string[] = [];
    for (const bound of [1n, 2n, 500_000_000n]) {
      // (10 d1 + d2) * 2^29 mod 10^9 < bound: 0 only for 00, which d1 != 0 excludes (bound 1: unsat).
      const q: Query = {
        constraints: [isDigit(1), isDigit(2), B.ne(byteOf(ARG, 1), c(8, 0x30))],
        expr: B.ult(B.urem(B.shl(number, c(64, 29)), c(64, 1_000_000_000)), c(64, bound)),
        reads: new Map([[ARG, [1, 2]]]),
      };
      // 65,536 assignments of ~20 nodes would exceed this budget; 9 x 10 do not.
      const { s, passed } = layer({ maxWork: 100_000, maxHardWork: 100_000 });
      const mine = await s.check(q);
      expect(passed()).toBe(0);
      expect(mine.status).toBe((await backend().check(q)).status);
      statuses.push(mine.status);
      if (mine.status === 'sat') for (const e of [q.expr, ...q.constraints]) expect(evaluate(e, mine.model!)).toBe(1n);
    }
    expect(statuses).toContain('unsat');
    expect(statuses).toContain('sat');
  }, 60_000);

  it('two input bytes, or more work than the budget, go on to the back end', async () => {
    const two: Query = { constraints: [], expr: B.eq(B.add(byteOf(ARG, 0), byteOf(ARG2, 0)), c(8, 7)) };
    const a = layer({ maxBytes: 1 });
    expect((await a.s.check(two)).status).toBe('sat');
    expect(a.passed()).toBe(1);
    expect(a.counters.smallDomainAnswers).toBe(0);

    const b = layer({ maxWork: 10, maxHardWork: 10 });
    expect((await b.s.check(decfloatQuery(1n))).status).toBe((await backend().check(decfloatQuery(1n))).status);
    expect(b.passed()).toBe(1);

    const wide = layer({ maxBytes: 2, maxWork: 10_000_000 });
    expect((await wide.s.check(two)).status).toBe('sat');
    expect(wide.passed()).toBe(0);
  }, 60_000);

  it('a query with a division or a read through writes gets the larger budget', async () => {
    const hard = layer({ maxWork: 10, maxHardWork: 1_000_000 });
    expect((await hard.s.check(decfloatQuery(80_000_000n))).status).toBe('unsat');
    expect(hard.passed()).toBe(0);
    // The same size of work without division or writes stays under the small budget: on to Z3.
    const x = B.zext(byteOf(ARG, 0), 32);
    const easy: Query = { constraints: [], expr: B.eq(B.mul(B.add(x, c(32, 3)), B.add(x, c(32, 5))), c(32, 7)) };
    const small = layer({ maxWork: 10, maxHardWork: 1_000_000 });
    expect((await small.s.check(easy)).status).toBe((await backend().check(easy)).status);
    expect(small.passed()).toBe(1);
  }, 60_000);

  it('agrees with Z3 on random expressions over one byte', async () => {
    const ops = [B.add, B.sub, B.mul, B.udiv, B.urem, B.sdiv, B.srem, B.and, B.or, B.xor, B.shl, B.lshr, B.ashr];
    const term = fc.letrec<{ t: Expr }>((tie) => ({
      t: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constant(B.zext(byteOf(ARG, 2), 16)),
        fc.integer({ min: 0, max: 0xffff }).map((v) => c(16, v)),
        fc.tuple(fc.integer({ min: 0, max: ops.length - 1 }), tie('t'), tie('t')).map(([i, x, y]) => ops[i]!(x, y)),
      ),
    })).t;
    await fc.assert(
      fc.asyncProperty(term, term, fc.boolean(), async (x, y, signed) => {
        const expr = signed ? B.slt(x, y) : B.ult(x, y);
        const q: Query = { constraints: [B.ult(byteOf(ARG, 2), c(8, 200))], expr, reads: new Map([[ARG, [2]]]) };
        const { s } = layer();
        const mine = await s.check(q);
        const theirs = await backend().check(q);
        expect(mine.status).toBe(theirs.status);
        if (mine.status === 'sat') expect(evaluate(expr, mine.model!) & evaluate(q.constraints[0]!, mine.model!)).toBe(1n);
      }),
      { numRuns: 60, seed: 20 },
    );
  }, 120_000);

  it('three bytes, symbolic indices and writes: the answer of enumerating every assignment by hand', async () => {
    // Each step of the layer's enumeration re-evaluates only the nodes reading a byte it changed; a node
    // kept stale by mistake would give a wrong answer here.
    const T = new ArrayDecl('t', 3);
    // t[x mod 3]: a read at a symbolic index, here or after a write at another one
    const term = threeByteTerms(T, [B.add, B.sub, B.mul, B.and, B.or, B.xor, B.lshr], (tie) => [
      fc.tuple(tie, fc.option(fc.tuple(tie, tie), { nil: null })).map(([x, w]) => {
        const at = B.zext(B.urem(x, c(16, 3)), 32);
        const updates = w === null ? null : B.write(null, B.zext(B.urem(w[0], c(16, 3)), 32), B.extract(w[1], 0, 8));
        return B.zext(B.read(T, updates, at), 16);
      }),
    ]);
    const few = (i: number): Expr => B.ult(byteOf(T, i), c(8, 6));
    await fc.assert(
      fc.asyncProperty(term, term, async (x, y) => {
        const q: Query = { constraints: [few(0), few(1), few(2)], expr: B.eq(x, y), reads: new Map([[T, 'all']]) };
        let want: 'sat' | 'unsat' = 'unsat';
        for (let v = 0; v < 6 * 6 * 6 && want === 'unsat'; v++) {
          const model = new Map([[T, Uint8Array.of(v % 6, Math.floor(v / 6) % 6, Math.floor(v / 36))]]);
          if (evaluate(q.expr, model) === 1n) want = 'sat';
        }
        const { s, passed } = layer({ maxBytes: 3, maxWork: 1e9, maxHardWork: 1e9 });
        const mine = await s.check(q);
        expect(passed()).toBe(0);
        expect(mine.status).toBe(want);
        if (mine.status === 'sat') expect(evaluate(q.expr, mine.model!)).toBe(1n);
      }),
      { numRuns: 200, seed: 21 },
    );
  }, 120_000);

  it("a path's constraints asked about again: answered from the list of their solutions, and a child path's from its parent's", async () => {
    // src/solver/solution-sets.ts: the second query on the same constraints lists their solutions, a
    // query on those constraints plus one filters that list. Every answer against enumeration by hand.
    const T = new ArrayDecl('t3', 3);
    const term = threeByteTerms(T, [B.add, B.sub, B.mul, B.and, B.or, B.xor]);
    const relation = fc.tuple(term, term, fc.boolean()).map(([x, y, lt]) => (lt ? B.ult(x, y) : B.ne(x, y)));
    const few = (i: number): Expr => B.ult(byteOf(T, i), c(8, 7));
    const byHand = (conjuncts: readonly Expr[]): 'sat' | 'unsat' => {
      for (let v = 0; v < 7 * 7 * 7; v++) {
        const model = new Map([[T, Uint8Array.of(v % 7, Math.floor(v / 7) % 7, Math.floor(v / 49))]]);
        if (conjuncts.every((e) => evaluate(e, model) === 1n)) return 'sat';
      }
      return 'unsat';
    };
    await fc.assert(
      fc.asyncProperty(relation, relation, fc.array(relation, { minLength: 3, maxLength: 3 }), async (joint, extra, asked) => {
        const { s, passed } = layer({ maxBytes: 3, maxWork: 1e9, maxHardWork: 1e9 });
        const parent = [few(0), few(1), few(2), joint];
        const child = [...parent, extra];
        // parent twice (the second sighting lists it), then its queries, then the child's (from the list)
        for (const constraints of [parent, parent, child, child]) {
          for (const e of asked) {
            const q: Query = { constraints, expr: e, reads: new Map([[T, 'all']]) };
            const mine = await s.check(q);
            expect(mine.status).toBe(byHand([e, ...constraints]));
            if (mine.status === 'sat') for (const x of [e, ...constraints]) expect(evaluate(x, mine.model!)).toBe(1n);
          }
        }
        expect(passed()).toBe(0);
      }),
      { numRuns: 150, seed: 22 },
    );
  }, 120_000);
});
