// Source-line mapping for analysis output: the C line of an instruction (from its !dbg location) and
// the instructions of a line. Files are matched loosely: `x.c`, `dir/x.c` and `/abs/dir/x.c` all name
// the same file when one is a path suffix of the other, since DIFile names are whatever clang was given.

import type { Func, Instruction, Module } from '../ir/model.js';
import { moduleIndex } from './module-index.js';

export interface SourceLine {
  readonly file: string;
  readonly line: number;
}

export interface SourceMap {
  /** The source line of an instruction (undefined when it has no debug location). */
  lineOf(inst: Instruction): SourceLine | undefined;
  /** Instructions located at `file:line` (optionally only in `fn`), in module order. */
  instsAt(file: string, line: number, fn?: Func): Instruction[];
  /** The distinct source files instructions come from. */
  readonly files: readonly string[];
}

const cache = new WeakMap<Module, SourceMap>();

/** Whether two spellings of a file name denote the same file (equal, or one a path suffix of the other). */
export function sameFile(a: string, b: string): boolean {
  if (a === b) return true;
  const na = a.replace(/\\/g, '/').replace(/^\.\//, '');
  const nb = b.replace(/\\/g, '/').replace(/^\.\//, '');
  return na === nb || na.endsWith(`/${nb}`) || nb.endsWith(`/${na}`);
}

/** Parses `FILE:LINE` (the file may itself contain colons). */
export function parseLineSpec(spec: string): SourceLine | undefined {
  const m = /^(.*):(\d+)$/.exec(spec);
  if (!m || m[1] === '') return undefined;
  return { file: m[1]!, line: Number(m[2]) };
}

export function sourceMapOf(m: Module): SourceMap {
  let sm = cache.get(m);
  if (sm) return sm;
  const idx = moduleIndex(m);
  const byLine = new Map<number, Instruction[]>();
  const files = new Set<string>();
  for (const inst of idx.insts) {
    if (!inst?.loc || inst.loc.line <= 0) continue;
    files.add(inst.loc.file);
    let list = byLine.get(inst.loc.line);
    if (!list) byLine.set(inst.loc.line, (list = []));
    list.push(inst);
  }
  sm = {
    lineOf: (inst) => (inst.loc && inst.loc.line > 0 ? { file: inst.loc.file, line: inst.loc.line } : undefined),
    instsAt: (file, line, fn) => (byLine.get(line) ?? []).filter((i) => sameFile(i.loc!.file, file) && (!fn || i.parent.fn === fn)),
    files: [...files],
  };
  cache.set(m, sm);
  return sm;
}
