// The floating-point kinds' concrete semantics (src/expr/fp-semantics.ts) against the machine: for
// random bit patterns (fast-check, seeded, biased to NaNs with payloads, infinities, zeros, subnormals
// and the 2^24 / 2^53 boundaries), the evaluator's result equals JS typed-array arithmetic (IEEE,
// ties to even: Float32Array/Float64Array stores) bit for bit, and equals the engine's concrete path
// (engine/ops/float-format.ts, ops/float.ts), so a value computed symbolically and then evaluated
// matches the one computed concretely, NaN payloads included.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as B from '../../src/expr/build.js';
import { fcmp } from '../../src/expr/build-fp.js';
import { ArrayDecl, Kind, intern } from '../../src/expr/expr.js';
import { evaluate } from '../../src/expr/evaluate.js';
import { decodeFloat, encodeFloat, evalFpBinary, evalFpUnary, isNaNBits } from '../../src/expr/fp-semantics.js';
import { convertNaN, floatFormat, intToFloat, resultBits } from '../../src/engine/ops/float-format.js';
import { floatToInt } from '../../src/engine/ops/float.js';
import type { Type } from '../../src/ir/types.js';
import { floatBits } from './fp-gen.js';

const FLOAT: Type = { kind: 'float', name: 'float' } as Type;
const DOUBLE: Type = { kind: 'float', name: 'double' } as Type;

/** What the machine computes: the op in double, stored (rounded once) into the format's typed array. */
function machine(op: string, x: number, y: number, w: number): number {
  const r = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : op === '/' ? x / y : x % y;
  return w === 32 ? Math.fround(r) : r;
}

const OPS: [Kind, string][] = [[Kind.FAdd, '+'], [Kind.FSub, '-'], [Kind.FMul, '*'], [Kind.FDiv, '/'], [Kind.FRem, '%']];

