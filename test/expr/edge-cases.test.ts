// Edge cases per operation, each checked both by constant folding and symbolically (the operand a read
// of a symbolic array, evaluated under an assignment): INT_MIN / -1 and % -1, division by zero and
// over-wide shifts (SMT-LIB results), shifts by width-1, sext of i1, extract of the top bit, 128-bit
// arithmetic, reads over chains of symbolic writes.
import { describe, expect, it } from 'vitest';
import * as B from '../../src/expr/build.js';
import { ArrayDecl, Expr, Kind } from '../../src/expr/expr.js';
import { evaluate } from '../../src/expr/evaluate.js';

const mask = (w: number): bigint => (1n << BigInt(w)) - 1n;
const smin = (w: number): bigint => 1n << BigInt(w - 1);

const A = new ArrayDecl('edge', 32);

/** A symbolic w-bit variable (bytes 0.. of A) and an assignment giving it `v`. */
function symbolic(w: number, v: bigint): [Expr, Map<ArrayDecl, Uint8Array>] {
  const n = Math.ceil(w / 8);
  const bytes = new Uint8Array(32);
  for (let i = 0; i < n; i++) bytes[i] = Number((v >> BigInt(8 * i)) & 0xffn);
  return [B.extract(B.readLE(A, null, B.constant(32, 0), n), 0, w), new Map([[A, bytes]])];
}

/** Checks op(x, y) == expected with x, y constant, x symbolic, and both symbolic (y in bytes 16..). */
function check(op: (a: Expr, b: Expr) => Expr, w: number, x: bigint, y: bigint, expected: bigint): void {
  expect(op(B.constant(w, x), B.constant(w, y)).value).toBe(expected);
  const [sx, asg] = symbolic(w, x);
  expect(evaluate(op(sx, B.constant(w, y)), asg)).toBe(expected);
  const n = Math.ceil(w / 8);
  const sy = B.extract(B.readLE(A, null, B.constant(32, 16), n), 0, w);
  for (let i = 0; i < n; i++) asg.get(A)![16 + i] = Number((y >> BigInt(8 * i)) & 0xffn);
  expect(evaluate(op(sx, sy), asg)).toBe(expected);
}

const WIDTHS = [8, 16, 32, 64, 128, 7, 33];

describe('signed division overflow', () => {
  for (const w of WIDTHS) {
    it(`w${w}: INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0, x % -1 = 0`, () => {
      check(B.sdiv, w, smin(w), mask(w), smin(w));
      check(B.srem, w, smin(w), mask(w), 0n);
      check(B.srem, w, 12345n & mask(w), mask(w), 0n);
      check(B.sdiv, w, 7n, mask(w), mask(w) - 6n); // 7 / -1 = -7
      check(B.srem, w, mask(w) - 6n, 2n, mask(w)); // -7 % 2 = -1 (sign of the dividend)
      check(B.sdiv, w, mask(w) - 6n, 2n, mask(w) - 2n); // -7 / 2 = -3 (towards zero)
    });
  }
});

describe('division by zero follows SMT-LIB', () => {
  for (const w of [8, 32, 128, 5]) {
    it(`w${w}`, () => {
      const x = 0x5an & mask(w);
      check(B.udiv, w, x, 0n, mask(w));
      check(B.urem, w, x, 0n, x);
      check(B.sdiv, w, x, 0n, x >> BigInt(w - 1) ? 1n : mask(w));
      check(B.sdiv, w, smin(w), 0n, 1n);
      check(B.srem, w, smin(w), 0n, smin(w));
    });
  }
});

describe('shifts', () => {
  for (const w of WIDTHS) {
    it(`w${w}: by width-1 and by >= width`, () => {
      const W1 = BigInt(w - 1);
      check(B.shl, w, 1n, W1, smin(w));
      check(B.shl, w, 3n, W1, smin(w));
      check(B.lshr, w, smin(w), W1, 1n);
      check(B.lshr, w, mask(w), W1, 1n);
      check(B.ashr, w, smin(w), W1, mask(w));
      check(B.ashr, w, mask(w) >> 1n, W1, 0n);
      check(B.shl, w, 1n, BigInt(w), 0n);
      check(B.lshr, w, mask(w), BigInt(w) + 5n, 0n);
      check(B.ashr, w, smin(w), BigInt(w), mask(w));
      check(B.ashr, w, 1n, mask(w), 0n);
    });
  }
});

