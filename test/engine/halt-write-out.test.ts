// Issue 21 items 3 and 17: what a halt leaves. The states alive at a halt get tests within a bounded
// allowance (time and count; an interruption stops the writing), and a run that dropped states at the
// memory limit does not claim to have explored every path.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import * as resources from '../../src/engine/resources.js';
import { hibernateAboveMB } from '../../src/engine/hibernation.js';
import type { TestCase } from '../../src/engine/test-case.js';
import { closeSolver, moduleOf, run } from './helpers.js';

afterAll(closeSolver);
afterEach(() => vi.restoreAllMocks());

/** 14 branches on symbolic bytes: a depth-first run cut early leaves one pending sibling per branch taken. */
const WIDE = `
#include <klee/klee.h>
int main(void) {
  unsigned char b[14];
  klee_make_symbolic(b, sizeof b, "b");
  int n = 0;
  for (int i = 0; i < 14; i++) if (b[i] > 100) n++;
  return n;
}`;

describe('the write-out of live states at a halt', () => {
  it('writes at most the allowed count of partial tests and says how many states got none', async () => {
    const full = await run(moduleOf({ text: WIDE }), { maxInstructions: 400 });
    expect(full.result.haltReason).toBe('max-instructions');
    const live = full.tests.filter((t) => t.termination === 'partial').length;
    expect(live).toBeGreaterThan(6);

    const capped = await run(moduleOf({ text: WIDE }), { maxInstructions: 400, haltWriteOutMaxTests: 4 });
    expect(capped.tests.filter((t) => t.termination === 'partial')).toHaveLength(4);
    // Every state is still counted as a partial path, with or without a test.
    expect(capped.result.paths.partial).toBe(full.result.paths.partial);
    expect(capped.messages.some((m) => m.includes(`${live - 4} live states got no test (allowance used up)`))).toBe(true);
  });

  it("KLEE's --dump-states-on-halt=false: the live states get no tests, and are still counted", async () => {
    const o = await run(moduleOf({ text: WIDE }), { maxInstructions: 400, dumpStatesOnHalt: false });
    expect(o.tests.filter((t) => t.termination === 'partial')).toHaveLength(0);
    expect(o.result.paths.partial).toBeGreaterThan(6);
    expect(o.messages.some((m) => /live states got no test \(--dump-states-on-halt=false\)/.test(m))).toBe(true);
  });

  it('an interruption during the write-out stops it: no more tests after the signal', async () => {
    const controller = new AbortController();
    const written: TestCase[] = [];
    const o = await run(
      moduleOf({ text: WIDE }),
      { maxInstructions: 400 },
      {
        signal: controller.signal,
        sink: {
          add(t) {
            written.push(t);
            // The first test of the write-out is written; then Ctrl-C.
            if (t.termination === 'partial') controller.abort();
            return `test${String(written.length).padStart(6, '0')}.ktest`;
          },
        },
      },
    );
    expect(written.filter((t) => t.termination === 'partial')).toHaveLength(1);
    expect(o.messages.some((m) => /live states got no test \(interrupted\)/.test(m))).toBe(true);
  });
});

/**
 * A fork (two live states when memory is first checked), then long enough for the 100 ms memory check,
 * then `after` (C statements on x and side).
 */
function forkThenSpin(after: string): string {
  return `
#include <klee/klee.h>
int main(void) {
  int x; klee_make_symbolic(&x, sizeof x, "x");
  int side = 0;
  if (x > 0) side = 1;
  volatile unsigned long spin = 0;
  for (unsigned long i = 0; i < 400000; i++) spin += i;${after}
  return side;
}`;
}

/** Two branches after the spin, both feasible both ways for one of the two states. */
const TWO_MORE_BRANCHES = `
  if (x > 10) side += 2;
  if (x < -10) side += 4;`;

describe('--max-memory with --hibernate false (KLEE\'s policy alone)', () => {
  it('a run that dropped states reports max-memory as its halt reason even when the search then ends', async () => {
    // Over the limit once (the first check after the fork), then well under it: states are dropped, the
    // survivor finishes, the searcher empties.
    let calls = 0;
    vi.spyOn(resources, 'footprint').mockImplementation(() => ({ mb: ++calls === 1 ? 1e6 : 1, dropsAllowed: true }));
    const o = await run(
      moduleOf({ text: forkThenSpin('') }),
      { maxMemory: 100, hibernate: false },
    );
    expect(calls).toBeGreaterThan(1);
    expect(o.result.paths).toMatchObject({ completed: 1, partial: 1 });
    expect(o.result.haltReason).toBe('max-memory');
  }, 60_000);

  it('over the limit but within the margin, forks are skipped (one side followed) and no state is dropped', async () => {
    // Over by 50 MB from the first check on: every later branch follows one feasible side.
    vi.spyOn(resources, 'footprint').mockImplementation(() => ({ mb: 150, dropsAllowed: true }));
    const o = await run(
      moduleOf({
        text: forkThenSpin(`
  if (x > 10) side += 2; /* feasible both ways for the state with x > 0: not forked */
  if (x < -10) side += 4; /* likewise for x <= 0 */`),
      }),
      { maxMemory: 100, hibernate: false },
    );
    expect(o.result.paths).toMatchObject({ completed: 2, partial: 0 });
    expect(o.result.haltReason).toBe('max-memory');
    expect(o.messages.some((m) => /memory limit of 100 MB reached \(150 MB used\): not forking until under it/.test(m))).toBe(true);
  }, 60_000);

  it('far over the limit while garbage of a slow collection may count, forks are skipped and no state is dropped', async () => {
    // Garbage a slow (spaced) collection has yet to free is not memory in use: no state goes for it.
    vi.spyOn(resources, 'footprint').mockImplementation(() => ({ mb: 1e6, dropsAllowed: false }));
    const o = await run(
      moduleOf({
        text: forkThenSpin(TWO_MORE_BRANCHES),
      }),
      { maxMemory: 100, hibernate: false },
    );
    expect(o.result.paths).toMatchObject({ completed: 2, partial: 0 });
    expect(o.messages.some((m) => /dropping/.test(m))).toBe(false);
  }, 60_000);
});

