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

// Issue 21 item 14, the other half: musl's stdio flushes with one writev of [buffer, new data]; the model
// hands it to the terminal as one piece, so a searcher switching paths every few instructions
// (--batch-instructions) cannot put another path's output inside a write. A line-buffered stdout writes
// whole lines, so no line is torn (before: 143 torn lines). A fully buffered one (a pipe, the default)
// writes 1 KiB pieces that end mid-line, as the native program's would; those pieces are whole.
describe('one writev of a path is one piece on the terminal', () => {
  it('no line of one path is torn by another path', () => {
    const prog = join(work, 'lines.c');
    writeFileSync(
      prog,
      `#include <klee/klee.h>
#include <stdio.h>
int main(void) {
  char s[60];
  klee_make_symbolic(s, sizeof s, "s");
  setvbuf(stdout, 0, _IOLBF, 0); /* each line one writev [buffered start, rest of the line] */
  for (int i = 0; i < 60; i++) {
    printf("path-%d-part-one ", i);
    if (s[i / 10] == (char)i) printf("A-branch-with-a-long-tail-of-text-%d\\n", i);
    else printf("B-branch-%d\\n", i);
  }
  return 0;
}
`,
    );
    const out = join(work, 'lines');
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'bin', 'sympath.mjs'), 'run', '--posix-runtime', '--search', 'random-path', '--batch-instructions', '50', '--max-tests', '30', '--output-dir', out, prog],
      { encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.split('\n').filter((l) => l !== '');
    expect(lines.length).toBeGreaterThan(1000);
    expect(lines.filter((l) => !/^path-(\d+)-part-one (A-branch-with-a-long-tail-of-text-\1|B-branch-\1)$/.test(l))).toEqual([]);
  }, 120_000);
});
