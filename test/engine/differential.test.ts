// Differential test: every test/fixtures/*.c program, run concretely by sympath (libc none), prints
// exactly what its gcc -O0 build prints and exits with the same status.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeSolver, moduleOf, ROOT, run } from './helpers.js';

const FIXTURES = join(ROOT, 'test', 'fixtures');
const programs = readdirSync(FIXTURES).filter((f) => f.endsWith('.c')).sort();
let work = '';

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sympath-diff-'));
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await closeSolver();
});

function native(file: string): { stdout: string; status: number } {
  const exe = join(work, file.replace(/\.c$/, ''));
  execFileSync('gcc', ['-std=gnu11', '-O0', join(FIXTURES, file), '-o', exe], { stdio: 'pipe' });
  const r = spawnSync(exe, [], { encoding: 'latin1', timeout: 20_000 });
  return { stdout: r.stdout, status: r.status ?? -1 };
}

describe('fixtures run concretely match their native build', () => {
  test.each(programs)('%s', async (file) => {
    const want = native(file);
    const got = await run(moduleOf({ file: join(FIXTURES, file) }));
    expect(got.result.paths).toEqual({ completed: 1, errors: 0, partial: 0, pruned: 0 });
    expect(got.tests[0]?.error).toBeUndefined();
    expect(got.stdout).toBe(want.stdout);
    expect(got.tests[0]?.exitCode).toBe(want.status);
  });
});