describe('extensions and extracts', () => {
  it('sext of i1', () => {
    expect(B.sext(B.constant(1, 1), 32).value).toBe(mask(32));
    expect(B.sext(B.constant(1, 0), 32).value).toBe(0n);
    for (const v of [0n, 1n]) {
      const [x, asg] = symbolic(1, v);
      expect(evaluate(B.sext(x, 64), asg)).toBe(v ? mask(64) : 0n);
      expect(evaluate(B.sext(x, 128), asg)).toBe(v ? mask(128) : 0n);
      expect(evaluate(B.zext(x, 8), asg)).toBe(v);
    }
  });

  it('extract of the top bit', () => {
    for (const w of WIDTHS) {
      for (const v of [smin(w), mask(w), 0n, smin(w) - 1n]) {
        const [x, asg] = symbolic(w, v);
        expect(evaluate(B.extract(x, w - 1, 1), asg)).toBe(v >> BigInt(w - 1));
        expect(evaluate(B.extract(B.sext(x, 128), 127, 1), asg)).toBe(v >> BigInt(w - 1));
        expect(evaluate(B.extract(B.zext(x, 128), 127, 1), asg)).toBe(w === 128 ? v >> 127n : 0n);
      }
    }
  });

  it('sext/zext compared with constants narrows exactly', () => {
    for (const v of [0n, 0x61n, 0x7fn, 0x80n, 0xffn]) {
      const [c, asg] = symbolic(8, v);
      const sc = B.sext(c, 32);
      const sv = BigInt.asIntN(8, v);
      expect(evaluate(B.sge(sc, B.constant(32, 97)), asg)).toBe(sv >= 97n ? 1n : 0n);
      expect(evaluate(B.slt(sc, B.constant(32, -200)), asg)).toBe(0n);
      expect(evaluate(B.eq(sc, B.constant(32, -1)), asg)).toBe(sv === -1n ? 1n : 0n);
      expect(evaluate(B.ult(B.zext(c, 32), B.constant(32, 300)), asg)).toBe(1n);
    }
  });
});

describe('128-bit arithmetic', () => {
  const M = mask(128);
  it('wraps modulo 2^128', () => {
    const a = (1n << 64n) + 1n;
    check(B.mul, 128, a, a, ((1n << 65n) + 1n) & M);
    check(B.add, 128, M, 2n, 1n);
    check(B.sub, 128, 0n, 1n, M);
    check(B.udiv, 128, M, 3n, M / 3n);
    check(B.urem, 128, M, 1n << 100n, (1n << 100n) - 1n);
    check(B.sdiv, 128, M - 99n, 10n, M - 9n); // -100 / 10 = -10
    check(B.mul, 128, 0xdeadbeefcafebaben, 0x123456789abcdef0fedcba987654321n, (0xdeadbeefcafebaben * 0x123456789abcdef0fedcba987654321n) & M);
  });
});

describe('reads over chains of symbolic writes', () => {
  const S = new ArrayDecl('sym', 16);
  const idx = B.and(B.constant(32, 7), B.readLE(S, null, B.constant(32, 8), 4)); // symbolic, in [0, 7]

  it('the newest matching write wins; otherwise the base array', () => {
    let u = B.write(null, idx, B.constant(8, 0xaa));
    u = B.write(u, B.add(idx, B.constant(32, 1)), B.constant(8, 0xbb));
    u = B.write(u, B.constant(32, 3), B.read(S, null, B.constant(32, 15)));
    for (const i of [0, 3, 5]) {
      const bytes = Uint8Array.from({ length: 16 }, (_, k) => k + 100);
      bytes[8] = i; // idx = i
      const asg = new Map([[S, bytes]]);
      for (let at = 0; at < 10; at++) {
        const r = B.read(S, u, B.constant(32, at));
        const expected = at === 3 ? 115n : at === i + 1 ? 0xbbn : at === i ? 0xaan : BigInt(bytes[at]!);
        expect(evaluate(r, asg)).toBe(expected);
      }
      expect(evaluate(B.read(S, u, idx), asg)).toBe(i === 3 ? 115n : 0xaan);
    }
  });

  it('provably distinct indices (base+c1 vs base+c2) are skipped, equal ones answer', () => {
    const base = B.readLE(S, null, B.constant(32, 0), 4);
    const at = (c: number): Expr => B.add(base, B.constant(32, c));
    let u = B.write(null, at(1), B.constant(8, 1));
    u = B.write(u, at(2), B.constant(8, 2));
    expect(B.read(S, u, at(2)).value).toBe(2n);
    expect(B.read(S, u, at(1)).value).toBe(1n);
    const r = B.read(S, u, at(5));
    expect(r.kind).toBe(Kind.Read);
    expect(r.updates).toBeNull();
    // an unknown relation stops the walk
    const r2 = B.read(S, u, B.readLE(S, null, B.constant(32, 4), 4));
    expect(r2.updates).toBe(u);
    // a write to the same index as the newest write replaces it
    expect(B.write(u, at(2), B.constant(8, 9)).next).toBe(u.next);
  });

  it('constant tables fold at constant indices and read 0 past their end', () => {
    const T = new ArrayDecl('t', 4, Uint8Array.from([9, 8, 7, 6]));
    expect(B.read(T, null, B.constant(32, 2)).value).toBe(7n);
    expect(B.read(T, null, B.constant(32, 4)).value).toBe(0n);
    const u = B.write(null, B.constant(32, 1), B.read(S, null, B.constant(32, 0)));
    expect(B.read(T, u, B.constant(32, 0)).value).toBe(9n);
    const i = B.and(B.constant(32, 3), B.readLE(S, null, B.constant(32, 4), 4));
    const bytes = new Uint8Array(16);
    bytes[0] = 42;
    for (let k = 0; k < 4; k++) {
      bytes[4] = k;
      expect(evaluate(B.read(T, u, i), new Map([[S, bytes]]))).toBe(k === 1 ? 42n : BigInt([9, 8, 7, 6][k]!));
    }
  });
});
