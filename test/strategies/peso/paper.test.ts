// PESO on the paper's Fig. 1 (test/fixtures/concolic/peso_fig1.c: foo on the paper's own line numbers,
// line 5 = b1, 9 = b2, 11 = b3), from the paper's first input <6,2,2>, with the output criterion the
// paper's: `out`, which foo returns and main returns as the exit status (`--output-criterion exit`).
// Rows are compared by source line: each path's decisions in foo, its relevant-slice condition (RSC)
// in path order and as reordered, and the "from" column (row.position negated). The solver picks
// other inputs than the paper's, so inputs are checked by what they must satisfy, and each RSC by its
// meaning (evaluated on sample points), as Table III gives it.

import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { collectArrays, evaluate } from '../../../src/expr/evaluate.js';
import type { ArrayDecl, Expr } from '../../../src/expr/expr.js';
import type { PesoDriver, PesoRecord } from '../../../src/strategies/peso/driver.js';
import { closeSolver, moduleOf, ROOT } from '../../engine/helpers.js';
import { decision, int32, path, peso, runWith } from './helpers.js';

afterAll(closeSolver);

const FIG1 = join(ROOT, 'test', 'fixtures', 'concolic', 'peso_fig1.c');
const int = (v: number): Uint8Array => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt32(0, v, true);
  return b;
};
const FIRST = { objects: [6, 2, 2].map((v, k) => ({ name: 'xyz'[k]!, bytes: int(v) })) };

async function explore(mode: 'reorder' | 'no-reorder' | 'paths', criterion = 'exit'): Promise<PesoDriver> {
  const d = peso(mode, criterion, FIRST);
  await runWith(moduleOf({ file: FIG1 }), d);
  return d;
}

interface Row {
  from: string;
  path: string[];
  rsc: string[];
  reordered: string[];
}
const row = (r: PesoRecord): Row => ({
  from: r.from,
  path: path(r.trace, 'foo'),
  rsc: r.partition.rsc.map((c) => decision(r.trace, c)),
  reordered: r.sequence.map((c) => decision(r.trace, c)),
});
const input = (r: PesoRecord): [number, number, number] => [int32(r.assignment.get('x')), int32(r.assignment.get('y')), int32(r.assignment.get('z'))];

/** Whether a conjunction of constraints holds at x, y (evaluated). */
function holds(cs: readonly Expr[], x: number, y: number): boolean {
  const arrays = new Map<ArrayDecl, Uint8Array>();
  for (const c of cs) for (const a of collectArrays(c)) arrays.set(a, a.name === 'x' ? int(x) : a.name === 'y' ? int(y) : int(0));
  return cs.every((c) => evaluate(c, arrays) === 1n);
}
const SAMPLES: [number, number][] = [[6, 5], [6, 2], [5, 6], [2, 6], [0, 0], [11, 0], [-3, 20], [20, -3], [7, 4], [4, 7], [100, 100], [-5, -6]];
const b1 = (x: number, y: number): boolean => ((x - y) | 0) > 0;
const b2 = (x: number, y: number): boolean => ((x + y) | 0) > 10;

