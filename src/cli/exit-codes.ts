// Every exit code of `sympath`, in one place for `--help` (the README's table says the same, longer).

export const EXIT_CODES_HELP = `
Exit codes:
  0    done (also when the program's own output could not be written: the output directory is complete)
  1    user error: a bad file or option (one line on stderr)
  2    internal error (tests written so far are kept, stats.json written)
  3    run --check-pruning: pruning or a driver lost an error site or a covered line
  4    run: the output directory could not be written completely (disk full)
  5    run --exit-on-error / --exit-on-error-type: stopped at the first (matching) error
  6    replay --fail-on-unreproduced: an error test did not reproduce natively, or a test diverged
  7    run --queue / worker / experiment --queue: the queue's Redis could not be reached, or stopped answering during the run
  130  stopped by SIGINT (Ctrl-C); 143 by SIGTERM: tests so far and stats.json written`;
