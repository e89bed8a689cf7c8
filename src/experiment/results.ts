// The results folder: results/cells/<cell id>.json, one per finished cell (written atomically, so a
// reader — or an experiment resumed after Ctrl-C — sees a whole file or none), and results/runs/<cell id>/,
// the cells' output directories. A cell whose result file exists is done; --retry-failed redoes those
// whose status is 'failed'.

import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../cli/user-error.js';
import { writeFileAtomic } from '../engine/atomic-file.js';
import { resultFile, type CellPlan, type CellResult } from './cell.js';

export function writeResult(results: string, r: CellResult): void {
  mkdirSync(join(results, 'cells'), { recursive: true });
  writeFileAtomic(resultFile(results, r.cell.id), `${JSON.stringify(r, null, 2)}\n`);
}

export function readResult(file: string): CellResult {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CellResult;
  } catch (e) {
    throw new UserError(`sympath experiment: ${file}: not a result file: ${(e as Error).message}`);
  }
}

/** The cells still to run: those without a result file (and, with retryFailed, those that failed). */
export function cellsToRun(results: string, cells: CellPlan[], retryFailed: boolean): CellPlan[] {
  return cells.filter((c) => {
    const f = resultFile(results, c.key.id);
    if (!existsSync(f)) return true;
    return retryFailed && readResult(f).status === 'failed';
  });
}

/** The result files present for the given cells (a cell of the spec without one is missing). */
export function resultsOf(results: string, cells: CellPlan[]): { found: CellResult[]; missing: string[] } {
  const dir = join(results, 'cells');
  const present = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const found: CellResult[] = [];
  const missing: string[] = [];
  for (const c of cells) {
    if (present.has(`${c.key.id}.json`)) found.push(readResult(resultFile(results, c.key.id)));
    else missing.push(c.key.id);
  }
  return { found, missing };
}
