// `sympath testcomp` end to end on the fixture tasks (benchmarks/testcomp/tasks, sv-benchmarks' style):
// the Test-Comp input model in the engine (nondet values named in call order, __VERIFIER_assume,
// reach_error as its own error kind even where the task defines it), both data models, the test suite
// valid against the DTDs, native replay reproducing reach_error (-m32 under qemu-i386 for ILP32), no
// false alarm on tasks whose error is unreachable, and Cover-Branches keeping only tests that add
// branch coverage natively.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { readKTest } from '../../src/engine/ktest.js';
import { schemaPath } from '../../src/index.js';
import { runTestcompTask, type TestcompResult } from '../../src/testcomp/run-task.js';
import type { DataModel, TestcompProperty } from '../../src/testcomp/task.js';
import { dtdErrors, removeTempDirs, tasksDir, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const T = 180_000;

async function runTask(name: string, property: TestcompProperty = 'coverage-error', dataModel?: DataModel): Promise<TestcompResult> {
  const outputDir = join(tempDir(), 'out');
  return runTestcompTask({ task: join(tasksDir, `${name}.yml`), property, outputDir, maxTime: 60, producer: 'sympath test', ...(dataModel ? { dataModel } : {}) });
}

const parser = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === 'input', parseTagValue: false });

/** The suite's test cases: coversError and the <input> texts, after checking every file against its DTD. */
function suiteOf(r: TestcompResult): { coversError: boolean; inputs: string[]; types: string[] }[] {
  const dir = join(r.outputDir, 'test-suite');
  expect(dtdErrors(join(dir, 'metadata.xml'), 'test-metadata')).toBeNull();
  const files = readdirSync(dir).filter((f) => /^test\d+\.xml$/.test(f)).sort();
  expect(files.length).toBe(r.suiteTests);
  return files.map((f) => {
    expect(dtdErrors(join(dir, f), 'testcase')).toBeNull();
    const tc = parser.parse(readFileSync(join(dir, f), 'utf8')).testcase;
    const inputs = (tc.input ?? []) as { '#text': string; '@_type': string }[];
    return { coversError: tc['@_coversError'] === 'true', inputs: inputs.map((i) => i['#text']), types: inputs.map((i) => i['@_type']) };
  });
}

