// Issue 20: unsatisfiable queries refuted by unsigned and signed intervals (src/solver/intervals.ts),
// and the per-condition byte domains it shares with small-domain.ts (src/solver/byte-domains.ts).
// Checked: seq's strtol-style digit accumulation compared with LONG_MIN is refuted without Z3; every
// node's computed range holds the node's value under random assignments (each transfer function is
// sound); every 'unsat' the layer gives on random queries Z3 agrees with, and it never answers
// otherwise; the compiled byte-domain evaluation agrees with the evaluator.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as B from '../../src/expr/build.js';
import { ArrayDecl, Expr, Kind, toSigned } from '../../src/expr/expr.js';
import { evaluate } from '../../src/expr/evaluate.js';
import { postOrder } from '../../src/expr/walk.js';
import { newCounters, type Query } from '../../src/solver/core.js';
import { IntervalRefutation, rangeOf, wrapped } from '../../src/solver/intervals.js';
import { ByteDomains } from '../../src/solver/byte-domains.js';
import { countingInner, sharedBackend } from './helpers.js';

const backend = sharedBackend(30);

function layer() {
  const counters = newCounters();
  const { inner, passed } = countingInner(backend);
  return { s: new IntervalRefutation(inner, counters), counters, passed };
}

const c = (w: number, v: bigint | number): Expr => B.constant(w, BigInt.asUintN(w, BigInt(v)));

