// Two versions of a program, for the techniques that compare them (DiSE's affected paths, PESO's test
// augmentation and regression debugging) and for `--base OLD NEW` style options. A version is given as
// a C file, an .ll/.bc file (with the C file its debug locations name, or an explicit source), or a
// mutant of a mutant set (`DIR#m0003`, `DIR/mutants.json#m0003`, or a bare id with `mutants`).
//
// What changed comes from a line-level diff of the two C sources (npm `diff`), mapped to IR
// instructions through their debug locations: the instructions of NEW on added or changed lines are
// changed; the instructions of OLD on removed lines are deleted, and a removal with nothing added in its
// place marks the NEW instructions at its matched neighbour (the first following unchanged line that has
// instructions, else the last preceding one) as changed, so the place of the deletion is still seen.

import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { diffLines } from 'diff';
import { sourceMapOf, sameFile } from '../analysis/source-map.js';
import { loadModule } from '../ir/index.js';
import type { Module } from '../ir/model.js';
import { MUTANTS_JSON } from '../mutation/mutate.js';
import type { MutantSet } from '../mutation/mutate.js';
import { compileToLL, type CompileOptions } from '../toolchain/clang.js';

export class VersionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VersionError';
  }
}

export interface ProgramVersion {
  /** As given. */
  spec: string;
  kind: 'c' | 'ir' | 'mutant';
  module: Module;
  /** The C file the module's debug locations name (absolute). */
  source: string;
  /** Its text, as diffed. */
  text: string;
  /** For a mutant: its entry in mutants.json. */
  mutant?: { id: string; operator: string; line: number; column: number; original: string; replacement: string };
}

export interface VersionPair {
  old: ProgramVersion;
  new: ProgramVersion;
  /** Static ids (lowering's) of NEW's instructions on added/changed lines and at deletion neighbours. */
  changedNew: Set<number>;
  /** Static ids of OLD's instructions on removed/changed lines. */
  deletedOld: Set<number>;
  /** Lines of NEW added or changed (1-based, ascending). */
  changedNewLines: number[];
  /** NEW's lines that hold code (codeLines): which changed lines stand for the statement above them. */
  newCodeLines: ReadonlySet<number>;
  /** Lines of OLD removed or changed. */
  deletedOldLines: number[];
  /** Pure deletions: the removed OLD lines and the NEW line whose instructions stand for them (undefined
   *  when no line of NEW around them has instructions). */
  deletions: { oldLines: number[]; newLine: number | undefined }[];
  /** Every unchanged OLD line to its NEW line. */
  lineMap: Map<number, number>;
}

export interface VersionOptions {
  /** How .c versions (and mutants) are compiled (libc, -I, -D, ...). */
  compile?: CompileOptions;
  /** The mutant directory for bare mutant ids. */
  mutants?: string;
  /** The C file of an .ll/.bc OLD or NEW, when its debug locations do not name one that exists. */
  oldSource?: string;
  newSource?: string;
  /** Link .ll/.bc versions as `compile` says (with libc 'musl': musl and the environment layer, as
   *  `sympath run` links a .bc), for the techniques that execute both versions (PESO's augment and
   *  debug-regression). Off for DiSE, which reads the program's own instructions only. Their source is
   *  still found in the module as given: once linked, main can be the environment layer's. */
  linkIR?: boolean;
}

function readText(path: string, spec: string): string {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    throw new VersionError(`sympath: ${spec}: cannot read ${path}`);
  }
}

