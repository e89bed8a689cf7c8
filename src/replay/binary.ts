// `sympath replay OUTDIR --binary PATH`: what klee-replay does for a KLEE user — run every test of an
// output directory on a prebuilt native binary (e.g. a Coreutils utility built with gcc --coverage next
// to the .bc sympath ran), with no sources to rebuild and no replay library linked in. Tests come from
// the POSIX model (their argv, files A, B, … and stdin are in the .ktest); the binary never reads the
// .ktest itself, so objects the program made with its own klee_make_symbolic calls are not used.
//
// Coverage: the .gcda paths gcc baked into the binary (absolute, beside each object) tell which objects
// it holds. Every replay gets a private counter directory: GCOV_PREFIX=<dir> makes the runs write
// <dir>/<absolute object path>.gcda instead of touching the build, so replays of the same binary in
// parallel (the SGS experiment runs -j 2) or one after another never mix counters and nothing needs
// resetting. The .gcno files are copied beside the private .gcda files and gcov reads them there.
//
// Files: OUTDIR/replay-binary/gcov/ (the private counters), logs/, scratch/, replay.json; coverage.json
// and coverage.svg in OUTDIR as for a rebuilt replay.

import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { readKTest, type KTest } from '../engine/ktest.js';
import { onPath, type Target } from './arch.js';
import type { NativeBuild, ObjectFile } from './build.js';
import { writeCoverageFiles, writeHtmlReport, type CoverageJson } from './coverage-report.js';
import { ReplayError } from './errors.js';
import { createSymFiles, freshDir, programEnvironment, runProgram, stdoutFor, type RunObservation } from './execute.js';
import { runGcov, sourceFilter, summarize, uncoveredLines, type FileCoverage } from './gcov.js';
import { fileType, isPosixTest, posixEnvironment, S_IFIFO, type PosixEnvironment } from './posix-env.js';
import type { ReplayOptions, ReplayResult, TestReport } from './replay.js';
import { runStartMs, selectTests } from './run-info.js';
import { CoverageTimeline, emptyReplayJson, recordTest } from './test-record.js';

export interface BinaryOptions {
  /** The prebuilt program (gcc --coverage for coverage; without it, only outcomes are reported). */
  binary: string;
  /** Where the .gcno files are when the build moved after linking (default: beside each .gcda path
   *  baked into the binary). */
  gcovObjdir?: string;
}

const KEEP_BYTES = 256 * 1024;

/** The .gcda paths a --coverage binary writes at exit: NUL-terminated absolute strings in its data. */
export function gcdaPaths(binary: string): string[] {
  const text = readFileSync(binary).toString('latin1');
  const found = new Set<string>();
  for (const m of text.matchAll(/\/[\x21-\x7e]*?\.gcda(?=\0)/g)) found.add(m[0]);
  return [...found].sort();
}

/** The objects of the binary, with their .gcno (in the build, or in gcovObjdir) and where the private
 *  counters of this replay will be written. */