describe('interval refutation', () => {
  it("refutes seq's digit accumulation compared with LONG_MIN (query 607 of a 30 s seq log) without Z3", async () => {
    // argv[1] = sign, then five digits: value = ((d3*10 + d4)*10 + d5)*10 + d6)*10 + d7 with the
    // `value <s 0x0ccccccc` overflow checks, negated for '-', sign-extended, compared with LONG_MIN.
    const A = new ArrayDecl('arg', 10);
    const b = (i: number): Expr => B.read(A, null, c(32, i));
    const digit = (i: number): Expr => B.add(c(32, -48), B.zext(b(i), 32));
    const constraints: Expr[] = [B.ne(b(2), c(8, 0)), B.orB(B.eq(b(2), c(8, 0x2d)), B.eq(b(2), c(8, 0x2b)))];
    for (const i of [3, 4, 5, 6, 7]) constraints.push(B.ne(b(i), c(8, 0)), B.ult(digit(i), c(32, 10)));
    let v = digit(3);
    for (const i of [4, 5, 6, 7]) {
      constraints.push(B.slt(v, c(32, 0x0ccccccc)));
      v = B.add(digit(i), B.mul(c(32, 10), v));
    }
    const wide = B.sext(v, 64);
    const signed = B.select(B.eq(b(2), c(8, 0x2d)), B.sub(c(64, 0), wide), wide);
    const q: Query = { constraints, expr: B.eq(c(64, 0x8000000000000000n), signed) };
    const { s, counters, passed } = layer();
    expect((await s.check(q)).status).toBe('unsat');
    expect(passed()).toBe(0);
    expect(counters.intervalRefutations).toBe(1);
    // The same value compared with -99999, which it reaches, is passed on (and Z3 finds it).
    const reachable: Query = { constraints, expr: B.eq(c(64, -99999), signed) };
    const l = layer();
    expect((await l.s.check(reachable)).status).toBe('sat');
    expect(l.passed()).toBe(1);
  });

  it("leaves a symbolic array's bytes past its end free, as Z3's array does (the evaluator reads 0 there)", async () => {
    const A = new ArrayDecl('short', 4);
    const i = B.read(new ArrayDecl('i', 1), null, c(32, 0));
    const index = B.zext(i, 32);
    const constraints = [B.ult(index, c(32, 6)), B.ule(c(32, 2), index)];
    for (let j = 0; j < 4; j++) constraints.push(B.ult(B.read(A, null, c(32, j)), c(8, 7)));
    const q: Query = { constraints, expr: B.eq(B.read(A, null, index), c(8, 7)) };
    const { s, passed } = layer();
    expect((await s.check(q)).status).toBe('sat');
    expect(passed()).toBe(1);
  });

  it('reduces an integer interval modulo 2^w only when it lies within one period', () => {
    expect(wrapped(8, [250n, 260n])).toMatchObject({ slo: -6n, shi: 4n, ulo: 0n, uhi: 255n });
    expect(wrapped(8, [256n, 260n])).toMatchObject({ ulo: 0n, uhi: 4n, slo: 0n, shi: 4n });
    expect(wrapped(8, [-3n, -1n])).toMatchObject({ ulo: 253n, uhi: 255n, slo: -3n, shi: -1n });
    expect(wrapped(8, [0n, 256n])).toMatchObject({ ulo: 0n, uhi: 255n, slo: -128n, shi: 127n });
  });

  // Random expressions over three input bytes (and a constant table read at a symbolic index).
  const A = new ArrayDecl('in', 3);
  const T = new ArrayDecl('table', 6, Uint8Array.from([7, 200, 3, 0, 99, 18]));
  const byteOf = (i: number): Expr => B.read(A, null, c(32, i));
  const widths = [8, 16, 32, 64];
  type Gen = fc.Arbitrary<Expr>;
  const exprOf = (depth: number, bytes = 3): Gen => {
    const leaf: Gen = fc.oneof(
      fc.integer({ min: 0, max: bytes - 1 }).map(byteOf),
      fc.tuple(fc.constantFrom(...widths), fc.oneof(fc.integer({ min: -20, max: 300 }), fc.constantFrom(0x7fffffff, -0x80000000, 0xcccccccc))).map(([w, v]) => c(w, v)),
    );
    if (depth === 0) return leaf;
    const sub = exprOf(depth - 1, bytes);
    const fit = (e: Expr, w: number): Expr => (e.width === w ? e : e.width < w ? B.zext(e, w) : B.extract(e, 0, w));
    const binary = [B.add, B.sub, B.mul, B.udiv, B.urem, B.sdiv, B.srem, B.and, B.or, B.xor, B.shl, B.lshr, B.ashr];
    const compare = [B.eq, B.ne, B.ult, B.ule, B.slt, B.sle];
    return fc.oneof(
      { weight: 2, arbitrary: leaf },
      { weight: 3, arbitrary: fc.tuple(fc.integer({ min: 0, max: binary.length - 1 }), sub, sub).map(([i, a, b]) => binary[i]!(a, fit(b, a.width))) },
      { weight: 1, arbitrary: fc.tuple(sub, fc.constantFrom(...widths), fc.boolean()).map(([a, w, s]) => (w < a.width ? B.extract(a, 0, w) : s ? B.sext(a, w) : B.zext(a, w))) },
      { weight: 1, arbitrary: fc.tuple(sub, fc.nat(7)).map(([a, o]) => (a.width > o + 4 ? B.extract(a, o, a.width - o > 8 ? 8 : a.width - o) : a)) },
      { weight: 1, arbitrary: fc.tuple(sub, sub).map(([a, b]) => (a.width + b.width <= 128 ? B.concat(a, b) : a)) },
      { weight: 1, arbitrary: sub.map((a) => B.not(a)) },
      { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: compare.length - 1 }), sub, sub, sub, sub).map(([i, x, y, t, f]) => B.select(compare[i]!(x, fit(y, x.width)), t, fit(f, t.width))) },
      { weight: 1, arbitrary: sub.map((a) => B.zext(B.read(T, null, fit(a, 32)), 32)) },
    );
  };
  const conditionOf = (depth: number): fc.Arbitrary<Expr> => {
    const compare = [B.eq, B.ne, B.ult, B.ule, B.slt, B.sle, B.ugt, B.sgt];
    return fc.tuple(fc.integer({ min: 0, max: compare.length - 1 }), exprOf(depth), exprOf(depth)).map(([i, a, b]) => {
      const bw = b.width === a.width ? b : b.width < a.width ? B.zext(b, a.width) : B.extract(b, 0, a.width);
      return compare[i]!(a, bw);
    });
  };
  const assignment = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map((bytes) => new Map([[A, Uint8Array.from(bytes)]]));

  it("every node's range holds its value (random expressions and assignments)", () => {
    fc.assert(
      fc.property(exprOf(4), fc.array(assignment, { minLength: 8, maxLength: 8 }), (e, assignments) => {
        const nodes: Expr[] = [];
        postOrder(e, (n) => nodes.includes(n), (n) => nodes.push(n));
        for (const n of nodes) {
          const r = rangeOf(n);
          for (const a of assignments) {
            const v = evaluate(n, a);
            const s = toSigned(v, n.width);
            if (v < r.ulo || v > r.uhi || s < r.slo || s > r.shi) {
              throw new Error(`${String(n).slice(0, 200)} = ${v} outside [${r.ulo}, ${r.uhi}] / [${r.slo}, ${r.shi}]`);
            }
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it("every node's range holds its value at each of the 256 values of its one byte", () => {
    fc.assert(
      fc.property(exprOf(3, 1), (e) => {
        const nodes: Expr[] = [];
        postOrder(e, (n) => nodes.includes(n), (n) => nodes.push(n));
        const ranges = nodes.map(rangeOf);
        for (let v = 0; v < 256; v++) {
          const a = new Map([[A, Uint8Array.from([v, 0, 0])]]);
          nodes.forEach((n, i) => {
            const r = ranges[i]!;
            const x = evaluate(n, a);
            const s = toSigned(x, n.width);
            if (x < r.ulo || x > r.uhi || s < r.slo || s > r.shi) throw new Error(`${String(n).slice(0, 200)} = ${x} outside [${r.ulo}, ${r.uhi}] / [${r.slo}, ${r.shi}]`);
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refutes only what Z3 finds unsatisfiable, and never answers otherwise (random queries)', async () => {
    let refuted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(conditionOf(2), { minLength: 1, maxLength: 4 }), conditionOf(2), async (constraints, expr) => {
        const { s, passed } = layer();
        const q: Query = { constraints: constraints.filter((x) => x.kind !== Kind.Const), expr };
        const r = await s.check(q);
        if (passed() === 0) {
          refuted++;
          expect(r.status).toBe('unsat');
          expect((await backend().check(q)).status).toBe('unsat');
        }
      }),
      { numRuns: 300 },
    );
    expect(refuted).toBeGreaterThan(10); // the property is not vacuous
  });
});

describe('byte domains', () => {
  it('agree with the evaluator, and each condition is evaluated once', () => {
    const A = new ArrayDecl('c', 2);
    const T = new ArrayDecl('ctype', 4, Uint8Array.from([1, 2, 4, 8]));
    const x = B.read(A, null, c(32, 1));
    const conditions = [
      B.ult(B.add(c(32, -48), B.zext(x, 32)), c(32, 10)),
      B.eq(B.and(B.zext(x, 32), c(32, 0xdf)), c(32, 0x45)),
      B.orB(B.eq(x, c(8, 0x2d)), B.eq(x, c(8, 0x2b))),
      B.eq(B.extract(x, 0, 1), c(1, 1)),
      B.ne(B.read(T, null, B.zext(B.extract(x, 0, 3), 32)), c(8, 0)),
      B.slt(B.sext(x, 32), c(32, -100)),
    ];
    const domains = new ByteDomains();
    for (const cond of conditions) {
      const set = domains.allowed(cond, A, 1);
      for (let v = 0; v < 256; v++) {
        expect(set[v], `${String(cond).slice(0, 60)} at ${v}`).toBe(evaluate(cond, new Map([[A, Uint8Array.from([0, v])]])) === 1n ? 1 : 0);
      }
      domains.allowed(cond, A, 1);
    }
    expect(domains.evaluated).toBe(conditions.length);
  });
});
