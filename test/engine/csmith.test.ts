// Csmith-driven differential testing: random C programs (Debian's csmith, headers from libcsmith-dev)
// run concretely by sympath must print the checksum their gcc build prints. A fixed range of seeds
// runs in CI; CSMITH_SEEDS=FROM-TO (e.g. `CSMITH_SEEDS=1-500 npx vitest run test/engine/csmith`)
// runs many more outside it. Programs that run longer than 50 ms natively (some never end) are
// skipped: at a few million instructions per second they would take minutes.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeSolver, moduleOf, run } from './helpers.js';

const INCLUDE = '/usr/include/csmith';
const available = existsSync(INCLUDE) && spawnSync('csmith', ['--version']).status === 0;
const [from, to] = (process.env.CSMITH_SEEDS ?? '1-12').split('-').map(Number) as [number, number];
const seeds = Array.from({ length: to - from + 1 }, (_, i) => from + i);
let work = '';

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sympath-csmith-'));
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await closeSolver();
});

describe.skipIf(!available)('csmith programs match their native build', () => {
  test.each(seeds)('seed %i', async (seed) => {
    const src = join(work, `cs${seed}.c`);
    writeFileSync(src, execFileSync('csmith', ['--seed', String(seed)]));
    const exe = join(work, `cs${seed}`);
    execFileSync('gcc', ['-w', '-O0', `-I${INCLUDE}`, src, '-o', exe]);
    const t0 = performance.now();
    const native = spawnSync(exe, [], { encoding: 'latin1', timeout: 1000 });
    if (native.status === null || performance.now() - t0 > 50) return;
    const got = await run(moduleOf({ file: src }, [`-I${INCLUDE}`, '-w']), { maxTime: 100 });
    expect(got.result.haltReason).toBeUndefined();
    expect(got.stdout).toBe(native.stdout);
    expect(got.tests[0]?.exitCode).toBe(native.status);
  }, 120_000);
});
