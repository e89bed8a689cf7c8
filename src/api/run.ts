// `run()` of the library API: what `sympath run` does, for a TypeScript program. It is the CLI's own
// executeRun (src/cli/run.ts) with the options as an object instead of argv — their defaults are the
// CLI's (defaultRunFlags) — and a RunIO that writes nowhere: sympath's messages go to `onMessage`, the
// program's output to `onOutput`, and the caller's AbortSignal stops the run as Ctrl-C stops the CLI
// (tests written so far kept, stats.json written).

import { executeRun, type RunOutcome } from '../cli/run.js';
import type { RunIO } from '../cli/run-io.js';
import { defaultRunFlags, type RunFlags } from '../cli/run-options.js';
import { RunStatusError, UserError } from '../cli/user-error.js';
import type { StatsJson } from '../engine/stats.js';

const PROGRAM_FILE = /\.(c|i|ll|bc)$/i;

/** The options of `run()`: `sympath run`'s, by their camel-cased names (`sympath run --help`). */
export interface RunOptions {
  /** The program: one or more .c, .i, .ll or .bc files (relative to `cwd`). */
  files: string | readonly string[];
  /** The program's arguments (with `posixRuntime`, KLEE's `--sym-arg N`, `--sym-files NUM N`, … among them). */
  args?: readonly string[];
  /** Where relative paths are taken from and the default output directory goes (default process.cwd()). */
  cwd?: string;
  /** The output directory (must not exist; default sympath-out-N in `cwd`, with a sympath-last link). */
  outputDir?: string;
  /** -I and -D for C input, and -O. */
  includes?: readonly string[];
  defines?: readonly string[];
  optLevel?: 0 | 1 | 2;
  /** Searchers (repeat to interleave), as --search. */
  search?: readonly string[];
  seed?: number;
  /** Budgets; times in seconds, 0 = no limit. */
  maxTime?: number;
  maxInstructions?: number;
  maxMemory?: number;
  maxDepth?: number;
  maxStackFrames?: number;
  maxForks?: number;
  maxTests?: number;
  maxSolverTime?: number;
  solver?: 'wasm' | 'native';
  libc?: 'musl' | 'none';
  posixRuntime?: boolean;
  allowRead?: readonly string[];
  allowReadSpecial?: boolean;
  optimize?: boolean;
  onlyOutputStatesCoveringNew?: boolean;
  emitAllErrors?: boolean;
  checkOvershift?: boolean;
  /** As --fp: floats with symbolic operands as IEEE-754 expressions ('symbolic', default) or concretised. */
  fp?: 'symbolic' | 'concrete';
  /** As --sym-alloc-sizes: sizes explored per allocation of a symbolic size (default 4). */
  symAllocSizes?: number;
  writeTestOutput?: boolean;
  dumpStatesOnHalt?: boolean;
  /** .ktest files (seedFile) or folders of them (seedDir) whose paths the run follows first (KLEE's seeding). */
  seedFile?: readonly string[];
  seedDir?: readonly string[];
  /** With seedFile/seedDir: stop when no path follows a seed any more (the CLI's --only-seed). */
  onlySeed?: boolean;
  /** The function the run starts in instead of main (the CLI's --entry-point). */
  entryPoint?: string;
  exitOnError?: boolean;
  exitOnErrorType?: readonly string[];
  batchInstructions?: number;
  batchTime?: number;
  subpathTies?: 'random' | 'latest';
  /** A concolic driver instead of the forking search (concolic, dgse, peso). */
  driver?: string;
  /** Pruning hooks (postcondition, …). */
  prune?: readonly string[];
  checkPruning?: boolean;
  /**
   * The techniques' own options by their camel-cased names and parsed values, e.g. `{ base: 'old.c' }`
   * (DiSE), `{ outputCriterion: ['exit'] }` (PESO): `sympath run --help`, "Techniques".
   */
  technique?: Readonly<Record<string, unknown>>;
  /** Stops the run cleanly, as Ctrl-C does: the tests written so far are kept, stats.json is written. */
  signal?: AbortSignal;
  /** sympath's messages, one line at a time (what the CLI prints on stderr: errors found, the summary, …). */
  onMessage?: (line: string) => void;
  /** The program's own writes to stdout and stderr (dropped by default). */
  onOutput?: (stream: 'stdout' | 'stderr', bytes: Uint8Array) => void;
}

