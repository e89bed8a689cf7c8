// The input words a query reads: the numbers its conditions are about, as bytes of the symbolic
// arrays (model-guess.ts tries values for them, word-range.ts confines one to a few values). A word is
// a Concat of reads of consecutive constant indices of one symbolic array with no writes over it, in
// either byte order, or a lone input byte.

import { ArrayDecl, Expr, Kind } from '../expr/expr.js';
import { postOrder } from '../expr/walk.js';

/** Input bytes of one array the conjuncts read as one number. */
export interface InputWord {
  array: ArrayDecl;
  /** Byte indices, least significant first. */
  indices: number[];
}

/**
 * The input words the conjuncts read and the constants they hold. A word is a Concat of reads of
 * consecutive constant indices of one symbolic array with no writes over it, in either byte order;
 * the widest words are taken first, then every byte read at a constant index not in one becomes a
 * one-byte word. Constant operands are kept in the order first met, without duplicates; booleans and
 * the indices of reads are left out; `nodes` counts the DAG's nodes. Null when the conjuncts have more
 * than `maxNodes` nodes.
 */
export function inputWords(conjuncts: readonly Expr[], maxNodes = Infinity): { words: InputWord[]; constants: Expr[]; nodes: number } | null {
  const seen = new Set<number>();
  const concats: { array: ArrayDecl; indices: number[] }[] = [];
  const bytes: Expr[] = [];
  const constants: Expr[] = [];
  const constantValues = new Set<string>();
  for (const c of conjuncts) {
    if (seen.size > maxNodes) return null;
    postOrder(
      c,
      (n) => seen.has(n.id) || seen.size > maxNodes,
      (n) => {
        seen.add(n.id);
        // Constants as operands (a read's constant index is where a byte is, not a value to try).
        if (n.kind !== Kind.Read) {
          for (const k of n.kids) {
            if (k.kind !== Kind.Const || k.width === 1) continue;
            const key = `${k.width}:${k.value}`;
            if (!constantValues.has(key)) {
              constantValues.add(key);
              constants.push(k);
            }
          }
        }
        if (n.kind === Kind.Concat) {
          const w = wordOf(n);
          if (w !== null) concats.push(w);
        } else if (isInputByte(n)) bytes.push(n);
      },
    );
  }
  if (seen.size > maxNodes) return null;
  const taken = new Set<string>();
  const words: InputWord[] = [];
  concats.sort((a, b) => b.indices.length - a.indices.length);
  for (const w of concats) {
    const keys = w.indices.map((i) => `${w.array.id}:${i}`);
    if (keys.some((k) => taken.has(k))) continue;
    for (const k of keys) taken.add(k);
    words.push(w);
  }
  for (const b of bytes) {
    const index = Number(b.kids[0]!.value);
    const key = `${b.array!.id}:${index}`;
    if (taken.has(key)) continue;
    taken.add(key);
    words.push({ array: b.array!, indices: [index] });
  }
  return { words, constants, nodes: seen.size };
}

/** A read of one input byte at a constant index, with no writes over the array. */
function isInputByte(n: Expr): boolean {
  return n.kind === Kind.Read && n.updates === null && n.array!.isSymbolic && n.kids[0]!.kind === Kind.Const && n.kids[0]!.value < BigInt(n.array!.size);
}

/** The bytes of a Concat of consecutive input bytes (least significant first), or null. */
export function wordOf(n: Expr): InputWord | null {
  const leaves: Expr[] = [];
  const stack: Expr[] = [n];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.kind === Kind.Concat) stack.push(e.kids[1]!, e.kids[0]!); // low part popped last
    else if (isInputByte(e)) leaves.push(e);
    else return null;
  }
  // leaves: most significant first (the high part of each Concat was pushed last, popped first).
  const array = leaves[0]!.array!;
  const indices = leaves.map((l) => Number(l.kids[0]!.value)).reverse();
  if (leaves.some((l) => l.array !== array)) return null;
  const step = indices.length > 1 ? indices[1]! - indices[0]! : 1;
  if (step !== 1 && step !== -1) return null;
  for (let i = 1; i < indices.length; i++) if (indices[i]! - indices[i - 1]! !== step) return null;
  return { array, indices };
}

/** The word's value in `bytes` (its array's contents). */
export function readWord(bytes: Uint8Array, indices: readonly number[]): bigint {
  let v = 0n;
  for (let i = indices.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[indices[i]!]!);
  return v;
}

/** Puts `v` into the word's bytes of `bytes` (its array's contents). */
export function writeWord(bytes: Uint8Array, indices: readonly number[], v: bigint): void {
  for (let i = 0; i < indices.length; i++) {
    bytes[indices[i]!] = Number(v & 0xffn);
    v >>= 8n;
  }
}
