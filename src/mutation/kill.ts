// `sympath kill` as a function: mutation analysis of the tests of one or more output directories. The
// original program and each mutant of a mutant set (mutate.ts) are built natively with the replay
// machinery (src/replay: the program's build recipe from run.json, the replay library feeding
// klee_make_symbolic from each .ktest, POSIX-model tests rebuilt as klee-replay does), without gcov.
// Every test runs on the original twice (a test whose two runs differ is unstable and decides nothing)
// and once on each mutant. A mutant is killed by a test when its stdout, exit status or signal differs
// from the original's, or it times out where the original did not; only the last 256 KiB of stdout
// are compared (what the replay keeps). Equivalent-by-construction mutants are not built and do not
// count; mutants gcc cannot build natively are reported apart and do not count either.
//
// With a build command (--binary-build CMD) the versions are built by it instead and the tests run on
// the executables as `sympath replay --binary` runs them (argv, files and stdin of POSIX-model tests,
// no replay library): the way to mutate a program built by its own makefiles, such as a Coreutils
// utility.
//
// Builds and scratch directories live in a temporary directory removed at the end; each OUTDIR gets its
// kill.json written at the end under a temporary name and renamed, so no partial report is left.

import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { readKTest, type KTest } from '../engine/ktest.js';
import { target, type Target } from '../replay/arch.js';
import { buildNative, type NativeBuild } from '../replay/build.js';
import { buildWithCommand, runOnCommandBuild } from '../replay/build-command.js';
import { ReplayError } from '../replay/errors.js';
import type { RunObservation } from '../replay/execute.js';
import { prepare, runTest, type Prepared } from '../replay/replay.js';
import { listTests, readProgramInfo, type ProgramInfo, type TestEntry } from '../replay/run-info.js';
import { MutationError } from './errors.js';
import { MUTANTS_JSON, writeAtomically, type MutantEntry, type MutantSet } from './mutate.js';
import { OPERATORS } from './operators.js';

export interface KillOptions {
  /** The directory `sympath mutate --out` wrote. */
  mutantsDir: string;
  /** Per-test time limit in seconds (default 5), for the original and the mutants. */
  timeoutSeconds?: number;
  /** Mutants built and run at once (default: the machine's cores). */
  jobs?: number;
  /** Build each version with this shell command instead of from run.json's sources (for programs built
   *  by their own makefiles, such as Coreutils): it gets SYMPATH_SOURCE (the C file to build: the
   *  original or a mutant's copy), SYMPATH_ORIGINAL (the original's path), SYMPATH_OUT (the executable to
   *  write), SYMPATH_MUTANT (the mutant's id, or 'original') and SYMPATH_BUILD_DIR (a private empty
   *  directory) in its environment. Tests then run as `sympath replay --binary` runs them. */
  binaryBuild?: string;
  /** Write OUTDIR/kill.json (default true). */
  write?: boolean;
  progress?: (line: string) => void;
}

/** Why a test kills a mutant. */
export type KillReason = 'stdout' | 'exit' | 'signal' | 'timeout';

export type MutantStatus = 'killed' | 'survived' | 'equivalent' | 'build-failed';

export interface MutantResult {
  id: string;
  operator: string;
  line: number;
  column: number;
  original: string;
  replacement: string;
  status: MutantStatus;
  /** The tests that kill it, in test order, with what differed. */
  killedBy: { test: string; by: KillReason }[];
  /** For build-failed: the compiler's last lines. */
  error?: string;
}

export interface OperatorScore {
  mutants: number;
  equivalent: number;
  buildFailed: number;
  killed: number;
  /** killed / (mutants - equivalent - buildFailed), or null when that is 0. */
  killRate: number | null;
}

/** One OUTDIR's result (its kill.json). */
export interface KillRun {
  outDir: string;
  source: string;
  mutantsDir: string;
  timeoutSeconds: number;
  tests: string[];
  /** Tests whose two runs on the original differ: they kill nothing. */
  unstable: string[];
  /** Tests the original timed out on: they kill nothing. */
  originalTimedOut: string[];
  total: OperatorScore;
  byOperator: Record<string, OperatorScore>;
  mutants: MutantResult[];
}

