// Value-computing instructions: integer and floating-point arithmetic, comparisons, casts, select,
// freeze, phi, aggregate and vector element access, va_arg.

import { Tok } from './lexer.js';
import type { Offset, ParseContext } from './parse-context.js';
import { parseType } from './parse-types.js';
import { parseBlockRef, parseTypedValue, parseValue } from './parse-values.js';
import { makeInst, skipFastMath, type InstParser } from './parse-inst-common.js';
import { InstFlag, type BasicBlock, type Constant, type TextPos, type Value } from './model.js';
import {
  FCMP_PREDICATES,
  FP_BINARY,
  ICMP_PREDICATES,
  aggregateIndexType,
  castError,
  cmpResultType,
  operandTypeError,
  shuffleMask,
  shuffleResultType,
} from './typing.js';
import { typeToString, typesEqual } from './types.js';

function parseIntFlags(p: ParseContext, op: string): number {
  const lx = p.lx;
  let flags = 0;
  while (lx.tok === Tok.Ident) {
    const w = lx.str;
    if ((w === 'nuw' || w === 'nsw') && (op === 'add' || op === 'sub' || op === 'mul' || op === 'shl' || op === 'trunc'))
      flags |= w === 'nuw' ? InstFlag.NUW : InstFlag.NSW;
    else if (w === 'exact' && (op === 'udiv' || op === 'sdiv' || op === 'lshr' || op === 'ashr')) flags |= InstFlag.Exact;
    else if (w === 'disjoint' && op === 'or') flags |= InstFlag.Disjoint;
    else if (w === 'nneg' && (op === 'zext' || op === 'uitofp')) flags |= InstFlag.NNeg;
    else if (w === 'samesign' && op === 'icmp') flags |= InstFlag.SameSign;
    else break;
    lx.next();
  }
  return flags;
}

export const parseBinary: InstParser = (p, fs, op, pos) => {
  const lx = p.lx;
  let flags = 0;
  if (FP_BINARY.has(op) || op === 'fneg') skipFastMath(p);
  else flags = parseIntFlags(p, op);
  const tpos = p.here();
  const ty = parseType(p);
  const a = parseValue(p, ty);
  let operands: Value[];
  if (op !== 'fneg') {
    if (lx.tok !== Tok.Comma) throw p.unexpected("','");
    lx.next();
    operands = [a, parseValue(p, ty)];
  } else operands = [a];
  const err = operandTypeError(op, ty);
  if (err) throw p.failAt(tpos, err);
  const inst = makeInst(fs, op, ty, operands, pos);
  inst.flags = flags;
  return inst;
};

export const parseCompare: InstParser = (p, fs, op, pos) => {
  const lx = p.lx;
  const flags = op === 'icmp' ? parseIntFlags(p, op) : 0;
  if (op === 'fcmp') skipFastMath(p);
  const pred = lx.tok === Tok.Ident ? (op === 'icmp' ? ICMP_PREDICATES : FCMP_PREDICATES).get(lx.str) : undefined;
  if (pred === undefined) throw p.unexpected(`an ${op} predicate`);
  lx.next();
  const tpos = p.here();
  const ty = parseType(p);
  const a = parseValue(p, ty);
  p.expect(Tok.Comma, "','");
  const b = parseValue(p, ty);
  const err = operandTypeError(op, ty);
  if (err) throw p.failAt(tpos, err);
  const inst = makeInst(fs, op, cmpResultType(ty), [a, b], pos);
  inst.predicate = pred;
  inst.flags = flags;
  return inst;
};

export const parseCast: InstParser = (p, fs, op, pos) => {
  const flags = parseIntFlags(p, op);
  if (op === 'fptrunc' || op === 'fpext' || op === 'uitofp' || op === 'sitofp') skipFastMath(p);
  const v = parseTypedValue(p);
  p.expectWord('to');
  const tpos = p.here();
  const dst = parseType(p);
  const err = castError(op, v.type, dst);
  if (err) throw p.failAt(tpos, err);
  const inst = makeInst(fs, op, dst, [v], pos);
  inst.flags = flags;
  return inst;
};

export const parseSelect: InstParser = (p, fs, op, pos) => {
  skipFastMath(p);
  const cpos = p.here();
  const c = parseTypedValue(p);
  p.expect(Tok.Comma, "','");
  const a = parseTypedValue(p);
  p.expect(Tok.Comma, "','");
  const bpos = p.here();
  const b = parseTypedValue(p);
  const ct = c.type.kind === 'vector' ? c.type.elem : c.type;
  if (ct.kind !== 'int' || ct.bits !== 1) throw p.failAt(cpos, `select condition must be i1 or <N x i1>, not '${typeToString(c.type)}'`);
  if (!typesEqual(a.type, b.type)) throw p.failAt(bpos, `select values have different types: '${typeToString(a.type)}' and '${typeToString(b.type)}'`);
  return makeInst(fs, op, a.type, [c, a, b], pos);
};

export const parseFreeze: InstParser = (p, fs, op, pos) => {
  const v = parseTypedValue(p);
  return makeInst(fs, op, v.type, [v], pos);
};