/** What `run()` returns: the CLI's outcome and the exit status `sympath run` would have had. */
export interface RunReport {
  outputDir: string;
  stats: StatsJson;
  /** Why the run stopped ('all paths explored', 'max-time', 'interrupted', 'exit-on-error', …). */
  haltReason: string;
  /** Stopped by `signal`. */
  interrupted: boolean;
  /** `sympath run`'s exit status: 0, 3 (--check-pruning lost something), 4 (output incomplete), 5 (exitOnError). */
  exitCode: number;
  /** With a non-zero exitCode: the CLI's closing message. */
  message?: string;
}

/** RunFlags from RunOptions: the CLI's defaults, then the options given (undefined ones skipped). */
export function runFlags(o: RunOptions): RunFlags {
  const flags: Record<string, unknown> = defaultRunFlags();
  const { files: _f, args: _a, cwd: _c, signal: _s, onMessage: _m, onOutput: _o, includes, defines, optLevel, technique, ...rest } = o;
  if (includes !== undefined) flags.I = [...includes];
  if (defines !== undefined) flags.D = [...defines];
  if (optLevel !== undefined) flags.O = String(optLevel);
  for (const [k, v] of Object.entries({ ...rest, ...technique })) {
    if (v !== undefined) flags[k] = Array.isArray(v) ? [...(v as unknown[])] : v;
  }
  return flags as RunFlags;
}

/** Splits text written for a terminal into the lines a callback receives (no empty ones). */
function lines(sink: ((line: string) => void) | undefined): (text: string) => void {
  return (text) => {
    if (!sink) return;
    for (const line of text.split('\n')) if (line.trim() !== '') sink(line);
  };
}

/** The RunIO of a library call: no console, no process signals; the AbortSignal instead. */
export function apiIO(o: RunOptions, commandLine: string[]): RunIO {
  const message = lines(o.onMessage);
  const output = o.onOutput;
  const signal = o.signal;
  return {
    cwd: o.cwd ?? process.cwd(),
    commandLine,
    out: message,
    err: message,
    stdoutBytes: (b) => output?.('stdout', b),
    stderrBytes: (b) => output?.('stderr', b),
    progress: false,
    onInterrupt: signal
      ? (abort) => {
          if (signal.aborted) {
            abort();
            return () => {};
          }
          signal.addEventListener('abort', abort, { once: true });
          return () => signal.removeEventListener('abort', abort);
        }
      : undefined,
  };
}

/**
 * Explores a program symbolically, as `sympath run`: writes the tests, stats.json, run.json, … into the
 * output directory and returns its summary. Rejects with a SympathError (exitCode 1) on bad input —
 * a missing file, an unknown option value, a program that does not compile — leaving no output
 * directory, and (exitCode 2) on an internal error.
 */
export async function run(options: RunOptions): Promise<RunReport> {
  const files = typeof options.files === 'string' ? [options.files] : [...options.files];
  const args = [...(options.args ?? [])];
  // The CLI tells program files from arguments by their extension: make the object's split the same.
  const notProgram = files.find((f) => !PROGRAM_FILE.test(f));
  if (notProgram !== undefined) throw new UserError(`sympath run: ${notProgram}: not a program file (expected .c, .i, .ll or .bc)`);
  if (args.length > 0 && PROGRAM_FILE.test(args[0]!)) {
    throw new UserError(`sympath run: the program's first argument ${args[0]} looks like a program file; sympath would take it as one (as the CLI does)`);
  }
  const flags = runFlags(options);
  // run.json's argv: what the equivalent command line starts with (the options are in run.json's fields).
  const io = apiIO(options, ['run', ...files, ...args]);
  try {
    const outcome: RunOutcome = await executeRun([...files, ...args], flags, io);
    return { ...outcome, exitCode: 0 };
  } catch (e) {
    if (e instanceof RunStatusError) return { ...(e.outcome as RunOutcome), exitCode: e.exitCode, message: e.message };
    throw e;
  }
}
