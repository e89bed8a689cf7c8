// Both Z3 back ends on the floating-point kinds (src/solver/fp-encode.ts) against the evaluator
// (src/expr/fp-semantics.ts, itself checked against the FPU in test/expr/fp-semantics.test.ts):
// - with the operands pinned to random bit patterns (NaNs with payloads, infinities, zeros,
//   subnormals, 2^24 / 2^53 neighbours among them), Z3 proves `node != evaluate(node)` unsat — it
//   computes the same bits, NaN payloads included;
// - Z3's model for a target value makes the node evaluate to that value;
// - the float bugs of the C tests have the expected witnesses (2^24 rounding, x != x, 1/tiny = inf).
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as B from '../../src/expr/build.js';
import { fcmp, fpArith, fpConvert } from '../../src/expr/build-fp.js';
import { ArrayDecl, Expr, Kind, intern } from '../../src/expr/expr.js';
import { evaluate } from '../../src/expr/evaluate.js';
import { decodeFloat, encodeFloat } from '../../src/expr/fp-semantics.js';
import type { CoreSolver } from '../../src/solver/core.js';
import { Z3Native } from '../../src/solver/z3-native.js';
import { Z3Wasm } from '../../src/solver/z3-wasm.js';
import { floatBits } from '../expr/fp-gen.js';

const HAVE_Z3 = existsSync('/usr/bin/z3');
const BACKENDS = [
  { name: 'native', available: HAVE_Z3, make: () => Z3Native.create({ timeoutMs: 20_000 }), runs: 30 },
  { name: 'wasm', available: true, make: () => Z3Wasm.create({ timeoutMs: 20_000 }), runs: 10 },
];

const A = new ArrayDecl('fpin', 16);
const reads = new Map([[A, 'all' as const]]);
const x = (w: number): Expr => B.readLE(A, null, B.constant(32, 0), w / 8);
const y = (w: number): Expr => B.readLE(A, null, B.constant(32, 8), w / 8);

/** Every floating-point node over x (and y) of width `w`, unsimplified (intern: Z3 computes it). */
function nodes(w: number): Expr[] {
  const out: Expr[] = [];
  for (const k of [Kind.FAdd, Kind.FSub, Kind.FMul, Kind.FDiv, Kind.FRem]) out.push(intern(k, w, [x(w), y(w)]));
  for (const k of [Kind.FOeq, Kind.FOlt, Kind.FOle, Kind.FUno]) out.push(intern(k, 1, [x(w), y(w)]));
  out.push(intern(w === 32 ? Kind.FpExt : Kind.FpTrunc, w === 32 ? 64 : 32, [x(w)]));
  for (const iw of [8, 32, 64]) for (const k of [Kind.FpToSI, Kind.FpToUI]) out.push(intern(k, iw, [x(w)]));
  for (const iw of [32, 64]) for (const k of [Kind.SIToFp, Kind.UIToFp]) out.push(intern(k, w, [B.extract(B.readLE(A, null, B.constant(32, 0), 8), 0, iw)]));
  return out;
}

for (const be of BACKENDS) {
  describe.skipIf(!be.available)(`${be.name} back end: floating point`, () => {
    let core: CoreSolver;
    beforeAll(async () => {
      core = await be.make();
    });
    afterAll(async () => {
      await core?.close();
    });

    for (const w of [32, 64]) {
      it(`computes every ${w}-bit float kind bit-exactly as the evaluator (pinned operands, ${be.runs} pairs)`, async () => {
        const all = nodes(w);
        await fc.assert(
          fc.asyncProperty(floatBits(w as 32 | 64), floatBits(w as 32 | 64), async (a, b) => {
            const bytes = new Uint8Array(16);
            const dv = new DataView(bytes.buffer);
            dv.setBigUint64(0, w === 32 ? a | (0x12345678n << 32n) : a, true);
            dv.setBigUint64(8, b, true);
            const env = new Map([[A, bytes]]);
            const pin = Array.from(bytes, (v, i) => B.eq(B.read(A, null, B.constant(32, i)), B.constant(8, v)));
            for (const e of all) {
              const c = evaluate(e, env);
              const r = await core.check({ constraints: pin, expr: B.notB(B.eq(e, B.constant(e.width, c))) });
              expect(r.status, `${e.kind} w${w} a=${a.toString(16)} b=${b.toString(16)} expected ${c.toString(16)}`).toBe('unsat');
            }
          }),
          { seed: 777 + w, numRuns: be.runs },
        );
      }, 120_000);
    }

    it('models agree with the evaluator: the 2^24 rounding, x != x, 1/tiny overflowing, an fptosi bound', async () => {
      // (float)i == 16777216.0f with i != 16777216
      const i = B.extract(B.readLE(A, null, B.constant(32, 0), 4), 0, 32);
      const f = fpConvert(Kind.SIToFp, i, 32);
      const r1 = await core.check({ constraints: [B.ne(i, B.constant(32, 16777216))], expr: fcmp('oeq', f, B.constant(32, encodeFloat(16777216, 32))), reads });
      expect(r1.status).toBe('sat');
      const i1 = evaluate(i, r1.model!);
      expect(i1).toBe(16777217n); // the only other int32 that rounds to 2^24 (a tie, to even)
      expect(decodeFloat(evaluate(f, r1.model!), 32)).toBe(16777216);
      // x != x: only a NaN
      const r2 = await core.check({ constraints: [], expr: fcmp('une', x(64), x(64)), reads });
      expect(r2.status).toBe('sat');
      expect(Number.isNaN(decodeFloat(evaluate(x(64), r2.model!), 64))).toBe(true);
      // 1.0f / y == inf with y finite and nonzero (float: a double division costs Z3 seconds)
      const q = fpArith(Kind.FDiv, B.constant(32, encodeFloat(1, 32)), y(32));
      const finite = [fcmp('one', y(32), B.constant(32, 0n)), fcmp('olt', y(32), B.constant(32, encodeFloat(Infinity, 32))), fcmp('ogt', y(32), B.constant(32, encodeFloat(-Infinity, 32)))];
      const r3 = await core.check({ constraints: finite, expr: fcmp('oeq', q, B.constant(32, encodeFloat(Infinity, 32))), reads });
      expect(r3.status).toBe('sat');
      const yv = decodeFloat(evaluate(y(32), r3.model!), 32);
      expect(Math.fround(1 / yv)).toBe(Infinity);
      expect(yv).not.toBe(0);
      expect(Math.abs(yv)).toBeLessThan(3e-39);
      // (int)x == INT_MIN with x ordered and not -2^31: out of range (the integer indefinite)
      const t = fpConvert(Kind.FpToSI, x(32), 32);
      const r4 = await core.check({ constraints: [fcmp('ord', x(32), x(32)), fcmp('one', x(32), B.constant(32, encodeFloat(-2147483648, 32)))], expr: B.eq(t, B.constant(32, 0x80000000n)), reads });
      expect(r4.status).toBe('sat');
      const xv = decodeFloat(evaluate(x(32), r4.model!), 32);
      expect(xv >= 2147483648 || xv < -2147483648).toBe(true);
      // and the impossible: a float sum of two values in [0, 1] above 2
      const unit = (e: Expr) => [fcmp('oge', e, B.constant(32, 0n)), fcmp('ole', e, B.constant(32, encodeFloat(1, 32)))];
      const r5 = await core.check({ constraints: [...unit(x(32)), ...unit(y(32))], expr: fcmp('ogt', fpArith(Kind.FAdd, x(32), y(32)), B.constant(32, encodeFloat(2, 32))) });
      expect(r5.status).toBe('unsat');
    }, 120_000);
  });
}
