// The evaluator's edges (missing arrays, deep DAGs), collectArrays, footprints, rebuild/substitute,
// hash-consing and the canonical forms the solver caches rely on.
import { describe, expect, it } from 'vitest';
import * as B from '../../src/expr/build.js';
import { ArrayDecl, Expr, Kind } from '../../src/expr/expr.js';
import { collectArrays, evaluate, rebuild, substitute } from '../../src/expr/evaluate.js';
import { arrayKey, atomOf, footprint } from '../../src/expr/footprint.js';
import { unsignedBounds } from '../../src/expr/bounds.js';

const X = new ArrayDecl('x', 8);
const Y = new ArrayDecl('y', 8);
const T = new ArrayDecl('t', 4, Uint8Array.from([1, 2, 3, 4]));
const byte = (a: ArrayDecl, i: number): Expr => B.read(a, null, B.constant(32, i));
const word = (a: ArrayDecl, i: number): Expr => B.readLE(a, null, B.constant(32, i), 4);

describe('evaluate', () => {
  it('reads missing arrays and bytes past the end as 0', () => {
    const e = B.add(word(X, 0), B.zext(byte(Y, 20), 32));
    expect(evaluate(e, new Map())).toBe(0n);
    expect(evaluate(e, new Map([[X, Uint8Array.from([1, 2])]]))).toBe(0x0201n);
  });

  it('handles DAGs deeper than the JS stack (a 200k-long chain)', () => {
    let e = B.zext(byte(X, 0), 32);
    for (let i = 0; i < 200_000; i++) e = B.mul(B.xor(e, B.zext(byte(X, i % 8), 32)), B.constant(32, 31));
    let v = 5n;
    const bytes = Uint8Array.from([5, 1, 2, 3, 4, 5, 6, 7]);
    for (let i = 0; i < 200_000; i++) v = ((v ^ BigInt(bytes[i % 8]!)) * 31n) & 0xffffffffn;
    expect(evaluate(e, new Map([[X, bytes]]))).toBe(v);
    expect(collectArrays(e)).toEqual(new Set([X]));
  });
});

describe('collectArrays and footprints', () => {
  it('includes arrays in update-list indices and values, not constant tables', () => {
    const u = B.write(null, B.zext(byte(Y, 1), 32), byte(X, 2));
    const r = B.read(T, u, B.constant(32, 0));
    expect(collectArrays(r)).toEqual(new Set([X, Y]));
    expect(collectArrays(B.read(T, null, B.zext(byte(X, 0), 32)))).toEqual(new Set([X]));
    expect(collectArrays(B.constant(8, 1)).size).toBe(0);
  });

  it('counts bytes at constant indices and whole arrays at symbolic ones', () => {
    const f = footprint(B.eq(B.add(byte(X, 1), byte(X, 3)), byte(Y, 0)));
    expect(f.whole).toEqual([]);
    expect([...f.bytes]).toEqual([atomOf(X, 1), atomOf(X, 3), atomOf(Y, 0)].sort((a, b) => a - b));
    const g = footprint(B.eq(B.read(X, null, B.zext(byte(Y, 2), 32)), byte(X, 1)));
    expect(g.whole).toEqual([arrayKey(X)]);
    expect([...g.bytes]).toEqual([atomOf(Y, 2)]);
  });

  it('turns an array with many bytes into a whole array', () => {
    const big = new ArrayDecl('big', 4096);
    let e = B.constant(8, 0);
    for (let i = 0; i < 1000; i++) e = B.add(e, byte(big, i));
    const f = footprint(e);
    expect(f.whole).toEqual([arrayKey(big)]);
    expect(f.bytes.length).toBe(0);
  });
});