export interface KillReport {
  runs: KillRun[];
  /** With two OUTDIRs: the mutants only the first kills, and only the second. */
  unique?: { first: string[]; second: string[] };
  /** Native builds of mutants per minute of wall time, tests included. */
  mutantsPerMinute: number;
  wallSeconds: number;
}

export const KILL_JSON = 'kill.json';
const DEFAULT_TIMEOUT = 5;

/** Reads and checks DIR/mutants.json. */
export function readMutantSet(dir: string): MutantSet {
  const path = join(resolve(dir), MUTANTS_JSON);
  if (!existsSync(path)) throw new MutationError(`sympath kill: ${path}: no such file (make the mutants with 'sympath mutate FILE.c --out ${dir}')`);
  let set: MutantSet;
  try {
    set = JSON.parse(readFileSync(path, 'utf8')) as MutantSet;
  } catch (e) {
    throw new MutationError(`sympath kill: ${path}: not valid JSON (${(e as Error).message})`);
  }
  if (typeof set !== 'object' || set === null || typeof set.source !== 'string' || !Array.isArray(set.mutants)) {
    throw new MutationError(`sympath kill: ${path}: not a mutant set written by 'sympath mutate'`);
  }
  if (set.mutants.length === 0) throw new MutationError(`sympath kill: ${path}: the mutant set is empty: nothing to kill`);
  for (const m of set.mutants) {
    if (!existsSync(join(resolve(dir), m.path))) throw new MutationError(`sympath kill: ${path}: mutant ${m.id}'s file ${m.path} is missing`);
  }
  if (!existsSync(set.source)) throw new MutationError(`sympath kill: ${path}: the original ${set.source} no longer exists`);
  return set;
}

function canonical(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
}

function stemOf(file: string): string {
  return basename(file).replace(/\.[^.]*$/, '');
}

/** The program of an output directory, checked to be the one the mutants were made from: its C sources
 *  include the mutated file, or (with a build command, for programs run from an .ll/.bc) its program
 *  file has the mutated file's name. */
function programOf(outDir: string, set: MutantSet, mutantsDir: string, binary: boolean): ProgramInfo {
  if (!existsSync(outDir) || !statSync(outDir).isDirectory()) throw new MutationError(`sympath kill: ${outDir}: no such directory`);
  if (binary) {
    let run: Record<string, unknown> = {};
    try {
      run = JSON.parse(readFileSync(join(outDir, 'run.json'), 'utf8')) as Record<string, unknown>;
    } catch {
      // a directory KLEE wrote: nothing to check
    }
    const files = Array.isArray(run.programFiles) ? (run.programFiles as unknown[]).filter((f): f is string => typeof f === 'string') : [];
    if (files.length > 0 && !files.some((f) => stemOf(f) === stemOf(set.source))) {
      throw new MutationError(
        `sympath kill: the tests in ${outDir} are of ${files.join(', ')} (its run.json), not of ${set.source}, which ${join(mutantsDir, MUTANTS_JSON)} mutates`,
      );
    }
    return {
      sources: [set.source],
      coverageSources: [],
      includes: [],
      defines: [],
      programArgs: [],
      posixRuntime: run.posixRuntime === true,
      programName: stemOf(set.source),
    };
  }
  let program: ProgramInfo;
  try {
    program = readProgramInfo(outDir);
  } catch (e) {
    throw new MutationError((e as Error).message.replace(/^sympath replay:/, 'sympath kill:'));
  }
  const want = canonical(set.source);
  if (!program.sources.some((s) => canonical(s) === want)) {
    throw new MutationError(
      `sympath kill: the tests in ${outDir} are of a program built from ${program.sources.join(', ')} (its run.json), ` +
        `not of ${set.source}, which ${join(mutantsDir, MUTANTS_JSON)} mutates`,
    );
  }
  return program;
}

interface LoadedTest {
  /** Index of its OUTDIR. */
  dir: number;
  entry: TestEntry;
  kt: KTest;
  prep: Prepared;
}

/** How versions are built and tests run: from run.json's sources with the replay library, or by a
 *  build command into an executable run as `replay --binary` runs one. */
interface Versions {
  /** Builds a version into `dir`; a MutationError-worthy failure is thrown as ReplayError. */
  build(id: string, source: string, dir: string): Promise<NativeBuild>;
  /** Runs test `i` on a build; scratch under `scratch`. */
  run(b: NativeBuild, i: number, scratch: string): Promise<RunObservation>;
}

