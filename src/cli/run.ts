// `sympath run [options] PROGRAM.(c|ll|bc)... [PROGRAM-ARGS]`: compile (C) or load (IR) the program,
// explore it symbolically, write tests into an output directory, print a summary. sympath's options
// come first; the leading arguments ending in .c/.i/.ll/.bc are the program's files and everything from
// the first other argument on goes to the program untouched (as with KLEE), options included.
//
// The run itself (executeRun) takes its engine, parser, solver and toolchain as injectable `RunDeps`
// (run-deps.ts), so the output pipeline is testable without the engine; the CLI loads the real ones.
// The options are in run-options.ts, the portfolio of subpath:combined in run-phases.ts, the process
// I/O in run-io.ts, the reported text in run-report.ts, the statistics and progress while the run goes
// on in live-stats.ts and progress-line.ts; this file re-exports what other code used from it.

import { mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { copyFileAtomic } from '../engine/atomic-file.js';
import type { EngineOptions } from '../engine/options.js';
import { createOutputDir, linkLast, OutputDir, OutputDirError, RESERVE_BYTES } from '../engine/output-dir.js';
import type { RunSnapshot } from '../engine/executor.js';
import { buildStats, type StatsJson } from '../engine/stats.js';
import type { Module } from '../ir/model.js';
import { createSearcher, describeSearch } from '../search/index.js';
import type { CompileOptions, OptLevel } from '../toolchain/clang.js';
import { emptyResult, realDeps, runOnce, type RunDeps, type RunResultLike } from './run-deps.js';
import { signalExitCode } from './interrupts.js';
import { processIO, type RunIO } from './run-io.js';
import {
  checkFlags,
  defineRunCommand,
  engineOptions,
  POSIX_MODEL_OPTION,
  PROGRESS_INTERVAL,
  splitProgramArgs,
  STATS_WRITE_INTERVAL,
  type RunFlags,
} from './run-options.js';
import { mergeRunResults, runPhases } from './run-phases.js';
import { doneLines, elapsedText, replayAtEnd, shellQuote, stamp } from './run-report.js';
import { checkPosixArgs } from './posix-args.js';
import { ErrorConsole, errorKindsOf, errorSummary, EXIT_ON_ERROR } from './run-errors.js';
import { globalsOverMemory } from '../engine/image.js';
import { readEnviron } from './environ-file.js';
import { debugInfoSources } from './debug-sources.js';
import { readPathFile } from './path-file.js';
import { PrefixFollowerImpl } from '../engine/path-prefix.js';
import { ExecTreeWriter } from '../engine/exec-tree.js';
import type { PruningEnv } from '../strategies/session.js';
import { readSeeds } from './seed-files.js';
import { checkPruningAtEnd } from './run-check-pruning.js';
import { LiveStats, peakRssMB } from './live-stats.js';
import { HeapPeak } from './heap-peak.js';
import { writeRunCov } from './run-cov.js';
import { ProgressDisplay, progressMode } from './progress-line.js';
import { RunStatusError, UserError } from './user-error.js';
import { activePruners } from '../strategies/registry.js';
import { findZ3, noZ3Reason } from '../solver/z3-path.js';
import { canonicalTests, runOnQueue, runWorkers } from './run-spread.js';

export { defaultSolverTime, type RunDeps, type RunEnvironmentLike, type RunResultLike } from './run-deps.js';
export type { RunIO } from './run-io.js';
export { checkFlags, defineRunCommand, DRIVERS, engineOptions, PRUNERS, splitProgramArgs, type RunAction, type RunFlags } from './run-options.js';
export { mergeRunResults, runPhases, type RunPhase } from './run-phases.js';
export { doneLines } from './run-report.js';

/** Exit status of a run whose output directory could not be written completely (disk full, …). */
export const EXIT_OUTPUT_FAILED = 4;

export interface RunOutcome {
  outputDir: string;
  stats: StatsJson;
  haltReason: string;
  /** Stopped by Ctrl-C/SIGTERM (the CLI) or the caller's AbortSignal (the library API): the tests so far are kept. */
  interrupted: boolean;
}

/** The real path of `p` (symbolic links resolved), or `p` when it does not exist. */
function realPath(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
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
  if (flags.posixRuntime) checkPosixArgs(programArgs);
  const environ = flags.environ !== undefined ? readEnviron(resolve(io.cwd, flags.environ)) : undefined;
  const replayTape = flags.replayPath !== undefined ? readPathFile(resolve(io.cwd, flags.replayPath)) : undefined;
  const seeds = readSeeds((flags.seedFile ?? []).map((f) => resolve(io.cwd, f)), (flags.seedDir ?? []).map((d) => resolve(io.cwd, d)));
  if (flags.solver === 'native' && findZ3() === undefined) {
    // Installed where Debian's z3 is not (npm i -g on any machine): the wasm Z3 of the z3-solver
    // dependency answers the same queries, more slowly on small ones.
    io.err(`sympath: no native z3 (${noZ3Reason()}): using the wasm Z3 (z3-solver)\n`);
    flags = { ...flags, solver: 'wasm' };
  }
  for (const f of files) {
    let isFile = false;
    try {
      isFile = statSync(resolve(io.cwd, f)).isFile();
    } catch {
      throw new UserError(`sympath: ${f}: no such file`);
    }
    if (!isFile) throw new UserError(`sympath: ${f}: not a regular file`);
  }
  const realOrGiven = deps ?? (await realDeps());
  // --canonical-tests (implied by --workers N > 1): test inputs that do not depend on the solver's history.
  const d: RunDeps = canonicalTests(flags) ? { ...realOrGiven, createSolver: async (o) => (await import('../parallel/canonical-solver.js')).withCanonicalTests(await realOrGiven.createSolver(o)) } : realOrGiven;
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
    // clang's warnings where sympath's messages go (the terminal, or a library caller's callback).
    onDiagnostics: io.err,
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
    try {
      copyFileAtomic(ll, join(outDir, 'program.ll'));
      if (flags.optimize) copyFileAtomic(join(scratch, 'program.opt.ll'), join(outDir, 'program.opt.ll'));
    } catch (e) {
      rmSync(outDir, { recursive: true, force: true });
      throw new UserError(`sympath: cannot write the program into the output directory: ${(e as Error).message}`, EXIT_OUTPUT_FAILED);
    }
    if (flags.optimize) irName = 'program.opt.ll';
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  let module: Module;
  try {
    module = await d.loadModule(join(outDir, irName));
    const entry = flags.entryPoint ?? 'main';
    if (!module.functions.some((f) => f.name === entry && !f.isDeclaration)) {
      throw new UserError(
        entry === 'main'
          ? `sympath run: ${files.join(' ')}: no main function (the run starts at main, as KLEE's does; --entry-point names another)`
          : `sympath run: ${files.join(' ')}: no function ${entry} defined (--entry-point ${entry})`,
      );
    }
    const tooBig = globalsOverMemory(module, flags.maxMemory);
    if (tooBig) throw new UserError(`sympath run: ${files.join(' ')}: ${tooBig}`);
  } catch (e) {
    rmSync(outDir, { recursive: true, force: true });
    const name = (e as Error).name;
    if (e instanceof UserError) throw e;
    if (name === 'ParseError' || name === 'IrFileError') throw new UserError((e as Error).message);
    throw e;
  }
  if (flags.outputDir === undefined) linkLast(outDir);

  const ktestArgs = [files[0]!, ...programArgs];
  const controller = new AbortController();
  // The progress (--progress) is erased before anything else reaches stderr or the terminal: `say`
  // is io.err for what sympath says while the line may be up.
  const display = new ProgressDisplay(progressMode(flags.progress ?? 'auto', io.progress), io.err, () => process.stderr.columns || 80);
  const clearProgress = (): void => display.clear();
  const say = (text: string): void => {
    display.clear();
    io.err(text);
  };
  const output = new OutputDir(outDir, {
    ktestArgs,
    onlyCoveringNew: flags.onlyOutputStatesCoveringNew === true,
    maxTests: flags.maxTests,
    reserveBytes: RESERVE_BYTES,
    // A full disk stops the run as an interruption does: what is written stays valid.
    onWriteFailure: (message) => {
      say(`\nsympath: ${message}; stopping (the files written so far are kept)\n`);
      controller.abort('output-write-failed');
    },
  });
  const replaySources = cSources.length > 0 ? cSources : sourcesForReplay(module, say);
  const opts = engineOptions(flags, programArgs, cSources);
  // argv[0]: the first program file's name without extension (as replay names the native build).
  opts.programName = files[0]!.slice(files[0]!.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  if (flags.allowRead && flags.allowRead.length > 0) opts.allowRead = flags.allowRead.map((f) => realPath(resolve(io.cwd, f)));
  if (flags.allowReadSpecial) opts.allowReadSpecial = true;
  if (flags.writeTestOutput) opts.writeTestOutput = true;
  if (flags.writeSmt2s) opts.writeSmt2s = true;
  if (environ) opts.environ = environ;
  if (flags.entryPoint !== undefined && flags.entryPoint !== 'main') opts.entryPoint = flags.entryPoint;
  if (flags.writePaths) opts.writePaths = true;
  if (flags.writeCov) opts.writeCov = true;
  if (seeds.length > 0) opts.seeds = seeds;
  if (flags.onlySeed) opts.onlySeed = true;
  if (flags.dumpStatesOnHalt === false) opts.dumpStatesOnHalt = false;
  if (flags.hibernate === false) opts.hibernate = false;
  if (flags.hibernateAbove !== undefined) opts.hibernateAbove = flags.hibernateAbove;
  const search = flags.driver !== undefined ? `driver:${flags.driver}` : describeSearch(opts.search);
  output.writeJson('run.json', {
    argv: io.commandLine,
    cwd: io.cwd,
    programFiles: absFiles,
    sources: replaySources,
    includes: compileOpts.includes,
    defines: compileOpts.defines,
    optLevel,
    optimize: flags.optimize === true,
    ir: irName,
    programArgs,
    ...(opts.environ ? { environ: opts.environ } : {}),
    ...(opts.entryPoint ? { entryPoint: opts.entryPoint } : {}),
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

  const errorConsole = new ErrorConsole(output, {
    exitOn: flags.exitOnError ? 'all' : (flags.exitOnErrorType ?? []).length > 0 ? errorKindsOf(flags.exitOnErrorType ?? []) : null,
    emitAllErrors: flags.emitAllErrors === true,
    err: say,
    stop: () => controller.abort('exit-on-error'),
  });
  const removeInterrupt = io.onInterrupt?.(() => {
    clearProgress();
    controller.abort();
  });

  const phases = runPhases(opts);
  // Pruning hooks come from the registry; a forking run under --check-pruning alone needs the session
  // too, for the engines whose covered lines it compares.
  const sessions = await import('../strategies/session.js');
  const { installed } = activePruners(flags.prune, flags);
  const pruning = flags.driver === undefined && (installed.length > 0 || flags.checkPruning) ? await sessions.pruningSession(installed, flags) : null;
  if (pruning) {
    // A technique's static work (DiSE's impact analysis, --base's other version) may find bad input:
    // a user error, and no output directory is left behind, as for a program that does not load.
    try {
      await pruning.prepare({
        module,
        options: opts,
        cwd: io.cwd,
        programFiles: absFiles,
        compile: compileOpts,
        message: (text) => {
          output.message(text);
          io.err(`sympath: ${text}\n`);
        },
      });
    } catch (e) {
      removeInterrupt?.();
      rmSync(outDir, { recursive: true, force: true });
      if (e instanceof UserError) throw e;
      throw new UserError(`sympath run: ${(e as Error).message}`);
    }
  }
  const results: RunResultLike[] = [];
  const heapPeak = new HeapPeak();
  const solverStats = { queries: 0, z3Queries: 0, cacheHits: 0, seconds: 0 };
  const { sympathVersion, solverVersion } = await import('./version.js');
  const versions = { sympath: sympathVersion(), solver: solverVersion(flags.solver), node: process.version };
  const statsOf = (r: RunResultLike, solver: typeof solverStats, extra: { running: boolean; liveStates: number; haltReason?: string; final?: boolean }): StatsJson =>
    buildStats({
      program: files.join(' '),
      search,
      prune: opts.prune,
      result: r,
      solver,
      tests: output.tests,
      errors: output.errors,
      liveStates: extra.liveStates,
      running: extra.running,
      ...(extra.haltReason !== undefined ? { haltReason: extra.haltReason } : {}),
      versions,
      peakRssMB: peakRssMB(),
      peakHeapMB: heapPeak.sample(),
      // The techniques' sections are final figures: in the last stats.json only.
      ...(extra.final && r.driver ? { driver: r.driver } : {}),
      ...(extra.final && r.workers ? { workers: r.workers } : {}),
      ...(extra.final && pruning?.statsSections() ? { pruning: pruning.statsSections()! } : {}),
    });
  // The engine run in progress (its snapshot, from RunEnvironment.onStart) and the solver's counts
  // before it: the live figures are the finished runs' plus this one's so far.
  let probe: (() => RunSnapshot) | null = null;
  let solverBefore = { ...solverStats };
  const live = new LiveStats({
    output,
    display,
    progressInterval: flags.progressInterval ?? PROGRESS_INTERVAL,
    statsInterval: flags.statsWriteInterval ?? STATS_WRITE_INTERVAL,
    maxTime: flags.maxTime,
    current: () => {
      const snap = probe?.();
      if (!snap && results.length === 0) return null;
      const solver = snap
        ? {
            queries: solverBefore.queries + snap.solver.queries,
            z3Queries: solverBefore.z3Queries + snap.solver.z3Queries,
            cacheHits: solverBefore.cacheHits + snap.solver.cacheHits,
            seconds: solverBefore.seconds + snap.solver.seconds,
          }
        : solverStats;
      return statsOf(mergeRunResults(snap ? [...results, snap] : results), solver, { running: true, liveStates: snap?.liveStates ?? 0 });
    },
  });
  // Program output passes around the progress line; the line's column is tracked for what reaches a terminal.
  const programStdout = flags.json ? io.stderrBytes : io.stdoutBytes;
  const stdoutOnTerminal = flags.json || io.stdoutIsTerminal === true;
  const none = new Uint8Array(0);
  let result: RunResultLike;
  let failure: unknown;
  const execTree = flags.writeExecTree ? new ExecTreeWriter(join(outDir, 'exec-tree.jsonl'), say) : null;
  live.start();
  heapPeak.start();
  try {
    for (const [k, phase] of phases.entries()) {
      if (controller.signal.aborted) break;
      const testsBefore = output.tests;
      // Each run of a portfolio starts afresh: its own module (the engine may annotate it), solver
      // (caches) and coverage; only the output directory, and so the test numbering, is shared.
      const phaseModule = k === 0 ? module : await d.loadModule(join(outDir, irName));
      const phaseOpts: EngineOptions = { ...opts, search: phase.search, maxTime: phase.maxTime };
      solverBefore = { ...solverStats };
      const searchOptions = { batchInstructions: flags.batchInstructions, batchSeconds: flags.batchTime, subpathTies: phaseOpts.subpathTies };
      const engineEnv = {
        sink: errorConsole,
        signal: controller.signal,
        // With --json stdout carries the stats alone; the program's stdout goes to stderr then.
        stdout: (b: Uint8Array) => display.around(() => programStdout(b), stdoutOnTerminal ? b : none),
        stderr: (b: Uint8Array) => display.around(() => io.stderrBytes(b), b),
        onStart: (snapshot: () => RunSnapshot) => {
          probe = snapshot;
        },
        message: (text: string) => {
          clearProgress();
          output.message(text);
          io.err(`sympath: ${text}${text.endsWith('\n') ? '' : '\n'}`);
        },
      };
      const pruningRun: Partial<PruningEnv> = pruning ? pruning.nextRun() : {};
      // A portfolio's runs share the file: each starts a tree of its own, its state ids from 0 again.
      if (execTree && k > 0) execTree.startRun(k);
      const hooks = [...(pruningRun.hooks ?? []), ...(execTree ? [execTree] : [])];
      const r: RunResultLike =
        flags.queue !== undefined
          ? await runOnQueue(flags.queue, phaseModule, join(outDir, irName), phaseOpts, flags, searchOptions, solverStats, engineEnv)
          : (flags.workers ?? 1) > 1
          ? await runWorkers(phaseModule, join(outDir, irName), phaseOpts, flags, searchOptions, solverStats, engineEnv)
          : await runOnce(d, phaseModule, phaseOpts, solverStats, {
              solverOptions: { backend: flags.solver, timeoutSeconds: flags.maxSolverTime },
              driver: flags.driver,
              techniqueFlags: flags,
              ...engineEnv,
              ...pruningRun,
              ...(hooks.length > 0 ? { hooks } : {}),
              // --replay-path: every phase starts by following the file's decisions
              ...(replayTape ? { prefix: new PrefixFollowerImpl(replayTape) } : {}),
              createSearcher: (ctx) => createSearcher(phaseOpts.search, ctx, searchOptions),
            });
      results.push(r);
      probe = null;
      if (phases.length > 1) {
        const tests = output.tests > testsBefore ? `tests ${testsBefore + 1}-${output.tests}` : 'no tests';
        const line = `run ${k + 1}/${phases.length}: search ${describeSearch(phase.search)}, max-time ${phase.maxTime} s: ${tests}, halted: ${r.haltReason ?? 'all paths explored'}`;
        output.appendInfo(`${line[0]!.toUpperCase()}${line.slice(1)}\n`);
        output.message(line);
        say(`sympath: ${line}\n`);
        if (r.haltReason === undefined && k + 1 < phases.length) {
          // Every path explored: the remaining runs could only repeat them.
          const skip = `runs ${k + 2}-${phases.length} skipped: run ${k + 1} explored every path`;
          output.appendInfo(`${skip[0]!.toUpperCase()}${skip.slice(1)}\n`);
          output.message(skip);
          say(`sympath: ${skip}\n`);
          break;
        }
      }
    }
    result = results.length > 0 ? mergeRunResults(results) : emptyResult((performance.now() - t0) / 1000);
  } catch (e) {
    failure = e;
    result = results.length > 0 ? mergeRunResults(results) : emptyResult((performance.now() - t0) / 1000);
  } finally {
    live.stop();
    heapPeak.stop();
    removeInterrupt?.();
    execTree?.close();
  }

  const haltReason = failure
    ? `internal error: ${(failure as Error).message ?? String(failure)}`
    : output.failure !== undefined
      ? 'the output directory could not be written'
      : (result.haltReason ?? (controller.signal.aborted ? (errorConsole.stoppedBy ? 'exit-on-error' : 'interrupted') : 'all paths explored'));
  // The halt as info's `Halted:` line has always put it (stats.json's haltReason says the same).
  const halted =
    controller.signal.aborted && !result.haltReason && output.failure === undefined ? (errorConsole.stoppedBy ? 'exit-on-error' : 'interrupted') : haltReason;
  const stats = statsOf(result, solverStats, { running: false, liveStates: 0, haltReason: halted, final: true });
  if (flags.writeCov) writeRunCov(output, results);
  const outcome = (): RunOutcome => ({ outputDir: outDir, stats, haltReason, interrupted: controller.signal.aborted && errorConsole.stoppedBy === null && output.failure === undefined });
  if (!output.writeStats(stats)) io.err(`sympath: stats.json not written: ${output.lastFailure}\n`);
  live.finish(stats);
  const finished = now();
  output.appendInfo(
    [
      `Finished: ${stamp(finished)}`,
      `Elapsed: ${elapsedText((performance.now() - t0) / 1000)}`,
      `Halted: ${halted}`,
      // What --max-memory is held against: the process's peak resident set (getrusage's ru_maxrss).
      `Peak resident memory: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
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
  if (output.failure !== undefined) {
    for (const line of doneLines(stats)) io.err(`${line}\n`);
    if (flags.json) io.out(`${JSON.stringify(stats, null, 2)}\n`);
    throw new RunStatusError(
      `sympath: the output directory ${outDir} is incomplete (not written: ${output.notWritten.join(', ')}); every file in it is whole`,
      EXIT_OUTPUT_FAILED,
      outcome(),
    );
  }
  if (controller.signal.aborted && errorConsole.stoppedBy === null) io.err('sympath: interrupted; tests written so far are kept\n');
  const reports = [...(pruning?.reports() ?? []), ...(result.driverReport ? [result.driverReport] : [])];
  for (const report of reports) {
    for (const line of report.lines) {
      output.message(line);
      io.err(`sympath: ${line}\n`);
    }
    if (report.file) output.writeJson(report.file.name, report.file.json);
    for (const f of report.extraFiles ?? []) output.writeJson(f.name, f.json);
  }
  for (const line of doneLines(stats)) io.err(`${line}\n`);
  for (const line of errorSummary(output.errors)) io.err(`sympath: ${line}\n`);
  if (errorConsole.stoppedBy !== null) {
    if (flags.json) io.out(`${JSON.stringify(stats, null, 2)}\n`);
    throw new RunStatusError('sympath: --exit-on-error: the run stopped at the first error (tests and stats.json written)', EXIT_ON_ERROR, outcome());
  }
  const reached = pruning ? () => pruning.coveredLines() : result.coveredLines;
  if (flags.checkPruning && reached && !controller.signal.aborted) {
    const lost = await checkPruningAtEnd({ deps: d, sessions, programIR: join(outDir, irName), opts, flags, output, result, prunedLines: reached(), signal: controller.signal, say: (line) => io.err(`sympath: ${line}\n`) });
    if (lost !== null) {
      if (flags.json) io.out(`${JSON.stringify(stats, null, 2)}\n`);
      throw new RunStatusError(lost, 3, outcome());
    }
  }
  if (flags.replayCoverage) await replayAtEnd(outDir, io);
  if (flags.json) io.out(`${JSON.stringify(stats, null, 2)}\n`);
  return outcome();
}

export function register(program: Command): void {
  defineRunCommand(program, async (positional, flags, cmd) => {
    const raw = (cmd.parent as unknown as { rawArgs?: string[] } | null)?.rawArgs;
    const commandLine = raw ? raw.slice(2) : ['run', ...positional];
    const io = processIO(commandLine);
    await executeRun(positional, flags, io);
    // Stopped by SIGINT/SIGTERM (cleanly: tests and stats written): exit as the signal's status.
    if (io.interruptSignal) process.exitCode = signalExitCode(io.interruptSignal);
  });
}

/**
 * A program given as .ll/.bc: the C files its debug information names, for `sympath replay` (all of them
 * or none: a native build of part of a program would not link). Said on the console either way.
 */
function sourcesForReplay(module: Module, say: (line: string) => void): string[] {
  const { found, missing } = debugInfoSources(module);
  if (found.length === 0 && missing.length === 0) return [];
  if (missing.length > 0) {
    say(`sympath: replay: the debug information names C files that are not here (${missing.join(' ')}): replay needs --source\n`);
    return [];
  }
  say(`sympath: replay will rebuild the program from the C files its debug information names: ${found.join(' ')}\n`);
  return found;
}
