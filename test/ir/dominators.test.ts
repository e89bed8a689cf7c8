// Dominator and post-dominator trees, including the virtual exit (ret, unreachable, noreturn calls)
// and the fake exit edges of infinite loops.
import { describe, expect, it } from 'vitest';
import { mod } from './helpers.js';
import { dominatorTree, postDominatorTree } from '../../src/analysis/dominators.js';
import type { BasicBlock, Func } from '../../src/ir/model.js';

function func(body: string, prelude = ''): Func {
  return mod(`${prelude}\ndefine void @f(i1 %c, i1 %d) {\n${body}\n}\n`).functions.find((f) => !f.isDeclaration)!;
}
const names = (m: ReadonlyMap<BasicBlock, BasicBlock | undefined>) => Object.fromEntries([...m].map(([b, d]) => [b.name, d?.name ?? null]));
const blk = (f: Func, n: string) => f.blocks.find((b) => b.name === n)!;

describe('dominators', () => {
  // entry → a | b; a → join; b → join | exit2; join → loop; loop → loop | out
  const f = func(`entry:
  br i1 %c, label %a, label %b
a:
  br label %join
b:
  br i1 %d, label %join, label %exit2
join:
  br label %loop
loop:
  br i1 %c, label %loop, label %out
out:
  ret void
exit2:
  ret void
dead:
  br label %out`);
  it('computes immediate dominators (unreachable blocks left out)', () => {
    expect(names(dominatorTree(f).idom)).toEqual({ entry: null, a: 'entry', b: 'entry', join: 'entry', loop: 'join', out: 'loop', exit2: 'b' });
  });
  it('answers dominates()', () => {
    const dt = dominatorTree(f);
    expect(dt.dominates(blk(f, 'entry'), blk(f, 'out'))).toBe(true);
    expect(dt.dominates(blk(f, 'a'), blk(f, 'join'))).toBe(false);
    expect(dt.dominates(blk(f, 'loop'), blk(f, 'loop'))).toBe(true);
    expect(dt.strictlyDominates(blk(f, 'loop'), blk(f, 'loop'))).toBe(false);
    expect(dt.dominates(blk(f, 'join'), blk(f, 'dead'))).toBe(true); // unreachable: dominated by all
    expect(dt.dominates(blk(f, 'dead'), blk(f, 'out'))).toBe(false);
    expect(dt.children(blk(f, 'entry')).map((b) => b.name)).toEqual(['a', 'b', 'join']);
    expect(dt.roots.map((b) => b.name)).toEqual(['entry']);
  });
  it('computes post-dominators with a virtual exit', () => {
    const pdt = postDominatorTree(f);
    expect(names(pdt.idom)).toEqual({ entry: null, a: 'join', b: null, join: 'loop', loop: 'out', out: null, exit2: null, dead: 'out' });
    expect(pdt.ipdom(blk(f, 'a'))?.name).toBe('join');
    expect(pdt.ipdom(blk(f, 'out'))).toBeUndefined();
    expect(pdt.dominates(blk(f, 'out'), blk(f, 'a'))).toBe(true);
    expect(pdt.dominates(blk(f, 'out'), blk(f, 'b'))).toBe(false);
  });
  it('caches per function', () => {
    expect(dominatorTree(f)).toBe(dominatorTree(f));
    expect(postDominatorTree(f)).toBe(postDominatorTree(f));
  });
});

describe('post-dominators with noreturn calls and infinite loops', () => {
  it('feeds the exit from unreachable and from calls to noreturn functions', () => {
    const f = func(
      `entry:
  br i1 %c, label %err, label %ok
err:
  call void @abort()
  br label %ok
ok:
  br i1 %d, label %trap, label %done
trap:
  call void @g() noreturn
  unreachable
done:
  ret void`,
      'declare void @abort() #0\ndeclare void @g()\nattributes #0 = { noreturn nounwind }',
    );
    const pdt = postDominatorTree(f);
    // err calls a noreturn function: it is an exit too, so `ok` does not post-dominate entry.
    expect(names(pdt.idom)).toEqual({ entry: null, err: null, ok: null, trap: null, done: null });
  });
  it('gives blocks of an infinite loop a fake edge to the exit', () => {
    const f = func(`entry:
  br i1 %c, label %spin, label %out
spin:
  br label %spin2
spin2:
  br label %spin
out:
  ret void`);
    const pdt = postDominatorTree(f);
    expect(names(pdt.idom)).toEqual({ entry: null, spin: 'spin2', spin2: null, out: null });
    expect(pdt.contains(blk(f, 'spin'))).toBe(true);
  });
  it('handles a function that is one block', () => {
    const f = func('  ret void');
    expect(names(dominatorTree(f).idom)).toEqual({ '0': null });
    expect(names(postDominatorTree(f).idom)).toEqual({ '0': null });
  });
  it('handles deep CFGs without recursion', () => {
    const n = 20000;
    let body = '';
    for (let i = 0; i < n; i++) body += `b${i}:\n  br label %b${i + 1}\n`;
    body += `b${n}:\n  ret void`;
    const f = func(`entry:\n  br label %b0\n${body}`);
    const dt = dominatorTree(f);
    expect(dt.parent(blk(f, `b${n}`))!.name).toBe(`b${n - 1}`);
    expect(dt.dominates(blk(f, 'b0'), blk(f, `b${n}`))).toBe(true);
    expect(postDominatorTree(f).ipdom(blk(f, 'b0'))!.name).toBe('b1');
  });
});
