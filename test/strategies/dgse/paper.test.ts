// DGSE's worked examples (Wang et al., TSE) give the paper's answers, by source line ("@N" markers):
//   - Fig. 2 from the paper's first input (2, 0, 1): exhaustive search runs the eight paths of Table 1;
//     DGSE runs the six paths and pushes the tasks of Table 3, relevant path conditions included, and
//     finds the division by zero; without interactive dependence it runs the four paths of Table 4 and
//     loses the division by zero;
//   - Fig. 4's family, N independent if/else blocks: 2^N paths for exhaustive search, N+1 for DGSE;
//   - Fig. 5: exhaustive search tries the infeasible path of Table 8 (x > 1 ∧ x ≤ 0); DGSE's tasks
//     after the first path are ⟨3ᶠ⟩ and ⟨5ᶠ⟩ (Table 9) and no task is infeasible.

import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { GenerationalSearch } from '../../../src/engine/concolic/index.js';
import { closeSolver, moduleOf, ROOT, run } from '../../engine/helpers.js';
import { dgse, intInput, markers, Notation, runWith } from './helpers.js';

afterAll(closeSolver);

const FIX = join(ROOT, 'test', 'fixtures', 'dgse');
const FIG2 = join(FIX, 'fig2.c');
/** Fig. 2 itself, with the "@N" markers; fig2.c includes it (compiled with -I of its folder). */
const FIG2_TEST = join(ROOT, 'test', 'fixtures', 'analysis', 'dgse_fig2.c');
const fig2 = () => moduleOf({ file: FIG2 }, ['-I', dirname(FIG2_TEST)]);
const FIG5 = join(FIX, 'fig5.c');
const PAPER_INPUT = intInput([2, 0, 1], ['x', 'y', 'z']);

describe('Fig. 2', () => {
  const notation = new Notation(markers(FIG2_TEST));
  const divByZero = (errors: Set<string>) => [...errors].filter((e) => e === `div-by-zero@${FIG2_TEST}:${lineOf(FIG2_TEST, '@14')}`);

  test('Table 1: exhaustive search runs all eight paths; two divide by zero', async () => {
    const driver = new GenerationalSearch(PAPER_INPUT);
    const r = await runWith(fig2(), driver);
    expect(r.paths).toEqual({ completed: 6, errors: 2, partial: 0, pruned: 0 });
    expect(divByZero(r.reached.errors)).toHaveLength(1);
    const fork = await run(fig2(), {}, {});
    expect(fork.result.paths).toEqual({ completed: 6, errors: 2, partial: 0, pruned: 0 });
  });

  test('Table 3: DGSE runs six paths with the paper\'s tasks and finds the division by zero', async () => {
    const driver = dgse(undefined, PAPER_INPUT);
    const r = await runWith(fig2(), driver);
    expect(notation.rows(driver.records)).toEqual([
      '<true> -> [2T,4T,8T] -> <2F> <2T^4F> <2T^8F>',
      '<2T^8F> -> [2T,4T,8F]',
      '<2T^4F> -> [2T,4F,8T]',
      '<2F> -> [2F,4T,8T] -> <2F^4F> <2F^8F>',
      '<2F^8F> -> [2F,4T,8F]',
      '<2F^4F> -> [2F,4F,8T]',
    ]);
    // The column transitiveD(ψd, ¬ψi): the negations DGSE decided were redundant.
    const skipped = driver.records.map((rec) => rec.skipped.map((c) => notation.decision(rec.trace!, c, true)));
    expect(skipped).toEqual([[], [], ['8F'], [], [], ['8F']]);
    expect(r.paths).toEqual({ completed: 5, errors: 1, partial: 0, pruned: 0 });
    expect(divByZero(r.reached.errors)).toHaveLength(1);
    expect(driver.stats.tasksInfeasible).toBe(0);
  });

  test('Table 4: without interactive dependence DGSE stops after four paths and loses the division by zero', async () => {
    const driver = dgse('control,data,potential', PAPER_INPUT);
    const r = await runWith(fig2(), driver);
    expect(notation.rows(driver.records)).toEqual([
      '<true> -> [2T,4T,8T] -> <2F> <4F> <8F>',
      '<8F> -> [2T,4T,8F]',
      '<4F> -> [2T,4F,8T]',
      '<2F> -> [2F,4T,8T]',
    ]);
    const skipped = driver.records.map((rec) => rec.skipped.map((c) => notation.decision(rec.trace!, c, true)));
    expect(skipped).toEqual([[], [], ['8F'], ['4F', '8F']]);
    expect(divByZero(r.reached.errors)).toHaveLength(0);
  });
});

/** The line of the first line holding `text`. */
function lineOf(file: string, text: string): number {
  for (const [line, node] of markers(file)) if (`@${node}` === text) return line;
  throw new Error(`${file}: no ${text}`);
}

describe('Fig. 4: N independent if/else blocks', () => {
  const program = (n: number): string => {
    const lines = ['#include <klee/klee.h>', 'int main(void) {'];
    for (let k = 0; k < n; k++) lines.push(`  int x${k}, a${k}; klee_make_symbolic(&x${k}, sizeof x${k}, "x${k}");`);
    for (let k = 0; k < n; k++) lines.push(`  if (x${k} > 0) a${k} = 1; else a${k} = 2;`);
    lines.push('  return 0;', '}');
    return lines.join('\n');
  };
  test.each(Array.from({ length: 12 }, (_, k) => k + 1))('N = %i: 2^N paths exhaustively, N + 1 under DGSE', async (n) => {
    const text = program(n);
    const fork = await run(moduleOf({ text }));
    expect(fork.result.paths.completed).toBe(2 ** n);
    const driver = dgse();
    const r = await runWith(moduleOf({ text }), driver);
    expect(r.paths.completed).toBe(n + 1);
    expect(driver.stats.executions).toBe(n + 1);
    expect(driver.stats.tasksInfeasible).toBe(0);
  });
});

describe('Fig. 5: an infeasible path', () => {
  const notation = new Notation(markers(FIG5));
  const X2 = intInput([2], ['x']);

  test('Table 8: exhaustive search asks for x > 1 and x <= 0', async () => {
    const driver = new GenerationalSearch(X2);
    const r = await runWith(moduleOf({ file: FIG5 }), driver);
    expect(r.paths.completed).toBe(3);
    expect(driver.stats.unsat).toBe(1);
  });

  test('Table 9: DGSE pushes <3F> and <5F> and never tries the infeasible path', async () => {
    const driver = dgse(undefined, X2);
    await runWith(moduleOf({ file: FIG5 }), driver);
    const rows = notation.rows(driver.records);
    expect(rows[0]).toBe('<true> -> [3T,5T] -> <3F> <5F>');
    expect(rows[1]).toMatch(/^<5F> -> \[3F,5F\]$/);
    expect(driver.stats.tasksInfeasible).toBe(0);
    // The paper's π3 = [3F, 5T] depends on the solver's model for ¬(x > 1): Z3 answers x = 0, which runs
    // π4's path again; DGSE then negates nothing (5ᵀ does not depend on 3ᶠ), as in the paper's row π3.
    expect(driver.records.length).toBe(3);
    expect(driver.records[2]!.skipped.length + driver.records[2]!.pushed.length).toBeLessThanOrEqual(1);
  });
});
