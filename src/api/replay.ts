// `replay()` of the library API: `sympath replay OUTDIR` (src/replay) for a TypeScript program — the
// native build of the program an output directory came from, every test run on it, the Replay JSON.

import { replayOutputDir, type ReplayOptions, type ReplayResult } from '../replay/index.js';
import { ReplayError } from '../replay/errors.js';
import { UserError } from '../cli/user-error.js';

/** The options of `replay()`: `sympath replay`'s, and `onProgress` for the per-test lines. */
export interface ReplayApiOptions extends Omit<ReplayOptions, 'progress'> {
  /** One line per test as it runs (what the CLI shows on a terminal). */
  onProgress?: (line: string) => void;
}

/**
 * Replays the tests of `outputDir` natively; resolves to the replay (its `json` is the Replay JSON of
 * `sympath replay --json`). Writes OUTDIR/replay-<arch>/, coverage.json, coverage.svg and the HTML
 * report, as the CLI does. Rejects with a SympathError (exitCode 1) when the directory cannot be replayed.
 */
export async function replay(outputDir: string, options: ReplayApiOptions = {}): Promise<ReplayResult> {
  const { onProgress, ...rest } = options;
  try {
    return await replayOutputDir(outputDir, { ...rest, ...(onProgress ? { progress: onProgress } : {}) });
  } catch (e) {
    if (e instanceof ReplayError) throw new UserError(e.message);
    throw e;
  }
}
