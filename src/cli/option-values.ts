// Parsers of option values shared by the sub-commands (commander calls them with the text given).

import { InvalidArgumentError } from 'commander';

/** A repeatable option: every value given, in order. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** A whole number above 0 (a count of jobs, of mutants, …). */
export function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected an integer > 0.');
  return n;
}
