// `sympath kill` (src/mutation/kill.ts): the exact kill matrix of classify.c's hand-checked mutants
// (test/mutation/mutate.test.ts lists them) under three hand-made tests, unique kills of two test
// directories, versions built by a --binary-build command (argc.c, POSIX-model tests), and bad input (an empty mutant set, tests of another program, no mutants.json), with
// no kill.json written when the analysis fails.
//
// The tests: x = 5, 10, 20. The original prints classify(x) (1, 2, 2) and exits with spin(x & 3)
// (1, 2, 0). Kills, by hand: see MATRIX.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killMutants, type KillRun } from '../../src/mutation/kill.js';
import { mutateFile } from '../../src/mutation/mutate.js';
import { row } from './helpers.js';
import { fixtureDir as replayFixtures, makeOutDir, objectBytes, removeTempDirs, root, tempDir } from '../replay/helpers.js';

afterAll(removeTempDirs);

const fixture = join(root, 'test', 'fixtures', 'mutation', 'classify.c');
const x = (v: number) => ({ objects: [{ name: 'x', bytes: objectBytes(`i32:${v}`) }] });

/** Per mutant, what each of the tests x=5, x=10, x=20 shows: o = stdout, e = exit status, s = signal,
 *  t = time-out differ from the original's; '-' = the same run. */
const MATRIX: Record<string, string> = {
  m0001: 'ooo', // !(x < 10): 2 1 1
  m0002: '--o', // x != 10: 1 2 1
  m0003: '-o-', // x <= 10: 1 1 2
  m0004: 'oo-', // x == 10: 2 1 2
  m0005: 'o-o', // x > 10: 2 2 1
  m0006: 'ooo', // x >= 10: 2 1 1
  m0007: 'o--', // x < 0
  m0008: 'o--', // x < 1
  m0009: '-o-', // x < 11
  m0010: '---', // x < 9: survives
  m0011: 'o--', // return 0 for small x
  m0012: 'o--', // return 2 for small x
  m0013: '-oo', // return 0 for large x
  m0014: '-oo',
  m0015: '-oo',
  m0016: 'eee', // i = -1 (ULLONG_MAX): the loop never runs, exit 255
  m0017: '--e', // i = 1: spin(0) returns 1
  m0018: 'eet', // !(i < n): 0 for n > 0; loops for n = 0
  m0019: '---', // i != n: same as i < n for n >= 0: survives
  m0020: 'eee', // i <= n: n + 1
  m0021: 'eee', // i == n: 0 0 1
  m0022: 'ee-', // i > n: 0
  m0023: 'eet', // i >= n: 0 for n > 0; loops for n = 0
  m0024: 'tt-', // i++ deleted: loops for n > 0
};
const BY: Record<string, string> = { o: 'stdout', e: 'exit', s: 'signal', t: 'timeout' };

const TESTS = ['test000001.ktest', 'test000002.ktest', 'test000003.ktest'];

let mutants: string;

beforeAll(async () => {
  mutants = join(tempDir('sympath-kill-test-'), 'mutants');
  await mutateFile(fixture, { outDir: mutants, functions: ['classify', 'spin'] });
}, 120_000);

function killedBy(run: KillRun, id: string): { test: string; by: string }[] {
  return run.mutants.find((m) => m.id === id)!.killedBy;
}

