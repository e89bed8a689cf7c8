// `sympath run --driver dgse` through the real CLI: the technique comes from the registry (its options
// in `run --help`), stats.json gets its `driver` section, --check-pruning compares it with exhaustive
// DFS (exit 0 when nothing is lost, 3 with the lost error site in check-pruning.json), and its options
// refuse bad input with a usage error naming what is wrong.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { encodeKTest } from '../../../src/engine/ktest.js';
import { ROOT } from '../../engine/helpers.js';

const FIG2 = join(ROOT, 'test', 'fixtures', 'dgse', 'fig2.c');
/** The program proper, which fig2.c includes: its line 31 is the division (node 14). */
const FIG2_TEST = join(ROOT, 'test', 'fixtures', 'analysis', 'dgse_fig2.c');
const INCLUDE = ['-I', join(ROOT, 'test', 'fixtures', 'analysis')];
const work = mkdtempSync(join(tmpdir(), 'dgse-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function sympath(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('--driver dgse --check-pruning: nothing lost, a driver section in stats.json', () => {
  const out = join(work, 'all');
  const r = sympath(['run', '--libc', 'none', ...INCLUDE, '--driver', 'dgse', '--check-pruning', '--output-dir', out, FIG2]);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).toContain('check-pruning: nothing lost');
  const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
  expect(stats.search).toBe('driver:dgse');
  expect(stats.errors.map((e: { kind: string }) => e.kind)).toEqual(['div-by-zero']);
  expect(stats.driver).toMatchObject({ name: 'dgse', dependences: ['control', 'data', 'potential', 'interactive'], tasksInfeasible: 0 });
  expect(stats.driver.executedPaths).toBe(stats.paths.completed + stats.paths.errors);
  for (const k of ['solverCalls', 'satSeconds', 'unsatSeconds', 'meanConstraintsPerQuery', 'staticAnalysisSeconds', 'dynamicDependenceSeconds', 'solvingSeconds']) {
    expect(typeof stats.driver[k], k).toBe('number');
  }
  expect(JSON.parse(readFileSync(join(out, 'check-pruning.json'), 'utf8'))).toEqual({ lostErrors: [], lostLines: [] });
});

test('without interactive dependence, from the paper\'s first input, --check-pruning reports the lost division by zero (exit 3)', () => {
  const first = join(work, 'paper-input.ktest');
  const int = (v: number) => {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setInt32(0, v, true);
    return b;
  };
  writeFileSync(first, encodeKTest({ args: ['fig2'], objects: [{ name: 'x', bytes: int(2) }, { name: 'y', bytes: int(0) }, { name: 'z', bytes: int(1) }] }));
  const out = join(work, 'no-interactive');
  const r = sympath(['run', '--libc', 'none', ...INCLUDE, '--driver', 'dgse', '--dgse-dependences', 'control,data,potential', '--dgse-first-input', first, '--check-pruning', '--output-dir', out, FIG2]);
  expect(r.status, r.stderr).toBe(3);
  const check = JSON.parse(readFileSync(join(out, 'check-pruning.json'), 'utf8'));
  expect(check.lostErrors).toEqual([`div-by-zero@${FIG2_TEST}:31`]);
  expect(r.stderr).toContain(`LOST error div-by-zero@${FIG2_TEST}:31`);
  expect(JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8')).driver.dependences).toEqual(['control', 'data', 'potential']);
});

test('the registry puts the techniques and their options in run --help', () => {
  const r = sympath(['run', '--help']);
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('--dgse-dependences <list>');
  expect(r.stdout).toContain('--pse-simplify');
  expect(r.stdout).toMatch(/--driver dgse: dependence-guided/);
  expect(r.stdout).toMatch(/--prune postcondition: postconditioned/);
});

test.each([
  [['--dgse-dependences', 'control,bogus'], /unknown dependence 'bogus'/],
  [['--dgse-first-input', '/nonexistent/first.ktest'], /\/nonexistent\/first\.ktest: no such file/],
  [['--prune', 'postcondition'], /--driver and --prune do not combine/],
])('bad input %j is a usage error', (extra, message) => {
  const r = sympath(['run', '--libc', 'none', ...INCLUDE, '--driver', 'dgse', ...extra, '--output-dir', join(work, 'bad'), FIG2]);
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
});
