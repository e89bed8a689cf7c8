// `sympath replay` through the built CLI: the Replay JSON's shape (DESIGN.md, plus reason/divergent/
// notes), the text summary, KLEE interop (a klee-out directory with a .ktest written byte by byte in
// KLEE's layout and KLEE's .err suffixes, replayed with --source), user errors as one line, and end to
// end: `sympath run` on a planted abort, then `sympath replay` reproducing it on both arches.

import { writeFileSync, mkdirSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureDir, makeOutDir, objectBytes, root, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const bin = join(root, 'bin', 'sympath.mjs');

async function sympath(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = await execa(process.execPath, [bin, ...args], { cwd, reject: false });
  return { code: r.exitCode ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** A .ktest as KLEE 3.x writes it (lib/Basic/KTest.cpp), assembled here without src/engine/ktest.ts. */
function kleeKTest(args: string[], objects: [string, Uint8Array][]): Buffer {
  const parts: Buffer[] = [Buffer.from('KTEST'), u32(3), u32(args.length)];
  for (const a of args) parts.push(u32(Buffer.byteLength(a)), Buffer.from(a));
  parts.push(u32(0), u32(0), u32(objects.length));
  for (const [name, bytes] of objects) parts.push(u32(name.length), Buffer.from(name), u32(bytes.length), Buffer.from(bytes));
  return Buffer.concat(parts);
}

describe('sympath replay (CLI)', () => {
  it('prints the Replay JSON of DESIGN.md', async () => {
    const dir = makeOutDir(join(tempDir(), 'out'), [join(fixtureDir, 'abort.c')], [
      { objects: [{ name: 'x', bytes: objectBytes('i32:5') }] },
      { objects: [{ name: 'x', bytes: objectBytes('i32:1234') }], kind: 'abort' },
    ]);
    const r = await sympath(['replay', dir, '--json', '--no-html'], dir);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.arch).toBe('x86_64');
    expect(j.tests).toEqual([
      { test: 'test000001.ktest', exit: 1, signal: null, timedOut: false },
      { test: 'test000002.ktest', exit: null, signal: 'SIGABRT', timedOut: false },
    ]);
    expect(j.errors).toEqual([{ kind: 'abort', test: 'test000002.ktest', reproduced: true, reason: 'the native run died of SIGABRT' }]);
    expect(Object.keys(j.coverage).sort()).toEqual(['branchesCovered', 'branchesTotal', 'linesCovered', 'linesTotal']);
    expect(Object.values(j.coverage).every((v) => typeof v === 'number')).toBe(true);
    expect(j.divergent).toEqual([]);
  });

  it('--fail-on-unreproduced: exit 6 when an error test does not reproduce, 0 when every one does', async () => {
    const bad = makeOutDir(join(tempDir(), 'out'), [join(fixtureDir, 'abort.c')], [
      { objects: [{ name: 'x', bytes: objectBytes('i32:1234') }], kind: 'abort' },
      // Said to abort, but x = 5 exits natively: not reproduced.
      { objects: [{ name: 'x', bytes: objectBytes('i32:5') }], kind: 'abort' },
    ]);
    const r = await sympath(['replay', bad, '--no-html', '--fail-on-unreproduced'], bad);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/--fail-on-unreproduced: 1 error test\(s\) not reproduced, 0 test\(s\) diverged/);
    const plain = await sympath(['replay', bad, '--no-html'], bad);
    expect(plain.code).toBe(0);
    const good = makeOutDir(join(tempDir(), 'out'), [join(fixtureDir, 'abort.c')], [
      { objects: [{ name: 'x', bytes: objectBytes('i32:1234') }], kind: 'abort' },
      { objects: [{ name: 'x', bytes: objectBytes('i32:5') }] },
    ]);
    expect((await sympath(['replay', good, '--no-html', '--fail-on-unreproduced'], good)).code).toBe(0);
  });

  it('replays one test (OUTDIR/testNNNNNN.ktest) into a folder of its own; sanitized reports sit beside the plain ones', async () => {
    const dir = makeOutDir(join(tempDir(), 'out'), [join(fixtureDir, 'abort.c')], [
      { objects: [{ name: 'x', bytes: objectBytes('i32:5') }] },
      { objects: [{ name: 'x', bytes: objectBytes('i32:1234') }], kind: 'abort' },
    ]);
    const one = await sympath(['replay', join(dir, 'test000002.ktest'), '--json', '--no-html'], dir);
    expect(one.code, one.stderr).toBe(0);
    const j = JSON.parse(one.stdout);
    expect(j.tests).toEqual([{ test: 'test000002.ktest', exit: null, signal: 'SIGABRT', timedOut: false }]);
    expect(j.errors).toEqual([{ kind: 'abort', test: 'test000002.ktest', reproduced: true, reason: 'the native run died of SIGABRT' }]);
    expect(existsSync(join(dir, 'replay-x86_64', 'tests', 'test000002', 'replay.json'))).toBe(true);
    expect(existsSync(join(dir, 'replay-x86_64', 'replay.json'))).toBe(false); // the suite's report is not touched
    expect(existsSync(join(dir, 'coverage.json'))).toBe(false);
    const missing = await sympath(['replay', join(dir, 'test000009.ktest')], dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no such/);

    expect((await sympath(['replay', dir, '--no-html'], dir)).code).toBe(0);
    expect((await sympath(['replay', dir, '--no-html', '--sanitize'], dir)).code).toBe(0);
    const plain = JSON.parse(readFileSync(join(dir, 'replay-x86_64', 'replay.json'), 'utf8'));
    const sanitized = JSON.parse(readFileSync(join(dir, 'replay-x86_64-sanitize', 'replay.json'), 'utf8'));
    expect([plain.sanitize, sanitized.sanitize]).toEqual([false, true]);
    expect(existsSync(join(dir, 'replay-x86_64', 'coverage.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'coverage.json'), 'utf8')).sanitize).toBe(true); // OUTDIR's: the latest
  }, 180_000);

  it('prints a text summary with outcomes, coverage and uncovered lines', async () => {
    const dir = makeOutDir(join(tempDir(), 'out'), [join(fixtureDir, 'abort.c')], [
      { objects: [{ name: 'x', bytes: objectBytes('i32:1234') }], kind: 'abort' },
    ]);
    const r = await sympath(['replay', dir, '--arch', 'aarch64'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^sympath replay: 1 test of \. on aarch64 \(aarch64-linux-gnu-gcc, run under qemu-aarch64/);
    expect(r.stdout).toMatch(/test000001\.ktest {2}SIGABRT {2}abort: reproduced/);
    expect(r.stdout).toMatch(/errors: 1 of 1 reproduced natively/);
    expect(r.stdout).toMatch(/coverage \(gcov, .*abort\.c\): lines \d+\/\d+ \(\d+\.\d%\), branches \d+\/\d+/);
    expect(r.stdout).toMatch(/uncovered lines:\n {2}.*abort\.c: \d+/);
    expect(r.stdout).toMatch(/written: coverage\/index\.html, coverage\.json, coverage\.svg, replay-aarch64\/replay\.json/);
  });

  it("replays KLEE's tests of the same program (a klee-out directory, --source)", async () => {
    const dir = join(tempDir(), 'klee-out-0');
    mkdirSync(dir);
    const source = join(fixtureDir, 'memory.c');
    // KLEE names memory errors "ptr" and bad frees "free"; its argv[0] is the .bc it ran.
    writeFileSync(join(dir, 'test000001.ktest'), kleeKTest(['/home/user/memory.bc'], [['op', objectBytes('i32:1')]]));
    writeFileSync(join(dir, 'test000001.ptr.err'), 'Error: memory error: null page access\nFile: memory.c\nLine: 19\n');
    writeFileSync(join(dir, 'test000002.ktest'), kleeKTest(['/home/user/memory.bc'], [['op', objectBytes('i32:3')]]));
    writeFileSync(join(dir, 'test000002.free.err'), 'Error: memory error: invalid pointer: free\nFile: memory.c\nLine: 22\n');
    writeFileSync(join(dir, 'test000003.ktest'), kleeKTest(['/home/user/memory.bc'], [['op', objectBytes('i32:0')]]));
    const missing = await sympath(['replay', dir], dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^sympath replay: .*klee-out-0 has no run\.json .*--source FILE\.c/);
    expect(missing.stderr).not.toMatch(/\n\s+at /);
    const r = await sympath(['replay', dir, '--source', source, '--json', '--no-html'], dir);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.errors.map((e: { kind: string; reproduced: boolean }) => [e.kind, e.reproduced])).toEqual([
      ['ptr', true],
      ['free', true],
    ]);
    expect(j.tests.map((t: { signal: string | null }) => t.signal)).toEqual(['SIGSEGV', 'SIGABRT', null]);
    expect(existsSync(join(dir, 'coverage.json'))).toBe(true);
  });

  it('end to end: sympath run finds a planted abort, sympath replay reproduces it on both arches', async () => {
    const cwd = tempDir();
    const out = join(cwd, 'out');
    const run = await sympath(['run', '--output-dir', out, join(fixtureDir, 'abort.c')], cwd);
    expect(run.code, run.stderr).toBe(0);
    for (const arch of ['x86_64', 'aarch64']) {
      const r = await sympath(['replay', out, '--arch', arch, '--json', '--no-html'], cwd);
      expect(r.code, r.stderr).toBe(0);
      const j = JSON.parse(r.stdout);
      expect(j.errors.length, arch).toBeGreaterThan(0);
      expect(j.errors.every((e: { kind: string; reproduced: boolean }) => e.kind === 'abort' && e.reproduced), JSON.stringify(j.errors)).toBe(true);
      expect(j.divergent, arch).toEqual([]);
      expect(j.tests.filter((t: { exit: number | null }) => t.exit !== null).length, arch).toBe(j.tests.length - j.errors.length);
      expect(j.coverage.linesCovered, arch).toBe(j.coverage.linesTotal); // three paths cover every line
    }
  });
});
