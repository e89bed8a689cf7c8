// Subpath search through the real engine (test/fixtures/sgs/*.c): every N explores every path of a
// bounded program (as many as dfs), alone and interleaved; switch targets and symbolic-pointer
// resolutions are directions of their own in the fork history; the same seed gives byte-identical tests.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { executeRun, type RunFlags, type RunIO } from '../../src/cli/run.js';
import { DEFAULT_ENGINE_OPTIONS } from '../../src/engine/options.js';
import { forkKey } from '../../src/engine/fork-history.js';
import { createSearcher } from '../../src/search/index.js';
import type { Searcher, SearchState } from '../../src/search/searcher.js';
import { closeSolver, moduleOf, ROOT, run } from '../engine/helpers.js';

afterAll(closeSolver);

const FIXTURES = join(ROOT, 'test', 'fixtures', 'sgs');
const fixture = (name: string): string => join(FIXTURES, name);

async function pathsWith(file: string, search: string[], ties: 'random' | 'latest' = 'random', seed = 1): Promise<{ completed: number; errors: number; tests: number }> {
  const got = await run(moduleOf({ file }), { seed, search }, {
    createSearcher: (ctx) => createSearcher(search, ctx, { batchInstructions: 0, subpathTies: ties }),
  });
  expect(got.result.paths.partial).toBe(0);
  return { completed: got.result.paths.completed, errors: got.result.paths.errors, tests: got.tests.length };
}

describe('subpath search in the engine: exhaustiveness', () => {
  it('every N explores every path of a bounded program, as dfs does', async () => {
    const file = fixture('bounded.c');
    const dfs = await pathsWith(file, ['dfs']);
    expect(dfs.completed).toBeGreaterThan(20);
    for (const n of ['0', '1', '2', '4', '8', 'inf']) {
      expect(await pathsWith(file, [`subpath:${n}`]), `subpath:${n}`).toEqual(dfs);
    }
    expect(await pathsWith(file, ['subpath:2'], 'latest')).toEqual(dfs);
    expect(await pathsWith(file, ['subpath:8'], 'random', 99)).toEqual(dfs);
  });

  it('interleaved with other searchers too (--search subpath:2 --search nurs:covnew)', async () => {
    const file = fixture('bounded.c');
    const dfs = await pathsWith(file, ['dfs']);
    expect(await pathsWith(file, ['subpath:2', 'nurs:covnew'])).toEqual(dfs);
    expect(await pathsWith(file, ['random-path', 'subpath:1', 'nurs:md2u'])).toEqual(dfs);
  });
});

/** Wraps a searcher and keeps the fork history of every state it sees end. */
function recording(inner: Searcher, ended: number[][]): Searcher {
  return {
    name: inner.name,
    select: () => inner.select(),
    empty: () => inner.empty(),
    update(current: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]) {
      for (const s of removed) ended.push([...s.forkHistory]);
      inner.update(current, added, removed);
    },
  };
}

async function histories(file: string): Promise<{ ended: number[][]; errors: number; completed: number }> {
  const ended: number[][] = [];
  const got = await run(moduleOf({ file }), { search: ['subpath:1'] }, {
    createSearcher: (ctx) => recording(createSearcher(['subpath:1'], ctx, { batchInstructions: 0 }), ended),
  });
  return { ended, errors: got.result.paths.errors, completed: got.result.paths.completed };
}

