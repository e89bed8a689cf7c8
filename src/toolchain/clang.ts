// From C sources (and IR files) to one textual LLVM IR module: what `sympath compile` does and what
// `sympath run` reuses. Each .c goes through clang-19 `-S -emit-llvm -g -Xclang -disable-O0-optnone` with
// runtime/include on the include path (so `#include <klee/klee.h>` works); several inputs are joined with
// `llvm-link-19 -S`; a .ll input is taken as it is and a .bc input is disassembled with llvm-dis-19.

// Synchronous file calls: a CLI with nothing else to do meanwhile, and node:fs/promises was ~2 ms of
// every start to load.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../cli/user-error.js';
import { ensureMusl, linkWithMusl, muslClangArgs } from './musl.js';
import { cacheDir, cacheGet, cacheKey, cachePut, fileHash } from './cache.js';
import { cachedLink } from './cached-link.js';
import { runTool, toolIdentity } from './tools.js';

export { findTool, toolPath, LLVM_VERSION, type LlvmTool } from './tools.js';

/** The repository root (this file is src/toolchain/clang.ts or dist/toolchain/clang.js). */
export const packageRoot: string = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The headers every compilation sees: klee/klee.h and sympath.h. */
export const runtimeIncludeDir: string = join(packageRoot, 'runtime', 'include');

/** Optimisation levels `sympath compile` accepts. */
export type OptLevel = 0 | 1 | 2;

export interface CompileOptions {
  /** -I directories, searched before runtime/include. */
  readonly includes?: readonly string[];
  /** -D macros, `NAME` or `NAME=VALUE`. */
  readonly defines?: readonly string[];
  /** -O level for clang; 0 by default (with optnone disabled, so `opt` can still run later). */
  readonly optLevel?: OptLevel;
  /** Output .ll path; when absent a fresh temporary folder holds the result. */
  readonly out?: string;
  /** Further clang arguments, placed before the source file (e.g. a libc's include flags). */
  readonly clangArgs?: readonly string[];
  /** Receives clang's warnings when compilation succeeds; by default they go to stderr as printed. */
  readonly onDiagnostics?: (text: string) => void;
  /**
   * The C library: 'none' (default; the engine's built-in libc functions, the system's headers) or
   * 'musl' (musl's headers; the result is linked with crt1, the environment layer and musl's IR).
   */
  readonly libc?: 'none' | 'musl';
  /** With libc 'musl': link the POSIX model (runtime/posix) rather than the bare layer. */
  readonly posixRuntime?: boolean;
  /** With libc 'musl': where build/musl progress messages go (default stderr). */
  readonly log?: (text: string) => void;
}

/** The kind of an input file, from its extension. */
export type InputKind = 'c' | 'll' | 'bc';

/** The kind of `file`; a UserError for anything sympath cannot take. */
export function inputKind(file: string): InputKind {
  const ext = extname(file).toLowerCase();
  if (ext === '.c' || ext === '.i') return 'c';
  if (ext === '.ll') return 'll';
  if (ext === '.bc') return 'bc';
  throw new UserError(`sympath: ${file}: unsupported input (expected .c, .ll or .bc)`);
}

/** The clang-19 arguments that compile `source` to textual IR at `out`. */
export function clangArgs(source: string, out: string, opts: CompileOptions = {}): string[] {
  const args = ['-S', '-emit-llvm', '-g', `-O${opts.optLevel ?? 0}`, '-Xclang', '-disable-O0-optnone'];
  for (const dir of opts.includes ?? []) args.push('-I', dir);
  args.push('-I', runtimeIncludeDir);
  for (const macro of opts.defines ?? []) args.push('-D', macro);
  args.push(...(opts.clangArgs ?? []));
  args.push(source, '-o', out);
  return args;
}

async function checkInputs(files: readonly string[]): Promise<void> {
  if (files.length === 0) throw new UserError('sympath: no input files');
  for (const file of files) {
    inputKind(file);
    let isFile = false;
    try {
      isFile = statSync(file).isFile();
    } catch {
      throw new UserError(`sympath: ${file}: no such file`);
    }
    if (!isFile) throw new UserError(`sympath: ${file}: not a regular file`);
  }
}

