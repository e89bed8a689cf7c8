// The walks' cost on large memory states (issue 19, the Coreutils profile): a store's substitution
// rebuilds each shared update list once, not once per read carrying it; a register's whole word is
// replaced by its value without cutting it into bytes; the precondition rewrites exactly the
// conjuncts that mention a substituted leaf, simultaneously. Behaviour and work counted, never timed.

import { describe, expect, test } from 'vitest';
import { ArrayDecl, exprCount, type Expr } from '../../../src/expr/expr.js';
import * as B from '../../../src/expr/build.js';
import { WpState } from '../../../src/strategies/postcondition/precondition.js';
import { Substituter, type MemWrite, type Subst } from '../../../src/strategies/postcondition/subst.js';
import { wordOf } from '../../../src/strategies/postcondition/leaves.js';
import { SubstMemo } from '../../../src/strategies/postcondition/memo.js';

const c32 = (v: number): Expr => B.constant(32, v);
const c8 = (v: number): Expr => B.constant(8, v);

describe('a store through long update lists', () => {
  // M: a region's bytes; p: a register (a symbolic offset). Reads of M at p+i under a long list of
  // writes at symbolic offsets (read-over-write keeps them all): the shape Coreutils' stdio buffers give.
  const M = new ArrayDecl('M[buf]', 4096);
  const p = wordOf(new ArrayDecl('%p', 4), 32, 4);
  const L = 200;
  let list = null as ReturnType<typeof B.write> | null;
  for (let i = 0; i < L; i++) list = B.write(list, B.add(p, c32(1000 + i)), c8(i & 0xff));
  const K = 16;
  const reads: Expr[] = [];
  for (let i = 0; i < K; i++) reads.push(B.read(M, list, B.add(p, c32(i))));
  const conj = B.all(reads.map((r) => B.eq(r, c8(0))));
  const writes: MemWrite[] = [{ index: B.add(p, c32(7)), value: c8(42) }];
  const sigma: Subst = new Map([[M, { kind: 'writes', writes }]]);

  test('each node of the shared list is rebuilt once for all the reads that carry it', () => {
    const sub = new Substituter(sigma);
    const out = sub.apply(conj);
    // Without the memo every read rebuilt the whole list and the store's writes: K × (L + 1).
    expect(sub.listWrites).toBeLessThanOrEqual(L + writes.length);
    expect(out).not.toBe(conj);
  });

  test('the result is what the list rebuilt read by read gives (array-theory WP of the store)', () => {
    const out = new Substituter(sigma).apply(conj);
    let base = null as ReturnType<typeof B.write> | null;
    for (const w of writes) base = B.write(base, w.index, w.value);
    const chain: NonNullable<typeof list>[] = [];
    for (let x = list; x; x = x.next) chain.push(x);
    for (let i = chain.length - 1; i >= 0; i--) base = B.write(base, chain[i]!.index, chain[i]!.value);
    const expected = B.all(reads.map((_, i) => B.eq(B.read(M, base, B.add(p, c32(i))), c8(0))));
    expect(out).toBe(expected);
  });
});

describe('a register leaf replaced whole', () => {
  const x = new ArrayDecl('%x', 8);
  const y = wordOf(new ArrayDecl('%y', 8), 64, 8);
  const xw = wordOf(x, 64, 8);

  test('x := y + 16 under a comparison builds the comparison over y + 16, not byte extracts glued back', () => {
    const value = B.add(y, B.constant(64, 16));
    const c = B.ult(B.add(xw, B.constant(64, 8)), B.constant(64, 4096));
    const before = exprCount();
    const out = new Substituter(new Map([[x, { kind: 'value', value }]])).apply(c);
    expect(out).toBe(B.ult(B.add(value, B.constant(64, 8)), B.constant(64, 4096)));
    // The byte-wise rewrite made 8 extracts of the value and the concats gluing them (and for an Add
    // kept them apart): more than a dozen nodes. Whole: the new add and the new comparison.
    expect(exprCount() - before).toBeLessThanOrEqual(3);
  });
});

