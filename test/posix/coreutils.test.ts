// One real Coreutils utility under sympath. `make test` builds echo alone into IR first (`make
// coreutils-echo`: configure plus gnulib and echo, minutes on a fresh machine); the whole build of
// every utility takes longer than CI allows and stays in the benchmark (benchmarks/coreutils/run.sh).
// Skipped only when echo.bc is missing (vitest run by hand before any build). echo runs concretely
// (its output must be the native echo's) and then briefly with symbolic arguments and stdout, with
// no exec/model error.

import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, sympath } from './helpers.js';

const echo = join(ROOT, 'benchmarks', 'coreutils', 'build', 'ir', 'echo.bc');

describe.skipIf(!existsSync(echo))('coreutils echo (built by `make coreutils`)', () => {
  test('prints what echo prints, concretely', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-coreutils-'));
    const r = await sympath(['run', '--output-dir', 'c', '--posix-runtime', echo, '-n', 'hello,', 'world'], cwd);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('hello, world');
  }, 120_000);

  test('explores echo with symbolic arguments and stdout, with no engine failure', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-coreutils-'));
    const r = await sympath(
      ['run', '--output-dir', 's', '--max-time', '20', '--posix-runtime', echo, '--sym-args', '0', '2', '4', '--sym-stdout'],
      cwd,
    );
    expect(r.code, r.stderr).toBe(0);
    const out = join(cwd, 's');
    const engineErrors = readdirSync(out).filter((f) => /\.(exec|model)\.err$/.test(f));
    expect(engineErrors.map((f) => readFileSync(join(out, f), 'utf8').split('\n')[0])).toEqual([]);
    const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
    expect(stats.tests).toBeGreaterThan(3);
  }, 120_000);
});
