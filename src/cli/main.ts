// The `sympath` command line: one commander program, one file per sub-command (src/cli/<name>.ts),
// each exporting a `register(program)` that adds itself. Errors meant for the user are thrown as
// UserError and printed as one line, never as a stack trace.

import { Command, CommanderError } from 'commander';
import { UserError } from './user-error.js';
import { guardStdStreams, writeStd } from './std-streams.js';
import { register as registerParse } from './parse.js';
import { register as registerCompile } from './compile.js';
import { register as registerRun } from './run.js';
import { register as registerKtest } from './ktest.js';
import { register as registerStats } from './stats.js';
import { register as registerAnalyze } from './analyze.js';
import { register as registerReplay } from './replay.js';

export async function runCli(argv: string[]): Promise<void> {
  // `sympath ... | head` and `> /dev/full`: no EPIPE/ENOSPC stack trace (std-streams.ts).
  guardStdStreams();
  const program = new Command('sympath')
    .description('symbolic execution of C programs through LLVM IR, in the tradition of KLEE')
    .exitOverride()
    .showHelpAfterError()
    .addHelpText('after', '\n`sympath --version` (-V) prints the versions of sympath, clang/LLVM, Z3 and Node.');
  // Before commander: the versions are asked of the tools, which no other command needs at start-up.
  if (argv[2] === '--version' || argv[2] === '-V') {
    writeStd('stdout', `${(await import('./version.js')).versionLines().join('\n')}\n`);
    return;
  }
  registerCompile(program);
  registerParse(program);
  registerRun(program);
  registerKtest(program);
  registerStats(program);
  registerAnalyze(program);
  registerReplay(program);
  try {
    await program.parseAsync(argv);
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
