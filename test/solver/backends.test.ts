// Both Z3 back ends against the concrete evaluator (fast-check, seeded): for random expressions e of
// random widths over symbolic byte arrays and a random assignment, Z3's model of `e == evaluate(e)`
// must evaluate to the same value; the simplifier's output must be equivalent to the raw operator tree
// for *all* inputs (Z3 proves `raw != built` unsat); edge-case semantics; unsat; timeouts give
// 'unknown'; large models; the native process restarts after a crash.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as B from '../../src/expr/build.js';
import { ArrayDecl, Expr, Kind, intern, internConst } from '../../src/expr/expr.js';
import { evaluate } from '../../src/expr/evaluate.js';
import type { CheckResult, CoreSolver, Query } from '../../src/solver/core.js';
import { Z3Native, Z3NotFoundError } from '../../src/solver/z3-native.js';
import { Z3Wasm } from '../../src/solver/z3-wasm.js';
import { SYMBOLIC, TreeGen, assignmentOf, build, envArb, raw } from '../expr/gen.js';

const HAVE_Z3 = existsSync('/usr/bin/z3');
const gen = new TreeGen({ outOfRange: false, maxDivWidth: 32 });
const allBytes = new Map(SYMBOLIC.map((a) => [a, 'all' as const]));

interface Backend {
  name: string;
  available: boolean;
  skipReason: string;
  make: (timeoutMs: number) => Promise<CoreSolver>;
  /** Cases per property (wasm costs ~1.5 ms a query, native ~0.3 ms). */
  runs: number;
}

const BACKENDS: Backend[] = [
  { name: 'native', available: HAVE_Z3, skipReason: '/usr/bin/z3 is not installed (apt-get install z3)', make: (t) => Z3Native.create({ timeoutMs: t }), runs: 1000 },
  { name: 'wasm', available: true, skipReason: '', make: (t) => Z3Wasm.create({ timeoutMs: t }), runs: 400 },
];

async function sat(core: CoreSolver, q: Query): Promise<CheckResult> {
  const r = await core.check(q);
  if (r.status === 'unknown') throw new Error(`unknown: ${r.reason}`);
  return r;
}

