// Issue 21 item 6: KLEE's --max-stack-frames (8192 by default). Unbounded recursion used to grow until the
// memory limit; now the call that would exceed the bound ends the path with a stack-overflow error, and
// native replay of its test reproduces it (the native stack runs out: SIGSEGV).

import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { closeSolver, moduleOf, ROOT, run } from './helpers.js';

afterAll(closeSolver);
const work = mkdtempSync(join(tmpdir(), 'sympath-stack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// x == 7 recurses without end; any other x returns at once.
const RECURSE = `#include <klee/klee.h>
int depth(volatile int d, int forever) {
  volatile char frame[256];
  frame[d & 255] = (char)d;
  if (!forever) return frame[d & 255];
  return depth(d + 1, forever) + 1;
}
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  return depth(0, x == 7) & 1;
}
`;

describe('--max-stack-frames', () => {
  it('the call past the bound ends the path with a stack-overflow error; other paths are untouched', async () => {
    const o = await run(moduleOf({ text: RECURSE }), { maxStackFrames: 40 });
    expect(o.result.paths).toMatchObject({ completed: 1, errors: 1 });
    const err = o.tests.find((t) => t.termination === 'error')!;
    expect(err.error).toMatchObject({ kind: 'stack-overflow' });
    expect(err.error!.message).toMatch(/call stack of 40 frames exceeded .*depth/);
    // main plus 39 frames of depth are on the stack at that call.
    expect(err.error!.stack).toHaveLength(40);
  });

  it('0 lifts the bound; the default is KLEE\'s 8192 (a bounded recursion of 1000 runs through)', async () => {
    const bounded = RECURSE.replace('if (!forever)', 'if (!forever || d == 1000)');
    const o = await run(moduleOf({ text: bounded }));
    expect(o.result.paths).toMatchObject({ completed: 2, errors: 0 });
    const tight = await run(moduleOf({ text: bounded }), { maxStackFrames: 500 });
    expect(tight.result.paths).toMatchObject({ completed: 1, errors: 1 });
    const none = await run(moduleOf({ text: bounded }), { maxStackFrames: 0 });
    expect(none.result.paths).toMatchObject({ completed: 2, errors: 0 });
  });

  it('through the CLI: a .stack-overflow.err file, and native replay reproduces the overflow', async () => {
    const prog = join(work, 'recurse.c');
    writeFileSync(prog, RECURSE);
    const out = join(work, 'out');
    const bin = join(ROOT, 'bin', 'sympath.mjs');
    const r = await execa(process.execPath, [bin, 'run', '--libc', 'none', '--max-stack-frames', '64', '--output-dir', out, prog], { reject: false });
    expect(r.exitCode).toBe(0);
    expect(readdirSync(out).filter((f) => f.endsWith('.stack-overflow.err'))).toHaveLength(1);
    const replay = await execa(process.execPath, [bin, 'replay', out, '--json', '--no-html'], { reject: false });
    const j = JSON.parse(replay.stdout);
    expect(j.errors).toEqual([expect.objectContaining({ kind: 'stack-overflow', reproduced: true })]);
  }, 120_000);
});
