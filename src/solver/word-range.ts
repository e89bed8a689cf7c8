// Queries over one input word that its comparisons with constants confine to a few values, decided by
// trying each of those values (issue 20). The typical branch of a small program tests an int against
// constants (`x > 5`, `x < 10`, `switch (x)` over a few cases); when the path's comparisons leave the
// word a range of at most MAX_VALUES values, every solution lies in that range, so evaluating the query
// at each value of it is a complete decision: 'sat' with the first value that satisfies every conjunct,
// 'unsat' when none does. This answers the unsatisfiable branch sides that a guessed model
// (model-guess.ts) cannot, without starting Z3 for them.
//
// Conditions for the answer to be exact, each checked: the query reads no byte outside the word (so the
// word's value decides every conjunct), and the range comes only from top-level conjuncts (Ands
// flattened) comparing the word itself with a constant (Eq, Ult, Ule, Slt, Sle either way round, or
// their negations) or pinning all of its bytes (`byte == k`, the builder's form of W == k), each of
// which every solution satisfies.

import { ArrayDecl, Expr, Kind } from '../expr/expr.js';
import { Evaluator } from '../expr/evaluate.js';
import type { ChainCounters, CheckResult, CoreSolver, Query } from './core.js';
import { inputWords, wordOf, writeWord } from './input-words.js';
import { comparisonFact, full, intersect, isEmpty, type Range } from './intervals.js';

/** Most values of the word tried (each an evaluation of the whole query). */
const MAX_VALUES = 256;
/**
 * Most DAG nodes evaluated for one query (values x nodes): a small program's 20-node query gets all 256
 * values, a 96-node one 85, so no query costs more than ~0.5 ms here before going on to Z3.
 */
const MAX_WORK = 8_192;
/** Largest query (DAG nodes) looked at (as model-guess.ts's default: small programs' queries). */
const MAX_NODES = 96;

/** Bounds on a word of `bits` bits: unsigned [ulo, uhi] and signed [slo, shi]. */
type Bounds = Range;

export class WordRange implements CoreSolver {
  constructor(
    private readonly inner: CoreSolver,
    private readonly counters: ChainCounters,
  ) {}

  async check(q: Query): Promise<CheckResult> {
    return this.decide(q) ?? this.inner.check(q);
  }

