// The walks' shared memos (src/strategies/postcondition/memo.ts, issue 19) and the preconditions that
// use them: a shared substituter gives what a fresh one gives, is shared only between substitutions
// of the same content, and a precondition's signature (kept up to date) identifies its conjunct set.

import { describe, expect, test } from 'vitest';
import { ArrayDecl } from '../../../src/expr/expr.js';
import * as B from '../../../src/expr/build.js';
import { SubstMemo, TermMemo, TermTag } from '../../../src/strategies/postcondition/memo.js';
import { WpState } from '../../../src/strategies/postcondition/precondition.js';
import { Substituter, type Subst } from '../../../src/strategies/postcondition/subst.js';
import { Summary } from '../../../src/strategies/postcondition/summary.js';
import { wordOf } from '../../../src/strategies/postcondition/leaves.js';

const leaf = (name: string): { array: ArrayDecl; term: ReturnType<typeof wordOf> } => {
  const array = new ArrayDecl(name, 4);
  return { array, term: wordOf(array, 32, 4) };
};

describe('SubstMemo', () => {
  const x = leaf('x');
  const y = leaf('y');
  const conj = [B.ult(x.term, B.constant(32, 10)), B.eq(B.add(x.term, y.term), B.constant(32, 7)), B.slt(y.term, B.constant(32, 0))];

  test('one substituter per content: equal substitutions share it, different ones do not', () => {
    const memo = new SubstMemo();
    const v = B.add(y.term, B.constant(32, 1));
    const a = memo.of(new Map([[x.array, { kind: 'value', value: v }]]) as Subst);
    const b = memo.of(new Map([[x.array, { kind: 'value', value: B.add(y.term, B.constant(32, 1)) }]]) as Subst);
    const c = memo.of(new Map([[x.array, { kind: 'value', value: B.add(y.term, B.constant(32, 2)) }]]) as Subst);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(memo.one(x.array, v)).toBe(a);
  });

  test('a shared substituter rewrites as a fresh one does, before and after its memo is warm', () => {
    const memo = new SubstMemo();
    const sigma: Subst = new Map([[x.array, { kind: 'value', value: B.mul(y.term, B.constant(32, 3)) }]]);
    const fresh = new Substituter(sigma);
    for (let round = 0; round < 2; round++) {
      const shared = memo.of(new Map(sigma));
      for (const c of conj) expect(shared.apply(c)).toBe(fresh.apply(c));
    }
  });

  test('the precondition applies a one-leaf substitution to exactly the conjuncts that mention the leaf', () => {
    const memo = new SubstMemo();
    const wp = new WpState();
    for (const c of conj) wp.add(c);
    wp.applyOne(x.array, memo.one(x.array, B.constant(32, 3)));
    // x := 3: x <u 10 is true (dropped), 3 + y = 7 is rewritten, y <s 0 is untouched.
    const out = wp.conjuncts();
    expect(out).toContain(conj[2]);
    expect(out).toContain(B.eq(B.add(B.constant(32, 3), y.term), B.constant(32, 7)));
    expect(out).toHaveLength(2);
    expect(wp.has(x.array)).toBe(false);
    expect(wp.mentions(y.array)).toBe(2);
  });
});

describe('TermMemo', () => {
  test('builds once per (instruction, tag, depth, region, address) and apart otherwise', () => {
    const memo = new TermMemo();
    const inst = {};
    let built = 0;
    const make = (): number => ++built;
    expect(memo.get(inst, TermTag.LoadValue, 1, 'R', 0, make)).toBe(1);
    expect(memo.get(inst, TermTag.LoadValue, 1, 'R', 0, make)).toBe(1);
    expect(memo.get(inst, TermTag.Access, 1, 'R', 0, make)).toBe(2);
    expect(memo.get(inst, TermTag.LoadValue, 2, 'R', 0, make)).toBe(3);
    expect(memo.get(inst, TermTag.LoadValue, 1, 'S', 0, make)).toBe(4);
    expect(memo.get(inst, TermTag.LoadValue, 1, 'R', 64, make)).toBe(5);
    expect(memo.get({}, TermTag.LoadValue, 1, 'R', 0, make)).toBe(6);
    expect(built).toBe(6);
  });
});

describe('WpState.signature', () => {
  const x = leaf('sx');
  const a = B.ult(x.term, B.constant(32, 1));
  const b = B.ult(x.term, B.constant(32, 2));

  test('equal conjunct sets have equal signatures, whatever the order; content tells them apart', () => {
    const sig = (cs: ReturnType<typeof B.ult>[]): string => {
      const wp = new WpState();
      for (const c of cs) wp.add(c);
      return wp.signature();
    };
    expect(sig([a, b])).toBe(sig([a, b]));
    expect(sig([a, b])).toBe(sig([b, a]));
    expect(sig([a, b, a])).toBe(sig([a, b]));
    expect(sig([a])).not.toBe(sig([a, b]));
    expect(sig([])).toBe(new WpState().signature());
  });
});

describe('summary simplification (--pse-simplify)', () => {
  const x = leaf('mx');
  const p = B.ult(x.term, B.constant(32, 5));
  const q = B.eq(x.term, B.constant(32, 9));
  const r = B.slt(x.term, B.constant(32, 100));
  const opts = { maxSize: 200, simplify: true };

  test('two disjuncts equal but for one complementary conjunct merge into their common part', () => {
    const s = new Summary(opts, () => []);
    s.add([p, r]);
    s.add([B.notB(p), r]);
    expect(s.disjuncts).toEqual([[r]]);
  });

  test('two differences, or a difference that is not a complement, do not merge', () => {
    const s = new Summary(opts, () => []);
    s.add([p, r]);
    s.add([B.notB(p), q]);
    s.add([q, r]);
    expect(s.disjuncts).toHaveLength(3);
  });
});
