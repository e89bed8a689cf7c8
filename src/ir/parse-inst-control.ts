// Terminators and exception handling: ret, br, switch, indirectbr, unreachable, resume, landingpad.
// Successor blocks are operands (see Opcode in model.ts).

import { Tok } from './lexer.js';
import { parseType } from './parse-types.js';
import { parseTypedConstant } from './parse-constants.js';
import { parseBlockRef, parseLabel, parseTypedValue, parseValue } from './parse-values.js';
import { makeInst, type InstParser } from './parse-inst-common.js';
import type { Value } from './model.js';
import { VOID, typeToString, typesEqual } from './types.js';

export const parseRet: InstParser = (p, fs, op, pos) => {
  const ret = fs.fn.fnType.ret;
  const tpos = p.here();
  const t = parseType(p);
  if (t.kind === 'void') {
    if (ret.kind !== 'void') throw p.failAt(tpos, `value doesn't match function result type '${typeToString(ret)}'`);
    return makeInst(fs, op, VOID, [], pos);
  }
  const v = parseValue(p, t);
  if (!typesEqual(t, ret)) throw p.failAt(tpos, `value doesn't match function result type '${typeToString(ret)}'`);
  return makeInst(fs, op, VOID, [v], pos);
};

export const parseBr: InstParser = (p, fs, op, pos) => {
  const lx = p.lx;
  if (p.isWord('label')) {
    lx.next();
    return makeInst(fs, op, VOID, [parseBlockRef(p, fs)], pos);
  }
  const cpos = p.here();
  const c = parseTypedValue(p);
  if (c.type.kind !== 'int' || c.type.bits !== 1) throw p.failAt(cpos, `branch condition must have type 'i1', not '${typeToString(c.type)}'`);
  p.expect(Tok.Comma, "','");
  const t = parseLabel(p, fs);
  p.expect(Tok.Comma, "','");
  const f = parseLabel(p, fs);
  return makeInst(fs, op, VOID, [c, t, f], pos);
};

export const parseSwitch: InstParser = (p, fs, op, pos) => {
  const lx = p.lx;
  const cpos = p.here();
  const ty = parseType(p);
  if (ty.kind !== 'int') throw p.failAt(cpos, `switch condition must have integer type, not '${typeToString(ty)}'`);
  const c = parseValue(p, ty);
  p.expect(Tok.Comma, "','");
  const operands: Value[] = [c, parseLabel(p, fs)];
  p.expect(Tok.LBracket, "'['");
  const seen = new Set<bigint>();
  while (lx.tok !== Tok.RBracket) {
    const vpos = p.here();
    const v = parseTypedConstant(p);
    if (v.vk !== 'cint' || !typesEqual(v.type, ty)) throw p.failAt(vpos, `case value is not a constant integer of type '${typeToString(ty)}'`);
    if (seen.has(v.value)) throw p.failAt(vpos, 'duplicate case value in switch');
    seen.add(v.value);
    p.expect(Tok.Comma, "','");
    operands.push(v, parseLabel(p, fs));
  }
  lx.next();
  return makeInst(fs, op, VOID, operands.slice(), pos);
};

export const parseIndirectBr: InstParser = (p, fs, op, pos) => {
  const lx = p.lx;
  const apos = p.here();
  const a = parseTypedValue(p);
  if (a.type.kind !== 'ptr') throw p.failAt(apos, 'indirectbr address must be a pointer');
  p.expect(Tok.Comma, "','");
  p.expect(Tok.LBracket, "'['");
  const operands: Value[] = [a];
  while (lx.tok !== Tok.RBracket) {
    operands.push(parseLabel(p, fs));
    if (lx.tok === Tok.Comma) lx.next();
    else if (lx.tok !== Tok.RBracket) throw p.unexpected("',' or ']'");
  }
  lx.next();
  return makeInst(fs, op, VOID, operands.slice(), pos);
};

export const parseUnreachable: InstParser = (_p, fs, op, pos) => makeInst(fs, op, VOID, [], pos);

export const parseResume: InstParser = (p, fs, op, pos) => makeInst(fs, op, VOID, [parseTypedValue(p)], pos);

/** `landingpad T [cleanup] (catch T c | filter T c)*`; clauses kept as text. */
export const parseLandingPad: InstParser = (p, fs, op, pos) => {
  const lx = p.lx;
  const t = parseType(p);
  const clauses: string[] = [];
  for (;;) {
    const from = lx.start;
    if (p.eatWord('cleanup')) clauses.push('cleanup');
    else if (p.isWord('catch') || p.isWord('filter')) {
      lx.next();
      parseTypedConstant(p);
      clauses.push(lx.text.slice(from, lx.prevEnd));
    } else break;
  }
  if (clauses.length === 0) throw p.unexpected("'cleanup', 'catch' or 'filter'");
  const inst = makeInst(fs, op, t, [], pos);
  inst.clauses = clauses;
  return inst;
};
