// The C sources of a program given as .ll or .bc (issue 22 item 6): its compile units name them in
// their debug information (`!DICompileUnit(language: DW_LANG_C…, file: !N)` with `!N = !DIFile(filename,
// directory)`), so `sympath replay` can rebuild it natively as it does a program given as .c. Read from
// the IR text the run already has (the linked module: sympath's libc and POSIX layer carry no debug
// information, so every compile unit in it is the program's). The -I and -D flags the program was
// compiled with are not in the debug information: `sympath run -I/-D` records them for replay.

import { existsSync } from 'node:fs';
import { filePath, newMdNode } from '../ir/metadata.js';

const DIFILE = /^!(\d+) = !DIFile\(filename: "((?:[^"\\]|\\.)*)", directory: "((?:[^"\\]|\\.)*)"/gm;
const C_UNIT = /^!\d+ = distinct !DICompileUnit\(language: DW_LANG_C(?:89|99|11|17)?, file: !(\d+)/gm;

/** `\XX` escapes of LLVM metadata strings, undone. */
function unescapeMd(s: string): string {
  return s.replace(/\\([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The source files of the C compile units of an IR module's text, in the module's order, each once. */
export function compileUnitSources(irText: string): string[] {
  const files = new Map<string, string>();
  for (const m of irText.matchAll(DIFILE)) {
    const node = newMdNode('DIFile');
    node.filename = unescapeMd(m[2]!);
    node.directory = unescapeMd(m[3]!);
    files.set(m[1]!, filePath(node));
  }
  const out: string[] = [];
  for (const m of irText.matchAll(C_UNIT)) {
    const path = files.get(m[1]!);
    if (path !== undefined && !out.includes(path)) out.push(path);
  }
  return out;
}

/** The compile units' sources split into those that exist here and those that do not. */
export function debugInfoSources(irText: string): { found: string[]; missing: string[] } {
  const all = compileUnitSources(irText);
  return { found: all.filter((f) => existsSync(f)), missing: all.filter((f) => !existsSync(f)) };
}
