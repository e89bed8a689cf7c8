// `sympath run --workers N` (src/parallel): exhaustive DFS with two workers writes exactly the tests of
// one worker (same bytes), finds the same paths and errors on the symbolic fixtures, and the workers
// really hand prefixes to each other on a program with hundreds of paths.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRun, type RunFlags, type RunIO } from '../../src/cli/run.js';
import { defaultRunFlags } from '../../src/cli/run-options.js';
import { readKTest } from '../../src/engine/ktest.js';
import { liveWorkerThreads } from '../../src/parallel/spawn.js';
import { ROOT } from '../engine/helpers.js';

let cwd: string;
beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'sympath-workers-'));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

/** The CLI's defaults (defaultRunFlags), DFS without libc, quiet; then `extra`. */
function flags(extra: Partial<RunFlags>): RunFlags {
  return { ...defaultRunFlags(), search: ['dfs'], libc: 'none', progress: 'none', ...extra } as RunFlags;
}

const quietIO = (): RunIO => ({
  cwd,
  commandLine: ['run'],
  out: () => undefined,
  err: (t: string) => void (process.env.SHOW_ERR && process.stderr.write(t)),
  stdoutBytes: () => undefined,
  stderrBytes: () => undefined,
  progress: false,
});

/** The run's .ktest files as a sorted list of their bytes (hex), and its error sites. */
function testsOf(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ktest'))
    .map((f) => readFileSync(join(dir, f)).toString('hex'))
    .sort();
}

let runs = 0;
async function run(file: string, workers: number, extra: Partial<RunFlags> = {}) {
  const out = join(cwd, `out-${runs++}`);
  const r = await executeRun([file], flags({ outputDir: out, workers, ...extra }), quietIO());
  return { ...r, tests: testsOf(out) };
}

const errorSites = (errors: readonly { kind: string; line: number }[]): string[] => errors.map((e) => `${e.kind}@${e.line}`).sort();

