// Random IEEE bit patterns for the floating-point property tests.
import fc from 'fast-check';
import { encodeFloat } from '../../src/expr/fp-semantics.js';

/** Bit patterns of `w` bits, half of them from the interesting classes. */
export function floatBits(w: 32 | 64): fc.Arbitrary<bigint> {
  const special = w === 32
    ? [0n, 0x80000000n, 0x7f800000n, 0xff800000n, 0x7fc00000n, 0xffc00000n, 0x7f800001n, 0x7fa5a5a5n, 0x00000001n, 0x807fffffn, 0x4b800000n, 0x4b800001n, 0x3f800000n, 0x7f7fffffn, 0x5f000000n, 0xdf000000n, 0x4f000000n, 0xcf000000n]
    : [0n, 1n << 63n, 0x7ff0000000000000n, 0xfff0000000000000n, 0x7ff8000000000000n, 0xfff8000000000000n, 0x7ff0000000000001n, 0x7ff4abcdef012345n, 1n, 0x800fffffffffffffn, 0x4340000000000000n, 0x4340000000000001n, 0x3ff0000000000000n, 0x7fefffffffffffffn, 0x43e0000000000000n, 0xc3e0000000000000n, 0x41e0000000000000n, 0xc1e0000000000000n];
  return fc.oneof(fc.bigUintN(w), fc.constantFrom(...special), fc.integer({ min: -70000, max: 70000 }).map((n) => encodeFloat(n / 4, w)));
}

