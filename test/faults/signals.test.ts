// Issue 21 item 5: Ctrl-C (SIGINT) and SIGTERM, at explore time and during a long solver query, and a
// z3 process killed under sympath. The run stops within a few seconds (the query is cancelled by
// killing its z3 process), writes stats.json, exits 130 (SIGINT) or 143 (SIGTERM), and leaves no z3
// process behind.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aliveAs, childrenOf, HAVE_Z3, scratchWith, startSympath, validateOutputDir, waitFor, type Running } from './helpers.js';

const noTrace = (text: string): void => expect(text).not.toMatch(/\n\s+at /);

/** z3 children of the run. */
const z3Of = (run: Running): number[] => childrenOf(run.child.pid!).filter((c) => c.comm === 'z3').map((c) => c.pid);

/** Starts the slow-query program and waits until its one slow query is in progress (a z3 child, 2 s in). */
async function inSlowQuery(cwd: string, out: string): Promise<{ run: Running; z3: number[] }> {
  const run = startSympath(['run', '--libc', 'none', '--output-dir', out, 'slow-query.c'], cwd);
  await waitFor(() => run.stderr().includes('output directory is'), 60_000, 'the run to start');
  await waitFor(() => z3Of(run).length > 0, 10_000, 'a z3 process');
  await new Promise((r) => setTimeout(r, 2000));
  // Still running: the query takes far longer than this (minutes).
  expect(run.child.exitCode).toBeNull();
  return { run, z3: z3Of(run) };
}

function expectCleanInterrupt(r: { code: number | null; stderr: string }, dir: string, code: number): void {
  expect(r.code).toBe(code);
  noTrace(r.stderr);
  const v = validateOutputDir(dir);
  expect(v.problems).toEqual([]);
  expect(v.stats).not.toBeNull();
}

describe.skipIf(!HAVE_Z3)('signals', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s during a long solver query: the query is cancelled, stats written, no z3 left', async (signal, code) => {
    const cwd = scratchWith('slow-query.c');
    const { run, z3 } = await inSlowQuery(cwd, 'o');
    const t0 = Date.now();
    run.child.kill(signal);
    const r = await run.done;
    // Without cancelling, the stop waited for the query (minutes).
    expect(Date.now() - t0).toBeLessThan(5000);
    expectCleanInterrupt(r, join(cwd, 'o'), code);
    expect(r.stderr).toContain(`sympath: interrupted (${signal}); stopping`);
    expect(r.stderr).toContain('sympath: interrupted; tests written so far are kept');
    for (const pid of z3) expect(aliveAs(pid, 'z3')).toBe(false);
  });

  it('SIGINT at explore time (many quick queries): a clean stop with every test valid', async () => {
    const cwd = scratchWith('many-paths.c');
    const run = startSympath(['run', '--libc', 'none', '--search', 'dfs', '--output-dir', 'o', 'many-paths.c'], cwd);
    await waitFor(() => run.stderr().includes('output directory is'), 60_000, 'the run to start');
    await new Promise((r) => setTimeout(r, 3000));
    const z3 = z3Of(run);
    run.child.kill('SIGINT');
    const r = await run.done;
    expectCleanInterrupt(r, join(cwd, 'o'), 130);
    const v = validateOutputDir(join(cwd, 'o'));
    expect(v.tests).toBeGreaterThan(0);
    for (const pid of z3) expect(aliveAs(pid, 'z3')).toBe(false);
  });

  it('a second signal quits at once; no z3 is left either way', async () => {
    const cwd = scratchWith('slow-query.c');
    const { run, z3 } = await inSlowQuery(cwd, 'o');
    run.child.kill('SIGINT');
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(130);
    noTrace(r.stderr);
    const v = validateOutputDir(join(cwd, 'o'));
    expect(v.problems).toEqual([]);
    // Either the first signal's clean stop won the race (the final stats.json) or the second quit at
    // once, and then the message says what is missing (stats.json is the live one, if any).
    if (v.stats === null || v.stats.running) expect(r.stderr).toContain('the end of info is not written and stats.json stays as last written during the run');
    for (const pid of z3) expect(aliveAs(pid, 'z3')).toBe(false);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s while clang compiles: a message, the signal\'s exit code, no clang left', async (signal, code) => {
    const cwd = scratchWith();
    // Slow to compile (a second or more at -O0), so the signal lands while clang-19 runs.
    const body = Array.from({ length: 300 }, (_, i) => `  v = v * 31 + ${i} + (v >> 3);`).join('\n');
    const fns = Array.from({ length: 200 }, (_, f) => `int f${f}(int a) { int v = a;\n${body}\n  return v; }`).join('\n');
    writeFileSync(join(cwd, 'big.c'), `#include <klee/klee.h>\n${fns}\nint main(void) { int x; klee_make_symbolic(&x, sizeof x, "x"); return f0(x) > 3; }\n`);
    const run = startSympath(['run', '--libc', 'none', '--output-dir', 'o', 'big.c'], cwd, { env: { SYMPATH_CACHE: '0' } });
    const clang = (): number[] => childrenOf(run.child.pid!).filter((c) => c.comm === 'clang-19').map((c) => c.pid);
    await waitFor(() => clang().length > 0, 60_000, 'clang-19 to start');
    const compiling = clang();
    run.child.kill(signal);
    const r = await run.done;
    expect(r.code).toBe(code);
    noTrace(r.stderr);
    expect(r.stderr).toContain(`sympath: interrupted (${signal}); quitting at once (nothing was exploring`);
    // clang gets its SIGTERM as sympath exits and may take a moment to stop (a CI rehearsal saw it still
    // running right after sympath's exit): gone within 3 s, never left running.
    await waitFor(() => compiling.every((pid) => !aliveAs(pid, 'clang-19')), 3_000, 'clang-19 to stop').catch(() => {});
    for (const pid of compiling) expect(aliveAs(pid, 'clang-19')).toBe(false);
  });

  it('z3 killed under sympath: a fresh z3 is started and the run goes on; then SIGTERM stops it', async () => {
    const cwd = scratchWith('slow-query.c');
    const { run, z3 } = await inSlowQuery(cwd, 'o');
    process.kill(z3[0]!, 'SIGKILL');
    // The query is retried once on a fresh process (the slow query again).
    await waitFor(() => z3Of(run).some((p) => !z3.includes(p)), 10_000, 'a fresh z3 process');
    expect(run.child.exitCode).toBeNull();
    const fresh = z3Of(run);
    run.child.kill('SIGTERM');
    const r = await run.done;
    expectCleanInterrupt(r, join(cwd, 'o'), 143);
    for (const pid of [...z3, ...fresh]) expect(aliveAs(pid, 'z3')).toBe(false);
  });
});
