// The engine's run-level behaviour: searchers through the real factory, determinism, budgets,
// fork limits, test filtering, copy-on-write isolation of states, symbolic memory, hooks.

import { afterAll, describe, expect, test } from 'vitest';
import type { ExplorationHooks } from '../../src/engine/hooks.js';
import { createSearcher } from '../../src/search/index.js';
import { closeSolver, moduleOf, run } from './helpers.js';

afterAll(closeSolver);

const BRANCHES = `#include <klee/klee.h>
int main(void) {
  int a, b, c;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  klee_make_symbolic(&c, sizeof c, "c");
  int r = 0;
  if (a > 10) r += 1;
  if (b == 3) r += 2;
  if (c < 0) r += 4;
  return r;
}`;

const LOOP = `int main(void) { volatile unsigned i = 0; for (;;) i++; return 0; }`;

function int32(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, 4).getInt32(0, true);
}

describe('searchers and tests', () => {
  const names = ['dfs', 'bfs', 'random-state', 'random-path', 'nurs:covnew', 'nurs:md2u', 'nurs:depth', 'nurs:icnt', 'nurs:cpicnt'];
  test.each(names)('%s explores all 8 paths, and each test reproduces its path', async (name) => {
    const m = moduleOf({ text: BRANCHES });
    const o = await run(m, { search: [name] }, { createSearcher: (ctx) => createSearcher([name], ctx, { batchInstructions: 0 }) });
    expect(o.result.paths.completed).toBe(8);
    expect(o.tests).toHaveLength(8);
    const codes = new Set<number>();
    for (const t of o.tests) {
      expect(t.objects.map((x) => x.name)).toEqual(['a', 'b', 'c']);
      const [a, b, c] = t.objects.map((x) => int32(x.bytes));
      const r = (a! > 10 ? 1 : 0) + (b === 3 ? 2 : 0) + (c! < 0 ? 4 : 0);
      expect(t.exitCode).toBe(r);
      codes.add(r);
    }
    expect(codes.size).toBe(8);
  });

  test('the default search (random-path + nurs:covnew) is deterministic for a seed', async () => {
    const m = moduleOf({ text: BRANCHES });
    const go = async () => {
      const o = await run(m, { seed: 7 }, { createSearcher: (ctx) => createSearcher(['random-path', 'nurs:covnew'], ctx, { batchInstructions: 0 }) });
      return o.tests.map((t) => t.objects.map((x) => Buffer.from(x.bytes).toString('hex')).join(':'));
    };
    expect(await go()).toEqual(await go());
  });

  test('--only-output-states-covering-new writes fewer tests than paths', async () => {
    const o = await run(moduleOf({ text: BRANCHES }), { onlyOutputStatesCoveringNew: true });
    expect(o.result.paths.completed).toBe(8);
    expect(o.tests.length).toBeLessThan(8);
    expect(o.tests.every((t) => t.coveredNew)).toBe(true);
  });

  test('errors are reported once per location unless --emit-all-errors', async () => {
    const src = `#include <klee/klee.h>
void abort(void);
static void check(int v) { if (v == 0) abort(); }
int main(void) {
  int x[3];
  klee_make_symbolic(x, sizeof x, "x");
  for (int i = 0; i < 3; i++) check(x[i]);
  return 0;
}`;
    const m = moduleOf({ text: src });
    const once = await run(m);
    expect(once.result.paths.errors).toBe(3);
    expect(once.tests.filter((t) => t.error).length).toBe(1);
    const all = await run(m, { emitAllErrors: true });
    expect(all.tests.filter((t) => t.error?.kind === 'abort').length).toBe(3);
    const err = all.tests.find((t) => t.error)!.error!;
    expect(err.stack[0]).toMatch(/^#0 in check \(.*:3\)$/);
    expect(err.stack[1]).toMatch(/^#1 in main \(.*:7\)$/);
  });
});

describe('budgets', () => {
  test('--max-instructions stops an endless loop as a partial path', async () => {
    const o = await run(moduleOf({ text: LOOP }), { maxInstructions: 100_000 });
    expect(o.result.haltReason).toBe('max-instructions');
    expect(o.result.paths.partial).toBe(1);
    expect(o.tests).toHaveLength(1);
    expect(o.tests[0]!.termination).toBe('partial');
    expect(o.result.instructions).toBeGreaterThanOrEqual(100_000);
    expect(o.result.instructions).toBeLessThan(101_000);
  });

  test('--max-time stops the run', async () => {
    const o = await run(moduleOf({ text: LOOP }), { maxTime: 0.5 });
    expect(o.result.haltReason).toBe('max-time');
    expect(o.result.wallSeconds).toBeLessThan(3);
    expect(o.result.paths.partial).toBe(1);
  });

  test('--max-tests stops after N tests', async () => {
    const o = await run(moduleOf({ text: BRANCHES }), { maxTests: 3 });
    expect(o.tests).toHaveLength(3);
    expect(o.result.haltReason).toBe('max-tests');
  });

  test('an aborted signal stops the run cleanly, without tests for the live states', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    const o = await run(moduleOf({ text: LOOP }), {}, { signal: ac.signal });
    expect(o.result.haltReason).toBe('interrupted');
    expect(o.result.paths.partial).toBe(1);
    expect(o.tests).toHaveLength(0);
  });

  test('--max-memory --hibernate false stops forking (and past its margin drops states) instead of running out of memory', async () => {
    // Every fork writes all of an 8 MB heap object on both sides, so each state soon owns a copy of it
    // (whole: large objects are copied chunk by chunk as written, src/memory/chunked-bytes.ts).
    const src = `#include <klee/klee.h>
void *malloc(unsigned long);
void *memset(void *, int, unsigned long);
int main(void) {
  char *p = malloc(8 << 20);
  unsigned char in[64];
  klee_make_symbolic(in, sizeof in, "in");
  for (int i = 0; i < 64; i++) {
    if (in[i] > 100) memset(p, i, 8 << 20);
    else memset(p, i + 1, 8 << 20);
  }
  return 0;
}`;
    // KLEE's policy alone (test/engine/hibernation.test.ts and test/output/memory-limit.test.ts cover --hibernate).
    const o = await run(moduleOf({ text: src }), { maxMemory: 250, maxTime: 8, onlyOutputStatesCoveringNew: true, hibernate: false });
    expect(o.messages.some((m) => /memory limit of 250 MB reached .*: not forking until under it/.test(m))).toBe(true);
    // Never "all paths explored": max-memory, or max-time when the run lasted that long.
    expect(['max-memory', 'max-time']).toContain(o.result.haltReason);
  }, 60_000);

  test('--max-depth and --max-forks follow one side instead of forking', async () => {
    const m = moduleOf({ text: BRANCHES });
    expect((await run(m, { maxDepth: 1 })).result.paths.completed).toBe(2);
    expect((await run(m, { maxForks: 2 })).result.paths.completed).toBe(3);
  });

  test('klee_set_forking(0) disables forking', async () => {
    const src = BRANCHES.replace('int r = 0;', 'int r = 0; klee_set_forking(0);');
    const o = await run(moduleOf({ text: src }));
    expect(o.result.paths.completed).toBe(1);
  });
});

describe('state isolation and symbolic memory', () => {
  test('forked states see their own globals, heap and stack (copy-on-write)', async () => {
    const src = `#include <klee/klee.h>
void *malloc(unsigned long);
int g = 7;
int main(void) {
  int *p = malloc(sizeof(int));
  int l = 0;
  *p = 0;
  if (klee_int("x") > 0) { g = 1; *p = 1; l = 1; } else { g = 2; *p = 2; l = 2; }
  if (klee_int("y") > 0) { g += 10; } else { *p += 20; }
  return g * 100 + *p * 10 + l;
}`;
    const o = await run(moduleOf({ text: src }));
    // g*100 + *p*10 + l per path, as an exit status (mod 256)
    const want = [1111, 311, 1222, 422].map((v) => v & 0xff).sort((a, b) => a - b);
    expect(o.tests.map((t) => t.exitCode).sort((a, b) => a! - b!)).toEqual(want);
  });

  test('symbolic-index writes and reads (array mode)', async () => {
    const src = `#include <klee/klee.h>
int main(void) {
  char buf[8] = {0};
  int i = klee_range(0, 8, "i");
  int j = klee_range(0, 8, "j");
  buf[i] = 42;
  if (buf[j] == 42) return i == j;
  return 2 + (i == j);
}`;
    const o = await run(moduleOf({ text: src }));
    expect(o.result.paths.completed).toBe(2);
    expect(o.tests.map((t) => t.exitCode).sort()).toEqual([1, 2]);
  });

  test('a symbolic pointer read from memory resolves to each object (2 heap objects)', async () => {
    const src = `#include <klee/klee.h>
void *malloc(unsigned long);
int main(void) {
  int *a = malloc(4), *b = malloc(4);
  *a = 1; *b = 2;
  int *t[2] = {a, b};
  return *t[klee_range(0, 2, "k")];
}`;
    const o = await run(moduleOf({ text: src }));
    expect(o.tests.map((t) => t.exitCode).sort()).toEqual([1, 2]);
  });

  test('memcpy with a bounded symbolic length copies under i < n', async () => {
    const src = `#include <klee/klee.h>
void *memcpy(void *, const void *, unsigned long);
int main(void) {
  char src[4] = {1, 1, 1, 1}, dst[4] = {0, 0, 0, 0};
  unsigned long n = (unsigned long)klee_range(0, 5, "n");
  memcpy(dst, src, n);
  return dst[0] + dst[1] + dst[2] + dst[3];
}`;
    const o = await run(moduleOf({ text: src }));
    expect(o.result.paths.errors).toBe(0);
    expect(o.tests.length).toBe(1);
  });

  test('floats with --fp concrete: symbolic operands are concretised with a message', async () => {
    const src = `#include <klee/klee.h>
int main(void) {
  int x = klee_range(0, 100, "x");
  double d = x * 0.5;
  return d > 10.0;
}`;
    const o = await run(moduleOf({ text: src }), { fp: 'concrete' });
    expect(o.result.paths.completed).toBe(1);
    expect(o.messages.some((m) => /concretised symbolic floating-point operand/.test(m))).toBe(true);
    // symbolic (the default): both sides of d > 10.0 (x > 20 and x <= 20), nothing concretised
    const s = await run(moduleOf({ text: src.replace('return d > 10.0;', 'if (d > 10.0) return 1;\n  return 0;') }));
    expect(s.result.paths.completed).toBe(2);
    expect(s.tests.map((t) => t.exitCode).sort()).toEqual([0, 1]);
    expect(s.messages.some((m) => /concretised symbolic floating-point operand/.test(m))).toBe(false);
  });
});

describe('hooks', () => {
  test('onBranch may veto a direction: that path is pruned', async () => {
    let terminated = 0;
    const hook: ExplorationHooks = {
      name: 'no-false',
      onBranch: (e) => e.direction === 0,
      onTerminate: () => terminated++,
    };
    const o = await run(moduleOf({ text: BRANCHES }), {}, { hooks: [hook] });
    expect(o.result.paths.completed).toBe(1);
    expect(o.result.paths.pruned).toBe(3);
    expect(terminated).toBe(4);
  });

  test('wantsTrace gives each terminated state its branch instances', async () => {
    const traces: number[][] = [];
    const hook: ExplorationHooks = {
      name: 'trace',
      wantsTrace: true,
      onTerminate: (state) => {
        const dirs: number[] = [];
        for (let t = state.trace; t; t = t.prev) dirs.unshift(t.direction);
        traces.push(dirs);
      },
    };
    await run(moduleOf({ text: BRANCHES }), {}, { hooks: [hook] });
    expect(traces).toHaveLength(8);
    expect(new Set(traces.map((t) => t.join(''))).size).toBe(8);
    expect(traces.every((t) => t.length === 3)).toBe(true);
  });
});
