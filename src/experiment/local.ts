// -j N: N cells at once in this process, each a child `sympath run` (run-cell.ts). A cell's result is
// handed to `done` (which writes its file) as soon as it finishes; on the abort signal no new cell
// starts and the running ones are stopped (their children killed, no result).

import type { CellPlan, CellResult } from './cell.js';
import { failedCell, runCell } from './run-cell.js';

export interface LocalOptions {
  jobs: number;
  signal: AbortSignal;
  done: (r: CellResult) => void;
  onChild?: (pid: number) => void;
}

export async function runLocal(cells: CellPlan[], o: LocalOptions): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < cells.length && !o.signal.aborted) {
      const cell = cells[next++]!;
      let r: CellResult | null;
      try {
        r = await runCell(cell, { signal: o.signal, ranBy: 'local', ...(o.onChild ? { onChild: o.onChild } : {}) });
      } catch (e) {
        // The cell could not be run here (its output directory cannot be made, …): a failed cell, the others go on.
        r = failedCell(cell, `the cell could not be run: ${(e as Error).message}`, 'local');
      }
      if (r) o.done(r);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.jobs, cells.length)) }, lane));
}
