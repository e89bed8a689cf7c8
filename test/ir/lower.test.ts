// Lowering: instruction and branch numbering, block links, and the structural checks.
import { describe, expect, it } from 'vitest';
import { errorOf, mod } from './helpers.js';
import { calledFunction, instructionsOf, isTerminator, lowerModule, printValueRef } from '../../src/ir/index.js';
import { parseModuleText } from '../../src/ir/parser.js';
import type { Func } from '../../src/ir/model.js';

const text = `declare void @abort() noreturn
@alias = alias void (), ptr @abort
define i32 @f(i32 %x) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %a, label %b
a:
  switch i32 %x, label %b [ i32 1, label %c2 ]
b:
  br label %c2
c2:
  call void @alias()
  ret i32 0
}
define void @g() {
  br label %1
1:
  ret void
}
`;

describe('lowering', () => {
  const m = mod(text);
  const f = m.functions[1]!;
  const g = m.functions[2]!;
  it('numbers instructions in module order and branch points separately', () => {
    const all = [...instructionsOf(f), ...instructionsOf(g)];
    expect(all.map((i) => i.id)).toEqual(all.map((_, k) => k));
    expect(all.filter((i) => i.branchId !== undefined).map((i) => [i.op, i.branchId])).toEqual([
      ['br', 0],
      ['switch', 1],
    ]);
    expect(m.functions.map((x) => x.index)).toEqual([0, 1, 2]);
  });
  it('links successors and predecessors and indexes blocks', () => {
    expect(f.blocks.map((b) => [b.name, b.index, b.succs.map((s) => s.name), b.preds.map((s) => s.name)])).toEqual([
      ['entry', 0, ['a', 'b'], []],
      ['a', 1, ['b', 'c2'], ['entry']],
      ['b', 2, ['c2'], ['entry', 'a']],
      ['c2', 3, [], ['a', 'b']],
    ]);
  });
  it('answers the engine queries', () => {
    const call = f.blocks[3]!.instructions[0]!;
    expect(calledFunction(call)!.name).toBe('abort');
    expect(isTerminator('br')).toBe(true);
    expect(isTerminator('call')).toBe(false);
    expect(printValueRef(f.blocks[0]!.instructions[0]!)).toBe('%c');
    expect(printValueRef(call.operands[0]!)).toBe('@alias');
    expect(printValueRef(f.blocks[0]!.instructions[0]!.operands[1]!)).toBe('i32 0');
  });
  it('is idempotent', () => {
    const m2 = parseModuleText(text, 't.ll');
    lowerModule(m2);
    lowerModule(m2);
    expect((m2.functions[1] as Func).blocks[2]!.preds.map((b) => b.name)).toEqual(['entry', 'a']);
  });
  it('rejects blocks without a terminator and terminators in the middle (built by hand)', () => {
    const m2 = parseModuleText('define void @h() {\n  ret void\n}\n', 'h.ll');
    const b = m2.functions[0]!.blocks[0]!;
    b.instructions.push({ ...b.instructions[0]!, pos: { line: 3, col: 1 } });
    expect(() => lowerModule(m2)).toThrow(/terminator 'ret' in the middle of block %0/);
    b.instructions.length = 0;
    expect(() => lowerModule(m2)).toThrow(/block %0 of '@h' is empty/);
  });
  it('rejects a branch back to the entry block', () => {
    expect(errorOf('define void @h() {\nentry:\n  br label %entry\n}\n')).toBe("3:3: the entry block %entry of '@h' cannot have predecessors");
  });
  it('rejects phis after other instructions', () => {
    expect(errorOf('define i32 @h(i1 %c) {\nentry:\n  br label %b\nb:\n  %x = add i32 1, 2\n  %p = phi i32 [ 1, %entry ]\n  ret i32 %p\n}\n')).toBe(
      '6:3: phi nodes must come first in block %b',
    );
  });
});
