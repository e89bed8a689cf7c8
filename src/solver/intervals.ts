// Unsatisfiable queries refuted by interval reasoning, before enumeration and Z3 (issue 20). Every node
// of the query's DAG gets two intervals holding all the values it can take: one unsigned, one signed
// (two's complement), computed bottom-up from the input bytes. A byte starts as the values the
// conjuncts reading only that byte allow (found by evaluating them at all 256 values: `c` is a digit,
// `c != 0`); a node a top-level conjunct compares with a constant is narrowed by that comparison
// (`x <s 0x0ccccccc`, `n == 0x8000000000000000`). When some node is left with no value at all, no
// assignment satisfies every conjunct: the query is unsatisfiable. Otherwise the layer says nothing
// and the query goes on; it never answers 'sat', so it can only save work, never lose a path.
//
// Why: Coreutils seq's queries that reach Z3 are mostly unsatisfiable strtol-style digit accumulations
// over six or more argument bytes (too many for small-domain.ts's enumeration): each byte a digit,
// value = 10*value + digit with `value <s 0x0ccccccc` checks, the sign applied with an ite, then the
// result compared with a constant such as LONG_MIN that it cannot reach. Z3 takes 2-11 ms on each;
// intervals refute them in a fraction of a millisecond. Two intervals are kept because negation
// (0 - x) of a small non-negative range is a contiguous signed range but wraps around as an unsigned
// one, and a comparison may be signed or not.
//
// Soundness: each transfer function below over-approximates its operator's values (results modulo
// 2^width are reduced only when an integer interval lies within one period, see `wrapped`), and the
// narrowings only remove values that violate a conjunct. So an empty interval means no solution.

import { ArrayDecl, Expr, Kind, isFloatKind, mask, toSigned } from '../expr/expr.js';
import { evalOp } from '../expr/eval-op.js';
import { postOrder } from '../expr/walk.js';
import { arrayOfKey, atomArray, atomIndex } from '../expr/footprint.js';
import type { ChainCounters, CheckResult, CoreSolver, Query } from './core.js';
import { ByteDomains, type ByteSet, type Literal } from './byte-domains.js';
import { LinearForms } from './positional.js';
import * as B from '../expr/build.js';

/** Largest query (DAG nodes) looked at: beyond it the query goes on unexamined. */
const MAX_NODES = 4_000;
/** Most bytes of an array a read at a symbolic index is bounded over (else any byte). */
const MAX_READ_SPAN = 4_096;

/** The values a node can take: unsigned [ulo, uhi] and signed [slo, shi]. */
export interface Range {
  ulo: bigint;
  uhi: bigint;
  slo: bigint;
  shi: bigint;
}

/** Every value of `w` bits. */
export function full(w: number): Range {
  const half = 1n << BigInt(w - 1);
  return { ulo: 0n, uhi: mask(w), slo: -half, shi: half - 1n };
}

/** The one value `v` (unsigned) of `w` bits. */
export function exactly(v: bigint, w: number): Range {
  const s = toSigned(v, w);
  return { ulo: v, uhi: v, slo: s, shi: s };
}

export const isEmpty = (r: Range): boolean => r.ulo > r.uhi || r.slo > r.shi;
const bmin = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const bmax = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** Narrows `r` (in place) to the values `by` allows too. */
export function intersect(r: Range, by: Range): void {
  r.ulo = bmax(r.ulo, by.ulo);
  r.uhi = bmin(r.uhi, by.uhi);
  r.slo = bmax(r.slo, by.slo);
  r.shi = bmin(r.shi, by.shi);
}

/**
 * Makes each interval of `r` as narrow as the other allows (in place): an unsigned range within one
 * half of the values is a signed range too, and a signed range of one sign an unsigned one.
 */
