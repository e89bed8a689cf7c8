// Concrete values through numbers without making bigints (src/memory/bigint-bits.ts): the same bits as
// bigint masks and shifts, for values beyond 2^53 and negative ones too, and the same memory contents.

import fc from 'fast-check';
import { expect, test } from 'vitest';
import { addressOf, bigintOf, high32, join64, low32 } from '../../src/memory/bigint-bits.js';
import { MemoryObject, ObjKind } from '../../src/memory/memory-object.js';
import { ObjectState } from '../../src/memory/object-state.js';

const anyBig = fc.oneof(fc.bigInt({ min: -(1n << 70n), max: 1n << 70n }), fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), fc.bigInt({ min: 0n, max: 2000n }));

test('low32, high32 and join64 agree with bigint masks and shifts', () => {
  fc.assert(
    fc.property(anyBig, (v) => {
      expect(low32(v)).toBe(Number(v & 0xffffffffn));
      expect(high32(v)).toBe(Number((v >> 32n) & 0xffffffffn));
      expect(join64(low32(v), high32(v))).toBe(BigInt.asUintN(64, v));
    }),
    { numRuns: 2000 },
  );
  for (const v of [0n, 1n, (1n << 53n) - 1n, 1n << 53n, (1n << 53n) + 1n, (1n << 64n) - 1n, -1n, -(1n << 53n)]) {
    expect(join64(low32(v), high32(v))).toBe(BigInt.asUintN(64, v));
  }
  expect(bigintOf(5)).toBe(5n);
  expect(bigintOf(4096)).toBe(4096n);
  expect(bigintOf(2 ** 53 - 1)).toBe((1n << 53n) - 1n);
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: (1n << 53n) - 1n }), (v) => {
      expect(addressOf(v)).toBe(Number(v));
      expect(bigintOf(addressOf(v))).toBe(v);
    }),
    { numRuns: 2000 },
  );
});

test('reads and writes of 1-8 bytes in small, medium and chunked objects give the low bytes of any bigint', () => {
  fc.assert(
    fc.property(fc.constantFrom(8, 64, 4096), fc.integer({ min: 1, max: 8 }), fc.nat(), anyBig, (size, n, at, v) => {
      const os = new ObjectState(new MemoryObject(1, 0x1000, size, ObjKind.Heap, 'buf', ''), 1);
      const off = at % (size - n + 1);
      os.write(off, n, v);
      const want = BigInt.asUintN(8 * n, v);
      expect(os.read(off, n)).toBe(want);
      const bytes = os.concreteBytes();
      for (let i = 0; i < n; i++) expect(bytes[off + i]).toBe(Number((want >> BigInt(8 * i)) & 0xffn));
      if (off > 0) expect(bytes[off - 1]).toBe(0);
      if (off + n < size) expect(bytes[off + n]).toBe(0);
    }),
    { numRuns: 3000 },
  );
});
