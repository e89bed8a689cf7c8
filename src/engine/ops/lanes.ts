// Helpers shared by the instruction families: integer widths of types, the symbolic fallback of a
// binary operation, and lane-wise lifting of scalar operations to vectors.

import type { Expr } from '../../expr/expr.js';
import type { Type } from '../../ir/types.js';
import { norm, toExpr, type Scalar, type Val } from '../values.js';

/** Bit width of an integer, pointer, or float type (or of a vector's elements). */
export function bitWidth(t: Type): number {
  switch (t.kind) {
    case 'int':
      return t.bits;
    case 'ptr':
      return 64;
    case 'vector':
      return bitWidth(t.elem);
    case 'float':
      switch (t.name) {
        case 'half':
        case 'bfloat':
          return 16;
        case 'float':
          return 32;
        case 'double':
          return 64;
        case 'x86_fp80':
          return 80;
        default:
          return 128;
      }
    default:
      throw new Error(`no bit width for ${t.kind}`);
  }
}

export type ScalarBin = (x: Scalar, y: Scalar) => Scalar;

/** A binary operation: concrete function on bigints, symbolic builder on expressions. */
export function mixedBinary(w: number, conc: (x: bigint, y: bigint) => bigint, sym: (a: Expr, b: Expr) => Expr): ScalarBin {
  return (x, y) => (typeof x === 'bigint' && typeof y === 'bigint' ? conc(x, y) : norm(sym(toExpr(x, w), toExpr(y, w))));
}

/** Lifts a scalar binary operation to vectors (arrays of lanes). */
export function lanes2(f: (x: Scalar, y: Scalar) => Val): (x: Val, y: Val) => Val {
  return (x, y) => (x as Val[]).map((xi, i) => f(xi as Scalar, (y as Val[])[i] as Scalar));
}

export function lanes1(f: (x: Scalar) => Val): (x: Val) => Val {
  return (x) => (x as Val[]).map((xi) => f(xi as Scalar));
}
