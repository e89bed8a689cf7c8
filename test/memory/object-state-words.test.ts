// ObjectState's 4- and 8-byte concrete accesses (done by hand, without a DataView): little-endian,
// unaligned, the top bit kept, bytes around untouched.

import { expect, test } from 'vitest';
import { MemoryObject, ObjKind } from '../../src/memory/memory-object.js';
import { ObjectState } from '../../src/memory/object-state.js';

test('4- and 8-byte reads and writes at unaligned offsets are little-endian and exact', () => {
  const os = new ObjectState(new MemoryObject(1, 0x1000, 16, ObjKind.Heap, 'buf', ''), 1);
  os.write(3, 8, 0xfedcba9876543210n);
  expect(os.read(3, 8)).toBe(0xfedcba9876543210n);
  expect([...os.concreteBytes().subarray(2, 12)]).toEqual([0, 0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe, 0]);
  expect(os.read(3, 4)).toBe(0x76543210n);
  expect(os.read(7, 4)).toBe(0xfedcba98n);
  os.write(9, 4, 0xffffffffn);
  expect(os.read(9, 4)).toBe(0xffffffffn);
  expect(os.read(3, 8)).toBe(0xffffba9876543210n);
  os.write(0, 8, -1n); // the low 64 bits of a negative value
  expect(os.read(0, 8)).toBe(0xffffffffffffffffn);
  expect(os.read(8, 1)).toBe(0xban); // untouched by the write below it: still from the first write
});