function objectsOf(binary: string, counters: string, gcovObjdir: string | undefined): ObjectFile[] {
  const objects: ObjectFile[] = [];
  for (const gcda of gcdaPaths(binary)) {
    const stem = gcda.slice(0, -'.gcda'.length);
    const gcno = gcovObjdir !== undefined ? join(gcovObjdir, `${basename(stem)}.gcno`) : `${stem}.gcno`;
    if (!existsSync(gcno)) continue; // an object whose build is gone: nothing to count it by
    objects.push({ source: '', object: `${stem}.o`, gcno: join(counters, `${stem}.gcno`), gcda: join(counters, gcda) });
    mkdirSync(dirname(join(counters, gcda)), { recursive: true });
    copyFileSync(gcno, join(counters, `${stem}.gcno`));
  }
  return objects;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The command that runs `binary` as `name` with `args`: directly when every argument is UTF-8 (what a
 *  Node child process can pass), else through bash, which reads the exact bytes from a NUL-separated
 *  file — the prebuilt binary has no replay library to put them in argv for us. */
function commandFor(binary: string, name: string, args: Uint8Array[], argvFile: string): { command: string; args: string[]; argv0?: string } {
  const texts: string[] = [];
  for (const a of args) {
    try {
      texts.push(utf8.decode(a));
    } catch {
      writeFileSync(argvFile, Buffer.concat(args.flatMap((b) => [Buffer.from(b), Buffer.from([0])])));
      const script = 'mapfile -d "" -t a < "$1"; exec -a "$2" "$3" "${a[@]}"';
      return { command: onPath('bash') ?? '/bin/bash', args: ['-c', script, 'sympath-replay', argvFile, name, binary] };
    }
  }
  return { command: binary, args: texts, argv0: name };
}

function readRunJson(dir: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Replays every test of `outDir` on a prebuilt binary; see the file comment. */
export async function replayOnBinary(outDir: string, opts: ReplayOptions & BinaryOptions): Promise<ReplayResult> {
  const dir = resolve(outDir);
  const binary = resolve(opts.binary);
  const timeoutSeconds = opts.timeoutSeconds ?? 10;
  if (!(timeoutSeconds > 0)) throw new ReplayError('sympath replay: --timeout must be a number of seconds > 0');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ReplayError(`sympath replay: ${outDir}: no such directory`);
  if (!existsSync(binary)) throw new ReplayError(`sympath replay: --binary ${opts.binary}: no such file`);
  if (opts.arch !== undefined && opts.arch !== 'x86_64') throw new ReplayError('sympath replay: --binary runs the binary as it is, natively (no --arch)');
  if (opts.sanitize) throw new ReplayError('sympath replay: --sanitize rebuilds the program; with --binary, pass a sanitized binary instead');
  const gcov = onPath('gcov');
  if (gcov === undefined) throw new ReplayError("sympath replay: gcov not found on PATH (needed to read coverage); run 'make setup' to install it");
  const run = readRunJson(dir);
  const environ = Array.isArray(run.environ) && run.environ.every((e) => typeof e === 'string') ? (run.environ as string[]) : undefined;
  const posixRuntime = opts.posixRuntime ?? run.posixRuntime === true;
  const name = basename(binary);
  const replayDir = join(dir, 'replay-binary');
  const { tests, reportDir } = selectTests(dir, replayDir, opts.only, outDir);
  const counters = join(replayDir, 'gcov');
  for (const d of ['scratch', 'logs', 'gcov']) freshDir(join(replayDir, d));
  const objects = objectsOf(binary, counters, opts.gcovObjdir !== undefined ? resolve(opts.gcovObjdir) : undefined);
  const build: NativeBuild = { dir: counters, binary, objects, sanitize: false, runtimeObjects: [], commandLine: `prebuilt ${binary}` };
  const t: Target = { arch: 'x86_64', cc: '', runner: [], gcov, sanitizers: false, describe: `prebuilt ${name}, run natively` };

  // Without --coverage-source: every file the binary's objects were compiled from, system headers aside.
  let files: FileCoverage[] = objects.length > 0 ? await runGcov(gcov, objects.map((o) => o.gcno), counters) : [];
  const coverageSources = opts.coverageSources?.map((s) => resolve(s)) ?? files.map((f) => f.file).filter((f) => !f.startsWith('/usr/'));
  const own = sourceFilter(coverageSources);
  const coverageNow = async (): Promise<FileCoverage[]> =>
    objects.length === 0 ? [] : (await runGcov(gcov, objects.map((o) => o.gcno), counters)).filter((f) => own(f.file));

  const notes: string[] = [];
  if (objects.length === 0) notes.push(`${name} was not built with --coverage (no .gcda paths with a .gcno found): no coverage`);
  notes.push('a prebuilt binary gets argv, files and stdin from each test; objects the program made itself are not replayed');
  const json = emptyReplayJson('x86_64', false, notes);
  const reports: TestReport[] = [];
  const timeline = new CoverageTimeline(runStartMs(dir, tests));
  let lost = 0;
  for (const test of tests) {
    let kt: KTest;
    try {
      kt = readKTest(test.path);
    } catch (e) {
      notes.push(`${test.name}: not replayed: ${(e as Error).message}`);
      continue;
    }
    const obs = await runOne(kt, test.name, { binary, name, posixRuntime, replayDir, counters, timeoutSeconds, keepScratch: opts.keepScratch === true, notes, ...(environ ? { environ } : {}) });
    if (obs.timedOut || obs.signal !== null) lost++;
    const report = recordTest(json, replayDir, test, obs, true, { arch: 'x86_64', sanitize: false, timeoutSeconds });
    reports.push(report);
    files = await coverageNow();
    timeline.add(test, files);
    opts.progress?.(`${test.name}: ${report.outcome}`);
  }
  files = await coverageNow();
  json.coverage = summarize(files);
  // A run killed at its time limit or by a crash dies before gcc's exit handler writes the counters
  // (klee-replay on a gcov build has the same blind spot).
  if (lost > 0) notes.push(`${lost} test(s) died of a signal or timed out: such a run writes no gcov counters, so its coverage is not counted`);
  const uncovered = uncoveredLines(files);
  let html: string | null = null;
  // As replay.ts: one test's reports in a folder of their own, the suite's in replayDir and OUTDIR.
  mkdirSync(reportDir, { recursive: true });
  if (opts.html !== false && objects.length > 0 && opts.only === undefined) {
    const h = await writeHtmlReport(dir, counters, gcov, coverageSources, `sympath replay: ${name} (prebuilt)`);
    if ('path' in h) html = h.path;
    else notes.push(`no HTML coverage report: ${h.error}`);
  }
  const coverageJson: CoverageJson = { arch: 'x86_64', sanitize: false, sources: coverageSources, coverage: json.coverage, uncovered, timeline: timeline.points, html };
  const written = writeCoverageFiles(opts.only === undefined ? dir : reportDir, coverageJson);
  if (opts.only === undefined) writeCoverageFiles(replayDir, coverageJson);
  const replayJson = join(reportDir, 'replay.json');
  writeFileSync(replayJson, `${JSON.stringify(json, null, 2)}\n`);
  return {
    outDir: dir,
    json,
    reports,
    uncovered,
    coverageSources,
    build,
    target: t,
    files: { replayJson, coverageJson: written.json, coverageSvg: written.svg, html },
  };
}

/** Where and how runOne runs a test on a prebuilt binary. */
export interface RunContext {
  binary: string;
  name: string;
  posixRuntime: boolean;
  replayDir: string;
  counters: string;
  timeoutSeconds: number;
  keepScratch: boolean;
  notes: string[];
  /** main's environment from run.json (`sympath run --environ`), if any. */
  environ?: string[];
}

/** One test: argv, files and stdin rebuilt as klee-replay does, in a fresh scratch directory as cwd. */
export async function runOne(kt: KTest, testName: string, ctx: RunContext): Promise<RunObservation> {
  const stem = testName.replace(/\.ktest$/, '');
  const scratch = join(ctx.replayDir, 'scratch', stem);
  freshDir(scratch);
  const env: Record<string, string> = {
    ...programEnvironment(ctx.environ, scratch),
    GCOV_PREFIX: ctx.counters,
    GCOV_PREFIX_STRIP: '0',
  };
  let args: Uint8Array[];
  let stdin: Parameters<typeof runProgram>[0]['stdin'] = { kind: 'none' };
  let posixEnv: PosixEnvironment | undefined;
  if (ctx.posixRuntime || isPosixTest(kt)) {
    const p = posixEnvironment(kt);
    posixEnv = p;
    for (const n of p.notes) ctx.notes.push(`${testName}: ${n}`);
    for (const n of createSymFiles(scratch, p)) ctx.notes.push(`${testName}: ${n}`);
    args = p.args;
    const s = p.stdin;
    if (s) {
      if (s.stat && fileType(s.stat.mode) === S_IFIFO) stdin = { kind: 'pipe', data: s.data };
      else {
        const path = join(ctx.replayDir, 'scratch', `${stem}.stdin`);
        writeFileSync(path, s.data);
        stdin = { kind: 'file', path };
      }
    }
  } else {
    const enc = new TextEncoder();
    args = kt.args.slice(1).map((a) => enc.encode(a));
  }
  const argvFile = join(ctx.replayDir, 'scratch', `${stem}.argv`);
  const cmd = commandFor(ctx.binary, ctx.name, args, argvFile);
  const stdoutPath = join(ctx.replayDir, 'scratch', `${stem}.stdout`);
  const obs = await runProgram({ ...cmd, cwd: scratch, env, stdin, stdout: stdoutFor(posixEnv, stdoutPath), timeoutMs: ctx.timeoutSeconds * 1000, keepBytes: KEEP_BYTES });
  if (!ctx.keepScratch) {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(join(ctx.replayDir, 'scratch', `${stem}.stdin`), { force: true });
    rmSync(argvFile, { force: true });
    rmSync(stdoutPath, { force: true });
  }
  return obs;
}
