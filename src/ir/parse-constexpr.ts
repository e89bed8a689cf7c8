// Constant expressions: `OP (operands)` with the operand layout of the instruction of the same
// opcode. LLVM 19 prints only casts, getelementptr and a few arithmetic ops, but clang-14 output and
// hand-written IR use the older ones too (icmp, select, zext, …), so all are accepted.

import { Tok } from './lexer.js';
import type { Offset, ParseContext } from './parse-context.js';
import { parseType } from './parse-types.js';
import { parseConstant, parseTypedConstant } from './parse-constants.js';
import { InstFlag, type Constant, type ConstExpr, type Opcode } from './model.js';
import {
  CASTS,
  FCMP_PREDICATES,
  FP_BINARY,
  ICMP_PREDICATES,
  INT_BINARY,
  aggregateIndexType,
  castError,
  cmpResultType,
  gepResultType,
  operandTypeError,
  shuffleMask,
  shuffleResultType,
} from './typing.js';
import { typeToString, typesEqual, type Type } from './types.js';
import { vocabulary } from './vocabulary.js';

/** Constant expression keywords, mapped to their canonical strings (vocabulary.ts). */
export const CONST_EXPR_OPS = vocabulary([
  ...CASTS, ...INT_BINARY, ...FP_BINARY, 'fneg', 'icmp', 'fcmp', 'getelementptr', 'select',
  'extractelement', 'insertelement', 'shufflevector', 'extractvalue', 'insertvalue',
]);

function cexpr(op: string, type: Type, operands: Constant[], extra?: Partial<ConstExpr>): ConstExpr {
  return { vk: 'cexpr', type, op: op as Opcode, operands, ...extra };
}

/** With the current token the opcode keyword `op`. */
export function parseConstExpr(p: ParseContext, op: string): ConstExpr {
  const lx = p.lx;
  const at = p.here();
  lx.next();
  if (CASTS.has(op)) {
    p.expect(Tok.LParen, "'('");
    const v = parseTypedConstant(p);
    p.expectWord('to');
    const dst = parseType(p);
    p.expect(Tok.RParen, "')'");
    const err = castError(op, v.type, dst);
    if (err) throw p.failAt(at, err);
    return cexpr(op, dst, [v]);
  }
  if (INT_BINARY.has(op) || FP_BINARY.has(op) || op === 'fneg') {
    let flags = 0;
    for (;;) {
      if (p.eatWord('nuw')) flags |= InstFlag.NUW;
      else if (p.eatWord('nsw')) flags |= InstFlag.NSW;
      else if (p.eatWord('exact')) flags |= InstFlag.Exact;
      else if (p.eatWord('disjoint')) flags |= InstFlag.Disjoint;
      else break;
    }
    p.expect(Tok.LParen, "'('");
    const a = parseTypedConstant(p);
    const ops = [a];
    if (op !== 'fneg') {
      p.expect(Tok.Comma, "','");
      ops.push(parseConstant(p, parseSameType(p, a.type)));
    }
    p.expect(Tok.RParen, "')'");
    const err = operandTypeError(op, a.type);
    if (err) throw p.failAt(at, err);
    return cexpr(op, a.type, ops, flags ? { flags } : undefined);
  }
  switch (op) {
    case 'icmp':
    case 'fcmp': {
      const pred = lx.tok === Tok.Ident ? (op === 'icmp' ? ICMP_PREDICATES : FCMP_PREDICATES).get(lx.str) : undefined;
      if (pred === undefined) throw p.unexpected(`an ${op} predicate`);
      lx.next();
      p.expect(Tok.LParen, "'('");
      const a = parseTypedConstant(p);
      p.expect(Tok.Comma, "','");
      const b = parseConstant(p, parseSameType(p, a.type));
      p.expect(Tok.RParen, "')'");
      const err = operandTypeError(op, a.type);
      if (err) throw p.failAt(at, err);
      return cexpr(op, cmpResultType(a.type), [a, b], { predicate: pred });
    }
    case 'select': {
      p.expect(Tok.LParen, "'('");
      const c = parseTypedConstant(p);
      p.expect(Tok.Comma, "','");
      const a = parseTypedConstant(p);
      p.expect(Tok.Comma, "','");
      const b = parseConstant(p, parseSameType(p, a.type));
      p.expect(Tok.RParen, "')'");
      if (c.type.kind !== 'int' || c.type.bits !== 1) throw p.failAt(at, 'select condition must be i1');
      return cexpr(op, a.type, [c, a, b]);
    }
    case 'getelementptr':
      return parseGepExpr(p, at);
    case 'extractelement':
    case 'insertelement':
    case 'shufflevector':
      return parseVectorExpr(p, op, at);
    case 'extractvalue':
    case 'insertvalue': {
      p.expect(Tok.LParen, "'('");
      const agg = parseTypedConstant(p);
      const ops = [agg];
      if (op === 'insertvalue') {
        p.expect(Tok.Comma, "','");
        ops.push(parseTypedConstant(p));
      }
      const indices: number[] = [];
      while (p.eat(Tok.Comma)) indices.push(p.parseUInt('an index'));
      p.expect(Tok.RParen, "')'");
      const t = aggregateIndexType(agg.type, indices, op);
      if (typeof t === 'string') throw p.failAt(at, t);
      if (op === 'insertvalue' && !typesEqual(t, ops[1]!.type)) throw p.failAt(at, 'insertvalue operand and field disagree in type');
      return cexpr(op, op === 'extractvalue' ? t : agg.type, ops);
    }
  }
  throw p.failAt(at, `unknown constant expression '${op}'`);
}

