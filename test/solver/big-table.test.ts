// Issue 21 item 18: a read at a symbolic index of a large constant table. As a select over the table's
// store chain Z3 4.8 gave no answer within 60 s on an 8 KiB table ("unknown": a partial path); as a
// multiplexer over the index's bits (smtlib.ts, lookupTree) it answers in about a second. Checked here
// through the engine: every branch on the table decided, each test's exit what the table says.
import { afterAll, describe, expect, it } from 'vitest';
import { lookupTree } from '../../src/solver/smtlib.js';
import { closeSolver, moduleOf, run } from '../engine/helpers.js';

afterAll(closeSolver);

/** A deterministic pseudo-random table (an LCG), one byte planted at 5000. */
function table(n: number): number[] {
  const t: number[] = [];
  let x = 12345;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    t.push((x >> 16) & 0xff);
  }
  t[5000] = 0xab;
  return t;
}

describe('reads of a big constant table at a symbolic index', () => {
  it('are decided: every path of an 8 KiB table lookup completes with a test', async () => {
    const t = table(8192);
    const src = `#include <klee/klee.h>
static const unsigned char table[8192] = {${t.join(',')}};
int main(void) {
  unsigned short i;
  klee_make_symbolic(&i, sizeof i, "i");
  i &= 8191;
  if (table[i] == 0xAB) return 1;
  if (table[i] == table[(i + 1) & 8191]) return 2;
  return 0;
}`;
    const o = await run(moduleOf({ text: src }), { maxSolverTime: 30 });
    expect(o.result.paths).toMatchObject({ completed: 3, partial: 0 });
    for (const test of o.tests) {
      const b = test.objects[0]!.bytes;
      const i = (b[0]! | (b[1]! << 8)) & 8191;
      const want = t[i] === 0xab ? 1 : t[i] === t[(i + 1) & 8191] ? 2 : 0;
      expect(test.exitCode).toBe(want);
    }
  }, 120_000);

  it('lookupTree collapses ranges of one value and is 0 past the end', () => {
    expect(lookupTree(new Array(512).fill(7))).toBe('(ite (= ((_ extract 31 9) i) #b00000000000000000000000) #x07 #x00)');
    // 260 entries: the tree covers 512, indices 260..511 read 0 like those past 511.
    expect(lookupTree(new Array(260).fill(7))).toBe(
      '(ite (= ((_ extract 31 9) i) #b00000000000000000000000) (ite (= ((_ extract 8 8) i) #b1) (ite (= ((_ extract 7 7) i) #b1) #x00 (ite (= ((_ extract 6 6) i) #b1) #x00 (ite (= ((_ extract 5 5) i) #b1) #x00 (ite (= ((_ extract 4 4) i) #b1) #x00 (ite (= ((_ extract 3 3) i) #b1) #x00 (ite (= ((_ extract 2 2) i) #b1) #x00 #x07)))))) #x07) #x00)',
    );
    const two = lookupTree([...new Array(256).fill(1), ...new Array(256).fill(2)]);
    expect(two).toBe('(ite (= ((_ extract 31 9) i) #b00000000000000000000000) (ite (= ((_ extract 8 8) i) #b1) #x02 #x01) #x00)');
  });
});
