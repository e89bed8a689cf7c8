// `sympath run --driver peso` through the real CLI: the technique comes from the registry (its options
// in `run --help`), stats.json gets its `driver` section, OUTDIR/signature.json lists the partitions
// and `sympath signature` prints them, --check-pruning compares output partitions with PESO's own
// exhaustive baseline (exit 0 when none is lost; 3 with the lost partition named, under
// --peso-no-reorder from the paper's first input), lines PESO does not promise are reported without
// failing, --peso-exhaustive runs that baseline on its own, the marked criterion (sympath_output) partitions by a variable, and bad input is a usage error.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { encodeKTest } from '../../../src/engine/ktest.js';
import { ROOT } from '../../engine/helpers.js';

const FIG1 = join(ROOT, 'test', 'fixtures', 'concolic', 'peso_fig1.c');
const MARKED = join(ROOT, 'test', 'fixtures', 'peso', 'marked.c');
const work = mkdtempSync(join(tmpdir(), 'peso-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function sympath(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('--driver peso --output-criterion exit --check-pruning on Fig. 1: three partitions, nothing lost, signature.json', () => {
  const out = join(work, 'fig1');
  const r = sympath(['run', '--libc', 'none', '--driver', 'peso', '--output-criterion', 'exit', '--check-pruning', '--output-dir', out, FIG1]);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).toContain('check-pruning: every output partition of exhaustive exploration was found (3; exhaustive: 3 partitions over 8 paths)');
  // Line 12 (one printf) is not covered: PESO promises partitions, not lines, and says so.
  expect(r.stderr).toMatch(/line not covered \(the driver promises partitions, not lines\): .*peso_fig1\.c:1[24]/);
  const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
  expect(stats.search).toBe('driver:peso');
  expect(stats.driver).toMatchObject({ name: 'peso', outputCriterion: ['exit'], reorder: true, executedPaths: 3, partitions: 3, solverCalls: 2 });
  for (const k of ['formulaBytes', 'executionSeconds', 'slicingSeconds', 'conditionSeconds', 'reorderSeconds', 'solvingSeconds', 'staticAnalysisSeconds']) {
    expect(typeof stats.driver[k], k).toBe('number');
  }
  expect(stats.driver.formulaBytes).toBeGreaterThan(0);
  const check = JSON.parse(readFileSync(join(out, 'check-pruning.json'), 'utf8'));
  expect(check).toMatchObject({ lostErrors: [], lostPartitions: [] });
  const sig = JSON.parse(readFileSync(join(out, 'signature.json'), 'utf8'));
  expect(sig.partitions.map((p: { rsc: { lines: string[] }; output: string[] }) => [p.rsc.lines.join(' && '), p.output.join()])).toEqual([
    ['peso_fig1.c:9 F', 'exit status 2'],
    ['peso_fig1.c:5 T && peso_fig1.c:9 T', 'exit status x'],
    ['peso_fig1.c:5 F && peso_fig1.c:9 T', 'exit status y'],
  ]);
  for (const p of sig.partitions) {
    expect(p.rsc.smtlib).toMatch(/\(assert /);
    expect(p.test).toMatch(/^test\d{6}\.ktest$/);
  }
  const printed = sympath(['signature', out]);
  expect(printed.status).toBe(0);
  expect(printed.stdout).toContain('when:   peso_fig1.c:5 F && peso_fig1.c:9 T');
  expect(printed.stdout).toContain('output: exit status y');
});

test('--peso-exhaustive on Fig. 1: every path (8) executed, the same three partitions, one test each', () => {
  const out = join(work, 'fig1-exhaustive');
  const r = sympath(['run', '--libc', 'none', '--driver', 'peso', '--peso-exhaustive', '--output-criterion', 'exit', '--output-dir', out, FIG1]);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).toContain('every path explored');
  const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
  expect(stats.driver).toMatchObject({ name: 'peso', exhaustive: true, executedPaths: 8, partitions: 3, repeatedPartitions: 5 });
  expect(stats.tests).toBe(3);
  const sig = JSON.parse(readFileSync(join(out, 'signature.json'), 'utf8'));
  expect(sig.partitions.map((p: { output: string[] }) => p.output.join()).sort()).toEqual(['exit status 2', 'exit status x', 'exit status y']);
});