/** Parses the type of a second operand, which must equal the first's. */
function parseSameType(p: ParseContext, t: Type): Type {
  const tpos = p.here();
  const u = parseType(p);
  if (!typesEqual(t, u)) throw p.failAt(tpos, `operand types differ: '${typeToString(t)}' and '${typeToString(u)}'`);
  return u;
}

function parseGepExpr(p: ParseContext, at: Offset): ConstExpr {
  const lx = p.lx;
  let flags = 0;
  for (;;) {
    if (p.eatWord('inbounds')) flags |= InstFlag.InBounds;
    else if (p.eatWord('nuw')) flags |= InstFlag.NUW;
    else if (p.eatWord('nusw')) continue;
    else if (p.isWord('inrange')) skipInrange(p);
    else break;
  }
  p.expect(Tok.LParen, "'('");
  const src = parseType(p);
  p.expect(Tok.Comma, "','");
  const base = parseTypedConstant(p);
  const indices: Constant[] = [];
  while (lx.tok === Tok.Comma) {
    lx.next();
    if (p.isWord('inrange')) skipInrange(p); // the pre-LLVM-19 form precedes an index
    indices.push(parseTypedConstant(p));
  }
  p.expect(Tok.RParen, "')'");
  const t = gepResultType(src, base, indices);
  if (typeof t === 'string') throw p.failAt(at, t);
  return cexpr('getelementptr', t, [base, ...indices], { sourceElemType: src, flags });
}

/** `inrange` or `inrange(a, b)`: a vtable hint, dropped. */
function skipInrange(p: ParseContext): void {
  p.lx.next();
  if (p.lx.tok === Tok.LParen) p.lx.skipBalanced();
}

function parseVectorExpr(p: ParseContext, op: string, at: Offset): ConstExpr {
  p.expect(Tok.LParen, "'('");
  const ops = [parseTypedConstant(p)];
  const n = op === 'extractelement' ? 2 : 3;
  while (ops.length < n) {
    p.expect(Tok.Comma, "','");
    ops.push(parseTypedConstant(p));
  }
  p.expect(Tok.RParen, "')'");
  const v = ops[0]!;
  if (v.type.kind !== 'vector') throw p.failAt(at, `${op} requires a vector operand`);
  if (op === 'extractelement') return cexpr(op, v.type.elem, ops);
  if (op === 'insertelement') {
    if (!typesEqual(ops[1]!.type, v.type.elem)) throw p.failAt(at, 'insertelement element type does not match the vector');
    return cexpr(op, v.type, ops);
  }
  const mask = shuffleMask(ops[2]!);
  if (typeof mask === 'string') throw p.failAt(at, mask);
  const t = shuffleResultType(v.type, mask.length);
  if (typeof t === 'string') throw p.failAt(at, t);
  return cexpr(op, t, ops);
}