/** Runs jobs at most `limit` at a time, in order of starting. */
async function pool(jobs: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, jobs.length)) }, worker));
}

function same(a: RunObservation, b: RunObservation): boolean {
  return a.timedOut === b.timedOut && a.signal === b.signal && a.exit === b.exit && a.stdout === b.stdout;
}

/** What makes the mutant's run differ from the original's, if anything. */
export function killReason(orig: RunObservation, mut: RunObservation): KillReason | undefined {
  if (orig.timedOut) return undefined;
  if (mut.timedOut) return 'timeout';
  if (orig.signal !== mut.signal) return 'signal';
  if (orig.exit !== mut.exit) return 'exit';
  if (orig.stdout !== mut.stdout) return 'stdout';
  return undefined;
}

function score(results: readonly MutantResult[]): OperatorScore {
  const mutants = results.length;
  const equivalent = results.filter((r) => r.status === 'equivalent').length;
  const buildFailed = results.filter((r) => r.status === 'build-failed').length;
  const killed = results.filter((r) => r.status === 'killed').length;
  const scored = mutants - equivalent - buildFailed;
  return { mutants, equivalent, buildFailed, killed, killRate: scored > 0 ? killed / scored : null };
}

/** Kill analysis of the tests of `outDirs` (one, or two to compare) on the mutants of opts.mutantsDir. */
export async function killMutants(outDirs: readonly string[], opts: KillOptions): Promise<KillReport> {
  const started = performance.now();
  if (outDirs.length === 0) throw new MutationError('sympath kill: no output directory given');
  const mutantsDir = resolve(opts.mutantsDir);
  const set = readMutantSet(mutantsDir);
  const timeoutSeconds = opts.timeoutSeconds ?? DEFAULT_TIMEOUT;
  if (!(timeoutSeconds > 0)) throw new MutationError('sympath kill: --timeout must be a number of seconds > 0');
  const dirs = outDirs.map((d) => resolve(d));
  const binary = opts.binaryBuild !== undefined;
  const programs = dirs.map((d) => programOf(d, set, mutantsDir, binary));
  const program = programs[0]!;
  for (let k = 1; k < programs.length; k++) {
    const p = programs[k]!;
    const key = (x: ProgramInfo): string => JSON.stringify([x.sources.map(canonical), x.includes, x.defines]);
    if (key(p) !== key(program)) throw new MutationError(`sympath kill: ${dirs[k]} was built with other sources or flags than ${dirs[0]} (compare their run.json)`);
  }
  const tests: LoadedTest[] = [];
  for (let k = 0; k < dirs.length; k++) {
    const entries = listTests(dirs[k]!);
    if (entries.length === 0) throw new MutationError(`sympath kill: ${dirs[k]} holds no tests (testNNNNNN.ktest)`);
    for (const entry of entries) {
      let kt: KTest;
      let prep: Prepared;
      try {
        kt = readKTest(entry.path);
        prep = prepare(kt, programs[k]!);
      } catch (e) {
        throw new MutationError(`sympath kill: ${entry.path}: ${(e as Error).message}`);
      }
      tests.push({ dir: k, entry, kt, prep });
    }
  }
  let t: Target;
  try {
    t = target('x86_64');
  } catch (e) {
    throw new MutationError((e as Error).message);
  }
  const jobs = Math.max(1, opts.jobs ?? availableParallelism());
  const work = await mkdtemp(join(tmpdir(), 'sympath-kill-'));
  try {
    const versions = binary ? commandVersions(opts.binaryBuild!, set, tests, program, timeoutSeconds) : sourceVersions(t, set, tests, programs, timeoutSeconds);
    let original: NativeBuild;
    try {
      original = await versions.build('original', set.source, join(work, 'original'));
    } catch (e) {
      if (e instanceof ReplayError) throw new MutationError(`${e.message}\nsympath kill: the original program does not build natively`);
      throw e;
    }
    const runAll = async (b: NativeBuild, name: string): Promise<RunObservation[]> => {
      const out: RunObservation[] = [];
      for (let i = 0; i < tests.length; i++) out.push(await versions.run(b, i, join(work, 'runs', name)));
      return out;
    };
    const [first, second] = await Promise.all([runAll(original, 'original-1'), runAll(original, 'original-2')]);
    const unstable = tests.map((_, i) => !same(first[i]!, second[i]!));
    opts.progress?.(`original: ${tests.length} tests run twice, ${unstable.filter(Boolean).length} unstable`);

    const perMutant = new Map<string, { status: MutantStatus; kills: (KillReason | undefined)[]; error?: string }>();
    let done = 0;
    const toBuild = set.mutants.filter((m) => !m.equivalent);
    const mutantJobs = toBuild.map((m) => async () => {
      const dir = join(work, m.id);
      try {
        let b: NativeBuild;
        try {
          b = await versions.build(m.id, join(mutantsDir, m.path), dir);
        } catch (e) {
          if (!(e instanceof ReplayError)) throw e;
          perMutant.set(m.id, { status: 'build-failed', kills: [], error: e.message.split('\n').slice(-4).join('\n') });
          return;
        }
        const obs = await runAll(b, m.id);
        const kills = obs.map((o, i) => (unstable[i] ? undefined : killReason(first[i]!, o)));
        perMutant.set(m.id, { status: 'survived', kills });
      } finally {
        await rm(dir, { recursive: true, force: true });
        await rm(join(work, 'runs', m.id), { recursive: true, force: true });
        opts.progress?.(`${++done}/${toBuild.length} mutants built and run`);
      }
    });
    await pool(mutantJobs, jobs);

    const runs: KillRun[] = dirs.map((outDir, k) => {
      const idx = tests.map((x, i) => (x.dir === k ? i : -1)).filter((i) => i >= 0);
      const results: MutantResult[] = set.mutants.map((m: MutantEntry) => {
        const base = { id: m.id, operator: m.operator, line: m.line, column: m.column, original: m.original, replacement: m.replacement };
        if (m.equivalent) return { ...base, status: 'equivalent', killedBy: [] };
        const r = perMutant.get(m.id)!;
        if (r.status === 'build-failed') return { ...base, status: 'build-failed', killedBy: [], ...(r.error ? { error: r.error } : {}) };
        const killedBy = idx.filter((i) => r.kills[i] !== undefined).map((i) => ({ test: tests[i]!.entry.name, by: r.kills[i]! }));
        return { ...base, status: killedBy.length > 0 ? 'killed' : 'survived', killedBy };
      });
      const byOperator: Record<string, OperatorScore> = {};
      for (const op of OPERATORS) {
        const of = results.filter((r) => r.operator === op);
        if (of.length > 0) byOperator[op] = score(of);
      }
      return {
        outDir,
        source: set.source,
        mutantsDir,
        timeoutSeconds,
        tests: idx.map((i) => tests[i]!.entry.name),
        unstable: idx.filter((i) => unstable[i]).map((i) => tests[i]!.entry.name),
        originalTimedOut: idx.filter((i) => first[i]!.timedOut).map((i) => tests[i]!.entry.name),
        total: score(results),
        byOperator,
        mutants: results,
      };
    });
    if (opts.write !== false) for (const r of runs) writeAtomically(join(r.outDir, KILL_JSON), `${JSON.stringify(r, null, 2)}\n`);
    const killedIn = (r: KillRun): Set<string> => new Set(r.mutants.filter((m) => m.status === 'killed').map((m) => m.id));
    const wallSeconds = (performance.now() - started) / 1000;
    const report: KillReport = { runs, mutantsPerMinute: (set.mutants.length / wallSeconds) * 60, wallSeconds };
    if (runs.length === 2) {
      const a = killedIn(runs[0]!);
      const b = killedIn(runs[1]!);
      report.unique = { first: [...a].filter((id) => !b.has(id)), second: [...b].filter((id) => !a.has(id)) };
    }
    return report;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Versions built from run.json's sources with the replay library (what `sympath replay` builds). */
function sourceVersions(t: Target, set: MutantSet, tests: readonly LoadedTest[], programs: readonly ProgramInfo[], timeoutSeconds: number): Versions {
  const program = programs[0]!;
  let runtimeObjects: readonly string[] | undefined;
  const original = canonical(set.source);
  return {
    async build(id, source, dir) {
      const p: ProgramInfo =
        id === 'original'
          ? program
          : { ...program, sources: program.sources.map((s) => (canonical(s) === original ? source : s)), includes: [dirname(set.source), ...program.includes] };
      const b = await buildNative(p, t, dir, false, { coverage: false, ...(runtimeObjects ? { runtimeObjects } : {}) });
      runtimeObjects ??= b.runtimeObjects;
      return b;
    },
    async run(b, i, scratch) {
      const test = tests[i]!;
      const { obs } = await runTest(test.entry, test.prep, {
        build: b,
        target: t,
        program: programs[test.dir]!,
        replayDir: join(scratch, `d${test.dir}`),
        timeoutSeconds,
        sanitize: false,
        keepScratch: false,
      });
      return obs;
    },
  };
}

/** Versions built by a build command, run as prebuilt binaries (src/replay/binary.ts). */
function commandVersions(command: string, set: MutantSet, tests: readonly LoadedTest[], program: ProgramInfo, timeoutSeconds: number): Versions {
  return {
    build: (id, source, dir) => buildWithCommand({ command, source, original: set.source, id, dir, programName: program.programName, who: 'sympath kill' }),
    async run(b, i, scratch) {
      const test = tests[i]!;
      return runOnCommandBuild(test.kt, test.entry.name, {
        binary: b.binary,
        programName: program.programName,
        posixRuntime: program.posixRuntime,
        replayDir: join(scratch, `d${test.dir}`),
        timeoutSeconds,
      });
    },
  };
}

function pct(x: number | null): string {
  return x === null ? '-' : `${(x * 100).toFixed(2)}%`;
}

/** The text report: DGSE's Table 10 (overall) and Table 11 (per operator) shapes, one column per OUTDIR. */
export function formatKillText(report: KillReport): string {
  const runs = report.runs;
  const first = runs[0]!;
  const lines: string[] = [];
  lines.push(`sympath kill: ${first.total.mutants} mutants of ${first.source} (${first.total.equivalent} equivalent by construction, ${first.total.buildFailed} failed to build natively; neither counts)`);
  for (const r of runs) {
    lines.push(`  ${r.outDir}: ${r.tests.length} tests${r.unstable.length > 0 ? `, ${r.unstable.length} unstable on the original (ignored)` : ''}${r.originalTimedOut.length > 0 ? `, ${r.originalTimedOut.length} timed out on the original (ignored)` : ''}`);
  }
  const head = ['operator', 'mutants', ...runs.flatMap((_, k) => (runs.length > 1 ? [`killed ${k + 1}`, `rate ${k + 1}`] : ['killed', 'kill rate']))];
  const rows: string[][] = [head];
  const ops = Object.keys(first.byOperator);
  for (const op of ops) {
    const s = first.byOperator[op]!;
    rows.push([op, String(s.mutants - s.equivalent - s.buildFailed), ...runs.flatMap((r) => [String(r.byOperator[op]!.killed), pct(r.byOperator[op]!.killRate)])]);
  }
  const t = first.total;
  rows.push(['all', String(t.mutants - t.equivalent - t.buildFailed), ...runs.flatMap((r) => [String(r.total.killed), pct(r.total.killRate)])]);
  const widths = head.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) lines.push(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
  if (report.unique) {
    lines.push(`unique kills: ${report.unique.first.length} only by ${runs[0]!.outDir}${report.unique.first.length > 0 ? ` (${report.unique.first.join(' ')})` : ''}`);
    lines.push(`              ${report.unique.second.length} only by ${runs[1]!.outDir}${report.unique.second.length > 0 ? ` (${report.unique.second.join(' ')})` : ''}`);
  }
  const survived = first.mutants.filter((m) => m.status === 'survived');
  if (runs.length === 1 && survived.length > 0 && survived.length <= 20) {
    lines.push('survivors:');
    for (const m of survived) lines.push(`  ${m.id} ${m.operator} line ${m.line}:${m.column} ${JSON.stringify(m.original)} -> ${JSON.stringify(m.replacement)}`);
  }
  lines.push(`${report.wallSeconds.toFixed(1)} s, ${report.mutantsPerMinute.toFixed(1)} mutants/minute; ${runs.map((r) => join(r.outDir, KILL_JSON)).join(', ')}`);
  return `${lines.join('\n')}\n`;
}
