// Every satisfying assignment of a path's constraints over its few input bytes, kept between queries
// (part of the small-domain layer, small-domain.ts; issue 20 item 2).
//
// Why: at each branch the engine asks `e ∧ C`, with C the path's constraints; on seq's symbolic digits
// C stays the same over many branches (strtold's loops over the same bytes) and grows by one conjunct
// at a fork. Enumerating the product of the bytes' domains against the whole of C for every query
// made an `unsat` answer cost ~10 ms (every assignment evaluated, the 3,422 unsat answers of a 60 s run
// were two thirds of its CPU). C's solutions over 2-4 digit bytes are few; once listed, a query
// evaluates only `e` over them, and a child path's list is its parent's filtered by the new conjunct.
//
// A list is made the second time a constraint set is asked about (a set met once costs what it did
// before: the enumeration stops at the first solution), and only while it stays short (MAX_ROWS).
// Rows pack the bytes' values little-endian into one number (at most 4 bytes: small-domain.ts's
// maxBytes).

import type { ArrayDecl, Expr } from '../expr/expr.js';
import { Evaluator } from '../expr/evaluate.js';

/** Most assignments kept for one constraint set. */
export const MAX_ROWS = 1 << 14;
/** Constraint sets remembered (lists and first sightings; emptied when full). */
const MAX_SETS = 512;

/** The bytes a list is over: which array and index, in row order. */
export interface ListedByte {
  array: ArrayDecl;
  index: number;
}

export interface SolutionList {
  bytes: readonly ListedByte[];
  /** Identity of the byte order (array ids and indices): a parent's list is reused only when equal. */
  bytesKey: string;
  rows: Uint32Array;
}

/** A constraint set's key: its conjuncts' ids, sorted (the order a query lists them in is not fixed). */
export function constraintKey(constraints: readonly Expr[]): string {
  return constraints
    .map((c) => c.id)
    .sort((a, b) => a - b)
    .join(',');
}

export function bytesKeyOf(bytes: readonly ListedByte[]): string {
  return bytes.map((b) => `${b.array.id}:${b.index}`).join(' ');
}

export class SolutionSets {
  private readonly lists = new Map<string, SolutionList | 'too-many'>();
  private readonly seenOnce = new Set<string>();

  /** The list for `key` if made, 'too-many' if it did not fit, undefined if not made. */
  get(key: string): SolutionList | 'too-many' | undefined {
    return this.lists.get(key);
  }

  /** Counts a sighting of `key`: whether it has been asked about before (then a list is worth making). */
  seenBefore(key: string): boolean {
    if (this.seenOnce.has(key)) return true;
    if (this.seenOnce.size >= MAX_SETS) this.seenOnce.clear();
    this.seenOnce.add(key);
    return false;
  }

  put(key: string, list: SolutionList | 'too-many'): void {
    if (this.lists.size >= MAX_SETS) this.lists.clear();
    this.lists.set(key, list);
  }

  /**
   * A list made already for `constraints` minus one conjunct, over the same bytes, filtered by that
   * conjunct; null when there is none (or the work would pass `budget`, in evaluated nodes).
   */
  fromParent(constraints: readonly Expr[], bytesKey: string, buffers: Map<ArrayDecl, Uint8Array>, budget: number): SolutionList | null {
    for (let i = 0; i < constraints.length; i++) {
      const parent = this.lists.get(constraintKey(constraints.filter((_, k) => k !== i)));
      if (parent === undefined || parent === 'too-many' || parent.bytesKey !== bytesKey) continue;
      const kept = filterRows(parent, constraints[i]!, buffers, budget, Infinity);
      if (kept === null) return null;
      return { bytes: parent.bytes, bytesKey, rows: kept };
    }
    return null;
  }
}

/** The assignment of `bytes` now in the buffers as a row (little-endian: bytes[0] in the low 8 bits). */
export function rowOf(bytes: readonly ListedByte[], buffers: Map<ArrayDecl, Uint8Array>): number {
  let row = 0;
  for (let j = 0; j < bytes.length; j++) row |= buffers.get(bytes[j]!.array)![bytes[j]!.index]! << (8 * j);
  return row >>> 0;
}

/** Writes row `row` of `list` into the buffers the evaluator reads (rowOf's inverse). */
export function setRow(list: SolutionList, row: number, buffers: Map<ArrayDecl, Uint8Array>): void {
  const { bytes } = list;
  for (let j = 0; j < bytes.length; j++) buffers.get(bytes[j]!.array)![bytes[j]!.index] = (row >>> (8 * j)) & 0xff;
}

/**
 * The rows of `list` under which `e` holds, at most `limit` of them; null when evaluating them would
 * pass `budget` nodes. One evaluator for all rows: only what reads the bytes is evaluated again.
 */
export function filterRows(list: SolutionList, e: Expr, buffers: Map<ArrayDecl, Uint8Array>, budget: number, limit: number): Uint32Array | null {
  const out: number[] = [];
  const ev = new Evaluator(buffers);
  let work = 0;
  for (let r = 0; r < list.rows.length && out.length < limit; r++) {
    setRow(list, list.rows[r]!, buffers);
    ev.clear();
    if (ev.isTrue(e)) out.push(list.rows[r]!);
    work += ev.size;
    if (work > budget) return null;
  }
  return Uint32Array.from(out);
}
