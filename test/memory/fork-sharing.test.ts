// What a fork shares and what it copies (issue 20, memory): the chunks of an ObjectState's symbolic
// overlay are shared between clones until written, and a forked state shares its callers' register
// arrays until a return makes one of them the innermost frame again. Counts and identities, not RSS.

import { describe, expect, test } from 'vitest';
import { ArrayDecl, type Expr } from '../../src/expr/expr.js';
import * as B from '../../src/expr/build.js';
import { AddressSpace } from '../../src/memory/address-space.js';
import { MemoryObject, ObjKind } from '../../src/memory/memory-object.js';
import { ObjectState } from '../../src/memory/object-state.js';
import { CHUNK, SymOverlay } from '../../src/memory/sym-overlay.js';
import { ROOT_CALL_PATH } from '../../src/engine/call-paths.js';
import { ExecutionState, Frame } from '../../src/engine/state.js';
import type { CompiledFunction } from '../../src/engine/compiled.js';
import type { Val } from '../../src/engine/values.js';

const input = new ArrayDecl('in', 2048);
const sym = (i: number): Expr => B.read(input, null, B.constant(32, i));

describe('SymOverlay', () => {
  test('a clone shares every chunk; a write copies only the chunk it lands in', () => {
    const a = SymOverlay.forSize(1112);
    for (let i = 0; i < 1112; i++) a.set(i, sym(i));
    expect(a.count).toBe(1112);
    expect(a.ownedChunks).toBe(Math.ceil(1112 / CHUNK));
    const b = a.clone();
    expect(b.ownedChunks).toBe(0);
    expect(a.ownedChunks).toBe(0); // the original may no longer write shared chunks in place either
    b.set(100, sym(2000));
    b.delete(5);
    expect(b.ownedChunks).toBe(2);
    expect(b.count).toBe(1111);
    // The original is untouched.
    expect(a.get(100)).toBe(sym(100));
    expect(a.get(5)).toBe(sym(5));
    expect(a.count).toBe(1112);
    expect(b.get(100)).toBe(sym(2000));
    expect(b.get(5)).toBeUndefined();
    // Writes through the original after the clone do not reach the clone.
    a.set(101, sym(1999));
    expect(b.get(101)).toBe(sym(101));
    expect(a.get(101)).toBe(sym(1999));
    const seen: number[] = [];
    b.forEach((off) => seen.push(off));
    expect(seen.length).toBe(1111);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
  });

  test('ObjectState clones through a shared overlay stay independent', () => {
    const mo = new MemoryObject(1, 0x1000, 1112, ObjKind.Global, 'env', '');
    const space = AddressSpace.empty();
    const os = space.bind(mo);
    for (let i = 0; i < 1112; i += 3) os.writeByte(i, sym(i));
    const other = space.fork();
    const mine = space.writable(space.lookup(mo) as ObjectState);
    const theirs = other.writable(other.lookup(mo) as ObjectState);
    mine.write(0, 4, 0x01020304n);
    theirs.writeByte(600, sym(7));
    expect(mine.read(0, 4)).toBe(0x01020304n);
    expect(theirs.readByte(0)).toBe(sym(0));
    expect(theirs.readByte(600)).toBe(sym(7));
    expect(mine.readByte(600)).toBe(sym(600));
    expect(mine.sym!.ownedChunks).toBe(1);
    expect(theirs.sym!.ownedChunks).toBe(1);
  });
});

