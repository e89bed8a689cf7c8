// `sympath mutate` as a function: single-site source mutants of one C file. Sites come from clang's AST
// (ast.ts, operators.ts); each candidate is written as a copy of the file with one edit and compiled
// with the flags `sympath compile` uses (src/toolchain/clang.ts). Candidates that do not compile are
// dropped and counted; a mutant whose IR equals the original's once debug metadata and module names
// are stripped is kept but marked equivalent by construction.
//
// Output: DIR/<id>/<file name> per mutant (the same base name as the original, so the program keeps its
// name) and DIR/mutants.json, written last under a temporary name and renamed: a DIR without
// mutants.json holds no finished mutant set.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { Rng } from '../search/rng.js';
import { clangArgs, runtimeIncludeDir } from '../toolchain/clang.js';
import { runTool } from '../toolchain/tools.js';
import { dumpAst, functionsOfDump } from './ast.js';
import { MutationError } from './errors.js';
import { candidates, OPERATORS, type Candidate, type OperatorName } from './operators.js';

export interface MutateOptions {
  outDir: string;
  operators?: readonly OperatorName[];
  /** Only sites on these lines (inclusive). */
  lines?: { from: number; to: number };
  /** Only sites in these functions. */
  functions?: readonly string[];
  /** At most this many compiling mutants, chosen at random (seeded) among the candidates. */
  max?: number;
  seed?: number;
  includes?: readonly string[];
  defines?: readonly string[];
  /** Parallel compiles (default: the machine's cores). */
  jobs?: number;
  progress?: (line: string) => void;
}

/** One mutant as mutants.json lists it. */
export interface MutantEntry {
  id: string;
  operator: OperatorName;
  /** The original file (absolute). */
  file: string;
  function: string;
  line: number;
  column: number;
  original: string;
  replacement: string;
  /** The mutated copy, relative to the mutant directory. */
  path: string;
  /** Its IR equals the original's (debug metadata aside): no test can kill it. */
  equivalent: boolean;
}

/** DIR/mutants.json. */
export interface MutantSet {
  version: 1;
  /** The original file (absolute). */
  source: string;
  includes: string[];
  defines: string[];
  operators: OperatorName[];
  seed: number | null;
  /** Sites the operators found (after --lines/--function). */
  candidates: number;
  /** Candidates compiled (a --max run stops once it has enough). */
  compiled: number;
  /** Compiled candidates that clang rejected: dropped. */
  notCompiling: number;
  equivalent: number;
  mutants: MutantEntry[];
  /** Per operator: [kept, dropped for not compiling]. */
  byOperator: Record<string, { mutants: number; notCompiling: number; equivalent: number }>;
}

export const MUTANTS_JSON = 'mutants.json';

/** The IR text with what does not change behaviour removed: debug records and metadata, the module's
 *  name and comments. Two files compiling to the same normalised IR are the same program. */
export function normalizeIR(ir: string): string {
  const out: string[] = [];
  for (const line of ir.split('\n')) {
    const t = line.trimStart();
    if (t === '' || t.startsWith(';') || t.startsWith('!') || t.startsWith('source_filename') || t.startsWith('#dbg_')) continue;
    if (t.includes('@llvm.dbg.')) continue;
    out.push(line.replace(/, ![A-Za-z_.][\w.]* !\d+/g, '').replace(/ !dbg !\d+/g, ''));
  }
  return out.join('\n');
}