export const parsePhi: InstParser = (p, fs, op, pos) => {
  const lx = p.lx;
  skipFastMath(p);
  const ty = parseType(p);
  if (ty.kind === 'void' || ty.kind === 'label' || ty.kind === 'metadata' || ty.kind === 'function') throw p.fail('phi node must have first class type');
  const operands: Value[] = [];
  const blocks: BasicBlock[] = [];
  for (;;) {
    p.expect(Tok.LBracket, "'['");
    operands.push(parseValue(p, ty));
    p.expect(Tok.Comma, "','");
    blocks.push(parseBlockRef(p, fs));
    p.expect(Tok.RBracket, "']'");
    if (lx.tok !== Tok.Comma) break;
    lx.next();
    if (lx.tok === Tok.MetaVar) {
      p.ateExtraComma = true;
      break;
    }
  }
  const inst = makeInst(fs, op, ty, operands.slice(), pos);
  inst.incomingBlocks = blocks.slice();
  return inst;
};

/** `, N, N` constant indices of extractvalue/insertvalue. */
function parseIndices(p: ParseContext): number[] {
  const lx = p.lx;
  const out: number[] = [];
  while (lx.tok === Tok.Comma) {
    lx.next();
    if (lx.tok === Tok.MetaVar) {
      p.ateExtraComma = true;
      break;
    }
    out.push(p.parseUInt('an index'));
  }
  return out.slice();
}

export const parseExtractValue: InstParser = (p, fs, op, pos) => {
  const apos = p.here();
  const agg = parseTypedValue(p);
  const indices = parseIndices(p);
  const t = aggregateIndexType(agg.type, indices, op);
  if (typeof t === 'string') throw p.failAt(apos, t);
  const inst = makeInst(fs, op, t, [agg], pos);
  inst.indices = indices;
  return inst;
};

export const parseInsertValue: InstParser = (p, fs, op, pos) => {
  const apos = p.here();
  const agg = parseTypedValue(p);
  p.expect(Tok.Comma, "','");
  const v = parseTypedValue(p);
  const indices = parseIndices(p);
  const t = aggregateIndexType(agg.type, indices, op);
  if (typeof t === 'string') throw p.failAt(apos, t);
  if (!typesEqual(t, v.type)) throw p.failAt(apos, `insertvalue operand and field disagree in type: '${typeToString(v.type)}' instead of '${typeToString(t)}'`);
  const inst = makeInst(fs, op, agg.type, [agg, v], pos);
  inst.indices = indices;
  return inst;
};

function requireVector(p: ParseContext, v: Value, at: TextPos | Offset, op: string): void {
  if (v.type.kind !== 'vector') throw p.failAt(at, `${op} requires a vector operand, not '${typeToString(v.type)}'`);
}

function requireIntIndex(p: ParseContext, v: Value, at: TextPos | Offset): void {
  if (v.type.kind !== 'int') throw p.failAt(at, `vector index must be an integer, not '${typeToString(v.type)}'`);
}

export const parseExtractElement: InstParser = (p, fs, op, pos) => {
  const vpos = p.here();
  const v = parseTypedValue(p);
  p.expect(Tok.Comma, "','");
  const ipos = p.here();
  const i = parseTypedValue(p);
  if (v.type.kind !== 'vector') throw p.failAt(vpos, `${op} requires a vector operand, not '${typeToString(v.type)}'`);
  requireIntIndex(p, i, ipos);
  return makeInst(fs, op, v.type.elem, [v, i], pos);
};

export const parseInsertElement: InstParser = (p, fs, op, pos) => {
  const vpos = p.here();
  const v = parseTypedValue(p);
  p.expect(Tok.Comma, "','");
  const epos = p.here();
  const e = parseTypedValue(p);
  p.expect(Tok.Comma, "','");
  const ipos = p.here();
  const i = parseTypedValue(p);
  requireVector(p, v, vpos, op);
  if (v.type.kind === 'vector' && !typesEqual(v.type.elem, e.type)) throw p.failAt(epos, `insertelement element of type '${typeToString(e.type)}' into '${typeToString(v.type)}'`);
  requireIntIndex(p, i, ipos);
  return makeInst(fs, op, v.type, [v, e, i], pos);
};

export const parseShuffleVector: InstParser = (p, fs, op, pos) => {
  const vpos = p.here();
  const a = parseTypedValue(p);
  p.expect(Tok.Comma, "','");
  const bpos = p.here();
  const b = parseTypedValue(p);
  p.expect(Tok.Comma, "','");
  const mpos = p.here();
  const m = parseTypedValue(p);
  requireVector(p, a, vpos, op);
  if (!typesEqual(a.type, b.type)) throw p.failAt(bpos, 'shufflevector operands must have the same type');
  const isConst = m.vk === 'caggr' || m.vk === 'czero' || m.vk === 'cundef' || m.vk === 'cpoison';
  const mask = isConst ? shuffleMask(m as Constant) : 'shufflevector mask must be a constant';
  if (typeof mask === 'string') throw p.failAt(mpos, mask);
  const t = shuffleResultType(a.type, mask.length);
  if (typeof t === 'string') throw p.failAt(vpos, t);
  const inst = makeInst(fs, op, t, [a, b], pos);
  inst.mask = mask;
  return inst;
};

export const parseVaArg: InstParser = (p, fs, op, pos) => {
  const vpos = p.here();
  const v = parseTypedValue(p);
  p.expect(Tok.Comma, "','");
  const t = parseType(p);
  if (v.type.kind !== 'ptr') throw p.failAt(vpos, 'va_arg operand must be a pointer');
  return makeInst(fs, op, t, [v], pos);
};
