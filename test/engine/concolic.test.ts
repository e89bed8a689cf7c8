// Concolic execution and drivers (src/engine/concolic):
//   - replay: every .ktest `sympath run` writes, run concolically, follows exactly the path that
//     produced it — the same symbolic branch instances in the same directions as the forking run
//     recorded them (wantsTrace), and the same termination;
//   - the reference driver (DART-style generational search) finds, on the bounded symbolic fixtures,
//     the same number of paths and the same error sites as the forking engine with DFS;
//   - `sympath run --driver concolic` writes the same stats as the forking run.
// Every run uses the bare engine (`--libc none`).

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, test } from 'vitest';
import { defineRunCommand, executeRun, type RunIO } from '../../src/cli/run.js';
import { executeConcolic, GenerationalSearch, runDriver } from '../../src/engine/concolic/index.js';
import { runProgram } from '../../src/engine/executor.js';
import type { ExplorationHooks, TraceEntry } from '../../src/engine/hooks.js';
import { readKTest } from '../../src/engine/ktest.js';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from '../../src/engine/options.js';
import type { TestCase } from '../../src/engine/test-case.js';
import type { Trace } from '../../src/engine/trace/index.js';
import { loadModule } from '../../src/ir/index.js';
import { createSearcher } from '../../src/search/index.js';
import { createSolver } from '../../src/solver/index.js';
import type { StatsJson } from '../../src/engine/stats.js';
import { closeSolver, fixtureOptions, moduleOf, ROOT, run, solver } from './helpers.js';

afterAll(closeSolver);

