// The C sources of a program given as .ll or .bc (issue 22 item 6): its compile units name them in
// their debug information (`!DICompileUnit(…, file: !N)` with `!N = !DIFile(filename, directory)`, read
// by the IR parser into Module.compileUnitFiles), so `sympath replay` can rebuild it natively as it does a
// program given as .c. Read from the module the run loaded (the linked one: sympath's libc and POSIX layer
// carry no debug information, so every compile unit in it is the program's). C units are told by their
// file's extension (.c, .i; a C++ unit's is .cpp, .cc, …). The -I and -D flags the program was compiled
// with are not in the debug information: `sympath run -I/-D` records them for replay.

import { existsSync } from 'node:fs';
import type { Module } from '../ir/model.js';

/** The C files of the module's compile units, split into those that exist here and those that do not. */
export function debugInfoSources(m: Pick<Module, 'compileUnitFiles'>): { found: string[]; missing: string[] } {
  const all = (m.compileUnitFiles ?? []).filter((f) => /\.[ci]$/.test(f));
  return { found: all.filter((f) => existsSync(f)), missing: all.filter((f) => !existsSync(f)) };
}