describe('WpState', () => {
  const leaf = (name: string): { array: ArrayDecl; term: Expr } => {
    const array = new ArrayDecl(name, 4);
    return { array, term: wordOf(array, 32, 4) };
  };
  const x = leaf('wx');
  const y = leaf('wy');
  const z = leaf('wz');
  const lt = (t: Expr, k: number): Expr => B.ult(t, c32(k));

  test('a simultaneous substitution keeps a rewrite equal to another conjunct\'s old form', () => {
    // {x < 10, y < 10} under x := y, y := z is {y < 10, z < 10}: the first rewrite equals the second
    // conjunct as it was, which the substitution replaces — it must not be taken for a duplicate.
    const wp = new WpState();
    wp.add(lt(x.term, 10));
    wp.add(lt(y.term, 10));
    const sigma: Subst = new Map([
      [x.array, { kind: 'value', value: y.term }],
      [y.array, { kind: 'value', value: z.term }],
    ]);
    wp.apply(sigma, new Substituter(sigma));
    expect(new Set(wp.conjuncts())).toEqual(new Set([lt(y.term, 10), lt(z.term, 10)]));
    expect(wp.length).toBe(2);
    expect(wp.has(x.array)).toBe(false);
    expect(wp.mentions(y.array)).toBe(1);
    expect(wp.mentions(z.array)).toBe(1);
  });

  test('a rewrite equal to a conjunct present is one conjunct; true ones go; false makes it false', () => {
    const memo = new SubstMemo();
    const wp = new WpState();
    wp.add(lt(x.term, 10));
    wp.add(lt(y.term, 10));
    wp.add(lt(z.term, 5));
    wp.applyOne(x.array, memo.one(x.array, y.term));
    expect(wp.conjuncts()).toHaveLength(2);
    expect(wp.mentions(y.array)).toBe(1);
    wp.applyOne(y.array, memo.one(y.array, c32(3)));
    expect(wp.conjuncts()).toEqual([lt(z.term, 5)]);
    wp.applyOne(z.array, memo.one(z.array, c32(9)));
    expect(wp.isFalse).toBe(true);
  });

  test('a substitution rewrites only the conjuncts that mention its leaves (counted by the memo)', () => {
    const wp = new WpState();
    for (let k = 0; k < 100; k++) wp.add(lt(y.term, k + 1));
    wp.add(lt(x.term, 10));
    const sigma: Subst = new Map([[x.array, { kind: 'value', value: c32(1) }]]);
    const sub = new Substituter(sigma);
    wp.apply(sigma, sub);
    expect(sub.size).toBeLessThanOrEqual(4); // x < 10 and its parts (seeded word included), nothing of y's
    expect(wp.length).toBe(100);
  });

  test('the leaf index stays exact through swaps, stores and simplifications (re-indexed from the substitution)', () => {
    const M = new ArrayDecl('M[r]', 16);
    const readM = (i: number): Expr => B.read(M, null, c32(i));
    const wp = new WpState();
    const a = B.ult(B.add(x.term, y.term), c32(50)); // x and y
    const b = B.eq(B.zext(readM(2), 32), y.term); // M and y
    const c = B.eq(B.zext(readM(3), 32), z.term); // M and z
    for (const k of [a, b, c]) wp.add(k);
    // A phi swap: x := y, y := x (each leaf re-introduced by the other's value).
    const swap: Subst = new Map([
      [x.array, { kind: 'value', value: y.term }],
      [y.array, { kind: 'value', value: x.term }],
    ]);
    wp.apply(swap, new Substituter(swap));
    const check = (): void => {
      const cs = wp.conjuncts();
      for (const leafArray of [x.array, y.array, z.array, M]) {
        const n = cs.filter((k) => new Substituter(new Map([[leafArray, { kind: 'value', value: c32(0) }]]) as Subst).apply(k) !== k).length;
        expect(wp.mentions(leafArray)).toBe(n);
      }
    };
    check();
    // A store to M at offset 2 of z's low byte: b now reads z, not M at 2 (read-over-write resolves it).
    const store: Subst = new Map([[M, { kind: 'writes', writes: [{ index: c32(2), value: B.extract(z.term, 0, 8) }] }]]);
    wp.apply(store, new Substituter(store));
    check();
    // z := 7: c loses z and keeps M; b becomes a constant comparison of x (from the swap) with 7's byte.
    wp.applyOne(z.array, new SubstMemo().one(z.array, c32(7)));
    check();
  });

  test('snapshots do not change with the precondition after them', () => {
    const wp = new WpState();
    wp.add(lt(x.term, 10));
    const snap = wp.snapshot();
    wp.applyOne(x.array, new SubstMemo().one(x.array, y.term));
    expect(snap).toEqual([lt(x.term, 10)]);
    expect(wp.conjuncts()).toEqual([lt(y.term, 10)]);
  });
});
