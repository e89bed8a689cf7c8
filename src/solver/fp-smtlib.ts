// fp-encode.ts's algebra as SMT-LIB text (for the native z3 process; smtlib.ts calls it). Operands are
// names of let-bound nodes or literals, so repeating one inside a term costs a few characters.

import type { FpAlgebra } from './fp-encode.js';
import { literal } from './smtlib.js';

export const SMTLIB_FP: FpAlgebra<string> = {
  bv: (w, v) => literal(w, v, false),
  fromBits: (x, e, s) => `((_ to_fp ${e} ${s}) ${x})`,
  toBits: (f) => `(fp.to_ieee_bv ${f})`,
  arith: (op, a, b) => `(fp.${op} RNE ${a} ${b})`,
  rem: (a, b) => `(fp.rem ${a} ${b})`,
  abs: (a) => `(fp.abs ${a})`,
  neg: (a) => `(fp.neg ${a})`,
  isNaN: (a) => `(fp.isNaN ${a})`,
  isInfinite: (a) => `(fp.isInfinite ${a})`,
  isZero: (a) => `(fp.isZero ${a})`,
  isNegative: (a) => `(fp.isNegative ${a})`,
  fpEq: (a, b) => `(fp.eq ${a} ${b})`,
  fpLt: (a, b) => `(fp.lt ${a} ${b})`,
  fpLeq: (a, b) => `(fp.leq ${a} ${b})`,
  convert: (a, e, s) => `((_ to_fp ${e} ${s}) RNE ${a})`,
  toSbv: (a, w) => `((_ fp.to_sbv ${w}) RTZ ${a})`,
  fromInt: (x, signed, e, s) => `((_ ${signed ? 'to_fp' : 'to_fp_unsigned'} ${e} ${s}) RNE ${x})`,
  ite: (c, t, e) => `(ite ${c} ${t} ${e})`,
  or: (a, b) => `(or ${a} ${b})`,
  and: (a, b) => `(and ${a} ${b})`,
  not: (a) => `(not ${a})`,
  eq: (a, b) => `(= ${a} ${b})`,
  bvor: (a, b) => `(bvor ${a} ${b})`,
  extract: (hi, lo, x) => `((_ extract ${hi} ${lo}) ${x})`,
  signExtend: (n, x) => `((_ sign_extend ${n}) ${x})`,
};
