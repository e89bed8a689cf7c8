// x86_fp80 arithmetic (src/engine/ops/fp80.ts) against values a native x86-64 build computes with the
// x87 (gcc -O0, `long double`): rounding to the 64-bit significand, ties to even, overflow, fmod, and
// the conversions printf's %f path relies on.
import { describe, expect, test } from 'vitest';
import {
  add80, compare80, div80, f64To80, f80ToF32Value, f80ToF64Bits, intTo80, mul80, rem80, truncToInt80,
} from '../../src/engine/ops/fp80.js';
import { f64ToBits } from '../../src/engine/values.js';

const ld = (hex: string): bigint => BigInt(`0x${hex}`);
const one = intTo80(1n);
const three = intTo80(3n);

describe('x86_fp80 as the x87 computes it', () => {
  test('arithmetic rounds once to 64 bits, ties to even', () => {
    expect(div80(one, three)).toBe(ld('3FFDAAAAAAAAAAAAAAAB'));
    expect(add80(one, ld('3FBF8000000000000000'))).toBe(ld('3FFF8000000000000000')); // 1 + 2^-64: a tie, to even
    expect(add80(one, ld('3FBFC000000000000000'))).toBe(ld('3FFF8000000000000001')); // 1 + 3*2^-65: up
    let big = f64To80(f64ToBits(1e300));
    for (let i = 0; i < 4; i++) big = mul80(big, big); // 1e4800: fine in fp80
    expect(big >> 64n).toBe(0x7e48n); // exponent of 1e4800: 2^15945
    expect(mul80(big, big)).toBe(ld('7FFF8000000000000000')); // overflow: +inf
    expect(rem80(f64To80(f64ToBits(-2.5)), one)).toBe(ld('BFFE8000000000000000')); // fmodl(-2.5, 1) = -0.5
    expect(add80(intTo80((1n << 64n) - 1n), one)).toBe(ld('403F8000000000000000'));
    expect(add80(ld('7FFF8000000000000000'), ld('FFFF8000000000000000'))).toBe(ld('FFFFC000000000000000')); // inf - inf
  });

  test('conversions', () => {
    expect(intTo80((1n << 64n) - 1n)).toBe(ld('403EFFFFFFFFFFFFFFFF'));
    expect(f64To80(f64ToBits(0.1))).toBe(ld('3FFBCCCCCCCCCCCCD000'));
    expect(f80ToF64Bits(div80(one, three))).toBe(f64ToBits(1 / 3));
    expect(f80ToF32Value(div80(one, three))).toBe(Math.fround(1 / 3));
    expect(truncToInt80(f64To80(f64ToBits(123456789.987654321)))).toBe(123456789n);
    expect(truncToInt80(f64To80(f64ToBits(-7.9)))).toBe(-7n);
  });

  test('comparisons are exact (values one double apart would compare equal as doubles)', () => {
    const a = div80(one, three);
    const b = add80(a, ld('3FBE8000000000000000')); // + 2^-65, one unit in the last place
    expect(compare80(a, b)).toBe(-1);
    expect(compare80(b, a)).toBe(1);
    expect(compare80(a, a)).toBe(0);
    expect(compare80(intTo80(0n), ld('80000000000000000000'))).toBe(0); // +0 == -0
    expect(compare80(ld('7FFFC000000000000000'), one)).toBeNaN();
  });
});
