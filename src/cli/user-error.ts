// An error caused by the user's input (a bad file, a bad option): the CLI prints its message alone and
// exits with `exitCode`.
export class UserError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
    this.name = 'UserError';
  }
}