describe('sympath kill', () => {
  it('gives the exact kill matrix and kill rates of classify.c', async () => {
    const out = makeOutDir(join(tempDir('sympath-kill-test-'), 'out'), [fixture], [x(5), x(10), x(20)]);
    const report = await killMutants([out], { mutantsDir: mutants, timeoutSeconds: 2 });
    const run = report.runs[0]!;
    expect(run.tests).toEqual(TESTS);
    expect(run.unstable).toEqual([]);
    expect(run.originalTimedOut).toEqual([]);
    const got: Record<string, string> = {};
    for (const m of run.mutants) {
      got[m.id] = row(m.killedBy, TESTS);
      expect(m.status).toBe(m.killedBy.length > 0 ? 'killed' : 'survived');
    }
    expect(got).toEqual(MATRIX);
    for (const [id, cells] of Object.entries(MATRIX)) {
      expect(killedBy(run, id)).toEqual([...cells].flatMap((c, i) => (c === '-' ? [] : [{ test: TESTS[i]!, by: BY[c]! }])));
    }
    expect(run.total).toEqual({ mutants: 24, equivalent: 0, buildFailed: 0, killed: 22, killRate: 22 / 24 });
    expect(run.byOperator).toEqual({
      RO: { mutants: 10, equivalent: 0, buildFailed: 0, killed: 9, killRate: 0.9 },
      CR: { mutants: 11, equivalent: 0, buildFailed: 0, killed: 10, killRate: 10 / 11 },
      NEG: { mutants: 2, equivalent: 0, buildFailed: 0, killed: 2, killRate: 1 },
      DL: { mutants: 1, equivalent: 0, buildFailed: 0, killed: 1, killRate: 1 },
    });
    const written = JSON.parse(readFileSync(join(out, 'kill.json'), 'utf8'));
    expect(written).toEqual(JSON.parse(JSON.stringify(run)));
  }, 180_000);

  it('compares two test directories: unique kills', async () => {
    const base = tempDir('sympath-kill-test-');
    const a = makeOutDir(join(base, 'a'), [fixture], [x(5)]);
    const b = makeOutDir(join(base, 'b'), [fixture], [x(20)]);
    const report = await killMutants([a, b], { mutantsDir: mutants, timeoutSeconds: 2 });
    const col = (k: number) => Object.entries(MATRIX).filter(([, cells]) => cells[k] !== '-').map(([id]) => id);
    expect(report.runs[0]!.mutants.filter((m) => m.status === 'killed').map((m) => m.id)).toEqual(col(0));
    expect(report.runs[1]!.mutants.filter((m) => m.status === 'killed').map((m) => m.id)).toEqual(col(2));
    expect(report.unique).toEqual({
      first: ['m0004', 'm0007', 'm0008', 'm0011', 'm0012', 'm0022', 'm0024'],
      second: ['m0002', 'm0013', 'm0014', 'm0015', 'm0017'],
    });
    expect(existsSync(join(a, 'kill.json')) && existsSync(join(b, 'kill.json'))).toBe(true);
  }, 180_000);

  it('does not count or build equivalent mutants', async () => {
    const dir = tempDir('sympath-kill-test-');
    const file = join(dir, 'eq.c');
    writeFileSync(file, '#include <stdio.h>\n#include <klee/klee.h>\nint main(void) {\n  int v;\n  klee_make_symbolic(&v, sizeof v, "v");\n  if (2 > 1)\n    printf("%d\\n", v > 0);\n  return 0;\n}\n');
    await mutateFile(file, { outDir: join(dir, 'm'), operators: ['RO'], lines: { from: 6, to: 6 } });
    const out = makeOutDir(join(dir, 'out'), [file], [{ objects: [{ name: 'v', bytes: objectBytes('i32:3') }] }]);
    const run = (await killMutants([out], { mutantsDir: join(dir, 'm'), timeoutSeconds: 2 })).runs[0]!;
    expect(run.mutants.map((m) => [m.replacement, m.status])).toEqual([
      ['!=', 'equivalent'],
      ['<', 'killed'],
      ['<=', 'killed'],
      ['==', 'killed'],
      ['>=', 'equivalent'],
    ]);
    expect(run.total.killRate).toBe(1);
  }, 120_000);

  it('rejects bad input naming the file, and writes no kill.json', async () => {
    const base = tempDir('sympath-kill-test-');
    const out = makeOutDir(join(base, 'out'), [fixture], [x(5)]);
    const empty = join(base, 'empty');
    mkdirSync(empty);
    await expect(killMutants([out], { mutantsDir: empty })).rejects.toThrow(/empty[/]mutants\.json: no such file/);
    writeFileSync(join(empty, 'mutants.json'), JSON.stringify({ version: 1, source: fixture, includes: [], defines: [], mutants: [] }));
    await expect(killMutants([out], { mutantsDir: empty })).rejects.toThrow(/empty[/]mutants\.json: the mutant set is empty/);
    const other = makeOutDir(join(base, 'other'), [join(replayFixtures, 'abort.c')], [x(5)]);
    await expect(killMutants([other], { mutantsDir: mutants })).rejects.toThrow(/other are of a program built from .*abort\.c .*not of .*classify\.c/);
    const none = makeOutDir(join(base, 'none'), [fixture], []);
    await expect(killMutants([none], { mutantsDir: mutants })).rejects.toThrow(/none holds no tests/);
    for (const d of [out, other, none]) expect(existsSync(join(d, 'kill.json'))).toBe(false);
  });

  it('builds versions with --binary-build and runs POSIX-model tests on them (argc.c)', async () => {
    const base = tempDir('sympath-kill-test-');
    const source = join(root, 'test', 'fixtures', 'mutation', 'argc.c');
    const set = await mutateFile(source, { outDir: join(base, 'm'), operators: ['RO'] });
    expect(set.mutants.map((m) => `${m.line}${m.replacement}`)).toEqual(['8!=', '8<=', '8==', '8>', '8>=', '11!=', '11<', '11<=', '11==', '11>=']);
    // Tests as `sympath run --posix-runtime` writes them: no argument, "ab", "ab c".
    const arg = (a: string): Uint8Array => new TextEncoder().encode(`${a}\0`.padEnd(4, '\0'));
    const posix = (args: string[]) => ({
      args: ['argc.bc', '--sym-args', '0', '2', '3'],
      objects: [
        { name: 'n_args', bytes: objectBytes(`i32:${args.length}`) },
        ...args.map((a, i) => ({ name: `arg${String(i).padStart(2, '0')}`, bytes: arg(a) })),
        { name: 'model_version', bytes: objectBytes('i32:1') },
      ],
    });
    const run = { programFiles: [join(base, 'argc.bc')], sources: [], posixRuntime: true };
    const out = makeOutDir(join(base, 'out'), [source], [posix([]), posix(['ab']), posix(['ab', 'c'])], run);
    // The original exits 1; prints 2 and exits 0; prints 2 and exits 1. m0003-m0005 dereference argv[1]
    // when there is none (SIGSEGV); the build of m0010 is made to fail.
    const cmd = '[ "$SYMPATH_MUTANT" != m0010 ] && gcc -O0 -w "$SYMPATH_SOURCE" -o "$SYMPATH_OUT"';
    const report = await killMutants([out], { mutantsDir: join(base, 'm'), binaryBuild: cmd, timeoutSeconds: 2 });
    const r = report.runs[0]!;
    const got = Object.fromEntries(r.mutants.map((m) => [m.id, m.status === 'killed' ? row(m.killedBy, TESTS) : m.status]));
    expect(got).toEqual({
      m0001: '--o', // argc != 2: no output for two arguments
      m0002: '-e-', // argc <= 2: exits 1 for one argument
      m0003: 'se-', // argc == 2: strlen(NULL) without arguments
      m0004: 's-o', // argc > 2
      m0005: 'seo', // argc >= 2
      m0006: 'survived', // argc != 2 at the end: the same for argc 2 and 3
      m0007: '--e',
      m0008: '-ee',
      m0009: '-ee',
      m0010: 'build-failed',
    });
    expect(r.total).toEqual({ mutants: 10, equivalent: 0, buildFailed: 1, killed: 8, killRate: 8 / 9 });
    await expect(killMutants([out], { mutantsDir: join(base, 'm'), binaryBuild: 'exit 3' })).rejects.toThrow(/failed for original[^]*the original program does not build/);
    const other = makeOutDir(join(base, 'other'), [source], [posix([])], { ...run, programFiles: [join(base, 'echo.bc')] });
    await expect(killMutants([other], { mutantsDir: join(base, 'm'), binaryBuild: cmd })).rejects.toThrow(/other are of .*echo\.bc .*not of .*argc\.c/);
  }, 120_000);

  it('runs as a CLI command: the per-operator table, and exit 1 for tests of another program', async () => {
    const base = tempDir('sympath-kill-test-');
    const out = makeOutDir(join(base, 'out'), [fixture], [x(5), x(20)]);
    const bin = join(root, 'bin', 'sympath.mjs');
    const sub = join(base, 'sub');
    await mutateFile(fixture, { outDir: sub, functions: ['classify'], operators: ['RO'] });
    const r = await execa(process.execPath, [bin, 'kill', out, '--mutants', sub, '--timeout', '2'], { reject: false });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^RO\s+5\s+4\s+80\.00%$/m);
    expect(r.stdout).toMatch(/^all\s+5\s+4\s+80\.00%$/m);
    expect(r.stdout).toMatch(/m0002 RO line 8:9 "<" -> "<="/);
    const other = makeOutDir(join(base, 'other'), [join(replayFixtures, 'abort.c')], [x(5)]);
    const bad = await execa(process.execPath, [bin, 'kill', other, '--mutants', sub], { reject: false });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/abort\.c/);
  }, 120_000);
});
