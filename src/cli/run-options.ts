// The options of `sympath run`: their commander definitions (and so the help text), their parsing and
// checks, and their translation into EngineOptions.

import { Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from '../engine/options.js';
import { DEFAULT_SYM_ALLOC_SIZES } from '../engine/symbolic-sizes.js';
import { searcherHelp, SUBPATH_COMBINED, SUBPATH_COMBINED_LENGTHS, UnknownSearcherError, validateSearcherNames } from '../search/index.js';
import { DEFAULT_BACKEND } from '../solver/solver.js';
import { activePruners, driverManifests, prunerManifests, TECHNIQUES } from '../strategies/registry.js';
import { errorKindsOf } from './run-errors.js';
import { UserError } from './user-error.js';
import { collect } from './option-values.js';

/** Pruning hooks by name (DESIGN.md "Exploration hooks"): the registry's pruners. */
export const PRUNERS: readonly string[] = prunerManifests().map((m) => m.name);

/** Concolic drivers by name: the engine's reference driver and the registry's drivers. */
export const DRIVERS: readonly string[] = ['concolic', ...driverManifests().map((m) => m.name)];

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
  maxStackFrames: number;
  maxForks: number;
  maxTests: number;
  maxSolverTime: number;
  solver: 'wasm' | 'native';
  onlyOutputStatesCoveringNew?: boolean;
  emitAllErrors?: boolean;
  checkOvershift?: boolean;
  /** --fp: floating point with symbolic operands, 'symbolic' (default) or 'concrete' (KLEE's). */
  fp: 'symbolic' | 'concrete';
  /** --sym-alloc-sizes: sizes explored per allocation of a symbolic size (default 4). */
  symAllocSizes: number;
  batchInstructions: number;
  batchTime: number;
  posixRuntime?: boolean;
  libc: 'musl' | 'none';
  /** --allow-read: host files or folders the POSIX model may read (none by default). */
  allowRead?: string[];
  allowReadSpecial?: boolean;
  writeTestOutput?: boolean;
  writeSmt2s?: boolean;
  environ?: string;
  /** --entry-point: the function the run starts in (KLEE's option; default main). */
  entryPoint?: string;
  seedFile?: string[];
  seedDir?: string[];
  /** --only-seed (KLEE's): stop when seeding is done instead of going on with the search. */
  onlySeed?: boolean;
  dumpStatesOnHalt?: boolean;
  hibernate?: boolean;
  hibernateAbove?: number;
  optimize?: boolean;
  prune: string[];
  /** --exit-on-error: stop at the first error (exit 5). */
  exitOnError?: boolean;
  /** --exit-on-error-type KIND (repeatable): stop at the first error of these kinds (KLEE's names or sympath's). */
  exitOnErrorType?: string[];
  /** --check-pruning: also run exhaustive DFS and report what pruning lost (exit 3 if anything). */
  checkPruning?: boolean;
  /** --driver: a concolic driver instead of the forking search. */
  driver?: string;
  /** --write-paths (KLEE's): each test's decisions as testNNNNNN.path. */
  writePaths?: boolean;
  /** --write-cov (KLEE's): each test's newly covered lines as testNNNNNN.cov, and every covered line as run.cov. */
  writeCov?: boolean;
  /** --replay-path FILE (KLEE's): follow FILE's decisions from the entry, then explore below. */
  replayPath?: string;
  /** --write-exec-tree (KLEE's name): the execution tree as OUTDIR/exec-tree.jsonl (src/engine/exec-tree.ts). */
  writeExecTree?: boolean;
  /** --workers N: explore with N worker threads (src/parallel; 1 = the engine in this thread). */
  workers?: number;
  /** --canonical-tests: each test's inputs are the smallest of its path (src/parallel/canonical-solver.ts); implied by --workers N > 1. */
  canonicalTests?: boolean;
  /** --queue redis://HOST:PORT: explore on `sympath worker` processes through a BullMQ queue (src/queue); implies --canonical-tests. */
  queue?: string;
  json?: boolean;
  /** --progress: the live line on a terminal ('auto', the default), a line every --progress-interval ('plain') or nothing. */
  progress?: 'auto' | 'plain' | 'none';
  /** --progress-interval: seconds between the lines of --progress plain (default PROGRESS_INTERVAL). */
  progressInterval?: number;
  /** --stats-write-interval (KLEE's name): seconds between the live stats.json and run.stats.csv rows (0 = at the end only; default STATS_WRITE_INTERVAL). */
  statsWriteInterval?: number;
  replayCoverage?: boolean;
  /** --subpath-ties: how subpath:N breaks ties (default 'random'). */
  subpathTies?: 'random' | 'latest';
  /** The techniques' own options (src/strategies/registry.ts), by commander's camel-cased names. */
  readonly [techniqueOption: string]: unknown;
}

