// fp-encode.ts's algebra as Z3 C-API terms (the wasm back end, z3-wasm.ts). Every term made is kept
// with `keep` (inc_ref), as the back end does for its other intermediate terms.

import type { FpAlgebra } from './fp-encode.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Ast = any;

export function z3ApiFpAlgebra(Z3: any, ctx: any, keep: (a: Ast) => Ast, bvSort: (width: number) => Ast): FpAlgebra<Ast> {
  const sorts = new Map<string, Ast>();
  const fpSort = (e: number, s: number): Ast => {
    const key = `${e}_${s}`;
    let t = sorts.get(key);
    if (t === undefined) sorts.set(key, (t = keep(Z3.mk_fpa_sort(ctx, e, s))));
    return t;
  };
  const rne = keep(Z3.mk_fpa_rne(ctx));
  const rtz = keep(Z3.mk_fpa_rtz(ctx));
  const k = keep;
  return {
    bv: (w, v) => k(w <= 64 ? Z3.mk_unsigned_int64(ctx, v, bvSort(w)) : Z3.mk_numeral(ctx, v.toString(), bvSort(w))),
    fromBits: (x, e, s) => k(Z3.mk_fpa_to_fp_bv(ctx, x, fpSort(e, s))),
    toBits: (f) => k(Z3.mk_fpa_to_ieee_bv(ctx, f)),
    arith: (op, a, b) => {
      switch (op) {
        case 'add': return k(Z3.mk_fpa_add(ctx, rne, a, b));
        case 'sub': return k(Z3.mk_fpa_sub(ctx, rne, a, b));
        case 'mul': return k(Z3.mk_fpa_mul(ctx, rne, a, b));
        default: return k(Z3.mk_fpa_div(ctx, rne, a, b));
      }
    },
    rem: (a, b) => k(Z3.mk_fpa_rem(ctx, a, b)),
    abs: (a) => k(Z3.mk_fpa_abs(ctx, a)),
    neg: (a) => k(Z3.mk_fpa_neg(ctx, a)),
    isNaN: (a) => k(Z3.mk_fpa_is_nan(ctx, a)),
    isInfinite: (a) => k(Z3.mk_fpa_is_infinite(ctx, a)),
    isZero: (a) => k(Z3.mk_fpa_is_zero(ctx, a)),
    isNegative: (a) => k(Z3.mk_fpa_is_negative(ctx, a)),
    fpEq: (a, b) => k(Z3.mk_fpa_eq(ctx, a, b)),
    fpLt: (a, b) => k(Z3.mk_fpa_lt(ctx, a, b)),
    fpLeq: (a, b) => k(Z3.mk_fpa_leq(ctx, a, b)),
    convert: (a, e, s) => k(Z3.mk_fpa_to_fp_float(ctx, rne, a, fpSort(e, s))),
    toSbv: (a, w) => k(Z3.mk_fpa_to_sbv(ctx, rtz, a, w)),
    fromInt: (x, signed, e, s) => k(signed ? Z3.mk_fpa_to_fp_signed(ctx, rne, x, fpSort(e, s)) : Z3.mk_fpa_to_fp_unsigned(ctx, rne, x, fpSort(e, s))),
    ite: (c, t, e) => k(Z3.mk_ite(ctx, c, t, e)),
    or: (a, b) => k(Z3.mk_or(ctx, [a, b])),
    and: (a, b) => k(Z3.mk_and(ctx, [a, b])),
    not: (a) => k(Z3.mk_not(ctx, a)),
    eq: (a, b) => k(Z3.mk_eq(ctx, a, b)),
    bvor: (a, b) => k(Z3.mk_bvor(ctx, a, b)),
    extract: (hi, lo, x) => k(Z3.mk_extract(ctx, hi, lo, x)),
    signExtend: (n, x) => k(Z3.mk_sign_ext(ctx, n, x)),
  };
}
