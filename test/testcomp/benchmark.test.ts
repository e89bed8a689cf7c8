// The Test-Comp benchmark runner (benchmarks/testcomp/run.ts) on a copy of one fixture task: a result
// file per run, the markdown and JSON summaries, and a second invocation that resumes (runs nothing).

import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { errorKindsOf } from '../../src/cli/run-errors.js';
import { removeTempDirs, root, tasksDir, tempDir } from './helpers.js';

afterAll(removeTempDirs);

describe('benchmarks/testcomp/run.ts', () => {
  it('writes one result file per run, summarises, and skips runs already done', { timeout: 240_000 }, async () => {
    const work = tempDir();
    const tasks = join(work, 'tasks');
    mkdirSync(tasks);
    for (const f of ['nondet-assume.yml', 'nondet-assume.c', 'properties']) cpSync(join(tasksDir, f), join(tasks, f), { recursive: true });
    const out = join(work, 'results');
    const bench = (): Promise<{ exitCode?: number; stderr: string }> =>
      execa(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'benchmarks', 'testcomp', 'run.ts'), tasks, '--out', out, '--time', '30', '--properties', 'coverage-error'], { reject: false });
    const first = await bench();
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).toContain('1 runs to do (0 done before)');
    const rec = JSON.parse(readFileSync(join(out, 'runs', 'nondet-assume.coverage-error.json'), 'utf8'));
    expect(rec).toMatchObject({ task: 'nondet-assume.yml', property: 'coverage-error', status: 'ok', errorExpected: true, verdict: 'found', reproduced: true });
    expect(rec.firstFindingWall).toBeGreaterThan(0);
    expect(rec.cpuSeconds).toBeGreaterThan(0);
    const summary = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).summary;
    expect(summary).toMatchObject({ found: 1, notFound: 0, falseAlarms: 0, noError: 0, failed: 0 });
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toContain('| nondet-assume.yml | reachable | found |');

    const second = await bench();
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stderr).toContain('0 runs to do (1 done before)');
  });
});

describe('exit-on-error types', () => {
  it("KLEE's Assert covers reach-error, and reach-error is a kind of its own", () => {
    expect([...errorKindsOf(['Assert'])].sort()).toEqual(['assert', 'reach-error']);
    expect([...errorKindsOf(['reach-error'])]).toEqual(['reach-error']);
  });
});
