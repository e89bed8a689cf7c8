// DataLayout: sizes, alignments and field offsets of types, from the module's `target datalayout`
// string with LLVM 19's defaults for what it leaves out. The rules follow llvm/lib/IR/DataLayout.cpp:
// integers without an exact entry take the next larger entry's alignment (else the largest's), floats
// without one are aligned to their store size rounded up to a power of two, vectors likewise, structs
// to their most aligned field (packed: 1). Sizes are in bytes unless a name says bits.

import type { StructType, Type } from './types.js';

interface AlignSpec {
  bits: number;
  abi: number; // bytes
  pref: number;
}

interface PointerSpec {
  bits: number;
  abi: number;
  pref: number;
  indexBits: number;
}

/** Offsets of a struct's fields and its size and alignment. */
export interface StructLayout {
  readonly offsets: readonly number[];
  readonly size: number;
  readonly align: number;
}

export class DataLayout {
  readonly bigEndian: boolean;
  private readonly ints: AlignSpec[];
  private readonly floats: AlignSpec[];
  private readonly vectors: AlignSpec[];
  private readonly pointers = new Map<number, PointerSpec>();
  private aggregateAbi = 1;
  /** Natural stack alignment in bytes (0 when unspecified). */
  readonly stackAlign: number;
  private readonly structs = new WeakMap<StructType, StructLayout>();

  constructor(readonly text = '') {
    this.ints = [
      { bits: 1, abi: 1, pref: 1 },
      { bits: 8, abi: 1, pref: 1 },
      { bits: 16, abi: 2, pref: 2 },
      { bits: 32, abi: 4, pref: 4 },
      { bits: 64, abi: 4, pref: 8 },
    ];
    this.floats = [
      { bits: 16, abi: 2, pref: 2 },
      { bits: 32, abi: 4, pref: 4 },
      { bits: 64, abi: 8, pref: 8 },
      { bits: 128, abi: 16, pref: 16 },
    ];
    this.vectors = [
      { bits: 64, abi: 8, pref: 8 },
      { bits: 128, abi: 16, pref: 16 },
    ];
    this.pointers.set(0, { bits: 64, abi: 8, pref: 8, indexBits: 64 });
    let big = false;
    let stack = 0;
    for (const spec of text ? text.split('-') : []) {
      if (spec === 'e') big = false;
      else if (spec === 'E') big = true;
      else if (spec[0] === 'S') stack = Number(spec.slice(1)) / 8;
      else if (spec[0] === 'p' && /^p\d*:/.test(spec)) this.parsePointer(spec);
      else if (/^[ifv]\d+:/.test(spec)) this.parseAlign(spec);
      else if (spec.startsWith('a:')) this.aggregateAbi = bytes(spec.split(':')[1]!) || 1;
      else if (/^a\d*:/.test(spec)) this.aggregateAbi = bytes(spec.split(':')[1]!) || 1;
      // m: (mangling), n (native ints), A/P/G (address spaces), F (function pointer alignment), ni:
      // do not affect sizes or alignments of data.
    }
    this.bigEndian = big;
    this.stackAlign = stack;
  }

  private parsePointer(spec: string): void {
    const [head, size, abi, pref, idx] = spec.split(':');
    const as = head!.length > 1 ? Number(head!.slice(1)) : 0;
    const bits = Number(size);
    const abiB = bytes(abi!);
    this.pointers.set(as, { bits, abi: abiB, pref: pref ? bytes(pref) : abiB, indexBits: idx ? Number(idx) : bits });
  }

  private parseAlign(spec: string): void {
    const [head, abi, pref] = spec.split(':');
    const bits = Number(head!.slice(1));
    const table = head![0] === 'i' ? this.ints : head![0] === 'f' ? this.floats : this.vectors;
    const abiB = bytes(abi!);
    const entry = { bits, abi: abiB, pref: pref ? bytes(pref) : abiB };
    const i = table.findIndex((e) => e.bits >= bits);
    if (i >= 0 && table[i]!.bits === bits) table[i] = entry;
    else if (i >= 0) table.splice(i, 0, entry);
    else table.push(entry);
  }

  private pointer(addrSpace: number): PointerSpec {
    return this.pointers.get(addrSpace) ?? this.pointers.get(0)!;
  }

  pointerSizeInBits(addrSpace = 0): number {
    return this.pointer(addrSpace).bits;
  }

  /** Width of GEP indices and of ptrtoint offsets for the address space. */
  indexSizeInBits(addrSpace = 0): number {
    return this.pointer(addrSpace).indexBits;
  }

