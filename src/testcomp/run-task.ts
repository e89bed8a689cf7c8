// One Test-Comp task end to end: read the task, compile it for its data model, explore it with the
// engine (library API, src/api/run.ts), turn the tests into Test-Comp's test suite, and replay them
// natively for gcov branch coverage and to confirm that reach_error is really reached.
//
// Data models: LP64 tasks run as `sympath run` does (x86-64 IR, musl). ILP32 tasks are compiled with
// clang-19 `--target=i386-linux-gnu` (the engine takes its layout, 32-bit pointers and `long`, from the
// module's datalayout) and run with `--libc none`, since sympath's musl is built for x86-64 only: a
// 32-bit task may call only the libc functions the engine has built in (malloc, memcpy, printf, …; others
// end the path with an `exec` error naming the function). Their native replay is built with `gcc -m32`.

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { run, type RunReport } from '../api/run.js';
import { readKTest } from '../engine/ktest.js';
import { replayOutputDir, type ReplayResult } from '../replay/index.js';
import { compileToLL } from '../toolchain/clang.js';
import { testInputs } from './inputs.js';
import { writeTestSuite, type SuiteTest } from './suite.js';
import { errorExpected, readTask, specification, type DataModel, type Task, type TestcompProperty } from './task.js';

export interface TestcompOptions {
  task: string;
  property: TestcompProperty;
  /** Overrides the task's data model. */
  dataModel?: DataModel;
  outputDir?: string;
  /** Seconds for the engine (0 = none). */
  maxTime?: number;
  search?: readonly string[];
  /** Stop after this many tests (0 = none). */
  maxTests?: number;
  /** Replay natively for coverage and reproduction (default true). */
  replay?: boolean;
  cwd?: string;
  producer: string;
  onMessage?: (line: string) => void;
}

export interface TestcompResult {
  task: string;
  property: TestcompProperty;
  dataModel: DataModel;
  outputDir: string;
  /** Whether the task says reach_error is reachable (unreach-call's expected_verdict false), if it says. */
  errorExpected: boolean | null;
  /** A test reaching reach_error was generated. */
  found: boolean;
  /** Seconds from the start of the command to the first reach-error test (wall and this process's CPU). */
  firstFinding: { wallSeconds: number; cpuSeconds: number } | null;
  haltReason: string;
  /** Tests the engine wrote, and those in the test suite (Cover-Branches: those adding branch coverage). */
  tests: number;
  suiteTests: number;
  suiteZip: string;
  /** Native replay: whether a reach-error test reproduced, and gcov coverage of the task's own file. */
  replay: {
    reproduced: boolean;
    branchesCovered: number;
    branchesTotal: number;
    linesCovered: number;
    linesTotal: number;
  } | null;
  wallSeconds: number;
  cpuSeconds: number;
}

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** test000001.ktest, … in creation order, with the error kind of each one that has a .err file. */
function listTests(outDir: string): { ktest: string; errorKind: string | null }[] {
  const names = readdirSync(outDir);
  const errs = new Map<string, string>();
  for (const n of names) {
    const m = /^(test\d+)\.(.+)\.err$/.exec(n);
    if (m) errs.set(m[1]!, m[2]!);
  }
  return names
    .filter((n) => /^test\d+\.ktest$/.test(n))
    .sort()
    .map((n) => ({ ktest: join(outDir, n), errorKind: errs.get(n.replace(/\.ktest$/, '')) ?? null }));
}

/**
 * Cover-Branches: the tests whose native run covered a branch no earlier test covered. Replay measures
 * gcov's cumulative branch count after each test, in creation order (coverage.json's timeline); a test
 * is kept when the count rose with it, so the kept tests cover exactly the branches all tests cover.
 */
function testsAddingBranches<T extends { ktest: string }>(tests: readonly T[], coverageJson: string): T[] {
  const timeline = (JSON.parse(readFileSync(coverageJson, 'utf8')) as { timeline: { test: string; branchesCovered: number }[] }).timeline;
  const adding = new Set<string>();
  let before = 0;
  for (const p of timeline) {
    if (p.branchesCovered > before) adding.add(p.test);
    before = Math.max(before, p.branchesCovered);
  }
  return tests.filter((t) => adding.has(basename(t.ktest)));
}

/** The program files `run` gets: the task's C files (LP64), or their i386 IR in `scratch` (ILP32). */
async function programFiles(task: Task, dataModel: DataModel, scratch: string): Promise<string[]> {
  if (dataModel === 'LP64') return task.inputFiles;
  const out = join(scratch, `${task.name}.i386.ll`);
  await compileToLL(task.inputFiles, { out, libc: 'none', clangArgs: ['--target=i386-linux-gnu'] });
  return [out];
}

