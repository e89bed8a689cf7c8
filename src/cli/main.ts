// The `sympath` command line: one commander program, one file per sub-command (src/cli/<name>.ts),
// each exporting a `register(program)` that adds itself. Errors meant for the user are thrown as
// UserError and printed as one line, never as a stack trace.

import { Command, CommanderError } from 'commander';
import { EXIT_CODES_HELP } from './exit-codes.js';
import { UserError } from './user-error.js';
import { guardStdStreams, writeStd } from './std-streams.js';
import { guardInterrupts } from './interrupts.js';

type Register = (program: Command) => void;

/**
 * The sub-commands in the order `sympath --help` lists them, each loaded only when needed: a command
 * line that names one loads that one alone (with the bundled CLI, its code and nothing else's; issue 20),
 * anything else (`--help`, `help run`, a misspelt command, which commander answers with a suggestion)
 * loads them all.
 */
const COMMANDS: readonly (readonly [string, () => Promise<{ register: Register }>])[] = [
  ['compile', () => import('./compile.js')],
  ['parse', () => import('./parse.js')],
  ['run', () => import('./run.js')],
  ['ktest', () => import('./ktest.js')],
  ['stats', () => import('./stats.js')],
  ['analyze', () => import('./analyze.js')],
  ['replay', () => import('./replay.js')],
  ['mutate', () => import('./mutate.js')],
  ['kill', () => import('./kill.js')],
  ['signature', () => import('./signature.js')],
  ['augment', () => import('./augment.js')],
  ['debug-regression', () => import('./debug-regression.js')],
  ['testcomp', () => import('./testcomp.js')],
  ['worker', () => import('./worker.js')],
  ['experiment', () => import('./experiment.js')],
];

export async function runCli(argv: string[]): Promise<void> {
  // `sympath ... | head` and `> /dev/full`: no EPIPE/ENOSPC stack trace (std-streams.ts).
  guardStdStreams();
  // Ctrl-C before a command takes signals over: a message, the signal's exit code, no orphaned clang.
  guardInterrupts();
  const program = new Command('sympath')
    .description('symbolic execution of C programs through LLVM IR, in the tradition of KLEE')
    .exitOverride()
    .showHelpAfterError()
    .addHelpText('after', `\n\`sympath --version\` (-V) prints the versions of sympath, clang/LLVM, Z3 and Node.\n${EXIT_CODES_HELP}`);
  // Before commander: the versions are asked of the tools, which no other command needs at start-up.
  if (argv[2] === '--version' || argv[2] === '-V') {
    writeStd('stdout', `${(await import('./version.js')).versionLines().join('\n')}\n`);
    return;
  }
  const named = COMMANDS.filter(([name]) => name === argv[2]);
  const modules = await Promise.all((named.length > 0 ? named : COMMANDS).map(([, load]) => load()));
  for (const m of modules) m.register(program);
  try {
    await program.parseAsync(kleeStyleOptions(program, argv));
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode;
      return;
    }
    if (e instanceof UserError) {
      writeStd('stderr', `${e.message}\n`);
      process.exitCode = e.exitCode;
      return;
    }
    throw e;
  }
}

const PROGRAM_FILE = /\.(c|i|ll|bc)$/i;

/**
 * KLEE's single-dash long options (`-max-time=30`, `-search dfs`) as commander's double-dash ones, for
 * `run`'s own options only: up to the program file (everything after it is the program's, untouched,
 * as KLEE passes it on), and only names `run` defines (`-I`, `-D`, `-O` keep their meaning).
 */
export function kleeStyleOptions(program: Command, argv: readonly string[]): string[] {
  const run = program.commands.find((c) => c.name() === 'run');
  if (argv[2] !== 'run' || !run) return [...argv];
  const longs = new Set(run.options.map((o) => o.long).filter((l): l is string => l !== undefined));
  const out = argv.slice(0, 3);
  let k = 3;
  for (; k < argv.length && !PROGRAM_FILE.test(argv[k]!); k++) {
    const a = argv[k]!;
    const m = /^-([a-z][a-z0-9-]+)(=.*)?$/.exec(a);
    out.push(m && longs.has(`--${m[1]}`) ? `-${a}` : a);
  }
  return [...out, ...argv.slice(k)];
}