/** 1-based line and column of each byte offset. */
function lineColumn(src: Buffer, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = src.indexOf(0x0a); i >= 0 && i < offset; i = src.indexOf(0x0a, i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

async function compileTo(source: string, out: string, includes: readonly string[], defines: readonly string[], extra: string[]): Promise<string> {
  await runTool('clang', clangArgs(source, out, { includes, defines, clangArgs: ['-w', ...extra] }), `compiling ${source}`);
  return readFile(out, 'utf8');
}

function firstLines(text: string, n: number): string {
  return text.split('\n').slice(0, n).join('\n');
}

/** Makes the mutants of `file`; see the file comment. */
export async function mutateFile(file: string, opts: MutateOptions): Promise<MutantSet> {
  const source = resolve(file);
  if (!existsSync(source) || !statSync(source).isFile()) throw new MutationError(`sympath mutate: ${file}: no such file`);
  if (!/\.(c|i)$/i.test(source)) throw new MutationError(`sympath mutate: ${file}: expected a C file (.c)`);
  const outDir = resolve(opts.outDir);
  prepareOutDir(outDir);
  const includes = [dirname(source), ...(opts.includes ?? []).map((i) => resolve(i))];
  const defines = [...(opts.defines ?? [])];
  const operators = [...(opts.operators ?? OPERATORS)];
  const work = await mkdtemp(join(tmpdir(), 'sympath-mutate-'));
  try {
    let originalIR: string;
    try {
      originalIR = normalizeIR(await compileTo(source, join(work, 'original.ll'), includes, defines, []));
    } catch (e) {
      throw new MutationError(`${(e as Error).message}\nsympath mutate: ${file} does not compile; nothing to mutate`);
    }
    const src = readFileSync(source);
    const fns = functionsOfDump(await dumpAst(source, includes, defines, runtimeIncludeDir), source);
    if (opts.functions && opts.functions.length > 0) {
      const missing = opts.functions.filter((f) => !fns.some((g) => g.name === f));
      if (missing.length > 0) throw new MutationError(`sympath mutate: ${file} defines no function ${missing.join(', ')}`);
    }
    const wanted = fns.filter((f) => !opts.functions || opts.functions.length === 0 || opts.functions.includes(f.name));
    const all = candidates(src, source, wanted).filter((c) => {
      if (!operators.includes(c.operator)) return false;
      if (!opts.lines) return true;
      const { line } = lineColumn(src, c.begin);
      return line >= opts.lines.from && line <= opts.lines.to;
    });
    if (all.length === 0) {
      throw new MutationError(`sympath mutate: ${file}: no mutation site for ${operators.join(',')}${opts.lines ? ` on lines ${opts.lines.from}-${opts.lines.to}` : ''}${opts.functions?.length ? ` in ${opts.functions.join(', ')}` : ''}`);
    }
    const order = opts.max !== undefined ? shuffled(all, opts.seed ?? 1) : all;
    const results = await compileCandidates(order, src, source, work, includes, defines, originalIR, opts);
    const position = new Map(all.map((c, i) => [c, i]));
    const kept = results.filter((r) => r.ok).sort((a, b) => position.get(a.cand)! - position.get(b.cand)!);
    const dropped = results.filter((r) => !r.ok);
    if (kept.length === 0) {
      const why = dropped[0]?.error ? `; the first error:\n${dropped[0].error}` : '';
      throw new MutationError(`sympath mutate: ${file}: none of the ${results.length} mutants compiles${why}`);
    }
    const base = basename(source);
    const width = Math.max(4, String(kept.length).length);
    const byOperator: MutantSet['byOperator'] = {};
    for (const o of operators) byOperator[o] = { mutants: 0, notCompiling: 0, equivalent: 0 };
    const mutants: MutantEntry[] = kept.map((r, i) => {
      const id = `m${String(i + 1).padStart(width, '0')}`;
      const { line, column } = lineColumn(src, r.cand.begin);
      mkdirSync(join(outDir, id));
      writeFileSync(join(outDir, id, base), r.text);
      byOperator[r.cand.operator]!.mutants++;
      if (r.equivalent) byOperator[r.cand.operator]!.equivalent++;
      return {
        id,
        operator: r.cand.operator,
        file: source,
        function: r.cand.function,
        line,
        column,
        original: r.cand.original,
        replacement: r.cand.replacement,
        path: `${id}/${base}`,
        equivalent: r.equivalent,
      };
    });
    for (const d of dropped) byOperator[d.cand.operator]!.notCompiling++;
    const set: MutantSet = {
      version: 1,
      source,
      includes: includes.slice(1),
      defines,
      operators,
      seed: opts.max !== undefined ? (opts.seed ?? 1) : null,
      candidates: all.length,
      compiled: results.length,
      notCompiling: dropped.length,
      equivalent: mutants.filter((m) => m.equivalent).length,
      mutants,
      byOperator,
    };
    writeAtomically(join(outDir, MUTANTS_JSON), `${JSON.stringify(set, null, 2)}\n`);
    return set;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Writes `path` under a temporary name first, so a reader never sees half a file. */
export function writeAtomically(path: string, data: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/** DIR must be new, empty, or an earlier mutant set (whose files are removed first). */
function prepareOutDir(outDir: string): void {
  if (!existsSync(outDir)) {
    mkdirSync(outDir, { recursive: true });
    return;
  }
  if (!statSync(outDir).isDirectory()) throw new MutationError(`sympath mutate: --out ${outDir} is not a directory`);
  const entries = readdirSync(outDir);
  if (entries.length === 0) return;
  if (!entries.includes(MUTANTS_JSON)) {
    throw new MutationError(`sympath mutate: --out ${outDir} is not empty and holds no ${MUTANTS_JSON}; choose a new directory`);
  }
  rmSync(join(outDir, MUTANTS_JSON));
  for (const e of entries) if (/^m\d+$/.test(e)) rmSync(join(outDir, e), { recursive: true, force: true });
}

function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const a = [...xs];
  const rng = new Rng(seed);
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

interface Compiled {
  cand: Candidate;
  ok: boolean;
  text: Buffer;
  equivalent: boolean;
  error?: string;
}

function apply(src: Buffer, c: Candidate): Buffer {
  return Buffer.concat([src.subarray(0, c.begin), Buffer.from(c.replacement, 'latin1'), src.subarray(c.end)]);
}

/** Compiles candidates in `order`, `jobs` at a time, until `max` compile (all of them without max). */
async function compileCandidates(
  order: readonly Candidate[],
  src: Buffer,
  source: string,
  work: string,
  includes: readonly string[],
  defines: readonly string[],
  originalIR: string,
  opts: MutateOptions,
): Promise<Compiled[]> {
  const results: (Compiled | undefined)[] = new Array(order.length);
  const max = opts.max ?? Infinity;
  const jobs = Math.max(1, opts.jobs ?? availableParallelism());
  let next = 0;
  let okCount = 0;
  let inFlight = 0;
  const origDir = dirname(source);
  const worker = async (): Promise<void> => {
    while (next < order.length && okCount + inFlight < max) {
      const i = next++;
      inFlight++;
      const cand = order[i]!;
      const dir = join(work, String(i));
      mkdirSync(dir);
      const path = join(dir, basename(source));
      const text = apply(src, cand);
      await writeFile(path, text);
      try {
        // __FILE__ names the original, so a mutant that changes nothing compiles to the same IR.
        const ir = await compileTo(path, join(dir, 'm.ll'), includes, defines, [`-fmacro-prefix-map=${dir}=${origDir}`]);
        results[i] = { cand, ok: true, text, equivalent: normalizeIR(ir) === originalIR };
        okCount++;
      } catch (e) {
        results[i] = { cand, ok: false, text, equivalent: false, error: firstLines((e as Error).message, 6) };
      } finally {
        inFlight--;
      }
      opts.progress?.(`${i + 1}/${order.length} candidates compiled, ${okCount} mutants`);
      await rm(dir, { recursive: true, force: true });
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  const done = results.filter((r): r is Compiled => r !== undefined);
  // With --max, more than max may have compiled in the last parallel round: keep the first max in order.
  if (okCount > max) {
    let seen = 0;
    return done.filter((r) => !r.ok || ++seen <= max);
  }
  return done;
}
