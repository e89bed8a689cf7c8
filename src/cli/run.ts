// `sympath run [options] PROGRAM.(c|ll|bc)... [PROGRAM-ARGS]`: compile (C) or load (IR) the program,
// explore it symbolically, write tests into an output directory, print a summary. sympath's options
// come first; the leading arguments ending in .c/.i/.ll/.bc are the program's files and everything from
// the first other argument on goes to the program untouched (as with KLEE), options included.
//
// The run itself (executeRun) takes its engine, parser, solver and toolchain as injectable `RunDeps`, so
// the output pipeline is testable without the engine; the CLI loads the real ones.

import { copyFileSync, mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from '../engine/options.js';
import { createOutputDir, linkLast, OutputDir, OutputDirError } from '../engine/output-dir.js';
import { buildStats, type StatsJson } from '../engine/stats.js';
import type { Module } from '../ir/model.js';
import type { Executor } from '../engine/executor.js';
import type { ExplorationHooks } from '../engine/hooks.js';
import type { Memory } from '../engine/memory.js';
import {
  createSearcher,
  describeSearch,
  searcherHelp,
  SUBPATH_COMBINED,
  SUBPATH_COMBINED_LENGTHS,
  UnknownSearcherError,
  validateSearcherNames,
} from '../search/index.js';
import type { Searcher } from '../search/searcher.js';
import type { SearcherContext } from '../search/context.js';
import { DEFAULT_BACKEND, type Solver, type SolverOptions } from '../solver/solver.js';
import type { CompileOptions, OptLevel } from '../toolchain/clang.js';
import type { TestSink } from '../engine/test-case.js';
import { UserError } from './user-error.js';

// ---------------------------------------------------------------------------------------------------
// The engine's entry point, as src/engine/executor.ts declares it (structurally; see RunDeps).

export interface RunResultLike {
  instructions: number;
  paths: { completed: number; errors: number; partial: number; pruned: number };
  statesPeak: number;
  coverage: { instructionsCovered: number; instructionsTotal: number; linesCovered: number; linesTotal: number };
  wallSeconds: number;
  haltReason?: string;
}

export interface RunEnvironmentLike {
  solver: Solver;
  sink: TestSink;
  createSearcher(ctx: SearcherContext): Searcher;
  signal?: AbortSignal;
  stdout?: (b: Uint8Array) => void;
  stderr?: (b: Uint8Array) => void;
  onProgress?: (p: { elapsed: number; paths: number; liveStates: number; coveragePct: number; queriesPerSec: number }) => void;
  message?: (text: string) => void;
  /** Exploration hooks (--prune) and the memory they observe through (src/strategies/postcondition/cli.ts). */
  hooks?: ExplorationHooks[];
  createMemory?: (ex: Executor) => Memory;
}

/** What a run needs from the other layers. */
export interface RunDeps {
  compileToLL(files: readonly string[], opts: CompileOptions): Promise<string>;
  optimizeLL(input: string, out: string, level?: OptLevel): Promise<void>;
  loadModule(path: string): Module | Promise<Module>;
  runProgram(module: Module, opts: EngineOptions, env: RunEnvironmentLike): Promise<RunResultLike>;
  createSolver(opts: SolverOptions): Promise<Solver>;
  /** `--driver NAME`: a concolic driver (src/engine/concolic) runs the program instead of the forking search. */
  runDriver?(name: string, module: Module, opts: EngineOptions, env: RunEnvironmentLike): Promise<RunResultLike>;
}

async function realDeps(): Promise<RunDeps> {
  const [toolchain, ir, executor, solver] = await Promise.all([
    import('../toolchain/clang.js'),
    import('../ir/index.js'),
    import('../engine/executor.js'),
    import('../solver/index.js'),
  ]);
  const runDriver: RunDeps['runDriver'] = async (name, module, opts, env) => (await import('../engine/concolic/index.js')).runNamedDriver(name, module, opts, env);
  return {
    compileToLL: toolchain.compileToLL,
    optimizeLL: toolchain.optimizeLL,
    loadModule: ir.loadModule,
    runProgram: executor.runProgram,
    createSolver: solver.createSolver,
    runDriver,
  };
}

// ---------------------------------------------------------------------------------------------------
// Options

/** Pruning hooks by name (DESIGN.md "Exploration hooks"); the strategies register here as they land. */
export const PRUNERS: readonly string[] = ['postcondition'];

/** Concolic drivers by name (DESIGN.md "Two plugin interfaces"; src/engine/concolic/index.ts DRIVERS). */
export const DRIVERS: readonly string[] = ['concolic'];

export interface RunFlags {
  I: string[];
  D: string[];
  O: string;
  outputDir?: string;
  search: string[];
  seed: number;
  maxTime: number;
  maxInstructions: number;
  maxMemory: number;
  maxDepth: number;
  maxForks: number;
  maxTests: number;
  maxSolverTime: number;
  solver: 'wasm' | 'native';
  onlyOutputStatesCoveringNew?: boolean;
  emitAllErrors?: boolean;
  checkOvershift?: boolean;
  batchInstructions: number;
  batchTime: number;
  posixRuntime?: boolean;
  libc: 'musl' | 'none';
  /** --allow-read: host files or folders the POSIX model may read (none by default). */
  allowRead?: string[];
  optimize?: boolean;
  prune: string[];
  /** --pse-*: the postcondition pruner's heuristics (src/strategies/postcondition). */
  pseFirstInstanceOnly?: boolean;
  pseMaxSummarySize?: number;
  pseSimplify?: boolean;
  pseReuseWp?: boolean;
  psePinAddresses?: boolean;
  /** --check-pruning: also run exhaustive DFS and report what pruning lost (exit 3 if anything). */
  checkPruning?: boolean;
  /** --driver: a concolic driver instead of the forking search. */
  driver?: string;
  json?: boolean;
  replayCoverage?: boolean;
  /** --subpath-ties: how subpath:N breaks ties (default 'random'). */
  subpathTies?: 'random' | 'latest';
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function count(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a whole number >= 0.');
  return Number(value);
}

function seconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number of seconds >= 0.');
  return n;
}

const PROGRAM_FILE = /\.(c|i|ll|bc)$/i;

/** Splits the positional arguments: leading program files, then the program's own arguments. */
export function splitProgramArgs(args: readonly string[]): { files: string[]; programArgs: string[] } {
  let i = 0;
  while (i < args.length && PROGRAM_FILE.test(args[i]!)) i++;
  return { files: args.slice(0, i), programArgs: args.slice(i) };
}

/** Checks the options that need no file system; throws UserError. */
export function checkFlags(flags: RunFlags): void {
  try {
    validateSearcherNames(flags.search);
  } catch (e) {
    if (e instanceof UnknownSearcherError) throw new UserError(`sympath run: --search: ${e.message}`);
    throw e;
  }
  const combined = flags.search.filter((n) => n === SUBPATH_COMBINED).length;
  if (combined > 1) throw new UserError(`sympath run: --search: ${SUBPATH_COMBINED} may be given once`);
  if (combined === 1 && !(flags.maxTime > 0)) {
    throw new UserError(
      `sympath run: --search ${SUBPATH_COMBINED} runs N = ${SUBPATH_COMBINED_LENGTHS.join(', ')} for a quarter of the time budget each: it needs --max-time`,
    );
  }
  if (flags.driver !== undefined && !DRIVERS.includes(flags.driver)) {
    throw new UserError(`sympath run: --driver: unknown driver '${flags.driver}'; available: ${DRIVERS.join(', ')}`);
  }
  for (const p of flags.prune) {
    if (!PRUNERS.includes(p)) {
      const available = PRUNERS.length > 0 ? PRUNERS.join(', ') : 'none yet';
      throw new UserError(`sympath run: --prune: unknown pruning hook '${p}'; available: ${available}`);
    }
  }
  if (flags.posixRuntime && flags.libc === 'none') {
    throw new UserError('sympath run: --posix-runtime needs --libc musl (the POSIX model is C linked with musl)');
  }
  if ((flags.allowRead?.length ?? 0) > 0 && !flags.posixRuntime) {
    throw new UserError('sympath run: --allow-read needs --posix-runtime (host files are read through the POSIX model)');
  }
}

/** The POSIX model's options (KLEE's), to warn when they are given without --posix-runtime. */
const POSIX_MODEL_OPTION = /^--?(sym-arg|sym-args|sym-files|sym-stdin|sym-stdout|max-fail|fd-fail|save-all-writes)$/;

export function engineOptions(flags: RunFlags, programArgs: string[], programSourceFiles: string[]): EngineOptions {
  return {
    ...DEFAULT_ENGINE_OPTIONS,
    search: flags.search.length > 0 ? [...flags.search] : [...DEFAULT_ENGINE_OPTIONS.search],
    prune: [...flags.prune],
    seed: flags.seed,
    maxTime: flags.maxTime,
    maxInstructions: flags.maxInstructions,
    maxMemory: flags.maxMemory,
    maxDepth: flags.maxDepth,
    maxForks: flags.maxForks,
    maxTests: flags.maxTests,
    maxSolverTime: flags.maxSolverTime,
    batchInstructions: flags.batchInstructions,
    onlyOutputStatesCoveringNew: flags.onlyOutputStatesCoveringNew === true,
    emitAllErrors: flags.emitAllErrors === true,
    checkOvershift: flags.checkOvershift === true,
    programArgs,
    programSourceFiles,
    subpathTies: flags.subpathTies ?? 'random',
  };
}

/** One engine run of a `sympath run`: usually the only one; `subpath:combined` makes four. */
export interface RunPhase {
  search: string[];
  /** Seconds (0 = no limit). */
  maxTime: number;
}

/**
 * The engine runs for `opts`: one, or — when the search list holds `subpath:combined` — one per window
 * length of the portfolio (1, 2, 4, 8), each with `subpath:combined` replaced by `subpath:N` (so
 * `--search subpath:combined --search nurs:covnew` interleaves each subpath:N with nurs:covnew) and a
 * quarter of --max-time. Every other budget (instructions, tests, …) applies to each run as given. A run
 * that explores every path ends the portfolio early (executeRun): the others could only repeat it.
 */
export function runPhases(opts: EngineOptions): RunPhase[] {
  if (!opts.search.includes(SUBPATH_COMBINED)) return [{ search: opts.search, maxTime: opts.maxTime }];
  const k = SUBPATH_COMBINED_LENGTHS.length;
  return SUBPATH_COMBINED_LENGTHS.map((n) => ({
    search: opts.search.map((x) => (x === SUBPATH_COMBINED ? `subpath:${n}` : x)),
    maxTime: opts.maxTime / k,
  }));
}

/**
 * One RunResult for several engine runs into one output directory (subpath:combined): counts and times
 * add up, the state peak is the largest. Coverage cannot be pooled from counts (the runs cover
 * overlapping code and the engine reports no covered set), so it is the best single run's: a lower
 * bound of the pooled coverage, which native replay of the pooled tests measures exactly.
 */
export function mergeRunResults(results: readonly RunResultLike[]): RunResultLike {
  if (results.length === 1) return results[0]!;
  const best = results.reduce((a, b) => (b.coverage.instructionsCovered > a.coverage.instructionsCovered ? b : a));
  const merged: RunResultLike = {
    instructions: results.reduce((t, r) => t + r.instructions, 0),
    paths: {
      completed: results.reduce((t, r) => t + r.paths.completed, 0),
      errors: results.reduce((t, r) => t + r.paths.errors, 0),
      partial: results.reduce((t, r) => t + r.paths.partial, 0),
      pruned: results.reduce((t, r) => t + r.paths.pruned, 0),
    },
    statesPeak: Math.max(...results.map((r) => r.statesPeak)),
    coverage: { ...best.coverage },
    wallSeconds: results.reduce((t, r) => t + r.wallSeconds, 0),
  };
  const last = results[results.length - 1]!;
  if (last.haltReason !== undefined) merged.haltReason = last.haltReason;
  return merged;
}

// ---------------------------------------------------------------------------------------------------
// The run

export interface RunIO {
  cwd: string;
  /** The command line as typed after `sympath` (for info). */
  commandLine: string[];
  out: (text: string) => void;
  err: (text: string) => void;
  stdoutBytes: (b: Uint8Array) => void;
  stderrBytes: (b: Uint8Array) => void;
  /** Whether to draw the progress line (stderr is a TTY). */
  progress: boolean;
  /** Installs the SIGINT handling; returns the function that removes it. */
  onInterrupt?: (abort: () => void) => () => void;
  now?: () => Date;
}

export interface RunOutcome {
  outputDir: string;
  stats: StatsJson;
  haltReason: string;
}

/** The real path of `p` (symbolic links resolved), or `p` when it does not exist. */
function realPath(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

function stamp(d: Date): string {
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

function elapsedText(seconds: number): string {
  const s = Math.floor(seconds);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${p(Math.floor(s / 3600))}:${p(Math.floor(s / 60) % 60)}:${p(s % 60)}`;
}

/** The "done" lines of info and of the summary on stderr (KLEE's wording). */
export function doneLines(stats: StatsJson): string[] {
  return [
    `sympath: done: total instructions = ${stats.instructions}`,
    `sympath: done: completed paths = ${stats.paths.completed}`,
    `sympath: done: error paths = ${stats.paths.errors}`,
    `sympath: done: partially completed paths = ${stats.paths.partial}`,
    `sympath: done: pruned paths = ${stats.paths.pruned}`,
    `sympath: done: generated tests = ${stats.tests}`,
  ];
}

/** Runs `sympath run` for the given positional arguments and flags; throws UserError on user errors. */
export async function executeRun(positional: readonly string[], flags: RunFlags, io: RunIO, deps?: RunDeps): Promise<RunOutcome> {
  const { files, programArgs } = splitProgramArgs(positional);
  if (files.length === 0) {
    const first = positional[0];
    throw new UserError(
      first === undefined
        ? 'sympath run: no program given (expected PROGRAM.c, PROGRAM.ll or PROGRAM.bc)'
        : `sympath run: ${first}: not a program file (expected .c, .ll or .bc before the program's arguments)`,
    );
  }
  checkFlags(flags);
  for (const f of files) {
    let isFile = false;
    try {
      isFile = statSync(resolve(io.cwd, f)).isFile();
    } catch {
      throw new UserError(`sympath: ${f}: no such file`);
    }
    if (!isFile) throw new UserError(`sympath: ${f}: not a regular file`);
  }
  const d = deps ?? (await realDeps());
  const now = io.now ?? (() => new Date());
  const started = now();
  const t0 = performance.now();
  const absFiles = files.map((f) => resolve(io.cwd, f));
  const cSources = absFiles.filter((f) => /\.(c|i)$/i.test(f));
  const optLevel = Number(flags.O) as OptLevel;
  const compileOpts: CompileOptions = {
    includes: flags.I.map((i) => resolve(io.cwd, i)),
    defines: flags.D,
    optLevel,
    libc: flags.libc,
    posixRuntime: flags.posixRuntime === true,
    log: io.err,
  };
  if (!flags.posixRuntime && programArgs.some((a) => POSIX_MODEL_OPTION.test(a))) {
    io.err(`sympath: warning: the program's arguments include POSIX model options (${programArgs.filter((a) => POSIX_MODEL_OPTION.test(a)).join(' ')}) but --posix-runtime is off: they are passed as they are\n`);
  }

  // Compile and link into a scratch folder first: a compile error leaves no output directory behind.
  const scratch = mkdtempSync(join(tmpdir(), 'sympath-run-'));
  let outDir: string;
  let irName = 'program.ll';
  try {
    const ll = await d.compileToLL(absFiles, { ...compileOpts, out: join(scratch, 'program.ll') });
    if (flags.optimize) await d.optimizeLL(ll, join(scratch, 'program.opt.ll'), 2);
    try {
      outDir = createOutputDir({ explicit: flags.outputDir, cwd: io.cwd });
    } catch (e) {
      if (e instanceof OutputDirError) throw new UserError(e.message);
      throw e;
    }
    copyFileSync(ll, join(outDir, 'program.ll'));
    if (flags.optimize) {
      copyFileSync(join(scratch, 'program.opt.ll'), join(outDir, 'program.opt.ll'));
      irName = 'program.opt.ll';
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  let module: Module;
  try {
    module = await d.loadModule(join(outDir, irName));
  } catch (e) {
    rmSync(outDir, { recursive: true, force: true });
    const name = (e as Error).name;
    if (e instanceof UserError) throw e;
    if (name === 'ParseError' || name === 'IrFileError') throw new UserError((e as Error).message);
    throw e;
  }
  if (flags.outputDir === undefined) linkLast(outDir);

  const ktestArgs = [files[0]!, ...programArgs];
  const output = new OutputDir(outDir, {
    ktestArgs,
    onlyCoveringNew: flags.onlyOutputStatesCoveringNew === true,
    maxTests: flags.maxTests,
  });
  const opts = engineOptions(flags, programArgs, cSources);
  // argv[0]: the first program file's name without extension (as replay names the native build).
  opts.programName = files[0]!.slice(files[0]!.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  if (flags.allowRead && flags.allowRead.length > 0) opts.allowRead = flags.allowRead.map((f) => realPath(resolve(io.cwd, f)));
  const search = flags.driver !== undefined ? `driver:${flags.driver}` : describeSearch(opts.search);
  output.writeJson('run.json', {
    argv: io.commandLine,
    cwd: io.cwd,
    programFiles: absFiles,
    sources: cSources,
    includes: compileOpts.includes,
    defines: compileOpts.defines,
    optLevel,
    optimize: flags.optimize === true,
    ir: irName,
    programArgs,
    ktestArgs,
    libc: flags.libc,
    posixRuntime: flags.posixRuntime === true,
    search: opts.search,
    seed: opts.seed,
    subpathTies: opts.subpathTies,
  });
  output.writeInfo(
    [
      `sympath ${io.commandLine.map(shellQuote).join(' ')}`,
      `Working directory: ${io.cwd}`,
      `PID: ${process.pid}`,
      `Started: ${stamp(started)}`,
      `Output directory: ${outDir}`,
      `Program files: ${absFiles.join(' ')}`,
      `Program arguments: ${programArgs.map(shellQuote).join(' ')}`,
      `Compile flags: -O${optLevel}${compileOpts.includes!.map((i) => ` -I ${i}`).join('')}${flags.D.map((x) => ` -D ${x}`).join('')}${flags.optimize ? ' (then opt -O2)' : ''}`,
      `C library: ${flags.libc}${flags.libc === 'musl' ? (flags.posixRuntime ? ' with the POSIX model' : ' with the bare system-call layer') : ''}`,
      `Search: ${search}${flags.batchInstructions > 0 ? `, batches of ${flags.batchInstructions} instructions` : ''}${flags.batchTime > 0 ? `, batches of ${flags.batchTime} s` : ''}`,
      `Seed: ${opts.seed}`,
      '',
    ].join('\n'),
  );
  io.err(`sympath: output directory is "${outDir}"\n`);

  const controller = new AbortController();
  let progressShown = false;
  const clearProgress = (): void => {
    if (progressShown) {
      io.err('\r\x1b[K');
      progressShown = false;
    }
  };
  const removeInterrupt = io.onInterrupt?.(() => {
    clearProgress();
    controller.abort();
  });

  const phases = runPhases(opts);
  const pruning =
    opts.prune.length > 0 || flags.checkPruning
      ? (await import('../strategies/postcondition/cli.js')).pruningSession(
          opts.prune,
          (await import('../strategies/postcondition/cli.js')).postconditionOptions(flags),
        )
      : null;
  const results: RunResultLike[] = [];
  const solverStats = { queries: 0, z3Queries: 0, cacheHits: 0, seconds: 0 };
  let result: RunResultLike;
  let failure: unknown;
  try {
    for (const [k, phase] of phases.entries()) {
      if (controller.signal.aborted) break;
      const testsBefore = output.tests;
      // Each run of a portfolio starts afresh: its own module (the engine may annotate it), solver
      // (caches) and coverage; only the output directory, and so the test numbering, is shared.
      const phaseModule = k === 0 ? module : await d.loadModule(join(outDir, irName));
      const phaseOpts: EngineOptions = { ...opts, search: phase.search, maxTime: phase.maxTime };
      const r = await runOnce(d, phaseModule, phaseOpts, solverStats, {
        solverOptions: { backend: flags.solver, timeoutSeconds: flags.maxSolverTime },
        driver: flags.driver,
        sink: output,
        ...(pruning ? pruning.nextRun() : {}),
        createSearcher: (ctx) =>
          createSearcher(phaseOpts.search, ctx, {
            batchInstructions: flags.batchInstructions,
            batchSeconds: flags.batchTime,
            subpathTies: phaseOpts.subpathTies,
          }),
        signal: controller.signal,
        // With --json stdout carries the stats alone; the program's stdout goes to stderr then.
        stdout: flags.json ? io.stderrBytes : io.stdoutBytes,
        stderr: io.stderrBytes,
        onProgress: io.progress
          ? (p) => {
              io.err(
                `\r\x1b[Ksympath: ${elapsedText(p.elapsed)}  paths ${p.paths}  live states ${p.liveStates}  ` +
                  `coverage ${p.coveragePct.toFixed(1)}%  queries/s ${Math.round(p.queriesPerSec)}`,
              );
              progressShown = true;
            }
          : undefined,
        message: (text) => {
          clearProgress();
          output.message(text);
          io.err(`sympath: ${text}${text.endsWith('\n') ? '' : '\n'}`);
        },
      });
      results.push(r);
      if (phases.length > 1) {
        const tests = output.tests > testsBefore ? `tests ${testsBefore + 1}-${output.tests}` : 'no tests';
        const line = `run ${k + 1}/${phases.length}: search ${describeSearch(phase.search)}, max-time ${phase.maxTime} s: ${tests}, halted: ${r.haltReason ?? 'all paths explored'}`;
        output.appendInfo(`${line[0]!.toUpperCase()}${line.slice(1)}\n`);
        output.message(line);
        io.err(`sympath: ${line}\n`);
        if (r.haltReason === undefined && k + 1 < phases.length) {
          // Every path explored: the remaining runs could only repeat them.
          const skip = `runs ${k + 2}-${phases.length} skipped: run ${k + 1} explored every path`;
          output.appendInfo(`${skip[0]!.toUpperCase()}${skip.slice(1)}\n`);
          output.message(skip);
          io.err(`sympath: ${skip}\n`);
          break;
        }
      }
    }
    result = results.length > 0 ? mergeRunResults(results) : emptyResult((performance.now() - t0) / 1000);
  } catch (e) {
    failure = e;
    result = results.length > 0 ? mergeRunResults(results) : emptyResult((performance.now() - t0) / 1000);
  } finally {
    removeInterrupt?.();
    clearProgress();
  }

  const haltReason = failure
    ? `internal error: ${(failure as Error).message ?? String(failure)}`
    : (result.haltReason ?? (controller.signal.aborted ? 'interrupted' : 'all paths explored'));
  const stats = buildStats({
    program: files.join(' '),
    search,
    prune: opts.prune,
    result,
    solver: solverStats,
    tests: output.tests,
    errors: output.errors,
  });
  output.writeStats(stats);
  const finished = now();
  output.appendInfo(
    [
      `Finished: ${stamp(finished)}`,
      `Elapsed: ${elapsedText((performance.now() - t0) / 1000)}`,
      `Halted: ${controller.signal.aborted && !result.haltReason ? 'interrupted' : haltReason}`,
      ...doneLines(stats),
      '',
    ].join('\n'),
  );
  if (failure) {
    if (failure instanceof UserError) throw failure;
    const err = failure as Error;
    io.err(`sympath: internal error: ${err.message ?? String(err)}\n`);
    if (process.env.SYMPATH_DEBUG && err.stack) io.err(`${err.stack}\n`);
    io.err(`sympath: tests written so far are in ${outDir}\n`);
    throw new UserError(`sympath: the run stopped on an internal error (set SYMPATH_DEBUG=1 for the stack)`, 2);
  }
  if (controller.signal.aborted) io.err('sympath: interrupted; tests written so far are kept\n');
  const pruneReport = pruning?.report();
  if (pruneReport) {
    for (const line of pruneReport.lines) {
      output.message(line);
      io.err(`sympath: ${line}\n`);
    }
    output.writeJson('postcondition.json', pruneReport.json);
  }
  for (const line of doneLines(stats)) io.err(`${line}\n`);
  if (flags.checkPruning && pruning && !controller.signal.aborted) {
    const { checkPruning } = await import('../strategies/postcondition/cli.js');
    const baselineStats = { queries: 0, z3Queries: 0, cacheHits: 0, seconds: 0 };
    const { check, lines } = await checkPruning({
      module: await d.loadModule(join(outDir, irName)),
      opts,
      prunedErrors: output.errors,
      prunedLines: pruning.coveredLines(),
      run: (m, o, env) =>
        runOnce(d, m, o, baselineStats, {
          ...env,
          solverOptions: { backend: flags.solver, timeoutSeconds: flags.maxSolverTime },
          createSearcher: (ctx) => createSearcher(o.search, ctx, { batchInstructions: 0, batchSeconds: 0 }),
          signal: controller.signal,
          stdout: () => {},
          stderr: () => {},
        }),
    });
    output.writeJson('check-pruning.json', check);
    for (const line of lines) {
      output.message(line);
      io.err(`sympath: ${line}\n`);
    }
    if (check.lostErrors.length > 0 || check.lostLines.length > 0) {
      if (flags.json) io.out(`${JSON.stringify(stats, null, 2)}\n`);
      throw new UserError(`sympath: --check-pruning: pruning lost ${check.lostErrors.length} error sites and ${check.lostLines.length} covered lines`, 3);
    }
  }
  if (flags.replayCoverage) await replayAtEnd(outDir, io);
  if (flags.json) io.out(`${JSON.stringify(stats, null, 2)}\n`);
  return { outputDir: outDir, stats, haltReason };
}

function emptyResult(wallSeconds: number): RunResultLike {
  return {
    instructions: 0,
    paths: { completed: 0, errors: 0, partial: 0, pruned: 0 },
    statesPeak: 0,
    coverage: { instructionsCovered: 0, instructionsTotal: 0, linesCovered: 0, linesTotal: 0 },
    wallSeconds,
  };
}

/**
 * The per-query solver timeout: --max-solver-time, or with --max-time alone a quarter of it (at most
 * 30 s, KLEE's Coreutils setting), so one intractable query (a hash over symbolic bytes) costs part of
 * the budget rather than all of it.
 */
export function defaultSolverTime(maxSolverTime: number, maxTime: number): number {
  if (maxSolverTime > 0 || !(maxTime > 0)) return maxSolverTime;
  return Math.min(30, maxTime / 4);
}

/** One engine run with a solver of its own (closed afterwards; its counts are added to `solverStats`). */
async function runOnce(
  d: RunDeps,
  module: Module,
  opts: EngineOptions,
  solverStats: { queries: number; z3Queries: number; cacheHits: number; seconds: number },
  env: Omit<RunEnvironmentLike, 'solver'> & { solverOptions: SolverOptions; driver?: string },
): Promise<RunResultLike> {
  const { solverOptions: given, driver, ...rest } = env;
  const solverOptions = { ...given, timeoutSeconds: defaultSolverTime(given.timeoutSeconds, opts.maxTime) };
  const solver = await d.createSolver(solverOptions);
  try {
    if (driver !== undefined) {
      if (!d.runDriver) throw new UserError('sympath run: --driver is not available in this build');
      return await d.runDriver(driver, module, opts, { ...rest, solver });
    }
    return await d.runProgram(module, opts, { ...rest, solver });
  } finally {
    solverStats.queries += solver.stats.queries;
    solverStats.z3Queries += solver.stats.z3Queries;
    solverStats.cacheHits += solver.stats.cacheHits;
    solverStats.seconds += solver.stats.seconds;
    try {
      await solver.close();
    } catch {
      // Closing a back end that already failed is not worth reporting.
    }
  }
}

/** `--replay-coverage`: the native replay of issue 6 over the tests just written (x86_64). */
async function replayAtEnd(outDir: string, io: RunIO): Promise<void> {
  const { replayOutputDir, formatReplayText } = await import('../replay/index.js');
  try {
    io.err(formatReplayText(await replayOutputDir(outDir, { arch: 'x86_64' })));
  } catch (e) {
    if ((e as Error).name === 'ReplayError') throw new UserError((e as Error).message);
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------------
// The command

function processIO(commandLine: string[]): RunIO {
  return {
    cwd: process.cwd(),
    commandLine,
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    stdoutBytes: (b) => process.stdout.write(b),
    stderrBytes: (b) => process.stderr.write(b),
    progress: process.stderr.isTTY === true,
    onInterrupt: (abort) => {
      let hits = 0;
      const handler = (): void => {
        hits++;
        if (hits === 1) {
          process.stderr.write('\nsympath: interrupted; stopping (Ctrl-C again to quit at once)\n');
          abort();
        } else {
          process.exit(130);
        }
      };
      process.on('SIGINT', handler);
      return () => process.off('SIGINT', handler);
    },
  };
}

/** What the `run` command's action receives: the positional arguments (program files and program
 *  arguments, not yet split) and sympath's options. */
export type RunAction = (positional: string[], flags: RunFlags, cmd: Command) => Promise<void> | void;

/** Adds the `run` command with its options to `program`; `action` runs it (tests pass their own). */
export function defineRunCommand(program: Command, action: RunAction): Command {
  // Needed for passThroughOptions on a sub-command: the root's own options stay before the command.
  program.enablePositionalOptions();
  return program
    .command('run')
    .summary('explore a program symbolically and write one test per path')
    .description(
      'Compile (C: clang-19 -g -O0 -Xclang -disable-O0-optnone) or load (.ll, .bc) the program, explore its ' +
        'paths symbolically and write testNNNNNN.ktest files (KLEE format), .err files for errors, info, ' +
        'messages.txt and stats.json into the output directory.\n\n' +
        'sympath options come before the program. The leading .c/.ll/.bc arguments are the program; every ' +
        'argument after them goes to the program untouched (as with KLEE), options included.',
    )
    .addHelpText(
      'after',
      `\nSearchers (--search NAME; repeat to interleave them round-robin; default: random-path with nurs:covnew):\n${searcherHelp().replace(/^/gm, '  ')}\n`,
    )
    .argument('<program-and-args...>', 'PROGRAM.(c|ll|bc)... [PROGRAM-ARGS]')
    .passThroughOptions()
    .option('-I <dir>', 'add a directory to the include path for C input (repeatable)', collect, [])
    .option('-D <macro>', 'define a macro for C input, NAME or NAME=VALUE (repeatable)', collect, [])
    .addOption(new Option('-O <level>', 'optimisation level for C input: -O0, -O1 or -O2').choices(['0', '1', '2']).default('0'))
    .option('--output-dir <dir>', 'output directory (must not exist; default: sympath-out-N with a sympath-last link)')
    .option('--search <name>', 'searcher; repeat to interleave several (see below)', collect, [])
    .option('--seed <n>', 'seed of every random choice: same seed, same run', count, DEFAULT_ENGINE_OPTIONS.seed)
    .option('--max-time <s>', 'stop after this many seconds (0 = no limit)', seconds, 0)
    .option('--max-instructions <n>', 'stop after this many instructions (0 = no limit)', count, 0)
    .option('--max-memory <mb>', 'memory for states before some are dropped as partial', count, DEFAULT_ENGINE_OPTIONS.maxMemory)
    .option('--max-depth <n>', 'forks allowed on one path (0 = no limit)', count, 0)
    .option('--max-forks <n>', 'forks in the whole run (0 = no limit)', count, 0)
    .option('--max-tests <n>', 'stop after writing this many tests (0 = no limit)', count, 0)
    .option('--max-solver-time <s>', 'time limit per solver query (0 = none)', seconds, 0)
    .addOption(new Option('--solver <backend>', 'Z3 back end').choices(['wasm', 'native']).default(DEFAULT_BACKEND))
    .option('--only-output-states-covering-new', 'write tests only for paths that covered new code (and errors)')
    .option('--emit-all-errors', 'a test for every error path, not one per error location')
    .option('--check-overshift', 'report shifts by the bit width or more as errors')
    .option('--batch-instructions <n>', 'run a selected state for this many instructions before selecting again', count, 0)
    .addOption(
      new Option('--subpath-ties <mode>', "how subpath:N breaks ties: 'random' (seeded) or 'latest' (the newest state, as DFS)")
        .choices(['random', 'latest'])
        .default('random'),
    )
    .option('--batch-time <s>', 'run a selected state for this long before selecting again (makes runs timing-dependent)', seconds, 0)
    .option(
      '--posix-runtime',
      "link KLEE's POSIX environment model (runtime/posix): the program's arguments may then hold --sym-arg N, " +
        '--sym-args MIN MAX N, --sym-files NUM N, --sym-stdin N, --sym-stdout, --max-fail N among concrete ones',
    )
    .option('--allow-read <path>', 'with --posix-runtime: a host file or folder the program may read (repeatable; none by default)', collect, [])
    .addOption(
      new Option('--libc <name>', "C library: 'musl' (musl 1.2.3 in LLVM IR, built by `make musl`) or 'none' (the engine's built-in functions)")
        .choices(['musl', 'none'])
        .default('musl'),
    )
    .option('--optimize', 'run the opt-19 -O2 pipeline over the IR before exploring it')
    .option('--driver <name>', `re-execute the program concolically under a driver instead of the forking search: ${DRIVERS.join(', ')}`)
    .option('--prune <name>', `pruning hook (repeatable): ${PRUNERS.join(', ')}`, collect, [])
    .option('--pse-first-instance-only', 'postcondition: store and check summaries at the first instance of a branch on a path only')
    .option('--pse-max-summary-size <n>', 'postcondition: disjuncts per summary (default 200)', count, 200)
    .option('--pse-simplify', 'postcondition: simplify summaries (drop implied disjuncts, merge complementary ones)')
    .option('--pse-reuse-wp', 'postcondition: reuse weakest-precondition work between adjacent paths')
    .option('--pse-pin-addresses', 'postcondition: loads and stores at concrete addresses use them, pinned by an equality (cheaper walks, more specific summaries)')
    .option('--check-pruning', 'also run exhaustive DFS and report any error site or covered line pruning lost (exit 3 if any)')
    .option('--replay-coverage', 'replay the tests natively at the end (gcc --coverage) and report gcov coverage')
    .option('--json', "print stats.json to stdout at the end (the program's stdout then goes to stderr)")
    .action(action);
}

export function register(program: Command): void {
  defineRunCommand(program, async (positional, flags, cmd) => {
    const raw = (cmd.parent as unknown as { rawArgs?: string[] } | null)?.rawArgs;
    const commandLine = raw ? raw.slice(2) : ['run', ...positional];
    await executeRun(positional, flags, processIO(commandLine));
  });
}

