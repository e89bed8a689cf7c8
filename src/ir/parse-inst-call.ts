// call and invoke: `[tail|musttail|notail] call [fast-math] [cc] [ret attrs] [addrspace(N)] T callee(args)
// [fn attrs] [operand bundles]`. T is the return type, or the whole function type for varargs callees
// (`call i32 (ptr, ...) @printf(...)`). The callee is any pointer value, a function, or inline asm.

import { Tok } from './lexer.js';
import type { FunctionState, Offset, ParseContext } from './parse-context.js';
import { parseAddrSpace, parseType, ptrType } from './parse-types.js';
import { parseLabel, parseTypedValue, parseValue } from './parse-values.js';
import { NO_ATTRS, parseCallingConv, parseFnAttrs, parseParamAttrs } from './parse-attributes.js';
import { makeInst, skipFastMath, type InstParser } from './parse-inst-common.js';
import { InstFlag, type InlineAsm, type Instruction, type TextPos, type Value } from './model.js';
import { typeToString, typesEqual, type FunctionType, type Type } from './types.js';

/** `tail call`, `musttail call`, `notail call`: flag Tail, and the keyword first in callAttrs. */
export const parseTailCall: InstParser = (p, fs, op, pos) => {
  p.expectWord('call');
  const inst = parseCallLike(p, fs, 'call', pos, op);
  inst.flags |= InstFlag.Tail;
  return inst;
};

export const parseCall: InstParser = (p, fs, op, pos) => parseCallLike(p, fs, op, pos, undefined);

export const parseInvoke: InstParser = (p, fs, op, pos) => parseCallLike(p, fs, op, pos, undefined);

function parseCallLike(p: ParseContext, fs: FunctionState, op: string, pos: TextPos, tail: string | undefined): Instruction {
  const lx = p.lx;
  if (op === 'call') skipFastMath(p);
  const cc = parseCallingConv(p);
  const callAttrs: string[] = tail && cc ? [tail, cc] : tail ? [tail] : cc ? [cc] : NO_ATTRS;
  parseParamAttrs(p); // return attributes: not needed by the engine
  let addrSpace = 0;
  if (p.isWord('addrspace')) addrSpace = parseAddrSpace(p);
  const tpos = p.here();
  const t = parseType(p);
  const cpos = p.here();
  const callee = p.isWord('asm') ? parseInlineAsm(p) : parseValue(p, ptrType(addrSpace));
  const { args, argAttrs, byval } = parseArgs(p, callee);
  const fnType = callType(p, t, args, tpos);
  if (callee.type.kind !== 'ptr') throw p.failAt(cpos, 'callee must be a pointer');
  let bundles: { tag: string; inputs: Value[] }[] | undefined;
  const inst = makeInst(fs, op, fnType.ret, args, pos);
  inst.callAttrs = callAttrs;
  if (lx.tok === Tok.Ident || lx.tok === Tok.String || lx.tok === Tok.AttrGrp) parseFnAttrs(p, inst, 'callAttrs');
  if (lx.tok === Tok.LBracket) bundles = parseBundles(p);
  if (op === 'invoke') {
    p.expectWord('to');
    const normal = parseLabel(p, fs);
    p.expectWord('unwind');
    args.push(normal, parseLabel(p, fs));
  }
  inst.operands = args.slice(); // exactly sized (args has callee first)
  inst.fnType = fnType;
  inst.argAttrs = argAttrs;
  inst.bundles = bundles;
  inst.argByvalTypes = byval;
  return inst;
}

/**
 * The call's function type: written whole, or built from the return type and the argument types.
 * `args` has the callee first.
 */
