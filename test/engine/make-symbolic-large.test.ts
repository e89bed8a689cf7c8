// Issue 21 item 4: klee_make_symbolic of a big object (from 64 KiB, WHOLE_ARRAY_SYMBOLIC) keeps the
// object as its symbolic array instead of one expression per byte; a 16 MB object ran Node out of heap
// before. The paths, the bytes of each test and writes over the symbolic contents must be as before.
import { afterAll, describe, expect, it } from 'vitest';
import { WHOLE_ARRAY_SYMBOLIC } from '../../src/memory/object-state.js';
import { closeSolver, moduleOf, run } from './helpers.js';

afterAll(closeSolver);

const SIZE = 1 << 20;

const program = `
#include <klee/klee.h>
static char buf[${SIZE}];
int main(void) {
  klee_make_symbolic(buf, sizeof buf, "buf");
  buf[7] = 'z'; /* a concrete write over the symbolic contents */
  if (buf[5] == 'a') {
    if (buf[${SIZE - 1}] == 'b') return 1;
    return 2;
  }
  return buf[7] == 'z' ? 3 : 4; /* 4 is unreachable */
}`;

describe('klee_make_symbolic of a whole big object', () => {
  it('is above the array-mode threshold', () => {
    expect(SIZE).toBeGreaterThanOrEqual(WHOLE_ARRAY_SYMBOLIC);
  });

  it('gives the three paths, each test holding the whole object with the bytes its path needs', async () => {
    const o = await run(moduleOf({ text: program }));
    expect(o.result.paths).toMatchObject({ completed: 3, errors: 0 });
    const shapes = o.tests.map((t) => {
      const bytes = t.objects[0]!.bytes;
      expect(t.objects[0]!.name).toBe('buf');
      expect(bytes.length).toBe(SIZE);
      if (bytes[5] !== 0x61) return '!a';
      return bytes[SIZE - 1] === 0x62 ? 'a b' : 'a !b';
    });
    expect(shapes.sort()).toEqual(['!a', 'a !b', 'a b']);
  });
});
