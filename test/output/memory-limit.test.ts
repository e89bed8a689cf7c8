// Issue 21 item 4: --max-memory holds against the process's real footprint (its resident set, after a
// full collection when over), and a program whose globals cannot fit is refused before the run with a
// clear error. Before: --max-memory 300 peaked at 767 MB RSS on the program, and a 1 GB
// `static char buf[]` grew the process to 5.3 GB at --max-memory 300.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../engine/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-memory-limit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function sympath(args: string[], source: string, name: string) {
  const prog = join(work, `${name}.c`);
  writeFileSync(prog, source);
  const out = join(work, name);
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), 'run', '--libc', 'none', ...args, '--output-dir', out, prog], { encoding: 'utf8' });
  return { ...r, out };
}

describe('--max-memory', () => {
  it('holds the process near the limit: states are dropped by resident memory, the peak is in info', () => {
    // Every path writes its own page of a 4 MB object: each state soon owns a copy of it.
    const r = sympath(
      ['--max-memory', '300', '--max-time', '12'],
      `#include <klee/klee.h>
#include <stdlib.h>
int main(void) {
  char *p = malloc(4 << 20);
  unsigned char in[64];
  klee_make_symbolic(in, sizeof in, "in");
  for (int i = 0; i < 64; i++) {
    if (in[i] > 100) p[i * 4096] = 1;
    else p[i * 4096] = 2;
  }
  return 0;
}`,
      'drop',
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/memory limit of 300 MB exceeded \(\d+ MB used\): dropping \d+ states/);
    const peak = Number(/Peak resident memory: (\d+) MB/.exec(readFileSync(join(r.out, 'info'), 'utf8'))?.[1]);
    expect(peak).toBeGreaterThan(0);
    // Resident memory freed by dropped states is not all returned to the system at once, so the peak
    // overshoots somewhat (449-460 MB here; 561 MB before on this program, 767 MB on the issue's).
    expect(peak).toBeLessThan(2 * 300);
  }, 120_000);

  it('refuses a program whose globals alone exceed the limit, naming the largest', () => {
    const r = sympath(
      ['--max-memory', '300'],
      `#include <klee/klee.h>
static char buf[1u << 30];
int main(void) {
  klee_make_symbolic(buf, sizeof buf, "buf");
  return buf[5] == 'a';
}`,
      'globals',
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/globals need 1024 MB \(the largest, 'buf', 1024 MB\), more than --max-memory 300 MB/);
    expect(existsSync(r.out)).toBe(false);
  }, 60_000);
});