function callType(p: ParseContext, t: Type, args: Value[], tpos: TextPos | Offset): FunctionType {
  const nargs = args.length - 1;
  if (t.kind !== 'function') {
    if (t.kind === 'label' || t.kind === 'metadata') throw p.failAt(tpos, `invalid result type '${typeToString(t)}' for a call`);
    const params: Type[] = [];
    for (let i = 1; i < args.length; i++) params.push(args[i]!.type);
    return { kind: 'function', ret: t, params: params.slice(), varArgs: false };
  }
  const n = t.params.length;
  if (nargs < n) throw p.failAt(tpos, `not enough arguments for a call of type '${typeToString(t)}'`);
  if (nargs > n && !t.varArgs) throw p.failAt(tpos, `too many arguments for a call of type '${typeToString(t)}'`);
  for (let i = 0; i < n; i++) {
    if (!typesEqual(t.params[i]!, args[i + 1]!.type))
      throw p.failAt(tpos, `argument ${i + 1} has type '${typeToString(args[i + 1]!.type)}' but the call's type expects '${typeToString(t.params[i]!)}'`);
  }
  return t;
}

interface Args {
  args: Value[];
  argAttrs: string[][];
  byval: (Type | undefined)[] | undefined;
}

/** `(T attrs v, …)`; the returned `args` starts with `callee`. */
function parseArgs(p: ParseContext, callee: Value): Args {
  const lx = p.lx;
  p.expect(Tok.LParen, "'('");
  const args: Value[] = [callee];
  const argAttrs: string[][] = [];
  let byval: (Type | undefined)[] | undefined;
  while (lx.tok !== Tok.RParen) {
    if (lx.tok === Tok.DotDotDot) {
      // `musttail` forwarding of varargs: nothing to record.
      lx.next();
      break;
    }
    const t = parseType(p);
    const attrs = parseParamAttrs(p);
    if (p.byval) {
      byval ??= [];
      while (byval.length < args.length - 1) byval.push(undefined);
      byval.push(p.byval);
    }
    args.push(parseValue(p, t));
    argAttrs.push(attrs);
    if (lx.tok === Tok.Comma) lx.next();
    else if (lx.tok !== Tok.RParen) throw p.unexpected("',' or ')'");
  }
  lx.next();
  if (byval) while (byval.length < args.length - 1) byval.push(undefined);
  return { args, argAttrs: argAttrs.length ? argAttrs.slice() : (NO_ATTRS as unknown as string[][]), byval };
}

/** `asm [sideeffect] [alignstack] [inteldialect] [unwind] "text", "constraints"` */
function parseInlineAsm(p: ParseContext): InlineAsm {
  const lx = p.lx;
  lx.next();
  while (p.eatWord('sideeffect') || p.eatWord('alignstack') || p.eatWord('inteldialect') || p.eatWord('unwind'));
  if (lx.tok !== Tok.String) throw p.unexpected('an asm string');
  const asm = lx.stringValue();
  lx.next();
  p.expect(Tok.Comma, "','");
  if (lx.tok !== Tok.String) throw p.unexpected('an asm constraint string');
  const constraints = lx.stringValue();
  lx.next();
  return { vk: 'asm', type: ptrType(0), asm, constraints };
}

/** `[ "tag"(T v, …), … ]` */
function parseBundles(p: ParseContext): { tag: string; inputs: Value[] }[] {
  const lx = p.lx;
  lx.next();
  const out: { tag: string; inputs: Value[] }[] = [];
  while (lx.tok !== Tok.RBracket) {
    if (lx.tok !== Tok.String) throw p.unexpected('an operand bundle tag');
    const tag = lx.stringValue();
    lx.next();
    p.expect(Tok.LParen, "'('");
    const inputs: Value[] = [];
    while (lx.tok !== Tok.RParen) {
      inputs.push(parseTypedValue(p));
      if (lx.tok === Tok.Comma) lx.next();
      else if (lx.tok !== Tok.RParen) throw p.unexpected("',' or ')'");
    }
    lx.next();
    out.push({ tag, inputs });
    if (lx.tok === Tok.Comma) lx.next();
    else if (lx.tok !== Tok.RBracket) throw p.unexpected("',' or ']'");
  }
  lx.next();
  return out;
}