describe('ExecutionState.branch and frames', () => {
  const fn = { entry: { ids: [], insts: [] } } as unknown as CompiledFunction;
  const frame = (regs: Val[], base: number): Frame => new Frame(fn, regs, null, ROOT_CALL_PATH, base);

  test("a fork copies the innermost frame's registers and shares the callers' until they return", () => {
    const s = new ExecutionState(1, AddressSpace.empty(), 0x7000);
    s.pushFrame(frame([1n, 2n, 3n], 0x7000));
    s.pushFrame(frame([4n, 5n], 0x7100));
    s.pushFrame(frame([6n], 0x7200));
    const t = s.branch(2);
    expect(t.stack[0]!.regs).toBe(s.stack[0]!.regs);
    expect(t.stack[1]!.regs).toBe(s.stack[1]!.regs);
    expect(t.top.regs).not.toBe(s.top.regs);
    expect(t.top.regs).toEqual([6n]);
    // The callers' Frame objects themselves are shared; the innermost is each side's own.
    expect(t.stack[1]).toBe(s.stack[1]);
    expect(t.stack[0]).toBe(s.stack[0]);
    expect(t.top).not.toBe(s.top);
    expect(t.top.activation).toBe(s.top.activation);

    t.top.regs[0] = 60n;
    expect(s.top.regs[0]).toBe(6n);
    t.popFrame();
    expect(t.top.regs).not.toBe(s.stack[1]!.regs); // copied on becoming the innermost frame
    expect(t.top).not.toBe(s.stack[1]); // the Frame too, as the same call
    expect(t.top.activation).toBe(s.stack[1]!.activation);
    expect(t.top.shared).toBe(false);
    t.top.regs[0] = 40n;
    expect(s.stack[1]!.regs).toEqual([4n, 5n]);
    expect(t.stack[0]!.regs).toBe(s.stack[0]!.regs); // still shared: nobody returned to it
    s.popFrame();
    s.top.regs[1] = 50n;
    expect(t.top.regs).toEqual([40n, 5n]);
    expect(s.top.regs).toEqual([4n, 50n]);
  });

  test("replacing a caller's stack object copies that frame for this state only", () => {
    const s = new ExecutionState(1, AddressSpace.empty(), 0x7000);
    const caller = frame([1n], 0x7000);
    const mo = new MemoryObject(1, 0x7000, 8, ObjKind.Stack, 'x', '');
    const os = new ObjectState(mo, 0);
    caller.allocas = [mo];
    caller.allocaStates = [os];
    s.pushFrame(caller);
    s.pushFrame(frame([2n], 0x7100));
    const t = s.branch(2);
    const mine = t.ownFrame(0);
    expect(mine).not.toBe(s.stack[0]);
    expect(t.stack[0]).toBe(mine);
    expect(mine.activation).toBe(caller.activation);
    expect(mine.regs).toBe(caller.regs); // registers stay shared: only the innermost frame writes them
    const copy = os.clone(9);
    mine.ownAllocaStates()[0] = copy;
    expect(s.stack[0]!.allocaStates![0]).toBe(os);
    expect(t.ownFrame(0)).toBe(mine); // already its own
    expect(t.ownFrame(1)).toBe(t.top); // the innermost frame is never shared
    t.popFrame();
    expect(t.top).toBe(mine);
    expect(t.top.regs).not.toBe(caller.regs); // now copied: it is the innermost frame
    t.top.regs[0] = 10n;
    expect(caller.regs).toEqual([1n]);
  });

  test("a fork shares the innermost frame's alloca arrays; each side copies an array only to change it", () => {
    const s = new ExecutionState(1, AddressSpace.empty(), 0x7000);
    const f = frame([1n], 0x7000);
    const mos = [0, 1].map((i) => new MemoryObject(-1 - i, 0x7000 + 16 * i, 8, ObjKind.Stack, `v${i}`, ''));
    for (const mo of mos) {
      f.ownAllocas().push(mo);
      f.ownAllocaStates().push(new ObjectState(mo, s.space.token));
    }
    s.pushFrame(f);
    const t = s.branch(2);
    expect(t.top).not.toBe(s.top);
    expect(t.top.allocas).toBe(s.top.allocas);
    expect(t.top.allocaStates).toBe(s.top.allocaStates);
    // One side replaces a stack object's contents (a write's clone): its own allocaStates, allocas still shared.
    const before = s.top.allocaStates![1]!;
    t.top.ownAllocaStates()[1] = before.clone(t.space.token);
    t.top.allocaStates![1]!.write(0, 8, 42n);
    expect(s.top.allocaStates![1]).toBe(before);
    expect(before.read(0, 8)).toBe(0n);
    expect(t.top.allocas).toBe(s.top.allocas);
    expect(t.top.allocaStates).not.toBe(s.top.allocaStates);
    // The other side allocates: its own allocas; the sibling's list is unchanged.
    const extra = new MemoryObject(-3, 0x7020, 8, ObjKind.Stack, 'v2', '');
    s.top.ownAllocas().push(extra);
    s.top.ownAllocaStates().push(new ObjectState(extra, s.space.token));
    expect(t.top.allocas!.length).toBe(2);
    expect(s.top.allocas!.length).toBe(3);
    expect(t.top.allocaStates!.length).toBe(2);
  });

  test('a fork shares the constraint list until a side adds to it; adding copies it for that side only', () => {
    const s = new ExecutionState(1, AddressSpace.empty(), 0x7000);
    const c = (i: number) => B.eq(sym(i), B.constant(8, i));
    s.addConstraint(c(0));
    s.addConstraint(c(1));
    const t = s.branch(2);
    expect(t.constraints).toBe(s.constraints);
    t.addConstraint(c(2));
    s.addConstraint(c(3));
    s.addConstraint(c(4));
    expect(t.constraints).toEqual([c(0), c(1), c(2)]);
    expect(s.constraints).toEqual([c(0), c(1), c(3), c(4)]);
  });
});
