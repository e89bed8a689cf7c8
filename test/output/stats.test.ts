// stats.json: every DESIGN.md field with its type, and the table of `sympath stats`.
import { describe, expect, it } from 'vitest';
import { buildStats, formatStatsTable, statsProblems, type StatsJson } from '../../src/engine/stats.js';

const sample = (): StatsJson =>
  buildStats({
    program: 'prog.c',
    search: 'interleave(random-path,nurs:covnew)',
    prune: [],
    result: {
      instructions: 1234,
      paths: { completed: 3, errors: 1, partial: 0, pruned: 0 },
      statesPeak: 4,
      coverage: { instructionsCovered: 50, instructionsTotal: 60, linesCovered: 9, linesTotal: 10 },
      wallSeconds: 1.23456,
    },
    solver: { queries: 20, z3Queries: 5, cacheHits: 15, seconds: 0.5 },
    tests: 4,
    errors: [{ kind: 'assert', file: '/p/prog.c', line: 7, test: 'test000004.ktest' }],
  });

/** DESIGN.md's stats.json, written out independently of STATS_SHAPE so a drift in either shows. */
const DESIGN: Record<string, unknown> = {
  program: 'string',
  search: 'string',
  prune: 'array',
  wallSeconds: 'number',
  instructions: 'number',
  paths: { completed: 'number', errors: 'number', partial: 'number', pruned: 'number' },
  tests: 'number',
  errors: 'array',
  states: { peak: 'number' },
  solver: { queries: 'number', z3Queries: 'number', cacheHits: 'number', seconds: 'number' },
  coverage: { instructionsCovered: 'number', instructionsTotal: 'number', linesCovered: 'number', linesTotal: 'number' },
};

function checkAgainst(value: Record<string, unknown>, design: Record<string, unknown>): void {
  expect(Object.keys(value).sort()).toEqual(Object.keys(design).sort());
  for (const [k, t] of Object.entries(design)) {
    if (t === 'array') expect(Array.isArray(value[k])).toBe(true);
    else if (typeof t === 'string') expect(typeof value[k]).toBe(t);
    else checkAgainst(value[k] as Record<string, unknown>, t as Record<string, unknown>);
  }
}

describe('stats.json', () => {
  it('has exactly the DESIGN.md fields with their types', () => {
    const s = JSON.parse(JSON.stringify(sample())) as Record<string, unknown>;
    checkAgainst(s, DESIGN);
    const e = (s.errors as Record<string, unknown>[])[0]!;
    expect(Object.keys(e).sort()).toEqual(['file', 'kind', 'line', 'test']);
    expect([typeof e.kind, typeof e.file, typeof e.line, typeof e.test]).toEqual(['string', 'string', 'number', 'string']);
    expect(statsProblems(s)).toEqual([]);
  });

  it('rounds times and reports problems of malformed files', () => {
    expect(sample().wallSeconds).toBe(1.235);
    expect(statsProblems({ program: 1 })).toContain('stats.program: expected a string, got 1');
    expect(statsProblems({}).some((p) => p.includes('stats.coverage: missing'))).toBe(true);
  });

  it('prints a klee-stats-like table', () => {
    const text = formatStatsTable([{ dir: 'sympath-out-0', stats: sample() }]);
    expect(text).toMatch(/\| Path +\| Instrs \|/);
    expect(text).toMatch(/\| sympath-out-0 \|\s+1234 \|/);
    expect(text).toContain('83.33'); // instruction coverage 50/60
    expect(text).toContain('assert         /p/prog.c:7  (test000004.ktest)');
  });

  it('adds the issue-22 fields only when given: running, haltReason, versions, memory, states.live, branches', () => {
    const base = sample();
    const input = {
      program: 'prog.c',
      search: 'dfs',
      prune: [],
      result: {
        instructions: 10,
        paths: { completed: 1, errors: 0, partial: 0, pruned: 0 },
        statesPeak: 2,
        coverage: { instructionsCovered: 5, instructionsTotal: 6, linesCovered: 2, linesTotal: 3, branchesCovered: 3, branchesTotal: 4 },
        wallSeconds: 2,
      },
      solver: { queries: 1, z3Queries: 1, cacheHits: 0, seconds: 0.1 },
      tests: 1,
      errors: [],
      liveStates: 7,
      versions: { sympath: '0.1.0', solver: 'Z3 version 4.8.12 (native)', node: 'v20.0.0' },
      peakRssMB: 123.4,
    };
    const live = buildStats({ ...input, running: true });
    expect(live).toMatchObject({ running: true, states: { peak: 2, live: 7 }, memory: { peakRssMB: 123 } });
    expect(live.coverage).toMatchObject({ branchesCovered: 3, branchesTotal: 4 });
    expect('haltReason' in live).toBe(false);
    expect(statsProblems(live)).toEqual([]);
    const ended = buildStats({ ...input, liveStates: 0, running: false, haltReason: 'max-time' });
    expect(ended).toMatchObject({ running: false, haltReason: 'max-time', versions: input.versions });
    // Without them (a reader of DESIGN's shape): none of the new keys.
    expect(Object.keys(base).filter((k) => ['running', 'haltReason', 'versions', 'memory'].includes(k))).toEqual([]);
    expect(Object.keys(base.coverage)).not.toContain('branchesTotal');

    const table = formatStatsTable([
      { dir: 'live', stats: live },
      { dir: 'done', stats: ended },
    ]);
    expect(table).toMatch(/\| BCov\(%\) \|/);
    expect(table).toMatch(/\| live +\|\s+10 \|.*\|\s+75\.00 \|/);
    expect(table).toContain('live: program prog.c, search dfs; RUNNING (figures as of 2 s)');
    expect(table).toContain('states peak 2, live 7;');
    expect(table).toContain('done: program prog.c, search dfs; halted: max-time');
    expect(table).toContain('peak memory 123 MB; sympath 0.1.0, Z3 version 4.8.12 (native), node v20.0.0');
  });
});
