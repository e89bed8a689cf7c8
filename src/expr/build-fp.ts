// Constructors of the floating-point kinds (expr.ts FAdd..UIToFp): width checks, constant folding
// through fp-semantics.ts (the evaluator's own semantics), and LLVM's fcmp predicates in terms of the
// four comparison kinds — as build.ts does for icmp, so the solver sees few shapes.

import { Expr, Kind, intern, internConst, isFloatKind } from './expr.js';
import { evalFpBinary, evalFpUnary } from './fp-semantics.js';
import { notB, orB, TRUE, FALSE } from './build.js';

function floatWidth(op: string, e: Expr): void {
  if (e.width !== 32 && e.width !== 64) throw new Error(`${op}: a float operand must be 32 or 64 bits, not ${e.width}`);
}

/** FAdd..FRem: a op b, both float (32) or both double (64). */
export function fpArith(kind: Kind, a: Expr, b: Expr): Expr {
  floatWidth('fp arithmetic', a);
  if (a.width !== b.width) throw new Error(`fp arithmetic: width mismatch ${a.width} vs ${b.width}`);
  if (a.isConst && b.isConst) return internConst(a.width, evalFpBinary(kind, a.width, a.value, b.value, a.width));
  return intern(kind, a.width, [a, b]);
}

/** FOeq, FOlt, FOle, FUno (width 1). */
export function fpCompare(kind: Kind, a: Expr, b: Expr): Expr {
  floatWidth('fp comparison', a);
  if (a.width !== b.width) throw new Error(`fp comparison: width mismatch ${a.width} vs ${b.width}`);
  if (a.isConst && b.isConst) return internConst(1, evalFpBinary(kind, 1, a.value, b.value, a.width));
  // The symmetric kinds get one operand order, so `x == y` and `y == x` are one node.
  if ((kind === Kind.FOeq || kind === Kind.FUno) && b.id < a.id) [a, b] = [b, a];
  return intern(kind, 1, [a, b]);
}

/** FpExt, FpTrunc, FpToSI, FpToUI, SIToFp, UIToFp of `a` to `width` bits. */
export function fpConvert(kind: Kind, a: Expr, width: number): Expr {
  switch (kind) {
    case Kind.FpExt:
      if (a.width !== 32 || width !== 64) throw new Error(`fpext: ${a.width} -> ${width} bits, expected 32 -> 64`);
      break;
    case Kind.FpTrunc:
      if (a.width !== 64 || width !== 32) throw new Error(`fptrunc: ${a.width} -> ${width} bits, expected 64 -> 32`);
      break;
    case Kind.FpToSI:
    case Kind.FpToUI:
      floatWidth('fptoi', a);
      // width 1 is a Bool to the solver; the encoding gives bit-vectors (the engine concretises i1)
      if (width < 2 && !a.isConst) throw new Error(`fptoi: a symbolic result must be 2 bits or more, not ${width}`);
      break;
    case Kind.SIToFp:
    case Kind.UIToFp:
      if (width !== 32 && width !== 64) throw new Error(`itofp: result must be 32 or 64 bits, not ${width}`);
      break;
    default:
      throw new Error(`fpConvert: not a conversion: ${kind}`);
  }
  if (a.isConst) return internConst(width, evalFpUnary(kind, width, a.value, a.width));
  return intern(kind, width, [a]);
}

/** LLVM's `fcmp <pred> a, b` (width 1). */
export function fcmp(pred: string, a: Expr, b: Expr): Expr {
  switch (pred) {
    case 'false': return FALSE;
    case 'true': return TRUE;
    case 'oeq': return fpCompare(Kind.FOeq, a, b);
    case 'ogt': return fpCompare(Kind.FOlt, b, a);
    case 'oge': return fpCompare(Kind.FOle, b, a);
    case 'olt': return fpCompare(Kind.FOlt, a, b);
    case 'ole': return fpCompare(Kind.FOle, a, b);
    case 'one': return orB(fpCompare(Kind.FOlt, a, b), fpCompare(Kind.FOlt, b, a));
    case 'ord': return notB(fpCompare(Kind.FUno, a, b));
    case 'ueq': return notB(fcmp('one', a, b));
    case 'ugt': return notB(fpCompare(Kind.FOle, a, b));
    case 'uge': return notB(fpCompare(Kind.FOlt, a, b));
    case 'ult': return notB(fpCompare(Kind.FOle, b, a));
    case 'ule': return notB(fpCompare(Kind.FOlt, b, a));
    case 'une': return notB(fpCompare(Kind.FOeq, a, b));
    case 'uno': return fpCompare(Kind.FUno, a, b);
    default: throw new Error(`unknown fcmp predicate ${pred}`);
  }
}

/** Any floating-point kind over `kids` (build.ts make's share). */
export function fpMake(kind: Kind, width: number, kids: readonly Expr[]): Expr {
  if (!isFloatKind(kind)) throw new Error(`fpMake: not a floating-point kind: ${kind}`);
  if (kind <= Kind.FRem) return fpArith(kind, kids[0]!, kids[1]!);
  if (kind <= Kind.FUno) return fpCompare(kind, kids[0]!, kids[1]!);
  return fpConvert(kind, kids[0]!, width);
}
