// Sizes, alignments and element offsets of IR types for the engine, from the module's DataLayout
// (src/ir/layout.ts), cached per type object. The executor selects the module's layout with useLayout()
// before compiling anything; caches (here and in access.ts) are dropped when the layout changes.

import { dataLayout, type DataLayout } from '../ir/layout.js';
import type { Type } from '../ir/types.js';

export interface TypeInfo {
  /** Bytes a load or store touches (LLVM's store size). */
  store: number;
  /** Bytes between consecutive array elements (LLVM's alloc size). */
  alloc: number;
  align: number;
}

let layout: DataLayout = dataLayout('');
let cache = new WeakMap<object, TypeInfo>();
let epoch = 0;

/** Uses the layout of a module's `target datalayout` string from now on. */
export function useLayout(text: string): void {
  const l = dataLayout(text);
  if (l === layout) return;
  layout = l;
  cache = new WeakMap();
  epoch++;
}

/** Changes whenever the layout does (for caches of derived data). */
export function layoutEpoch(): number {
  return epoch;
}

export function currentLayout(): DataLayout {
  return layout;
}

export function typeInfo(t: Type): TypeInfo {
  let info = cache.get(t);
  if (!info) {
    if (t.kind === 'struct' && t.opaque) info = { store: 0, alloc: 0, align: 1 };
    else if (t.kind === 'void' || t.kind === 'label' || t.kind === 'metadata' || t.kind === 'token' || t.kind === 'function') {
      info = { store: 0, alloc: 0, align: 1 };
    } else info = { store: layout.storeSize(t), alloc: layout.allocSize(t), align: layout.abiAlign(t) };
    cache.set(t, info);
  }
  return info;
}

export function storeSize(t: Type): number {
  return typeInfo(t).store;
}
export function allocSize(t: Type): number {
  return typeInfo(t).alloc;
}
export function alignOf(t: Type): number {
  return typeInfo(t).align;
}
/** Byte offset of element/field `i` of an aggregate type. */
export function elementOffset(t: Type, i: number): number {
  if (t.kind === 'struct') return layout.fieldOffset(t, i);
  if (t.kind === 'array' || t.kind === 'vector') return i * allocSize(t.elem);
  throw new Error(`no elements in ${t.kind}`);
}