/** Runs `jobs` with at most `limit` at a time; rejects with the first failure once all have settled. */
async function runLimited<T>(jobs: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  const errors: unknown[] = [];
  let next = 0;
  async function worker(): Promise<void> {
    while (next < jobs.length) {
      const i = next++;
      try {
        results[i] = await jobs[i]!();
      } catch (e) {
        errors.push(e);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) {
    if (errors.every((e) => e instanceof UserError)) {
      throw new UserError(errors.map((e) => (e as UserError).message).join('\n'));
    }
    throw errors.find((e) => !(e instanceof UserError));
  }
  return results;
}

/**
 * Compiles one C file to textual IR at `out`; clang's warnings go to `opts.onDiagnostics`. The result
 * comes from the toolchain cache when clang, its arguments, the working directory (debug info names
 * it), the include-path variables, the source and every header it read are as they were.
 */
export async function compileC(source: string, out: string, opts: CompileOptions = {}): Promise<void> {
  const show = (text: string): void => {
    if (text !== '') (opts.onDiagnostics ?? ((t: string) => process.stderr.write(t)))(text);
  };
  const sourceHash = fileHash(source);
  const key =
    cacheDir() === null || sourceHash === null
      ? null
      : cacheKey('clang', [toolIdentity('clang'), process.cwd(), process.env.CPATH ?? '', process.env.C_INCLUDE_PATH ?? '',
          sourceHash, ...clangArgs(source, '<out>', opts)]);
  const hit = key === null ? null : cacheGet(key);
  if (hit) {
    writeFileSync(out, hit.data);
    show(hit.meta.diagnostics ?? '');
    return;
  }
  if (key === null) {
    show((await runTool('clang', clangArgs(source, out, opts), `compiling ${source}`)).stderr);
    return;
  }
  // -MD lists every file clang read: the headers an entry is checked against on later hits.
  const depFile = join(tmpdir(), `sympath-${process.pid}-${Math.random().toString(36).slice(2, 10)}.d`);
  const args = clangArgs(source, out, { ...opts, clangArgs: [...(opts.clangArgs ?? []), '-MD', '-MF', depFile] });
  const { stderr } = await runTool('clang', args, `compiling ${source}`);
  show(stderr);
  try {
    const deps = parseDepFile(readFileSync(depFile, 'utf8')).map((f) => resolve(f));
    const hashes = deps.map((f) => [f, fileHash(f)] as const);
    if (hashes.every((h): h is readonly [string, string] => h[1] !== null)) {
      cachePut(key, readFileSync(out), { deps: hashes, diagnostics: stderr });
    }
  } finally {
    rmSync(depFile, { force: true });
  }
}

/** The prerequisites of a make rule as clang -MD writes it (`out: a.c b.h \` lines, `\ ` for spaces). */
export function parseDepFile(text: string): string[] {
  const body = text.replace(/\\\r?\n/g, ' ');
  const colon = body.search(/:(\s|$)/);
  const words: string[] = [];
  let word = '';
  const rest = colon < 0 ? '' : body.slice(colon + 1);
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i]!;
    if (c === '\\' && (rest[i + 1] === ' ' || rest[i + 1] === '#')) word += rest[++i];
    else if (c === '$' && rest[i + 1] === '$') word += rest[++i];
    else if (/\s/.test(c)) {
      if (word !== '') words.push(word);
      word = '';
    } else word += c;
  }
  if (word !== '') words.push(word);
  return words;
}

/** Links IR files (.ll or .bc) into one textual module at `out`; cached by the inputs' contents. */
export async function linkIR(inputs: readonly string[], out: string): Promise<void> {
  await cachedLink('link', inputs, ['-S'], out, `linking ${inputs.map((f) => basename(f)).join(' ')}`);
}

/** Turns bitcode into textual IR at `out`. */
export async function disassemble(bc: string, out: string): Promise<void> {
  await runTool('llvm-dis', [bc, '-o', out], `disassembling ${bc}`);
}

/**
 * The textual IR of an input file: a .ll is read as it is, a .bc is disassembled (to memory), a .c is
 * compiled with default options. For commands that take "an IR file" (`sympath parse`, `run`).
 */
