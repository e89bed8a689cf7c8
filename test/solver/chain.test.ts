// The solver chain: which queries reach Z3 (independence, query cache, counterexample cache, constant
// fast path) — checked with counters and a spy around the back end — plus the Solver API's answers
// (branch, getValue, getRange against brute force, getInitialValues) and 'unknown' propagation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as B from '../../src/expr/build.js';
import { ArrayDecl, Expr } from '../../src/expr/expr.js';
import { evaluate } from '../../src/expr/evaluate.js';
import { CountedBackend, newCounters, type ChainCounters, type CheckResult, type CoreSolver, type Query } from '../../src/solver/core.js';
import { Independence } from '../../src/solver/independence.js';
import { QueryCache } from '../../src/solver/query-cache.js';
import { CexCache } from '../../src/solver/cex-cache.js';
import { ChainSolver } from '../../src/solver/frontend.js';
import { createBackend, createSolver } from '../../src/solver/index.js';
import { BACKEND } from './helpers.js';


/** Records every query reaching the back end. */
class Spy implements CoreSolver {
  readonly seen: Query[] = [];
  constructor(private readonly inner: CoreSolver) {}
  check(q: Query): Promise<CheckResult> {
    this.seen.push(q);
    return this.inner.check(q);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

let backend: CoreSolver & { stats: { calls: number; seconds: number } };
beforeAll(async () => {
  backend = await createBackend(BACKEND, 10);
});
afterAll(async () => {
  await backend?.close();
});

/** A chain over the shared back end (close() leaves it open). */
function chain(layers: { independence?: boolean; queryCache?: boolean; cexCache?: boolean; repair?: boolean } = {}): { s: ChainSolver; spy: Spy; c: ChainCounters } {
  const c = newCounters();
  const spy = new Spy({ check: (q) => backend.check(q), close: async () => {} });
  let core: CoreSolver = new CountedBackend(Object.assign(spy, { stats: backend.stats }), c);
  if (layers.cexCache !== false) core = new CexCache(core, c, { patchBases: layers.repair === false ? 0 : 2 });
  if (layers.queryCache !== false) core = new QueryCache(core, c);
  if (layers.independence !== false) core = new Independence(core, c);
  return { s: new ChainSolver(core, c, BACKEND), spy, c };
}

const A = new ArrayDecl('A', 8);
const Bv = new ArrayDecl('B', 8);
const byte = (a: ArrayDecl, i: number): Expr => B.read(a, null, B.constant(32, i));
const c8 = (v: number): Expr => B.constant(8, v);

describe('constraint independence', () => {
  it('sends only constraints sharing bytes with the query, transitively', async () => {
    const { s, spy } = chain({ cexCache: false, queryCache: false });
    const cs = [
      B.ult(byte(A, 0), c8(10)), // group 1: A[0], A[1]
      B.eq(B.add(byte(A, 0), byte(A, 1)), c8(12)),
      B.ugt(byte(A, 2), c8(5)), // group 2: A[2]
      B.ne(byte(Bv, 0), c8(0)), // group 3: B[0]
    ];
    expect(await s.mayBeTrue(cs, B.eq(byte(A, 1), c8(3)))).toBe(true);
    expect(new Set(spy.seen[0]!.constraints)).toEqual(new Set([cs[0], cs[1]]));
    expect(await s.mayBeTrue(cs, B.eq(byte(Bv, 0), c8(0)))).toBe(false);
    expect(spy.seen[1]!.constraints).toEqual([cs[3]]);
    // a read at a symbolic index depends on the whole array: every group over A joins
    expect(await s.mayBeTrue(cs, B.eq(B.read(A, null, B.zext(byte(Bv, 1), 32)), c8(7)))).toBe(true);
    expect(new Set(spy.seen[2]!.constraints)).toEqual(new Set([cs[0], cs[1], cs[2]]));
  });

  it('stitches models of independent groups for getInitialValues (zeros where unconstrained)', async () => {
    const { s } = chain();
    const C = new ArrayDecl('C', 4);
    const cs = [B.eq(byte(A, 0), c8(1)), B.eq(byte(A, 5), c8(2)), B.eq(byte(Bv, 3), c8(3)), B.ugt(byte(A, 6), byte(A, 5))];
    const r = await s.getInitialValues(cs, [A, Bv, C]);
    expect(r).not.toBe('unsat');
    const [a, b, c] = r as Uint8Array[];
    expect(a![0]).toBe(1);
    expect(a![5]).toBe(2);
    expect(a![6]!).toBeGreaterThan(2);
    expect(b![3]).toBe(3);
    expect([...c!]).toEqual([0, 0, 0, 0]);
    const asg = new Map([[A, a!], [Bv, b!]]);
    for (const k of cs) expect(evaluate(k, asg)).toBe(1n);
  });

  it('reuses and extends its partition when the constraints array only grows', async () => {
    const { s, spy } = chain({ cexCache: false, queryCache: false });
    const cs: Expr[] = [];
    for (let i = 0; i < 8; i++) {
      cs.push(B.ne(byte(A, i), c8(i)));
      expect(await s.mayBeTrue(cs, B.eq(byte(A, i), c8(i + 1)))).toBe(true);
      expect(spy.seen.at(-1)!.constraints).toEqual([cs[i]]);
    }
  });
});

describe('caches', () => {
  it('query cache: the same question twice reaches Z3 once', async () => {
    const { s, c } = chain({ cexCache: false });
    const cs = [B.ult(byte(A, 0), c8(10))];
    expect(await s.mayBeTrue(cs, B.eq(byte(A, 0), c8(3)))).toBe(true);
    expect(await s.mayBeTrue([...cs], B.eq(byte(A, 0), c8(3)))).toBe(true);
    expect(await s.mustBeTrue(cs, B.ult(byte(A, 0), c8(20)))).toBe(true);
    expect(await s.mustBeTrue(cs, B.ult(byte(A, 0), c8(20)))).toBe(true);
    expect(c.z3Queries).toBe(2);
    expect(c.queryCacheHits).toBe(2);
    expect(s.stats).toMatchObject({ queries: 4, z3Queries: 2, cacheHits: 2 });
  });

  it('counterexample cache: a stored model answers a new query by evaluation', async () => {
    const { s, c } = chain({ queryCache: false, repair: false });
    const cs = [B.ult(byte(A, 1), c8(5))];
    expect(await s.mayBeTrue(cs, B.ugt(byte(A, 1), c8(2)))).toBe(true); // Z3: A[1] in 3..4
    expect(c.z3Queries).toBe(1);
    expect(await s.mayBeTrue(cs, B.ne(byte(A, 1), c8(0)))).toBe(true); // the same model satisfies it
    expect(await s.mayBeTrue([], B.ult(byte(A, 1), c8(50)))).toBe(true); // a subset of the constraints
    expect(c.z3Queries).toBe(1);
    expect(c.cexModelHits).toBe(2);
    expect(s.stats.cacheHits).toBe(2);
  });

  it('counterexample cache: a model repaired with the bytes the query pins (no Z3)', async () => {
    const { s, c } = chain({ queryCache: false });
    const cs = [B.ne(byte(A, 0), c8(97)), B.eq(byte(A, 2), c8(5))];
    expect(await s.mayBeTrue(cs, B.eq(B.sext(byte(A, 1), 32), B.constant(32, 120)))).toBe(true);
    expect(await s.mayBeTrue(cs, B.andB(B.eq(byte(A, 0), c8(98)), B.ugt(byte(A, 3), c8(7))))).toBe(true);
    expect(c.z3Queries).toBe(0);
    expect(c.cexPatchHits).toBe(2);
    expect(await s.mayBeTrue(cs, B.eq(byte(A, 0), c8(97)))).toBe(false); // a repair never proves unsat
    expect(c.z3Queries).toBe(1);
  });

  it('counterexample cache: unsat of a subset proves unsat of a superset', async () => {
    const { s, c } = chain({ queryCache: false, independence: false });
    const cs = [B.ult(byte(A, 0), c8(10))];
    expect(await s.mayBeTrue(cs, B.ugt(byte(A, 0), c8(20)))).toBe(false);
    expect(c.z3Queries).toBe(1);
    expect(await s.mayBeTrue([...cs, B.ne(byte(A, 1), c8(3)), B.eq(byte(Bv, 2), c8(1))], B.ugt(byte(A, 0), c8(20)))).toBe(false);
    expect(c.z3Queries).toBe(1);
    expect(c.cexUnsatSubsetHits).toBe(1);
  });

  it('constant questions never enter the chain', async () => {
    const { s, c } = chain();
    expect(await s.mayBeTrue([B.eq(byte(A, 0), c8(1))], B.TRUE)).toBe(true);
    expect(await s.mustBeTrue([], B.FALSE)).toBe(false);
    expect(await s.getValue([], c8(5))).toBe(5n);
    expect(c.queries).toBe(0);
    expect(c.constantFastPath).toBe(3);
  });

  it('parser-like workload: most queries never reach Z3', async () => {
    const { s, c } = chain();
    const IN = new ArrayDecl('input', 12);
    const keywords = ['if', 'int', 'for', 'float', 'fi', 'in'];
    // Explore like a lexer matching keywords character by character (DFS over prefixes).
    const explore = async (cs: Expr[], depth: number, prefix: string): Promise<void> => {
      if (depth === 4) return;
      const letters = [...new Set(keywords.filter((k) => k.startsWith(prefix) && k.length > depth).map((k) => k[depth]!))];
      for (const ch of letters) {
        const cond = B.eq(B.sext(byte(IN, depth), 32), B.constant(32, ch.charCodeAt(0)));
        const { canTrue, canFalse } = await s.branch(cs, cond);
        expect(canTrue).toBe(true);
        expect(canFalse).toBe(true);
        await explore([...cs, cond], depth + 1, prefix + ch);
        cs = [...cs, B.notB(cond)];
      }
    };
    await explore([], 0, '');
    expect(c.queries).toBeGreaterThan(20);
    expect(c.z3Queries / c.queries).toBeLessThan(0.5);
  });
});

describe('Solver API answers', () => {
  let s: ChainSolver;
  beforeAll(async () => {
    s = await createSolver({ backend: BACKEND, timeoutSeconds: 10 });
  });
  afterAll(async () => {
    await s.close();
  });

  it('branch asks one query when a direction is infeasible', async () => {
    const cs = [B.eq(byte(A, 0), c8(4))];
    const before = s.counters.queries;
    expect(await s.branch(cs, B.eq(byte(A, 0), c8(5)))).toEqual({ canTrue: false, canFalse: true });
    expect(s.counters.queries - before).toBe(1);
    expect(await s.branch(cs, B.ugt(byte(A, 1), c8(9)))).toEqual({ canTrue: true, canFalse: true });
    expect(await s.mayBeFalse(cs, B.eq(byte(A, 0), c8(4)))).toBe(false);
  });

  it('getRange equals brute force over one or two bytes (fast-check, 60 cases)', async () => {
    const X = new ArrayDecl('X', 2);
    const x = byte(X, 0);
    const y = byte(X, 1);
    const pred = fc.record({ op: fc.constantFrom('ult', 'ugt', 'ne', 'slt', 'sge'), v: fc.integer({ min: 0, max: 255 }), on: fc.constantFrom(0, 1) });
    await fc.assert(
      fc.asyncProperty(fc.array(pred, { minLength: 1, maxLength: 3 }), fc.constantFrom('x', 'x+y', 'x*3', 'x&0x3c', 'zext(x)-y'), async (ps, form) => {
        const vars = [x, y];
        const cs = ps.map((p) => B.icmp(p.op, vars[p.on]!, c8(p.v)));
        const X16 = (e: Expr): Expr => B.zext(e, 16);
        const e = form === 'x' ? x : form === 'x+y' ? B.add(x, y) : form === 'x*3' ? B.mul(x, c8(3)) : form === 'x&0x3c' ? B.and(x, c8(0x3c)) : B.sub(X16(x), X16(y));
        // Brute force in plain JS arithmetic (an oracle independent of src/expr).
        const i8 = (v: number): number => (v << 24) >> 24;
        const holds = (p: { op: string; v: number; on: number }, a: number, b: number): boolean => {
          const u = p.on === 0 ? a : b;
          switch (p.op) {
            case 'ult': return u < p.v;
            case 'ugt': return u > p.v;
            case 'ne': return u !== p.v;
            case 'slt': return i8(u) < i8(p.v);
            default: return i8(u) >= i8(p.v);
          }
        };
        const value = (a: number, b: number): number =>
          form === 'x' ? a : form === 'x+y' ? (a + b) & 0xff : form === 'x*3' ? (a * 3) & 0xff : form === 'x&0x3c' ? a & 0x3c : (a - b) & 0xffff;
        let min: bigint | undefined;
        let max: bigint | undefined;
        for (let a = 0; a < 256; a++) {
          for (let b = 0; b < 256; b++) {
            if (!ps.every((p) => holds(p, a, b))) continue;
            const v = BigInt(value(a, b));
            if (min === undefined || v < min) min = v;
            if (max === undefined || v > max) max = v;
          }
        }
        if (min === undefined) return; // infeasible constraints: not a valid question
        expect(await s.getRange(cs, e)).toEqual({ min, max });
        const v = await s.getValue(cs, e);
        expect(v).toBeGreaterThanOrEqual(min);
        expect(v).toBeLessThanOrEqual(max!);
      }),
      { seed: 777, numRuns: 60 },
    );
  });

  it('getRange of a 64-bit value and of a boolean', async () => {
    const W = new ArrayDecl('W', 8);
    const w = B.readLE(W, null, B.constant(32, 0), 8);
    const cs = [B.ugt(w, B.constant(64, 1000n)), B.ult(w, B.constant(64, 0x123456789an))];
    expect(await s.getRange(cs, w)).toEqual({ min: 1001n, max: 0x1234567899n });
    expect(await s.getRange(cs, B.ugt(w, B.constant(64, 5000n)))).toEqual({ min: 0n, max: 1n });
    expect(await s.getRange(cs, B.ugt(w, B.constant(64, 5n)))).toEqual({ min: 1n, max: 1n });
  });

  it('getRange of a narrow 64-bit range (a symbolic pointer into one object) takes few queries', async () => {
    const P = new ArrayDecl('P', 2);
    const ptr = B.add(B.constant(64, 0x7f0000001000n), B.mul(B.constant(64, 4n), B.zext(byte(P, 0), 64)));
    const cs = [B.ult(byte(P, 0), c8(10)), B.ugt(byte(P, 0), c8(2))];
    const before = s.counters.queries;
    expect(await s.getRange(cs, ptr)).toEqual({ min: 0x7f0000001000n + 12n, max: 0x7f0000001000n + 36n });
    expect(s.counters.queries - before).toBeLessThan(25); // plain bisection from the 64-bit bounds: ~100
  });

  it('getInitialValues answers unsat for an infeasible path condition', async () => {
    expect(await s.getInitialValues([B.eq(byte(A, 0), c8(1)), B.eq(byte(A, 0), c8(2))], [A])).toBe('unsat');
  });
});

describe("'unknown' propagates and is never cached", () => {
  const always = (status: 'unknown'): CoreSolver => ({ check: async () => ({ status, reason: 'test' }), close: async () => {} });
  it('through every API method', async () => {
    const c = newCounters();
    const core = new Independence(new QueryCache(new CexCache(new CountedBackend(Object.assign(always('unknown'), { stats: { calls: 0, seconds: 0 } }), c), c), c), c);
    const s = new ChainSolver(core, c, 'fake');
    const cs = [B.ult(byte(A, 0), c8(9))];
    const q = B.eq(B.add(byte(A, 0), byte(A, 1)), c8(3)); // no shape a model repair handles
    expect(await s.mayBeTrue(cs, q)).toBe('unknown');
    expect(await s.mustBeTrue(cs, q)).toBe('unknown');
    expect(await s.mayBeFalse(cs, q)).toBe('unknown');
    expect(await s.branch(cs, q)).toEqual({ canTrue: 'unknown', canFalse: 'unknown' });
    expect(await s.getValue(cs, byte(A, 0))).toBe('unknown');
    expect(await s.getRange(cs, byte(A, 0))).toBe('unknown');
    expect(await s.getInitialValues(cs, [A])).toBe('unknown');
    const before = c.z3Queries;
    expect(await s.mayBeTrue(cs, q)).toBe('unknown');
    expect(c.z3Queries).toBe(before + 1);
    expect(c.z3Unknown).toBe(c.z3Queries);
  });
});
