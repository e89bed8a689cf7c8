// Types: `iN`, floating-point names, `ptr [addrspace(N)]`, arrays, vectors, literal and packed structs,
// identified structs (`%struct.S`, shared objects filled in when `%struct.S = type …` is parsed),
// function types, and clang-14's typed pointers (`i32*`, `%struct.S addrspace(1)*`, `void (i8*)*`),
// which all become `ptr`.

import { Tok } from './lexer.js';
import { quoteName, type ParseContext } from './parse-context.js';
import {
  LABEL,
  METADATA,
  PTR,
  TOKEN,
  VOID,
  floatType,
  intType,
  type FloatKind,
  type FunctionType,
  type PtrType,
  type StructType,
  type Type,
} from './types.js';

const MAX_INT_BITS = (1 << 23) - 1;

const ptrTypes = new Map<number, PtrType>([[0, PTR]]);
export function ptrType(addrSpace: number): PtrType {
  let t = ptrTypes.get(addrSpace);
  if (!t) ptrTypes.set(addrSpace, (t = { kind: 'ptr', addrSpace }));
  return t;
}

export function parseType(p: ParseContext): Type {
  const lx = p.lx;
  let t: Type;
  switch (lx.tok) {
    case Tok.IntType: {
      const bits = lx.num;
      if (bits < 1 || bits > MAX_INT_BITS) throw p.fail('bitwidth for integer type out of range');
      t = intType(bits);
      lx.next();
      break;
    }
    case Tok.Ident:
      t = parseKeywordType(p);
      break;
    case Tok.LocalVar:
    case Tok.LocalId:
      t = namedType(p, lx.str);
      lx.next();
      break;
    case Tok.LBracket:
      t = parseArrayType(p);
      break;
    case Tok.LBrace:
      t = literalStruct(parseStructBody(p), false);
      break;
    case Tok.Less:
      t = parseVectorOrPacked(p);
      break;
    default:
      throw p.unexpected('a type');
  }
  // Suffixes: typed pointers and function types.
  for (;;) {
    if (lx.tok === Tok.Star) {
      checkPointee(p, t);
      t = PTR;
      lx.next();
    } else if (lx.tok === Tok.LParen) {
      t = parseFunctionType(p, t);
    } else if (lx.tok === Tok.Ident && lx.str === 'addrspace') {
      // `T addrspace(N)*`
      checkPointee(p, t);
      const as = parseAddrSpace(p);
      if (lx.tok !== Tok.Star) throw p.unexpected("'*'");
      lx.next();
      t = ptrType(as);
    } else return t;
  }
}

function checkPointee(p: ParseContext, t: Type): void {
  if (t.kind === 'label' || t.kind === 'metadata' || t.kind === 'token') throw p.fail('pointer to this type is invalid');
}

/** `addrspace(N)` with the current token `addrspace`. */
export function parseAddrSpace(p: ParseContext): number {
  const lx = p.lx;
  lx.next();
  p.expect(Tok.LParen, "'('");
  const n = p.parseUInt('an address space number');
  p.expect(Tok.RParen, "')'");
  return n;
}

function parseKeywordType(p: ParseContext): Type {
  const lx = p.lx;
  const w = lx.str;
  let t: Type;
  switch (w) {
    case 'ptr':
      lx.next();
      if (lx.tok === Tok.Ident && lx.str === 'addrspace') {
        // `ptr addrspace(N)` — but `T addrspace(N)*` is handled by the caller's suffix loop, and a
        // `ptr` type is never followed by a typed-pointer suffix.
        return ptrType(parseAddrSpace(p));
      }
      return PTR;
    case 'void':
      t = VOID;
      break;
    case 'half':
    case 'bfloat':
    case 'float':
    case 'double':
    case 'x86_fp80':
    case 'fp128':
    case 'ppc_fp128':
      t = floatType(w as FloatKind);
      break;
    case 'label':
      t = LABEL;
      break;
    case 'metadata':
      t = METADATA;
      break;
    case 'token':
      t = TOKEN;
      break;
    case 'x86_mmx':
      // Removed in LLVM 20; a 64-bit vector register, modelled as <1 x i64>.
      t = { kind: 'vector', length: 1, elem: intType(64), scalable: false };
      break;
    default:
      throw p.fail(`unknown type '${w}'`);
  }
  lx.next();
  return t;
}

/** `%name` used as a type: an identified struct (created on first use) or a type alias. */
function namedType(p: ParseContext, name: string): Type {
  const t = p.namedTypes.get(name);
  if (t) return t;
  const s: StructType = { kind: 'struct', fields: [], packed: false, name, opaque: true };
  p.namedTypes.set(name, s);
  p.m.types.set(name, s);
  p.typeRefs.set(name, p.pos());
  return s;
}

