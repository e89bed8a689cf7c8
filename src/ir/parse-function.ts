// `define` and `declare`: the header (linkage, calling convention, return attributes, parameters,
// function attributes, section/comdat/gc/prefix/personality, `!dbg`) and, for a definition, the body —
// blocks of instructions, each ending at its terminator. Forward references to values are patched
// when the body is complete.

import { Tok } from './lexer.js';
import { FunctionState, quoteName, type ParseContext, type Placeholder } from './parse-context.js';
import { parseType } from './parse-types.js';
import { parseTypedConstant } from './parse-constants.js';
import { parseCallingConv, parseFnAttrs, parseParamAttrs } from './parse-attributes.js';
import { parseMdRef, skipDebugRecord } from './parse-metadata.js';
import { checkNumber, parseInstruction } from './parse-instructions.js';
import { newBlock, newParam } from './build.js';
import type { BasicBlock, Func, TextPos, Value } from './model.js';
import { typeToString as typeToStr, type Type } from './types.js';
import { parseLinkageEtc } from './parse-globals.js';
import { deferBody } from './parse-lazy.js';

interface ParamSpec {
  type: Type;
  attrs: string[];
  byval: Type | undefined;
  name: string | undefined;
  numbered: boolean;
  pos: TextPos;
}

/** `define …` or `declare …` (current token the keyword). */
export function parseFunction(p: ParseContext, isDefine: boolean): void {
  const lx = p.lx;
  lx.next();
  // `declare !dbg !N void @f()`: attachments may precede the prototype.
  const early: { kind: string; ref: number; pos: TextPos }[] = [];
  while (lx.tok === Tok.MetaVar) {
    const kind = lx.str;
    const at = p.pos();
    lx.next();
    early.push({ kind, ref: parseMdRef(p), pos: at });
  }
  const attrs: string[] = [];
  const linkage = parseLinkageEtc(p, attrs);
  const cc = parseCallingConv(p);
  if (cc) attrs.push(cc);
  const retAttrs = parseParamAttrs(p);
  const ret = parseType(p);
  if (ret.kind === 'label' || ret.kind === 'metadata' || ret.kind === 'function') throw p.fail('invalid function return type');
  if (lx.tok !== Tok.GlobalVar && lx.tok !== Tok.GlobalId) throw p.unexpected('a function name');
  const name = lx.str;
  const at = p.pos();
  lx.next();
  const { params, varArgs } = parseParams(p);
  const fn = p.defineGlobal(name, 'func', at) as Func;
  fn.linkage = linkage;
  fn.attrs = attrs;
  fn.retAttrs = [...retAttrs];
  fn.fnType = { kind: 'function', ret, params: params.map((s) => s.type), varArgs };
  fn.isDeclaration = !isDefine;
  for (const e of early) if (e.kind === 'dbg') p.fnDbg.push({ fn, ref: e.ref, pos: e.pos });
  parseFunctionSuffix(p, fn);
  p.m.functions.push(fn);
  if (!isDefine) {
    fn.params = params.map((s, i) => param(s, s.name ?? '', i, fn));
    return;
  }
  const fs = beginBody(p, fn, params);
  if (p.lazyBodies && deferBody(p, fs)) return;
  parseBlocks(p, fs);
}

function param(s: ParamSpec, name: string, i: number, fn: Func) {
  const prm = newParam(s.type, name, i, fn, s.attrs);
  prm.byvalType = s.byval;
  return prm;
}

/** `(T attrs [%name], …, [...])` */
function parseParams(p: ParseContext): { params: ParamSpec[]; varArgs: boolean } {
  const lx = p.lx;
  p.expect(Tok.LParen, "'('");
  const params: ParamSpec[] = [];
  let varArgs = false;
  while (lx.tok !== Tok.RParen) {
    if (lx.tok === Tok.DotDotDot) {
      lx.next();
      varArgs = true;
      if (lx.tok !== Tok.RParen) throw p.unexpected("')'");
      break;
    }
    const pos = p.pos();
    const type = parseType(p);
    if (type.kind === 'void' || type.kind === 'label' || type.kind === 'function') throw p.failAt(pos, 'argument can not have void type');
    const attrs = parseParamAttrs(p);
    const byval = p.byval;
    let name: string | undefined;
    let numbered = false;
    if (lx.tok === Tok.LocalVar || lx.tok === Tok.LocalId) {
      name = lx.str;
      numbered = lx.tok === Tok.LocalId;
      lx.next();
    }
    params.push({ type, attrs: attrs.length ? attrs : [], byval, name, numbered, pos });
    if (lx.tok === Tok.Comma) lx.next();
    else if (lx.tok !== Tok.RParen) throw p.unexpected("',' or ')'");
  }
  lx.next();
  return { params, varArgs };
}

/** Everything between `)` and `{` (or the end of a declaration). */
function parseFunctionSuffix(p: ParseContext, fn: Func): void {
  const lx = p.lx;
  for (;;) {
    if (lx.tok === Tok.MetaVar) {
      const kind = lx.str;
      const at = p.pos();
      lx.next();
      const ref = parseMdRef(p);
      if (kind === 'dbg') p.fnDbg.push({ fn, ref, pos: at });
      continue;
    }
    if (lx.tok === Tok.Ident || lx.tok === Tok.String || lx.tok === Tok.AttrGrp) {
      const before = lx.start;
      parseFnAttrs(p, fn, 'fnAttrs');
      if (lx.start !== before) continue;
    }
    if (lx.tok !== Tok.Ident) return;
    const from = lx.start;
    switch (lx.str) {
      case 'unnamed_addr':
      case 'local_unnamed_addr':
        lx.next();
        break;
      case 'addrspace':
        lx.next();
        if (lx.tok === Tok.LParen) lx.skipBalanced();
        break;
      case 'section':
      case 'partition':
      case 'gc':
        lx.next();
        if (lx.tok !== Tok.String) throw p.unexpected('a string');
        lx.next();
        break;
      case 'comdat':
        lx.next();
        if (lx.tok === Tok.LParen) lx.skipBalanced();
        break;
      case 'prefix':
      case 'prologue':
      case 'personality':
        lx.next();
        parseTypedConstant(p);
        break;
      default:
        return;
    }
    fn.attrs.push(lx.text.slice(from, lx.prevEnd));
  }
}

