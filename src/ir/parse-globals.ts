// Global variables and aliases: `@x = [linkage …] global|constant T [init] [, section …] [, align N]
// [, !dbg !N]` and `@a = [linkage …] alias T, ptr @aliasee` (ifuncs are kept as aliases marked
// 'ifunc'). Also the linkage/visibility/preemption keywords shared with functions.

import { Tok } from './lexer.js';
import type { ParseContext } from './parse-context.js';
import { parseType } from './parse-types.js';
import { parseConstant, parseTypedConstant } from './parse-constants.js';
import { parseFnAttrs } from './parse-attributes.js';
import { parseMdRef } from './parse-metadata.js';
import { isSized } from './parse-inst-common.js';
import type { Alias, GlobalVariable } from './model.js';
import { typeToString } from './types.js';

const LINKAGES = new Set([
  'private', 'internal', 'available_externally', 'linkonce', 'weak', 'common', 'appending',
  'extern_weak', 'linkonce_odr', 'weak_odr', 'external',
]);
const OTHER_PREFIX = new Set([
  'dso_local', 'dso_preemptable', 'default', 'hidden', 'protected', 'dllimport', 'dllexport',
  'unnamed_addr', 'local_unnamed_addr', 'externally_initialized',
]);

/**
 * Linkage and the keywords around it (visibility, dso_local, thread_local(…), unnamed_addr,
 * addrspace(N)). Returns the linkage ('' when none); the other words are appended to `attrs`.
 */
export function parseLinkageEtc(p: ParseContext, attrs: string[]): string {
  const lx = p.lx;
  let linkage = '';
  while (lx.tok === Tok.Ident) {
    const w = lx.str;
    if (LINKAGES.has(w)) {
      if (linkage) throw p.fail(`duplicate linkage '${w}'`);
      linkage = w;
      lx.next();
    } else if (OTHER_PREFIX.has(w)) {
      attrs.push(w);
      lx.next();
    } else if (w === 'thread_local' || w === 'addrspace') {
      const from = lx.start;
      lx.next();
      if (lx.tok === Tok.LParen) lx.skipBalanced();
      attrs.push(lx.text.slice(from, lx.prevEnd));
    } else break;
  }
  return linkage;
}

/** `@name = …` (current token the name). */
export function parseGlobal(p: ParseContext): void {
  const lx = p.lx;
  const name = lx.str;
  const at = p.pos();
  lx.next();
  p.expect(Tok.Equal, "'='");
  const attrs: string[] = [];
  const linkage = parseLinkageEtc(p, attrs);
  if (p.isWord('alias') || p.isWord('ifunc')) return parseAlias(p, name, at, linkage, attrs);
  let isConstant: boolean;
  if (p.eatWord('global')) isConstant = false;
  else if (p.eatWord('constant')) isConstant = true;
  else throw p.unexpected("'global', 'constant', 'alias' or 'ifunc'");
  const g = p.defineGlobal(name, 'global', at) as GlobalVariable;
  g.linkage = linkage;
  g.isConstant = isConstant;
  g.threadLocal = attrs.some((a) => a.startsWith('thread_local'));
  g.attrs = attrs;
  const tpos = p.here();
  g.valueType = parseType(p);
  const t = g.valueType.kind;
  // A declaration may have an incomplete (opaque struct) type; a definition must be sized.
  const isDecl = linkage === 'external' || linkage === 'extern_weak';
  if (t === 'void' || t === 'function' || t === 'label' || t === 'metadata' || t === 'token' || (!isDecl && !isSized(g.valueType)))
    throw p.failAt(tpos, `invalid type '${typeToString(g.valueType)}' for a global variable`);
  if (!isDecl) g.initializer = parseConstant(p, g.valueType);
  parseGlobalSuffix(p, g);
  p.m.globals.push(g);
}

/** `, section "s"`, `, align N`, `, comdat`, `, !dbg !N`, `#N` … after a global's type/initializer. */
function parseGlobalSuffix(p: ParseContext, g: GlobalVariable): void {
  const lx = p.lx;
  for (;;) {
    if (lx.tok === Tok.AttrGrp) {
      parseFnAttrs(p, g, 'attrs');
      continue;
    }
    if (lx.tok !== Tok.Comma) return;
    lx.next();
    if (lx.tok === Tok.MetaVar) {
      lx.next();
      parseMdRef(p);
      continue;
    }
    if (lx.tok !== Tok.Ident) throw p.unexpected('a global variable attribute');
    const from = lx.start;
    const w = lx.str;
    lx.next();
    switch (w) {
      case 'align':
        g.align = p.parseAlign();
        continue;
      case 'section':
        if (lx.tok !== Tok.String) throw p.unexpected('a section name');
        g.section = lx.stringValue();
        lx.next();
        continue;
      case 'partition':
      case 'code_model':
        if (lx.tok !== Tok.String) throw p.unexpected('a string');
        lx.next();
        break;
      case 'comdat':
        if (lx.tok === Tok.LParen) lx.skipBalanced();
        break;
      case 'no_sanitize_address':
      case 'no_sanitize_hwaddress':
      case 'sanitize_memtag':
      case 'sanitize_address_dyninit':
        break;
      default:
        throw p.fail(`unknown global variable attribute '${w}'`);
    }
    g.attrs.push(lx.text.slice(from, lx.prevEnd));
  }
}

function parseAlias(p: ParseContext, name: string, at: { line: number; col: number }, linkage: string, attrs: string[]): void {
  const lx = p.lx;
  const isIfunc = lx.str === 'ifunc';
  lx.next();
  const a = p.defineGlobal(name, 'alias', at) as Alias;
  a.linkage = linkage;
  a.attrs = isIfunc ? [...attrs, 'ifunc'] : attrs;
  a.valueType = parseType(p);
  p.expect(Tok.Comma, "','");
  const vpos = p.here();
  a.aliasee = parseTypedConstant(p);
  if (a.aliasee.type.kind !== 'ptr') throw p.failAt(vpos, 'an alias must have pointer type');
  // `, partition "x"` and attachments may follow.
  while (lx.tok === Tok.Comma) {
    lx.next();
    if (lx.tok === Tok.MetaVar) {
      lx.next();
      parseMdRef(p);
    } else if (p.eatWord('partition')) {
      if (lx.tok !== Tok.String) throw p.unexpected('a string');
      lx.next();
    } else throw p.unexpected('an alias attribute');
  }
  p.m.aliases.push(a);
}
