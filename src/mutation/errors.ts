// The error `sympath mutate` and `sympath kill` throw for problems the user can fix (a file that does not
// compile, an empty mutant set, tests of another program): the CLI prints its message alone.

export class MutationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MutationError';
  }
}
