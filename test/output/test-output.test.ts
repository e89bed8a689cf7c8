// Issue 21 item 14: --write-test-output keeps each test's own stdout and stderr beside it
// (testNNNNNN.stdout, .stderr): what that path wrote, in order, whatever other paths wrote in between.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readKTest } from '../../src/engine/ktest.js';
import { ROOT } from '../engine/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-test-output-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PROGRAM = `#include <klee/klee.h>
#include <stdio.h>
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  printf("start\\n");
  if (x > 10) { printf("big\\n"); if (x > 100) printf("huge\\n"); fprintf(stderr, "warn\\n"); }
  else printf("small\\n");
  return 0;
}
`;

function run(extra: string[], out: string): void {
  const prog = join(work, 'p.c');
  writeFileSync(prog, PROGRAM);
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), 'run', '--search', 'bfs', ...extra, '--write-test-output', '--output-dir', out, prog], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
}

const xOf = (file: string): number => new DataView(Uint8Array.from(readKTest(file).objects.at(-1)!.bytes).buffer).getInt32(0, true);

describe('--write-test-output', () => {
  for (const [label, extra] of [
    ['built-in stdio (--libc none)', ['--libc', 'none']],
    ['musl and the POSIX model', ['--posix-runtime']],
  ] as const) {
    it(`writes each test's own stdout and stderr (${label})`, () => {
      const out = join(work, label.replace(/\W+/g, '-'));
      run([...extra], out);
      const tests = readdirSync(out).filter((f) => f.endsWith('.ktest'));
      expect(tests.length).toBe(3);
      for (const t of tests) {
        const stem = join(out, t.replace(/\.ktest$/, ''));
        const x = xOf(join(out, t));
        const stdout = readFileSync(`${stem}.stdout`, 'utf8');
        const stderr = readFileSync(`${stem}.stderr`, 'utf8');
        expect(stdout).toBe(x > 10 ? `start\nbig\n${x > 100 ? 'huge\n' : ''}` : 'start\nsmall\n');
        expect(stderr).toBe(x > 10 ? 'warn\n' : '');
      }
    }, 120_000);
  }
});
