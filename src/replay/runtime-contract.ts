// The contract with the C replay library (runtime/replay/replay.h): where its sources are, the
// environment variables it reads and the exit statuses it ends a run with. test/replay checks that the
// numbers here are the header's.

import { join } from 'node:path';
import { packageRoot, runtimeIncludeDir } from '../toolchain/clang.js';

export { runtimeIncludeDir };

/** runtime/replay: the library's C sources and headers. */
export const replayRuntimeDir: string = join(packageRoot, 'runtime', 'replay');

/** The library's translation units, compiled without --coverage and linked into every native build. */
export const replayRuntimeSources: readonly string[] = ['intrinsics.c', 'ktest.c'].map((f) => join(replayRuntimeDir, f));

export const ENV_KTEST = 'KTEST_FILE';
export const ENV_SKIP = 'SYMPATH_KTEST_SKIP';
export const ENV_ARGV = 'SYMPATH_REPLAY_ARGV';
export const ENV_LENIENT = 'SYMPATH_REPLAY_LENIENT';

/** Exit statuses of the library, by the name of their #define (without SYMPATH_REPLAY_EXIT_). */
export const RUNTIME_EXIT = {
  NO_KTEST: 71,
  NAME: 72,
  SIZE: 73,
  EXHAUSTED: 74,
  ASSUME: 75,
  RANGE: 76,
  ARGV: 77,
} as const;

/** The line the library prints on stderr before exiting with one of RUNTIME_EXIT's statuses. */
export const RUNTIME_ERROR_PREFIX = 'sympath-replay: error: ';

/** A run that the library ended (the test does not fit the build): its status and message. */
export interface RuntimeFailure {
  status: number;
  name: keyof typeof RUNTIME_EXIT;
  message: string;
}

/** The library's failure in a finished run, if it ended it: the exit status and the error line agree. */
export function runtimeFailure(exit: number | null, stderr: string): RuntimeFailure | undefined {
  if (exit === null) return undefined;
  const entry = Object.entries(RUNTIME_EXIT).find(([, status]) => status === exit);
  if (!entry) return undefined;
  const lines = stderr.split('\n').filter((l) => l.startsWith(RUNTIME_ERROR_PREFIX));
  const line = lines[lines.length - 1];
  if (line === undefined || !line.endsWith(`(exit ${exit})`)) return undefined;
  const message = line.slice(RUNTIME_ERROR_PREFIX.length).replace(/ \(exit \d+\)$/, '');
  return { status: exit, name: entry[0] as keyof typeof RUNTIME_EXIT, message };
}
