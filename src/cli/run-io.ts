// Where `sympath run` writes and how it hears of Ctrl-C and SIGTERM: injectable (tests capture the
// text), with the process's own streams and signals for the real command.
//
// Faults of the process's streams (std-streams.ts): when stdout is a closed pipe or a full device the
// program's output is dropped from then on (said once on stderr) and the run goes on; a failed stderr
// is dropped silently. Signals: the first SIGINT or SIGTERM stops the run cleanly (a solver query in
// progress is cancelled, tests and stats.json are written; exit 128 + the signal's number); a second
// one quits at once (exit the same; the final stats.json is then not written, the live one of
// live-stats.ts stays, and the message says so), and
// the z3 processes die with sympath (src/solver/z3-native.ts).

import { onInterrupts, signalExitCode } from './interrupts.js';
import { streamFailure, writeStd } from './std-streams.js';

export interface RunIO {
  cwd: string;
  /** The command line as typed after `sympath` (for info). */
  commandLine: string[];
  out: (text: string) => void;
  err: (text: string) => void;
  stdoutBytes: (b: Uint8Array) => void;
  stderrBytes: (b: Uint8Array) => void;
  /** Whether stderr is a terminal (where `--progress auto` draws its live line). */
  progress: boolean;
  /** Whether stdout is a terminal (the program's output there moves the cursor the line depends on). */
  stdoutIsTerminal?: boolean;
  /** Installs the SIGINT/SIGTERM handling; returns the function that removes it. */
  onInterrupt?: (abort: () => void) => () => void;
  /** The signal that interrupted the run, once one has (set by processIO's handler). */
  interruptSignal?: NodeJS.Signals;
  now?: () => Date;
}

export function processIO(commandLine: string[]): RunIO {
  let stdoutNoted = false;
  const err = (t: string): void => {
    writeStd('stderr', t);
  };
  const programStdout = (b: Uint8Array): void => {
    if (writeStd('stdout', b)) return;
    if (stdoutNoted) return;
    stdoutNoted = true;
    err(`\nsympath: standard output cannot be written (${streamFailure('stdout')}): the program's output is dropped from here on; the run goes on\n`);
  };
  const io: RunIO = {
    cwd: process.cwd(),
    commandLine,
    out: (t) => {
      writeStd('stdout', t);
    },
    err,
    stdoutBytes: programStdout,
    stderrBytes: (b) => {
      writeStd('stderr', b);
    },
    progress: process.stderr.isTTY === true,
    stdoutIsTerminal: process.stdout.isTTY === true,
    onInterrupt: (abort) => {
      let hits = 0;
      const handler = (signal: NodeJS.Signals): void => {
        hits++;
        if (hits === 1) {
          io.interruptSignal = signal;
          // abort first: it erases the progress line the message would otherwise follow.
          abort();
          err(`\nsympath: interrupted (${signal}); stopping (${signal === 'SIGINT' ? 'Ctrl-C' : signal} again to quit at once)\n`);
        } else {
          err(`\nsympath: ${signal} again: quitting at once; the end of info is not written and stats.json stays as last written during the run ("running": true; the tests written so far are whole)\n`);
          // process.exit runs the 'exit' handlers, which kill the solver's processes.
          process.exit(signalExitCode(io.interruptSignal ?? signal));
        }
      };
      return onInterrupts(handler);
    },
  };
  return io;
}
