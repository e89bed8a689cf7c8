// The program-state variables that postconditions range over ("leaves"), encoded as reads of arrays of
// their own so the expression library, its simplifier and its hash-consing need no new node kind:
//   Reg(d, v)   the value of SSA value `v` in the frame at stack depth d (main = 0): a little-endian read
//               of a ceil(w/8)-byte array, cut to w bits;
//   Mem(R)      the bytes of memory region R (one live object, identified by kind, base address, size
//               and, for stack objects, the depth of the frame owning it): an array indexed by offset;
//   Live(R)     whether the checking state has that object, live: one byte, its low bit;
//   Shape(k)    whether the checking state's stack has shape k (stack pointer and frame bases), which
//               makes the addresses of stack objects allocated later equal to the recorded ones;
//   HeapAt(n)   whether the checking state's allocation history (src/engine/heap-history.ts) is node n,
//               which makes the heap objects its later mallocs get the recorded ones.
// Fresh values (inputs made later on the path, results of operations not modelled exactly) are plain
// symbolic arrays: left free in a subsumption query they are universally quantified, as the weakest
// precondition of `x := any` is `∀x. Q`. Leaves never reach the solver: a check replaces every one by
// the checking state's value (check.ts).

import { ArrayDecl, type Expr } from '../../expr/expr.js';
import * as B from '../../expr/build.js';
import type { Instruction, Value } from '../../ir/model.js';
import type { Type } from '../../ir/types.js';
import { ObjKind, type MemoryObject } from '../../memory/memory-object.js';
import { bitWidth } from '../../engine/ops/lanes.js';
import type { HeapHistory } from '../../engine/heap-history.js';

export const enum LeafKind {
  Reg,
  Mem,
  Live,
  Shape,
  Heap,
}

export interface RegLeaf {
  readonly kind: LeafKind.Reg;
  readonly depth: number;
  readonly value: Value;
  readonly width: number;
  readonly bytes: number;
  readonly array: ArrayDecl;
  /** The leaf as a `width`-bit expression. */
  readonly term: Expr;
}

/** One object's memory, as a region of the postcondition. */
export interface Region {
  readonly key: string;
  /** The object's name (variable name, `malloc`, …), for messages and tests. */
  readonly name: string;
  readonly kind: ObjKind;
  readonly base: number;
  readonly size: number;
  /** Depth of the owning frame for a stack object, -1 otherwise. */
  readonly depth: number;
  readonly readOnly: boolean;
  readonly mem: ArrayDecl;
  readonly live: ArrayDecl;
  /** Live(R) as a boolean. */
  readonly liveTerm: Expr;
}

export interface ShapeLeaf {
  readonly kind: LeafKind.Shape;
  readonly sp: number;
  readonly bases: readonly number[];
  readonly array: ArrayDecl;
  readonly term: Expr;
}

export interface HeapLeaf {
  readonly kind: LeafKind.Heap;
  /** null: no allocation made yet. */
  readonly node: HeapHistory | null;
  readonly array: ArrayDecl;
  readonly term: Expr;
}

export type LeafInfo =
  | RegLeaf
  | { readonly kind: LeafKind.Mem; readonly region: Region }
  | { readonly kind: LeafKind.Live; readonly region: Region }
  | ShapeLeaf
  | HeapLeaf;

/** An alloca in its function's entry block with a constant count: its address is fixed by the frame's base. */
export function isEntryAlloca(inst: Instruction): boolean {
  if (inst.op !== 'alloca') return false;
  const fn = inst.parent.fn;
  if (inst.parent !== fn.blocks[0]) return false;
  const n = inst.operands[0];
  return n === undefined || n.vk === 'cint';
}

/** Whether values of type `t` are scalars the postconditions track (integers, pointers, floats as bits). */
export function isScalar(t: Type): boolean {
  return t.kind === 'int' || t.kind === 'ptr' || t.kind === 'float';
}

export function widthOf(t: Type): number {
  return bitWidth(t);
}

/** The boolean of a one-byte leaf array. */
function boolLeaf(a: ArrayDecl): Expr {
  return B.extract(B.read(a, null, B.constant(32, 0)), 0, 1);
}

/** A little-endian `w`-bit read of `bytes` bytes of `a` at offset 0. */
export function wordOf(a: ArrayDecl, w: number, bytes: number): Expr {
  const r = B.readLE(a, null, B.constant(32, 0), bytes);
  return w === bytes * 8 ? r : B.extract(r, 0, w);
}

let freshCounter = 0;

/** A fresh (universally quantified) value of `w` bits. */
export function freshValue(tag: string, w: number): Expr {
  const bytes = Math.ceil(w / 8);
  return wordOf(new ArrayDecl(`pse_${tag}_${freshCounter++}`, bytes), w, bytes);
}