function parseArrayType(p: ParseContext): Type {
  const lx = p.lx;
  lx.next(); // [
  const length = p.parseUInt('an array length');
  p.expectWord('x');
  const elem = parseType(p);
  checkElement(p, elem, 'array');
  p.expect(Tok.RBracket, "']'");
  return { kind: 'array', length, elem };
}

function checkElement(p: ParseContext, t: Type, what: string): void {
  if (t.kind === 'void' || t.kind === 'label' || t.kind === 'metadata' || t.kind === 'function' || t.kind === 'token')
    throw p.fail(`invalid ${what} element type`);
}

/** `{ T, T }` with the current token `{`; returns the field types. */
export function parseStructBody(p: ParseContext): Type[] {
  const lx = p.lx;
  lx.next(); // {
  const fields: Type[] = [];
  if (lx.tok === Tok.RBrace) {
    lx.next();
    return fields;
  }
  for (;;) {
    const f = parseType(p);
    checkElement(p, f, 'structure');
    fields.push(f);
    if (lx.tok === Tok.Comma) lx.next();
    else if (lx.tok === Tok.RBrace) {
      lx.next();
      return fields;
    } else throw p.unexpected("',' or '}'");
  }
}

export function literalStruct(fields: Type[], packed: boolean): StructType {
  return { kind: 'struct', fields, packed, name: undefined, opaque: false };
}

/** `<N x T>`, `<vscale x N x T>` or `<{ … }>`. */
function parseVectorOrPacked(p: ParseContext): Type {
  const lx = p.lx;
  lx.next(); // <
  if (lx.tok === Tok.LBrace) {
    const fields = parseStructBody(p);
    p.expect(Tok.Greater, "'>'");
    return literalStruct(fields, true);
  }
  let scalable = false;
  if (p.eatWord('vscale')) {
    p.expectWord('x');
    scalable = true;
  }
  const at = p.pos();
  const length = p.parseUInt('a vector length');
  if (length === 0) throw p.failAt(at, 'zero element vector is illegal');
  p.expectWord('x');
  const elem = parseType(p);
  if (elem.kind !== 'int' && elem.kind !== 'float' && elem.kind !== 'ptr') throw p.fail('invalid vector element type');
  p.expect(Tok.Greater, "'>'");
  return { kind: 'vector', length, elem, scalable };
}

/** `(T, T, ...)` after a return type. */
function parseFunctionType(p: ParseContext, ret: Type): FunctionType {
  const lx = p.lx;
  if (ret.kind === 'label' || ret.kind === 'metadata' || ret.kind === 'function') throw p.fail('invalid function return type');
  lx.next(); // (
  const params: Type[] = [];
  let varArgs = false;
  while (lx.tok !== Tok.RParen) {
    if (lx.tok === Tok.DotDotDot) {
      lx.next();
      varArgs = true;
      if (lx.tok !== Tok.RParen) throw p.unexpected("')'");
      break;
    }
    const t = parseType(p);
    if (t.kind === 'void' || t.kind === 'function' || t.kind === 'label') throw p.fail('invalid function argument type');
    params.push(t);
    if (lx.tok === Tok.Comma) lx.next();
    else if (lx.tok !== Tok.RParen) throw p.unexpected("',' or ')'");
  }
  lx.next(); // )
  return { kind: 'function', ret, params, varArgs };
}

/** `%name = type { … } | <{ … }> | opaque | T` at module level. */
export function parseTypeDefinition(p: ParseContext): void {
  const lx = p.lx;
  const name = lx.str;
  const at = p.pos();
  lx.next();
  p.expect(Tok.Equal, "'='");
  p.expectWord('type');
  const existing = p.namedTypes.get(name);
  const forward = p.typeRefs.has(name);
  if (existing && !forward) throw p.failAt(at, `redefinition of type '%${quoteName(name)}'`);
  let s = existing as StructType | undefined;
  if (lx.tok === Tok.LBrace || lx.tok === Tok.Less || p.isWord('opaque')) {
    if (!s) {
      s = { kind: 'struct', fields: [], packed: false, name, opaque: true };
      p.namedTypes.set(name, s);
      p.m.types.set(name, s);
    }
    p.typeRefs.delete(name);
    if (p.eatWord('opaque')) return;
    if (lx.tok === Tok.Less) {
      lx.next();
      if (lx.tok !== Tok.LBrace) throw p.unexpected("'{'");
      s.fields = parseStructBody(p);
      s.packed = true;
      p.expect(Tok.Greater, "'>'");
    } else s.fields = parseStructBody(p);
    s.opaque = false;
    return;
  }
  // A non-struct named type is an alias of that type (rare, but LLVM accepts it).
  if (forward) throw p.failAt(at, `'%${quoteName(name)}' is used as a struct but defined as another type`);
  p.namedTypes.set(name, parseType(p));
}