  /** Bits the type occupies as a value (i1: 1, x86_fp80: 80, <4 x i1>: 4). */
  sizeInBits(t: Type): number {
    switch (t.kind) {
      case 'int':
        return t.bits;
      case 'float':
        return FLOAT_BITS[t.name];
      case 'ptr':
        return this.pointer(t.addrSpace).bits;
      case 'vector':
        return t.length * this.sizeInBits(t.elem);
      case 'array':
        return t.length * this.allocSize(t.elem) * 8;
      case 'struct':
        return this.structLayout(t).size * 8;
      default:
        throw new Error(`DataLayout: type ${t.kind} has no size`);
    }
  }

  /** Bytes a store of the type writes: ceil(bits / 8). */
  storeSize(t: Type): number {
    return Math.ceil(this.sizeInBits(t) / 8);
  }

  /** Bytes between consecutive elements of an array of the type: store size rounded to alignment. */
  allocSize(t: Type): number {
    return alignTo(this.storeSize(t), this.abiAlign(t));
  }

  abiAlign(t: Type): number {
    return this.alignment(t, true);
  }

  prefAlign(t: Type): number {
    return this.alignment(t, false);
  }

  private alignment(t: Type, abi: boolean): number {
    switch (t.kind) {
      case 'int': {
        // The entry for this width, else the next larger one, else the largest.
        const table = this.ints;
        let e = table.find((x) => x.bits >= t.bits);
        e ??= table[table.length - 1]!;
        return abi ? e.abi : e.pref;
      }
      case 'float': {
        const bits = FLOAT_BITS[t.name];
        const e = this.floats.find((x) => x.bits === bits);
        if (e) return abi ? e.abi : e.pref;
        return powerOf2Ceil(Math.ceil(bits / 8));
      }
      case 'ptr': {
        const p = this.pointer(t.addrSpace);
        return abi ? p.abi : p.pref;
      }
      case 'vector': {
        const bits = this.sizeInBits(t);
        const e = this.vectors.find((x) => x.bits === bits);
        if (e) return abi ? e.abi : e.pref;
        return powerOf2Ceil(Math.ceil(bits / 8));
      }
      case 'array':
        return this.alignment(t.elem, abi);
      case 'struct':
        if (t.packed && abi) return 1;
        return Math.max(this.aggregateAbi, this.structLayout(t).align);
      default:
        throw new Error(`DataLayout: type ${t.kind} has no alignment`);
    }
  }

  /** Field offsets, size and alignment of a struct (cached per struct type). */
  structLayout(s: StructType): StructLayout {
    let l = this.structs.get(s);
    if (l) return l;
    if (s.opaque) throw new Error(`DataLayout: opaque struct ${s.name ?? ''} has no layout`);
    const offsets: number[] = [];
    let off = 0;
    let align = 1;
    for (const f of s.fields) {
      const a = s.packed ? 1 : this.abiAlign(f);
      off = alignTo(off, a);
      offsets.push(off);
      off += this.allocSize(f);
      align = Math.max(align, a);
    }
    l = { offsets, size: alignTo(off, align), align };
    this.structs.set(s, l);
    return l;
  }

  /** Byte offset of field `i` of struct `s`. */
  fieldOffset(s: StructType, i: number): number {
    return this.structLayout(s).offsets[i]!;
  }

  /** Distance between elements of an array (or vector, for GEP purposes) of `elem`. */
  elementStride(elem: Type): number {
    return this.allocSize(elem);
  }

  /**
   * Byte offset of `getelementptr T, ptr p, i0, i1, …` with constant indices: i0 strides over T, then
   * each index selects a field (structs) or an element (arrays, vectors).
   */
  gepOffset(sourceElemType: Type, indices: readonly (number | bigint)[]): number {
    if (indices.length === 0) return 0;
    let off = Number(indices[0]) * this.allocSize(sourceElemType);
    let cur = sourceElemType;
    for (let k = 1; k < indices.length; k++) {
      const i = Number(indices[k]);
      if (cur.kind === 'struct') {
        off += this.fieldOffset(cur, i);
        cur = cur.fields[i]!;
      } else if (cur.kind === 'array' || cur.kind === 'vector') {
        off += i * this.allocSize(cur.elem);
        cur = cur.elem;
      } else throw new Error(`DataLayout: cannot index into ${cur.kind}`);
    }
    return off;
  }
}

const FLOAT_BITS = { half: 16, bfloat: 16, float: 32, double: 64, x86_fp80: 80, fp128: 128, ppc_fp128: 128 } as const;

function bytes(bitsText: string): number {
  return Number(bitsText) / 8;
}

export function alignTo(n: number, a: number): number {
  return Math.ceil(n / a) * a;
}

function powerOf2Ceil(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

const layouts = new Map<string, DataLayout>();

/** The (shared) DataLayout for a datalayout string. */
export function dataLayout(text: string): DataLayout {
  let l = layouts.get(text);
  if (!l) layouts.set(text, (l = new DataLayout(text)));
  return l;
}