describe('floating-point semantics vs the FPU (typed arrays) and the engine', () => {
  for (const w of [32, 64] as const) {
    const fmt = floatFormat(w === 32 ? FLOAT : DOUBLE);
    it(`arithmetic on random ${w}-bit patterns is IEEE (ties to even) and x86's NaN rule`, () => {
      fc.assert(
        fc.property(floatBits(w), floatBits(w), (a, b) => {
          for (const [k, op] of OPS) {
            const got = evalFpBinary(k, w, a, b, w);
            const want = machine(op, decodeFloat(a, w), decodeFloat(b, w), w);
            if (want === want) expect(got).toBe(encodeFloat(want, w));
            else expect(isNaNBits(got, w)).toBe(true);
            // the engine's concrete path gives the same bits, NaNs included
            expect(got).toBe(resultBits(fmt, (ARITH_JS[op]!)(fmt.decode(a), fmt.decode(b)), [a, b]));
          }
        }),
        { seed: 2323, numRuns: 3000 },
      );
    });

    it(`comparisons (all 16 fcmp predicates) on random ${w}-bit patterns are NaN-correct`, () => {
      const A = new ArrayDecl(`cmp${w}`, 16);
      const x = B.readLE(A, null, B.constant(32, 0), w / 8);
      const y = B.readLE(A, null, B.constant(32, 8), w / 8);
      const preds: [string, (p: number, q: number) => boolean][] = [
        ['false', () => false], ['true', () => true], ['oeq', (p, q) => p === q], ['ogt', (p, q) => p > q], ['oge', (p, q) => p >= q],
        ['olt', (p, q) => p < q], ['ole', (p, q) => p <= q], ['one', (p, q) => p < q || p > q], ['ord', (p, q) => p === p && q === q],
        ['ueq', (p, q) => p !== p || q !== q || p === q], ['ugt', (p, q) => p !== p || q !== q || p > q], ['uge', (p, q) => p !== p || q !== q || p >= q],
        ['ult', (p, q) => p !== p || q !== q || p < q], ['ule', (p, q) => p !== p || q !== q || p <= q], ['une', (p, q) => p !== q], ['uno', (p, q) => p !== p || q !== q],
      ];
      const nodes = preds.map(([p]) => fcmp(p, x, y));
      fc.assert(
        fc.property(floatBits(w), floatBits(w), (a, b) => {
          const bytes = new Uint8Array(16);
          const dv = new DataView(bytes.buffer);
          if (w === 32) { dv.setUint32(0, Number(a), true); dv.setUint32(8, Number(b), true); } else { dv.setBigUint64(0, a, true); dv.setBigUint64(8, b, true); }
          const env = new Map([[A, bytes]]);
          preds.forEach(([name, f], i) => expect(evaluate(nodes[i]!, env), `${name} ${a} ${b}`).toBe(f(decodeFloat(a, w), decodeFloat(b, w)) ? 1n : 0n));
        }),
        { seed: 2424, numRuns: 2000 },
      );
    });

    it(`conversions from ${w}-bit patterns match the engine (fptosi/fptoui i8..i64, fpext/fptrunc)`, () => {
      fc.assert(
        fc.property(floatBits(w), (a) => {
          for (const iw of [8, 16, 32, 64]) {
            expect(evalFpUnary(Kind.FpToSI, iw, a, w)).toBe(floatToInt(decodeFloat(a, w), iw, true));
            expect(evalFpUnary(Kind.FpToUI, iw, a, w)).toBe(floatToInt(decodeFloat(a, w), iw, false));
          }
          const other = w === 32 ? 64 : 32;
          const to = floatFormat(other === 32 ? FLOAT : DOUBLE);
          const v = fmt.decode(a);
          const engine = v === v ? to.encode(v) : convertNaN(fmt, to, a);
          expect(evalFpUnary(w === 32 ? Kind.FpExt : Kind.FpTrunc, other, a, w)).toBe(engine);
          // float -> double -> float is the identity on non-NaN values
          if (w === 32 && v === v) expect(evalFpUnary(Kind.FpTrunc, 32, evalFpUnary(Kind.FpExt, 64, a, 32), 64)).toBe(a);
        }),
        { seed: 2525, numRuns: 3000 },
      );
    });

    it(`integer -> ${w}-bit float rounds to nearest even once (sitofp/uitofp of i32 and i64)`, () => {
      fc.assert(
        fc.property(fc.bigUintN(64), fc.constantFrom(32, 64), (raw, iw) => {
          const x = BigInt.asUintN(iw, raw);
          const s = BigInt.asIntN(iw, x);
          expect(evalFpUnary(Kind.SIToFp, w, x, iw)).toBe(fmt.encode(intToFloat(s, fmt)));
          expect(evalFpUnary(Kind.UIToFp, w, x, iw)).toBe(fmt.encode(intToFloat(x, fmt)));
          if (iw === 32 && w === 64) expect(decodeFloat(evalFpUnary(Kind.SIToFp, 64, x, 32), 64)).toBe(Number(s)); // exact
        }),
        { seed: 2626, numRuns: 3000 },
      );
      // the 2^24 boundary: 16777217 is not a float; it rounds (tie) to the even 16777216
      expect(decodeFloat(evalFpUnary(Kind.SIToFp, 32, 16777217n, 32), 32)).toBe(16777216);
      expect(decodeFloat(evalFpUnary(Kind.SIToFp, 32, 16777219n, 32), 32)).toBe(16777220);
    });
  }

  it('symbolic nodes fold to the same constants and evaluate like the folded ones', () => {
    const A = new ArrayDecl('fold', 8);
    const x = B.readLE(A, null, B.constant(32, 0), 4);
    const e = intern(Kind.FDiv, 32, [B.constant(32, 0x3f800000n), x]); // 1.0f / x
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setFloat32(0, 1e-45, true); // the smallest subnormal: 1/x overflows
    expect(decodeFloat(evaluate(e, new Map([[A, bytes]])), 32)).toBe(Infinity);
    expect(B.make(Kind.FDiv, 32, [B.constant(32, 0x3f800000n), B.constant(32, 1n)]).value).toBe(0x7f800000n);
  });
});

const ARITH_JS: Record<string, (x: number, y: number) => number> = {
  '+': (x, y) => x + y, '-': (x, y) => x - y, '*': (x, y) => x * y, '/': (x, y) => x / y, '%': (x, y) => x % y,
};
