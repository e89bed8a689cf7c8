// Issue 21 item 15: cases of a switch that share a target block are one fork, as KLEE's are — also a
// case whose block is the default's (KLEE 3.2 gives 2 paths here; sympath gave 3, the default and case
// 1 forking apart into the same block). clang -O0 gives every case a block of its own, so the shared
// target is written in IR, as optimised code (SimplifyCFG) has it.
import { afterAll, describe, expect, it } from 'vitest';
import { parseModule } from '../../src/ir/index.js';
import { closeSolver, moduleOf, run } from './helpers.js';

afterAll(closeSolver);

const program = (cases: string): string => `
#include <klee/klee.h>
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  switch (x) {
${cases}
  }
}`;

/** main: x symbolic; switch x: default and the cases DEFAULT_CASES → 10, the cases OTHER_CASES → 20. */
const ir = (defaultCases: number[], otherCases: number[]): string => `
declare void @klee_make_symbolic(ptr, i64, ptr)
@name = private constant [2 x i8] c"x\\00"
define i32 @main() {
entry:
  %p = alloca i32
  call void @klee_make_symbolic(ptr %p, i64 4, ptr @name)
  %x = load i32, ptr %p
  switch i32 %x, label %shared [
${[...defaultCases.map((v) => `    i32 ${v}, label %shared`), ...otherCases.map((v) => `    i32 ${v}, label %other`)].join('\n')}
  ]
shared:
  ret i32 10
other:
  ret i32 20
}
`;

const xOf = (bytes: ArrayLike<number>): number => new DataView(Uint8Array.from(bytes).buffer).getInt32(0, true);

describe('switch: one fork per distinct target', () => {
  it('a case whose block is the default block is not a path of its own', async () => {
    const o = await run(parseModule(ir([1], [2]), 'switch.ll'));
    expect(o.result.paths.completed).toBe(2);
    expect(o.tests.map((t) => t.exitCode).sort()).toEqual([10, 20]);
    for (const t of o.tests) expect(t.exitCode).toBe(xOf(t.objects[0]!.bytes) === 2 ? 20 : 10);
  });

  it('several cases on the default block and several on another: still two paths', async () => {
    const o = await run(parseModule(ir([1, 7, -3], [2, 4]), 'switch.ll'));
    expect(o.result.paths.completed).toBe(2);
    for (const t of o.tests) expect(t.exitCode).toBe([2, 4].includes(xOf(t.objects[0]!.bytes)) ? 20 : 10);
  });

  it('two cases sharing a block, and a default of its own: three paths, every block reached', async () => {
    const o = await run(moduleOf({ text: program('  case 1: case 5: return 10;\n  case 2: return 20;\n  default: return 30;') }));
    expect(o.result.paths.completed).toBe(3);
    expect(o.tests.map((t) => t.exitCode).sort()).toEqual([10, 20, 30]);
  });

});