function tighten(r: Range, w: number): Range {
  const half = 1n << BigInt(w - 1);
  const mod = half << 1n;
  for (let round = 0; round < 2; round++) {
    if (r.uhi < half) [r.slo, r.shi] = [bmax(r.slo, r.ulo), bmin(r.shi, r.uhi)];
    else if (r.ulo >= half) [r.slo, r.shi] = [bmax(r.slo, r.ulo - mod), bmin(r.shi, r.uhi - mod)];
    if (r.slo >= 0n) [r.ulo, r.uhi] = [bmax(r.ulo, r.slo), bmin(r.uhi, r.shi)];
    else if (r.shi < 0n) [r.ulo, r.uhi] = [bmax(r.ulo, r.slo + mod), bmin(r.uhi, r.shi + mod)];
  }
  return r;
}

/**
 * The range of a `w`-bit result congruent modulo 2^w to an integer known to lie in each of `ints`
 * ([lo, hi] pairs, each a sound bound on the same integer): an interval reduces to one of the result
 * only when it lies within one period (otherwise its values wrap around and it says nothing).
 */
export function wrapped(w: number, ...ints: (readonly [bigint, bigint])[]): Range {
  const r = full(w);
  const mod = 1n << BigInt(w);
  const half = mod >> 1n;
  const down = (v: bigint): bigint => ((v % mod) + mod) % mod;
  for (const [lo, hi] of ints) {
    if (hi - lo >= mod) continue;
    const l = down(lo);
    const h = down(hi);
    if (l <= h) [r.ulo, r.uhi] = [bmax(r.ulo, l), bmin(r.uhi, h)];
    const sl = down(lo + half) - half;
    const sh = down(hi + half) - half;
    if (sl <= sh) [r.slo, r.shi] = [bmax(r.slo, sl), bmin(r.shi, sh)];
  }
  return tighten(r, w);
}

const BOOL_FALSE: Range = exactly(0n, 1);
const BOOL_TRUE: Range = exactly(1n, 1);
const BOOL_ANY: Range = full(1);

/** A width-1 range: true, false or either. */
function truth(mustTrue: boolean, mustFalse: boolean): Range {
  return mustTrue ? BOOL_TRUE : mustFalse ? BOOL_FALSE : BOOL_ANY;
}

export class IntervalRefutation implements CoreSolver {
  constructor(
    private readonly inner: CoreSolver,
    private readonly counters: ChainCounters,
    /** The values conjuncts reading one byte allow (shared with small-domain.ts). */
    private readonly domains: ByteDomains = new ByteDomains(),
  ) {}

  async check(q: Query): Promise<CheckResult> {
    const a = this.analyse(q);
    if (a === REFUTED) {
      this.counters.intervalRefutations++;
      return { status: 'unsat' };
    }
    // Equations over positional numerals (positional.ts): their digits, each implied by the query.
    const digits = a && numeralDigits(a);
    if (digits === REFUTED) {
      this.counters.numeralRefutations++;
      return { status: 'unsat' };
    }
    if (digits && digits.length > 0) {
      const implied: Query = { constraints: [...q.constraints, ...digits], expr: q.expr, reads: q.reads };
      if (this.analyse(implied) === REFUTED) {
        this.counters.numeralRefutations++;
        return { status: 'unsat' };
      }
      // The same solutions, and Z3 substitutes the digits at once.
      this.counters.numeralDigitQueries++;
      return this.inner.check(implied);
    }
    return this.inner.check(q);
  }

  /** Whether the intervals show that no assignment satisfies the query. */
  refutes(q: Query): boolean {
    return this.analyse(q) === REFUTED;
  }

