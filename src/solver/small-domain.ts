// Queries over a few symbolic bits, decided by enumeration instead of Z3 (issue 20). A query whose
// constraints and expression read at most MAX_BITS bits of input (one byte, typically) has at most
// 2^MAX_BITS assignments; evaluating the query under each of them is a complete decision procedure,
// and it is cheap when the expression DAG is small enough: the budget is assignments x nodes.
//
// Why: Coreutils seq parses its symbolic argument with musl's strtold, whose decimal path (decfloat)
// does bignum arithmetic — 64-bit udiv/urem by 10^9, stores into a 128-word ring buffer at indices
// computed from the digits — so one symbolic digit byte yields queries of ~150 nodes that Z3 4.8
// takes 1-20 s each (measured: 20 such queries were 78 of seq's 90 s in Z3, one a 22.5 s timeout).
// The same queries evaluate under 256 assignments in milliseconds. KLEE never meets them: uClibc's
// strtod works in long double, which KLEE concretises at the first digit.
//
// The layer sits under the caches, just above the Z3 back end, so what it answers is cached like a
// Z3 answer. A satisfiable answer's model gives every enumerated byte (all the query reads); bytes it
// does not give read 0, which the query does not depend on.

import { ArrayDecl, Expr, Kind } from '../expr/expr.js';
import { Evaluator } from '../expr/evaluate.js';
import { arrayOfKey, atomArray, atomIndex, footprint, unionFootprints, EMPTY_FOOTPRINT } from '../expr/footprint.js';
import type { ChainCounters, CheckResult, CoreSolver, Query } from './core.js';

export interface SmallDomainOptions {
  /** Largest number of input bits enumerated (default 8: one byte). */
  maxBits?: number;
  /** Largest assignments x DAG nodes spent on one query (default 1,000,000: tens of ms). */
  maxWork?: number;
}

/** One enumerated byte: which array, which index. */
interface DomainByte {
  array: ArrayDecl;
  index: number;
}

/**
 * The bytes `conjuncts` read, or null when they are more than `maxBytes` (a read at a symbolic index
 * counts every byte of its array).
 */
export function domainBytes(conjuncts: readonly Expr[], maxBytes: number): DomainByte[] | null {
  let fp = EMPTY_FOOTPRINT;
  for (const c of conjuncts) fp = unionFootprints(fp, footprint(c));
  let count = fp.bytes.length;
  for (const k of fp.whole) count += arrayOfKey(k).size;
  if (count > maxBytes) return null;
  const out: DomainByte[] = fp.bytes.map((atom) => ({ array: arrayOfKey(atomArray(atom)), index: atomIndex(atom) }));
  for (const k of fp.whole) {
    const array = arrayOfKey(k);
    for (let i = 0; i < array.size; i++) out.push({ array, index: i });
  }
  return out;
}

export class SmallDomain implements CoreSolver {
  private readonly maxBits: number;
  private readonly maxWork: number;

  constructor(
    private readonly inner: CoreSolver,
    private readonly counters: ChainCounters,
    opts: SmallDomainOptions = {},
  ) {
    this.maxBits = opts.maxBits ?? 8;
    this.maxWork = opts.maxWork ?? 1_000_000;
  }

  async check(q: Query): Promise<CheckResult> {
    return this.enumerate(q) ?? this.inner.check(q);
  }

  /** The answer by enumeration, or null when the query is outside the budget. */
  private enumerate(q: Query): CheckResult | null {
    const conjuncts = [q.expr, ...q.constraints].filter((c) => c.kind !== Kind.Const || c.value !== 1n);
    if (conjuncts.some((c) => c.kind === Kind.Const)) return { status: 'unsat' }; // a FALSE conjunct
    if (conjuncts.length === 0) return null; // nothing to decide; the inner layers answer at once
    const bytes = domainBytes(conjuncts, Math.floor(this.maxBits / 8));
    if (bytes === null || bytes.length === 0) return null;

    // Buffers per array, reused across assignments (the evaluator reads them when it first needs them).
    const buffers = new Map<ArrayDecl, Uint8Array>();
    for (const b of bytes) if (!buffers.has(b.array)) buffers.set(b.array, new Uint8Array(b.array.size));
    const total = 2 ** (8 * bytes.length);

    // The first assignment (all zero) is evaluated whole: its memo size is the DAG's node count.
    const first = new Evaluator(buffers);
    let sat = true;
    for (const c of conjuncts) if (!first.isTrue(c)) sat = false;
    if (sat) return this.answer(buffers);
    if (first.size * total > this.maxWork) return null;

    for (let v = 1; v < total; v++) {
      for (let j = 0; j < bytes.length; j++) buffers.get(bytes[j]!.array)![bytes[j]!.index] = (v >> (8 * j)) & 0xff;
      const ev = new Evaluator(buffers);
      // The query expression first: it is the likeliest to fail (the constraints held on the path).
      if (conjuncts.every((c) => ev.isTrue(c))) return this.answer(buffers);
    }
    this.counters.smallDomainAnswers++;
    return { status: 'unsat' };
  }

  private answer(buffers: Map<ArrayDecl, Uint8Array>): CheckResult {
    this.counters.smallDomainAnswers++;
    const model = new Map<ArrayDecl, Uint8Array>();
    for (const [a, bytes] of buffers) model.set(a, bytes.slice());
    return { status: 'sat', model };
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
