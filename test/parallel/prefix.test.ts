// Path prefixes (src/engine/path-prefix.ts): re-executing a finished path's prefix in a fresh engine
// follows it without a single branch query and ends with the same path constraints (same expressions,
// same order) and so the same test — also when --max-depth cut forks to one side (the decisions that
// add a constraint without forking), and through multi-way forks (a symbolic switch).

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExplorationHooks } from '../../src/engine/hooks.js';
import type { EngineOptions } from '../../src/engine/options.js';
import type { ExecutionState } from '../../src/engine/state.js';
import type { TestCase } from '../../src/engine/test-case.js';
import { withCanonicalTests } from '../../src/parallel/canonical-solver.js';
import { compareRanks, rankOf } from '../../src/parallel/error-dedup.js';
import { PrefixFollowerImpl, prefixOf } from '../../src/engine/path-prefix.js';
import type { Solver } from '../../src/solver/solver.js';
import { closeSolver, moduleOf, ROOT, run, solver } from '../engine/helpers.js';

afterAll(closeSolver);

interface Ended {
  tape: Int32Array;
  constraints: string[];
  test: TestCase;
  rank: number[];
}

function recorder(into: Ended[]): ExplorationHooks {
  return {
    name: 'record',
    wantsTrace: true,
    onTerminate(s: ExecutionState, test) {
      if (test) into.push({ tape: prefixOf(s), constraints: s.constraints.map(String), test, rank: rankOf(s) });
    },
  };
}

/** The solver, counting branch queries. */
function counting(inner: Solver): { solver: Solver; branches: () => number } {
  let n = 0;
  const solver: Solver = Object.create(inner);
  solver.branch = (c, e) => {
    n++;
    return inner.branch(c, e);
  };
  return { solver, branches: () => n };
}

const cases: [string, string, Partial<EngineOptions>][] = [
  ['two-way forks', join(ROOT, 'test', 'fixtures', 'parallel', 'paths.c'), {}],
  ['forks cut to one side by --max-depth 3', join(ROOT, 'test', 'fixtures', 'parallel', 'paths.c'), { maxDepth: 3 }],
  ['a symbolic switch and a division check', join(ROOT, 'test', 'fixtures', 'sgs', 'bounded.c'), {}],
];

describe('re-executing a path from its prefix', () => {
  it.each(cases)('%s', async (_name, file, opts) => {
    const module = moduleOf({ file });
    const canonical = withCanonicalTests(await solver());
    const ended: Ended[] = [];
    const first = await run(module, opts, { solver: canonical, hooks: [recorder(ended)] });
    expect(ended.length).toBeGreaterThan(3);
    expect(first.result.haltReason).toBeUndefined();
    // A spread of the paths: the first, the last and some between.
    const picks = [...new Set([0, 1, Math.floor(ended.length / 3), Math.floor(ended.length / 2), ended.length - 1])];
    for (const k of picks) {
      const want = ended[k]!;
      const again: Ended[] = [];
      const { solver: counted, branches } = counting(canonical);
      const follower = new PrefixFollowerImpl(want.tape);
      const r = await run(module, opts, { solver: counted, hooks: [recorder(again)], prefix: follower });
      expect(follower.active()).toBe(false);
      expect(follower.followed).toBe(want.tape.length / 2);
      // The whole path was recorded: nothing forks below it, no branch was asked of the solver.
      expect(branches()).toBe(0);
      expect(r.result.paths.completed + r.result.paths.errors).toBe(1);
      expect(again.length).toBe(1);
      expect(again[0]!.constraints).toEqual(want.constraints);
      expect(again[0]!.test.objects).toEqual(want.test.objects);
      expect(again[0]!.rank).toEqual(want.rank);
    }
    // rankOf orders the paths as DFS met them (the engine's DFS: the other side of a fork first).
    for (let k = 1; k < ended.length; k++) expect(compareRanks(ended[k - 1]!.rank, ended[k]!.rank)).toBeLessThan(0);
  }, 120_000);

  it('a prefix that does not match the program ends the path as an internal error naming the decision', async () => {
    const module = moduleOf({ file: join(ROOT, 'test', 'fixtures', 'parallel', 'paths.c') });
    const bogus = new Int32Array([999_999, 0]);
    const r = await run(module, {}, { prefix: new PrefixFollowerImpl(bogus) });
    const errs = r.tests.filter((t) => t.error);
    expect(errs.length).toBe(1);
    expect(errs[0]!.error!.kind).toBe('exec');
    expect(errs[0]!.error!.message).toMatch(/path prefix diverged at decision 0: recorded at instruction 999999/);
  }, 60_000);
});
