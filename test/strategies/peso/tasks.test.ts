// Execute(t, n)'s tasks with the task read as a set of conjuncts (src/strategies/peso/tasks.ts), on
// hand-made sequences: the paper's tasks when the new path's sequence begins with the task's formula;
// the task's region split exactly when it does not (the musl case of issue 17); and the check that a
// task inside a relevant-slice condition found before needs no execution.

import { describe, expect, test } from 'vitest';
import * as B from '../../../src/expr/build.js';
import { ArrayDecl, type Expr } from '../../../src/expr/expr.js';
import type { TraceConstraint } from '../../../src/engine/trace/model.js';
import { canon } from '../../../src/strategies/peso/partition.js';
import { FoundRscs, tasksAfter } from '../../../src/strategies/peso/tasks.js';

const S = new ArrayDecl('s', 3);
const byte = (i: number): Expr => B.read(S, null, B.constant(32, i));
const is = (i: number, v: number): Expr => B.eq(byte(i), B.constant(8, v));
const isNot = (i: number, v: number): Expr => B.notB(is(i, v));

function seq(...exprs: Expr[]): TraceConstraint[] {
  return exprs.map((expr, index) => ({ index, instance: index, kind: 'branch', expr, direction: 0, outcome: '0', forked: false, negatable: true, multiway: false }));
}
const texts = (cs: readonly Expr[]): string[] => cs.map(canon).sort();
const conj = (constraints: Expr[], outcomes = new Map<string, string>()) => ({ constraints, outcomes });
const KEY = (c: TraceConstraint): string => `#${c.instance}`;

describe('tasksAfter', () => {
  test('the sequence begins with the task: the paper\'s tasks, positions n+1..m', () => {
    const task = [isNot(0, 0), isNot(0, 10)];
    const s = seq(isNot(0, 0), isNot(0, 10), is(1, 0));
    const out = tasksAfter(conj(task), 2, s, [], KEY);
    expect(out.map((t) => t.position)).toEqual([3]);
    expect(texts(out[0]!.constraints)).toEqual(texts([isNot(0, 0), isNot(0, 10), isNot(1, 0)]));
    expect(out[0]!.beforeN).toBe(false);
  });

  test('the musl case: position 3 ≤ n is not a task conjunct, its task keeps every task conjunct', () => {
    // Task [s0≠0, s0≠'\n', s1≠0] (n = 3); the path's sequence [s0≠0, s1≠0, s1≠'\n', s0≠'\n'].
    const task = [isNot(0, 0), isNot(0, 10), isNot(1, 0)];
    const s = seq(isNot(0, 0), isNot(1, 0), isNot(1, 10), isNot(0, 10));
    const out = tasksAfter(conj(task), 3, s, [], KEY);
    // Positions 1, 2 and 4 are the task's own conjuncts (their regions inside T are empty).
    expect(out.map((t) => t.position)).toEqual([3]);
    expect(out[0]!.beforeN).toBe(true);
    expect(texts(out[0]!.constraints)).toEqual(texts([isNot(0, 0), isNot(0, 10), isNot(1, 0), is(1, 10)]));
  });

  test('a position before all of the task has appeared: the missing conjuncts are in its task', () => {
    const task = [is(0, 7)];
    const s = seq(isNot(1, 0), is(0, 7), isNot(2, 0));
    const out = tasksAfter(conj(task), 1, s, [], KEY);
    expect(out.map((t) => t.position)).toEqual([1, 3]);
    expect(texts(out[0]!.constraints)).toEqual(texts([is(0, 7), is(1, 0)]));
    expect(texts(out[1]!.constraints)).toEqual(texts([is(0, 7), isNot(1, 0), is(2, 0)]));
  });

  test('a check the path repeats is not negated again (its region is empty)', () => {
    const s = seq(isNot(0, 0), isNot(1, 0), isNot(0, 0));
    const out = tasksAfter(conj([isNot(0, 0)]), 1, s, [], KEY);
    expect(out.map((t) => t.position)).toEqual([2]);
  });

  test('a multi-way decision: the outcomes seen stay excluded until the prefix holds the decision', () => {
    // Task: s0 is not 3 (outcome 3 of the decision #0 seen before). The path takes outcome 5 there.
    const task = conj([isNot(0, 3)], new Map([[canon(isNot(0, 3)), '#0']]));
    const s = seq(is(0, 5), isNot(1, 0)).map((c) => ({ ...c, multiway: c.index === 0 }));
    const out = tasksAfter(task, 1, s, [], KEY);
    expect(out.map((t) => t.position)).toEqual([1, 2]);
    // The continuation: neither 3 nor 5 (both tagged with the decision).
    expect(texts(out[0]!.constraints)).toEqual(texts([isNot(0, 3), isNot(0, 5)]));
    expect([...out[0]!.outcomes.values()]).toEqual(['#0', '#0']);
    // After the decision: s0 = 5 implies s0 ≠ 3, which is left out (the paper's formula).
    expect(texts(out[1]!.constraints)).toEqual(texts([is(0, 5), is(1, 0)]));
    expect(out[1]!.outcomes.size).toBe(0);
  });

  test('constraints that are not decisions stay in the prefix, never negated; assumptions in every task', () => {
    const assume = B.ult(byte(2), B.constant(8, 5));
    const s: TraceConstraint[] = [
      { index: 0, instance: 0, kind: 'concretize', expr: is(1, 3), direction: -1, outcome: '', forked: false, negatable: false, multiway: false },
      ...seq(isNot(0, 0)).map((c) => ({ ...c, index: 1 })),
    ];
    const out = tasksAfter(conj([]), 0, s, [assume], KEY);
    expect(out.map((t) => t.position)).toEqual([2]);
    expect(texts(out[0]!.constraints)).toEqual(texts([assume, is(1, 3), is(0, 0)]));
  });
});

describe('FoundRscs', () => {
  test('a task containing every conjunct of an RSC found is covered; one missing a conjunct is not', () => {
    const f = new FoundRscs();
    f.add([isNot(0, 0), isNot(1, 0), is(1, 10)]);
    expect(f.covers([isNot(0, 0), is(0, 10), isNot(1, 0), is(1, 10)])).toBe(true);
    expect(f.covers([isNot(0, 0), is(0, 10), isNot(1, 0)])).toBe(false);
    expect(f.covers([])).toBe(false);
  });

  test('an empty RSC (the output depends on no decision) covers every task', () => {
    const f = new FoundRscs();
    expect(f.covers([is(0, 1)])).toBe(false);
    f.add([]);
    expect(f.covers([is(0, 1)])).toBe(true);
  });
});
