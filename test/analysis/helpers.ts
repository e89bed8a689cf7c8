// Shared by the analysis tests: compile C with clang-19 the way the experiments do (-S -emit-llvm -g
// -O0 -Xclang -disable-O0-optnone, or -O2), parse and lower it; read the expectations a fixture states in
// its comments; and project instruction-level relations onto a paper's numbered statements.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseModule } from '../../src/ir/index.js';
import type { Func, Instruction, Module } from '../../src/ir/model.js';
import { analyzeModule, type ModuleAnalysis } from '../../src/analysis/index.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fixtures = join(root, 'test', 'fixtures', 'analysis');

const work = mkdtempSync(join(tmpdir(), 'sympath-analysis-test-'));
const compiled = new Map<string, Module>();

/**
 * The lowered module of a C file at -O0 (optnone disabled) or -O2. `names` keeps clang's value names
 * (`%x` for the alloca of x): the parser drops the debug records that would name variables otherwise.
 */
export function compileC(path: string, opt: 0 | 2 = 0, names = false): Module {
  const key = `${path}@${opt}@${names}`;
  let m = compiled.get(key);
  if (m) return m;
  const out = join(work, `${compiled.size}.ll`);
  const flags = ['-S', '-emit-llvm', '-g', `-O${opt}`, '-Xclang', '-disable-O0-optnone', '-w', ...(names ? ['-fno-discard-value-names'] : [])];
  execFileSync('clang-19', [...flags, path, '-o', out], { stdio: 'pipe' });
  m = parseModule(readFileSync(out, 'utf8'), out);
  compiled.set(key, m);
  return m;
}

let snippets = 0;
/** Compiles a C snippet (written to a temporary file). */
export function compileSnippet(source: string, opt: 0 | 2 = 0): Module {
  const path = join(work, `snippet${snippets++}.c`);
  writeFileSync(path, source);
  return compileC(path, opt, true);
}

/** The analysis of a snippet plus a finder of instructions by source line. */
export function analyzeSnippet(source: string, opt: 0 | 2 = 0): Snippet {
  const m = compileSnippet(source, opt);
  return new Snippet(analyzeModule(m), source);
}

export class Snippet {
  constructor(
    readonly a: ModuleAnalysis,
    readonly source: string,
  ) {}
  fn(name: string): Func {
    return this.a.functionNamed(name);
  }
  /** The 1-based line of the first source line containing `text`. */
  lineOf(text: string): number {
    const i = this.source.split('\n').findIndex((l) => l.includes(text));
    if (i < 0) throw new Error(`no line contains ${text}`);
    return i + 1;
  }
  /** Instructions on the line containing `text`, optionally of one opcode. */
  at(text: string, op?: string): Instruction[] {
    const line = this.lineOf(text);
    const out: Instruction[] = [];
    for (const inst of this.a.index.insts) if (inst && inst.loc?.line === line && (!op || inst.op === op)) out.push(inst);
    if (out.length === 0) throw new Error(`no ${op ?? ''} instruction on line ${line} (${text})`);
    return out;
  }
  /** The conditional branch (br with a condition, or switch) on the line containing `text`. */
  branch(text: string): Instruction {
    const found = this.at(text).filter(isCondBranch);
    if (found.length !== 1) throw new Error(`${found.length} conditional branches on the line of ${text}`);
    return found[0]!;
  }
  one(text: string, op: string): Instruction {
    const found = this.at(text, op);
    if (found.length !== 1) throw new Error(`${found.length} ${op} instructions on the line of ${text}`);
    return found[0]!;
  }
  line(inst: Instruction): number | undefined {
    return inst.loc?.line;
  }
  /** Source lines of a set of instructions (located ones only), sorted. */
  lines(insts: Iterable<Instruction | number>): number[] {
    const out = new Set<number>();
    for (const x of insts) {
      const inst = typeof x === 'number' ? this.a.inst(x) : x;
      if (inst.loc) out.add(inst.loc.line);
    }
    return [...out].sort((p, q) => p - q);
  }
}

/**
 * Expectations a fixture states in its comments: `expect KEY: items…`, continued on following comment
 * lines that start with whitespace and `*` and hold no `(` or `:`.
 */
export function expectations(path: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const m = /expect ([\w ]+):\s*(.*)$/.exec(raw);
    if (m) {
      current = m[2]!.trim().split(/\s+/).filter(Boolean);
      out.set(m[1]!.trim(), current);
      continue;
    }
    const cont = /^\s*\*\s+([^():]+)$/.exec(raw);
    if (current && cont && /^[\w<>]+(\s+[\w<>]+)*\s*$/.test(cont[1]!.trim())) current.push(...cont[1]!.trim().split(/\s+/));
    else current = undefined;
  }
  return out;
}

/** Paper node names by source line, from markers `@N` (DGSE) or `nK` (DiSE) in line comments. */
export function nodeMarkers(path: string, marker: RegExp): Map<number, string> {
  const out = new Map<number, string>();
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((l, i) => {
      const m = marker.exec(l);
      if (m) out.set(i + 1, m[1]!);
    });
  return out;
}

/** Whether an instruction is a deciding conditional branch (br with a condition, or switch). */
export function isCondBranch(inst: Instruction): boolean {
  return (inst.op === 'br' && inst.operands.length === 3) || inst.op === 'switch';
}

export const dirName = (d: number): string => (d === 0 ? 'T' : 'F');