const DIR = join(ROOT, 'test', 'fixtures', 'symbolic');
const FIXTURES = readdirSync(DIR).filter((f) => f.endsWith('.c')).sort();
const work = mkdtempSync(join(tmpdir(), 'sympath-concolic-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Branch decisions compared between runs: conditional branches, switches and implicit checks. */
const COMPARED = new Set(['br', 'switch', 'indirectbr', 'udiv', 'sdiv', 'urem', 'srem', 'shl', 'lshr', 'ashr']);

function forkDecisions(t: TraceEntry | null): string[] {
  const out: string[] = [];
  for (let e = t; e !== null; e = e.prev) if (COMPARED.has(e.inst.op)) out.push(`${e.inst.id}:${e.direction}`);
  return out.reverse();
}

function concolicDecisions(t: Trace): string[] {
  return t.constraints.filter((c) => c.direction >= 0 && COMPARED.has(t.inst(c.instance).op)).map((c) => `${t.staticId(c.instance)}:${c.direction}`);
}

function endOfTest(t: TestCase): string {
  if (t.termination === 'exit') return `exit ${t.exitCode}`;
  if (t.termination === 'error') return `error ${t.error!.kind}@${t.error!.line}`;
  return t.termination;
}

function endOfTrace(t: Trace): string {
  const e = t.end;
  if (e.kind === 'exit') return `exit ${e.exitCode}`;
  if (e.kind === 'error') return `error ${e.errorKind}@${e.line}`;
  return e.kind;
}

async function cliRun(args: string[], file: string): Promise<{ dir: string; stats: StatsJson }> {
  let flags: Parameters<typeof executeRun>[1] | undefined;
  let positional: string[] = [];
  const program = new Command('sympath').exitOverride().configureOutput({ writeErr: () => undefined });
  defineRunCommand(program, (p, f) => {
    positional = p;
    flags = f;
  });
  const dir = join(work, `out-${Math.random().toString(36).slice(2)}`);
  program.parse(['node', 'sympath', 'run', '--libc', 'none', '--solver', 'native', '--output-dir', dir, ...args, file]);
  const io: RunIO = {
    cwd: work,
    commandLine: ['run', ...args, file],
    out: () => undefined,
    err: () => undefined,
    stdoutBytes: () => undefined,
    stderrBytes: () => undefined,
    progress: false,
  };
  const { stats } = await executeRun(positional, flags!, io);
  return { dir, stats };
}

describe('concolic replay of the tests sympath run writes', () => {
  test.each(FIXTURES)('%s', async (file) => {
    const { dir } = await cliRun(['--search', 'dfs'], join(DIR, file));
    const ktests = readdirSync(dir).filter((f) => f.endsWith('.ktest')).sort();
    // The forking run again, on the same IR and searcher, recording each test's branch trace.
    const m = await loadModule(join(dir, 'program.ll'));
    const tests: TestCase[] = [];
    const decisions = new Map<TestCase, string[]>();
    const capture: ExplorationHooks = {
      name: 'capture',
      wantsTrace: true,
      onTerminate: (s, t) => {
        if (t) decisions.set(t, forkDecisions(s.trace));
      },
    };
    const fresh = await createSolver({ backend: 'native', timeoutSeconds: 10 });
    const opts: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, search: ['dfs'], programSourceFiles: [join(DIR, file)] };
    try {
      await runProgram(m, opts, {
        solver: fresh,
        sink: { add: (t) => (tests.push(t), `test${tests.length}`) },
        createSearcher: (ctx) => createSearcher(['dfs'], ctx, { batchInstructions: 0 }),
        hooks: [capture],
        stdout: () => {},
        stderr: () => {},
      });
    } finally {
      await fresh.close();
    }
    expect(ktests.length).toBe(tests.length);
    expect(ktests.length).toBeGreaterThan(0);
    for (const [k, name] of ktests.entries()) {
      const kt = readKTest(join(dir, name));
      const r = await executeConcolic(m, opts, kt, { stdout: () => {}, stderr: () => {} });
      const want = tests[k]!;
      expect({ test: name, decisions: concolicDecisions(r.trace), end: endOfTrace(r.trace) }).toEqual({
        test: name,
        decisions: decisions.get(want),
        end: endOfTest(want),
      });
      // The replay's test carries the .ktest's bytes.
      expect(r.test?.objects.map((o) => Buffer.from(o.bytes).toString('hex'))).toEqual(kt.objects.map((o) => Buffer.from(o.bytes).toString('hex')));
    }
  });
});

describe('the generational driver finds the paths and error sites of a forking DFS run', () => {
  // err_model.c bounds the objects a symbolic pointer may point to (a budget of the forking engine's
  // pointer resolution); a concolic run resolves each pointer to the one object its input selects, so
  // it never meets the bound and explores the three objects as three paths.
  const cases = FIXTURES.filter((f) => f !== 'err_model.c');
  test.each(cases)('%s', async (file) => {
    const path = join(DIR, file);
    const options = fixtureOptions(readFileSync(path, 'utf8'));
    const fork = await run(moduleOf({ file: path }), options);
    const errorsOf = (ts: TestCase[]): string[] =>
      ts
        .filter((t) => t.termination === 'error')
        .map((t) => `${t.error!.kind}@${t.error!.line}`)
        .sort();
    const tests: TestCase[] = [];
    const driver = new GenerationalSearch();
    const r = await runDriver(
      moduleOf({ file: path }),
      { ...DEFAULT_ENGINE_OPTIONS, ...options },
      { solver: await solver(), sink: { add: (t) => (tests.push(t), `t${tests.length}`) }, stdout: () => {}, stderr: () => {} },
      driver,
    );
    expect({ paths: r.paths, errors: errorsOf(tests) }).toEqual({ paths: fork.result.paths, errors: errorsOf(fork.tests) });
    expect(driver.stats.divergences).toBe(0);
  });
});

describe('sympath run --driver concolic', () => {
  test.each(['branches.c', 'symptr_heap.c', 'err_invalid_free.c'])('%s: the stats of the forking run', async (file) => {
    const fork = await cliRun(['--search', 'dfs'], join(DIR, file));
    const conc = await cliRun(['--driver', 'concolic'], join(DIR, file));
    expect(conc.stats.search).toBe('driver:concolic');
    expect(conc.stats.paths).toEqual(fork.stats.paths);
    expect(conc.stats.tests).toBe(fork.stats.tests);
    expect(conc.stats.errors.map((e) => `${e.kind}@${e.line}`).sort()).toEqual(fork.stats.errors.map((e) => `${e.kind}@${e.line}`).sort());
    expect(conc.stats.coverage).toEqual(fork.stats.coverage);
    expect(JSON.parse(readFileSync(join(conc.dir, 'stats.json'), 'utf8')).paths).toEqual(fork.stats.paths);
  });
});

describe('inputs that violate a klee_assume', () => {
  const text = `#include <klee/klee.h>
int main(void) {
  int r = klee_range(5, 9, "r");
  if (r == 7)
    return 1;
  return 0;
}
`;
  test('a single run ends in the user error and names the assumption it violated', async () => {
    const r = await executeConcolic(moduleOf({ text }), DEFAULT_ENGINE_OPTIONS, new Map(), { stdout: () => {} });
    expect(r.termination).toMatchObject({ kind: 'error', errorKind: 'user' });
    expect(r.refutedAssumption).not.toBeNull();
  });

  test('the driver context re-solves them: the all-zero start input still finds both paths and no error', async () => {
    const tests: TestCase[] = [];
    const r = await runDriver(
      moduleOf({ text }),
      DEFAULT_ENGINE_OPTIONS,
      { solver: await solver(), sink: { add: (t) => (tests.push(t), `t${tests.length}`) }, stdout: () => {} },
      new GenerationalSearch(),
    );
    expect(r.paths).toEqual({ completed: 2, errors: 0, partial: 0, pruned: 0 });
    expect(tests.map((t) => t.exitCode).sort()).toEqual([0, 1]);
  });
});