/** Seconds between --progress plain lines, and between live stats.json rewrites, by default. */
export const PROGRESS_INTERVAL = 10;
export const STATS_WRITE_INTERVAL = 2;

/** true/false (also 1/0, yes/no), as KLEE's boolean options take them. */
function booleanValue(value: string): boolean {
  if (/^(true|1|yes)$/i.test(value)) return true;
  if (/^(false|0|no)$/i.test(value)) return false;
  throw new InvalidArgumentError('expected true or false.');
}

/** --libc: musl or none; KLEE's names get a hint (sympath's musl plays uclibc's part). */
function libcName(value: string): string {
  if (value === 'musl' || value === 'none') return value;
  if (value === 'uclibc' || value === 'klee') {
    throw new InvalidArgumentError(
      `sympath has no ${value === 'uclibc' ? 'uClibc' : "KLEE's minimal libc"}: use --libc musl (the default, musl 1.2.3 in LLVM IR, which plays KLEE's uclibc part${value === 'uclibc' ? ' with --posix-runtime as KLEE pairs them' : ''}) or --libc none.`,
    );
  }
  throw new InvalidArgumentError("expected 'musl' or 'none'.");
}

function count(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a whole number >= 0.');
  return Number(value);
}

function positiveCount(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('expected a whole number >= 1.');
  return Number(value);
}

/** Seconds per unit of a time value (KLEE's habits: `30s`, `1min`, `2h`, also `ms`, `m`, `d`). */
const TIME_UNITS: Readonly<Record<string, number>> = { ms: 0.001, s: 1, sec: 1, m: 60, min: 60, h: 3600, hour: 3600, d: 86400 };

