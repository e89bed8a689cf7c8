// `sympath experiment SPEC.json`: the spec's cells (cell.ts) that have no result file yet run locally
// (-j N, local.ts) or on the queue's workers (--queue URL, queue-coordinator.ts); each finished cell's
// result file is written at once; then the table of medians (report.ts). --report prints the table of
// the results there are without running anything; --list prints the cells and their commands.

import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { UserError } from '../cli/user-error.js';
import { cellsOf, type CellResult } from './cell.js';
import { runLocal } from './local.js';
import { summarize, writeReport, type Summary } from './report.js';
import { cellsToRun, resultsOf, writeResult } from './results.js';
import { loadSpec } from './spec.js';

export interface ExperimentOptions {
  spec: string;
  jobs: number;
  queue?: string;
  results?: string;
  report: boolean;
  list: boolean;
  retryFailed: boolean;
  signal: AbortSignal;
  /** Progress lines (stderr). */
  log: (line: string) => void;
  /** The table, the list (stdout). */
  out: (text: string) => void;
  onChild?: (pid: number) => void;
}

export interface ExperimentOutcome {
  /** null when interrupted or only listing. */
  summary: Summary | null;
  ran: number;
}

function describe(r: CellResult): string {
  if (r.status !== 'ok' || !r.stats) return `FAILED: ${r.error ?? 'unknown'}`;
  const s = r.stats;
  const cov = r.replay ? `${r.replay.linePercent}% lines (replay)` : `${s.linePercent}% lines (engine)`;
  return `${s.pathsTotal} paths, ${s.tests} tests, ${s.errors} errors, ${cov}, ${r.resources?.cpuSeconds ?? '?'} CPU s`;
}

export async function runExperiment(o: ExperimentOptions): Promise<ExperimentOutcome> {
  const spec = loadSpec(o.spec, o.results);
  const cells = cellsOf(spec);
  if (o.list) {
    o.out(cells.map((c) => `${c.key.id}\n  sympath ${c.run.join(' ')}${c.replay ? `\n  sympath replay ${c.outputDir} ${c.replay.join(' ')}` : ''}\n`).join(''));
    return { summary: null, ran: 0 };
  }
  let ran = 0;
  if (!o.report) {
    const todo = cellsToRun(spec.results, cells, o.retryFailed);
    mkdirSync(spec.results, { recursive: true });
    o.log(`${spec.name}: ${todo.length} of ${cells.length} cells to run (${cells.length - todo.length} have results); results in ${spec.results}`);
    const t0 = performance.now();
    const done = (r: CellResult): void => {
      writeResult(spec.results, r);
      if (!spec.keepOutput) rmSync(r.outputDir, { recursive: true, force: true });
      ran++;
      o.log(`[${ran}/${todo.length} ${((performance.now() - t0) / 1000).toFixed(0)} s] ${r.cell.id}: ${describe(r)}`);
    };
    if (todo.length > 0) {
      if (o.queue !== undefined) {
        const { runOnQueue } = await import('./queue-coordinator.js');
        await runOnQueue(todo, { url: o.queue, signal: o.signal, done, log: o.log });
      } else {
        await runLocal(todo, { jobs: o.jobs, signal: o.signal, done, ...(o.onChild ? { onChild: o.onChild } : {}) });
      }
    }
    if (o.signal.aborted) {
      o.log(`${spec.name}: interrupted; ${ran} result file(s) written this time; run the same command again to resume`);
      return { summary: null, ran };
    }
  } else if (!existsSync(spec.results)) {
    throw new UserError(`sympath experiment --report: no results folder ${spec.results}`);
  }
  const { found } = resultsOf(spec.results, cells);
  const summary = summarize(spec, cells, found);
  o.out(writeReport(spec.results, summary));
  return { summary, ran };
}