/** Adds what `sympath replay OUTDIR` needs to build an ILP32 task natively (and its C sources) to run.json. */
function recordNativeBuild(outDir: string, task: Task, dataModel: DataModel): void {
  const path = join(outDir, 'run.json');
  const runJson = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  runJson.sources = task.inputFiles;
  runJson.nativeCflags = dataModel === 'ILP32' ? ['-m32'] : [];
  writeFileSync(path, `${JSON.stringify(runJson, null, 2)}\n`);
}

export async function runTestcompTask(o: TestcompOptions): Promise<TestcompResult> {
  const t0 = performance.now();
  const c0 = cpuNow();
  const cwd = o.cwd ?? process.cwd();
  const task = readTask(o.task, cwd);
  const dataModel = o.dataModel ?? task.dataModel;
  const scratch = mkdtempSync(join(tmpdir(), 'sympath-testcomp-'));
  let firstFinding: TestcompResult['firstFinding'] = null;
  let report: RunReport;
  try {
    const files = await programFiles(task, dataModel, scratch);
    report = await run({
      files,
      cwd,
      ...(o.outputDir !== undefined ? { outputDir: resolve(cwd, o.outputDir) } : {}),
      libc: dataModel === 'ILP32' ? 'none' : 'musl',
      ...(o.maxTime !== undefined ? { maxTime: o.maxTime } : {}),
      ...(o.search !== undefined && o.search.length > 0 ? { search: o.search } : {}),
      // Cover-Error needs one test that reaches reach_error: stop there. Cover-Branches writes every
      // path's test; native replay then keeps those that add branch coverage (testsAddingBranches).
      ...(o.property === 'coverage-error' ? { exitOnErrorType: ['reach-error'] } : {}),
      ...(o.maxTests !== undefined ? { maxTests: o.maxTests } : {}),
      onMessage: (line) => {
        if (firstFinding === null && /: reach-error: /.test(line)) {
          firstFinding = { wallSeconds: (performance.now() - t0) / 1000, cpuSeconds: cpuNow() - c0 };
        }
        o.onMessage?.(line);
      },
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const outDir = report.outputDir;
  recordNativeBuild(outDir, task, dataModel);

  const tests = listTests(outDir);
  let replay: TestcompResult['replay'] = null;
  let kept = tests;
  if (o.replay !== false && tests.length > 0) {
    const r: ReplayResult = await replayOutputDir(outDir, { html: false });
    const cov = r.json.coverage;
    replay = {
      reproduced: r.json.errors.some((e) => e.kind === 'reach-error' && e.reproduced),
      branchesCovered: cov.branchesCovered,
      branchesTotal: cov.branchesTotal,
      linesCovered: cov.linesCovered,
      linesTotal: cov.linesTotal,
    };
    if (o.property === 'coverage-branches') kept = testsAddingBranches(tests, r.files.coverageJson);
  }
  const suite: SuiteTest[] = kept.map((t) => ({ inputs: testInputs(readKTest(t.ktest)), coversError: t.errorKind === 'reach-error' }));
  const found = tests.some((t) => t.errorKind === 'reach-error');
  const written = writeTestSuite(
    outDir,
    {
      programFile: task.inputFiles[0]!,
      specification: specification(task, o.property),
      producer: o.producer,
      architecture: dataModel === 'ILP32' ? '32bit' : '64bit',
    },
    suite,
  );
  const result: TestcompResult = {
    task: task.file,
    property: o.property,
    dataModel,
    outputDir: outDir,
    errorExpected: errorExpected(task) ?? null,
    found,
    firstFinding,
    haltReason: report.haltReason,
    tests: tests.length,
    suiteTests: suite.length,
    suiteZip: written.zip,
    replay,
    wallSeconds: (performance.now() - t0) / 1000,
    cpuSeconds: cpuNow() - c0,
  };
  writeFileSync(join(outDir, 'testcomp.json'), `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

/** One line per fact, for the terminal. */
export function formatTestcompText(r: TestcompResult): string {
  const lines = [
    `sympath testcomp: ${basename(r.task)} (${r.property}, ${r.dataModel}): ${r.found ? 'reach_error reached' : 'reach_error not reached'}` +
      (r.errorExpected === null ? '' : ` (task: ${r.errorExpected ? 'reachable' : 'unreachable'})`),
    `  tests: ${r.tests} (${r.haltReason}); test suite: ${r.suiteTests} tests in ${r.suiteZip}`,
  ];
  if (r.firstFinding) lines.push(`  first finding after ${r.firstFinding.wallSeconds.toFixed(2)} s wall, ${r.firstFinding.cpuSeconds.toFixed(2)} s CPU (this process)`);
  if (r.replay) {
    lines.push(
      `  native replay: ${r.found ? `reach_error ${r.replay.reproduced ? 'reproduced' : 'NOT reproduced'}` : 'no reach_error test to reproduce'}; branches ${r.replay.branchesCovered}/${r.replay.branchesTotal}, lines ${r.replay.linesCovered}/${r.replay.linesTotal}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

