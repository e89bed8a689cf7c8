// Issue 21 item 8: free() and realloc() of a symbolic pointer fork once per heap object whose start it
// may be (and NULL), with an invalid-free state for "none of them", as KLEE's resolveExact does. Before,
// the pointer was concretised to one value: one path, and the invalid free was missed.
import { afterAll, describe, expect, it } from 'vitest';
import { closeSolver, moduleOf, run } from './helpers.js';

afterAll(closeSolver);

const program = (body: string): string => `
#include <klee/klee.h>
#include <stdlib.h>
int main(void) {
  char *a = malloc(4), *b = malloc(4);
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 3);
${body}
}`;

const iOf = (bytes: ArrayLike<number>): number => new DataView(Uint8Array.from(bytes).buffer).getUint32(0, true);

describe('free of a symbolic pointer', () => {
  it('forks per object it may be the start of; a pointer into an object is an invalid free', async () => {
    const o = await run(moduleOf({ text: program('  char *ptrs[3] = { a, b, a + 1 };\n  free(ptrs[i]);\n  return (int)i;') }));
    expect(o.result.paths).toMatchObject({ completed: 2, errors: 1 });
    const err = o.tests.find((t) => t.error)!;
    expect(err.error).toMatchObject({ kind: 'invalid-free' });
    expect(iOf(err.objects[0]!.bytes)).toBe(2);
    expect(o.tests.filter((t) => !t.error).map((t) => t.exitCode).sort()).toEqual([0, 1]);
  });

  it('a freed object among the targets is a double free on its own path; NULL is a no-op', async () => {
    const o = await run(moduleOf({ text: program('  char *ptrs[3] = { a, b, 0 };\n  free(b);\n  free(ptrs[i]);\n  return (int)i;') }));
    expect(o.result.paths).toMatchObject({ completed: 2, errors: 1 });
    const err = o.tests.find((t) => t.error)!;
    expect(err.error).toMatchObject({ kind: 'double-free' });
    expect(iOf(err.objects[0]!.bytes)).toBe(1);
  });
});

describe('realloc of a symbolic pointer', () => {
  it('forks the same way, and every path gets its own result (NULL: a fresh block)', async () => {
    const o = await run(
      moduleOf({ text: program('  char *ptrs[3] = { a, b, 0 };\n  a[3] = 7; b[3] = 8;\n  char *q = realloc(ptrs[i], 16);\n  q[15] = 1;\n  return q[3] + 10 * (int)i;') }),
    );
    expect(o.result.paths).toMatchObject({ completed: 3, errors: 0 });
    // The contents moved: 7 from a, 8 from b; a fresh block's byte 3 is whatever malloc gave (0 here).
    expect(o.tests.map((t) => t.exitCode).sort((x, y) => x! - y!)).toEqual([7, 18, 20]);
  });
});
