// DiSE through the real CLI on the paper's WBS example (test/fixtures/dise/wbs_*.c: update() of the
// paper's Fig. 3 with a driver) and on an unchanged program: the impact set in the paper's nodes, the
// affected path conditions against full exploration (--no-dise), what stats.json and affected.json
// say, regression test selection (--base-tests), and the usage errors of --base.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { affected, FIXTURES, ktests, nodeNames, stats, sympath } from './helpers.js';

const OLD = join(FIXTURES, 'wbs_old.c');
const NEW = join(FIXTURES, 'wbs_new.c');
const GRADE = join(FIXTURES, 'grade.c');
const work = mkdtempSync(join(tmpdir(), 'dise-paper-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const seqKey = (s: readonly number[]): string => s.join(',');

async function run(name: string, args: string[]): Promise<string> {
  const out = join(work, name);
  const r = await sympath(['run', '--libc', 'none', '--output-dir', out, ...args]);
  expect(r.status, r.stderr).toBe(0);
  return out;
}

describe('the WBS example (TOSEM 2014, §3.2, Fig. 3-6, Table I)', () => {
  let full: string;
  let dise: string;
  beforeAll(async () => {
    full = await run('wbs-full', ['--base', OLD, '--no-dise', NEW]);
    dise = await run('wbs-dise', ['--base', OLD, NEW]);
  }, 120_000);

  test("the impact set is the paper's n0-n5, n10-n14 (interprocedural and intraprocedural alike)", async () => {
    const want = /expect impact: (.*)/.exec(readFileSync(NEW, 'utf8'))![1]!.trim().split(/\s+/);
    const names = nodeNames(NEW);
    const named = (out: string): string[] => [...new Set(affected(out).impactSet.map((n) => names.get(n.newLine ?? -1)).filter((n): n is string => n !== undefined))].sort();
    expect(named(dise)).toEqual([...want].sort());
    expect(affected(dise).impactAnalysis).toBe('interprocedural');
    const intra = await run('wbs-intra', ['--base', OLD, '--dise-intraprocedural', NEW]);
    expect(affected(intra).impactAnalysis).toBe('intraprocedural');
    expect(named(intra)).toEqual([...want].sort());
  }, 120_000);

  test('full exploration: 21 paths, 7 distinct sequences of impacted nodes (the BSwitch branches are not impacted)', async () => {
    const a = affected(full);
    expect(a.mode).toBe('record');
    expect(a.paths).toBe(21);
    expect(stats(full).paths).toEqual({ completed: 21, errors: 0, partial: 0, pruned: 0 });
    expect(stats(full).prune).toEqual([]);
    expect(new Set(a.affected.map((p) => seqKey(p.sequence))).size).toBe(7);
  }, 120_000);

  test('DiSE: the same 7 impacted sequences, BSwitch siblings pruned', async () => {
    const a = affected(dise);
    const f = affected(full);
    expect(new Set(a.affected.map((p) => seqKey(p.sequence)))).toEqual(new Set(f.affected.map((p) => seqKey(p.sequence))));
    // 9 paths, not 7: after n3 (PedalCmd = 2) the statically reachable n12..n14 are infeasible but
    // unexplored (prune() put them back in play when n3 was reached), so the BSwitch siblings on that
    // branch are kept — Fig. 7 exactly (README.md, "What the paper's algorithm keeps").
    expect(a.affectedPathConditions).toBe(9);
    const s = stats(dise);
    expect(s.search).toBe('dfs');
    expect(s.prune).toEqual(['dise']);
    expect(s.paths).toEqual({ completed: 9, errors: 0, partial: 0, pruned: 4 });
    expect(s.pruning?.dise).toMatchObject({ mode: 'prune', paths: 9, affectedPathConditions: 9, prunedSiblings: 4, states: 13, changedInstructions: 3 });
    expect(typeof s.pruning?.dise?.impactSeconds).toBe('number');
    for (const p of a.affected) {
      expect(p.test).toMatch(/^test\d{6}\.ktest$/);
      expect(existsSync(join(dise, p.test!))).toBe(true);
      expect(p.pathCondition.length).toBeGreaterThan(0);
      // n0 (line 7) is changed: a new line without an old one; the other lines map one to one.
      expect(p.newLines).toContain(7);
      expect(p.oldLines).not.toContain(7);
      expect(p.oldLines.length).toBe(p.newLines.length - 1);
    }
  }, 120_000);

  test('--base-tests: the old tests replayed on the new version; every one reaches n0, so all are selected', async () => {
    const oldOut = await run('wbs-old', ['--search', 'dfs', OLD]);
    const out = await run('wbs-select', ['--base', OLD, '--base-tests', oldOut, NEW]);
    const sel = JSON.parse(readFileSync(join(out, 'test-selection.json'), 'utf8'));
    expect(sel.selected.length).toBe(ktests(oldOut).length);
    expect(sel.notSelected).toEqual([]);
    const a = affected(out);
    // New tests are exactly the affected path conditions whose impacted nodes no selected test covers
    // by the same sequence; each names a test of this run.
    for (const t of sel.newTests) expect(a.affected.some((p) => p.test === t.test)).toBe(true);
    expect(sel.newTests.length).toBeLessThanOrEqual(a.affectedPathConditions);
  }, 120_000);
});

describe('an unchanged program', () => {
  test('no impacted node, no affected path condition, nothing explored beyond the first path', async () => {
    const out = await run('same', ['--base', GRADE, GRADE]);
    const a = affected(out);
    expect(a.impactSet).toEqual([]);
    expect(a.affectedPathConditions).toBe(0);
    const s = stats(out);
    expect(s.paths.completed + s.paths.errors + s.paths.partial).toBe(1);
    expect(s.pruning?.dise).toMatchObject({ paths: 1, affectedPathConditions: 0 });
    expect(s.paths.pruned).toBe(s.pruning?.dise?.prunedSiblings);
    expect(s.paths.pruned).toBeGreaterThan(0);
  }, 120_000);

  test('--base-tests: no old test is selected', async () => {
    const oldOut = await run('grade-old', ['--search', 'dfs', GRADE]);
    const out = await run('same-select', ['--base', GRADE, '--base-tests', oldOut, GRADE]);
    const sel = JSON.parse(readFileSync(join(out, 'test-selection.json'), 'utf8'));
    expect(sel.selected).toEqual([]);
    expect(sel.notSelected.length).toBe(24);
    expect(sel.newTests).toEqual([]);
  }, 120_000);
});

describe('usage errors of --base', () => {
  test('a missing OLD or mutant set, another searcher: exit 1, one line naming the problem, no output directory', async () => {
    const cases: [string[], RegExp][] = [
      [['--base', join(work, 'nope.c'), GRADE], /nope\.c: no such file/],
      [['--base', OLD, '--search', 'bfs', NEW], /--base \(dise\) explores with --search dfs; --search bfs was given/],
      [['--base', `${work}#m0001`, GRADE], /mutants\.json: no such file/],
    ];
    for (const [k, [args, msg]] of cases.entries()) {
      const out = join(work, `bad${k}`);
      const r = await sympath(['run', '--libc', 'none', '--output-dir', out, ...args]);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toMatch(msg);
      expect(existsSync(out)).toBe(false);
    }
  }, 120_000);
});