/** The parameters of a definition, named in its FunctionState; the body's `{` is next. */
function beginBody(p: ParseContext, fn: Func, params: ParamSpec[]): FunctionState {
  const lx = p.lx;
  const fs = new FunctionState(fn);
  fn.params = params.map((s, i) => {
    let name = s.name;
    if (name === undefined) name = String(fs.nextId++);
    else if (s.numbered) checkNumber(p, fs, name, s.pos, 'argument');
    if (fs.values.has(name)) throw p.failAt(s.pos, `redefinition of '%${quoteName(name)}'`);
    const prm = param(s, name, i, fn);
    fs.values.set(name, prm);
    return prm;
  });
  if (lx.tok !== Tok.LBrace) throw p.unexpected(fn.fnAttrs.length || fn.attrs.length ? "'{'" : "a function attribute or '{'");
  return fs;
}

/** `{ blocks }` of the function of `fs` (current token the `{`), then its forward references resolved. */
export function parseBlocks(p: ParseContext, fs: FunctionState): void {
  const lx = p.lx;
  p.fs = fs;
  lx.next();
  if (lx.tok === Tok.RBrace) throw p.fail('function body requires at least one basic block');
  while (lx.tok !== Tok.RBrace) {
    if (p.isWord('uselistorder') || p.isWord('uselistorder_bb')) skipUseListOrder(p);
    else parseBlock(p, fs);
  }
  lx.next();
  finishFunction(p, fs);
  p.fs = undefined;
}

/** A block: optional label, then instructions up to and including a terminator. */
function parseBlock(p: ParseContext, fs: FunctionState): void {
  const lx = p.lx;
  const at = p.pos();
  let name: string;
  if (lx.tok === Tok.Label) {
    name = lx.str;
    const c = name.charCodeAt(0);
    if (c >= 48 && c <= 57 && /^[0-9]+$/.test(name)) checkNumber(p, fs, name, at, 'label');
    lx.next();
  } else name = String(fs.nextId++);
  const block = defineBlock(p, fs, name, at);
  fs.block = block;
  for (;;) {
    const t = lx.tok;
    if (t === Tok.DbgRecord) {
      skipDebugRecord(p);
      continue;
    }
    if (t === Tok.Label || t === Tok.RBrace || t === Tok.EOF) {
      if (t === Tok.EOF) throw p.unexpected("an instruction or '}'");
      throw p.fail(`block '%${quoteName(block.name)}' does not end with a terminator instruction`);
    }
    if (parseInstruction(p, fs)) break;
  }
  block.instructions = block.instructions.slice(); // exactly sized: most blocks are short
  // Debug records may follow the terminator's line before the next label.
  while (lx.tok === Tok.DbgRecord) skipDebugRecord(p);
}

/** `uselistorder T v, { i, … }` (only affects LLVM's in-memory use lists): skipped. */
function skipUseListOrder(p: ParseContext): void {
  const lx = p.lx;
  while (lx.tok !== Tok.LBrace && lx.tok !== Tok.EOF && lx.tok !== Tok.RBrace) lx.next();
  if (lx.tok !== Tok.LBrace) throw p.unexpected("'{'");
  lx.skipBalanced();
}

function defineBlock(p: ParseContext, fs: FunctionState, name: string, at: TextPos): BasicBlock {
  if (fs.values.has(name)) throw p.failAt(at, `redefinition of '%${quoteName(name)}'`);
  const ph = fs.fwd.get(name);
  if (ph) throw p.failAt(at, `'%${quoteName(name)}' defined with type 'label' but expected '${typeToStr(ph.type)}'`);
  let b = fs.blocks.get(name);
  if (b) {
    if (!fs.blockRefs.has(b)) throw p.failAt(at, `redefinition of '%${quoteName(name)}'`);
    fs.blockRefs.delete(b);
  } else {
    b = newBlock(name, fs.fn);
    fs.blocks.set(name, b);
  }
  fs.fn.blocks.push(b);
  return b;
}

/** Checks that every name used was defined and replaces the placeholders by their definitions. */
function finishFunction(p: ParseContext, fs: FunctionState): void {
  for (const [b, pos] of fs.blockRefs) throw p.failAt(pos, `use of undefined value '%${quoteName(b.name)}'`);
  for (const ph of fs.fwd.values()) throw p.failAt(ph.pos, `use of undefined value '%${quoteName(ph.name)}'`);
  if (fs.resolved.size > 0) {
    const map = fs.resolved;
    const fix = (v: Value): Value => ((v as unknown as Placeholder).vk === 'fwd' ? map.get(v as unknown as Placeholder)! : v);
    for (const b of fs.fn.blocks) {
      for (const inst of b.instructions) {
        const ops = inst.operands;
        for (let i = 0; i < ops.length; i++) if ((ops[i] as unknown as Placeholder).vk === 'fwd') ops[i] = fix(ops[i]!);
        if (inst.bundles) for (const bd of inst.bundles) bd.inputs = bd.inputs.map(fix);
      }
    }
  }
  p.blocksOf.set(fs.fn, fs.blocks);
}
