// Constants of a known type: literals, aggregates, strings, global addresses, blockaddress and the
// constant expressions (nested casts, getelementptr, arithmetic, comparisons) of global initializers
// and operands. Every constant is checked against the type the text gives it.

import { Tok } from './lexer.js';
import { quoteName, type ParseContext } from './parse-context.js';
import { parseType, ptrType } from './parse-types.js';
import { constInt } from './build.js';
import { doubleToFormat, hexLiteralBits, isExactIn } from './float-bits.js';
import { parseConstExpr, CONST_EXPR_OPS } from './parse-constexpr.js';
import type { BlockAddress, Constant, ConstAggregate, Func } from './model.js';
import { typeToString, typesEqual, type FloatType, type IntType, type Type } from './types.js';

/** `T c` */
export function parseTypedConstant(p: ParseContext): Constant {
  const t = parseType(p);
  return parseConstant(p, t);
}

export function parseConstant(p: ParseContext, ty: Type): Constant {
  const lx = p.lx;
  switch (lx.tok) {
    case Tok.Integer:
    case Tok.HexInt:
      return parseIntLiteral(p, ty);
    case Tok.Float:
    case Tok.HexFloat:
      return parseFloatLiteral(p, ty);
    case Tok.GlobalVar:
    case Tok.GlobalId: {
      const at = p.here();
      const g = p.globalRef(lx.str);
      if (ty.kind !== 'ptr') throw p.failAt(at, `'@${quoteName(lx.str)}' defined with type 'ptr' but expected '${typeToString(ty)}'`);
      lx.next();
      return g;
    }
    case Tok.CString:
      return parseCString(p, ty);
    case Tok.LBracket:
      return parseArrayConstant(p, ty);
    case Tok.LBrace:
      return parseStructConstant(p, ty, false);
    case Tok.Less:
      return parseVectorOrPackedConstant(p, ty);
    case Tok.Ident:
      return parseKeywordConstant(p, ty);
    case Tok.LocalVar:
    case Tok.LocalId:
      throw p.fail(`local value '%${quoteName(lx.str)}' used outside a function body`);
    default:
      throw p.unexpected('a constant');
  }
}

function parseIntLiteral(p: ParseContext, ty: Type): Constant {
  const lx = p.lx;
  if (ty.kind !== 'int') throw p.fail(ty.kind === 'float' ? 'floating point constant invalid for type' : 'integer constant must have integer type');
  let v: bigint | number;
  const len = lx.end - lx.start;
  if (lx.tok === Tok.HexInt) {
    const digits = lx.text.slice(lx.start + 3, lx.end);
    let b = BigInt('0x' + digits);
    if (lx.num === 115 /* s */ && b >> BigInt(digits.length * 4 - 1)) b -= 1n << BigInt(digits.length * 4);
    v = b;
  } else v = len <= 15 ? lx.num : BigInt(lx.tokenText());
  lx.next();
  return constInt(ty, v);
}

function parseFloatLiteral(p: ParseContext, ty: Type): Constant {
  const lx = p.lx;
  if (ty.kind !== 'float') throw p.fail('floating point constant invalid for type');
  const kind = (ty as FloatType).name;
  let bits: bigint | undefined;
  if (lx.tok === Tok.Float) {
    const x = Number(lx.tokenText());
    if (!isExactIn(kind, x)) throw p.fail('floating point constant invalid for type');
    bits = doubleToFormat(kind, x);
  } else {
    const digits = lx.text.slice(lx.start + (lx.num ? 3 : 2), lx.end);
    bits = hexLiteralBits(kind, lx.num, digits);
    if (bits === undefined) throw p.fail('floating point constant invalid for type');
  }
  lx.next();
  return { vk: 'cfloat', type: ty, bits };
}

function parseCString(p: ParseContext, ty: Type): Constant {
  const lx = p.lx;
  const bytes = lx.stringBytes();
  if (ty.kind !== 'array' || ty.elem.kind !== 'int' || (ty.elem as IntType).bits !== 8)
    throw p.fail(`constant string must have type '[${bytes.length} x i8]', not '${typeToString(ty)}'`);
  if (ty.length !== bytes.length)
    throw p.fail(`constant string has ${bytes.length} bytes but its type '${typeToString(ty)}' has ${ty.length}`);
  lx.next();
  return { vk: 'cdata', type: ty, bytes };
}

/** `T c, T c, …` up to `close`; returns the elements. */
function parseElements(p: ParseContext, close: Tok, closeText: string): Constant[] {
  const lx = p.lx;
  const out: Constant[] = [];
  if (lx.tok === close) {
    lx.next();
    return out;
  }
  for (;;) {
    out.push(parseTypedConstant(p));
    if (lx.tok === Tok.Comma) lx.next();
    else if (lx.tok === close) {
      lx.next();
      return out.slice();
    } else throw p.unexpected(`',' or ${closeText}`);
  }
}

function parseArrayConstant(p: ParseContext, ty: Type): Constant {
  const at = p.here();
  p.lx.next();
  const elems = parseElements(p, Tok.RBracket, "']'");
  if (ty.kind !== 'array') throw p.failAt(at, `array constant used with type '${typeToString(ty)}'`);
  if (elems.length !== ty.length)
    throw p.failAt(at, `array constant has ${elems.length} elements but type '${typeToString(ty)}' has ${ty.length}`);
  elems.forEach((e, i) => {
    if (!typesEqual(e.type, ty.elem)) throw p.failAt(at, `array element #${i} is not of type '${typeToString(ty.elem)}'`);
  });
  return aggregate(ty, elems);
}

