// `sympath run --workers N` (src/parallel): exhaustive DFS with two workers writes exactly the tests of
// one worker (same bytes), finds the same paths and errors on the symbolic fixtures, and the workers
// really hand prefixes to each other on a program with hundreds of paths.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRun, type RunFlags, type RunIO } from '../../src/cli/run.js';
import { ROOT } from '../engine/helpers.js';
import { readExpectation } from '../engine/symbolic.test.js';

let cwd: string;
beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'sympath-workers-'));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

function flags(extra: Partial<RunFlags>): RunFlags {
  return {
    I: [],
    D: [],
    O: '0',
    search: ['dfs'],
    seed: 1,
    maxTime: 0,
    maxInstructions: 0,
    maxMemory: 2000,
    maxDepth: 0,
    maxStackFrames: 8192,
    maxForks: 0,
    maxTests: 0,
    maxSolverTime: 0,
    solver: 'native',
    batchInstructions: 0,
    batchTime: 0,
    libc: 'none',
    prune: [],
    progress: 'none',
    ...extra,
  } as RunFlags;
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