describe('rebuild and substitute', () => {
  it('identity rebuild returns the same node', () => {
    const e = B.ult(B.add(word(X, 0), B.constant(32, 3)), B.zext(B.read(X, B.write(null, B.constant(32, 1), byte(Y, 0)), word(Y, 4)), 32));
    expect(rebuild(e, (n) => n)).toBe(e);
  });

  it('substitution re-simplifies', () => {
    const x0 = byte(X, 0);
    const e = B.eq(B.add(x0, B.constant(8, 1)), B.constant(8, 10));
    expect(substitute(e, new Map([[x0, B.constant(8, 9)]]))).toBe(B.TRUE);
    const u = B.write(null, B.zext(x0, 32), B.constant(8, 7));
    const r = B.read(Y, u, B.constant(32, 2));
    expect(substitute(r, new Map([[x0, B.constant(8, 2)]]))).toBe(B.constant(8, 7));
    expect(substitute(r, new Map([[x0, B.constant(8, 3)]]))).toBe(byte(Y, 2));
  });
});

describe('hash-consing and canonical forms', () => {
  const a = word(X, 0);
  const b = word(Y, 0);
  const c = (v: number): Expr => B.constant(32, v);
  it('structurally equal is identical; commutative operands are ordered', () => {
    expect(B.add(a, b)).toBe(B.add(b, a));
    expect(B.mul(c(3), a)).toBe(B.mul(a, c(3)));
    expect(B.eq(a, b)).toBe(B.eq(b, a));
    expect(word(X, 0)).toBe(a);
  });
  it('comparisons with constants and negations share nodes', () => {
    expect(B.ule(a, c(9))).toBe(B.ult(a, c(10)));
    expect(B.uge(a, c(10))).toBe(B.notB(B.ult(a, c(10))));
    expect(B.notB(B.ult(a, b))).toBe(B.ule(b, a));
    expect(B.ugt(a, c(0))).toBe(B.ne(a, c(0)));
    expect(B.sle(a, c(-5))).toBe(B.slt(a, c(-4)));
    expect(B.ult(a, c(1))).toBe(B.eq(a, c(0)));
  });
  it('C-style char comparisons narrow to the byte', () => {
    const ch = byte(X, 3);
    expect(B.eq(B.sext(ch, 32), c(97))).toBe(B.eq(ch, B.constant(8, 97)));
    const ge = B.sge(B.sext(ch, 32), c(48));
    expect(ge.kids[0]!.width).toBe(8);
    expect(B.eq(B.zext(ch, 32), c(300))).toBe(B.FALSE);
  });
  it('shifts and masks become extracts (bytes of words stay visible)', () => {
    const e = B.and(B.lshr(a, c(8)), c(0xff));
    expect(e).toBe(B.zext(byte(X, 1), 32));
    const conjuncts = (e: Expr): Expr[] => (e.kind === Kind.And ? e.kids.flatMap(conjuncts) : [e]);
    expect(new Set(conjuncts(B.eq(a, c(0x01020304))))).toEqual(
      new Set([B.eq(byte(X, 3), B.constant(8, 1)), B.eq(byte(X, 2), B.constant(8, 2)), B.eq(byte(X, 1), B.constant(8, 3)), B.eq(byte(X, 0), B.constant(8, 4))]));
    expect(B.extract(B.add(B.zext(byte(X, 0), 32), c(1)), 0, 8)).toBe(B.add(byte(X, 0), B.constant(8, 1)));
    expect(B.select(B.TRUE, a, b)).toBe(a);
    expect(B.eq(B.select(B.ult(a, b), c(1), c(0)), c(0)).kind).toBe(Kind.Ule);
  });
  it('cheap unsigned bounds', () => {
    expect(unsignedBounds(B.zext(byte(X, 0), 32))).toEqual({ lo: 0n, hi: 255n });
    expect(unsignedBounds(B.urem(a, c(10)))).toEqual({ lo: 0n, hi: 9n });
    expect(unsignedBounds(B.add(c(5), B.zext(byte(X, 0), 32)))).toEqual({ lo: 5n, hi: 260n });
  });
});
