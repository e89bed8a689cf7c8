// --check-pruning: the comparison finds what an unsound pruner loses, and `sympath run --prune
// postcondition --check-pruning` reports nothing lost (exit 0), writes a test for each pruned prefix,
// postcondition.json and check-pruning.json.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { Executor } from '../../../src/engine/executor.js';
import type { ExplorationHooks } from '../../../src/engine/hooks.js';
import { Memory } from '../../../src/engine/memory.js';
import { comparePruning, coveredLines, errorSitesOf, formatPruningCheck } from '../../../src/strategies/postcondition/index.js';
import { closeSolver, moduleOf, ROOT, run } from '../../engine/helpers.js';
import { exhaustive } from './helpers.js';

afterAll(closeSolver);

const FIG1 = join(ROOT, 'test', 'fixtures', 'pse', 'fig1.c');
const TRAP = join(ROOT, 'test', 'fixtures', 'pse', 'traps', 'prefix_memory.c');

test('an unsound pruner (vetoing every false side) is caught', async () => {
  const m = moduleOf({ file: TRAP });
  const base = await exhaustive(m);
  let ex: Executor | null = null;
  const unsound: ExplorationHooks = { name: 'unsound', onBranch: (e) => e.direction === 0 };
  const o = await run(m, {}, {
    hooks: [unsound],
    createMemory: (e) => {
      ex = e;
      return new Memory(e);
    },
  });
  const check = comparePruning({ errors: errorSitesOf(o.tests), lines: coveredLines(ex!) }, base.reached);
  expect(check.lostErrors.length + check.lostLines.length).toBeGreaterThan(0);
  expect(formatPruningCheck(check).some((l) => l.includes('LOST'))).toBe(true);
});

test('sympath run --prune postcondition --check-pruning', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pse-cli-'));
  try {
    const out = join(dir, 'out');
    const stderr = execFileSync(
      process.execPath,
      [join(ROOT, 'bin', 'sympath.mjs'), 'run', '--libc', 'none', '--search', 'dfs', '--prune', 'postcondition', '--pse-simplify', '--check-pruning', '--output-dir', out, FIG1],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    void stderr;
    const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
    expect(stats.prune).toEqual(['postcondition']);
    expect(stats.paths).toEqual({ completed: 2, errors: 0, partial: 0, pruned: 2 });
    // A test per path, pruned prefixes included (each with a .pruned note).
    expect(stats.tests).toBe(4);
    expect(readdirSync(out).filter((f) => f.endsWith('.pruned'))).toHaveLength(2);
    expect(JSON.parse(readFileSync(join(out, 'check-pruning.json'), 'utf8'))).toEqual({ lostErrors: [], lostLines: [] });
    const pse = JSON.parse(readFileSync(join(out, 'postcondition.json'), 'utf8'));
    expect(pse.prunes).toBe(4);
    expect(existsSync(join(out, 'messages.txt'))).toBe(true);
    expect(readFileSync(join(out, 'messages.txt'), 'utf8')).toMatch(/check-pruning: nothing lost/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