test('--peso-no-reorder from the paper\'s first input <6,2,2>: --check-pruning names the lost partition (exit 3)', () => {
  const first = join(work, 'paper-input.ktest');
  const int = (v: number) => {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setInt32(0, v, true);
    return b;
  };
  writeFileSync(first, encodeKTest({ args: ['fig1'], objects: [{ name: 'x', bytes: int(6) }, { name: 'y', bytes: int(2) }, { name: 'z', bytes: int(2) }] }));
  const out = join(work, 'no-reorder');
  const r = sympath(['run', '--libc', 'none', '--driver', 'peso', '--output-criterion', 'exit', '--peso-no-reorder', '--peso-first-input', first, '--check-pruning', '--output-dir', out, FIG1]);
  expect(r.status, r.stderr).toBe(3);
  const check = JSON.parse(readFileSync(join(out, 'check-pruning.json'), 'utf8'));
  expect(check.lostPartitions).toEqual(['peso_fig1.c:5 F && peso_fig1.c:9 T => exit status y']);
  expect(r.stderr).toContain('LOST partition peso_fig1.c:5 F && peso_fig1.c:9 T => exit status y');
  expect(JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8')).driver).toMatchObject({ reorder: false, partitions: 2, executedPaths: 4 });
});

test('--output-criterion marked: partitions by the variable passed to sympath_output, not by the printf', () => {
  const out = join(work, 'marked');
  const r = sympath(['run', '--libc', 'none', '--driver', 'peso', '--output-criterion', 'marked', '--output-dir', out, MARKED]);
  expect(r.status, r.stderr).toBe(0);
  const sig = JSON.parse(readFileSync(join(out, 'signature.json'), 'utf8'));
  expect(sig.partitions.map((p: { rsc: { lines: string[] }; output: string[] }) => [p.rsc.lines.join(' && '), p.output.join()])).toEqual([
    ['marked.c:9 F', 'r = b'],
    ['marked.c:9 T', 'r = a'],
  ]);
  // The default criterion sees the printf instead of r: partitions by line 11 only.
  const out2 = join(work, 'marked-default');
  expect(sympath(['run', '--libc', 'none', '--driver', 'peso', '--output-dir', out2, MARKED]).status).toBe(0);
  const sig2 = JSON.parse(readFileSync(join(out2, 'signature.json'), 'utf8'));
  expect(sig2.partitions.map((p: { rsc: { lines: string[] } }) => p.rsc.lines.join(' && ')).sort()).toEqual(['marked.c:11 F', 'marked.c:11 T']);
});

test('the registry puts peso and its options in run --help', () => {
  const r = sympath(['run', '--help']);
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('--output-criterion <spec>');
  expect(r.stdout).toContain('--peso-no-reorder');
  expect(r.stdout).toMatch(/--driver peso: path exploration by symbolic output/);
});

test.each([
  [['--output-criterion', 'stdout,bogus'], /unknown output criterion 'bogus'/],
  [['--peso-first-input', '/nonexistent/first.ktest'], /\/nonexistent\/first\.ktest: no such file/],
])('bad input %j is a usage error', (extra, message) => {
  const r = sympath(['run', '--libc', 'none', '--driver', 'peso', ...extra, '--output-dir', join(work, 'bad'), FIG1]);
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
});

test('sympath signature on a directory without signature.json is a clear error', () => {
  const r = sympath(['signature', work]);
  expect(r.status).toBe(1);
  expect(r.stderr).toContain(`${work}: no signature.json`);
});
