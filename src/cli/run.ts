// `sympath run [options] PROGRAM.(c|ll|bc)... [PROGRAM-ARGS]`: compile (C) or load (IR) the program,
// explore it symbolically, write tests into an output directory, print a summary. sympath's options
// come first; the leading arguments ending in .c/.i/.ll/.bc are the program's files and everything from
// the first other argument on goes to the program untouched (as with KLEE), options included.
//
// The run itself (executeRun) takes its engine, parser, solver and toolchain as injectable `RunDeps`, so
// the output pipeline is testable without the engine; the CLI loads the real ones.

import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from '../engine/options.js';
import { createOutputDir, linkLast, OutputDir, OutputDirError } from '../engine/output-dir.js';
import { buildStats, type StatsJson } from '../engine/stats.js';
import type { Module } from '../ir/model.js';
import { createSearcher, describeSearch, searcherHelp, UnknownSearcherError, validateSearcherNames } from '../search/index.js';
import type { Searcher } from '../search/searcher.js';
import type { SearcherContext } from '../search/context.js';
import type { Solver, SolverOptions } from '../solver/solver.js';
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
}

/** What a run needs from the other layers. */
export interface RunDeps {
  compileToLL(files: readonly string[], opts: CompileOptions): Promise<string>;
  optimizeLL(input: string, out: string, level?: OptLevel): Promise<void>;
  loadModule(path: string): Module | Promise<Module>;
  runProgram(module: Module, opts: EngineOptions, env: RunEnvironmentLike): Promise<RunResultLike>;
  createSolver(opts: SolverOptions): Promise<Solver>;
}

async function realDeps(): Promise<RunDeps> {
  const [toolchain, ir, executor, solver] = await Promise.all([
    import('../toolchain/clang.js'),
    import('../ir/index.js'),
    import('../engine/executor.js'),
    import('../solver/index.js'),
  ]);
  return {
    compileToLL: toolchain.compileToLL,
    optimizeLL: toolchain.optimizeLL,
    loadModule: ir.loadModule,
    runProgram: executor.runProgram,
    createSolver: solver.createSolver,
  };
}

// ---------------------------------------------------------------------------------------------------
// Options

/** Pruning hooks by name (DESIGN.md "Exploration hooks"); the strategies register here as they land. */
export const PRUNERS: readonly string[] = [];

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
  optimize?: boolean;
  prune: string[];
  json?: boolean;
  replayCoverage?: boolean;
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
  for (const p of flags.prune) {
    if (!PRUNERS.includes(p)) {
      const available = PRUNERS.length > 0 ? PRUNERS.join(', ') : 'none yet';
      throw new UserError(`sympath run: --prune: unknown pruning hook '${p}'; available: ${available}`);
    }
  }
  if (flags.libc === 'musl') {
    throw new UserError("sympath run: --libc musl is not available yet (the musl build arrives with issue 5); use --libc none");
  }
  if (flags.posixRuntime) {
    throw new UserError('sympath run: --posix-runtime is not available yet (the POSIX model arrives with issue 5)');
  }
}

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
  };
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
  const compileOpts: CompileOptions = { includes: flags.I.map((i) => resolve(io.cwd, i)), defines: flags.D, optLevel };

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
  const search = describeSearch(opts.search);
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

  let solver: Solver | undefined;
  let result: RunResultLike;
  let failure: unknown;
  try {
    solver = await d.createSolver({ backend: flags.solver, timeoutSeconds: flags.maxSolverTime });
    result = await d.runProgram(module, opts, {
      solver,
      sink: output,
      createSearcher: (ctx) =>
        createSearcher(opts.search, ctx, { batchInstructions: flags.batchInstructions, batchSeconds: flags.batchTime }),
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
  } catch (e) {
    failure = e;
    result = {
      instructions: 0,
      paths: { completed: 0, errors: 0, partial: 0, pruned: 0 },
      statesPeak: 0,
      coverage: { instructionsCovered: 0, instructionsTotal: 0, linesCovered: 0, linesTotal: 0 },
      wallSeconds: (performance.now() - t0) / 1000,
    };
  } finally {
    removeInterrupt?.();
    clearProgress();
  }
  const solverStats = solver ? { ...solver.stats } : { queries: 0, z3Queries: 0, cacheHits: 0, seconds: 0 };
  if (solver) {
    try {
      await solver.close();
    } catch {
      // Closing a back end that already failed is not worth reporting.
    }
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
  for (const line of doneLines(stats)) io.err(`${line}\n`);
  if (flags.replayCoverage) await replayAtEnd(outDir, io);
  if (flags.json) io.out(`${JSON.stringify(stats, null, 2)}\n`);
  return { outputDir: outDir, stats, haltReason };
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
    .addOption(new Option('--solver <backend>', 'Z3 back end').choices(['wasm', 'native']).default('wasm'))
    .option('--only-output-states-covering-new', 'write tests only for paths that covered new code (and errors)')
    .option('--emit-all-errors', 'a test for every error path, not one per error location')
    .option('--check-overshift', 'report shifts by the bit width or more as errors')
    .option('--batch-instructions <n>', 'run a selected state for this many instructions before selecting again', count, 0)
    .option('--batch-time <s>', 'run a selected state for this long before selecting again (makes runs timing-dependent)', seconds, 0)
    .option('--posix-runtime', 'link the POSIX model (--sym-arg, --sym-files, …) — not available yet: arrives with issue 5')
    .addOption(
      new Option('--libc <name>', "C library: 'none' (the bare engine) or 'musl' (arrives with issue 5, not available yet)")
        .choices(['musl', 'none'])
        .default('none'),
    )
    .option('--optimize', 'run the opt-19 -O2 pipeline over the IR before exploring it')
    .option('--prune <name>', 'pruning hook (repeatable); none exist yet', collect, [])
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

