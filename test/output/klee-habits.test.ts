// KLEE's command-line habits `sympath run` accepts: single-dash long options before the program
// (`-max-time=30`, `-search dfs`), left alone after it (they are the program's), and time values with
// units (`30s`, `1min`, `2h`, `1h30min`).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, expect, test } from 'vitest';
import { kleeStyleOptions } from '../../src/cli/main.js';
import { defineRunCommand, seconds } from '../../src/cli/run-options.js';
import { ROOT } from '../engine/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-klee-habits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

test('time values with units', () => {
  expect(seconds('30')).toBe(30);
  expect(seconds('2.5')).toBe(2.5);
  expect(seconds('30s')).toBe(30);
  expect(seconds('1min')).toBe(60);
  expect(seconds('2h')).toBe(7200);
  expect(seconds('1h30min')).toBe(5400);
  expect(seconds('500ms')).toBe(0.5);
  expect(() => seconds('5x')).toThrow(/unknown time unit 'x'/);
  expect(() => seconds('-3')).toThrow(/expected a time/);
  expect(() => seconds('')).toThrow(/expected a time/);
});

test('single-dash long options become double-dash up to the program file only', () => {
  const program = new Command('sympath');
  defineRunCommand(program, () => undefined);
  const argv = ['node', 'sympath', 'run', '-max-time=30', '-search', 'dfs', '-I', 'inc', '-O2', '-bogus-option', 'p.c', '-max-time', '--sym-args', '0', '1', '2'];
  expect(kleeStyleOptions(program, argv)).toEqual([
    'node', 'sympath', 'run', '--max-time=30', '--search', 'dfs', '-I', 'inc', '-O2', '-bogus-option', 'p.c', '-max-time', '--sym-args', '0', '1', '2',
  ]);
  expect(kleeStyleOptions(program, ['node', 'sympath', 'ktest', '-json', 'a.ktest'])).toEqual(['node', 'sympath', 'ktest', '-json', 'a.ktest']);
});

test('through the CLI: -max-time=1min -search=dfs run as their double-dash forms', () => {
  const out = join(work, 'out');
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'bin', 'sympath.mjs'), 'run', '--libc', 'none', '-search=dfs', '-max-time=1min', '-output-dir', out, join(ROOT, 'test', 'fixtures', 'symbolic', 'branches.c'), '-max-time'],
    { encoding: 'utf8' },
  );
  expect(r.status, r.stderr).toBe(0);
  const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
  expect(run.search).toEqual(['dfs']);
  expect(run.programArgs).toEqual(['-max-time']);
});

test("--libc=uclibc gets a hint, not just 'invalid choice'", () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), 'run', '-libc=uclibc', join(ROOT, 'test', 'fixtures', 'symbolic', 'branches.c')], { encoding: 'utf8' });
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(/sympath has no uClibc: use --libc musl/);
});

test('-dump-states-on-halt=false: the paths alive at the halt get no tests', () => {
  const out = join(work, 'no-dump');
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'bin', 'sympath.mjs'), 'run', '--libc', 'none', '-search=bfs', '-max-instructions=60', '-dump-states-on-halt=false', '-output-dir', out, join(ROOT, 'test', 'fixtures', 'symbolic', 'branches.c')],
    { encoding: 'utf8' },
  );
  expect(r.status, r.stderr).toBe(0);
  const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
  expect(stats.paths.partial).toBeGreaterThan(0);
  expect(stats.tests).toBe(stats.paths.completed + stats.paths.errors);
  expect(readFileSync(join(out, 'messages.txt'), 'utf8')).toMatch(/live states got no test \(--dump-states-on-halt=false\)/);
});
