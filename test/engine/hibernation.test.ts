// Hibernation (src/engine/hibernation.ts): a state put to sleep at the memory limit is rebuilt by
// re-executing its path when selected. Here a searcher puts every waiting state to sleep before each
// selection (the most a memory limit could ever ask), so nearly every state runs again only after a
// re-execution; the run must find exactly the paths, tests, errors and output of a run where nothing
// sleeps — on every symbolic fixture, under DFS and random-path. A state asleep at a halt gets its
// partial test from the constraints it slept with, and a re-execution that goes another way (a
// non-deterministic built-in here) ends its state as partial instead of running a path it never took.

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Executor, RunEnvironment } from '../../src/engine/executor.js';
import type { Builtin } from '../../src/engine/builtins/index.js';
import { createSearcher } from '../../src/search/index.js';
import type { SearcherContext } from '../../src/search/context.js';
import type { Searcher, SearchState } from '../../src/search/searcher.js';
import { createSolver } from '../../src/solver/index.js';
import { withCanonicalTests } from '../../src/parallel/canonical-solver.js';
import { closeSolver, fixtureOptions, moduleOf, ROOT, run, TestDfs, type Outcome } from './helpers.js';

/** Before every selection, every waiting state sleeps (the state that ran last too). */
class SleepEveryone implements Searcher {
  readonly name: string;
  constructor(
    private readonly base: Searcher,
    private readonly ex: Executor,
  ) {
    this.name = base.name;
  }
  select(): SearchState {
    this.ex.hibernation!.sleepWaiting(null, 1, 2);
    return this.base.select();
  }
  update(c: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void {
    this.base.update(c, added, removed);
  }
  empty(): boolean {
    return this.base.empty();
  }
}

/** DFS with every waiting state asleep before each selection (the runs that need no comparison). */
const sleepingDfs = (ctx: SearcherContext): Searcher => new SleepEveryone(new TestDfs(), ctx as Executor);

type SearchKind = 'dfs' | 'random-path';

function searcherFor(kind: SearchKind, ctx: SearcherContext): Searcher {
  return kind === 'dfs' ? new TestDfs() : createSearcher(['random-path'], ctx, { batchInstructions: 0 });
}

/**
 * One run on a fresh solver whose tests are canonical (src/parallel/canonical-solver.ts): Z3's model for
 * a path depends on the run-wide names of its arrays and expressions, which differ between two runs in
 * one process (b0 in the first, b2 in the second), so plain models of the same path could differ.
 */
async function fresh(file: string, kind: SearchKind, sleep: boolean, env: Partial<RunEnvironment> = {}): Promise<Outcome> {
  const text = readFileSync(file, 'utf8');
  const solver = withCanonicalTests(await createSolver({ backend: 'native', timeoutSeconds: 10 }));
  try {
    return await run(moduleOf({ file }), fixtureOptions(text), {
      solver,
      createSearcher: (ctx) => (sleep ? new SleepEveryone(searcherFor(kind, ctx), ctx as Executor) : searcherFor(kind, ctx)),
      ...env,
    });
  } finally {
    await solver.close();
  }
}

/**
 * Everything a run found: paths, tests (bytes), errors, instructions per path, output. In the order found
 * under DFS (a woken state's subtree runs next, as DFS would anyway); as a multiset under random-path,
 * where a woken state's subtree running on first (hibernation.ts focused()) changes the order.
 */
function signature(o: Outcome, ordered: boolean): unknown {
  const inOrder = (xs: string[]): string[] => (ordered ? xs : [...xs].sort());
  return {
    paths: o.result.paths,
    coverage: o.result.coverage,
    tests: inOrder(
      o.tests.map((t) =>
        JSON.stringify({
          end: t.termination,
          exit: t.exitCode,
          error: t.error ? `${t.error.kind}@${t.error.line}` : undefined,
          instructions: t.instructions,
          objects: t.objects.map((x) => `${x.name}=${Buffer.from(x.bytes).toString('hex')}`),
        }),
      ),
    ),
    stdout: inOrder(o.stdout.split('\n')),
    stderr: inOrder(o.stderr.split('\n')),
    // Less the one message that says states sleep.
    messages: inOrder(o.messages.filter((m) => !m.includes('waiting states are put to sleep'))),
  };
}

const FIXTURES = join(ROOT, 'test', 'fixtures', 'symbolic');
const files = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.c'))
  .sort();

const totals = { woken: 0, reexecuted: 0 };

// Beside the fixtures: constant tables read and written at symbolic indices (their arrays must come out
// the same in a re-execution: src/memory/constant-arrays.ts; the table the path builds fails without it),
// a heap object of a size the path decides, output on every path.
const EXTRA: Record<string, string> = {
  'tables.c': `
#include "klee/klee.h"
int printf(const char *, ...);
void *malloc(unsigned long);
void free(void *);
static const unsigned char SQUARES[16] = {0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, 169, 196, 225};
static unsigned char counts[8];
int main(void) {
  unsigned char in[4];
  klee_make_symbolic(in, sizeof in, "in");
  int score = 0;
  unsigned char cubes[16];   /* a table the path builds: its constant array is made in the path */
  for (int i = 0; i < 16; i++) cubes[i] = (unsigned char)(i * i * i);
  if (cubes[in[3] & 15] > 100) score += 5;
  for (int i = 0; i < 3; i++) {
    if (SQUARES[in[i] & 15] > 50) score++;
    counts[in[i] & 7]++;
  }
  if (counts[in[3] & 7] == 2) score += 10;
  char *p = malloc(8 + score);
  p[score] = 'x';
  printf("score %d\\n", score);
  free(p);
  return score;
}`,
};

describe('states put to sleep and re-executed find exactly what a run without sleeping finds', () => {
  afterAll(closeSolver);

  const extraDir = mkdtempSync(join(tmpdir(), 'sympath-hibernation-'));
  afterAll(() => rmSync(extraDir, { recursive: true, force: true }));
  const cases = [...files.map((f) => join(FIXTURES, f)), ...Object.entries(EXTRA).map(([name, text]) => (writeFileSync(join(extraDir, name), text), join(extraDir, name)))];

  test.each(cases.flatMap((f) => (['dfs', 'random-path'] as const).map((k) => [basename(f), k, f] as const)))('%s, %s', async (_name, kind, file) => {
    const awake = await fresh(file, kind, false);
    const slept = await fresh(file, kind, true);
    expect(signature(slept, kind === 'dfs')).toEqual(signature(awake, kind === 'dfs'));
    expect(awake.result.hibernation).toBeUndefined();
    // Every state slept before it ran (the initial one too), woke, and no re-execution failed.
    const h = slept.result.hibernation!;
    expect(h.woken).toBeGreaterThan(0);
    expect(h.failed).toBe(0);
    // The run's instructions are the paths' plus the re-executions'.
    expect(slept.result.instructions).toBe(awake.result.instructions + h.reexecutedInstructions);
    totals.woken += h.woken;
    totals.reexecuted += h.reexecutedInstructions;
  }, 60_000);

  // (A program whose other sides all end inside the batch that forks them never has a waiting state.)
  test('the runs above really re-executed paths', () => {
    expect(totals.woken).toBeGreaterThan(100);
    expect(totals.reexecuted).toBeGreaterThan(1000);
  });
});

const MANY_PATHS = `
#include "klee/klee.h"
#include <stdio.h>
int main(void) {
  unsigned char b[6];
  klee_make_symbolic(b, sizeof b, "b");
  int n = 0;
  for (int i = 0; i < 6; i++)
    if (b[i] > 100) n += i;
  printf("n=%d\\n", n);
  return n;
}`;

describe('a state asleep at a halt', () => {
  afterAll(closeSolver);

  test('gets its partial test from the constraints it slept with', async () => {
    // Everyone sleeps before each selection; the halt comes before most sleepers were woken.
    const o = await run(moduleOf({ text: MANY_PATHS }), { maxInstructions: 2000 }, { createSearcher: sleepingDfs });
    expect(o.result.haltReason).toBe('max-instructions');
    const h = o.result.hibernation!;
    expect(h.slept).toBeGreaterThan(h.woken);
    const partial = o.tests.filter((t) => t.termination === 'partial');
    expect(partial.length).toBe(o.result.paths.partial);
    expect(partial.length).toBeGreaterThan(0);
    // Each partial test has the path's input, and no path's output was written twice.
    for (const t of partial) expect(t.objects.map((x) => [x.name, x.bytes.length])).toEqual([['b', 6]]);
    expect(o.stdout.split('\n').filter((l) => l.startsWith('n=')).length).toBe(o.result.paths.completed);
  }, 60_000);
});

const CONCRETISED = `
#include "klee/klee.h"
long __sympath_concretize(long);
int main(void) {
  int x = klee_int("x");
  long k = __sympath_concretize(x & 0xff00);  /* x & 0xff00 == k joins the path */
  int r = 0;
  if (x & 1) r += 1;
  if (x & 2) r += 2;
  return r + (int)(k >> 8);
}`;

describe('a concretisation in a path that sleeps', () => {
  afterAll(closeSolver);

  test('is taken again with the value the path took (the model), so every state wakes', async () => {
    const o = await run(moduleOf({ text: CONCRETISED }), {}, { createSearcher: sleepingDfs });
    const h = o.result.hibernation!;
    // The states after the concretisation slept and woke: a re-execution asking the solver again could
    // get another value, another constraint, and fail its check.
    expect(h.woken).toBeGreaterThanOrEqual(2);
    expect(h.failed).toBe(0);
    expect(o.result.paths).toMatchObject({ completed: 4, partial: 0 });
    // One value of x & 0xff00 on every path: the exit codes differ only by the low bits.
    const high = new Set(o.tests.map((t) => (t.exitCode! - (Buffer.from(t.objects[0]!.bytes).readInt32LE(0) & 3)) & 0xff));
    expect(high.size).toBe(1);
  }, 60_000);
});

const NONDETERMINISTIC = `
#include "klee/klee.h"
int flip(void);
int main(void) {
  int x = klee_int("x");
  if (flip() == 0) {
    if (x > 5) return 1;
    return 2;
  }
  if (x < 3) return 3;
  return 4;
}`;

describe('a re-execution that goes another way', () => {
  afterAll(closeSolver);

  test('ends its state as partial (its test from the constraints it slept with) and says so', async () => {
    let calls = 0;
    // Not a function of the path: the second call (the first re-execution) answers 1, every other one 0.
    const flip: Builtin = () => BigInt(calls++ === 1 ? 1 : 0);
    const o = await run(moduleOf({ text: NONDETERMINISTIC }), {}, { builtins: { flip }, createSearcher: sleepingDfs });
    const h = o.result.hibernation!;
    expect(h.failed).toBe(1);
    expect(o.messages.some((m) => m.includes('re-executing a state put to sleep at the memory limit failed'))).toBe(true);
    // At the fork on x > 5 both sides slept; DFS woke the newer (x <= 5) first: its re-execution met
    // flip() == 1 and another branch, so it ended partial with x <= 5; the other woke and exited 1.
    expect(o.tests.map((t) => t.termination)).toEqual(['partial', 'exit']);
    expect(o.tests[1]!.exitCode).toBe(1);
    const x = Buffer.from(o.tests[0]!.objects[0]!.bytes).readInt32LE(0);
    expect(x).toBeLessThanOrEqual(5);
  }, 60_000);
});
