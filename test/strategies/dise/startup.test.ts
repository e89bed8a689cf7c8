// DiSE when the first fork is in the start-up code: with --libc musl --posix-runtime, --sym-args
// expands in __sympath_init_env, before __libc_start_main calls main through a pointer. The sibling
// forked there (one more argument) stands outside main; it must still reach main's impacted nodes, or
// it is pruned and the only paths reaching the change are lost (on Coreutils, DiSE explored one path).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { affected, FIXTURES, stats, sympath } from './helpers.js';

const OLD = join(FIXTURES, 'args_old.c');
const NEW = join(FIXTURES, 'args_new.c');
const work = mkdtempSync(join(tmpdir(), 'dise-startup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function run(name: string, extra: string[]): Promise<string> {
  const out = join(work, name);
  const r = await sympath(['run', '--libc', 'musl', '--posix-runtime', '--output-dir', out, '--base', OLD, ...extra, NEW, '--sym-args', '0', '1', '1']);
  expect(r.status, r.stderr).toBe(0);
  return out;
}

describe('DiSE with a fork before main (the POSIX runtime)', () => {
  test("a sibling forked in the start-up code is not pruned: both sides of the changed branch are explored", async () => {
    const full = await run('full', ['--no-dise']);
    const dise = await run('dise', []);
    const onChange = (out: string): number => affected(out).affected.filter((a) => a.newLines.includes(11)).length;
    // Full exploration: no argument, and 'a' / not 'a'; the change is on the paths with an argument.
    expect(onChange(full)).toBe(2);
    expect(onChange(dise)).toBe(2);
    expect(stats(dise).pruning?.dise?.affectedPathConditions).toBeGreaterThanOrEqual(2);
  }, 240_000);
});
