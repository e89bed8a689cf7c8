// The values of one input byte that a condition reading only that byte allows (`c` is a digit, `c !=
// '.'`, a ctype-table bit of `c` is set), found by evaluating the condition at all 256 values and kept
// per condition. A path's conditions on an input character recur in every later query of the path and
// its forks, in many combinations: small-domain.ts intersects them into the byte's domain before it
// enumerates, intervals.ts into the byte's range. Kept per condition (not per combination), each is
// evaluated once for the run.
//
// The 256 evaluations run over the condition's nodes compiled into an array in post order, with no
// memo table per value: 0.55 s of a 3M-instruction seq run went into 2,276 conditions' evaluations
// with one Evaluator per value (~1 µs each).

import { ArrayDecl, Expr, Kind } from '../expr/expr.js';
import { applyNode } from '../expr/eval-op.js';
import { Evaluator } from '../expr/evaluate.js';
import { arrayOfKey, atomArray, atomIndex, footprint } from '../expr/footprint.js';
import { postOrder } from '../expr/walk.js';

/** Which values a byte may take: 1 at each. */
export type ByteSet = Uint8Array;

/** A top-level conjunct: a width-1 node that every solution makes true (positive) or false. */
export interface Literal {
  readonly node: Expr;
  readonly positive: boolean;
}

/** The values a query's conjuncts reading one byte leave it, and those conjuncts. */
export interface ConjunctDomain {
  /** The intersection of their sets (of the complement, for a negated conjunct). */
  readonly set: ByteSet;
  readonly conjuncts: readonly Expr[];
}

/** Conditions' sets kept (the table is emptied when full). */
const MAX_KEPT = 50_000;

const BYTE: readonly bigint[] = Array.from({ length: 256 }, (_, i) => BigInt(i));
const M32 = 0xffffffffn;

export class ByteDomains {
  private readonly sets = new Map<number, ByteSet>();
  /** Conditions evaluated (cache misses), for the tests. */
  evaluated = 0;
  /**
   * Nodes evaluated by the last `allowed` call: 256 x the condition's DAG size when it was evaluated, 0
   * when its set was known (small-domain.ts counts it against its work budget).
   */
  lastCost = 0;

  /**
   * The values of byte `index` of `array` under which `c` is true. `c` must read no other byte of a
   * symbolic array (its footprint is that one byte).
   */
  allowed(c: Expr, array: ArrayDecl, index: number): ByteSet {
    const known = this.sets.get(c.id);
    this.lastCost = 0;
    if (known) return known;
    this.evaluated++;
    const nodes: Expr[] = [];
    const slot = new Map<number, number>();
    postOrder(c, (n) => slot.has(n.id), (n) => {
      slot.set(n.id, nodes.length);
      nodes.push(n);
    });
    this.lastCost = 256 * nodes.length;
    const set = compiled(nodes, slot, array, index) ?? byEvaluator(c, array, index);
    if (this.sets.size >= MAX_KEPT) this.sets.clear();
    this.sets.set(c.id, set);
    return set;
  }

  /**
   * The conjuncts split: those reading one byte (of a symbolic array) give its domain, by footprint
   * atom; the others reading any input are `joint` (a conjunct reading none is left out).
   */
  conjunctDomains(literals: readonly Literal[]): { domains: Map<number, ConjunctDomain>; joint: Literal[] } {
    const domains = new Map<number, ConjunctDomain>();
    const joint: Literal[] = [];
    for (const l of literals) {
      const fp = footprint(l.node);
      if (fp.whole.length === 0 && fp.bytes.length === 1) {
        const atom = fp.bytes[0]!;
        const set = this.allowed(l.node, arrayOfKey(atomArray(atom)), atomIndex(atom));
        const prev = domains.get(atom);
        const both = new Uint8Array(256);
        for (let v = 0; v < 256; v++) both[v] = (prev ? prev.set[v]! : 1) & (l.positive ? set[v]! : 1 - set[v]!);
        domains.set(atom, { set: both, conjuncts: prev ? [...prev.conjuncts, l.node] : [l.node] });
      } else if (fp.whole.length > 0 || fp.bytes.length > 0) {
        joint.push(l);
      }
    }
    return { domains, joint };
  }
}

/** The one value a set allows, or undefined when it allows none or several. */
export function onlyValue(set: ByteSet): number | undefined {
  const first = set.indexOf(1);
  return first >= 0 && set.indexOf(1, first + 1) < 0 ? first : undefined;
}

/** The set by the general evaluator (reads through writes). */
function byEvaluator(c: Expr, array: ArrayDecl, index: number): ByteSet {
  const bytes = new Uint8Array(array.size); // (a byte past the end reads 0 whatever v is)
  const assignment = new Map<ArrayDecl, Uint8Array>([[array, bytes]]);
  const set = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    if (index < bytes.length) bytes[index] = v;
    set[v] = new Evaluator(assignment).isTrue(c) ? 1 : 0;
  }
  return set;
}

/**
 * The set by evaluating the condition's nodes (in post order, the condition last) into one array per
 * value, or null when it reads through writes (left to the general evaluator). Semantics as evaluate.ts: a read of `array` at a
 * constant index is the byte (or 0 past the end of the array); a read of a constant table at a
 * symbolic index is the table's byte, 0 past its end.
 */
function compiled(nodes: readonly Expr[], slot: ReadonlyMap<number, number>, array: ArrayDecl, index: number): ByteSet | null {
  const reads = (n: Expr): boolean => n.kind === Kind.Read && (n.updates !== null || (n.array!.isSymbolic && (n.array !== array || n.kids[0]!.kind !== Kind.Const)));
  if (nodes.some(reads)) return null;
  const n = nodes.length;
  const kind = nodes.map((e) => e.kind);
  const k0 = Int32Array.from(nodes, (e) => (e.kids.length > 0 ? slot.get(e.kids[0]!.id)! : -1));
  const k1 = Int32Array.from(nodes, (e) => (e.kids.length > 1 ? slot.get(e.kids[1]!.id)! : -1));
  const k2 = Int32Array.from(nodes, (e) => (e.kids.length > 2 ? slot.get(e.kids[2]!.id)! : -1));
  const vals: bigint[] = nodes.map((e) => (e.kind === Kind.Const ? e.value : 0n));
  const set = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    const byte = BYTE[v]!;
    for (let i = 0; i < n; i++) {
      const e = nodes[i]!;
      switch (kind[i]) {
        case Kind.Const:
          break;
        case Kind.Read: {
          const table = e.array!.constantValues;
          if (table === undefined) {
            vals[i] = (e.kids[0]!.value & M32) === BigInt(index) && index < array.size ? byte : 0n;
          } else {
            const j = vals[k0[i]!]! & M32;
            vals[i] = j < BigInt(table.length) ? BYTE[table[Number(j)]!]! : 0n;
          }
          break;
        }
        default:
          vals[i] = applyNode(e, vals[k0[i]!]!, k1[i]! >= 0 ? vals[k1[i]!]! : 0n, k2[i]! >= 0 ? vals[k2[i]!]! : 0n);
      }
    }
    set[v] = vals[n - 1] === 1n ? 1 : 0;
  }
  return set;
}
