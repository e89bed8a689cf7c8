// Positional numerals solved digit by digit (issue 20): from `x == K`, where x is a sum of terms
// with constant weights and each weight exceeds the most all lighter terms together can add (as the
// powers of ten exceed 9 * (the lower powers), with digits of 0..9), the value of every term follows,
// one term at a time from the heaviest, or no value fits at all.
//
// Why: the slowest queries of Coreutils seq (benchmarks/results/solver-bound/README.md, Session 19)
// were strtol-style accumulations `((d0 - 48) * 10 + (d1 - 48)) * 10 ... == 100000000` over nine
// argument bytes, each a digit, with another conjunct saying the last digit is not '0': Z3 took 2-15 s
// on each (a search through 32-bit multiplier circuits), intervals alone do not see the contradiction
// (it lies between the digits, not in any one's range). Solved as a numeral, the equation fixes every
// digit (1, 0, ..., 0), and the byte conjuncts then refute it, or Z3 gets the digits as equalities
// it substitutes at once.
//
// The form of a node is an integer polynomial `offset + Σ weight * term` congruent to the node's
// unsigned value modulo 2^width, each term an unsigned node value whose range the intervals give.
// Where the value is needed exactly (under a zero extension, a concatenation, an extraction) the form
// must lie within one period of 2^width, and is moved into [0, 2^width) by a multiple of it;
// otherwise the node is a term itself. Soundness: the intervals hold every value a node takes in any
// solution, so the form's range does; `x == K` is then an integer equation with one right-hand side
// in that range, and the uniqueness of the digits (the weights' condition) is what makes each
// derived value necessary, not merely possible. Terms that depend on each other do not matter: any
// solution must have these values.

import { Expr, Kind, toSigned } from '../expr/expr.js';
import type { Range } from './intervals.js';

/** `offset + Σ weight * value(term)`, by term node. */
export interface LinearForm {
  readonly terms: ReadonlyMap<Expr, bigint>;
  readonly offset: bigint;
}

/** What `x == K` says about the terms of x's form. */
export type Digits = { readonly kind: 'none' } | { readonly kind: 'unsat' } | { readonly kind: 'values'; readonly values: ReadonlyMap<Expr, bigint> };

/** Most terms a form may have (beyond it the node is a term itself). */
const MAX_TERMS = 64;
/** Deepest nesting a form is built through (beyond it a node is a term itself: no deep recursion). */
const MAX_DEPTH = 200;

/** Forms of the nodes of one query, computed on demand from the intervals' ranges. */
export class LinearForms {
  private readonly forms = new Map<number, LinearForm>();
  private depth = 0;

  constructor(private readonly rangeOf: (e: Expr) => Range) {}

  /**
   * What `x == k` (k unsigned, x's width) implies: the value of each term of x's form, when x has two
   * or more terms that can vary and their weights make the numeral unique; 'unsat' when no values
   * of the terms within their ranges give k; 'none' when the form says nothing.
   */
  solve(x: Expr, k: bigint): Digits {
    const f = this.form(x);
    const varying = [...f.terms].filter(([t]) => this.span(t) > 0n);
    if (varying.length < 2) return { kind: 'none' };
    const [lo, hi] = this.bounds(f);
    const mod = 1n << BigInt(x.width);
    if (hi - lo >= mod) return { kind: 'none' };
    // The one integer in [lo, hi] congruent to k, if any.
    const target = lo + (((k - lo) % mod) + mod) % mod;
    if (target > hi) return { kind: 'unsat' };
    // Each term as its lowest (weight > 0) or highest (weight < 0) value plus |weight| * u, u in 0..span.
    let rest = target - f.offset;
    // (A term of one value is part of the offset.)
    const digits = [...f.terms]
      .map(([term, weight]) => {
        const r = this.rangeOf(term);
        rest -= weight * (weight > 0n ? r.ulo : r.uhi);
        return { term, weight, r, step: weight > 0n ? weight : -weight, span: r.uhi - r.ulo };
      })
      .filter((d) => d.span > 0n);
    digits.sort((a, b) => (a.step > b.step ? -1 : a.step < b.step ? 1 : 0));
    // Unique only if each step exceeds all lighter digits' reach.
    let reach = 0n;
    for (let i = digits.length - 1; i >= 0; i--) {
      const d = digits[i]!;
      if (d.step <= reach) return { kind: 'none' };
      reach += d.step * d.span;
    }
    if (rest < 0n) return { kind: 'unsat' };
    const values = new Map<Expr, bigint>();
    for (const d of digits) {
      const u = rest / d.step;
      if (u > d.span) return { kind: 'unsat' };
      rest -= u * d.step;
      values.set(d.term, d.weight > 0n ? d.r.ulo + u : d.r.uhi - u);
    }
    return rest === 0n ? { kind: 'values', values } : { kind: 'unsat' };
  }

