// Issue 21 item 10: the address of an undefined `extern_weak` function is null, as the native linker
// makes it, so `if (&f) f();` skips the call; a weak declaration the engine implements keeps its
// address.
import { afterAll, describe, expect, it } from 'vitest';
import { closeSolver, moduleOf, run } from './helpers.js';

afterAll(closeSolver);

describe('extern_weak functions', () => {
  it('an undefined one has address 0: the guarded call is skipped, no error', async () => {
    const o = await run(
      moduleOf({
        text: `
extern void maybe(void) __attribute__((weak));
int main(void) {
  if (&maybe) { maybe(); return 1; }
  return (&maybe == 0) ? 7 : 8;
}`,
      }),
    );
    expect(o.result.paths).toMatchObject({ completed: 1, errors: 0 });
    expect(o.tests.map((t) => t.exitCode)).toEqual([7]);
  });

  it('one the engine implements (a built-in) keeps a non-null address', async () => {
    const o = await run(
      moduleOf({
        text: `
extern void klee_assume(unsigned long) __attribute__((weak));
int main(void) { return &klee_assume != 0 ? 3 : 4; }`,
      }),
    );
    expect(o.tests.map((t) => t.exitCode)).toEqual([3]);
  });
});
