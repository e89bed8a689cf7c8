// `sympath replay` as a function: build the program of an output directory natively for one target, run
// every test on it in creation order (snapshotting gcov coverage after each, for coverage over time),
// judge each run, and write the coverage outputs. `sympath run --replay-coverage` calls replayOutputDir
// at the end of a run; the CLI (src/cli/replay.ts) prints what it returns.
//
// Files: OUTDIR/replay-<arch>[-sanitize]/build/ (objects, .gcno, .gcda, bin/<program>),
// OUTDIR/replay-<arch>[-sanitize]/logs/<test>.stdout|.stderr (the end of each), and the reports:
// replay.json (the Replay JSON), coverage.json, coverage.svg and coverage/ (HTML) in that directory, so
// that the replays of each architecture and sanitizer setting stay side by side; the latest replay's
// coverage.json, coverage.svg and coverage/ are also OUTDIR's (DESIGN's places). Replaying one test
// (`only`) writes its reports to OUTDIR/replay-<arch>[-sanitize]/tests/<test>/ and leaves the suite's alone.

import { cpSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readKTest, type KTest } from '../engine/ktest.js';
import { target, targetFor, type Arch, type Target } from './arch.js';
import { replayOnBinary } from './binary.js';
import { buildNative, type NativeBuild } from './build.js';
import { writeCoverageFiles, writeHtmlReport, type CoverageJson } from './coverage-report.js';
import { ReplayError } from './errors.js';
import { createSymFiles, freshDir, programEnvironment, runProgram, stdoutFor, type RunObservation } from './execute.js';
import { runGcov, sourceFilter, summarize, uncoveredLines, type CoverageSummary, type FileCoverage } from './gcov.js';
import { fileType, isPosixTest, posixEnvironment, S_IFIFO, type PosixEnvironment } from './posix-env.js';
import { readProgramInfo, runStartMs, selectTests, type ProgramInfo, type ProgramOverrides, type TestEntry } from './run-info.js';
import { CoverageTimeline, emptyReplayJson, recordTest } from './test-record.js';
import { ENV_ARGV, ENV_KTEST, ENV_SKIP } from './runtime-contract.js';

export interface ReplayOptions extends ProgramOverrides {
  arch?: Arch;
  sanitize?: boolean;
  /** Per test, in seconds (default 10). */
  timeoutSeconds?: number;
  /** Write the gcovr HTML report (default true). */
  html?: boolean;
  /** Keep each test's scratch directory (default: removed after the run). */
  keepScratch?: boolean;
  /** Progress lines (one per test). */
  progress?: (line: string) => void;
  /** Run the tests on this prebuilt binary instead of rebuilding the program (src/replay/binary.ts). */
  binary?: string;
  /** With `binary`: where its .gcno files are, if not beside the .gcda paths baked into it. */
  gcovObjdir?: string;
  /** Replay only this test (`testNNNNNN.ktest`); its reports go to replay-<arch>/tests/<test>/. */
  only?: string;
}

/** One entry of the Replay JSON's "tests". */
export interface TestJson {
  test: string;
  exit: number | null;
  signal: string | null;
  timedOut: boolean;
}

/** One entry of the Replay JSON's "errors" (reason added to DESIGN.md's fields). */
export interface ErrorJson {
  kind: string;
  test: string;
  reproduced: boolean;
  reason: string;
}

/** The Replay JSON of DESIGN.md, plus: sanitize, divergent (non-error tests whose run was not a normal
 *  exit, with the reason) and notes (what the replay could not do exactly). */
export interface ReplayJson {
  arch: Arch;
  sanitize: boolean;
  tests: TestJson[];
  errors: ErrorJson[];
  coverage: CoverageSummary;
  divergent: { test: string; reason: string }[];
  notes: string[];
}

/** Per test, what the text report shows. */
export interface TestReport {
  test: string;
  kind?: string;
  partial: boolean;
  posix: boolean;
  outcome: string;
  verdict?: { reproduced: boolean; reason: string };
  divergence?: string;
  seconds: number;
}

export interface ReplayResult {
  outDir: string;
  json: ReplayJson;
  reports: TestReport[];
  uncovered: { file: string; lines: number[] }[];
  coverageSources: string[];
  build: NativeBuild;
  target: Target;
  files: { replayJson: string; coverageJson: string; coverageSvg: string; html: string | null };
}

