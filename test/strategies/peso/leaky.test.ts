// The RSCs that reach outside their own task (src/strategies/peso/leaky.ts): kept only when they miss
// a task conjunct; an input inside one is blocked by the RSC's conjuncts the task lacks.

import { expect, test } from 'vitest';
import * as B from '../../../src/expr/build.js';
import { ArrayDecl, type Expr } from '../../../src/expr/expr.js';
import type { TraceConstraint } from '../../../src/engine/trace/model.js';
import { canon } from '../../../src/strategies/peso/partition.js';
import { LeakyRscs } from '../../../src/strategies/peso/leaky.js';

const S = new ArrayDecl('s', 3);
const byte = (i: number): Expr => B.read(S, null, B.constant(32, i));
const is = (i: number, v: number): Expr => B.eq(byte(i), B.constant(8, v));
const isNot = (i: number, v: number): Expr => B.notB(is(i, v));
const rsc = (...exprs: Expr[]): TraceConstraint[] =>
  exprs.map((expr, index) => ({ index, instance: index, kind: 'branch', expr, direction: 0, outcome: '0', forked: false, negatable: true, multiway: false }));
const KEY = (c: TraceConstraint): string => `#${c.instance}`;
const input = (...bytes: number[]) => new Map([['s', Uint8Array.from(bytes)]]);

test('an RSC holding every task conjunct is not kept; one missing a conjunct is', () => {
  const l = new LeakyRscs();
  l.add([isNot(0, 0)], new Map(), rsc(isNot(0, 0), is(1, 0)), KEY);
  expect(l.size).toBe(0);
  // The musl case: the task fixed s0 ≠ '\n', the path's RSC (s1 = '\n') leaves s0's newline open.
  l.add([isNot(0, 0), isNot(0, 10), isNot(1, 0)], new Map(), rsc(isNot(0, 0), isNot(1, 0), is(1, 10)), KEY);
  expect(l.size).toBe(1);
});

test('an input inside a kept RSC is blocked by the conjuncts the task lacks; one outside is not', () => {
  const l = new LeakyRscs();
  l.add([isNot(0, 0), isNot(0, 10), isNot(1, 0)], new Map(), rsc(isNot(0, 0), isNot(1, 0), is(1, 10)), KEY);
  const sibling = [isNot(0, 0), is(0, 10), isNot(1, 0)];
  const block = l.blockFor(sibling, input(10, 10, 0));
  expect(block).not.toBeNull();
  expect(block === true ? 'covered' : canon(block!)).toBe(canon(isNot(1, 10)));
  expect(l.blockFor(sibling, input(10, 1, 0))).toBeNull();
  // A task holding every conjunct of the RSC lies inside it.
  expect(l.blockFor([...sibling, is(1, 10)], input(10, 10, 0))).toBe(true);
});
