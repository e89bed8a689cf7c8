// `sympath run --search subpath:combined`: the paper's portfolio — four engine runs (N = 1, 2, 4, 8), a
// quarter of --max-time each, tests pooled in one output directory with continued numbering and one
// stats.json over all four. Checked with a fake engine (RunDeps), as test/output/run.test.ts does.

import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { defineRunCommand, executeRun, mergeRunResults, runPhases, type RunDeps, type RunFlags, type RunIO, type RunResultLike } from '../../src/cli/run.js';
import { UserError } from '../../src/cli/user-error.js';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from '../../src/engine/options.js';
import { statsProblems } from '../../src/engine/stats.js';
import type { Module } from '../../src/ir/model.js';
import { detachedLeaf } from '../../src/search/ptree.js';
import { Rng } from '../../src/search/rng.js';
import type { Solver } from '../../src/solver/solver.js';

function parse(args: string[]): RunFlags {
  let got: RunFlags | undefined;
  const program = new Command('sympath').exitOverride().configureOutput({ writeErr: () => undefined });
  defineRunCommand(program, (_positional, flags) => {
    got = flags;
  })
    .exitOverride()
    .configureOutput({ writeErr: () => undefined });
  program.parse(['node', 'sympath', 'run', ...args, 'prog.c']);
  return got!;
}

function io(cwd: string, err: string[]): RunIO {
  return {
    cwd,
    commandLine: ['run', 'prog.c'],
    out: () => undefined,
    err: (t) => err.push(t),
    stdoutBytes: () => undefined,
    stderrBytes: () => undefined,
    progress: false,
  };
}

interface Call {
  search: string[];
  maxTime: number;
  searcherName: string;
}

/** A fake engine: run k writes k + 1 tests and reports `halt(k)`. */
function fakeDeps(calls: Call[], halt: (k: number) => string | undefined = () => 'max-time'): RunDeps {
  return {
    async compileToLL(_files, opts) {
      writeFileSync(opts.out!, '; fake IR\n');
      return opts.out!;
    },
    async optimizeLL() {},
    loadModule: (path) => ({ file: path, globals: [], functions: [{ name: 'main', isDeclaration: false }] }) as unknown as Module,
    async createSolver() {
      return { stats: { queries: 10, z3Queries: 1, cacheHits: 2, seconds: 0.5 }, close: async () => undefined } as unknown as Solver;
    },
    async runProgram(_module, opts: EngineOptions, env) {
      const k = calls.length;
      const searcher = env.createSearcher({
        rng: new Rng(opts.seed),
        isCovered: () => false,
        executionCount: () => 0,
        callPathInstructionCount: () => 0,
        minDistanceToUncovered: () => Infinity,
      });
      calls.push({ search: opts.search, maxTime: opts.maxTime, searcherName: searcher.name });
      const s = { id: 1, depth: 0, ptreeNode: detachedLeaf(), instsSinceCovNew: 0, pcInstructionId: 0, callPathKey: '-1', forkHistory: [] };
      s.ptreeNode.state = s;
      searcher.update(null, [s], []);
      searcher.select();
      for (let t = 0; t <= k; t++) {
        env.sink.add({ termination: 'exit', exitCode: 0, objects: [{ name: 'x', bytes: new Uint8Array([k, t]) }], instructions: 3, coveredNew: true });
      }
      const r: RunResultLike = {
        instructions: 100 * (k + 1),
        paths: { completed: k + 1, errors: 0, partial: 1, pruned: 0 },
        statesPeak: 10 + k,
        coverage: { instructionsCovered: [5, 9, 7, 6][k] ?? 0, instructionsTotal: 20, linesCovered: [2, 4, 3, 3][k] ?? 0, linesTotal: 8 },
        wallSeconds: 1,
      };
      const why = halt(k);
      if (why !== undefined) r.haltReason = why;
      return r;
    },
  };
}

function setup(): { cwd: string; err: string[] } {
  const cwd = mkdtempSync(join(tmpdir(), 'sympath-combined-'));
  writeFileSync(join(cwd, 'prog.c'), 'int main(void) { return 0; }\n');
  return { cwd, err: [] };
}