  /** The form of `e`, congruent to its value modulo 2^width. */
  form(e: Expr): LinearForm {
    let f = this.forms.get(e.id);
    if (!f) {
      if (this.depth >= MAX_DEPTH) return term(e);
      this.depth++;
      try {
        f = this.build(e);
      } finally {
        this.depth--;
      }
      if (f.terms.size > MAX_TERMS) f = term(e);
      this.forms.set(e.id, f);
    }
    return f;
  }

  private build(e: Expr): LinearForm {
    const w = e.width;
    const [a, b] = e.kids as [Expr, Expr];
    switch (e.kind) {
      case Kind.Const:
        return { terms: new Map(), offset: e.value };
      case Kind.Add:
        return sum(this.form(a), 1n, this.form(b), 1n);
      case Kind.Sub:
        return sum(this.form(a), 1n, this.form(b), -1n);
      case Kind.Mul:
        // The constant as a signed number: the form's range stays narrow for `x * -10`.
        if (a.kind === Kind.Const) return sum(this.form(b), toSigned(a.value, w), NONE, 0n);
        if (b.kind === Kind.Const) return sum(this.form(a), toSigned(b.value, w), NONE, 0n);
        return term(e);
      case Kind.Shl:
        if (b.kind === Kind.Const && b.value < BigInt(w)) return sum(this.form(a), 1n << b.value, NONE, 0n);
        return term(e);
      case Kind.ZExt:
        return this.exact(a) ?? term(e);
      case Kind.SExt: {
        // The signed value of a: its form moved into [-2^(v-1), 2^(v-1)).
        const half = 1n << BigInt(a.width - 1);
        const f = this.exact(a, -half);
        return f ?? term(e);
      }
      case Kind.Concat: {
        const h = this.exact(a);
        const l = this.exact(b);
        return h && l ? sum(h, 1n << BigInt(b.width), l, 1n) : term(e);
      }
      case Kind.Extract: {
        const f = this.exact(a);
        if (!f) return term(e);
        const [lo, hi] = this.bounds(f);
        const o = BigInt(e.offset);
        if (lo >> o === hi >> o) return { terms: new Map(), offset: (lo >> o) & ((1n << BigInt(w)) - 1n) };
        if (o === 0n && hi < 1n << BigInt(w)) return f; // the value fits: truncation keeps it
        return term(e);
      }
      default:
        return term(e);
    }
  }

  /**
   * The form of `e` equal (not only congruent) to its unsigned value, or with `base` its value taken
   * in [base, base + 2^width): the form moved by a multiple of 2^width into that window, when its
   * range fits one; else null.
   */
  private exact(e: Expr, base = 0n): LinearForm | null {
    const f = this.form(e);
    const [lo, hi] = this.bounds(f);
    const mod = 1n << BigInt(e.width);
    const shift = floorDiv(lo - base, mod) * mod;
    if (hi - shift >= base + mod) return null;
    return shift === 0n ? f : { terms: f.terms, offset: f.offset - shift };
  }

  /** The least and greatest integer the form takes. */
  bounds(f: LinearForm): [bigint, bigint] {
    let lo = f.offset;
    let hi = f.offset;
    for (const [t, weight] of f.terms) {
      const r = this.rangeOf(t);
      if (weight > 0n) [lo, hi] = [lo + weight * r.ulo, hi + weight * r.uhi];
      else [lo, hi] = [lo + weight * r.uhi, hi + weight * r.ulo];
    }
    return [lo, hi];
  }

  private span(t: Expr): bigint {
    const r = this.rangeOf(t);
    return r.uhi - r.ulo;
  }
}

const NONE: LinearForm = { terms: new Map(), offset: 0n };

/** The node as a term of its own. */
function term(e: Expr): LinearForm {
  return { terms: new Map([[e, 1n]]), offset: 0n };
}

/** ka * a + kb * b. */
function sum(a: LinearForm, ka: bigint, b: LinearForm, kb: bigint): LinearForm {
  const terms = new Map<Expr, bigint>();
  for (const [t, w] of a.terms) terms.set(t, w * ka);
  for (const [t, w] of b.terms) terms.set(t, (terms.get(t) ?? 0n) + w * kb);
  for (const [t, w] of terms) if (w === 0n) terms.delete(t);
  return { terms, offset: a.offset * ka + b.offset * kb };
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}