function parseStructConstant(p: ParseContext, ty: Type, packed: boolean): Constant {
  const at = p.here();
  p.lx.next();
  const elems = parseElements(p, Tok.RBrace, "'}'");
  if (packed) p.expect(Tok.Greater, "'>'");
  if (ty.kind !== 'struct') throw p.failAt(at, `struct constant used with type '${typeToString(ty)}'`);
  if (ty.packed !== packed) throw p.failAt(at, "packed'ness of initializer and type don't match");
  if (ty.opaque || elems.length !== ty.fields.length)
    throw p.failAt(at, `struct constant has ${elems.length} elements but type '${typeToString(ty)}' has ${ty.fields.length}`);
  elems.forEach((e, i) => {
    if (!typesEqual(e.type, ty.fields[i]!)) throw p.failAt(at, `element ${i} of struct initializer doesn't match struct element type`);
  });
  return aggregate(ty, elems);
}

function parseVectorOrPackedConstant(p: ParseContext, ty: Type): Constant {
  const lx = p.lx;
  const at = p.here();
  lx.next(); // <
  if (lx.tok === Tok.LBrace) return parseStructConstant(p, ty, true);
  const elems = parseElements(p, Tok.Greater, "'>'");
  if (ty.kind !== 'vector') throw p.failAt(at, `vector constant used with type '${typeToString(ty)}'`);
  if (elems.length !== ty.length && !ty.scalable)
    throw p.failAt(at, `vector constant has ${elems.length} elements but type '${typeToString(ty)}' has ${ty.length}`);
  elems.forEach((e, i) => {
    if (!typesEqual(e.type, ty.elem)) throw p.failAt(at, `vector element #${i} is not of type '${typeToString(ty.elem)}'`);
  });
  return aggregate(ty, elems);
}

function aggregate(type: Type, elements: Constant[]): ConstAggregate {
  return { vk: 'caggr', type, elements };
}

function isFirstClass(ty: Type): boolean {
  return ty.kind !== 'void' && ty.kind !== 'function' && ty.kind !== 'label' && ty.kind !== 'metadata';
}

function parseKeywordConstant(p: ParseContext, ty: Type): Constant {
  const lx = p.lx;
  const w = lx.str;
  switch (w) {
    case 'true':
    case 'false':
      if (ty.kind !== 'int' || ty.bits !== 1) throw p.fail(`'${w}' must have type 'i1', not '${typeToString(ty)}'`);
      lx.next();
      return constInt(ty, w === 'true' ? 1 : 0);
    case 'null':
      if (ty.kind !== 'ptr') throw p.fail('null must be a pointer type');
      lx.next();
      return { vk: 'cnull', type: ty };
    case 'none':
      if (ty.kind !== 'token') throw p.fail('none constant must have token type');
      lx.next();
      return { vk: 'cnull', type: ty };
    case 'undef':
    case 'poison':
      if (!isFirstClass(ty)) throw p.fail(`invalid type for ${w} constant`);
      lx.next();
      return w === 'undef' ? { vk: 'cundef', type: ty } : { vk: 'cpoison', type: ty };
    case 'zeroinitializer':
      if (!isFirstClass(ty) || ty.kind === 'token') throw p.fail('invalid type for null constant');
      lx.next();
      return { vk: 'czero', type: ty };
    case 'blockaddress':
      return parseBlockAddress(p, ty);
    case 'dso_local_equivalent':
    case 'no_cfi': {
      // Both denote the function's address for our purposes.
      lx.next();
      if (lx.tok !== Tok.GlobalVar && lx.tok !== Tok.GlobalId) throw p.unexpected('a function name');
      return parseConstant(p, ty);
    }
    case 'splat': {
      const at = p.here();
      lx.next();
      p.expect(Tok.LParen, "'('");
      const e = parseTypedConstant(p);
      p.expect(Tok.RParen, "')'");
      if (ty.kind !== 'vector' || !typesEqual(ty.elem, e.type)) throw p.failAt(at, `splat of '${typeToString(e.type)}' has type '${typeToString(ty)}'`);
      return aggregate(ty, new Array<Constant>(ty.scalable ? 1 : ty.length).fill(e));
    }
    default: {
      const op = CONST_EXPR_OPS.get(w);
      if (op !== undefined) {
        const at = p.here();
        const c = parseConstExpr(p, op);
        if (!typesEqual(c.type, ty))
          throw p.failAt(at, `constant expression type mismatch: got type '${typeToString(c.type)}' but expected '${typeToString(ty)}'`);
        return c;
      }
      throw p.fail(`unknown constant '${w}'`);
    }
  }
}

/** `blockaddress(@f, %bb)`: the block is looked up when the function's body is known. */
function parseBlockAddress(p: ParseContext, ty: Type): Constant {
  const lx = p.lx;
  const at = p.here();
  lx.next();
  p.expect(Tok.LParen, "'('");
  if (lx.tok !== Tok.GlobalVar && lx.tok !== Tok.GlobalId) throw p.unexpected('a function name');
  const g = p.globalRef(lx.str);
  if (g.vk !== 'func') throw p.fail('expected a function name in blockaddress');
  lx.next();
  p.expect(Tok.Comma, "','");
  if (lx.tok !== Tok.LocalVar && lx.tok !== Tok.LocalId) throw p.unexpected('a basic block name');
  const blockName = lx.str;
  const bpos = p.pos();
  lx.next();
  p.expect(Tok.RParen, "')'");
  if (ty.kind !== 'ptr') throw p.failAt(at, `blockaddress has type 'ptr', not '${typeToString(ty)}'`);
  const ba = { vk: 'blockaddr', type: ptrType(ty.addrSpace), fn: g as Func, block: undefined } as unknown as BlockAddress;
  const fs = p.fs;
  if (fs && fs.fn === g) (ba as { block: unknown }).block = p.blockRef(fs, blockName, bpos);
  else p.blockAddrs.push({ ba, blockName, pos: bpos });
  return ba;
}