for (const be of BACKENDS) {
  const title = be.available ? `${be.name} back end` : `${be.name} back end (skipped: ${be.skipReason})`;
  describe.skipIf(!be.available)(title, () => {
    let core: CoreSolver;
    beforeAll(async () => {
      core = await be.make(10_000);
    });
    afterAll(async () => {
      await core?.close();
    });

    it(`agrees with the evaluator: models of e == evaluate(e) (${be.runs} random expressions)`, async () => {
      let unknown = 0;
      await fc.assert(
        fc.asyncProperty(gen.anyWidth(3), envArb, async (t, env) => {
          const e = build(t);
          const c = evaluate(e, assignmentOf(env));
          const r = await core.check({ constraints: [], expr: B.eq(e, B.constant(e.width, c)), reads: allBytes });
          if (r.status === 'unknown') {
            unknown++;
            return;
          }
          expect(r.status).toBe('sat');
          expect(evaluate(e, r.model!)).toBe(c);
          // and the raw, unsimplified tree too (exercises every operator's translation)
          const rr = await core.check({ constraints: [], expr: B.eq(raw(t), B.constant(e.width, c)), reads: allBytes });
          if (rr.status === 'sat') expect(evaluate(raw(t), rr.model!)).toBe(c);
          else expect(rr.status).toBe('unknown');
        }),
        { seed: 424242, numRuns: be.runs },
      );
      expect(unknown).toBeLessThan(be.runs / 50);
    });

    it(`proves the simplifier sound for all inputs: raw != built is unsat (${be.runs / 2} trees)`, async () => {
      await fc.assert(
        fc.asyncProperty(gen.anyWidth(3), async (t) => {
          const r = await core.check({ constraints: [], expr: intern(Kind.Not, 1, [intern(Kind.Eq, 1, [raw(t), build(t)])]) });
          expect(r.status === 'unsat' || r.status === 'unknown').toBe(true);
        }),
        { seed: 515151, numRuns: be.runs / 2 },
      );
    });

    it('edge-case semantics match the evaluator (INT_MIN / -1, % -1, x / 0, shifts by width-1 and >= width, sext i1, 128 bits)', async () => {
      const A = new ArrayDecl('edge', 32);
      for (const w of [1, 8, 32, 64, 128, 13]) {
        const x = B.extract(B.readLE(A, null, B.constant(32, 0), Math.ceil(w / 8)), 0, w);
        const y = B.extract(B.readLE(A, null, B.constant(32, 16), Math.ceil(w / 8)), 0, w);
        const M = (1n << BigInt(w)) - 1n;
        const SMIN = 1n << BigInt(w - 1);
        const cases: [bigint, bigint][] = [[SMIN, M], [M, M], [SMIN, 0n], [5n & M, 0n], [M, BigInt(w - 1)], [SMIN, BigInt(w)], [1n, BigInt(w - 1)]];
        for (const [vx, vy] of cases) {
          for (const k of [Kind.SDiv, Kind.SRem, Kind.UDiv, Kind.URem, Kind.Shl, Kind.LShr, Kind.AShr, Kind.Mul]) {
            const e = intern(k, w, [x, y]); // raw: no folding, Z3 computes it
            const pin = [B.eq(x, B.constant(w, vx)), B.eq(y, B.constant(w, vy))];
            const r = await sat(core, { constraints: pin, expr: B.TRUE, reads: new Map([[A, 'all' as const]]) });
            const expected = evaluate(e, r.model!);
            const q = await sat(core, { constraints: pin, expr: intern(Kind.Not, 1, [intern(Kind.Eq, 1, [e, internConst(w, expected)])]) });
            expect(q.status, `${k} w${w} ${vx} ${vy}`).toBe('unsat');
          }
        }
        const sw = Math.min(w + 7, 128);
        const s = intern(Kind.SExt, sw, [intern(Kind.Extract, 1, [x], 0)]); // sext of an i1
        const r = await sat(core, { constraints: [B.eq(s, B.constant(sw, (1n << BigInt(sw)) - 1n))], expr: B.TRUE, reads: new Map([[A, 'all' as const]]) });
        expect(evaluate(x, r.model!) & 1n).toBe(1n);
      }
    });

    it('answers unsat for contradictions, also through symbolic writes', async () => {
      await fc.assert(
        fc.asyncProperty(gen.anyWidth(3), envArb, async (t, env) => {
          const e = build(t);
          const c = B.constant(e.width, evaluate(e, assignmentOf(env)));
          const r = await core.check({ constraints: [B.eq(e, c)], expr: B.ne(e, c) });
          expect(r.status === 'unsat' || r.status === 'unknown').toBe(true);
        }),
        { seed: 616161, numRuns: 100 },
      );
      const A = SYMBOLIC[0]!;
      const i = B.zext(B.and(B.read(A, null, B.constant(32, 0)), B.constant(8, 7)), 32);
      const u = B.write(B.write(null, i, B.constant(8, 1)), B.add(i, B.constant(32, 1)), B.constant(8, 2));
      const r = await core.check({ constraints: [B.eq(B.read(A, u, i), B.constant(8, 3))], expr: B.TRUE });
      expect(r.status).toBe('unsat');
      // byte 4 reads 2: either the second write hit it (i = 3) or neither did and the base byte is 2
      const at4 = B.read(A, u, B.constant(32, 4));
      const r2 = await sat(core, { constraints: [B.eq(at4, B.constant(8, 2)), B.ne(B.read(A, null, B.constant(32, 4)), B.constant(8, 2))], expr: B.TRUE, reads: allBytes });
      expect(r2.model!.get(A)![0]! & 7).toBe(3);
      expect(evaluate(at4, r2.model!)).toBe(2n);
      // one update list shared (hash-consed) by writes to two different arrays
      const [P, Q] = [SYMBOLIC[1]!, SYMBOLIC[2]!];
      const shared = B.write(null, i, B.constant(8, 5));
      const pins = [B.eq(B.read(P, null, B.constant(32, 3)), B.constant(8, 1)), B.eq(B.read(Q, null, B.constant(32, 3)), B.constant(8, 2)), B.ne(i, B.constant(32, 3))];
      expect((await core.check({ constraints: pins, expr: B.eq(B.read(P, shared, B.constant(32, 3)), B.constant(8, 1)) })).status).toBe('sat');
      expect((await core.check({ constraints: pins, expr: B.eq(B.read(Q, shared, B.constant(32, 3)), B.constant(8, 1)) })).status).toBe('unsat');
    });

    it('reads back large models exactly', async () => {
      const big = new ArrayDecl('big', 300);
      const cs = Array.from({ length: 300 }, (_, k) => B.eq(B.read(big, null, B.constant(32, k)), B.constant(8, (k * 7 + 3) & 0xff)));
      const r = await sat(core, { constraints: cs, expr: B.TRUE, reads: new Map([[big, 'all' as const]]) });
      expect([...r.model!.get(big)!]).toEqual(Array.from({ length: 300 }, (_, k) => (k * 7 + 3) & 0xff));
    });

    it("a hard non-linear query with a tiny timeout answers 'unknown', and the back end stays usable", async () => {
      const quick = await be.make(50);
      try {
        const F = new ArrayDecl('f', 16);
        const x = B.readLE(F, null, B.constant(32, 0), 8);
        const y = B.readLE(F, null, B.constant(32, 8), 8);
        const c64 = (v: bigint): Expr => B.constant(64, v);
        const cs = [B.ugt(x, c64(1n)), B.ugt(y, c64(1n)), B.ult(x, c64(0xffffffffn)), B.ult(y, c64(0xffffffffn))];
        const t0 = performance.now();
        const r = await quick.check({ constraints: cs, expr: B.eq(B.mul(x, y), c64(0xd3f9a7c5e1b3f1a1n)) });
        expect(r.status).toBe('unknown');
        expect(performance.now() - t0).toBeLessThan(5000);
        const ok = await quick.check({ constraints: cs, expr: B.eq(x, c64(7n)) });
        expect(ok.status).toBe('sat');
      } finally {
        await quick.close();
      }
    });
  });
}

