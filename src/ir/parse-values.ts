// Operands inside a function body: local values (`%x`, resolved through the function's names, or a
// placeholder when defined later), blocks (`label %bb`), metadata operands of llvm.dbg.* calls (kept
// as text), and constants. The type written in front of an operand is checked against the type the
// referenced value was defined with.

import { Tok } from './lexer.js';
import { quoteName, type FunctionState, type ParseContext } from './parse-context.js';
import { parseType } from './parse-types.js';
import { parseConstant } from './parse-constants.js';
import type { BasicBlock, MetadataValue, Value } from './model.js';
import { METADATA, typeToString, typesEqual, type Type } from './types.js';

export function parseValue(p: ParseContext, ty: Type): Value {
  const lx = p.lx;
  const t = lx.tok;
  if (ty.kind === 'metadata') return parseMetadataOperand(p);
  if (t === Tok.LocalVar || t === Tok.LocalId) {
    const fs = p.fs;
    if (!fs) throw p.fail(`local value '%${quoteName(lx.str)}' used outside a function body`);
    return ty.kind === 'label' ? parseBlockRef(p, fs) : localRef(p, fs, ty);
  }
  if (ty.kind === 'label') throw p.unexpected('a basic block name');
  if (!startsConstant(t)) throw p.unexpected('a value');
  return parseConstant(p, ty);
}

function startsConstant(t: number): boolean {
  return (
    t === Tok.Integer || t === Tok.HexInt || t === Tok.Float || t === Tok.HexFloat || t === Tok.GlobalVar ||
    t === Tok.GlobalId || t === Tok.CString || t === Tok.LBracket || t === Tok.LBrace || t === Tok.Less || t === Tok.Ident
  );
}

/** `T v` */
export function parseTypedValue(p: ParseContext): Value {
  return parseValue(p, parseType(p));
}

/** `%bb` (the `label` keyword already read). */
export function parseBlockRef(p: ParseContext, fs: FunctionState): BasicBlock {
  const lx = p.lx;
  if (lx.tok !== Tok.LocalVar && lx.tok !== Tok.LocalId) throw p.unexpected('a basic block name');
  const b = p.blockRef(fs, lx.str);
  lx.next();
  return b;
}

/** `label %bb` */
export function parseLabel(p: ParseContext, fs: FunctionState): BasicBlock {
  p.expectWord('label');
  return parseBlockRef(p, fs);
}

function localRef(p: ParseContext, fs: FunctionState, ty: Type): Value {
  const lx = p.lx;
  const name = lx.str;
  const v = fs.values.get(name);
  if (v !== undefined) {
    if (v.type !== ty && !typesEqual(v.type, ty)) throw mismatch(p, name, v.type, ty);
    lx.next();
    return v;
  }
  let ph = fs.fwd.get(name);
  if (ph) {
    if (ph.type !== ty && !typesEqual(ph.type, ty)) throw mismatch(p, name, ty, ph.type);
  } else {
    if (fs.blocks.has(name)) throw mismatch(p, name, fs.blocks.get(name)!.type, ty);
    if (ty.kind === 'void' || ty.kind === 'function') throw p.fail(`invalid type '${typeToString(ty)}' for a value`);
    ph = { vk: 'fwd', type: ty, name, pos: p.pos() };
    fs.fwd.set(name, ph);
  }
  lx.next();
  return ph as unknown as Value;
}

function mismatch(p: ParseContext, name: string, defined: Type, expected: Type) {
  return p.fail(`'%${quoteName(name)}' defined with type '${typeToString(defined)}' but expected '${typeToString(expected)}'`);
}


/** A `metadata` operand: its text, up to the next `,` or `)`. */
function parseMetadataOperand(p: ParseContext): MetadataValue {
  const text = p.lx.skipOperandText();
  if (text === '') throw p.unexpected('a metadata operand');
  return { vk: 'metadata', type: METADATA, text };
}
