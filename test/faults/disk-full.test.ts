// Issue 21 item 2: the output disk fills up mid-run. sympath stops cleanly (exit 4, one clear line),
// every file it leaves is whole (written under a temporary name, then renamed), and stats.json is
// written from the space kept in reserve. Two ways to fill the disk: a 200 KiB tmpfs (needs root and
// mount; skipped otherwise) and the output layer's injected failure (SYMPATH_FAULT_ENOSPC_AFTER, always).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAVE_Z3, scratchWith, startSympath, validateOutputDir } from './helpers.js';

const noTrace = (text: string): void => expect(text).not.toMatch(/\n\s+at /);

/** Mounts a tmpfs of `size` at `dir`; false when this machine does not let us (not root, no mount). */
function mountTmpfs(dir: string, size: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const mounted: string[] = [];
afterAll(() => {
  for (const m of mounted) execFileSync('umount', [m], { stdio: 'ignore' });
});

function expectCleanStop(r: { code: number | null; stderr: string }, dir: string): void {
  expect(r.code).toBe(4);
  noTrace(r.stderr);
  expect(r.stderr).toMatch(/sympath: cannot write test\d{6}\.ktest and the tests after it in .*: ENOSPC: no space left on device.*; stopping \(the files written so far are kept\)/);
  expect(r.stderr).toMatch(/sympath: the output directory .* is incomplete \(not written: test\d{6}\.ktest and the tests after it\); every file in it is whole/);
  const v = validateOutputDir(dir);
  expect(v.problems).toEqual([]);
  expect(v.tests).toBeGreaterThan(0);
  // Stopped early: 128 paths would give 128 tests.
  expect(v.tests).toBeLessThan(128);
  expect(v.stats?.tests).toBe(v.tests);
  expect(readFileSync(join(dir, 'info'), 'utf8')).toContain('Halted: the output directory could not be written');
}

describe.skipIf(!HAVE_Z3)('output disk full', () => {
  const cwd = scratchWith('big-tests.c');
  const disk = join(cwd, 'disk');
  mkdirSync(disk);
  const haveTmpfs = mountTmpfs(disk, '200k');
  if (haveTmpfs) mounted.push(disk);

  it.skipIf(!haveTmpfs)('a 200 KiB tmpfs: stops cleanly, what is written is valid', async () => {
    const r = await startSympath(['run', '--libc', 'none', '--output-dir', join(disk, 'o'), 'big-tests.c'], cwd).done;
    expectCleanStop(r, join(disk, 'o'));
  });

  it('the injected failure (SYMPATH_FAULT_ENOSPC_AFTER): the same', async () => {
    const r = await startSympath(['run', '--libc', 'none', '--output-dir', 'o2', 'big-tests.c'], cwd, { env: { SYMPATH_FAULT_ENOSPC_AFTER: String(64 * 1024 + 60000) } }).done;
    expectCleanStop(r, join(cwd, 'o2'));
    // The failing write wrote what fitted under its temporary name; nothing of it is left.
    expect(readdirSync(join(cwd, 'o2')).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('full from the start (the program cannot be copied in): exit 4, no output directory left', async () => {
    const r = await startSympath(['run', '--libc', 'none', '--output-dir', 'o3', 'big-tests.c'], cwd, { env: { SYMPATH_FAULT_ENOSPC_AFTER: '100' } }).done;
    expect(r.code).toBe(4);
    noTrace(r.stderr);
    expect(r.stderr.trim()).toMatch(/^sympath: cannot write the program into the output directory: ENOSPC/);
    expect(existsSync(join(cwd, 'o3'))).toBe(false);
  });
});