/** A time value: plain seconds (`30`, `2.5`) or with units, also combined as KLEE takes them (`1h30min`). */
export function seconds(value: string): number {
  const text = value.trim();
  const n = Number(text);
  if (text !== '' && Number.isFinite(n) && n >= 0) return n;
  const parts = /^(?:\d+(?:\.\d+)?[a-z]+)+$/.test(text) ? [...text.matchAll(/(\d+(?:\.\d+)?)([a-z]+)/g)] : [];
  let total = 0;
  for (const [, num, unit] of parts) {
    const scale = TIME_UNITS[unit!];
    if (scale === undefined) throw new InvalidArgumentError(`unknown time unit '${unit}' (expected ${Object.keys(TIME_UNITS).join(', ')}).`);
    total += Number(num) * scale;
  }
  if (parts.length === 0) throw new InvalidArgumentError('expected a time: seconds (30, 2.5) or with units (30s, 1min, 2h, 1h30min).');
  return total;
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
  if (flags.driver !== undefined && flags.replayPath !== undefined) {
    throw new UserError('sympath run: --driver and --replay-path do not combine (a driver chooses its own inputs; --replay-path follows one path of the forking search)');
  }
  if (flags.writeExecTree && flags.driver !== undefined) {
    throw new UserError('sympath run: --write-exec-tree records the forking search; a --driver has no execution tree');
  }
  if (flags.driver !== undefined && flags.prune.length > 0) {
    throw new UserError('sympath run: --driver and --prune do not combine (a driver re-executes the program; pruning hooks act on the forking search)');
  }
  for (const p of flags.prune) {
    if (!PRUNERS.includes(p)) {
      const available = PRUNERS.length > 0 ? PRUNERS.join(', ') : 'none yet';
      throw new UserError(`sympath run: --prune: unknown pruning hook '${p}'; available: ${available}`);
    }
  }
  checkWorkers(flags);
  const { installed } = activePruners(flags.prune, flags);
  for (const m of prunerManifests()) {
    if (!installed.includes(m.name)) continue;
    const how = m.activation && !flags.prune.includes(m.name) ? `--${m.activation.option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : `--prune ${m.name}`;
    if (flags.driver !== undefined) throw new UserError(`sympath run: ${how} and --driver do not combine (${m.name} acts on the forking search)`);
    if (m.search !== undefined && flags.search.some((x) => x !== m.search)) {
      throw new UserError(`sympath run: ${how} (${m.name}) explores with --search ${m.search}; --search ${flags.search.find((x) => x !== m.search)} was given`);
    }
  }
  try {
    errorKindsOf(flags.exitOnErrorType ?? []);
  } catch (e) {
    throw new UserError(`sympath run: --exit-on-error-type: ${(e as Error).message}`);
  }
  if (flags.progressInterval !== undefined && !(flags.progressInterval > 0)) throw new UserError('sympath run: --progress-interval must be more than 0');
  if (flags.posixRuntime && flags.libc === 'none') {
    throw new UserError('sympath run: --posix-runtime needs --libc musl (the POSIX model is C linked with musl)');
  }
  if ((flags.allowRead?.length ?? 0) > 0 && !flags.posixRuntime) {
    throw new UserError('sympath run: --allow-read needs --posix-runtime (host files are read through the POSIX model)');
  }
}

/** --workers N: at least 1; the options whose meaning is one engine's do not combine with N > 1 (src/parallel/README.md). */
function checkWorkers(flags: RunFlags): void {
  const n = flags.workers ?? 1;
  if (n < 1) throw new UserError('sympath run: --workers: expected a whole number >= 1');
  if (flags.queue !== undefined && n > 1) throw new UserError('sympath run: --queue and --workers N do not combine (start N `sympath worker` processes instead)');
  if (n === 1 && flags.queue === undefined) return;
  const what = flags.queue !== undefined ? '--queue' : `--workers ${n}`;
  const conflicts: [boolean, string][] = [
    [flags.driver !== undefined, '--driver'],
    [flags.prune.length > 0 || activePruners(flags.prune, flags).installed.length > 0, '--prune (or a technique option)'],
    [flags.checkPruning === true, '--check-pruning'],
    [(flags.seedFile ?? []).length > 0 || (flags.seedDir ?? []).length > 0, '--seed-file/--seed-dir'],
    [flags.maxInstructions > 0, '--max-instructions'],
    [flags.maxForks > 0, '--max-forks'],
    [flags.replayPath !== undefined, '--replay-path'],
    [flags.writeExecTree === true, '--write-exec-tree'],
    [flags.writeCov === true, '--write-cov'],
  ];
  for (const [given, name] of conflicts) {
    if (given) throw new UserError(`sympath run: ${what} and ${name} do not combine (each worker is an engine of its own; see src/parallel/README.md)`);
  }
}

/** The POSIX model's options (KLEE's), to warn when they are given without --posix-runtime. */
export const POSIX_MODEL_OPTION = /^--?(sym-arg|sym-args|sym-files|sym-stdin|sym-stdout|max-fail|fd-fail|save-all-writes|buffered-stdout)$/;

/** The searchers of a run: --search, else the one an active technique explores with, else the default. */
function searchOf(flags: RunFlags): string[] {
  if (flags.search.length > 0) return [...flags.search];
  const { installed } = activePruners(flags.prune, flags);
  const wanted = prunerManifests().find((m) => installed.includes(m.name) && m.search !== undefined)?.search;
  return wanted !== undefined ? [wanted] : [...DEFAULT_ENGINE_OPTIONS.search];
}

export function engineOptions(flags: RunFlags, programArgs: string[], programSourceFiles: string[]): EngineOptions {
  return {
    ...DEFAULT_ENGINE_OPTIONS,
    search: searchOf(flags),
    // The pruners that prune: --prune and the ones an activation option switched on (registry.ts).
    prune: activePruners(flags.prune, flags).pruning,
    seed: flags.seed,
    maxTime: flags.maxTime,
    maxInstructions: flags.maxInstructions,
    maxMemory: flags.maxMemory,
    maxDepth: flags.maxDepth,
    maxStackFrames: flags.maxStackFrames,
    maxForks: flags.maxForks,
    maxTests: flags.maxTests,
    maxSolverTime: flags.maxSolverTime,
    batchInstructions: flags.batchInstructions,
    onlyOutputStatesCoveringNew: flags.onlyOutputStatesCoveringNew === true,
    emitAllErrors: flags.emitAllErrors === true,
    checkOvershift: flags.checkOvershift === true,
    fp: flags.fp ?? 'symbolic',
    symAllocSizes: flags.symAllocSizes ?? DEFAULT_SYM_ALLOC_SIZES,
    programArgs,
    programSourceFiles,
    subpathTies: flags.subpathTies ?? 'random',
  };
}

/** What the `run` command's action receives: the positional arguments (program files and program
 *  arguments, not yet split) and sympath's options. */
export type RunAction = (positional: string[], flags: RunFlags, cmd: Command) => Promise<void> | void;

/** Adds the `run` command with its options to `program`; `action` runs it (tests pass their own). */
export function defineRunCommand(program: Command, action: RunAction): Command {
  // Needed for passThroughOptions on a sub-command: the root's own options stay before the command.
  program.enablePositionalOptions();
  const cmd = program
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
    .option('--max-time <time>', 'stop after this long: seconds, or with units as KLEE takes them (30s, 1min, 2h; 0 = no limit)', seconds, 0)
    .option('--max-instructions <n>', 'stop after this many instructions (0 = no limit)', count, 0)
    .option('--max-memory <mb>', 'memory for states: past it waiting states sleep (--hibernate), then forks stop and states are dropped as partial', count, DEFAULT_ENGINE_OPTIONS.maxMemory)
    .option(
      '--hibernate <bool>',
      'at --max-memory, put waiting states to sleep (their memory freed, their path re-executed when selected) before stopping forks and dropping states as KLEE (true or false; not with --prune or seeds)',
      booleanValue,
      true,
    )
    .option('--hibernate-above <mb>', 'footprint past which waiting states start to sleep (default: 40% of --max-memory, at least 400 MB; 0 = at --max-memory)', count)
    .option('--max-depth <n>', 'forks allowed on one path (0 = no limit)', count, 0)
    .option('--max-stack-frames <n>', 'call depth at which a path ends with a stack-overflow error, as KLEE (0 = no limit)', count, DEFAULT_ENGINE_OPTIONS.maxStackFrames)
    .option('--max-forks <n>', 'forks in the whole run (0 = no limit)', count, 0)
    .option('--max-tests <n>', 'stop after writing this many tests (0 = no limit)', count, 0)
    .option('--max-solver-time <s>', 'time limit per solver query (0 = none)', seconds, 0)
    .addOption(new Option('--solver <backend>', 'Z3 back end').choices(['wasm', 'native']).default(DEFAULT_BACKEND))
    .option('--only-output-states-covering-new', 'write tests only for paths that covered new code (and errors)')
    .option('--emit-all-errors', 'a test for every error path, not one per error location')
    .option('--exit-on-error', 'stop at the first error found (exit code 5; tests and stats.json written)')
    .option('--exit-on-error-type <kind>', "stop at the first error of this kind (repeatable): KLEE's names (Abort, Assert, Ptr, Free, …) or sympath's kinds (div-by-zero, …); exit code 5", collect, [])
    .option('--check-overshift', 'report shifts by the bit width or more as errors')
    .addOption(
      new Option('--fp <mode>', "float and double with symbolic operands: 'symbolic' (IEEE-754 in Z3's floating-point theory, rounding to nearest even) or 'concrete' (one value, as KLEE)")
        .choices(['symbolic', 'concrete'])
        .default('symbolic'),
    )
    .option('--sym-alloc-sizes <n>', 'sizes explored, each on its own path, per malloc/calloc/realloc/alloca of a symbolic size: the minimal one, larger ones (at least doubling), the maximal one; the rest ends with a model error (1 = one size, as KLEE)', positiveCount, DEFAULT_SYM_ALLOC_SIZES)
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
    .option('--dump-states-on-halt <bool>', 'the paths alive when the run halts (time limit, Ctrl-C, …) get tests, as KLEE (true or false)', booleanValue, true)
    .option('--write-test-output', "keep each test's stdout and stderr as testNNNNNN.stdout and .stderr in the output directory")
    .option('--seed-file <file.ktest>', "follow this test's path first (KLEE's seeding; repeatable): its objects by position, zero-extended or truncated", collect, [])
    .option('--seed-dir <dir>', 'follow the paths of every .ktest in DIR first (repeatable), as --seed-file', collect, [])
    .option('--only-seed', "with --seed-file/--seed-dir: stop when no path follows a seed any more (KLEE's option; the paths still alive get tests, as on any halt)")
    .option('--environ <file>', "main's environment (envp, environ): one NAME=VALUE per line of FILE, as KLEE's --environ (default: empty); replay gives the native run the same")
    .option('--write-paths', "write each test's symbolic decisions as testNNNNNN.path (KLEE's option; the ids are those of the output directory's program.ll)")
    .option('--write-cov', "write the source lines each test's path covered first in the run as testNNNNNN.cov (FILE:LINE a line, KLEE's option), and every line the run covered as run.cov")
    .option('--write-exec-tree', "write the execution tree as exec-tree.jsonl: each fork and path end with its state, path instructions and time (KLEE's option writes an SQLite file; format in the README)")
    .option('--replay-path <file>', "follow the decisions of a .path file (from --write-paths on the same program and options) from the entry without the solver, then explore below where it ends (KLEE's option)")
    .option('--entry-point <name>', "the function the run starts in instead of main, as KLEE's option: it gets main's arguments (argc, argv, envp) after the C library's start-up; replay calls it the same way")
    .option('--write-smt2s', "write each test's path constraints as testNNNNNN.smt2 (standalone SMT-LIB 2, as KLEE's option)")
    .option('--allow-read-special', 'with --allow-read: also read devices and FIFOs (what they have now, at most 64 MiB or 1 s; refused otherwise)')
    .addOption(
      new Option('--libc <name>', "C library: 'musl' (musl 1.2.3 in LLVM IR, built by `make musl`) or 'none' (the engine's built-in functions)")
        .argParser(libcName)
        .default('musl'),
    )
    .option('--optimize', 'run the opt-19 -O2 pipeline over the IR before exploring it')
    .option('--driver <name>', `re-execute the program concolically under a driver instead of the forking search: ${DRIVERS.join(', ')}`)
    .option('--prune <name>', `pruning hook (repeatable): ${PRUNERS.join(', ')}`, collect, [])
    .option('--check-pruning', 'also run exhaustive DFS and report any error site or covered line that pruning or a driver lost (exit 3 if any)')
    .option('--workers <n>', 'explore with N worker threads, each an engine of its own, moving work between them as path prefixes (1 = no threads)', count, 1)
    .option('--queue <url>', 'explore on `sympath worker --queue URL` processes through a BullMQ job queue on Redis at redis://HOST:PORT (this process coordinates and writes the tests; src/queue/README.md)')
    .option('--canonical-tests', "each test's inputs are the lexicographically smallest of its path, whatever the solver's history (implied by --workers N > 1: the tests of N workers are then byte for byte those of one)")
    .option('--replay-coverage', 'replay the tests natively at the end (gcc --coverage) and report gcov coverage')
    .option('--json', "print stats.json to stdout at the end (the program's stdout then goes to stderr)")
    .addOption(
      new Option('--progress <mode>', "progress on stderr: 'auto' (a live line when stderr is a terminal, else nothing), 'plain' (a line every --progress-interval, for CI logs) or 'none'")
        .choices(['auto', 'plain', 'none'])
        .default('auto'),
    )
    .option('--progress-interval <time>', 'time between the lines of --progress plain', seconds, PROGRESS_INTERVAL)
    .option('--stats-write-interval <time>', "time between rewrites of stats.json (\"running\": true) and rows of run.stats.csv during the run, as KLEE's (0 = at the end only)", seconds, STATS_WRITE_INTERVAL);
  addTechniqueOptions(cmd);
  return cmd.action(action);
}

/**
 * Every option of `run` at its default value, as commander would give them for `sympath run PROG.c`:
 * the library API (src/api/run.ts) starts from these, so its defaults are the CLI's by construction.
 */
export function defaultRunFlags(): RunFlags {
  const cmd = defineRunCommand(new Command('sympath'), () => {});
  // structuredClone: the repeatable options' default arrays would otherwise be shared between calls.
  return structuredClone(cmd.opts()) as RunFlags;
}

/** The registry's options, with each technique named in the help text after the searchers. */
function addTechniqueOptions(cmd: Command): void {
  for (const t of TECHNIQUES) {
    for (const o of t.options) {
      const opt = new Option(o.flags, o.description);
      const parse = o.parse;
      if (parse) {
        opt.argParser((value: string) => {
          try {
            return parse(value);
          } catch (e) {
            throw new InvalidArgumentError((e as Error).message);
          }
        });
      }
      if (o.defaultValue !== undefined) opt.default(o.defaultValue);
      cmd.addOption(opt);
    }
  }
  const lines = TECHNIQUES.map((t) => `  ${t.kind === 'driver' ? '--driver' : '--prune'} ${t.name}: ${t.summary}; --check-pruning keeps ${t.guarantee}`);
  cmd.addHelpText('after', `Techniques (src/strategies):\n${lines.join('\n')}\n`);
}
