// `analyze()` of the library API: the static analyses of `sympath analyze FILE --json` (src/analysis)
// as the JSON document the CLI prints.

import { analyzeReport, type AnalyzeJson, type What } from '../cli/analyze.js';

export type { AnalyzeJson } from '../cli/analyze.js';

export interface AnalyzeOptions {
  /** What to compute (default 'pdg'). */
  what?: What;
  /** Only this function. */
  function?: string;
  /** Slicing criteria, FILE:LINE (with what: 'slice'). */
  criterion?: readonly string[];
  /** Include potential dependences (pdg, slice). */
  potential?: boolean;
  /** For .c input: -O level, -I directories, -D macros. */
  optLevel?: 0 | 1 | 2;
  includes?: readonly string[];
  defines?: readonly string[];
}

/** The dependences of a C or IR file, as `sympath analyze FILE --json` prints them. */
export async function analyze(file: string, options: AnalyzeOptions = {}): Promise<AnalyzeJson> {
  const out = await analyzeReport(file, {
    what: options.what ?? 'pdg',
    criterion: [...(options.criterion ?? [])],
    json: true,
    O: String(options.optLevel ?? 0),
    I: [...(options.includes ?? [])],
    D: [...(options.defines ?? [])],
    ...(options.function !== undefined ? { function: options.function } : {}),
    ...(options.potential ? { potential: true } : {}),
  });
  if (typeof out === 'string') throw new Error('sympath analyze: expected the JSON report');
  return out;
}