describe('subpath search in the engine: what a direction is', () => {
  it('a symbolic switch forks once per feasible target (the default included): one key each', async () => {
    const { ended, completed } = await histories(fixture('switch.c'));
    expect(completed).toBe(5); // targets 10, 20, 30 (cases 3 and 4 share it), 50, default
    expect(ended.every((h) => h.length === 1 && h[0]! < 0)).toBe(true); // one multi-way decision each
    expect(new Set(ended.map((h) => h[0])).size).toBe(5);
  });

  it('a symbolic pointer forks once per object it may point to (and "none"): one key each', async () => {
    const { ended, completed, errors } = await histories(fixture('pointer.c'));
    expect(completed).toBe(3); // a, b, c
    expect(errors).toBe(1); // the null entry: that state ends inside the fork, before any searcher sees it
    const last = ended.map((h) => h[h.length - 1]!);
    expect(last.every((k) => k < 0)).toBe(true);
    expect(new Set(last).size).toBe(3);
    const site = Math.floor((-last[0]! - 1) / 2 ** 21);
    expect(last.map((k) => (-k - 1) % 2 ** 21).sort()).toEqual([0, 1, 2]); // directions 0, 1, 2 of one site
    expect(last.every((k) => Math.floor((-k - 1) / 2 ** 21) === site)).toBe(true);
  });

  it('fork keys: equal for equal (site, direction), two-way and multi-way kept apart', () => {
    const inst = (id: number): Parameters<typeof forkKey>[0] => ({ id }) as Parameters<typeof forkKey>[0];
    expect(forkKey(inst(7), 1, false)).toBe(forkKey(inst(7), 1, false));
    const keys = [forkKey(inst(7), 0, false), forkKey(inst(7), 1, false), forkKey(inst(8), 0, false), forkKey(inst(7), 0, true), forkKey(inst(7), 1, true)];
    expect(new Set(keys).size).toBe(keys.length);
    // far apart ids and many directions stay exact
    expect(forkKey(inst(2 ** 31), 2 ** 20, true)).not.toBe(forkKey(inst(2 ** 31 + 1), 0, true));
    expect(Number.isSafeInteger(forkKey(inst(2 ** 32 - 2), 2 ** 21 - 1, true))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------

function flags(search: string[], extra: Partial<RunFlags> = {}): RunFlags {
  return {
    I: [],
    D: [],
    O: '0',
    search,
    seed: 1,
    maxTime: 0,
    maxInstructions: 0,
    maxMemory: 2000,
    maxDepth: 0,
    maxStackFrames: DEFAULT_ENGINE_OPTIONS.maxStackFrames,
    fp: 'symbolic',
    symAllocSizes: 4,
    maxForks: 0,
    maxTests: 0,
    maxSolverTime: 0,
    solver: 'native',
    batchInstructions: 0,
    batchTime: 0,
    libc: 'none',
    prune: [],
    ...extra,
  };
}

function quietIO(cwd: string): RunIO {
  return {
    cwd,
    commandLine: ['run'],
    out: () => undefined,
    err: () => undefined,
    stdoutBytes: () => undefined,
    stderrBytes: () => undefined,
    progress: false,
  };
}

/** Every .ktest of a run, by name, as bytes. */
function ktests(dir: string): Map<string, Buffer> {
  const m = new Map<string, Buffer>();
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.ktest') || x.endsWith('.early') || x.endsWith('.err')).sort()) {
    m.set(f, readFileSync(join(dir, f)));
  }
  return m;
}

describe('subpath search: same seed, same tests', () => {
  it('two runs with the same seed write byte-identical tests; another seed, other tests', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-sgs-'));
    try {
      const go = async (out: string, seed: number, search = ['subpath:2']): Promise<Map<string, Buffer>> => {
        const r = await executeRun([fixture('tokens.c')], flags(search, { seed, maxInstructions: 30_000, outputDir: out }), quietIO(cwd));
        expect(r.stats.tests).toBeGreaterThan(5);
        return ktests(r.outputDir);
      };
      const a = await go('a', 7);
      const b = await go('b', 7);
      expect([...b.keys()]).toEqual([...a.keys()]);
      for (const [name, bytes] of a) expect(b.get(name)!.equals(bytes), name).toBe(true);
      const c = await go('c', 8);
      const same = [...a].every(([name, bytes]) => c.get(name)?.equals(bytes) === true) && a.size === c.size;
      expect(same).toBe(false);
      // interleaved and with the 'latest' ties as well
      const d = await go('d', 3, ['subpath:4', 'nurs:covnew']);
      const e = await go('e', 3, ['subpath:4', 'nurs:covnew']);
      expect([...e].every(([name, bytes]) => d.get(name)?.equals(bytes) === true) && d.size === e.size).toBe(true);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
