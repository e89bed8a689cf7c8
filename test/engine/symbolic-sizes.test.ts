// Issue 23 item 4: allocations of a symbolic size explore more than one size (src/engine/
// symbolic-sizes.ts). The sv-benchmarks-style programs of test/fixtures/symsize have bugs that need a
// size other than the minimal one: a heap buffer's terminator written one past the end only for long
// buffers (malloc), a VLA (alloca of a symbolic count) indexed past its end only when longer than 2.
// With the default (4 sizes) sympath finds both and `sympath replay --sanitize` reproduces them
// natively; with --sym-alloc-sizes 1 (one size, as KLEE) neither is found. calloc explores its sizes
// too, without a false alarm.
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, root, tempDir } from '../replay/helpers.js';

afterAll(removeTempDirs);

const bin = join(root, 'bin', 'sympath.mjs');
const fixtures = join(root, 'test', 'fixtures', 'symsize');

async function sympath(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = await execa(process.execPath, [bin, ...args], { reject: false });
  return { code: r.exitCode ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const BUGS: [string, number, RegExp][] = [
  ['heap-terminator', 21, /malloc\(\) of a symbolic size: 2, 4, 8, 64 bytes/],
  ['vla-index', 16, /alloca of .* of a symbolic size: 4, 8, 16, 400 bytes/],
];

describe('symbolic allocation sizes', () => {
  for (const [name, line, message] of BUGS) {
    it(`${name}: the out-of-bounds access at line ${line} needs a larger size: found, replayed natively; not with one size`, async () => {
      const file = join(fixtures, `${name}.c`);
      const out = join(tempDir(), 'out');
      const run = await sympath(['run', '--output-dir', out, file]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(`out-of-bounds at ${file}:${line}`);
      expect(run.stderr).toMatch(message);
      const r = await sympath(['replay', out, '--sanitize', '--json', '--no-html']);
      expect(r.code, r.stderr).toBe(0);
      const j = JSON.parse(r.stdout);
      const oob = j.errors.filter((e: { kind: string }) => e.kind === 'out-of-bounds');
      expect(oob.length).toBe(1);
      expect(oob[0].reproduced, oob[0].reason).toBe(true);
      expect(j.divergent).toEqual([]);

      const one = await sympath(['run', '--sym-alloc-sizes', '1', '--output-dir', join(tempDir(), 'out'), file]);
      expect(one.code, one.stderr).toBe(0);
      expect(one.stderr).not.toContain('out-of-bounds at');
    }, 120_000);
  }

  it('calloc of a symbolic count: several sizes, no out-of-bounds alarm; the unexplored rest is a model error', async () => {
    const out = join(tempDir(), 'out');
    const run = await sympath(['run', '--output-dir', out, join(fixtures, 'calloc-ok.c')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/calloc\(\) of a symbolic size: 4, 8, 16, 160 bytes/);
    expect(run.stderr).not.toContain('out-of-bounds');
    expect(run.stderr).toMatch(/model at .*calloc-ok\.c:9/);
  }, 120_000);

  it('--sym-alloc-sizes must be a whole number >= 1', async () => {
    const r = await sympath(['run', '--sym-alloc-sizes', '0', join(fixtures, 'calloc-ok.c')]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--sym-alloc-sizes.*expected a whole number >= 1/);
  });
});