describe.skipIf(!HAVE_Z3)(HAVE_Z3 ? 'native process management' : 'native process management (skipped: /usr/bin/z3 is not installed)', () => {
  it('restarts a crashed z3 and answers the next query', async () => {
    const core = await Z3Native.create({ timeoutMs: 5000 });
    try {
      const A = SYMBOLIC[0]!;
      const c = B.eq(B.read(A, null, B.constant(32, 0)), B.constant(8, 9));
      expect((await core.check({ constraints: [c], expr: B.TRUE })).status).toBe('sat');
      (core as unknown as { z3: { proc: { kill(s: string): void } } }).z3.proc.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 50));
      const r = await core.check({ constraints: [c], expr: B.eq(B.read(A, null, B.constant(32, 1)), B.constant(8, 1)), reads: allBytes });
      expect(r.status).toBe('sat');
      expect(r.model!.get(A)![0]).toBe(9);
    } finally {
      await core.close();
    }
  });
});

describe('missing z3 binary', () => {
  it('fails with a clear message', async () => {
    const err = await Z3Native.create({ timeoutMs: 0, z3Path: '/nonexistent/z3' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Z3NotFoundError);
    expect(String((err as Error).message)).toMatch(/install z3.*SYMPATH_Z3.*--solver wasm/);
  });
});
