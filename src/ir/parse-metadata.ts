// Metadata syntax: `!N = [distinct] !DIKind(field: value, …)` and `!N = !{…}` definitions, named
// metadata (`!llvm.dbg.cu = !{…}`), attachments (`!dbg !N`, also with an inline node), and LLVM 19's
// debug records (`#dbg_value(…)`), which are parsed and dropped. Only the nodes that lead from a
// location to a file are read field by field; the others are skipped as balanced text (fast, and
// future kinds parse too).

import { Tok } from './lexer.js';
import type { ParseContext } from './parse-context.js';
import { NULL_REF, newMdNode, type MdNode, type MdRef } from './metadata.js';

/** Node kinds whose fields we read. */
const TRACKED = new Set(['DILocation', 'DISubprogram', 'DILexicalBlock', 'DILexicalBlockFile', 'DIFile', 'DINamespace', 'DIModule', 'DICompileUnit']);

/** `!N = …` at module level (current token `!N`). */
export function parseMetadataDefinition(p: ParseContext): void {
  const lx = p.lx;
  const id = lx.num;
  const at = p.pos();
  lx.next();
  p.expect(Tok.Equal, "'='");
  if (p.md.has(id)) throw p.failAt(at, `redefinition of '!${id}'`);
  p.eatWord('distinct');
  p.md.define(id, parseNodeBody(p));
}

/** A node: `!DIKind(…)`, `!{…}` or `!"…"`. */
function parseNodeBody(p: ParseContext): MdNode {
  const lx = p.lx;
  if (lx.tok === Tok.MetaVar) return parseSpecialized(p);
  if (lx.tok === Tok.Exclaim) {
    lx.next();
    if (lx.tok === Tok.LBrace) {
      lx.skipBalanced();
      return newMdNode('!{}');
    }
    if (lx.tok === Tok.String) {
      lx.next();
      return newMdNode('!""');
    }
  }
  throw p.unexpected('a metadata node');
}

/** `!DIKind(…)` with the current token `!DIKind`. */
function parseSpecialized(p: ParseContext): MdNode {
  const lx = p.lx;
  const kind = lx.str;
  lx.next();
  if (lx.tok !== Tok.LParen) throw p.unexpected("'('");
  const node = newMdNode(kind);
  if (!TRACKED.has(kind)) {
    lx.skipBalanced();
    return node;
  }
  lx.next();
  while (lx.tok !== Tok.RParen) {
    if (lx.tok !== Tok.Label) throw p.unexpected('a field label');
    const key = lx.str;
    lx.next();
    switch (key) {
      case 'line':
        node.line = parseMdInt(p);
        break;
      case 'column':
        node.col = parseMdInt(p);
        break;
      case 'scope':
        node.scope = parseMdRef(p);
        break;
      case 'file':
        node.file = parseMdRef(p);
        break;
      case 'filename':
        node.filename = parseMdString(p);
        break;
      case 'directory':
        node.directory = parseMdString(p);
        break;
      default:
        lx.skipOperandText();
    }
    if (lx.tok === Tok.Comma) lx.next();
    else if (lx.tok !== Tok.RParen) throw p.unexpected("',' or ')'");
  }
  lx.next();
  return node;
}

function parseMdInt(p: ParseContext): number {
  const lx = p.lx;
  if (lx.tok !== Tok.Integer) throw p.unexpected('an integer');
  const n = lx.num;
  lx.next();
  return n;
}

function parseMdString(p: ParseContext): string {
  const lx = p.lx;
  if (lx.tok !== Tok.String) throw p.unexpected('a string');
  const s = lx.stringValue();
  lx.next();
  return s;
}

/** A reference to a node: `!N`, `null`, an inline `!DIKind(…)`, or an inline `!{…}`/`!"…"`. */
export function parseMdRef(p: ParseContext): MdRef {
  const lx = p.lx;
  switch (lx.tok) {
    case Tok.MetaId: {
      const id = lx.num;
      lx.next();
      return id;
    }
    case Tok.MetaVar:
      return p.md.addInline(parseSpecialized(p));
    case Tok.Exclaim:
      parseNodeBody(p);
      return NULL_REF;
    case Tok.Ident:
      if (lx.str === 'null') {
        lx.next();
        return NULL_REF;
      }
  }
  throw p.unexpected('metadata');
}

/** `!name = !{…}` at module level. */
export function parseNamedMetadata(p: ParseContext): void {
  const lx = p.lx;
  lx.next();
  p.expect(Tok.Equal, "'='");
  if (lx.tok !== Tok.Exclaim) throw p.unexpected("'!'");
  lx.next();
  if (lx.tok !== Tok.LBrace) throw p.unexpected("'{'");
  lx.skipBalanced();
}

/** `#dbg_value(…)` and the other debug records: checked for balance and dropped. */
export function skipDebugRecord(p: ParseContext): void {
  const lx = p.lx;
  const kind = lx.str;
  if (kind !== 'dbg_value' && kind !== 'dbg_declare' && kind !== 'dbg_assign' && kind !== 'dbg_label')
    throw p.fail(`unknown debug record '#${kind}'`);
  lx.next();
  if (lx.tok !== Tok.LParen) throw p.unexpected("'('");
  lx.skipBalanced();
}
