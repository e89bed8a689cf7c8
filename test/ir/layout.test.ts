// DataLayout against values clang-19 and LLVM report for x86_64 and aarch64 (sizeof/alignof of the C
// types, and LLVM 19's i128 alignment), plus defaults and struct layout.
import { describe, expect, it } from 'vitest';
import { DataLayout, dataLayout } from '../../src/ir/layout.js';
import { mod } from './helpers.js';
import { I1, I8, I32, I64, PTR, floatType, intType, type StructType, type Type } from '../../src/ir/types.js';

const X86_64_19 = 'e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128';
const X86_64_14 = 'e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128';
const AARCH64 = 'e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32';

const st = (fields: Type[], packed = false): StructType => ({ kind: 'struct', fields, packed, name: undefined, opaque: false });
const arr = (length: number, elem: Type): Type => ({ kind: 'array', length, elem });
const vec = (length: number, elem: Type): Type => ({ kind: 'vector', length, elem, scalable: false });
const sizes = (dl: DataLayout, t: Type) => [dl.sizeInBits(t), dl.storeSize(t), dl.allocSize(t), dl.abiAlign(t)];

describe('DataLayout x86_64 (LLVM 19)', () => {
  const dl = new DataLayout(X86_64_19);
  it('sizes scalars', () => {
    expect(sizes(dl, I1)).toEqual([1, 1, 1, 1]);
    expect(sizes(dl, I8)).toEqual([8, 1, 1, 1]);
    expect(sizes(dl, intType(16))).toEqual([16, 2, 2, 2]);
    expect(sizes(dl, I32)).toEqual([32, 4, 4, 4]);
    expect(sizes(dl, I64)).toEqual([64, 8, 8, 8]);
    expect(sizes(dl, intType(128))).toEqual([128, 16, 16, 16]);
    expect(sizes(dl, intType(24))).toEqual([24, 3, 4, 4]);
    expect(sizes(dl, PTR)).toEqual([64, 8, 8, 8]);
    expect(sizes(dl, floatType('float'))).toEqual([32, 4, 4, 4]);
    expect(sizes(dl, floatType('double'))).toEqual([64, 8, 8, 8]);
    expect(sizes(dl, floatType('x86_fp80'))).toEqual([80, 10, 16, 16]);
    expect(sizes(dl, floatType('fp128'))).toEqual([128, 16, 16, 16]);
    expect(sizes(dl, floatType('half'))).toEqual([16, 2, 2, 2]);
  });
  it('lays out structs, arrays and vectors', () => {
    // struct S { int a; char b; long c; struct S *next; }
    const s = st([I32, I8, I64, PTR]);
    expect(dl.structLayout(s)).toEqual({ offsets: [0, 4, 8, 16], size: 24, align: 8 });
    expect(dl.structLayout(st([I8, I32], true))).toEqual({ offsets: [0, 1], size: 5, align: 1 });
    expect(dl.abiAlign(st([I8, I32], true))).toBe(1);
    expect(dl.allocSize(st([I8, floatType('x86_fp80')]))).toBe(32);
    expect(dl.allocSize(st([]))).toBe(0);
    expect(sizes(dl, arr(3, st([I32, I8])))).toEqual([192, 24, 24, 4]);
    expect(sizes(dl, vec(4, I32))).toEqual([128, 16, 16, 16]);
    expect(sizes(dl, vec(3, I32))).toEqual([96, 12, 16, 16]);
    expect(sizes(dl, vec(8, I1))).toEqual([8, 1, 1, 1]);
    expect(dl.elementStride(floatType('x86_fp80'))).toBe(16);
  });
  it('computes constant GEP offsets', () => {
    const s = st([I32, I8, I64, arr(4, I32)]);
    expect(dl.gepOffset(s, [0, 3, 2])).toBe(24);
    expect(dl.gepOffset(s, [1])).toBe(32);
    expect(dl.gepOffset(I8, [-4n])).toBe(-4);
    expect(dl.gepOffset(arr(10, I32), [0, 3])).toBe(12);
  });
  it('reports pointer and index sizes and endianness', () => {
    expect([dl.pointerSizeInBits(), dl.indexSizeInBits(), dl.pointerSizeInBits(270), dl.bigEndian, dl.stackAlign]).toEqual([64, 64, 32, false, 16]);
  });
});

describe('DataLayout other targets and defaults', () => {
  it('gives i128 8-byte alignment in the clang-14 x86_64 layout (no i128 entry)', () => {
    expect(new DataLayout(X86_64_14).abiAlign(intType(128))).toBe(8);
  });
  it('aarch64: long double is fp128, i8 preferred alignment 4', () => {
    const dl = new DataLayout(AARCH64);
    expect(sizes(dl, floatType('fp128'))).toEqual([128, 16, 16, 16]);
    expect(dl.prefAlign(I8)).toBe(4);
    expect(dl.abiAlign(I8)).toBe(1);
    expect(dl.abiAlign(intType(128))).toBe(16);
    expect(dl.structLayout(st([I8, I64, I8]))).toEqual({ offsets: [0, 8, 16], size: 24, align: 8 });
  });
  it('uses LLVM defaults for an empty layout', () => {
    const dl = new DataLayout('');
    expect(dl.abiAlign(I64)).toBe(4);
    expect(dl.prefAlign(I64)).toBe(8);
    expect(dl.abiAlign(floatType('double'))).toBe(8);
    expect(dl.abiAlign(floatType('x86_fp80'))).toBe(16);
    expect(dl.pointerSizeInBits()).toBe(64);
  });
  it('parses big-endian and custom pointer specs, and shares layouts per string', () => {
    const dl = new DataLayout('E-p:32:32-i64:64');
    expect([dl.bigEndian, dl.pointerSizeInBits(), dl.abiAlign(PTR)]).toEqual([true, 32, 4]);
    expect(dataLayout(X86_64_19)).toBe(dataLayout(X86_64_19));
  });
  it('lays out identified structs parsed from IR', () => {
    const m = mod('%struct.big = type { [6 x i64], i8, double }\n%struct.m = type { i8, i16, i32, i64, float, double }\n');
    const dl = dataLayout(X86_64_19);
    expect(dl.allocSize(m.types.get('struct.big')!)).toBe(64);
    expect(dl.structLayout(m.types.get('struct.m')!).offsets).toEqual([0, 2, 4, 8, 16, 24]);
  });
});
