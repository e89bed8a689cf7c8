// Function bodies parsed on first use. A run reads only the functions it calls, and a program linked with
// musl and the POSIX model carries ~130 bodies of which a small program calls a few dozen: parsing them
// all was a quarter of a small run's whole process (issue 20 item 1). So, when the caller asks (loadModule,
// for text LLVM's tools printed), a body without debug information stays text: its end is the next line
// that is exactly `}`, and it is parsed, checked and lowered when something first reads its blocks.
//
// What does not change:
// - ids: lowering reserves one instruction id and one branch id per line of a skipped body (LLVM prints
//   one instruction per line), so the numbering depends on the text alone, not on which bodies a run
//   happens to read — the processes of one run (--workers, the queue) agree, as do two runs;
// - coverage: only bodies without `!dbg` are skipped, and in a module with debug information those are
//   not the program's own lines (engine/coverage.ts); a module without any is parsed whole at once;
// - what a body means: it is parsed by the same code, with the module's symbols, types, attribute groups
//   and metadata all known by then.
// What does: an error in a body nothing reads is never reported (LLVM printed the text, so there is
// none), and an error in one that is read is reported when it is first read, with its file and line.

import { pendingBodyOf, setPendingBody, type PendingBody } from './build.js';
import { lowerLateBody } from './lower.js';
import { parseBlocks } from './parse-function.js';
import { quoteName, type FunctionState, type ParseContext } from './parse-context.js';
import { resolveBlockAddresses, resolveGroupUses } from './parse-resolve.js';

/** Whether `text` is a module as LLVM's printer writes it (the only text whose bodies are skipped). */
export function printedByLlvm(text: string): boolean {
  return text.startsWith('; ModuleID = ');
}

/**
 * At the `{` of `fs.fn`'s body: when the body can wait (no debug information in it or on its function),
 * skips it and returns true; the function's blocks are then parsed when first read.
 */
export function deferBody(p: ParseContext, fs: FunctionState): boolean {
  const lx = p.lx;
  const text = lx.text;
  const fn = fs.fn;
  const lastDbg = p.fnDbg[p.fnDbg.length - 1];
  if (lastDbg !== undefined && lastDbg.fn === fn) return false;
  const open = lx.start;
  const close = closingLine(text, open);
  if (close < 0) return false;
  // (Within the body only: a search from `open` alone would run on to the module's metadata each time.)
  if (text.slice(open, close).includes('!dbg')) return false;
  let lines = 0;
  for (let k = text.indexOf('\n', open); k >= 0 && k < close; k = text.indexOf('\n', k + 1)) lines++;
  const line = lx.tokLine;
  const lineStart = lx.tokLineStart;
  const body: PendingBody = {
    reserve: lines,
    idBase: -1,
    branchBase: -1,
    parse: () => parseDeferred(p, fs, body, open, line, lineStart, close),
  };
  setPendingBody(fn, body);
  // The `}` starts line `line + lines`; go on after it.
  lx.seek(close + 1, line + lines, close);
  return true;
}

/** The offset of the `}` that is alone on a line after `open`, or -1. */
function closingLine(text: string, open: number): number {
  for (let k = text.indexOf('\n}', open); k >= 0; k = text.indexOf('\n}', k + 2)) {
    const after = text.charCodeAt(k + 2);
    if (k + 2 >= text.length || after === 10 || after === 13) return k + 1;
  }
  return -1;
}

function parseDeferred(p: ParseContext, fs: FunctionState, body: PendingBody, open: number, line: number, lineStart: number, close: number): void {
  const lx = p.lx;
  lx.seek(open, line, lineStart);
  try {
    parseBlocks(p, fs);
    if (lx.prevEnd !== close + 1) throw p.failAt(open, `the body of '@${quoteName(fs.fn.name)}' does not end at the first line that is only '}'`);
    for (const [name, pos] of p.typeRefs) throw p.failAt(pos, `use of undefined type '%${quoteName(name)}'`);
    for (const [name, pos] of p.globalRefs) throw p.failAt(pos, `use of undefined value '@${quoteName(name)}'`);
  } catch (e) {
    // What the failed body left pending must not fail the next body read (all of it is empty once the
    // module is finished; a failure while it finishes fails the whole load anyway).
    p.typeRefs.clear();
    p.globalRefs.clear();
    p.groupUses.length = 0;
    p.blockAddrs.length = 0;
    p.fs = undefined;
    throw e;
  }
  // Parsed while the module is finished (settleDeferred): the module's own resolution and lowering follow.
  if (body.idBase < 0) return;
  // (Block addresses first: a body they make parsed adds group uses of its own.)
  resolveBlockAddresses(p);
  resolveGroupUses(p);
  lowerLateBody(p.m, fs.fn, body, lx.text);
}

/**
 * At the end of the module (its debug locations resolved): when it has no debug information at all, every
 * skipped body is parsed now — all its code is then the program's own (engine/coverage.ts). (Bodies
 * another function's `blockaddress` points into are parsed when that is resolved, next.)
 */
export function settleDeferred(p: ParseContext): void {
  if (!p.lazyBodies) return;
  const hasDebug = p.m.functions.some((f) => f.sourceFile !== undefined) || p.dbgInsts.some((i) => i.loc !== undefined);
  if (!hasDebug) for (const f of p.m.functions) if (pendingBodyOf(f)) void f.blocks; // the accessor parses it
}
