// The `sympath` command line: one commander program, one file per sub-command (src/cli/<name>.ts),
// each exporting a `register(program)` that adds itself. Errors meant for the user are thrown as
// UserError and printed as one line, never as a stack trace.

import { Command, CommanderError } from 'commander';
import { UserError } from './user-error.js';
import { register as registerParse } from './parse.js';
import { register as registerCompile } from './compile.js';
import { register as registerRun } from './run.js';
import { register as registerKtest } from './ktest.js';
import { register as registerStats } from './stats.js';
import { register as registerAnalyze } from './analyze.js';
import { register as registerReplay } from './replay.js';
import { register as registerMutate } from './mutate.js';
import { register as registerKill } from './kill.js';

export async function runCli(argv: string[]): Promise<void> {
  const program = new Command('sympath')
    .description('symbolic execution of C programs through LLVM IR, in the tradition of KLEE')
    .exitOverride()
    .showHelpAfterError();
  registerCompile(program);
  registerParse(program);
  registerRun(program);
  registerKtest(program);
  registerStats(program);
  registerAnalyze(program);
  registerReplay(program);
  registerMutate(program);
  registerKill(program);
  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode;
      return;
    }
    if (e instanceof UserError) {
      process.stderr.write(`${e.message}\n`);
      process.exitCode = e.exitCode;
      return;
    }
    throw e;
  }
}
