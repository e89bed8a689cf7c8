// Differential tests under musl (the default C library): every test/fixtures/*.c program, compiled
// against musl's headers and linked with musl's IR and the bare system-call layer, prints under sympath
// exactly what its gcc -O0 (glibc) build prints — printf's %f/%g/%e included, which musl computes in
// x86_fp80 — and exits with the same status. Then Csmith programs (Debian's csmith; they print a
// checksum through printf) over a fixed seed range: seeds whose native run takes longer than 2 s are
// skipped, each sympath run is capped. CSMITH_MUSL_SEEDS=FROM-TO runs another range;
// benchmarks/csmith-diff.ts runs many more outside the test suite.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeSolver, run } from '../engine/helpers.js';
import { fixtureFields, muslModule, ROOT } from './helpers.js';

const FIXTURES = join(ROOT, 'test', 'fixtures');
const programs = readdirSync(FIXTURES).filter((f) => f.endsWith('.c')).sort();
let work = '';

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sympath-musl-diff-'));
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await closeSolver();
});

function native(src: string, exe: string, extra: string[] = [], timeout = 20_000): { stdout: string; status: number | null; ms: number } {
  execFileSync('gcc', ['-std=gnu11', '-O0', '-w', ...extra, src, '-o', exe], { stdio: 'pipe' });
  const t0 = performance.now();
  const r = spawnSync(exe, [], { encoding: 'latin1', timeout });
  return { stdout: r.stdout, status: r.status, ms: performance.now() - t0 };
}

describe('fixtures under musl match their native build', () => {
  test.each(programs)('%s', async (file) => {
    const src = join(FIXTURES, file);
    const want = native(src, join(work, file.replace(/\.c$/, '')));
    const got = await run(await muslModule(src));
    expect(got.result.paths).toEqual({ completed: 1, errors: 0, partial: 0, pruned: 0 });
    expect(got.tests[0]?.error).toBeUndefined();
    expect(got.stdout).toBe(want.stdout);
    expect(got.tests[0]?.exitCode).toBe(want.status);
  });
});

// test/musl's fixtures (start-up order, constructors and destructors, setjmp/longjmp, %f/%e/%Lf,
// complex numbers, getopt, qsort) under the engine, as their headers say they print; those that read
// stdin are left to test/musl's native check (the bare layer's stdin is empty).
const MUSL_FIXTURES = join(ROOT, 'test', 'musl', 'fixtures');
const muslFixtures = readdirSync(MUSL_FIXTURES)
  .filter((f) => f.endsWith('.c'))
  .map((f) => ({ file: f, fields: fixtureFields(join(MUSL_FIXTURES, f)) }))
  .filter((x) => !x.fields.has('stdin'));

describe('test/musl fixtures under the engine', () => {
  test.each(muslFixtures.map((x) => [x.file, x.fields] as const))('%s', async (file, fields) => {
    const args = (fields.get('args')?.[0] ?? '').split(/\s+/).filter((w) => w !== '');
    const got = await run(await muslModule(join(MUSL_FIXTURES, file)), { programArgs: args });
    expect(got.tests[0]?.error).toBeUndefined();
    expect(got.stdout).toBe((fields.get('expect-stdout') ?? []).map((l) => `${l}\n`).join(''));
    expect(got.tests[0]?.exitCode).toBe(Number(fields.get('expect-exit')?.[0] ?? '0'));
  });
});

const CSMITH_INCLUDE = '/usr/include/csmith';
const csmith = existsSync(CSMITH_INCLUDE) && spawnSync('csmith', ['--version']).status === 0;
const [from, to] = (process.env.CSMITH_MUSL_SEEDS ?? '101-105').split('-').map(Number) as [number, number];
const seeds = Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe.skipIf(!csmith)('csmith programs under musl match their native build', () => {
  test.each(seeds)('seed %i', async (seed) => {
    const src = join(work, `cs${seed}.c`);
    writeFileSync(src, execFileSync('csmith', ['--seed', String(seed)]));
    const want = native(src, join(work, `cs${seed}`), [`-I${CSMITH_INCLUDE}`], 2000);
    if (want.status === null || want.ms > 2000) return; // runs too long natively
    const got = await run(await muslModule(src, [`-I${CSMITH_INCLUDE}`, '-w']), { maxTime: 100, maxInstructions: 50_000_000 });
    if (got.result.haltReason === 'max-instructions') return; // too long for the suite
    expect(got.result.haltReason).toBeUndefined();
    expect(got.stdout).toBe(want.stdout);
    expect(got.tests[0]?.exitCode).toBe(want.status);
  }, 150_000);
});