describe('subpath:combined', () => {
  it('runs N = 1, 2, 4, 8 for a quarter of --max-time each, pooling the tests into one directory', async () => {
    const { cwd, err } = setup();
    const calls: Call[] = [];
    const flags = parse(['--libc', 'none', '--search', 'subpath:combined', '--max-time', '60', '--subpath-ties', 'latest', '--output-dir', 'out']);
    const outcome = await executeRun(['prog.c'], flags, io(cwd, err), fakeDeps(calls));
    expect(calls.map((c) => c.search)).toEqual([['subpath:1'], ['subpath:2'], ['subpath:4'], ['subpath:8']]);
    expect(calls.map((c) => c.maxTime)).toEqual([15, 15, 15, 15]);
    expect(calls.map((c) => c.searcherName)).toEqual(['subpath:1', 'subpath:2', 'subpath:4', 'subpath:8'].map((n) => `${n}(ties: latest)`));
    const dir = outcome.outputDir;
    // 1 + 2 + 3 + 4 tests, numbered on across the runs
    const tests = readdirSync(dir).filter((f) => f.endsWith('.ktest')).sort();
    expect(tests).toEqual(Array.from({ length: 10 }, (_, i) => `test${String(i + 1).padStart(6, '0')}.ktest`));
    const stats = JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8'));
    expect(statsProblems(stats)).toEqual([]);
    expect(stats).toMatchObject({
      search: 'subpath:combined',
      instructions: 1000,
      paths: { completed: 10, errors: 0, partial: 4, pruned: 0 },
      tests: 10,
      states: { peak: 13 },
      solver: { queries: 40, z3Queries: 4, cacheHits: 8, seconds: 2 },
      coverage: { instructionsCovered: 9, instructionsTotal: 20, linesCovered: 4, linesTotal: 8 }, // the best run's
    });
    const info = readFileSync(join(dir, 'info'), 'utf8');
    expect(info).toContain('Search: subpath:combined');
    expect(info).toContain('Run 1/4: search subpath:1, max-time 15 s: tests 1-1, halted: max-time');
    expect(info).toContain('Run 4/4: search subpath:8, max-time 15 s: tests 7-10, halted: max-time');
    expect(err.join('')).toContain('sympath: run 2/4: search subpath:2');
  });

  it('keeps the other searchers of an interleaving in every run', () => {
    const opts = { ...DEFAULT_ENGINE_OPTIONS, search: ['subpath:combined', 'nurs:covnew'], maxTime: 100 };
    expect(runPhases(opts)).toEqual([1, 2, 4, 8].map((n) => ({ search: [`subpath:${n}`, 'nurs:covnew'], maxTime: 25 })));
    expect(runPhases({ ...opts, search: ['dfs'] })).toEqual([{ search: ['dfs'], maxTime: 100 }]);
  });

  it('stops after a run that explored every path (the others could only repeat it)', async () => {
    const { cwd, err } = setup();
    const calls: Call[] = [];
    const flags = parse(['--libc', 'none', '--search', 'subpath:combined', '--max-time', '8', '--output-dir', 'out']);
    const outcome = await executeRun(['prog.c'], flags, io(cwd, err), fakeDeps(calls, (k) => (k === 1 ? undefined : 'max-time')));
    expect(calls).toHaveLength(2);
    expect(readFileSync(join(outcome.outputDir, 'info'), 'utf8')).toContain('Runs 3-4 skipped: run 2 explored every path');
    expect(outcome.haltReason).toBe('all paths explored');
  });

  it('needs --max-time, and is given once', async () => {
    const { cwd, err } = setup();
    await expect(executeRun(['prog.c'], parse(['--libc', 'none', '--search', 'subpath:combined']), io(cwd, err), fakeDeps([]))).rejects.toThrow(
      /needs --max-time/,
    );
    await expect(
      executeRun(['prog.c'], parse(['--libc', 'none', '--search', 'subpath:combined', '--search', 'subpath:combined', '--max-time', '4']), io(cwd, err), fakeDeps([])),
    ).rejects.toThrow(UserError);
  });

  it('merges run results: sums, the largest peak, the best coverage, the last halt reason', () => {
    const r = (covered: number, halt?: string): RunResultLike => ({
      instructions: 5,
      paths: { completed: 1, errors: 2, partial: 3, pruned: 4 },
      statesPeak: covered,
      coverage: { instructionsCovered: covered, instructionsTotal: 10, linesCovered: covered, linesTotal: 10 },
      wallSeconds: 2,
      ...(halt ? { haltReason: halt } : {}),
    });
    expect(mergeRunResults([r(3, 'max-time'), r(7, 'max-time'), r(5, 'interrupted')])).toEqual({
      instructions: 15,
      paths: { completed: 3, errors: 6, partial: 9, pruned: 12 },
      statesPeak: 7,
      coverage: { instructionsCovered: 7, instructionsTotal: 10, linesCovered: 7, linesTotal: 10 },
      wallSeconds: 6,
      haltReason: 'interrupted',
    });
  });
});