describe('--workers 2 on a program with 1536 paths', () => {
  it('writes byte for byte the tests of one worker, after handing prefixes between the workers', async () => {
    const file = join(ROOT, 'test', 'fixtures', 'parallel', 'paths.c');
    const one = await run(file, 1, { canonicalTests: true });
    const two = await run(file, 2);
    expect(one.stats.paths.completed).toBe(1536);
    expect(two.stats.paths).toEqual(one.stats.paths);
    expect(two.tests.length).toBe(one.tests.length);
    expect(two.tests).toEqual(one.tests);
    expect(errorSites(two.stats.errors)).toEqual(errorSites(one.stats.errors));
    const w = two.stats.workers as { count: number; jobs: number; prefixInstructions: number; prefixDecisions: number; perWorker: { jobs: number; paths: { completed: number } }[] };
    expect(w.count).toBe(2);
    // Work moved: more than the initial job, and both workers completed paths.
    expect(w.jobs).toBeGreaterThan(1);
    expect(w.prefixDecisions).toBeGreaterThan(0);
    expect(w.prefixInstructions).toBeGreaterThan(0);
    expect(w.perWorker.length).toBe(2);
    for (const pw of w.perWorker) expect(pw.paths.completed).toBeGreaterThan(0);
    expect(w.perWorker.reduce((a, pw) => a + pw.paths.completed, 0)).toBe(1536);
    // Instruction and line coverage from the shared counts; branch coverage is a lower bound (README).
    const { branchesCovered: b2, ...cov2 } = two.stats.coverage;
    const { branchesCovered: b1, ...cov1 } = one.stats.coverage;
    expect(cov2).toEqual(cov1);
    expect(b2).toBeLessThanOrEqual(b1!);
    expect(one.stats.workers).toBeUndefined();
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------

const symbolic = join(ROOT, 'test', 'fixtures', 'symbolic');
const sgs = join(ROOT, 'test', 'fixtures', 'sgs');
const fixtures = [
  ...readdirSync(symbolic)
    .filter((f) => f.endsWith('.c'))
    .sort()
    .map((f) => join(symbolic, f)),
  join(sgs, 'bounded.c'),
  join(sgs, 'pointer.c'),
  join(sgs, 'switch.c'),
];

describe('--workers 2 on the symbolic fixtures: the paths, errors and tests of one worker', () => {
  it.each(fixtures.map((f) => [f.slice(ROOT.length + 1), f]))('%s', async (_name, file) => {
    // The fixture's engine options that are CLI options too (test/fixtures/symbolic/README.md).
    const extra: Partial<RunFlags> = /^\/\/ OPTIONS:.*checkOvershift/m.test(readFileSync(file, 'utf8')) ? { checkOvershift: true } : {};
    const one = await run(file, 1, { ...extra, canonicalTests: true });
    const two = await run(file, 2, extra);
    expect(two.stats.paths).toEqual(one.stats.paths);
    expect(errorSites(two.stats.errors)).toEqual(errorSites(one.stats.errors));
    expect(two.tests).toEqual(one.tests);
    expect(two.haltReason).toBe('all paths explored');
    expect(liveWorkerThreads()).toBe(0);
  }, 60_000);
});

describe('--workers 2 with other searchers and options', () => {
  const file = join(ROOT, 'test', 'fixtures', 'parallel', 'paths.c');

  it('random-path + nurs:covnew (the default) explores every path too: the same tests as one DFS worker', async () => {
    const dfs = await run(file, 1, { canonicalTests: true });
    const def = await run(file, 2, { search: [] });
    expect(def.stats.search).not.toBe(dfs.stats.search);
    expect(def.stats.paths).toEqual(dfs.stats.paths);
    expect(def.tests).toEqual(dfs.tests);
  }, 120_000);

  it('--only-output-states-covering-new sees what every worker covered: one test per newly covering path at most', async () => {
    const all = await run(file, 2, {});
    const covering = await run(file, 2, { onlyOutputStatesCoveringNew: true });
    expect(covering.stats.paths).toEqual(all.stats.paths);
    // Every instruction is covered once in the whole run, so at most as many tests as instructions, far fewer than paths.
    expect(covering.tests.length).toBeGreaterThan(0);
    expect(covering.tests.length).toBeLessThanOrEqual(all.stats.coverage.instructionsCovered);
    expect(covering.tests.length).toBeLessThan(all.tests.length / 10);
  }, 120_000);

  it('an interruption stops every worker: stats.json written, the tests written are whole, no thread left', async () => {
    const out = join(cwd, 'interrupted');
    let interrupt: (() => void) | null = null;
    const io: RunIO = { ...quietIO(), onInterrupt: (abort) => ((interrupt = abort), () => undefined) };
    const timer = setInterval(() => {
      // Once some tests exist, as Ctrl-C would.
      try {
        if (readdirSync(out).filter((f) => f.endsWith('.ktest')).length >= 20) interrupt?.();
      } catch {
        // not created yet
      }
    }, 20);
    let r;
    try {
      // benchmarks/parallel/paths4k.c (seconds of exploration): paths.c's 1,536 paths could all be written
      // between two looks of the timer on a fast machine.
      r = await executeRun([join(ROOT, 'benchmarks', 'parallel', 'paths4k.c')], flags({ outputDir: out, workers: 2 }), io);
    } finally {
      clearInterval(timer);
    }
    expect(r.interrupted).toBe(true);
    const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
    expect(stats.running).toBe(false);
    expect(stats.haltReason).toBe('interrupted');
    const tests = readdirSync(out).filter((f) => f.endsWith('.ktest'));
    expect(tests.length).toBe(stats.tests);
    expect(tests.length).toBeLessThan(4096);
    for (const t of tests) expect(() => readKTest(join(out, t))).not.toThrow();
    expect(liveWorkerThreads()).toBe(0);
  }, 120_000);

  it("--max-time is the run's: every worker halts, the live states get partial tests, no thread left", async () => {
    const big = join(ROOT, 'benchmarks', 'parallel', 'paths4k.c');
    const t0 = performance.now();
    // ~6 CPU s of exploration (benchmarks/parallel/paths4k.c): 1 s of it cannot finish on any machine
    // (with the program's earlier 150-round loop, a faster machine explored it all within 3 s).
    const r = await run(big, 2, { maxTime: 1 });
    expect((performance.now() - t0) / 1000).toBeLessThan(60);
    expect(r.stats.haltReason).toBe('max-time');
    expect(r.stats.paths.completed).toBeLessThan(4096);
    expect(r.stats.paths.partial).toBeGreaterThan(0);
    expect(r.tests.length).toBe(r.stats.tests);
    expect(liveWorkerThreads()).toBe(0);
  }, 120_000);

  it("refuses options that are one engine's", async () => {
    await expect(run(file, 2, { maxInstructions: 1000 })).rejects.toThrow(/--workers 2 and --max-instructions do not combine/);
    await expect(run(file, 0)).rejects.toThrow(/--workers: expected a whole number >= 1/);
  });
});

describe('--workers 2 from the bundled CLI (bin/sympath.mjs)', () => {
  it('starts its worker threads from the bundle, and its stats.json has the workers section of the schema', async () => {
    const file = join(ROOT, 'test', 'fixtures', 'parallel', 'paths.c');
    const out = join(cwd, 'bundled');
    const r = await execa(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), 'run', '--search', 'dfs', '--libc', 'none', '--progress', 'none', '--workers', '2', '--output-dir', out, file], {
      reject: false,
      stdin: 'ignore',
      cwd,
    });
    expect(r.exitCode, String(r.stderr)).toBe(0);
    const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
    const ajv = new Ajv2020({ allErrors: true });
    const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas', 'stats.schema.json'), 'utf8')));
    expect(validate(stats) ? '' : ajv.errorsText(validate.errors)).toBe('');
    expect(stats.paths.completed).toBe(1536);
    expect(stats.workers.count).toBe(2);
    expect(stats.workers.perWorker.length).toBe(2);
    // Where the CPU went, per thread (Linux's /proc): each worker thread ran, and their sum is part of the process's.
    if (existsSync('/proc/thread-self/stat')) {
      const workersCpu = stats.workers.perWorker.map((w: { cpuSeconds: number }) => w.cpuSeconds);
      for (const c of workersCpu) expect(c).toBeGreaterThan(0);
      expect(stats.workers.mainThreadCpuSeconds).toBeGreaterThan(0);
    }
    // The same tests as the run from the sources (test above): the canonical inputs of every path.
    const fromSources = await run(file, 1, { canonicalTests: true });
    expect(testsOf(out)).toEqual(fromSources.tests);
  }, 180_000);

  it('SIGTERM to the CLI: exit 143, stats.json final and interrupted, the tests written whole', async () => {
    const file = join(ROOT, 'benchmarks', 'parallel', 'paths4k.c');
    const out = join(cwd, 'sigterm');
    const child = execa(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), 'run', '--search', 'dfs', '--libc', 'none', '--progress', 'none', '--workers', '2', '--output-dir', out, file], {
      reject: false,
      stdin: 'ignore',
      cwd,
    });
    const started = Date.now();
    for (;;) {
      let n = 0;
      try {
        n = readdirSync(out).filter((f) => f.endsWith('.ktest')).length;
      } catch {
        // not created yet
      }
      if (n >= 50 || Date.now() - started > 120_000) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGTERM');
    const r = await child;
    expect(r.exitCode, String(r.stderr)).toBe(143);
    const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
    expect(stats.running).toBe(false);
    expect(stats.haltReason).toBe('interrupted');
    const tests = readdirSync(out).filter((f) => f.endsWith('.ktest'));
    expect(tests.length).toBe(stats.tests);
    expect(tests.length).toBeGreaterThanOrEqual(50);
    expect(tests.length).toBeLessThan(4096);
    for (const t of tests) expect(() => readKTest(join(out, t))).not.toThrow();
  }, 180_000);
});
