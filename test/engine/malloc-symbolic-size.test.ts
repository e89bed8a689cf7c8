// Issue 21 item 9, issue 23 item 4: malloc of a symbolic size explores several sizes, each on its own
// path (src/engine/symbolic-sizes.ts): the minimal feasible size, sizes at least doubling, the maximal
// one (--sym-alloc-sizes, default 4), NULL for sizes above 2^31, and a `model` error "concretized
// symbolic size" for the unexplored rest. Before, the size was fixed to one value, silently.
import { afterAll, describe, expect, it } from 'vitest';
import { closeSolver, moduleOf, run } from './helpers.js';

afterAll(closeSolver);

const program = (assume: string): string => `
#include <klee/klee.h>
#include <stdlib.h>
int main(void) {
  unsigned n;
  klee_make_symbolic(&n, sizeof n, "n");
  klee_assume(${assume});
  char *p = malloc(n);
  if (!p) return 255;
  p[0] = 1;
  p[n - 1] = 2; /* in bounds on every path that allocated */
  return n % 200;
}`;

const nOf = (bytes: ArrayLike<number>): number => new DataView(Uint8Array.from(bytes).buffer).getUint32(0, true);

describe('malloc of a symbolic size', () => {
  it('several sizes (the minimal, at least doubling, the maximal), a model error for the unexplored rest', async () => {
    const o = await run(moduleOf({ text: program('(n >= 4) & (n <= 1000)') }));
    expect(o.result.paths).toMatchObject({ completed: 4, errors: 1 });
    expect(o.tests.filter((t) => !t.error).map((t) => nOf(t.objects[0]!.bytes)).sort((a, b) => a - b)).toEqual([4, 8, 16, 1000]);
    const err = o.tests.find((t) => t.error)!;
    expect(err.error).toMatchObject({ kind: 'model' });
    expect(err.error!.message).toMatch(/concretized symbolic size of malloc/);
    expect([4, 8, 16, 1000]).not.toContain(nOf(err.objects[0]!.bytes));
    expect(o.messages.some((m) => /malloc\(\) of a symbolic size: 4, 8, 16, 1000 bytes/.test(m))).toBe(true);
  });

  it('--sym-alloc-sizes 1: one size (the minimal), as KLEE', async () => {
    const o = await run(moduleOf({ text: program('(n >= 4) & (n <= 1000)') }), { symAllocSizes: 1 });
    expect(o.result.paths).toMatchObject({ completed: 1, errors: 1 });
    expect(nOf(o.tests.find((t) => !t.error)!.objects[0]!.bytes)).toBe(4);
  });

  it('two possible sizes: both allocated, each on its own path', async () => {
    const o = await run(moduleOf({ text: program('(n == 5) | (n == 700)') }));
    expect(o.result.paths).toMatchObject({ completed: 2, errors: 0 });
    expect(o.tests.map((t) => nOf(t.objects[0]!.bytes)).sort((a, b) => a - b)).toEqual([5, 700]);
    expect(o.tests.map((t) => t.exitCode).sort((a, b) => a! - b!)).toEqual([5, 100]);
  });

  it('sizes above 2^31 make malloc fail (NULL) on a path of their own', async () => {
    const o = await run(moduleOf({ text: program('(n == 64) | (n > 3000000000u)') }));
    const exits = o.tests.map((t) => t.exitCode);
    expect(exits).toContain(255);
    expect(o.tests.filter((t) => t.exitCode === 255).every((t) => nOf(t.objects[0]!.bytes) > 2 ** 31)).toBe(true);
    // n == 64 is reached too: allocated (exit 64), or — when the solver's first example was a huge size —
    // as the bounded rest's model error.
    expect(o.tests.some((t) => nOf(t.objects[0]!.bytes) === 64 && (t.exitCode === 64 || t.error?.kind === 'model'))).toBe(true);
  });
});
