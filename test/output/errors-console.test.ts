// Errors on the console as they are found (KLEE's "ERROR: file:line: …" and "NOTE: now ignoring this
// error at this location"), the closing summary, and --exit-on-error / --exit-on-error-type through the
// real CLI: the run stops at the first (matching) error with exit code 5, its tests and stats.json
// written and the halt reason in info; and `sympath --version`.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { readKTest } from '../../src/engine/ktest.js';
import { statsProblems } from '../../src/engine/stats.js';
import { ROOT } from '../engine/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-errors-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Three paths: x == 1 fails an assertion (line 9), x == 2 divides by zero (line 11), the rest exit.
const PROGRAM = join(work, 'two_errors.c');
writeFileSync(
  PROGRAM,
  `#include <klee/klee.h>
#include <assert.h>
int main(void) {
  int x, d = 1;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x == 2)
    d = 0;
  if (x == 1)
    assert(0);
  if (x == 2)
    return 10 / d;
  return 0;
}
`,
);

function sympath(args: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), 'run', '--libc', 'none', '--search', 'dfs', ...args, PROGRAM], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { status: r.status, stderr: r.stderr };
}

function validOutput(dir: string): { stats: { errors: { kind: string; line: number }[]; tests: number }; halted: string } {
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.ktest'))) readKTest(join(dir, f));
  const stats = JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8'));
  expect(statsProblems(stats)).toEqual([]);
  const halted = /Halted: (.*)/.exec(readFileSync(join(dir, 'info'), 'utf8'))?.[1] ?? '';
  return { stats, halted };
}

test('each error is printed as found, once per location, and summarised at the end', () => {
  const out = join(work, 'all');
  const r = sympath(['--output-dir', out]);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).toMatch(new RegExp(`sympath: ERROR: ${PROGRAM}:9: assert: .*\\(test\\d{6}\\.ktest\\)`));
  expect(r.stderr).toMatch(new RegExp(`sympath: ERROR: ${PROGRAM}:11: div-by-zero: .*\\(test\\d{6}\\.ktest\\)`));
  expect(r.stderr.match(/NOTE: now ignoring this error at this location/g)).toHaveLength(2);
  expect(r.stderr).toContain('sympath: errors: 2 tests at 2 locations:');
  expect(validOutput(out).stats.errors.map((e) => e.kind).sort()).toEqual(['assert', 'div-by-zero']);
});

test('--exit-on-error stops at the first error: exit 5, stats.json and tests written', () => {
  const out = join(work, 'first');
  const r = sympath(['--exit-on-error', '--output-dir', out]);
  expect(r.status, r.stderr).toBe(5);
  expect(r.stderr).toContain('stopping at the first error (--exit-on-error)');
  const { stats, halted } = validOutput(out);
  expect(stats.errors).toHaveLength(1);
  expect(halted).toBe('exit-on-error');
});

test('--exit-on-error-type stops only at the kinds named (KLEE\'s names or sympath\'s kinds)', () => {
  // div-by-zero is not an Assert: the run goes past it and stops at the assertion (or ends).
  const a = sympath(['--exit-on-error-type', 'Assert', '--output-dir', join(work, 'assert')]);
  expect(a.status, a.stderr).toBe(5);
  expect(validOutput(join(work, 'assert')).stats.errors.map((e) => e.kind)).toContain('assert');
  // No error of the kind: the run ends normally.
  const p = sympath(['--exit-on-error-type', 'Ptr', '--output-dir', join(work, 'ptr')]);
  expect(p.status, p.stderr).toBe(0);
  expect(validOutput(join(work, 'ptr')).stats.errors).toHaveLength(2);
  const d = sympath(['--exit-on-error-type', 'div-by-zero', '--output-dir', join(work, 'div')]);
  expect(d.status, d.stderr).toBe(5);
  expect(validOutput(join(work, 'div')).stats.errors.map((e) => e.kind)).toContain('div-by-zero');
});

test('an unknown --exit-on-error-type is a usage error', () => {
  const r = sympath(['--exit-on-error-type', 'Bogus', '--output-dir', join(work, 'bad')]);
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(/unknown error type 'Bogus'/);
});

test('sympath --version names sympath, clang, both Z3 back ends and Node', () => {
  for (const flag of ['--version', '-V']) {
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), flag], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^sympath \d+\.\d+\.\d+$/);
    expect(lines[1]).toMatch(/^clang: .*clang version 19\./);
    expect(lines[2]).toMatch(/^z3 \(--solver native\): Z3 version \d/);
    expect(lines[3]).toMatch(/^z3-solver \(--solver wasm\): \d+\.\d+/);
    expect(lines[4]).toBe(`node: ${process.version}`);
  }
});
