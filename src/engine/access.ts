// Typed reads and writes of register values in an ObjectState, built once per IR type: a scalar is its
// store size in bytes, little-endian (an i1 is a byte holding 0 or 1, an x86_fp80 ten bytes); aggregates
// are their elements at their layout offsets. Each accessor comes in a concrete-offset version (the fast
// path) and a symbolic-offset version (a 32-bit offset expression; array reads and writes).

import type { Expr } from '../expr/expr.js';
import * as B from '../expr/build.js';
import type { Type } from '../ir/types.js';
import type { ObjectState } from '../memory/object-state.js';
import { offsetPlus } from './memory.js';
import { bitWidth } from './ops/lanes.js';
import { elementOffset, layoutEpoch, storeSize, typeInfo } from './type-layout.js';
import { norm, type Scalar, type Val } from './values.js';

export interface TypedAccess {
  /** Bytes touched. */
  readonly size: number;
  read(os: ObjectState, off: number): Val;
  readAt(os: ObjectState, off: Expr): Val;
  write(os: ObjectState, off: number, v: Val): void;
  writeAt(os: ObjectState, off: Expr, v: Val): void;
}

let cache = new WeakMap<object, TypedAccess>();
let cacheEpoch = layoutEpoch();

export function typedAccess(t: Type): TypedAccess {
  if (cacheEpoch !== layoutEpoch()) {
    cache = new WeakMap();
    cacheEpoch = layoutEpoch();
  }
  let a = cache.get(t);
  if (!a) {
    a = build(t);
    cache.set(t, a);
  }
  return a;
}

function build(t: Type): TypedAccess {
  if (t.kind === 'struct' || t.kind === 'array' || t.kind === 'vector') return aggregate(t);
  return scalar(bitWidth(t), storeSize(t));
}

function scalar(w: number, n: number): TypedAccess {
  const exact = w === n * 8;
  // A register narrower than its bytes (i1 in one byte) is cut on a read and zero-extended on a write;
  // one wider (a pointer, always 64 bits in a register, stored in 4 bytes by an ILP32 module) the other
  // way round.
  const fit = (v: bigint | Expr): Scalar => {
    if (exact) return v;
    if (typeof v === 'bigint') return BigInt.asUintN(w, v);
    return norm(w < n * 8 ? B.extract(v, 0, w) : B.zext(v, w));
  };
  const widen = (v: Scalar): Scalar => {
    if (exact) return v;
    if (typeof v === 'bigint') return w < n * 8 ? v : BigInt.asUintN(n * 8, v);
    return w < n * 8 ? B.zext(v, n * 8) : B.extract(v, 0, n * 8);
  };
  if (exact) {
    return {
      size: n,
      read: (os, off) => os.read(off, n),
      readAt: (os, off) => os.readAt(off, n),
      write: (os, off, v) => os.write(off, n, v as Scalar),
      writeAt: (os, off, v) => os.writeAt(off, n, v as Scalar),
    };
  }
  return {
    size: n,
    read: (os, off) => fit(os.read(off, n)),
    readAt: (os, off) => fit(os.readAt(off, n)),
    write: (os, off, v) => os.write(off, n, widen(v as Scalar)),
    writeAt: (os, off, v) => os.writeAt(off, n, widen(v as Scalar)),
  };
}

function aggregate(t: Type & { kind: 'struct' | 'array' | 'vector' }): TypedAccess {
  const elems: Type[] = t.kind === 'struct' ? t.fields : Array.from({ length: t.length }, () => t.elem);
  const offsets = elems.map((_, i) => elementOffset(t, i));
  if (t.kind === 'vector') {
    // vector lanes are packed by store size
    const es = storeSize(t.elem);
    offsets.forEach((_, i) => (offsets[i] = i * es));
  }
  const parts = elems.map(typedAccess);
  return {
    size: typeInfo(t).store,
    read: (os, off) => parts.map((p, i) => p.read(os, off + offsets[i]!)),
    readAt: (os, off) => parts.map((p, i) => p.readAt(os, offsetPlus(off, offsets[i]!))),
    write: (os, off, v) => parts.forEach((p, i) => p.write(os, off + offsets[i]!, (v as Val[])[i]!)),
    writeAt: (os, off, v) => parts.forEach((p, i) => p.writeAt(os, offsetPlus(off, offsets[i]!), (v as Val[])[i]!)),
  };
}
