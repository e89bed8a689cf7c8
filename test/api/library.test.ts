// The library API (`import { run, replay, readKTest, writeKTest, analyze } from 'sympath'`, src/index.ts):
// a run returns the CLI's stats.json and writes the same output directory, with sympath's messages
// through onMessage and the program's output through onOutput — nothing on the process's stdout or
// stderr; an AbortSignal stops a run cleanly (the tests so far and stats.json kept, as Ctrl-C does for
// the CLI); bad input rejects with a SympathError (exit code 1) and leaves no directory; --exit-on-error
// is a result with its exit code, not an exception; .ktest files round-trip; analyze gives the JSON of
// `sympath analyze --json`; replay gives the Replay JSON.

import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';
import { analyze, readKTest, replay, run, SympathError, writeKTest, type RunOptions } from '../../src/index.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-api-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SMALL = join(work, 'small.c');
writeFileSync(
  SMALL,
  `#include <klee/klee.h>
#include <stdio.h>
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 10) { printf("big\\n"); if (x == 42) klee_assert(0); }
  else printf("small\\n");
  return 0;
}
`,
);

/** Runs `options` with process.stdout/stderr watched: what the run wrote there (should be nothing). */
async function quietly<T>(f: () => Promise<T>): Promise<{ value: T; console: string }> {
  const written: string[] = [];
  const spies = [process.stdout, process.stderr].map((s) =>
    vi.spyOn(s, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }),
  );
  try {
    return { value: await f(), console: written.join('') };
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

test('run(): stats, output directory, messages and program output through callbacks, no console writes', async () => {
  const messages: string[] = [];
  const output: string[] = [];
  const options: RunOptions = {
    files: SMALL,
    cwd: work,
    outputDir: join(work, 'out-small'),
    libc: 'none',
    search: ['dfs'],
    onMessage: (line) => messages.push(line),
    onOutput: (stream, bytes) => output.push(`${stream}:${Buffer.from(bytes).toString()}`),
  };
  const { value: r, console } = await quietly(() => run(options));
  expect(console).toBe('');
  expect(r.exitCode).toBe(0);
  expect(r.interrupted).toBe(false);
  expect(r.haltReason).toBe('all paths explored');
  expect(r.stats.tests).toBe(3);
  expect(r.stats.errors).toEqual([expect.objectContaining({ kind: 'assert', line: 6 })]);
  expect(JSON.parse(readFileSync(join(r.outputDir, 'stats.json'), 'utf8'))).toEqual(r.stats);
  expect(JSON.parse(readFileSync(join(r.outputDir, 'run.json'), 'utf8'))).toMatchObject({ search: ['dfs'], libc: 'none', argv: ['run', SMALL] });
  expect(messages).toContain('sympath: done: generated tests = 3');
  expect(messages.some((m) => /ERROR: .*small\.c:6: .*assert/.test(m))).toBe(true);
  // The program's printf output, on the stdout stream (the fork at x == 42 comes after "big" is printed).
  expect(output.every((o) => o.startsWith('stdout:'))).toBe(true);
  expect(output.map((o) => o.slice('stdout:'.length)).join('').split('\n').filter(Boolean).sort()).toEqual(['big', 'small']);

  // The tests it wrote read back, and a test written by writeKTest reads back the same.
  const first = readKTest(join(r.outputDir, 'test000001.ktest'));
  expect(first.objects.map((o) => [o.name, o.bytes.length])).toEqual([['x', 4]]);
  const copy = join(work, 'copy.ktest');
  writeKTest(copy, { args: first.args, objects: [{ name: 'x', bytes: new Uint8Array([42, 0, 0, 0]) }] });
  expect(readKTest(copy)).toMatchObject({ args: first.args, objects: [{ name: 'x', bytes: new Uint8Array([42, 0, 0, 0]) }] });

  // replay(): the Replay JSON, the assertion reproduced natively.
  const { value: rep, console: replayConsole } = await quietly(() => replay(r.outputDir, { html: false }));
  expect(replayConsole).toBe('');
  expect(rep.json.errors).toEqual([expect.objectContaining({ kind: 'assert', test: 'test000003.ktest', reproduced: true })]);
  expect(rep.json.coverage.linesCovered).toBe(rep.json.coverage.linesTotal);
});

test('an AbortSignal stops a long run cleanly: interrupted, tests so far and stats.json kept', async () => {
  // 2^24 paths: far more than the test's time allows.
  const wide = join(work, 'wide.c');
  writeFileSync(
    wide,
    `#include <klee/klee.h>
int main(void) {
  unsigned char b[24]; int n = 0;
  klee_make_symbolic(b, sizeof b, "b");
  for (int i = 0; i < 24; i++) if (b[i] > 100) n++;
  return n;
}
`,
  );
  const controller = new AbortController();
  let started = false;
  const { value: r, console } = await quietly(() =>
    run({
      files: wide,
      cwd: work,
      outputDir: join(work, 'out-wide'),
      libc: 'none',
      search: ['dfs'],
      signal: controller.signal,
      onMessage: (line) => {
        // Abort once exploration is under way (the output directory line comes just before it).
        if (!started && line.includes('output directory is')) {
          started = true;
          setTimeout(() => controller.abort(), 1500);
        }
      },
    }),
  );
  expect(console).toBe('');
  expect(started).toBe(true);
  expect(r.interrupted).toBe(true);
  expect(r.haltReason).toBe('interrupted');
  expect(r.exitCode).toBe(0);
  const ktests = readdirSync(r.outputDir).filter((f) => f.endsWith('.ktest'));
  expect(ktests.length).toBeGreaterThan(0);
  expect(ktests.length).toBe(r.stats.tests);
  expect(r.stats.paths.completed).toBeLessThan(1 << 24);
  expect(JSON.parse(readFileSync(join(r.outputDir, 'stats.json'), 'utf8')).tests).toBe(ktests.length);
});

test('bad input rejects with a SympathError (exit code 1) and leaves no output directory', async () => {
  const outputDir = join(work, 'out-bad');
  await expect(run({ files: join(work, 'missing.c'), cwd: work, outputDir, libc: 'none' })).rejects.toMatchObject({ exitCode: 1, message: expect.stringMatching(/no such file/) });
  await expect(run({ files: join(work, 'notes.txt'), cwd: work, outputDir, libc: 'none' })).rejects.toMatchObject({ exitCode: 1, message: expect.stringMatching(/not a program file/) });
  const broken = join(work, 'broken.c');
  writeFileSync(broken, 'int main(void) { return nope; }\n');
  const { value: rejection, console } = await quietly(() => run({ files: broken, cwd: work, outputDir, libc: 'none' }).catch((e: unknown) => e));
  expect(rejection).toBeInstanceOf(SympathError);
  expect((rejection as SympathError).message).toMatch(/nope/);
  expect(console).toBe('');
  expect(existsSync(outputDir)).toBe(false);
});

test('exitOnError: a result with exit code 5 and the stats so far, not an exception', async () => {
  const r = await run({ files: SMALL, cwd: work, outputDir: join(work, 'out-exit'), libc: 'none', search: ['dfs'], exitOnError: true });
  expect(r.exitCode).toBe(5);
  expect(r.message).toMatch(/--exit-on-error/);
  expect(r.stats.errors).toHaveLength(1);
});

test("analyze(): the JSON of `sympath analyze --json` (a slice and a CFG)", async () => {
  const slice = await analyze(SMALL, { what: 'slice', criterion: [`${SMALL}:6`] });
  expect(slice.what).toBe('slice');
  expect((slice.lines as { line: number }[]).map((l) => l.line)).toEqual(expect.arrayContaining([5, 6]));
  const cfg = await analyze(SMALL, { what: 'cfg', function: 'main' });
  expect((cfg.functions as { name: string }[]).map((f) => f.name)).toEqual(['main']);
});
