// Issue 22 item 5: KLEE's seeding (--seed-file, --seed-dir; src/engine/seeds.ts). A needle one path in
// 2^16 deep is not found by 30 tests of DFS; seeded with the test that reaches it, the first test is the
// needle's, and the search goes on from there (nothing pruned); with --only-seed it stops there.
import { afterAll, describe, expect, it } from 'vitest';
import { closeSolver, moduleOf, run } from './helpers.js';

afterAll(closeSolver);

const NEEDLE = `
#include <klee/klee.h>
#include <stdlib.h>
int main(void) {
  char s[16];
  klee_make_symbolic(s, sizeof s, "s");
  int n = 0;
  for (int i = 0; i < 16; i++)
    if (s[i] == 'a') n++;
  if (n == 16) abort();
  return n;
}`;

const seed = (bytes: Uint8Array) => ({ name: 'seed.ktest', objects: [{ name: 's', bytes }] });

describe('seeding', () => {
  it('without a seed, 30 tests of DFS do not reach the needle', async () => {
    const o = await run(moduleOf({ text: NEEDLE }), { maxTests: 30 });
    expect(o.tests).toHaveLength(30);
    expect(o.tests.filter((t) => t.error)).toEqual([]);
  });

  it("with the needle's test as seed, the first test is the needle's, then the search goes on", async () => {
    const o = await run(moduleOf({ text: NEEDLE }), { maxTests: 30, seeds: [seed(new Uint8Array(16).fill(0x61))] });
    expect(o.tests[0]!.error?.kind).toBe('abort');
    expect(o.tests).toHaveLength(30);
    expect(o.messages.some((m) => /seeding done/.test(m))).toBe(true);
  });

  it('--only-seed stops when seeding is done: the needle, then the siblings left alive as partial tests', async () => {
    const o = await run(moduleOf({ text: NEEDLE }), { onlySeed: true, seeds: [seed(new Uint8Array(16).fill(0x61))] });
    expect(o.result.haltReason).toBe('only-seed');
    expect(o.tests[0]!.error?.kind).toBe('abort');
    // one sibling per fork of the seed's path (s[i] != 'a'), never explored, dumped as at any halt
    expect(o.tests).toHaveLength(17);
    expect(o.tests.slice(1).map((t) => t.termination)).toEqual(new Array(16).fill('partial'));
    expect(o.messages.some((m) => /stopping \(--only-seed\)/.test(m))).toBe(true);
  });

  it('a short seed is extended with zero bytes: its path is followed as far as it goes', async () => {
    const o = await run(moduleOf({ text: NEEDLE }), { maxTests: 1, seeds: [seed(new Uint8Array(8).fill(0x61))] });
    const bytes = o.tests[0]!.objects[0]!.bytes;
    expect([...bytes.slice(0, 8)]).toEqual(new Array(8).fill(0x61));
    expect([...bytes.slice(8)].every((b) => b !== 0x61)).toBe(true);
    expect(o.tests[0]!.exitCode).toBe(8);
  });
});