export async function readIRText(file: string, opts: CompileOptions = {}): Promise<string> {
  switch (inputKind(file)) {
    case 'll':
      return readFileSync(file, 'utf8');
    case 'bc':
      return (await runTool('llvm-dis', [file, '-o', '-'], `disassembling ${file}`)).stdout;
    case 'c': {
      const path = await compileToLL([file], { ...opts, out: undefined });
      try {
        return readFileSync(path, 'utf8');
      } finally {
        rmSync(dirname(path), { recursive: true, force: true });
      }
    }
  }
}

/**
 * Compiles and links `files` (.c, .ll, .bc in any mix) into one textual IR module and returns its path:
 * `opts.out` when given, else `<tmpdir>/sympath-XXXXXX/<first input's stem>.ll` (the caller may remove
 * that folder). A failing compile or link throws a UserError whose message is the tool's diagnostics.
 */
export async function compileToLL(files: readonly string[], opts: CompileOptions = {}): Promise<string> {
  await checkInputs(files);
  if (opts.libc === 'musl') return compileWithMusl(files, opts);
  const outDir = opts.out === undefined ? mkdtempSync(join(tmpdir(), 'sympath-')) : undefined;
  const out = opts.out ?? join(outDir!, `${stem(files[0]!)}.ll`);
  const work = mkdtempSync(join(tmpdir(), 'sympath-cc-'));
  let ok = false;
  try {
    if (files.length === 1) {
      const file = files[0]!;
      switch (inputKind(file)) {
        case 'c':
          await compileC(file, out, opts);
          break;
        case 'll':
          if (resolve(file) !== resolve(out)) copyFileSync(file, out);
          break;
        case 'bc':
          await disassemble(file, out);
          break;
      }
      ok = true;
      return out;
    }
    // Several inputs: compile the C files (in parallel), then link everything in command-line order.
    const jobs: (() => Promise<string>)[] = files.map((file, i) => async () => {
      if (inputKind(file) !== 'c') return file;
      const ll = join(work, `${i}-${stem(file)}.ll`);
      await compileC(file, ll, opts);
      return ll;
    });
    const irs = await runLimited(jobs, Math.max(1, availableParallelism()));
    await linkIR(irs, out);
    ok = true;
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
    if (!ok && outDir !== undefined) rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * compileToLL for `libc: 'musl'`: each C file compiled against musl's headers, then every program file
 * linked with crt1, the environment layer and musl (src/toolchain/musl.ts). build/musl is built first
 * when it is missing.
 */
async function compileWithMusl(files: readonly string[], opts: CompileOptions): Promise<string> {
  await ensureMusl(packageRoot, opts.log);
  const musl = await muslClangArgs(packageRoot);
  const cOpts: CompileOptions = { ...opts, clangArgs: [...musl, ...(opts.clangArgs ?? [])] };
  const outDir = opts.out === undefined ? mkdtempSync(join(tmpdir(), 'sympath-')) : undefined;
  const out = opts.out ?? join(outDir!, `${stem(files[0]!)}.ll`);
  const work = mkdtempSync(join(tmpdir(), 'sympath-cc-'));
  let ok = false;
  try {
    const jobs: (() => Promise<string>)[] = files.map((file, i) => async () => {
      if (inputKind(file) !== 'c') return file;
      const ll = join(work, `${i}-${stem(file)}.ll`);
      await compileC(file, ll, cOpts);
      return ll;
    });
    const irs = await runLimited(jobs, Math.max(1, availableParallelism()));
    const single = files.length === 1 && inputKind(files[0]!) !== 'c';
    await linkWithMusl(packageRoot, irs, out, opts.posixRuntime ? 'posix' : 'bare', work, single);
    ok = true;
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
    if (!ok && outDir !== undefined) rmSync(outDir, { recursive: true, force: true });
  }
}

/** Optimises textual IR with `opt-19 -O2` (what `sympath run --optimize` does). */
export async function optimizeLL(input: string, out: string, level: OptLevel = 2): Promise<void> {
  await runTool('opt', ['-S', `-O${level}`, input, '-o', out], `optimising ${input}`);
}

function stem(file: string): string {
  const base = basename(file);
  const ext = extname(base);
  return ext === '' ? base : base.slice(0, -ext.length);
}