const DEFAULT_TIMEOUT = 10;
const KEEP_BYTES = 256 * 1024;

/** What one native run of a test needs besides the binary. */
export interface Prepared {
  args: Uint8Array[];
  posix?: PosixEnvironment;
  notes: string[];
}

/** The arguments, files and stdin of one test (mutation analysis reuses it: src/mutation/kill.ts). */
export function prepare(kt: KTest, program: ProgramInfo): Prepared {
  if (program.posixRuntime || isPosixTest(kt)) {
    const env = posixEnvironment(kt);
    return { args: env.args, posix: env, notes: env.notes };
  }
  const enc = new TextEncoder();
  return { args: kt.args.slice(1).map((a) => enc.encode(a)), notes: [] };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function asText(b: Uint8Array): string | undefined {
  try {
    return utf8.decode(b);
  } catch {
    return undefined;
  }
}

/** Where and how runTest runs a test: scratch directories go under replayDir/scratch. */
export interface RunTestContext {
  build: NativeBuild;
  target: Target;
  program: ProgramInfo;
  replayDir: string;
  timeoutSeconds: number;
  sanitize: boolean;
  keepScratch: boolean;
}

/** Runs one prepared test on a native build in a fresh scratch directory. */
export async function runTest(
  t: TestEntry,
  prep: Prepared,
  ctx: RunTestContext,
): Promise<{ obs: RunObservation; notes: string[] }> {
  const stem = t.name.replace(/\.ktest$/, '');
  const scratch = join(ctx.replayDir, 'scratch', stem);
  freshDir(scratch);
  const notes = [...prep.notes];
  const env: Record<string, string> = {
    ...programEnvironment(ctx.program.environ, scratch),
    [ENV_KTEST]: resolve(t.path),
    ASAN_OPTIONS: 'detect_leaks=0:abort_on_error=0:disable_coredump=1:handle_abort=0:allow_user_segv_handler=1',
    UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1',
  };
  let stdin: Parameters<typeof runProgram>[0]['stdin'] = { kind: 'none' };
  if (prep.posix) {
    notes.push(...createSymFiles(scratch, prep.posix));
    if (prep.posix.consumed.length > 0) env[ENV_SKIP] = prep.posix.consumed.join(',');
    const s = prep.posix.stdin;
    if (s) {
      if (s.stat && fileType(s.stat.mode) === S_IFIFO) stdin = { kind: 'pipe', data: s.data };
      else {
        const path = join(ctx.replayDir, 'scratch', `${stem}.stdin`);
        writeFileSync(path, s.data);
        stdin = { kind: 'file', path };
      }
    }
  }
  // Arguments that are not UTF-8 cannot be passed by a Node child process as they are: placeholders go
  // on the command line and the replay library puts the real bytes in argv before main.
  const texts = prep.args.map(asText);
  let argStrings: string[];
  if (texts.every((s): s is string => s !== undefined)) argStrings = texts;
  else {
    const path = join(ctx.replayDir, 'scratch', `${stem}.argv`);
    writeFileSync(path, Buffer.concat(prep.args.flatMap((a) => [Buffer.from(a), Buffer.from([0])])));
    env[ENV_ARGV] = path;
    argStrings = prep.args.map(() => 'x');
  }
  const name = ctx.program.programName;
  const r = ctx.target.runner;
  const obs = await runProgram({
    command: r.length > 0 ? r[0]! : ctx.build.binary,
    args: r.length > 0 ? [...r.slice(1), ...(ctx.target.argv0Flag ? [ctx.target.argv0Flag, name] : []), ctx.build.binary, ...argStrings] : argStrings,
    ...(r.length > 0 ? {} : { argv0: name }),
    cwd: scratch,
    env,
    stdin,
    stdout: stdoutFor(prep.posix, join(ctx.replayDir, 'scratch', `${stem}.stdout`)),
    timeoutMs: ctx.timeoutSeconds * 1000,
    keepBytes: KEEP_BYTES,
  });
  if (!ctx.keepScratch) {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(join(ctx.replayDir, 'scratch', `${stem}.stdin`), { force: true });
    rmSync(join(ctx.replayDir, 'scratch', `${stem}.stdout`), { force: true });
    rmSync(join(ctx.replayDir, 'scratch', `${stem}.argv`), { force: true });
  }
  return { obs, notes };
}

/** Replays every test of `outDir` on a native build; see the file comment. */
export async function replayOutputDir(outDir: string, opts: ReplayOptions = {}): Promise<ReplayResult> {
  if (opts.binary !== undefined) return replayOnBinary(outDir, { ...opts, binary: opts.binary });
  const dir = resolve(outDir);
  const arch = opts.arch ?? 'x86_64';
  const sanitize = opts.sanitize === true;
  const timeoutSeconds = opts.timeoutSeconds ?? DEFAULT_TIMEOUT;
  if (!(timeoutSeconds > 0)) throw new ReplayError('sympath replay: --timeout must be a number of seconds > 0');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ReplayError(`sympath replay: ${outDir}: no such directory`);
  const program = readProgramInfo(dir, opts);
  const t = targetFor(target(arch), program.cflags ?? []);
  const replayDir = join(dir, `replay-${arch}${sanitize ? '-sanitize' : ''}`);
  const { tests, reportDir } = selectTests(dir, replayDir, opts.only, outDir);
  mkdirSync(replayDir, { recursive: true });
  rmSync(join(replayDir, 'scratch'), { recursive: true, force: true });
  rmSync(join(replayDir, 'logs'), { recursive: true, force: true });
  mkdirSync(join(replayDir, 'scratch'));
  mkdirSync(join(replayDir, 'logs'));
  const build = await buildNative(program, t, join(replayDir, 'build'), sanitize);
  const own = sourceFilter(program.coverageSources);
  const coverageNow = async (): Promise<FileCoverage[]> =>
    (await runGcov(t.gcov, build.objects.map((o) => o.gcno), build.dir)).filter((f) => own(f.file));

  const notes: string[] = [];
  const json = emptyReplayJson(arch, sanitize, notes);
  const reports: TestReport[] = [];
  const timeline = new CoverageTimeline(runStartMs(dir, tests));
  let files: FileCoverage[] | undefined;
  for (const test of tests) {
    let kt: KTest;
    try {
      kt = readKTest(test.path);
    } catch (e) {
      notes.push(`${test.name}: not replayed: ${(e as Error).message}`);
      continue;
    }
    const prep = prepare(kt, program);
    const { obs, notes: testNotes } = await runTest(test, prep, {
      build,
      target: t,
      program,
      replayDir,
      timeoutSeconds,
      sanitize,
      keepScratch: opts.keepScratch === true,
    });
    for (const n of testNotes) notes.push(`${test.name}: ${n}`);
    const report = recordTest(json, replayDir, test, obs, prep.posix !== undefined, { arch, sanitize, timeoutSeconds });
    reports.push(report);
    files = await coverageNow();
    timeline.add(test, files);
    opts.progress?.(`${test.name}: ${report.outcome}`);
  }
  files ??= await coverageNow();
  json.coverage = summarize(files);
  const uncovered = uncoveredLines(files);
  if (arch === 'aarch64' && sanitize) {
    notes.push('aarch64 under qemu-user: ASan and UBSan work, LeakSanitizer does not (leak checks are off on both arches)');
  }

  // One test's reports in a folder of their own; the suite's in replayDir, and its coverage in OUTDIR too.
  mkdirSync(reportDir, { recursive: true });
  let html: string | null = null;
  if (opts.html !== false && opts.only === undefined) {
    const h = await writeHtmlReport(dir, build.dir, t.gcov, program.coverageSources, `sympath replay: ${program.programName} (${arch})`);
    if ('path' in h) html = h.path;
    else notes.push(`no HTML coverage report: ${h.error}`);
  }
  const coverageJson: CoverageJson = {
    arch,
    sanitize,
    sources: program.coverageSources,
    coverage: json.coverage,
    uncovered,
    timeline: timeline.points,
    html,
  };
  const written = writeCoverageFiles(opts.only === undefined ? dir : reportDir, coverageJson);
  if (opts.only === undefined) {
    writeCoverageFiles(replayDir, coverageJson);
    if (html !== null) cpSync(join(dir, 'coverage'), join(replayDir, 'coverage'), { recursive: true });
  }
  const replayJson = join(reportDir, 'replay.json');
  writeFileSync(replayJson, `${JSON.stringify(json, null, 2)}\n`);
  return {
    outDir: dir,
    json,
    reports,
    uncovered,
    coverageSources: program.coverageSources,
    build,
    target: t,
    files: { replayJson, coverageJson: written.json, coverageSvg: written.svg, html },
  };
}
