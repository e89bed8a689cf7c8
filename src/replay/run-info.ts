// What `sympath replay` needs to know about an output directory: how its program was built (run.json,
// written by `sympath run`; or overrides for directories KLEE wrote) and its tests in creation order,
// each with its error kind (testNNNNNN.<kind>.err) or partial mark (testNNNNNN.early).

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { ReplayError } from './errors.js';

/** The build recipe of the program under test. */
export interface ProgramInfo {
  /** C files to compile natively (absolute). */
  sources: string[];
  /** Files whose lines count for coverage (absolute): files, or directories meaning every file below. */
  coverageSources: string[];
  includes: string[];
  defines: string[];
  /** The program's concrete arguments (after its name), as `sympath run` was given them. */
  programArgs: string[];
  /** Whether tests come from the POSIX model (--posix-runtime): argv, files and stdin are in the test. */
  posixRuntime: boolean;
  /** argv[0] as the engine gave it: the first source's base name without extension. */
  programName: string;
  /** main's environment as `sympath run --environ` gave it (NAME=VALUE), if it did. */
  environ?: string[];
  /** The function the run started in when not main (`sympath run --entry-point`): the native build calls it from main. */
  entryPoint?: string;
  /** Extra flags for the native compile and link (run.json `nativeCflags`: `-m32` for an ILP32 Test-Comp task). */
  cflags?: string[];
}

/** Overrides for a directory without run.json (KLEE's klee-out-N) or to change what counts. */
export interface ProgramOverrides {
  sources?: string[];
  includes?: string[];
  defines?: string[];
  coverageSources?: string[];
  posixRuntime?: boolean;
}

export interface TestEntry {
  /** testNNNNNN.ktest */
  name: string;
  path: string;
  /** The NNNNNN of the name (creation order). */
  index: number;
  /** Modification time of the .ktest in ms (written once, when the test was made). */
  mtimeMs: number;
  /** The error kind from testNNNNNN.<kind>.err, if the path ended in an error. */
  errorKind?: string;
  /** The first line of the .err file without "Error: " (what the engine reported). */
  errorMessage?: string;
  /** Whether the path was cut by a budget (testNNNNNN.early). */
  partial: boolean;
}

function strings(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
}

