// Where `sympath run` writes and how it hears of Ctrl-C: injectable (tests capture the text), with the
// process's own streams and SIGINT for the real command.

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

export function processIO(commandLine: string[]): RunIO {
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
