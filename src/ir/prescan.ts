// A quick pass over the line starts of a module that finds which global names are variables,
// functions or aliases. With it the parser creates the right object at a global's first use (clang
// declares external functions after the code that calls them), so uses never need patching. Run
// lazily, on the first use of a global not yet defined.

import { Lexer, Tok } from './lexer.js';

export type GlobalKind = 'global' | 'func' | 'alias';

export function prescanGlobals(text: string, file: string): Map<string, GlobalKind> {
  const kinds = new Map<string, GlobalKind>();
  const lx = new Lexer(text, file);
  const len = text.length;
  let start = 0;
  while (start < len) {
    let p = start;
    let c = text.charCodeAt(p);
    while (c === 32 || c === 9) c = text.charCodeAt(++p);
    if (c === 64 /* @ */ || (c === 100 /* d */ && (text.startsWith('define', p) || text.startsWith('declare', p)))) {
      try {
        scanDefinition(lx, p, kinds);
      } catch {
        // Malformed text: the real parse reports it where it is.
      }
    }
    const nl = text.indexOf('\n', start);
    if (nl < 0) break;
    start = nl + 1;
  }
  return kinds;
}

function scanDefinition(lx: Lexer, at: number, kinds: Map<string, GlobalKind>): void {
  lx.pos = at;
  let tok = lx.next();
  if (tok === Tok.GlobalVar || tok === Tok.GlobalId) {
    const name = lx.str;
    if (lx.next() !== Tok.Equal) return;
    // `@x = [linkage, visibility, …] global|constant|alias|ifunc`
    for (let i = 0; i < 16; i++) {
      if (lx.next() !== Tok.Ident && lx.tok !== Tok.LParen && lx.tok !== Tok.RParen && lx.tok !== Tok.Integer) return;
      if (lx.tok !== Tok.Ident) continue;
      const w = lx.str;
      if (w === 'global' || w === 'constant') return void kinds.set(name, 'global');
      if (w === 'alias' || w === 'ifunc') return void kinds.set(name, 'alias');
    }
    return;
  }
  if (tok !== Tok.Ident || (lx.str !== 'define' && lx.str !== 'declare')) return;
  // The function name is the first global name after the keyword (the return type and attributes
  // before it contain none).
  for (let i = 0; i < 200; i++) {
    tok = lx.next();
    if (tok === Tok.GlobalVar || tok === Tok.GlobalId) return void kinds.set(lx.str, 'func');
    if (tok === Tok.EOF) return;
  }
}
