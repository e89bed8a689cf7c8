// PESO when a trace's own reordering breaks the prefix property (issue 17): under musl the reordered
// relevant-slice condition of a task's path need not begin with the task's formula
// (test/fixtures/peso/musl_newline.c says why). Execute(t, n) reads the task's formula as a set of
// conjuncts and also negates the positions ≤ n whose constraint is not one of them
// (src/strategies/peso/tasks.ts); tasks inside an RSC found before are not solved.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { closeSolver, ROOT } from '../../engine/helpers.js';
import { muslModule, sympath } from '../../posix/helpers.js';
import { peso, runWith, Sequence } from './helpers.js';

afterAll(closeSolver);

const FILE = join(ROOT, 'test', 'fixtures', 'peso', 'musl_newline.c');

test('musl_newline.c: every partition of exhaustive exploration, from no more paths', async () => {
  const explore = peso('reorder');
  const all = peso('paths');
  await runWith(await muslModule(FILE), new Sequence([explore, all]));
  expect(all.stats.partitions).toBe(6);
  expect([...explore.partitions.keys()].sort()).toEqual([...all.partitions.keys()].sort());
  expect(explore.stats.executions).toBeLessThanOrEqual(all.stats.executions);
  // The partition the paper's Execute(t, n) lost is reached from a position ≤ n of its parent's
  // sequence: the task [s0≠0, s0≠'\n', s1≠0] (n = 3) runs a path whose sequence is
  // [s0≠0, s1≠0, s1≠'\n', s0≠'\n'], and s1 = '\n' is asked at position 3.
  expect(explore.stats.tasksBeforeN).toBeGreaterThan(0);
  const position = (from: string): number => Number(from.split('.')[1] ?? 0);
  const fromBeforeN = explore.records.filter((r) => {
    if (r.from === '') return false;
    const parent = explore.records[Number(r.from.split('.')[0]) - 1]!;
    return position(r.from) <= position(parent.from);
  });
  expect(fromBeforeN.some((r) => r.newPartition)).toBe(true);
}, 120_000);

test('musl_newline.c under --check-pruning: nothing lost against PESO\'s exhaustive baseline', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'sympath-peso-musl-'));
  try {
    const r = await sympath(['run', '--driver', 'peso', '--check-pruning', '--output-dir', 'out', FILE], cwd);
    expect(r.code, r.stderr).toBe(0);
    const check = JSON.parse(readFileSync(join(cwd, 'out', 'check-pruning.json'), 'utf8'));
    expect(check.lostPartitions).toEqual([]);
    const stats = JSON.parse(readFileSync(join(cwd, 'out', 'stats.json'), 'utf8'));
    expect(stats.driver.partitions).toBe(6);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}, 200_000);
