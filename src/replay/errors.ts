// The one error `sympath replay` throws for problems the user can fix (no run.json, no C sources, a
// missing compiler, a program that does not build natively): the CLI prints its message alone.

export class ReplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplayError';
  }
}
