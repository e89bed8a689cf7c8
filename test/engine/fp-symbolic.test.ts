// Symbolic floating point end to end (issue 23 item 3): `sympath run` finds the float bugs of
// test/fixtures/fp (a NaN through a clamp, rounding at 2^24, 1/tiny overflowing to infinity, an
// out-of-range double -> int conversion) with both Z3 back ends, `sympath replay` reproduces each
// natively (x86-64, the engine's NaN and conversion rules are x86's) with no divergent test, a program
// without a reachable error gets no alarm, and `--fp concrete` (KLEE's behaviour: one value per
// symbolic operand) finds none of the four.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, root, tempDir } from '../replay/helpers.js';
import { closeSolver, moduleOf, run } from './helpers.js';

afterAll(async () => {
  removeTempDirs();
  await closeSolver();
});

const bin = join(root, 'bin', 'sympath.mjs');
const fixtures = join(root, 'test', 'fixtures', 'fp');
const HAVE_Z3 = existsSync('/usr/bin/z3');

async function sympath(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = await execa(process.execPath, [bin, ...args], { reject: false });
  return { code: r.exitCode ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const BUGS: [string, string, number][] = [
  ['nan-clamp', 'assert', 15],
  ['round-2p24', 'abort', 11],
  ['tiny-divisor', 'assert', 11],
  ['fptosi-bound', 'abort', 11],
];

interface ErrorEntry { kind: string; reproduced: boolean; test: string }

async function runAndReplay(name: string, extra: string[]): Promise<{ errors: ErrorEntry[]; divergent: unknown[]; stats: { paths: { errors: number } } }> {
  const out = join(tempDir(), 'out');
  const run = await sympath(['run', ...extra, '--output-dir', out, join(fixtures, `${name}.c`)]);
  expect(run.code, run.stderr).toBe(0);
  const { readFileSync } = await import('node:fs');
  const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
  const r = await sympath(['replay', out, '--json', '--no-html']);
  expect(r.code, r.stderr).toBe(0);
  const j = JSON.parse(r.stdout);
  return { errors: j.errors, divergent: j.divergent, stats };
}

describe('symbolic floating point (sympath run + sympath replay)', () => {
  for (const solver of ['native', 'wasm']) {
    describe.skipIf(solver === 'native' && !HAVE_Z3)(`--solver ${solver}`, () => {
      for (const [name, kind, line] of BUGS) {
        it(`${name}: finds the ${kind} at line ${line} and replay reproduces it natively`, async () => {
          const out = join(tempDir(), 'out');
          const run = await sympath(['run', '--solver', solver, '--output-dir', out, join(fixtures, `${name}.c`)]);
          expect(run.code, run.stderr).toBe(0);
          expect(run.stderr).toContain(`${kind} at ${join(fixtures, `${name}.c`)}:${line}`);
          const r = await sympath(['replay', out, '--json', '--no-html']);
          expect(r.code, r.stderr).toBe(0);
          const j = JSON.parse(r.stdout);
          expect(j.errors.length).toBe(1);
          expect(j.errors[0]).toMatchObject({ kind, reproduced: true });
          expect(j.divergent).toEqual([]);
        }, 120_000);
      }
    });
  }

  it('no false alarm: float arithmetic proved safe (x in [1,2] => x*x in [1,4])', async () => {
    const { errors, divergent, stats } = await runAndReplay('no-bug', []);
    expect(stats.paths.errors).toBe(0);
    expect(errors).toEqual([]);
    expect(divergent).toEqual([]);
  }, 120_000);

  // round-2p24 is left out of "not found": its bug is at n = 2^24 + 1, next to the program's own
  // constant, and that is the first value the solver chain's guess (src/solver/model-guess.ts) tries
  // for `n > 16777216`, so the concretised operand lands on it. The other three need values no branch
  // constant suggests.
  it('--fp concrete keeps the old behaviour: operands concretised, and the bugs that need float reasoning not found', async () => {
    for (const [name] of BUGS) {
      const out = join(tempDir(), 'out');
      const run = await sympath(['run', '--fp', 'concrete', '--output-dir', out, join(fixtures, `${name}.c`)]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr, name).toMatch(/concretised symbolic floating-point operand/);
      if (name === 'round-2p24') expect(run.stderr).toMatch(/to 16777217 at .*round-2p24\.c:10/);
      else expect(run.stderr, name).not.toMatch(/errors: \d+ test/);
    }
  }, 120_000);

  it('--fp rejects other modes', async () => {
    const r = await sympath(['run', '--fp', 'fast', join(fixtures, 'no-bug.c')]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--fp.*fast|fast.*--fp|Allowed choices are symbolic, concrete/);
  });

  it('llvm.fmuladd (clang -O0 for a*b+c) is symbolic, unfused: x*3.0+1.0 == 7.0 is found; float rounds twice', async () => {
    const src = `#include <klee/klee.h>
#include <stdlib.h>
int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  double y = x * 3.0 + 1.0;
  if (y == 7.0) abort();
  return 0;
}`;
    const o = await run(moduleOf({ text: src }));
    const err = o.tests.find((t) => t.error)!;
    expect(err.error!.kind).toBe('abort');
    const x = new DataView(Uint8Array.from(err.objects[0]!.bytes).buffer).getFloat64(0, true);
    expect(x * 3.0 + 1.0).toBe(7.0);
    expect(o.messages.some((m) => /concretised symbolic floating-point/.test(m))).toBe(false);
    // concretely: a float multiply-add rounds the product to float first (mulss, addss), unlike a fused
    // one: (1 + 2^-12)^2 - 1 is 2^-11 + 2^-24 exactly, but the rounded product loses the 2^-24.
    const concrete = `int main(void) {
  volatile float a = 1.0f + 0x1p-12f, m = -1.0f;
  float r = a * a + m;
  return r == 0x1p-11f ? 1 : r == 0x1p-11f + 0x1p-24f ? 2 : 3;
}`;
    const c = await run(moduleOf({ text: concrete }));
    expect(c.tests.map((t) => t.exitCode)).toEqual([1]);
  }, 120_000);
});
