// run.cov (`sympath run --write-cov`): every source line of the program's own files the run covered —
// the lines stats.json's coverage.linesCovered counts — as KLEE's .cov files write them, `FILE:LINE` one
// a line, sorted by file and then line. Over the runs of a portfolio it is their union (stats.json's
// count is the best single run's). A --driver run gives its covered lines as a set; the forking engine
// gives its file (RunResult.coveredLinesCov). The per-test .cov files are the engine's (termination.ts).

import { byFileThenLine } from '../engine/coverage.js';
import type { OutputDir } from '../engine/output-dir.js';
import type { RunResultLike } from './run-deps.js';

/** `FILE:LINE` keys sorted by file, then line number. */
export function sortLineKeys(keys: Iterable<string>): string[] {
  const rows = [...new Set(keys)].map((k) => {
    const at = k.lastIndexOf(':');
    return { key: k, file: k.slice(0, at), line: Number(k.slice(at + 1)) };
  });
  rows.sort(byFileThenLine);
  return rows.map((r) => r.key);
}

/** The union of the runs' covered lines as run.cov's text. */
export function runCovText(results: readonly RunResultLike[]): string {
  const keys = new Set<string>();
  for (const r of results) {
    if (r.coveredLinesCov !== undefined) {
      for (const k of r.coveredLinesCov.split('\n')) if (k !== '') keys.add(k);
    } else if (r.coveredLines) {
      for (const k of r.coveredLines()) keys.add(k);
    }
  }
  return sortLineKeys(keys).map((k) => `${k}\n`).join('');
}

export function writeRunCov(output: OutputDir, results: readonly RunResultLike[]): void {
  output.writeText('run.cov', runCovText(results));
}