async function compiledModule(file: string, spec: string, opts: CompileOptions): Promise<Module> {
  const work = await mkdtemp(join(tmpdir(), 'sympath-version-'));
  try {
    let ll: string;
    try {
      ll = await compileToLL([file], { ...opts, out: join(work, `${basename(file).replace(/\.[^.]*$/, '')}.ll`) });
    } catch (e) {
      throw new VersionError(`${(e as Error).message}\nsympath: version ${spec}: ${file} does not compile`);
    }
    return loadModule(ll);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The C file of a module that exists on disk: the one its source_filename names, else the one `main`'s
 *  located instructions come from (a whole-program module — llvm-link or an LTO link such as Coreutils'
 *  build/ir/UTIL.bc, source_filename "ld-temp.o" — holds library files with more instructions than the
 *  program's: ranking by count alone took lib/quotearg.c for echo.c and diffed it with itself), else the
 *  one most located instructions come from. */
function sourceOfModule(m: Module): string | undefined {
  const counts = new Map<string, number>();
  const mainFiles = new Map<string, number>();
  for (const fn of m.functions) {
    for (const b of fn.blocks) {
      for (const i of b.instructions) {
        if (!i.loc || i.loc.line <= 0) continue;
        counts.set(i.loc.file, (counts.get(i.loc.file) ?? 0) + 1);
        if (fn.name === 'main') mainFiles.set(i.loc.file, (mainFiles.get(i.loc.file) ?? 0) + 1);
      }
    }
  }
  const byCount = (c: Map<string, number>): string[] => [...c.entries()].sort((a, b) => b[1] - a[1]).map(([f]) => f);
  const ranked = byCount(counts);
  const named = m.sourceFileName !== undefined ? ranked.filter((f) => sameFile(f, m.sourceFileName!)) : [];
  // When main is located, its files are the only candidates: if they are gone (a removed copy of the
  // sources), falling back to the count took a library file that exists (Coreutils' lib/quotearg.c for
  // a removed src/echo.c), diffed echo.c against it and marked most of the program changed, silently.
  return [...named, ...(mainFiles.size > 0 ? byCount(mainFiles) : ranked)].find((f) => existsSync(f));
}

function mutantRef(spec: string, opts: VersionOptions): { dir: string; id: string } | undefined {
  const hash = spec.lastIndexOf('#');
  if (hash > 0) {
    const where = spec.slice(0, hash);
    return { dir: where.endsWith(MUTANTS_JSON) ? dirname(where) : where, id: spec.slice(hash + 1) };
  }
  if (opts.mutants !== undefined && /^m\d+$/.test(spec)) return { dir: opts.mutants, id: spec };
  return undefined;
}

/** Loads one version; see the file comment for the forms of `spec`. */
export async function loadVersion(spec: string, opts: VersionOptions = {}, explicitSource?: string): Promise<ProgramVersion> {
  const ref = mutantRef(spec, opts);
  if (ref) {
    const path = join(resolve(ref.dir), MUTANTS_JSON);
    if (!existsSync(path)) throw new VersionError(`sympath: version ${spec}: ${path}: no such file`);
    let set: MutantSet;
    try {
      set = JSON.parse(readFileSync(path, 'utf8')) as MutantSet;
    } catch (e) {
      throw new VersionError(`sympath: version ${spec}: ${path}: not valid JSON (${(e as Error).message})`);
    }
    const m = set.mutants?.find((x) => x.id === ref.id);
    if (!m) throw new VersionError(`sympath: version ${spec}: ${path} has no mutant ${ref.id}`);
    const file = join(resolve(ref.dir), m.path);
    const compile: CompileOptions = {
      ...opts.compile,
      includes: [dirname(set.source), ...(set.includes ?? []), ...(opts.compile?.includes ?? [])],
      defines: [...(set.defines ?? []), ...(opts.compile?.defines ?? [])],
    };
    const { id, operator, line, column, original, replacement } = m;
    return { spec, kind: 'mutant', module: await compiledModule(file, spec, compile), source: file, text: readText(file, spec), mutant: { id, operator, line, column, original, replacement } };
  }
  if (!existsSync(spec)) throw new VersionError(`sympath: version ${spec}: no such file`);
  if (/\.(c|i)$/i.test(spec)) {
    const file = resolve(spec);
    return { spec, kind: 'c', module: await compiledModule(file, spec, opts.compile ?? {}), source: file, text: readText(file, spec) };
  }
  if (/\.(ll|bc)$/i.test(spec)) {
    let module: Module;
    try {
      module = loadModule(spec);
    } catch (e) {
      throw new VersionError(`sympath: version ${spec}: ${(e as Error).message}`);
    }
    const source = explicitSource !== undefined ? resolve(explicitSource) : sourceOfModule(module);
    if (source === undefined) {
      throw new VersionError(`sympath: version ${spec}: its debug locations name no C file that exists (compile it with -g, or give its source; when main is located, only main's file is taken)`);
    }
    if (opts.linkIR === true && opts.compile?.libc === 'musl') module = await compiledModule(resolve(spec), spec, opts.compile);
    return { spec, kind: 'ir', module, source, text: readText(source, spec) };
  }
  throw new VersionError(`sympath: version ${spec}: expected a .c, .ll or .bc file or a mutant (DIR#ID)`);
}

/** Static ids of `v`'s instructions on `line` of its source. */
function idsAt(v: ProgramVersion, line: number): number[] {
  return sourceMapOf(v.module).instsAt(v.source, line).map((i) => i.id);
}

/** Lines searched back from a changed line without instructions for the statement it continues. */
const CONTINUATION_LINES = 20;

/**
 * The line whose instructions stand for a change to `line`: itself when `hasInstructions(line)`; else,
 * for a line with code (`codeLines`: not blank, not only a comment), the nearest line above that has
 * some. A statement's instructions sit on its first line (a call spanning lines is located where the
 * callee is named), so a change to a later line of it — an argument, as the mutant `0` -> `1` in
 * fold.c's `xdectoumax (optarg, …,\n _("invalid number of columns"), 0)` — located nothing, and DiSE saw
 * an unchanged program. For a code line that is not a continuation (a declaration without initialiser,
 * a brace) the line above over-approximates: more is impacted, DiSE prunes less, never wrongly.
 */
export function statementLine(line: number, hasInstructions: (line: number) => boolean, codeLines: ReadonlySet<number>): number | undefined {
  if (hasInstructions(line)) return line;
  if (!codeLines.has(line)) return undefined;
  for (let l = line - 1; l >= 1 && l > line - CONTINUATION_LINES; l--) if (hasInstructions(l)) return l;
  return undefined;
}

/**
 * The lines of C text that hold code: a character other than white space outside comments (string and
 * character literals are code; a comment's text is not, nor is a blank line).
 */
export function codeLines(text: string): Set<number> {
  const out = new Set<number>();
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '\n') {
      line++;
      i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      for (let k = i; k < stop; k++) if (text[k] === '\n') line++;
      i = stop;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '"' || c === "'") {
      out.add(line);
      i++;
      while (i < n && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else {
      if (c !== ' ' && c !== '\t' && c !== '\r') out.add(line);
      i++;
    }
  }
  return out;
}

function statementIdsAt(v: ProgramVersion, line: number, code: ReadonlySet<number>): number[] {
  const l = statementLine(line, (k) => idsAt(v, k).length > 0, code);
  return l === undefined ? [] : idsAt(v, l);
}

/** The line-level diff of two texts: lines of OLD removed, lines of NEW added, unchanged OLD -> NEW,
 *  and the pure removals with the NEW line after them (NEW's line count + 1 at the end). */
export function diffSourceLines(oldText: string, newText: string): {
  removed: number[];
  added: number[];
  lineMap: Map<number, number>;
  pureRemovals: { oldLines: number[]; nextNew: number; prevNew: number }[];
} {
  const removed: number[] = [];
  const added: number[] = [];
  const lineMap = new Map<number, number>();
  const pureRemovals: { oldLines: number[]; nextNew: number; prevNew: number }[] = [];
  let o = 1;
  let n = 1;
  const changes = diffLines(oldText, newText);
  for (let k = 0; k < changes.length; k++) {
    const c = changes[k]!;
    const count = c.count ?? c.value.split('\n').length - (c.value.endsWith('\n') ? 1 : 0);
    if (c.removed) {
      const lines = Array.from({ length: count }, (_, i) => o + i);
      removed.push(...lines);
      const prev = changes[k - 1];
      const next = changes[k + 1];
      if (!(next?.added || prev?.added)) pureRemovals.push({ oldLines: lines, nextNew: n, prevNew: n - 1 });
      o += count;
    } else if (c.added) {
      for (let i = 0; i < count; i++) added.push(n + i);
      n += count;
    } else {
      for (let i = 0; i < count; i++) lineMap.set(o + i, n + i);
      o += count;
      n += count;
    }
  }
  return { removed, added, lineMap, pureRemovals };
}

/** Loads OLD and NEW and says which instructions changed; see the file comment. */
export async function loadVersionPair(oldSpec: string, newSpec: string, opts: VersionOptions = {}): Promise<VersionPair> {
  const oldV = await loadVersion(oldSpec, opts, opts.oldSource);
  const newV = await loadVersion(newSpec, opts, opts.newSource);
  const d = diffSourceLines(oldV.text, newV.text);
  const changedNew = new Set<number>();
  const deletedOld = new Set<number>();
  const newCode = codeLines(newV.text);
  const oldCode = codeLines(oldV.text);
  for (const l of d.added) for (const id of statementIdsAt(newV, l, newCode)) changedNew.add(id);
  for (const l of d.removed) for (const id of statementIdsAt(oldV, l, oldCode)) deletedOld.add(id);
  const newLines = newV.text.split('\n').length;
  const deletions = d.pureRemovals.map((r) => {
    let anchor: number | undefined;
    for (let l = r.nextNew; l <= newLines && anchor === undefined; l++) if (idsAt(newV, l).length > 0) anchor = l;
    for (let l = r.prevNew; l >= 1 && anchor === undefined; l--) if (idsAt(newV, l).length > 0) anchor = l;
    if (anchor !== undefined) for (const id of idsAt(newV, anchor)) changedNew.add(id);
    return { oldLines: r.oldLines, newLine: anchor };
  });
  return {
    old: oldV,
    new: newV,
    changedNew,
    deletedOld,
    changedNewLines: d.added,
    newCodeLines: newCode,
    deletedOldLines: d.removed,
    deletions,
    lineMap: d.lineMap,
  };
}
