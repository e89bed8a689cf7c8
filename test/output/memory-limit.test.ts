// Issue 21 item 4: --max-memory holds against the process's real footprint (its resident set, after a
// full collection when over, or what V8 has in use when malloc keeps freed memory resident), forks are
// skipped over the limit and states dropped 100 MB over it (KLEE's policy), and a program whose globals cannot fit is refused before the run with a
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

/**
 * Every path writes all of a 4 MB object: each state soon owns a copy of it (whole: large objects are
 * copied chunk by chunk as written, src/memory/chunked-bytes.ts, so a page per path would not do).
 */
const FOUR_MB_PER_STATE = `#include <klee/klee.h>
#include <stdlib.h>
int main(void) {
  char *p = malloc(4 << 20);
  unsigned char in[64];
  klee_make_symbolic(in, sizeof in, "in");
  for (int i = 0; i < 64; i++) {
    if (in[i] > 100) __builtin_memset(p, i, 4 << 20);
    else __builtin_memset(p, i + 1, 4 << 20);
  }
  return 0;
}`;

describe('--max-memory', () => {
  it('holds the process near the limit: forks stop, then states are dropped, the peak is in info', () => {
    const r = sympath(
      // The run ends by itself (its paths end or are dropped) in ~6 s; --max-time is only a cap, generous
      // because under heavy load (a load average of 20 on 2 cores) 12 s once ran 395 instructions.
      // --hibernate false: KLEE's policy alone (the test below has states sleep instead).
      ['--max-memory', '300', '--max-time', '90', '--hibernate', 'false'],
      FOUR_MB_PER_STATE,
      'drop',
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/memory limit of 300 MB reached \(\d+ MB used\): not forking until under it/);
    // Every state not yet written since its last fork still copies the 4 MB object once: past the
    // margin, states go.
    expect(r.stderr).toMatch(/memory limit of 300 MB exceeded \(\d+ MB used\): dropping \d+ states/);
    const info = readFileSync(join(r.out, 'info'), 'utf8');
    expect(info).toMatch(/Halted: max-memory/);
    const peak = Number(/Peak resident memory: (\d+) MB/.exec(info)?.[1]);
    expect(peak).toBeGreaterThan(0);
    // The limit, KLEE's 100 MB margin, and what one check interval allocates past it: 427-443 MB on
    // session 9's machine, 434-462 MB on session 12's (one CI rehearsal failed at 462 against a bound of
    // 460, the same before and after that session's changes); with the checks every 100 ms alone
    // 561-601 MB, and 767 MB on the program before either.
    expect(peak).toBeLessThan(300 + 100 + 90);
  }, 180_000);

  it('with --hibernate (the default) puts waiting states to sleep instead: nothing dropped, a test for every path', () => {
    // 2^64 paths, each state soon owning its own copy of a 4 MB object.
    const r = sympath(
      ['--max-memory', '300', '--max-time', '15'],
      FOUR_MB_PER_STATE,
      'sleep',
    );
    expect(r.status, r.stderr).toBe(0);
    // States sleep first; nothing is dropped. (Forks stop only if the sleepers alone, with the one awake
    // state, still exceed the limit after a full collection; usually not within 15 s here, 10k sleeping
    // states of ~1 KB each.)
    const sleep = r.stderr.search(/memory limit of 300 MB reached \(\d+ MB used\): waiting states are put to sleep and re-executed when selected/);
    expect(sleep).toBeGreaterThan(0);
    const inhibit = r.stderr.search(/not forking until under it/);
    expect(r.stderr).not.toMatch(/dropping/);
    const stats = JSON.parse(readFileSync(join(r.out, 'stats.json'), 'utf8'));
    // Skipped forks do not end the run: it ends at --max-time either way (a loaded CI machine reached the
    // fork stop within 15 s; the halt said max-time, as it should).
    if (inhibit >= 0) expect(inhibit).toBeGreaterThan(sleep);
    expect(stats.haltReason).toBe('max-time');
    expect(stats.hibernation.slept).toBeGreaterThan(0);
    expect(stats.hibernation.woken).toBeGreaterThan(0);
    expect(stats.hibernation.failed).toBe(0);
    expect(stats.hibernation.reexecutedInstructions).toBeGreaterThan(0);
    // Every path alive at the halt (asleep or not) got its partial test, but for those the halt's
    // bounded write-out (5 s here) had no time for, which it counts (a loaded CI machine: 132 of 10,732).
    const noTest = Number(/write-out after the halt: (\d+) live states got no test/.exec(r.stderr)?.[1] ?? 0);
    expect(stats.tests + noTest).toBe(stats.paths.completed + stats.paths.partial);
    expect(noTest).toBeLessThan(stats.paths.partial / 2);
    expect(stats.paths.partial).toBeGreaterThan(100);
    // The same bound as KLEE's policy above (measured: 421-478 MB peak RSS at --max-memory 300; the footprint
    // the limit holds counts what glibc keeps of freed memory less, resources.ts).
    expect(stats.memory.peakRssMB).toBeLessThan(300 + 100 + 90);
  }, 180_000);

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
