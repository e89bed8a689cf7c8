// An error caused by the user's input (a bad file, a bad option): the CLI prints its message alone and
// exits with `exitCode`.
export class UserError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
    this.name = 'UserError';
  }
}

/**
 * A run that finished with a status other than success (--exit-on-error: 5, --check-pruning lost
 * something: 3, the output directory incomplete: 4): a UserError for the CLI, and for the library API
 * (src/api/run.ts) the run's outcome, which is still there to report.
 */
export class RunStatusError<T = unknown> extends UserError {
  constructor(message: string, exitCode: number, readonly outcome: T) {
    super(message, exitCode);
    this.name = 'RunStatusError';
  }
}