  private decide(q: Query): CheckResult | null {
    const conjuncts = [q.expr, ...q.constraints].filter((c) => !c.isTrue);
    if (conjuncts.length === 0 || conjuncts.some((c) => c.isConst)) return null;
    const found = inputWords(conjuncts, MAX_NODES);
    if (found === null || found.words.length === 0) return null;
    // The word: the one multi-byte word, every other byte read being one of its bytes.
    const wide = found.words.filter((w) => w.indices.length > 1);
    if (wide.length !== 1) return null;
    const word = wide[0]!;
    const inWord = new Set(word.indices);
    if (found.words.some((w) => w !== word && (w.array !== word.array || !w.indices.every((i) => inWord.has(i))))) return null;
    if (!readsOnly(conjuncts, word.array, inWord)) return null;

    const bits = word.indices.length * 8;
    const values = valuesWithin(boundsOf(conjuncts, word.array, word.indices, bits), bits);
    if (values === null || values.length * found.nodes > MAX_WORK) return null;

    const bytes = new Uint8Array(word.array.size);
    const assignment = new Map<ArrayDecl, Uint8Array>([[word.array, bytes]]);
    for (const v of values) {
      writeWord(bytes, word.indices, v);
      const ev = new Evaluator(assignment);
      if (conjuncts.every((c) => ev.isTrue(c))) {
        this.counters.wordRangeAnswers++;
        return { status: 'sat', model: assignment };
      }
    }
    this.counters.wordRangeAnswers++;
    return { status: 'unsat' };
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** Whether every read in the conjuncts is a read of `array` at a constant index in `indices`, with no writes. */
function readsOnly(conjuncts: readonly Expr[], array: ArrayDecl, indices: ReadonlySet<number>): boolean {
  const seen = new Set<number>();
  const stack = [...conjuncts];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    if (e.kind === Kind.Read) {
      const index = e.kids[0]!;
      if (e.array !== array || e.updates !== null || index.kind !== Kind.Const || !indices.has(Number(index.value))) return false;
      continue;
    }
    stack.push(...e.kids); // (a read's writes are the only operands that are not kids: refused above)
  }
  return true;
}

/** Whether `e` is the word: a Concat of exactly the word's bytes, least significant first. */
function isWord(e: Expr, array: ArrayDecl, indices: readonly number[]): boolean {
  if (e.kind !== Kind.Concat) return false;
  const w = wordOf(e);
  return w !== null && w.array === array && w.indices.length === indices.length && w.indices.every((i, j) => i === indices[j]);
}

/** The bounds the conjuncts put on the word, or null when they are empty (no value at all). */
export function boundsOf(conjuncts: readonly Expr[], array: ArrayDecl, indices: readonly number[], bits: number): Bounds | null {
  const b = full(bits);
  // The builder writes W == k byte by byte (an And of byte equalities): conjunctions are flattened, and
  // when every byte of the word is pinned that way the word is that one value.
  const flat: Expr[] = [];
  const stack = [...conjuncts];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.kind === Kind.And && e.width === 1) stack.push(...e.kids);
    else flat.push(e);
  }
  const pinned = new Map<number, bigint>();
  for (const e of flat) {
    if (e.kind !== Kind.Eq) continue;
    const [k, r] = e.kids as [Expr, Expr];
    if (k.kind === Kind.Const && r.kind === Kind.Read && r.array === array && r.updates === null && r.kids[0]!.kind === Kind.Const) {
      const i = Number(r.kids[0]!.value);
      if (pinned.has(i) && pinned.get(i) !== k.value) return null; // one byte, two values
      pinned.set(i, k.value);
    }
  }
  if (indices.every((i) => pinned.has(i))) {
    let v = 0n;
    for (let j = indices.length - 1; j >= 0; j--) v = (v << 8n) | pinned.get(indices[j]!)!;
    b.ulo = b.uhi = v;
  }
  // Each comparison of the word with a constant bounds it (W != k, which removes one value, is left to
  // the evaluation).
  for (const c of flat) {
    const negated = c.kind === Kind.Not;
    const fact = comparisonFact(negated ? c.kids[0]! : c, negated);
    if (fact !== null && isWord(fact[0], array, indices)) intersect(b, fact[1]);
  }
  if (isEmpty(b)) return null;
  return b;
}

/**
 * The word's values within both bounds, in increasing unsigned order, when at most MAX_VALUES of the
 * narrower range; null when both ranges are wider. An empty bound (no value) is handled by the caller
 * (boundsOf returns null); an empty intersection gives an empty list.
 */
export function valuesWithin(b: Bounds | null, bits: number): bigint[] | null {
  if (b === null) return [];
  const modulus = 1n << BigInt(bits);
  const unsignedSpan = b.uhi - b.ulo + 1n;
  const signedSpan = b.shi - b.slo + 1n;
  const out: bigint[] = [];
  if (unsignedSpan <= BigInt(MAX_VALUES) && unsignedSpan <= signedSpan) {
    for (let v = b.ulo; v <= b.uhi; v++) if (inSigned(v, b, bits)) out.push(v);
    return out;
  }
  if (signedSpan <= BigInt(MAX_VALUES)) {
    for (let s = b.slo; s <= b.shi; s++) {
      const v = (s + modulus) % modulus;
      if (v >= b.ulo && v <= b.uhi) out.push(v);
    }
    return out.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  }
  return null;
}

function inSigned(v: bigint, b: Bounds, bits: number): boolean {
  const s = v >= 1n << BigInt(bits - 1) ? v - (1n << BigInt(bits)) : v;
  return s >= b.slo && s <= b.shi;
}

