// Stack MemoryObjects are made once per (address, size, name, site) and reused by every later alloca that
// matches, in any state (Allocator.stackObject; issue 20: echo held 126k distinct ones at 20k live
// states). Reuse must not alias contents between calls or states (contents are per frame), and a pointer
// to a local of a function that returned must still be an error even when a later call put an object of
// the same identity at that address and returned in turn.

import { afterAll, expect, test } from 'vitest';
import { Allocator } from '../../src/memory/allocator.js';
import type { MemoryObject } from '../../src/memory/memory-object.js';
import { closeSolver, moduleOf, run } from './helpers.js';

const PROGRAM = `
#include "klee/klee.h"
static int *__attribute__((noinline)) leak(int v) { int x = v; return &x; }
static int __attribute__((noinline)) twice(int v) { int y = v; y = y * 2; return y; }
int main(void) {
  int a;
  klee_make_symbolic(&a, sizeof a, "a");
  int sum = 0;
  for (int i = 0; i < 4; i++) {
    if (a > i) sum += twice(i + 1); else sum -= twice(i);
  }
  if (a == 100) { int *p = leak(a); twice(7); return *p; } /* p dangles: an error on that path */
  return sum & 0xff;
}`;

afterAll(closeSolver);

test('allocas reuse their MemoryObject across calls and states; contents stay per call; a dangling pointer is still an error', async () => {
  const made = new Set<MemoryObject>();
  let calls = 0;
  const orig = Allocator.prototype.stackObject;
  Allocator.prototype.stackObject = function (this: Allocator, ...args: Parameters<Allocator['stackObject']>) {
    calls++;
    const mo = orig.apply(this, args);
    made.add(mo);
    return mo;
  };
  let o;
  try {
    o = await run(moduleOf({ text: PROGRAM }));
  } finally {
    Allocator.prototype.stackObject = orig;
  }
  // Every path's exit status is the one its input gives (so no call saw another call's y).
  const exits = o.tests.filter((t) => t.termination === 'exit');
  expect(exits.length).toBe(5);
  for (const t of exits) {
    const a = Buffer.from(t.objects.find((x) => x.name === 'a')!.bytes).readInt32LE(0);
    let sum = 0;
    for (let i = 0; i < 4; i++) sum += a > i ? 2 * (i + 1) : -2 * i;
    expect(t.exitCode).toBe(sum & 0xff);
  }
  const errors = o.tests.filter((t) => t.termination !== 'exit');
  expect(errors.length).toBe(1);
  expect(o.messages.join('\n') + JSON.stringify(errors[0])).toMatch(/out of bound pointer|out-of-bounds/);
  // Many allocas, few objects: main's, one per (depth, name) of twice's and leak's locals.
  expect(calls).toBeGreaterThan(20);
  expect(made.size).toBeLessThan(calls / 3);
  for (const mo of made) expect(mo.id).toBeLessThan(0);
});
