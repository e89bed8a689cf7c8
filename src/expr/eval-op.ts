// Concrete semantics of each operator on unsigned bigint operands, shared by constant folding and the
// evaluator so the two can never disagree. Results are reduced to the node's width.
//
// Division by zero and shifts by >= width follow SMT-LIB (what Z3 computes), not "poison": the engine
// checks those cases before it builds such a node, so the choice only matters for the solver and the
// evaluator to agree on every input (udiv x 0 = all ones, urem x 0 = x, sdiv x 0 = x<0 ? 1 : -1,
// srem x 0 = x, shl/lshr by >= width = 0, ashr by >= width = sign fill).

import { type Expr, Kind, isFloatKind, mask, toSigned, truncate } from './expr.js';
import { evalFpBinary, evalFpUnary } from './fp-semantics.js';

/**
 * The value of `e`, neither a constant nor a read, from its kids' values (`b` and `c` unused when it has
 * fewer kids): the one place the evaluator (evaluate.ts) and the compiled byte-domain evaluation
 * (solver/byte-domains.ts) take their semantics from.
 */
export function applyNode(e: Expr, a: bigint, b: bigint, c: bigint): bigint {
  switch (e.kind) {
    case Kind.Select:
      return a !== 0n ? b : c;
    case Kind.Concat:
      return (a << BigInt(e.kids[1]!.width)) | b;
    case Kind.Extract:
      return (a >> BigInt(e.offset)) & mask(e.width);
    case Kind.ZExt:
      return a;
    case Kind.SExt:
      return sextValue(a, e.kids[0]!.width, e.width);
    case Kind.Not:
      return a ^ mask(e.width);
    case Kind.FpExt:
    case Kind.FpTrunc:
    case Kind.FpToSI:
    case Kind.FpToUI:
    case Kind.SIToFp:
    case Kind.UIToFp:
      return evalFpUnary(e.kind, e.width, a, e.kids[0]!.width);
    default:
      return evalOp(e.kind, e.width, a, b, e.kids[0]!.width);
  }
}

export function evalOp(kind: Kind, width: number, a: bigint, b: bigint, kidWidth: number): bigint {
  switch (kind) {
    case Kind.Add:
      return truncate(a + b, width);
    case Kind.Sub:
      return truncate(a - b, width);
    case Kind.Mul:
      return truncate(a * b, width);
    case Kind.UDiv:
      return b === 0n ? mask(width) : a / b;
    case Kind.URem:
      return b === 0n ? a : a % b;
    case Kind.SDiv: {
      if (b === 0n) return toSigned(a, width) < 0n ? 1n : mask(width);
      return truncate(toSigned(a, width) / toSigned(b, width), width); // BigInt division truncates toward 0
    }
    case Kind.SRem: {
      if (b === 0n) return a;
      return truncate(toSigned(a, width) % toSigned(b, width), width); // sign follows the dividend
    }
    case Kind.And:
      return a & b;
    case Kind.Or:
      return a | b;
    case Kind.Xor:
      return a ^ b;
    case Kind.Shl:
      return b >= BigInt(width) ? 0n : truncate(a << b, width);
    case Kind.LShr:
      return b >= BigInt(width) ? 0n : a >> b;
    case Kind.AShr: {
      const s = toSigned(a, width);
      return truncate(s >> (b >= BigInt(width) ? BigInt(width - 1) : b), width);
    }
    case Kind.Eq:
      return a === b ? 1n : 0n;
    case Kind.Ult:
      return a < b ? 1n : 0n;
    case Kind.Ule:
      return a <= b ? 1n : 0n;
    case Kind.Slt:
      return toSigned(a, kidWidth) < toSigned(b, kidWidth) ? 1n : 0n;
    case Kind.Sle:
      return toSigned(a, kidWidth) <= toSigned(b, kidWidth) ? 1n : 0n;
    default:
      if (isFloatKind(kind)) return evalFpBinary(kind, width, a, b, kidWidth);
      throw new Error(`evalOp: not a binary operator: ${kind}`);
  }
}

/** Sign-extend a `from`-bit value to `to` bits. */
export function sextValue(v: bigint, from: number, to: number): bigint {
  return truncate(toSigned(v, from), to);
}
