// Replay on a prebuilt binary (`sympath replay OUTDIR --binary PATH`, src/replay/binary.ts), as KLEE users
// run klee-replay on Coreutils: test/fixtures/replay/prebuilt.c is built here with gcc --coverage, the
// way benchmarks/coreutils builds its gcov tree, and never rebuilt by the replay. Tests are hand-made in
// KLEE's POSIX layout (n_args, argNN, A-data, A-data-stat, stdin, stdin-stat, model_version) and, end
// to end, written by `sympath run --posix-runtime` on the same program's IR.

import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KTestObject } from '../../src/engine/test-case.js';
import { replayOutputDir } from '../../src/replay/index.js';
import { gcdaPaths } from '../../src/replay/binary.js';
import { fixtureDir, makeOutDir, objectBytes, removeTempDirs, root, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const SOURCE = join(fixtureDir, 'prebuilt.c');
const ARGS = ['prebuilt.bc', '--sym-args', '0', '1', '3', '--sym-files', '1', '4', '--sym-stdin', '1'];
let buildDir = '';
let binary = '';

beforeAll(async () => {
  buildDir = tempDir('sympath-prebuilt-');
  copyFileSync(SOURCE, join(buildDir, 'prebuilt.c'));
  // As a build tree: the object (and its .gcno) in the build directory, the .gcda path baked in.
  await execa('gcc', ['--coverage', '-O0', '-g', '-c', 'prebuilt.c', '-o', 'prebuilt.o'], { cwd: buildDir });
  await execa('gcc', ['--coverage', 'prebuilt.o', '-o', 'prebuilt'], { cwd: buildDir });
  binary = join(buildDir, 'prebuilt');
}, 60_000);

/** A struct stat in x86-64's 144-byte layout with st_mode set. */
function stat144(mode: number): Uint8Array {
  const b = new Uint8Array(144);
  new DataView(b.buffer).setUint32(24, mode, true);
  return b;
}

/** The objects of one test: n_args arguments, the file A and one byte of stdin. */
function posixTest(args: Uint8Array[], a: string, stdin: string): KTestObject[] {
  const enc = new TextEncoder();
  return [
    { name: 'n_args', bytes: objectBytes(`i32:${args.length}`) },
    ...args.map((bytes, i) => ({ name: `arg${String(i).padStart(2, '0')}`, bytes })),
    { name: 'A-data', bytes: enc.encode(a.padEnd(4, '\0')) },
    { name: 'A-data-stat', bytes: stat144(0o100644) },
    { name: 'stdin', bytes: enc.encode(stdin) },
    { name: 'stdin-stat', bytes: stat144(0o100644) },
    { name: 'model_version', bytes: objectBytes('i32:1') },
  ];
}

const arg = (s: string): Uint8Array => new TextEncoder().encode(`${s}\0`.padEnd(4, '\0'));

describe('replay on a prebuilt binary', () => {
  it('finds the .gcda paths gcc baked into the binary', () => {
    expect(gcdaPaths(binary)).toEqual([join(buildDir, 'prebuilt.gcda')]);
  });

  it('rebuilds argv, the file A and stdin per test, judges each run and counts coverage privately', async () => {
    const dir = makeOutDir(join(tempDir(), 'out'), [SOURCE], [
      { args: ARGS, objects: posixTest([], '', 'x') },
      { args: ARGS, objects: posixTest([arg('-y')], '', 'x') },
      { args: ARGS, objects: posixTest([arg('-x')], '!ab', 'x'), kind: 'abort' },
      { args: ARGS, objects: posixTest([arg('-x')], 'ok', 'q') },
      { args: ARGS, objects: posixTest([new Uint8Array([0xff, 0x41, 0, 0])], '', 'x') },
    ], { posixRuntime: true, sources: [] });
    const r = await replayOutputDir(dir, { binary, coverageSources: [join(buildDir, 'prebuilt.c')], html: false });
    expect(r.json.tests.map((t) => [t.exit, t.signal])).toEqual([[2, null], [3, null], [null, 'SIGABRT'], [6, null], [30, null]]);
    expect(r.json.errors).toEqual([{ kind: 'abort', test: 'test000003.ktest', reproduced: true, reason: 'the native run died of SIGABRT' }]);
    expect(r.json.divergent).toEqual([]);
    // Every line but the last `return 0` ran (a run that dies of a signal writes no counters, but the
    // line of the abort was counted by the runs that tested and passed it).
    expect(r.json.coverage.linesTotal).toBeGreaterThan(10);
    expect(r.uncovered).toEqual([{ file: join(buildDir, 'prebuilt.c'), lines: [22] }]);
    expect(r.json.notes).toContain('1 test(s) died of a signal or timed out: such a run writes no gcov counters, so its coverage is not counted');
    // The counters went to the replay's private directory, not into the build.
    expect(existsSync(join(buildDir, 'prebuilt.gcda'))).toBe(false);
    expect(existsSync(join(dir, 'replay-binary', 'gcov', buildDir, 'prebuilt.gcda'))).toBe(true);
  });

  it('keeps the counters of parallel replays of the same binary apart', async () => {
    const one = makeOutDir(join(tempDir(), 'one'), [SOURCE], [{ args: ARGS, objects: posixTest([], '', 'x') }], { posixRuntime: true, sources: [] });
    const many = makeOutDir(join(tempDir(), 'many'), [SOURCE], [
      { args: ARGS, objects: posixTest([arg('-x')], 'ok', 'q') },
      { args: ARGS, objects: posixTest([arg('-x')], 'ok', 'z') },
    ], { posixRuntime: true, sources: [] });
    const cov = [join(buildDir, 'prebuilt.c')];
    const [a, b] = await Promise.all([
      replayOutputDir(one, { binary, coverageSources: cov, html: false }),
      replayOutputDir(many, { binary, coverageSources: cov, html: false }),
    ]);
    expect(a.json.coverage.linesCovered).toBe(3); // main's opening, argc < 2, return 2
    expect(b.json.coverage.linesCovered).toBeGreaterThan(a.json.coverage.linesCovered + 5);
    // Run again: a replay starts from zero counters, it does not add to the previous one's.
    const again = await replayOutputDir(one, { binary, coverageSources: cov, html: false });
    expect(again.json.coverage).toEqual(a.json.coverage);
  });

  it('replays what `sympath run --posix-runtime` wrote for the program, through the CLI', async () => {
    const work = tempDir();
    const out = join(work, 'out');
    const bin = join(root, 'bin', 'sympath.mjs');
    const run = await execa(process.execPath, [bin, 'run', '--posix-runtime', '--max-time', '60', '--output-dir', out, SOURCE, ...ARGS.slice(1)], { cwd: work, reject: false });
    expect(run.exitCode, run.stderr).toBe(0);
    const tests = readdirSync(out).filter((f) => f.endsWith('.ktest'));
    expect(tests.length).toBeGreaterThan(3);
    const r = await execa(process.execPath, [bin, 'replay', out, '--binary', binary, '--coverage-source', join(buildDir, 'prebuilt.c'), '--json', '--no-html'], { cwd: work, reject: false });
    expect(r.exitCode, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.tests).toHaveLength(tests.length);
    expect(j.errors).toEqual([expect.objectContaining({ kind: 'abort', reproduced: true })]);
    expect(j.divergent).toEqual([]);
    // The engine found every path, so the replay covers every line of the program.
    expect(j.coverage.linesCovered).toBe(j.coverage.linesTotal);
  }, 120_000);
});