describe('--max-memory with --hibernate (the default)', () => {
  it('over the limit, the waiting state sleeps and is woken later: nothing dropped, every path explored', async () => {
    let calls = 0;
    vi.spyOn(resources, 'footprint').mockImplementation(() => ({ mb: ++calls === 1 ? 1e6 : 1, dropsAllowed: true }));
    const o = await run(moduleOf({ text: forkThenSpin('') }), { maxMemory: 100 });
    expect(calls).toBeGreaterThan(1);
    expect(o.result.paths).toMatchObject({ completed: 2, partial: 0 });
    expect(o.result.haltReason).toBeUndefined();
    expect(o.result.hibernation).toMatchObject({ slept: 1, woken: 1, failed: 0 });
  }, 60_000);

  it('far over the limit while garbage of a slow collection may count, no fork is skipped', async () => {
    // With every waiting state asleep, forks stop only once a full collection confirms the footprint.
    vi.spyOn(resources, 'footprint').mockImplementation(() => ({ mb: 1e6, dropsAllowed: false }));
    const o = await run(
      moduleOf({
        text: forkThenSpin(TWO_MORE_BRANCHES),
      }),
      { maxMemory: 100 },
    );
    expect(o.result.paths).toMatchObject({ completed: 4, partial: 0 });
    expect(o.result.haltReason).toBeUndefined();
    expect(o.result.hibernation!.slept).toBeGreaterThan(0);
  }, 60_000);
});

describe('--hibernate-above: states sleep below --max-memory', () => {
  it('past it (40% of --max-memory by default) waiting states sleep, and forks go on: nothing skipped or dropped', async () => {
    const asked: number[] = [];
    vi.spyOn(resources, 'footprint').mockImplementation((limit) => {
      asked.push(limit);
      return { mb: 900, dropsAllowed: true };
    });
    const o = await run(moduleOf({ text: forkThenSpin(TWO_MORE_BRANCHES) }), { maxMemory: 2000 });
    expect(asked[0]).toBe(800);
    expect(o.result.paths).toMatchObject({ completed: 4, partial: 0 });
    expect(o.result.haltReason).toBeUndefined();
    expect(o.result.hibernation!.slept).toBeGreaterThan(0);
    expect(o.result.hibernation!.woken).toBe(o.result.hibernation!.slept);
    expect(o.messages.some((m) => m.includes('900 MB used, past 800 MB (--hibernate-above): waiting states are put to sleep'))).toBe(true);
    expect(o.messages.some((m) => /not forking|dropping/.test(m))).toBe(false);
  }, 60_000);

  it('below it nothing sleeps', async () => {
    vi.spyOn(resources, 'footprint').mockImplementation(() => ({ mb: 700, dropsAllowed: true }));
    const o = await run(moduleOf({ text: forkThenSpin(TWO_MORE_BRANCHES) }), { maxMemory: 2000 });
    expect(o.result.paths).toMatchObject({ completed: 4, partial: 0 });
    expect(o.result.hibernation).toBeUndefined();
  }, 60_000);

  it('an explicit threshold is taken as given', async () => {
    vi.spyOn(resources, 'footprint').mockImplementation(() => ({ mb: 900, dropsAllowed: true }));
    const o = await run(moduleOf({ text: forkThenSpin(TWO_MORE_BRANCHES) }), { maxMemory: 2000, hibernateAbove: 1000 });
    expect(o.result.hibernation).toBeUndefined();
  }, 60_000);

  it('with no state but the running one awake, the check goes back to --max-memory (no full collections for nothing to put to sleep)', async () => {
    const asked: number[] = [];
    vi.spyOn(resources, 'footprint').mockImplementation((limit) => {
      asked.push(limit);
      return { mb: 900, dropsAllowed: true };
    });
    const spin = `int main(void) { volatile unsigned long spin = 0; for (unsigned long i = 0; i < 1200000; i++) spin += i; return 0; }`;
    const o = await run(moduleOf({ text: spin }), { maxMemory: 2000 });
    expect(o.result.paths).toMatchObject({ completed: 1, partial: 0 });
    expect(asked.length).toBeGreaterThan(2);
    expect(asked[0]).toBe(800);
    expect(asked.slice(1).every((mb) => mb === 2000)).toBe(true);
  }, 60_000);

  it('its default: 40% of --max-memory, at least 400 MB, never above --max-memory; 0 means at --max-memory', () => {
    expect(hibernateAboveMB(2000)).toBe(800);
    expect(hibernateAboveMB(10_000)).toBe(4000);
    expect(hibernateAboveMB(600)).toBe(400);
    expect(hibernateAboveMB(300)).toBe(300);
    expect(hibernateAboveMB(2000, 1500)).toBe(1500);
    expect(hibernateAboveMB(2000, 3000)).toBe(2000);
    expect(hibernateAboveMB(2000, 0)).toBe(2000);
  });
});
