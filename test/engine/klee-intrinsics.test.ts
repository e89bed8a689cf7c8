// Issue 21 item 11: KLEE intrinsics and corners that programs written for KLEE use — the two-argument
// klee_make_symbolic, a 0-byte symbolic object (malloc(0)), klee_prefer_cex steering the test's values,
// klee_define_fixed_object, llvm.is.constant true only for IR constants, and an indirectbr error that
// carries the source line of its computed goto.
import { afterAll, describe, expect, it } from 'vitest';
import { parseModule } from '../../src/ir/index.js';
import { closeSolver, moduleOf, run } from './helpers.js';

afterAll(closeSolver);

const i32 = (bytes: ArrayLike<number>): number => new DataView(Uint8Array.from(bytes).buffer).getInt32(0, true);

describe('klee_make_symbolic', () => {
  it("KLEE's older two-argument form makes an object named 'unnamed'", async () => {
    const o = await run(
      moduleOf({
        text: `
void klee_make_symbolic(void *p, unsigned long n);
int main(void) { int x; klee_make_symbolic(&x, sizeof x); if (x > 3) return 1; return 0; }`,
      }),
    );
    expect(o.result.paths).toMatchObject({ completed: 2, errors: 0 });
    for (const t of o.tests) expect(t.objects.map((b) => [b.name, b.bytes.length])).toEqual([['unnamed', 4]]);
  });

  it('size 0 (on malloc(0)) is no error: the test lists a 0-byte object in its place', async () => {
    const o = await run(
      moduleOf({
        text: `
#include <klee/klee.h>
#include <stdlib.h>
int main(void) {
  char *p = malloc(0);
  klee_make_symbolic(p, 0, "empty");
  int x; klee_make_symbolic(&x, sizeof x, "x");
  if (x == 5) return 1;
  return 0;
}`,
      }),
    );
    expect(o.result.paths).toMatchObject({ completed: 2, errors: 0 });
    for (const t of o.tests) expect(t.objects.map((b) => [b.name, b.bytes.length])).toEqual([['empty', 0], ['x', 4]]);
  });
});

describe('klee_prefer_cex', () => {
  it('the test takes the preferred values when the path allows them, and ignores a preference it cannot meet', async () => {
    const o = await run(
      moduleOf({
        text: `
#include <klee/klee.h>
int main(void) {
  int x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_prefer_cex(&x, x == 1234);
  klee_prefer_cex(&y, y == 77);
  klee_prefer_cex(&y, y == 78); /* conflicts with the one before: dropped */
  if (x > 2000) return 1;
  return 0;
}`,
      }),
    );
    const byExit = new Map(o.tests.map((t) => [t.exitCode, t.objects.map((b) => i32(b.bytes))]));
    expect(byExit.get(0)).toEqual([1234, 77]);
    // x == 1234 cannot hold on the x > 2000 path; y's preference still does.
    expect(byExit.get(1)![0]).toBeGreaterThan(2000);
    expect(byExit.get(1)![1]).toBe(77);
  });
});

describe('klee_define_fixed_object', () => {
  const fixed = (addr: string, body: string): string => `
#include <klee/klee.h>
int main(void) {
  klee_define_fixed_object((void *)${addr}, 16);
  volatile unsigned char *p = (volatile unsigned char *)${addr};
${body}
}`;

  it('memory at the named address: zero-filled, writable, readable, bounded', async () => {
    for (const addr of ['0x5000', '0x40000000']) {
      const ok = await run(moduleOf({ text: fixed(addr, '  p[3] = 9; return p[3] + p[15];') }));
      expect(ok.result.paths).toMatchObject({ completed: 1, errors: 0 });
      expect(ok.tests[0]!.exitCode).toBe(9);
      const past = await run(moduleOf({ text: fixed(addr, '  return p[16];') }));
      expect(past.tests[0]!.error).toMatchObject({ kind: 'out-of-bounds' });
    }
  });

  it('an address in the null page or overlapping another object is refused with the reason', async () => {
    const nul = await run(moduleOf({ text: fixed('0x10', '  return 0;') }));
    expect(nul.tests[0]!.error?.message).toMatch(/klee_define_fixed_object: address 0x10 is in the null page/);
    const twice = await run(moduleOf({ text: fixed('0x6000', '  klee_define_fixed_object((void *)0x6008, 4);\n  return 0;') }));
    expect(twice.tests[0]!.error?.message).toMatch(/address range 0x6008-0x600c overlaps global object 'fixed object' at 0x6000 of 16 bytes/);
  });
});

describe('llvm.is.constant', () => {
  it('is true for IR constants only', async () => {
    const m = parseModule(
      `
declare i1 @llvm.is.constant.i32(i32)
declare i1 @llvm.is.constant.p0(ptr)
@g = global i32 0
define i32 @main(i32 %argc, ptr %argv) {
  %a = call i1 @llvm.is.constant.i32(i32 5)
  %b = call i1 @llvm.is.constant.i32(i32 %argc)
  %c = call i1 @llvm.is.constant.p0(ptr @g)
  %d = call i1 @llvm.is.constant.p0(ptr null)
  %a1 = zext i1 %a to i32
  %b1 = zext i1 %b to i32
  %c1 = zext i1 %c to i32
  %d1 = zext i1 %d to i32
  %b2 = shl i32 %b1, 1
  %c2 = shl i32 %c1, 2
  %d2 = shl i32 %d1, 3
  %r1 = or i32 %a1, %b2
  %r2 = or i32 %r1, %c2
  %r3 = or i32 %r2, %d2
  ret i32 %r3
}`,
      'is_constant.ll',
    );
    const o = await run(m);
    expect(o.tests[0]!.exitCode).toBe(0b1001);
  });
});

describe('indirectbr', () => {
  it("an error names the computed goto's source line (clang's shared indirectbr block has none)", async () => {
    const o = await run(
      moduleOf({
        text: `#include <klee/klee.h>
int main(void) {
  static void *labels[] = { &&a, &&b };
  int i;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume((i >= 0) & (i < 3));
  void *t = i == 2 ? (void *)((char *)labels[0] + 1) : labels[i];
  goto *t;
a:
  return 1;
b:
  return 2;
}`,
      }),
    );
    const err = o.tests.find((t) => t.error)!;
    expect(err.error).toMatchObject({ kind: 'exec', line: 8 });
    expect(o.result.paths).toMatchObject({ completed: 2, errors: 1 });
  });
});
