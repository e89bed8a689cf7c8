// Issue 21 item 9: malloc of a symbolic size, as KLEE's executeAlloc: a small concrete size on one path
// (the solver's example halved while the size can equal the half, down to 128), and a forked path for
// the other sizes — the one other value the size can have, else NULL for sizes above 2^31 and a `model`
// error "concretized symbolic size" for the rest. Before, the size was fixed to one value, silently.
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
  it('a small size on one path, a model error for the unbounded rest', async () => {
    const o = await run(moduleOf({ text: program('(n >= 4) & (n <= 1000)') }));
    expect(o.result.paths).toMatchObject({ completed: 1, errors: 1 });
    const done = o.tests.find((t) => !t.error)!;
    expect(nOf(done.objects[0]!.bytes)).toBeLessThanOrEqual(128);
    const err = o.tests.find((t) => t.error)!;
    expect(err.error).toMatchObject({ kind: 'model' });
    expect(err.error!.message).toMatch(/concretized symbolic size of malloc/);
    expect(nOf(err.objects[0]!.bytes)).not.toBe(nOf(done.objects[0]!.bytes));
    expect(o.messages.some((m) => /malloc\(\) of a symbolic size/.test(m))).toBe(true);
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
