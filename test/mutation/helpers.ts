// Helpers of the mutation suites: a mutant's row of a kill matrix, one letter per test.

const CODE: Record<string, string> = { stdout: 'o', exit: 'e', signal: 's', timeout: 't' };

/** o = stdout, e = exit status, s = signal, t = time-out differ from the original's; '-' = the same run. */
export function row(killedBy: readonly { test: string; by: string }[], tests: readonly string[]): string {
  return tests.map((t) => CODE[killedBy.find((k) => k.test === t)?.by ?? ''] ?? '-').join('');
}