  /**
   * REFUTED when the intervals show that no assignment satisfies the query; else the conjuncts
   * reading two or more bytes and the walk that ranged them (null: none).
   */
  private analyse(q: Query): typeof REFUTED | Analysis | null {
    const literals = flatten([q.expr, ...q.constraints]);
    if (literals === null) return REFUTED; // a false conjunct
    // Byte domains from the literals that read one byte; the others are facts for the DAG walk.
    const { domains, joint } = this.domains.conjunctDomains(literals);
    const byteRanges = new Map<ArrayDecl, Range[]>(); // by array, then index
    for (const [atom, { set }] of domains) {
      const r = byteRange(set);
      if (r === null) return REFUTED; // no value of the byte satisfies its conjuncts
      const array = arrayOfKey(atomArray(atom));
      let list = byteRanges.get(array);
      if (!list) byteRanges.set(array, (list = []));
      list[atomIndex(atom)] = r;
    }
    if (joint.length === 0) return null;
    const walk = new Walk(byteRanges, facts(joint));
    if (walk.refutes(joint.map((l) => l.node))) return REFUTED;
    return walk.complete ? { joint, walk } : null;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

const REFUTED = 'refuted';

/** A query the intervals did not refute: its conjuncts over two or more bytes, every node ranged. */
interface Analysis {
  readonly joint: readonly Literal[];
  readonly walk: Walk;
}

/**
 * The digits that the conjuncts `x == K` over positional numerals imply (positional.ts), as
 * equalities `term == value` (terms the conjuncts do not already fix); REFUTED when some such
 * equation has no solution.
 */
function numeralDigits({ joint, walk }: Analysis): Expr[] | typeof REFUTED {
  const forms = new LinearForms((e) => walk.range(e));
  const out: Expr[] = [];
  for (const { node, positive } of joint) {
    if (!positive || node.kind !== Kind.Eq) continue;
    const [a, b] = node.kids as [Expr, Expr];
    if ((a.kind === Kind.Const) === (b.kind === Kind.Const)) continue;
    const [k, x] = a.kind === Kind.Const ? [a.value, b] : [b.value, a];
    const digits = forms.solve(x, k);
    if (digits.kind === 'unsat') return REFUTED;
    if (digits.kind === 'values') for (const [t, v] of digits.values) out.push(B.eq(B.constant(t.width, v), t));
  }
  return out;
}

/** The lowest and highest value of a byte set as a range, or null when it is empty. */
function byteRange(set: ByteSet): Range | null {
  let lo = 0;
  while (lo < 256 && set[lo] === 0) lo++;
  if (lo === 256) return null;
  let hi = 255;
  while (set[hi] === 0) hi--;
  return tighten({ ulo: BigInt(lo), uhi: BigInt(hi), slo: -128n, shi: 127n }, 8);
}

export type { Literal } from './byte-domains.js';

/**
 * The top-level conjuncts: Ands split, negated Ors split (De Morgan), negations taken as literals of
 * their operand, true conjuncts left out; null when one is false.
 */
export function flatten(roots: readonly Expr[]): Literal[] | null {
  const out: Literal[] = [];
  const seen = new Set<string>();
  const stack: Literal[] = roots.map((node) => ({ node, positive: true }));
  while (stack.length > 0) {
    const { node: e, positive } = stack.pop()!;
    const key = positive ? `${e.id}` : `!${e.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (e.kind === Kind.Const) {
      if ((e.value === 1n) !== positive) return null;
      continue;
    }
    if (e.kind === Kind.Not) stack.push({ node: e.kids[0]!, positive: !positive });
    else if ((e.kind === Kind.And && positive) || (e.kind === Kind.Or && !positive)) for (const k of e.kids) stack.push({ node: k, positive });
    else out.push({ node: e, positive });
  }
  return out;
}

/**
 * What the conjuncts say about single nodes, by node id: each literal's node is true or false; a
 * comparison with a constant confines the compared node.
 */
function facts(literals: readonly Literal[]): Map<number, Range[]> {
  const out = new Map<number, Range[]>();
  const add = (e: Expr, r: Range): void => {
    if (e.kind === Kind.Const) return;
    const list = out.get(e.id);
    if (list) list.push(r);
    else out.set(e.id, [r]);
  };
  for (const { node, positive } of literals) {
    add(node, positive ? BOOL_TRUE : BOOL_FALSE);
    const fact = comparisonFact(node, !positive);
    if (fact) add(fact[0], fact[1]);
  }
  return out;
}

/**
 * The range a comparison of a node with a constant (negated or not) confines the node to, if any (also
 * word-range.ts's bounds on a word). A negated equality confines nothing (it removes one value).
 */
export function comparisonFact(cmp: Expr, negated: boolean): [Expr, Range] | null {
  if (cmp.kind !== Kind.Eq && cmp.kind !== Kind.Ult && cmp.kind !== Kind.Ule && cmp.kind !== Kind.Slt && cmp.kind !== Kind.Sle) return null;
  const [a, b] = cmp.kids as [Expr, Expr];
  const constLeft = a.kind === Kind.Const;
  if (constLeft === (b.kind === Kind.Const)) return null;
  const x = constLeft ? b : a;
  const k = constLeft ? a.value : b.value;
  const w = x.width;
  if (cmp.kind === Kind.Eq) return negated ? null : [x, exactly(k, w)];
  const signed = cmp.kind === Kind.Slt || cmp.kind === Kind.Sle;
  const kv = signed ? toSigned(k, w) : k;
  const strict = cmp.kind === Kind.Ult || cmp.kind === Kind.Slt;
  // x < k / x <= k, or k < x / k <= x; a negation flips the side and the strictness: not(x < k) is
  // k <= x, not(x <= k) is k < x, not(k < x) is x <= k, not(k <= x) is x < k.
  const upper = !constLeft !== negated;
  const strictNow = negated ? !strict : strict;
  const r = full(w);
  if (upper) {
    const hi = strictNow ? kv - 1n : kv;
    if (signed) r.shi = hi;
    else r.uhi = hi;
  } else {
    const lo = strictNow ? kv + 1n : kv;
    if (signed) r.slo = lo;
    else r.ulo = lo;
  }
  return [x, r];
}

/** The range of `e` with every input byte free and nothing narrowed (for the tests). */
export function rangeOf(e: Expr): Range {
  const walk = new Walk(new Map(), new Map());
  walk.refutes([e]);
  return walk.range(e);
}

/** One bottom-up pass over a query's DAG. */
class Walk {
  private readonly ranges = new Map<number, Range>();
  private empty = false;
  /** Whether every node of the conjuncts was ranged (false past MAX_NODES). */
  complete = false;

  constructor(
    private readonly bytes: ReadonlyMap<ArrayDecl, readonly (Range | undefined)[]>,
    private readonly known: ReadonlyMap<number, Range[]>,
  ) {}

  refutes(conjuncts: readonly Expr[]): boolean {
    const ranges = this.ranges;
    for (const c of conjuncts) {
      postOrder(
        c,
        (n) => ranges.has(n.id) || this.empty || ranges.size > MAX_NODES,
        (n) => {
          const r = this.narrowed(n, this.transfer(n));
          if (isEmpty(r)) this.empty = true;
          ranges.set(n.id, r);
        },
      );
      if (this.empty) return true;
      if (ranges.size > MAX_NODES) return false;
    }
    this.complete = true;
    return false;
  }

  /** `r` narrowed by what the conjuncts say about `n` (a fresh object: transfer results may be shared). */
  private narrowed(n: Expr, r: Range): Range {
    const facts = this.known.get(n.id);
    if (!facts) return r;
    const out = { ...r };
    for (const f of facts) intersect(out, f);
    return isEmpty(out) ? out : tighten(out, n.width);
  }

  range(e: Expr): Range {
    return this.ranges.get(e.id)!;
  }

  private get(e: Expr): Range {
    return this.ranges.get(e.id)!;
  }

  /** The range of `e` from its kids' ranges. */
  private transfer(e: Expr): Range {
    const w = e.width;
    const k = e.kids;
    switch (e.kind) {
      case Kind.Const:
        return exactly(e.value, w);
      case Kind.Read:
        return this.read(e);
      case Kind.Select: {
        const c = this.get(k[0]!);
        if (c.ulo === 1n) return this.get(k[1]!);
        if (c.uhi === 0n) return this.get(k[2]!);
        const t = this.get(k[1]!);
        const f = this.get(k[2]!);
        return { ulo: bmin(t.ulo, f.ulo), uhi: bmax(t.uhi, f.uhi), slo: bmin(t.slo, f.slo), shi: bmax(t.shi, f.shi) };
      }
      case Kind.Concat: {
        const h = this.get(k[0]!);
        const l = this.get(k[1]!);
        const s = BigInt(k[1]!.width);
        return wrapped(w, [(h.ulo << s) + l.ulo, (h.uhi << s) + l.uhi], [(h.slo << s) + l.ulo, (h.shi << s) + l.uhi]);
      }
      case Kind.Extract: {
        const x = this.get(k[0]!);
        const o = BigInt(e.offset);
        return wrapped(w, [x.ulo >> o, x.uhi >> o], [x.slo >> o, x.shi >> o]);
      }
      case Kind.ZExt: {
        const x = this.get(k[0]!);
        return wrapped(w, [x.ulo, x.uhi]);
      }
      case Kind.SExt: {
        const x = this.get(k[0]!);
        return wrapped(w, [x.slo, x.shi]);
      }
      case Kind.Not: {
        // ~x is 2^w - 1 - x unsigned, -x - 1 signed.
        const x = this.get(k[0]!);
        const m = mask(w);
        return wrapped(w, [m - x.uhi, m - x.ulo], [-x.shi - 1n, -x.slo - 1n]);
      }
      case Kind.Add: {
        const [a, b] = [this.get(k[0]!), this.get(k[1]!)];
        return wrapped(w, [a.ulo + b.ulo, a.uhi + b.uhi], [a.slo + b.slo, a.shi + b.shi]);
      }
      case Kind.Sub: {
        const [a, b] = [this.get(k[0]!), this.get(k[1]!)];
        return wrapped(w, [a.ulo - b.uhi, a.uhi - b.ulo], [a.slo - b.shi, a.shi - b.slo]);
      }
      case Kind.Mul: {
        const [a, b] = [this.get(k[0]!), this.get(k[1]!)];
        const p = [a.slo * b.slo, a.slo * b.shi, a.shi * b.slo, a.shi * b.shi];
        return wrapped(w, [a.ulo * b.ulo, a.uhi * b.uhi], [p.reduce(bmin), p.reduce(bmax)]);
      }
      case Kind.UDiv: {
        const [a, b] = [this.get(k[0]!), this.get(k[1]!)];
        if (b.ulo === 0n) return this.exact(e) ?? full(w); // x / 0 is all ones
        return wrapped(w, [a.ulo / b.uhi, a.uhi / b.ulo]);
      }
      case Kind.URem: {
        const [a, b] = [this.get(k[0]!), this.get(k[1]!)];
        if (b.ulo === 0n) return wrapped(w, [0n, a.uhi]); // x % 0 is x; x % y <= x
        if (a.uhi < b.ulo) return a; // x % y is x
        return wrapped(w, [0n, bmin(a.uhi, b.uhi - 1n)]);
      }
      case Kind.And: {
        const [a, b] = [this.get(k[0]!), this.get(k[1]!)];
        if (w === 1) return wrapped(1, [a.ulo & b.ulo, a.uhi & b.uhi]);
        return wrapped(w, [0n, bmin(a.uhi, b.uhi)]);
      }
      case Kind.Or: {
        // max(a, b) <= a | b <= min(a + b, the all-ones value of the wider operand's bit length)
        const [a, b] = [this.get(k[0]!), this.get(k[1]!)];
        const top = bmax(a.uhi, b.uhi);
        const ones = (1n << BigInt(top.toString(2).length)) - 1n;
        return wrapped(w, [bmax(a.ulo, b.ulo), bmin(a.uhi + b.uhi, ones)]);
      }
      case Kind.Xor: {
        const [a, b] = [this.get(k[0]!), this.get(k[1]!)];
        const top = bmax(a.uhi, b.uhi);
        return this.exact(e) ?? wrapped(w, [0n, (1n << BigInt(top.toString(2).length)) - 1n]);
      }
      case Kind.Shl: {
        const [a, s] = [this.get(k[0]!), this.get(k[1]!)];
        if (s.uhi >= BigInt(w)) return s.ulo >= BigInt(w) ? exactly(0n, w) : full(w); // shifted out: 0
        const [s0, s1] = [s.ulo, s.uhi];
        return wrapped(w, [a.ulo << s0, a.uhi << s1], [bmin(a.slo << s0, a.slo << s1), bmax(a.shi << s0, a.shi << s1)]);
      }
      case Kind.LShr: {
        const [a, s] = [this.get(k[0]!), this.get(k[1]!)];
        const bw = BigInt(w);
        return wrapped(w, [a.ulo >> bmin(s.uhi, bw), a.uhi >> bmin(s.ulo, bw)]); // >= w gives 0, as x >> w
      }
      case Kind.AShr: {
        // Monotone in x; in the shift amount decreasing for x >= 0, increasing for x < 0: the extremes
        // are at the corners. A shift of w or more fills with the sign, as one of w - 1.
        const [a, s] = [this.get(k[0]!), this.get(k[1]!)];
        const last = BigInt(w - 1);
        const [s0, s1] = [bmin(s.ulo, last), bmin(s.uhi, last)];
        return wrapped(w, [bmin(a.slo >> s0, a.slo >> s1), bmax(a.shi >> s0, a.shi >> s1)]);
      }
      case Kind.Eq: {
        const [a, b] = [this.get(k[0]!), this.get(k[1]!)];
        const disjoint = a.uhi < b.ulo || b.uhi < a.ulo || a.shi < b.slo || b.shi < a.slo;
        return truth(a.ulo === a.uhi && b.ulo === b.uhi && a.ulo === b.ulo, disjoint);
      }
      case Kind.Ult: {
        const [a, b] = [this.get(k[0]!), this.get(k[1]!)];
        return truth(a.uhi < b.ulo, a.ulo >= b.uhi);
      }
      case Kind.Ule: {
        const [a, b] = [this.get(k[0]!), this.get(k[1]!)];
        return truth(a.uhi <= b.ulo, a.ulo > b.uhi);
      }
      case Kind.Slt: {
        const [a, b] = [this.get(k[0]!), this.get(k[1]!)];
        return truth(a.shi < b.slo, a.slo >= b.shi);
      }
      case Kind.Sle: {
        const [a, b] = [this.get(k[0]!), this.get(k[1]!)];
        return truth(a.shi <= b.slo, a.slo > b.shi);
      }
      default:
        return this.exact(e) ?? full(w); // SDiv, SRem, floating point
    }
  }

  /** The value of an integer operator whose operands are each one known value, or null. */
  private exact(e: Expr): Range | null {
    if (isFloatKind(e.kind) || e.kids.length !== 2) return null;
    const [a, b] = [this.get(e.kids[0]!), this.get(e.kids[1]!)];
    if (a.ulo !== a.uhi || b.ulo !== b.uhi) return null;
    return exactly(evalOp(e.kind, e.width, a.ulo, b.ulo, e.kids[0]!.width), e.width);
  }

  /**
   * A byte read: at a constant index, the byte's own range; at a symbolic one, the hull of the bytes its
   * index can reach. Past the end a constant table reads 0 (the evaluator, and the translation's
   * stores over an all-zero array); a symbolic array's bytes there are free in Z3's array (the
   * evaluator reads 0), so such a read is any byte: an 'unsat' here must be Z3's answer too. Reads
   * through writes are any byte.
   */
  private read(e: Expr): Range {
    const array = e.array!;
    if (e.updates !== null) return full(8);
    const i = this.get(e.kids[0]!);
    // The index is taken modulo 2^32 (evaluate.ts).
    const idx = wrapped(32, [i.ulo, i.uhi]);
    const size = BigInt(array.size);
    if (idx.uhi >= size && array.constantValues === undefined) return full(8);
    if (idx.ulo >= size) return exactly(0n, 8);
    if (idx.uhi - idx.ulo >= BigInt(MAX_READ_SPAN)) return full(8);
    const ranges = this.bytes.get(array);
    let lo = 256;
    let hi = -1;
    if (idx.uhi >= size) lo = hi = 0; // past the end: 0
    const last = Number(bmin(idx.uhi, size - 1n));
    for (let j = Number(idx.ulo); j <= last; j++) {
      let blo: number;
      let bhi: number;
      if (array.constantValues) blo = bhi = array.constantValues[j] ?? 0;
      else {
        const r = ranges?.[j];
        [blo, bhi] = r ? [Number(r.ulo), Number(r.uhi)] : [0, 255];
      }
      if (blo < lo) lo = blo;
      if (bhi > hi) hi = bhi;
    }
    return wrapped(8, [BigInt(lo), BigInt(hi)]);
  }
}