function baseName(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** Reads OUTDIR/run.json (if any) and applies the overrides; throws ReplayError if no C sources result. */
export function readProgramInfo(outDir: string, o: ProgramOverrides = {}, cwd = process.cwd()): ProgramInfo {
  const runJson = join(outDir, 'run.json');
  let run: Record<string, unknown> = {};
  if (existsSync(runJson)) {
    try {
      run = JSON.parse(readFileSync(runJson, 'utf8')) as Record<string, unknown>;
    } catch (e) {
      throw new ReplayError(`sympath replay: ${runJson}: not valid JSON (${(e as Error).message})`);
    }
  } else if (o.sources === undefined) {
    throw new ReplayError(
      `sympath replay: ${outDir} has no run.json (it was not written by 'sympath run'); ` +
        `pass the program's C files with --source FILE.c (and -I/-D as needed) to replay it`,
    );
  }
  const runCwd = typeof run.cwd === 'string' ? run.cwd : cwd;
  const abs = (base: string) => (f: string) => (isAbsolute(f) ? f : resolve(base, f));
  const recorded = strings(run.sources) ?? (strings(run.programFiles) ?? []).filter((f) => /\.(c|i)$/i.test(f));
  const sources = o.sources !== undefined ? o.sources.map(abs(cwd)) : recorded.map(abs(runCwd));
  if (sources.length === 0) {
    const files = strings(run.programFiles) ?? [];
    throw new ReplayError(
      `sympath replay: the program of ${outDir} has no C sources (program files: ${files.join(' ') || 'none'}); ` +
        `a native build needs them: pass --source FILE.c`,
    );
  }
  for (const s of sources) {
    if (!existsSync(s)) throw new ReplayError(`sympath replay: source file ${s} no longer exists`);
  }
  const coverage =
    o.coverageSources?.map(abs(cwd)) ?? strings(run.coverageSources)?.map(abs(runCwd)) ?? sources;
  return {
    sources,
    coverageSources: coverage,
    includes: o.includes !== undefined ? o.includes.map(abs(cwd)) : (strings(run.includes) ?? []).map(abs(runCwd)),
    defines: o.defines ?? strings(run.defines) ?? [],
    programArgs: strings(run.programArgs) ?? [],
    posixRuntime: o.posixRuntime ?? run.posixRuntime === true,
    // argv[0] as the engine gave it: the first program file's name (a .bc's too), else the first source's
    programName: baseName(strings(run.programFiles)?.[0] ?? sources[0]!),
    ...(strings(run.environ) ? { environ: strings(run.environ)! } : {}),
    ...(typeof run.entryPoint === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(run.entryPoint) ? { entryPoint: run.entryPoint } : {}),
    cflags: strings(run.nativeCflags) ?? [],
  };
}

const TEST = /^test(\d+)\.ktest$/;
const ERR = /^test(\d+)\.(.+)\.err$/;

/** The tests of an output directory, in creation order (their numbers). */
export function listTests(outDir: string): TestEntry[] {
  let names: string[];
  try {
    names = readdirSync(outDir);
  } catch {
    throw new ReplayError(`sympath replay: ${outDir}: no such directory`);
  }
  const kinds = new Map<string, string>();
  const early = new Set<string>();
  for (const n of names) {
    const m = ERR.exec(n);
    if (m) kinds.set(m[1]!, m[2]!);
    else if (/^test\d+\.early$/.test(n)) early.add(n.slice(4, -6));
  }
  const tests: TestEntry[] = [];
  for (const n of names) {
    const m = TEST.exec(n);
    if (!m) continue;
    const digits = m[1]!;
    const path = join(outDir, n);
    const kind = kinds.get(digits);
    tests.push({
      name: n,
      path,
      index: Number(digits),
      mtimeMs: statSync(path).mtimeMs,
      ...(kind !== undefined ? { errorKind: kind, errorMessage: errMessage(join(outDir, `test${digits}.${kind}.err`)) } : {}),
      partial: early.has(digits),
    });
  }
  return tests.sort((a, b) => a.index - b.index || a.name.localeCompare(b.name));
}

function errMessage(path: string): string | undefined {
  try {
    const first = readFileSync(path, 'utf8').split('\n')[0] ?? '';
    return first.replace(/^Error:\s*/, '');
  } catch {
    return undefined;
  }
}

/** When the run started, for coverage over time: run.json is written just before exploring (KLEE
 *  writes assembly.ll then); failing both, the first test. */
export function runStartMs(outDir: string, tests: readonly TestEntry[]): number {
  for (const f of ['run.json', 'assembly.ll']) {
    try {
      return statSync(join(outDir, f)).mtimeMs;
    } catch {
      // try the next
    }
  }
  return tests.length > 0 ? Math.min(...tests.map((t) => t.mtimeMs)) : 0;
}

/**
 * The tests a replay runs: every one, or only `only` (`sympath replay OUTDIR/testNNNNNN.ktest`), and the
 * folder its reports go to: `replayDir` for the suite, replayDir/tests/testNNNNNN/ for one test.
 */
export function selectTests(outDir: string, replayDir: string, only: string | undefined, shownAs = outDir): { tests: TestEntry[]; reportDir: string } {
  const all = listTests(outDir);
  if (only === undefined) return { tests: all, reportDir: replayDir };
  const tests = all.filter((x) => x.name === only);
  if (tests.length === 0) throw new ReplayError(`sympath replay: ${join(shownAs, only)}: no such test`);
  return { tests, reportDir: join(replayDir, 'tests', only.replace(/\.ktest$/, '')) };
}
