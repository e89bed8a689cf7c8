// Small ObjectStates (SMALL_OBJECT bytes or fewer) keep their bytes in two int32 fields, not a
// Uint8Array (issue 20: ~216 bytes of heap per typed array, 83% of echo's ObjectStates are 8-byte
// stack slots). These tests drive a small object and a big one (17 bytes, Uint8Array-backed) through
// the same random sequence of operations on their first 8 bytes and require identical observations,
// and check that a clone and its original stay independent.

import { expect, test } from 'vitest';
import { constant } from '../../src/expr/build.js';
import { ArrayDecl } from '../../src/expr/expr.js';
import { MemoryObject, ObjKind } from '../../src/memory/memory-object.js';
import { ObjectState, SMALL_OBJECT } from '../../src/memory/object-state.js';
import { read } from '../../src/expr/build.js';

const small = (size = 8) => new ObjectState(new MemoryObject(1, 0x1000, size, ObjKind.Stack, 'slot', ''), 1);
const big = () => new ObjectState(new MemoryObject(2, 0x2000, 17, ObjKind.Stack, 'buf', ''), 1);
const show = (v: unknown) => (typeof v === 'bigint' || typeof v === 'number' ? String(v) : String(v));

/** A small deterministic generator (xorshift32). */
function rng(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

test('a small object holds no Uint8Array, a big one does', () => {
  expect(SMALL_OBJECT).toBe(8);
  expect((small() as unknown as { store: unknown }).store).toBeNull();
  expect((big() as unknown as { store: unknown }).store).toBeInstanceOf(Uint8Array);
});

test('small and big objects answer every access alike (random operations, symbolic bytes included)', () => {
  const sym = new ArrayDecl('in', 8);
  for (let seed = 1; seed <= 40; seed++) {
    const r = rng(seed);
    const a = small();
    const b = big();
    for (let step = 0; step < 60; step++) {
      const n = [1, 2, 4, 8, 3][Math.floor(r() * 5)]!;
      const off = Math.floor(r() * (9 - n));
      const op = Math.floor(r() * 7);
      const v = BigInt.asUintN(64, BigInt(Math.floor(r() * 2 ** 32)) * 2n ** 32n + BigInt(Math.floor(r() * 2 ** 32)));
      if (op === 0 || op === 1) {
        a.write(off, n, v);
        b.write(off, n, v);
      } else if (op === 2) {
        const e = read(sym, null, constant(32, off));
        a.writeByte(off, e);
        b.writeByte(off, e);
      } else if (op === 3) {
        a.fill(off, n, Number(v & 0xffn));
        b.fill(off, n, Number(v & 0xffn));
      } else if (op === 4) {
        const src = small();
        src.write(0, 8, v);
        a.copyFrom(src, 0, off, n);
        b.copyFrom(src, 0, off, n);
      } else if (op === 5) {
        a.copyFrom(a, off, 8 - n - off < 0 ? 0 : 8 - n, n); // within the object, possibly overlapping
        b.copyFrom(b, off, 8 - n - off < 0 ? 0 : 8 - n, n);
      } else if (step % 13 === 0) {
        a.writeAt(constant(32, off), n, v); // a symbolic-offset write (array mode)
        b.writeAt(constant(32, off), n, v);
      }
      for (let o = 0; o + n <= 8; o++) expect(show(a.read(o, n)), `seed ${seed} step ${step} read(${o},${n})`).toBe(show(b.read(o, n)));
      expect(a.isConcrete).toBe(b.isConcrete);
    }
    expect([...a.concreteBytes()]).toEqual([...b.concreteBytes().subarray(0, 8)]);
  }
});

test('writes to a clone of a small object do not reach the original, and back', () => {
  const a = small();
  a.write(0, 8, 0x1122334455667788n);
  const c = a.clone(2);
  c.write(2, 2, 0xabcdn);
  c.writeByte(7, read(new ArrayDecl('x', 1), null, constant(32, 0)));
  expect(a.read(0, 8)).toBe(0x1122334455667788n);
  a.write(0, 1, 0xffn);
  expect(c.read(0, 1)).toBe(0x88n);
  expect(c.read(2, 2)).toBe(0xabcdn);
  expect(a.isConcrete).toBe(true);
  expect(c.isConcrete).toBe(false);
});

test('sizes below 8 keep their bytes and initial contents', () => {
  for (let size = 1; size <= SMALL_OBJECT; size++) {
    const init = Uint8Array.from({ length: size }, (_, i) => 0xf0 + i);
    const os = new ObjectState(new MemoryObject(3, 0x3000, size, ObjKind.Global, 'g', ''), 1, init);
    expect([...os.concreteBytes()]).toEqual([...init]);
    os.setBytes(size - 1, Uint8Array.of(0x80));
    expect(os.read(size - 1, 1)).toBe(0x80n);
    if (size >= 4) expect(os.read(0, 4)).toBe(BigInt(size === 4 ? 0x80f2f1f0 : 0xf3f2f1f0));
  }
});
