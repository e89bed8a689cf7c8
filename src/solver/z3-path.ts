// Where the native z3 is: a file of its own (no solver code) so the CLI can ask at start-up whether
// to fall back to the wasm Z3 without loading the back end.

import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const DEFAULT_Z3_PATH = '/usr/bin/z3';

/**
 * The native z3 to run: $SYMPATH_Z3 when set (a path), else `z3` on PATH, else Debian's /usr/bin/z3;
 * undefined when none exists (the caller then falls back to the wasm Z3: src/cli/run.ts).
 */
export function findZ3(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const given = env.SYMPATH_Z3;
  if (given !== undefined && given !== '') return isExecutable(given) ? given : undefined;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir !== '' && isExecutable(join(dir, 'z3'))) return join(dir, 'z3');
  }
  return isExecutable(DEFAULT_Z3_PATH) ? DEFAULT_Z3_PATH : undefined;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Why findZ3 found nothing, for the notice of the wasm fallback. */
export function noZ3Reason(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.SYMPATH_Z3;
  if (given !== undefined && given !== '') return `SYMPATH_Z3=${given} is not an executable file`;
  return `no z3 on PATH or at ${DEFAULT_Z3_PATH}; SYMPATH_Z3 names one`;
}
