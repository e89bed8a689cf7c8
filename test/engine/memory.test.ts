// The memory layer on its own: the persistent map's sharing and copy-on-write, and ObjectState's
// byte, overlay and array modes checked against a plain byte array under a fixed input assignment
// (random operation sequences: concrete and symbolic values at concrete and symbolic offsets).

import { describe, expect, test } from 'vitest';
import { ArrayDecl, type Expr } from '../../src/expr/expr.js';
import * as B from '../../src/expr/build.js';
import { evaluate } from '../../src/expr/evaluate.js';
import { AddressSpace, FREED } from '../../src/memory/address-space.js';
import { MemoryObject, ObjKind } from '../../src/memory/memory-object.js';
import { ObjectState } from '../../src/memory/object-state.js';
import { PersistentIntMap } from '../../src/memory/persistent-map.js';
import { Rng } from '../../src/search/rng.js';

describe('PersistentIntMap', () => {
  test('shared maps diverge only where written', () => {
    const a = PersistentIntMap.empty<number>(1);
    for (let k = 0; k < 5000; k += 7) a.set(k, k, 1);
    const b = a.share();
    b.set(70, -1, 2);
    b.set(100_000, 5, 2);
    a.set(7, -7, 3);
    expect(a.get(70)).toBe(70);
    expect(b.get(70)).toBe(-1);
    expect(b.get(7)).toBe(7);
    expect(a.get(7)).toBe(-7);
    expect(a.get(100_000)).toBeUndefined();
    expect(b.get(100_000)).toBe(5);
    b.set(14, undefined, 2);
    expect(b.get(14)).toBeUndefined();
    expect(a.get(14)).toBe(14);
    expect(b.size).toBe(a.size);
    expect([...b.entries()].length).toBe(b.size);
  });
});

describe('AddressSpace', () => {
  test('a fork copies an object only on its first write, and frees are per state', () => {
    const mo = new MemoryObject(1, 0x1000_0000, 8, ObjKind.Heap, 'h', '');
    const s1 = AddressSpace.empty();
    const os = s1.bind(mo);
    os.write(0, 8, 0x1122334455667788n);
    const s2 = s1.fork();
    expect(s2.lookup(mo)).toBe(s1.lookup(mo));
    const w2 = s2.writable(s2.lookup(mo) as ObjectState);
    w2.write(0, 1, 0xffn);
    expect((s1.lookup(mo) as ObjectState).read(0, 1)).toBe(0x88n);
    expect((s2.lookup(mo) as ObjectState).read(0, 1)).toBe(0xffn);
    s2.markFreed(mo);
    expect(s2.lookup(mo)).toBe(FREED);
    expect(s1.lookup(mo)).not.toBe(FREED);
  });
});

describe('ObjectState against a reference model', () => {
  test('random operation sequences', () => {
    const rng = new Rng(42);
    for (let round = 0; round < 300; round++) {
      const size = 1 + rng.nextInt(24);
      const input = new ArrayDecl(`in${round}`, 8);
      const values = Uint8Array.from({ length: 8 }, () => rng.nextInt(256));
      const asg = new Map([[input, values]]);
      const inByte = (i: number): Expr => B.read(input, null, B.constant(32, i));
      const os = new ObjectState(new MemoryObject(round, 0x1000, size, ObjKind.Heap, 'o', ''), 1);
      const model = new Uint8Array(size);
      const val = (v: bigint | Expr): bigint => (typeof v === 'bigint' ? v : evaluate(v, asg));
      for (let step = 0; step < 40; step++) {
        const n = 1 + rng.nextInt(Math.min(4, size));
        const off = rng.nextInt(size - n + 1);
        switch (rng.nextInt(7)) {
          case 0: {
            // concrete value, concrete offset
            let v = 0n;
            for (let i = 0; i < n; i++) v = (v << 8n) | BigInt(rng.nextInt(256));
            os.write(off, n, v);
            for (let i = 0; i < n; i++) model[off + i] = Number((v >> BigInt(8 * i)) & 0xffn);
            break;
          }
          case 1: {
            // symbolic byte, concrete offset
            const k = rng.nextInt(8);
            os.writeByte(off, B.add(inByte(k), B.constant(8, 1)));
            model[off] = (values[k]! + 1) & 0xff;
            break;
          }
          case 2: {
            // symbolic offset (in bounds by construction), symbolic value
            const k = rng.nextInt(8);
            const idx = B.urem(B.zext(inByte(k), 32), B.constant(32, size - n + 1));
            const v = n === 1 ? inByte((k + 1) % 8) : B.concat(inByte((k + 1) % 8), B.constant(8 * n - 8, 0x5a5a5a));
            os.writeAt(idx, n, v);
            const at = Number(evaluate(idx, asg));
            const cv = evaluate(v, asg);
            for (let i = 0; i < n; i++) model[at + i] = Number((cv >> BigInt(8 * i)) & 0xffn);
            break;
          }
          case 3: {
            // read at a concrete offset
            const got = val(os.read(off, n));
            let want = 0n;
            for (let i = n - 1; i >= 0; i--) want = (want << 8n) | BigInt(model[off + i]!);
            expect(got).toBe(want);
            break;
          }
          case 4: {
            // read at a symbolic offset
            const k = rng.nextInt(8);
            const idx = B.urem(B.zext(inByte(k), 32), B.constant(32, size - n + 1));
            const at = Number(evaluate(idx, asg));
            let want = 0n;
            for (let i = n - 1; i >= 0; i--) want = (want << 8n) | BigInt(model[at + i]!);
            expect(val(os.readAt(idx, n))).toBe(want);
            break;
          }
          case 5: {
            // memset
            const b = rng.nextInt(256);
            os.fill(off, n, b);
            model.fill(b, off, off + n);
            break;
          }
          default: {
            // copy within the object
            const to = rng.nextInt(size - n + 1);
            os.copyFrom(os, off, to, n);
            model.copyWithin(to, off, off + n);
          }
        }
      }
      for (let i = 0; i < size; i++) {
        const b = os.readByte(i);
        expect(typeof b === 'number' ? b : Number(evaluate(b, asg))).toBe(model[i]);
      }
    }
  });
});
