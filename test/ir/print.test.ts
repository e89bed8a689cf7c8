// The printer: constants in LLVM's literal forms, instructions, and print → parse → print stability on
// the hand-made fixtures (the corpus test also checks its output with llvm-as-19 and llvm-diff-19).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fn, mod } from './helpers.js';
import { parseModule, printConstant, printFunction, printModule, printValueRef } from '../../src/ir/index.js';
import type { GlobalVariable } from '../../src/ir/model.js';

describe('printing', () => {
  it('prints float constants in the forms LLVM reads back', () => {
    const m = mod(`@f = global float 1.5
@d = global double -2.0
@h = global half 0xH3C00
@b = global bfloat 0xR3F80
@x = global x86_fp80 0xK4000A000000000000000
@q = global fp128 0xL00000000000000004000000000000000
@p = global ppc_fp128 0xM3FF00000000000000000000000000000
`);
    const init = (n: string) => printConstant((m.symbols.get(n) as GlobalVariable).initializer!);
    expect(['f', 'd', 'h', 'b', 'x', 'q', 'p'].map(init)).toEqual([
      '0x3FF8000000000000', '0xC000000000000000', '0xH3C00', '0xR3F80', '0xK4000A000000000000000',
      '0xL00000000000000004000000000000000', '0xM3FF00000000000000000000000000000',
    ]);
  });
  it('prints constant expressions and aggregates', () => {
    const m = mod(`@a = global [2 x i32] [i32 1, i32 -1]
@p = global i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @a, i64 4) to i64)
@s = constant [3 x i8] c"a\\22\\00"
`);
    const init = (n: string) => printConstant((m.symbols.get(n) as GlobalVariable).initializer!);
    expect(init('a')).toBe('[i32 1, i32 -1]');
    expect(init('p')).toBe('ptrtoint (ptr getelementptr inbounds (i8, ptr @a, i64 4) to i64)');
    expect(init('s')).toBe('c"a\\22\\00"');
    expect(printValueRef((m.symbols.get('a') as GlobalVariable).initializer!)).toBe('[2 x i32] [i32 1, i32 -1]');
  });
  it('prints a function', () => {
    const f = fn('entry:\n  %s = add nsw i32 %x, 1\n  %c = icmp slt i32 %s, 10\n  br i1 %c, label %entry2, label %entry2\nentry2:\n  ret i32 %s', 'i32 @f(i32 %x)');
    expect(printFunction(f)).toBe(
      'define i32 @f(i32 %x) {\nentry:\n  %s = add nsw i32 %x, 1\n  %c = icmp slt i32 %s, 10\n  br i1 %c, label %entry2, label %entry2\n\nentry2:\n  ret i32 %s\n}',
    );
  });
  it('is stable: printing the parse of printed IR gives the same text', () => {
    const dir = join(import.meta.dirname, '..', 'ir-fixtures', 'valid');
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.ll'))) {
      const once = printModule(parseModule(readFileSync(join(dir, f), 'utf8'), f));
      expect(printModule(parseModule(once, 'printed.ll')), f).toBe(once);
    }
  });
});
