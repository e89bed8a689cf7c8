// SIGINT and SIGTERM for the whole CLI. A command that stops cleanly on a signal (run while exploring,
// experiment, worker) hands its handler to `onInterrupts`; while none is installed (compiling with
// clang, linking, loading the module; after a run's write-out; commands that only print), Node's default
// would end the process on the spot, with no word and with clang or opt still running as orphans. The
// guard ends it with a message and the signal's exit code through process.exit, whose 'exit' handlers
// (execa's cleanup, the solver's) kill the children.
//
// Ownership is counted here rather than read off process.listenerCount: libraries (signal-exit, under
// execa) listen to the same signals and would hide that no command is listening.
import { constants } from 'node:os';
import { writeStd } from './std-streams.js';

/** The shell's code for a process ended by SIGNAL: 128 + its number (130 for SIGINT, 143 for SIGTERM). */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? 0);
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
let commandHandlers = 0;
let guarded = false;

/** Installs the guard (once per process). */
export function guardInterrupts(): void {
  if (guarded) return;
  guarded = true;
  for (const signal of SIGNALS) {
    process.on(signal, () => {
      if (commandHandlers > 0) return;
      writeStd('stderr', `\nsympath: interrupted (${signal}); quitting at once (nothing was exploring: no test is lost; a run's output directory started before exploring has no stats.json)\n`);
      process.exit(signalExitCode(signal));
    });
  }
}

/** Installs a command's own handler for both signals; the returned function removes it. */
export function onInterrupts(handler: (signal: NodeJS.Signals) => void): () => void {
  for (const signal of SIGNALS) process.on(signal, handler);
  commandHandlers++;
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    commandHandlers--;
    for (const signal of SIGNALS) process.off(signal, handler);
  };
}