describe('PESO Fig. 1', () => {
  test('Table II: reordered RSCs, three rows, three partitions (out == 2, x, y)', async () => {
    const d = await explore('reorder');
    expect(d.records.map(row)).toEqual([
      { from: '', path: ['5T', '9F', '11T'], rsc: ['9F'], reordered: ['9F'] },
      { from: '1.1', path: ['5T', '9T', '11T'], rsc: ['5T', '9T'], reordered: ['9T', '5T'] },
      { from: '2.2', path: ['5F', '9T', '11T'], rsc: ['5F', '9T'], reordered: ['9T', '5F'] },
    ]);
    const [r1, r2, r3] = d.records;
    expect(input(r1!)).toEqual([6, 2, 2]);
    // z is in no task: it keeps the first input's value, as in the paper's table.
    for (const r of d.records) expect(input(r)[2]).toBe(2);
    const meaning: ((x: number, y: number) => boolean)[] = [(x, y) => !b2(x, y), (x, y) => b1(x, y) && b2(x, y), (x, y) => !b1(x, y) && b2(x, y)];
    d.records.forEach((r, k) => {
      for (const [x, y] of SAMPLES) expect(holds(r.partition.rsc.map((c) => c.expr), x, y), `row ${k + 1} at <${x},${y}>`).toBe(meaning[k]!(x, y));
    });
    // The symbolic outputs: the constant 2, then x, then y.
    expect(r1!.partition.output).toEqual(['exit status 2']);
    expect(r2!.partition.output).toEqual(['exit status x']);
    expect(r3!.partition.output).toEqual(['exit status y']);
    expect(d.partitions.size).toBe(3);
    expect(d.stats).toMatchObject({ executions: 3, partitions: 3, solverCalls: 2, tasksInfeasible: 0 });
  });

  test('Table I: without reordering a partition is missed (¬(x-y>0) ∧ x+y>10, out == y) and ¬(x+y>10) is explored three times', async () => {
    const d = await explore('no-reorder');
    expect(d.records.map((r) => ({ ...row(r), reordered: undefined }))).toEqual([
      { from: '', path: ['5T', '9F', '11T'], rsc: ['9F'], reordered: undefined },
      { from: '1.1', path: ['5T', '9T', '11T'], rsc: ['5T', '9T'], reordered: undefined },
      { from: '2.2', path: ['5T', '9F', '11T'], rsc: ['9F'], reordered: undefined },
      { from: '2.1', path: ['5F', '9F', '11T'], rsc: ['9F'], reordered: undefined },
    ]);
    expect(d.partitions.size).toBe(2);
    for (const r of d.records) expect(holds(r.partition.rsc.map((c) => c.expr), 5, 6)).toBe(false);
  });

  test('Table III: input <6,5,2>: relevant-slice condition x-y>0 ∧ x+y>10 (lines 5 and 9), out == x', async () => {
    const d = peso('reorder', 'exit', { objects: [6, 5, 2].map((v, k) => ({ name: 'xyz'[k]!, bytes: int(v) })) });
    await runWith(moduleOf({ file: FIG1 }), d);
    const first = d.records[0]!;
    expect(input(first)).toEqual([6, 5, 2]);
    expect(row(first)).toEqual({ from: '', path: ['5T', '9T', '11T'], rsc: ['5T', '9T'], reordered: ['9T', '5T'] });
    for (const [x, y] of SAMPLES) expect(holds(first.partition.rsc.map((c) => c.expr), x, y), `<${x},${y}>`).toBe(b1(x, y) && b2(x, y));
    expect(d.partitions.get(first.partition.key)!.rscLines).toEqual(['peso_fig1.c:5 T', 'peso_fig1.c:9 T']);
    expect(first.partition.output).toEqual(['exit status x']);
    expect(d.partitions.size).toBe(3);
  });

  test('exhaustive exploration: eight paths, the same three partitions', async () => {
    const all = await explore('paths');
    expect(all.stats.executions).toBe(8);
    const reordered = await explore('reorder');
    expect([...all.partitions.values()].map((p) => p.rscLines.join(' ')).sort()).toEqual(
      [...reordered.partitions.values()].map((p) => p.rscLines.join(' ')).sort(),
    );
    expect([...all.partitions.values()].map((p) => p.rscLines.join(' ')).sort()).toEqual(['peso_fig1.c:5 F peso_fig1.c:9 T', 'peso_fig1.c:5 T peso_fig1.c:9 T', 'peso_fig1.c:9 F']);
  });

  test('the default criterion (stdout and exit status) also observes the printf of b3: six partitions', async () => {
    const d = await explore('reorder', 'stdout,exit');
    expect(d.partitions.size).toBe(6);
    for (const r of d.records) expect(row(r).rsc.some((c) => c.startsWith('11'))).toBe(true);
    const outputs = [...d.partitions.values()].map((p) => p.output[0]);
    expect(new Set(outputs)).toEqual(new Set(['stdout "square(z) > 3\\n"', 'stdout "square(z) <= 3\\n"']));
  });
});