describe('sympath testcomp', () => {
  it('finds reach_error behind an assumption, names the inputs in call order, and reproduces it natively', { timeout: T }, async () => {
    const r = await runTask('nondet-assume');
    expect(r.found).toBe(true);
    expect(r.errorExpected).toBe(true);
    expect(r.firstFinding).not.toBeNull();
    expect(r.replay?.reproduced).toBe(true);
    const err = readdirSync(r.outputDir).find((f) => f.endsWith('.reach-error.err'))!;
    expect(readFileSync(join(r.outputDir, err), 'utf8')).toMatch(/reach_error\(\) reached/);
    const kt = readKTest(join(r.outputDir, err.replace(/\.reach-error\.err$/, '.ktest')));
    expect(kt.objects.map((o) => o.name)).toEqual(['nondet_int#1', 'nondet_uchar#2']);
    const hit = suiteOf(r).filter((t) => t.coversError);
    expect(hit).toEqual([{ coversError: true, inputs: ['74', '107'], types: ['int', 'unsigned char'] }]);
    expect(r.dataModel).toBe('LP64');
    expect(readFileSync(join(r.outputDir, 'test-suite', 'metadata.xml'), 'utf8')).toContain('<architecture>64bit</architecture>');
  });

  it('reads every kind at its size and sign; atomic functions are plain calls', { timeout: T }, async () => {
    const r = await runTask('types-mix');
    expect(r.found).toBe(true);
    expect(r.replay?.reproduced).toBe(true);
    const hit = suiteOf(r).find((t) => t.coversError)!;
    expect(hit.inputs).toEqual(['1', '-5', '-1000', '65000', '-1099511627776']);
    expect(hit.types).toEqual(['_Bool', 'char', 'short', 'unsigned short', 'long long']);
  });

  it('gives a double input its 8 bytes and prints it as a double', { timeout: T }, async () => {
    const r = await runTask('double-bits');
    expect(r.found).toBe(true);
    expect(r.replay?.reproduced).toBe(true);
    expect(suiteOf(r).find((t) => t.coversError)!.inputs).toEqual(['3.25']);
  });

  it('finds a float bug (x + 1.0f == x from 2^24 on) and reproduces it natively: floats are solved, not fixed to one value', { timeout: T }, async () => {
    const r = await runTask('float-rounding');
    expect(r.found).toBe(true);
    expect(r.replay?.reproduced).toBe(true);
    const hit = suiteOf(r).find((t) => t.coversError)!;
    expect(hit.types).toEqual(['float']);
    expect(Number(hit.inputs[0])).toBeGreaterThanOrEqual(2 ** 24);
  });

  it('finds a bug that needs an array of a symbolic size longer than the smallest, and reproduces it natively', { timeout: T }, async () => {
    const r = await runTask('symbolic-size-array');
    expect(r.found).toBe(true);
    expect(r.replay?.reproduced).toBe(true);
    const hit = suiteOf(r).find((t) => t.coversError)!;
    expect(Number(hit.inputs[0])).toBeGreaterThanOrEqual(16);
  });

  it('compiles an ILP32 task for i386: the 32-bit wrap-around is found and reproduced with gcc -m32', { timeout: T }, async () => {
    const r = await runTask('ilp32-wrap');
    expect(r.dataModel).toBe('ILP32');
    expect(r.found).toBe(true);
    expect(r.replay?.reproduced).toBe(true);
    const hit = suiteOf(r).find((t) => t.coversError)!;
    expect(hit).toEqual({ coversError: true, inputs: ['4294967295'], types: ['unsigned long'] });
    expect(readFileSync(join(r.outputDir, 'test-suite', 'metadata.xml'), 'utf8')).toContain('<architecture>32bit</architecture>');
    const runJson = JSON.parse(readFileSync(join(r.outputDir, 'run.json'), 'utf8'));
    expect(runJson.nativeCflags).toEqual(['-m32']);
    const ajv = new Ajv2020({ allErrors: true });
    const validRun = ajv.compile(JSON.parse(readFileSync(schemaPath('run'), 'utf8')));
    expect(validRun(runJson) ? '' : ajv.errorsText(validRun.errors)).toBe('');
    const validStats = ajv.compile(JSON.parse(readFileSync(schemaPath('stats'), 'utf8')));
    const stats = JSON.parse(readFileSync(join(r.outputDir, 'stats.json'), 'utf8'));
    expect(validStats(stats) ? '' : ajv.errorsText(validStats.errors)).toBe('');
    expect(JSON.stringify(stats)).toContain('reach-error');
    // The same task as LP64: unsigned long is 64 bits, the sum does not wrap, nothing is found.
    const lp64 = await runTask('ilp32-wrap', 'coverage-error', 'LP64');
    expect(lp64.found).toBe(false);
    expect(lp64.haltReason).toBe('all paths explored');
  });

  it('raises no false alarm on tasks without a reachable reach_error', { timeout: T }, async () => {
    for (const name of ['no-error-parity', 'no-error-loop', 'ilp32-pointer']) {
      const r = await runTask(name);
      expect(r.errorExpected, name).toBe(false);
      expect(r.found, name).toBe(false);
      expect(r.haltReason, name).toBe('all paths explored');
      expect(readdirSync(r.outputDir).filter((f) => f.endsWith('.err')), name).toEqual([]);
      expect(suiteOf(r).every((t) => !t.coversError), name).toBe(true);
    }
  });

  it('Cover-Branches keeps only the tests that add gcov branch coverage, with the coverage of all', { timeout: T }, async () => {
    const r = await runTask('no-error-loop', 'coverage-branches');
    expect(r.tests).toBe(12); // n = 0..11: one path each (step values do not branch)
    expect(r.suiteTests).toBeGreaterThan(0);
    expect(r.suiteTests).toBeLessThan(r.tests);
    const cov = JSON.parse(readFileSync(join(r.outputDir, 'coverage.json'), 'utf8')) as { timeline: { test: string; branchesCovered: number }[] };
    const rises = cov.timeline.filter((p, i) => p.branchesCovered > (i === 0 ? 0 : cov.timeline[i - 1]!.branchesCovered)).length;
    expect(r.suiteTests).toBe(rises);
    expect(r.replay!.branchesCovered).toBe(cov.timeline.at(-1)!.branchesCovered);
    expect(r.replay!.branchesTotal).toBeGreaterThan(0);
    expect(existsSync(join(r.outputDir, 'test-suite.zip'))).toBe(true);
  });
});
