// Heap objects named by allocation history (src/engine/heap-history.ts): states that forked before an
// allocation and then make the same allocation (site, size) get the same object and address; a
// different size, a different site or a later allocation gets another.

import { afterAll, expect, test } from 'vitest';
import { closeSolver, moduleOf, run } from './helpers.js';

afterAll(closeSolver);

const program = `
#include <stdio.h>
#include <stdlib.h>
void klee_make_symbolic(void *, unsigned long, const char *);
static char *same(void) { return malloc(8); }
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  char *before = malloc(4);
  char *p;
  int label = 0;
  if (x > 0) { p = same(); label = 1; }     /* one site, one size, on both sides of the fork */
  else p = same();
  unsigned long n = 8;
  if (x > 5) { n = 16; label = 2; }
  char *q = malloc(n);                      /* one site, two sizes */
  char *r = malloc(8);                      /* after different histories in states 1 and 2 */
  printf("%d %p %p %p %p\\n", label, (void *)before, (void *)p, (void *)q, (void *)r);
  free(p); free(q); free(r); free(before);
  return 0;
}
`;

test('sibling states share the objects of the same allocation history', async () => {
  const got = await run(moduleOf({ text: program }));
  const rows = got.stdout.trim().split('\n').map((l) => l.split(' '));
  expect(rows.map((r) => r[0]).sort(), got.stdout).toEqual(['0', '1', '2']);
  const by = new Map(rows.map((r) => [r[0]!, r.slice(1)]));
  const [b0, p0, q0, r0] = by.get('0')!;
  const [b1, p1, q1, r1] = by.get('1')!;
  const [b2, p2, q2, r2] = by.get('2')!;
  // allocated before the fork: one object for all
  expect(new Set([b0, b1, b2]).size).toBe(1);
  // same() on either side of the x > 0 fork: one site and size, so one object
  expect(p0).toBe(p1);
  expect(p1).toBe(p2);
  // malloc(8) in states 0 and 1, malloc(16) in state 2
  expect(q0).toBe(q1);
  expect(q2).not.toBe(q1);
  // r: after the same history in 0 and 1, after another one in 2
  expect(r0).toBe(r1);
  expect(r2).not.toBe(r1);
  // within one state, every allocation is its own object
  for (const [b, p, q, r] of [by.get('0')!, by.get('2')!]) expect(new Set([b, p, q, r]).size).toBe(4);
});