/** A fresh array of `n` bytes (the bytes klee_make_symbolic writes later on the path). */
export function freshArray(tag: string, n: number): ArrayDecl {
  return new ArrayDecl(`pse_${tag}_${freshCounter++}`, n);
}

/** The registry of leaves of one run. */
export class Leaves {
  /** Array id -> what the array stands for. */
  readonly info = new Map<number, LeafInfo>();
  private readonly regs = new Map<Value, (RegLeaf | undefined)[]>();
  private readonly regions = new Map<string, Region>();
  private readonly shapes = new Map<string, ShapeLeaf>();
  private readonly heaps = new Map<HeapHistory | null, HeapLeaf>();
  private readonly zeros = new Map<number, ArrayDecl>();
  /** The entry-block alloca that made each stack region (for fixing prefix frames' locals at a branch). */
  readonly allocaOf = new Map<Region, Set<Instruction>>();
  private readonly allocaKeys = new Map<string, number>();

  /** A small integer for (frame depth, alloca instruction). */
  allocaKey(depth: number, inst: Instruction): number {
    const k = `${depth}:${inst.id}`;
    let id = this.allocaKeys.get(k);
    if (id === undefined) {
      id = this.allocaKeys.size;
      this.allocaKeys.set(k, id);
    }
    return id;
  }

  /** Reg(depth, value) for a scalar SSA value (parameter or instruction result); null otherwise. */
  reg(depth: number, value: Value): RegLeaf | null {
    if (!isScalar(value.type)) return null;
    let byDepth = this.regs.get(value);
    if (!byDepth) {
      byDepth = [];
      this.regs.set(value, byDepth);
    }
    let leaf = byDepth[depth];
    if (!leaf) {
      const width = widthOf(value.type);
      const bytes = Math.ceil(width / 8);
      const array = new ArrayDecl(`%${("name" in value && value.name) || "?"}@${depth}#${freshCounter++}`, bytes);
      leaf = { kind: LeafKind.Reg, depth, value, width, bytes, array, term: wordOf(array, width, bytes) };
      byDepth[depth] = leaf;
      this.info.set(array.id, leaf);
    }
    return leaf;
  }

  /** The region of object `mo` (owned by the frame at `depth` when it is a stack object). */
  region(mo: MemoryObject, depth: number): Region {
    const d = mo.kind === ObjKind.Stack ? depth : -1;
    const key = `${mo.kind}:${mo.address}:${mo.size}:${d}`;
    let r = this.regions.get(key);
    if (!r) {
      const mem = new ArrayDecl(`M[${mo.name}]#${freshCounter++}`, Math.max(mo.size, 1));
      const live = new ArrayDecl(`Live[${mo.name}]#${freshCounter++}`, 1);
      r = { key, name: mo.name, kind: mo.kind, base: mo.address, size: mo.size, depth: d, readOnly: mo.isReadOnly, mem, live, liveTerm: boolLeaf(live) };
      this.regions.set(key, r);
      this.info.set(mem.id, { kind: LeafKind.Mem, region: r });
      this.info.set(live.id, { kind: LeafKind.Live, region: r });
    }
    return r;
  }

  /** Every region made so far. */
  allRegions(): IterableIterator<Region> {
    return this.regions.values();
  }

  /** Shape(sp, bases): the checking state's stack pointer and frame bases are these. */
  shape(sp: number, bases: readonly number[]): ShapeLeaf {
    const key = `${sp}:${bases.join(',')}`;
    let s = this.shapes.get(key);
    if (!s) {
      const array = new ArrayDecl(`Shape#${freshCounter++}`, 1);
      s = { kind: LeafKind.Shape, sp, bases: bases.slice(), array, term: boolLeaf(array) };
      this.shapes.set(key, s);
      this.info.set(array.id, s);
    }
    return s;
  }

  /** HeapAt(node): the checking state's allocation history is `node`. */
  heapAt(node: HeapHistory | null): HeapLeaf {
    let h = this.heaps.get(node);
    if (!h) {
      const array = new ArrayDecl(`HeapAt#${freshCounter++}`, 1);
      h = { kind: LeafKind.Heap, node, array, term: boolLeaf(array) };
      this.heaps.set(node, h);
      this.info.set(array.id, h);
    }
    return h;
  }

  /** A constant all-zero array of `size` bytes: the contents of a fresh stack object. */
  zero(size: number): ArrayDecl {
    let z = this.zeros.get(size);
    if (!z) {
      z = new ArrayDecl(`pse_zero_${size}`, Math.max(size, 1), new Uint8Array(Math.max(size, 1)));
      this.zeros.set(size, z);
    }
    return z;
  }

  isLeaf(a: ArrayDecl): boolean {
    return this.info.has(a.id);
  }
}
