// The module-level grammar of textual LLVM IR and the end-of-module resolution: names used before their
// definition (types, globals, attribute groups, blockaddress targets) must be defined by then, and
// `!dbg` attachments become SourceLocs. The result is the module model (model.ts) before lowering.

import { Tok } from './lexer.js';
import { ParseContext, quoteName } from './parse-context.js';
import { parseTypeDefinition } from './parse-types.js';
import { parseFunction } from './parse-function.js';
import { parseGlobal } from './parse-globals.js';
import { parseAttributeGroup } from './parse-attributes.js';
import { parseMetadataDefinition, parseNamedMetadata } from './parse-metadata.js';
import { filePath } from './metadata.js';
import type { Module } from './model.js';
import { settleDeferred } from './parse-lazy.js';
import { resolveBlockAddresses, resolveGroupUses } from './parse-resolve.js';

/**
 * Parses the text of a .ll file into a module (not yet lowered). Throws ParseError. With `lazyBodies`,
 * bodies without debug information are parsed when first read (parse-lazy.ts).
 */
export function parseModuleText(text: string, file: string, lazyBodies = false): Module {
  const p = new ParseContext(text, file, lazyBodies);
  const lx = p.lx;
  lx.next();
  for (;;) {
    switch (lx.tok) {
      case Tok.EOF:
        finishModule(p);
        return p.m;
      case Tok.Ident:
        parseKeywordEntity(p);
        break;
      case Tok.LocalVar:
      case Tok.LocalId:
        parseTypeDefinition(p);
        break;
      case Tok.GlobalVar:
      case Tok.GlobalId:
        parseGlobal(p);
        break;
      case Tok.ComdatVar:
        parseComdat(p);
        break;
      case Tok.MetaId:
        parseMetadataDefinition(p);
        break;
      case Tok.MetaVar:
        parseNamedMetadata(p);
        break;
      default:
        throw p.unexpected('a top-level entity');
    }
  }
}

function parseKeywordEntity(p: ParseContext): void {
  const lx = p.lx;
  switch (lx.str) {
    case 'define':
      return parseFunction(p, true);
    case 'declare':
      return parseFunction(p, false);
    case 'attributes':
      return parseAttributeGroup(p);
    case 'source_filename':
      lx.next();
      p.expect(Tok.Equal, "'='");
      p.m.sourceFileName = parseString(p);
      return;
    case 'target': {
      lx.next();
      const which = lx.tok === Tok.Ident ? lx.str : '';
      if (which !== 'datalayout' && which !== 'triple') throw p.unexpected("'datalayout' or 'triple'");
      lx.next();
      p.expect(Tok.Equal, "'='");
      const s = parseString(p);
      if (which === 'datalayout') p.m.dataLayout = s;
      else p.m.triple = s;
      return;
    }
    case 'module':
      lx.next();
      p.expectWord('asm');
      p.m.moduleAsm.push(parseString(p));
      return;
    case 'uselistorder':
    case 'uselistorder_bb':
      // Use-list order directives only matter to LLVM's in-memory order: skip `… { N, … }`.
      while (lx.tok !== Tok.LBrace && lx.tok !== Tok.EOF) lx.next();
      if (lx.tok !== Tok.LBrace) throw p.unexpected("'{'");
      lx.skipBalanced();
      return;
    default:
      throw p.fail(`unknown top-level entity '${lx.str}'`);
  }
}

function parseString(p: ParseContext): string {
  const lx = p.lx;
  if (lx.tok !== Tok.String) throw p.unexpected('a string');
  const s = lx.stringValue();
  lx.next();
  return s;
}

/** `$name = comdat any|exactmatch|largest|nodeduplicate|samesize` */
function parseComdat(p: ParseContext): void {
  const lx = p.lx;
  lx.next();
  p.expect(Tok.Equal, "'='");
  p.expectWord('comdat');
  const kind = lx.tok === Tok.Ident ? lx.str : '';
  if (!['any', 'exactmatch', 'largest', 'nodeduplicate', 'noduplicates', 'samesize'].includes(kind)) throw p.unexpected('a comdat selection kind');
  lx.next();
}

function finishModule(p: ParseContext): void {
  for (const [name, pos] of p.typeRefs) throw p.failAt(pos, `use of undefined type '%${quoteName(name)}'`);
  for (const [name, pos] of p.globalRefs) throw p.failAt(pos, `use of undefined value '@${quoteName(name)}'`);
  resolveLocations(p);
  settleDeferred(p);
  // (Block addresses first: a body parsed on first use that one makes parsed adds group uses of its own.)
  resolveBlockAddresses(p);
  resolveGroupUses(p);
}

/** `!dbg` → SourceLoc for instructions, DISubprogram → sourceFile/sourceLine for functions. */
function resolveLocations(p: ParseContext): void {
  const md = p.md;
  const units = md.compileUnitFiles();
  if (units.length > 0) p.m.compileUnitFiles = units;
  const insts = p.dbgInsts;
  const refs = p.dbgRefs;
  for (let i = 0; i < insts.length; i++) {
    const ref = refs[i]!;
    const inst = insts[i]!;
    if (!md.resolves(ref)) throw p.failAt(inst.pos, `use of undefined metadata '!${ref}'`);
    inst.loc = md.location(ref);
  }
  for (const { fn, ref, pos } of p.fnDbg) {
    if (!md.resolves(ref)) throw p.failAt(pos, `use of undefined metadata '!${ref}'`);
    const sp = md.get(ref);
    if (!sp || sp.kind !== 'DISubprogram') continue;
    const file = md.get(sp.file);
    if (file && file.kind === 'DIFile') fn.sourceFile = filePath(file);
    if (sp.line >= 0) fn.sourceLine = sp.line;
  }
}
