// The PSE report's records (RunRecord, subjects.ts), from either layout:
//   - an experiment's results folder (`sympath experiment pse*.experiment.json`): its cells/*.json, each a
//     `sympath run` with stats.json, postcondition.json and run.cov (--write-cov) `collected`;
//   - the retired harness's runs/<subject>/<config>.json (in-process runs of run-one.ts, removed in
//     session 11; benchmarks/results/pse/runs keeps them, and the committed page is made from them).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CellResult } from '../../src/experiment/cell.js';
import type { RunRecord } from './subjects.js';

/** Where the records came from: the page says how their figures were measured. */
export type RecordSource = 'runs' | 'experiment';

/** The old harness's records: runs/<subject>/<config>.json. */
export function loadRuns(dir: string): RunRecord[] {
  const out: RunRecord[] = [];
  for (const s of existsSync(dir) ? readdirSync(dir).sort() : []) {
    for (const f of readdirSync(join(dir, s)).sort()) if (f.endsWith('.json')) out.push(JSON.parse(readFileSync(join(dir, s, f), 'utf8')) as RunRecord);
  }
  return out;
}

interface Stats {
  search: string;
  wallSeconds: number;
  solver: { seconds: number };
  coverage: { linesCovered: number };
  errors: { kind: string; file: string; line: number }[];
  memory?: { peakRssMB: number; peakHeapMB?: number };
}

/** One ok cell as a record; null for a failed cell or one without the collected files the report needs. */
export function recordOfCell(c: CellResult): RunRecord | null {
  if (c.status !== 'ok' || !c.stats) return null;
  const stats = c.collected?.['stats.json'] as Stats | null | undefined;
  if (!stats) return null;
  const lines = c.collected?.['run.cov'];
  const prune = c.collected?.['postcondition.json'];
  const halt = c.stats.haltReason;
  return {
    subject: c.cell.program,
    config: c.cell.strategy,
    search: stats.search,
    pse: c.command.includes('postcondition') ? {} : null,
    paths: c.stats.paths,
    explored: c.stats.pathsTotal,
    instructions: c.stats.instructions,
    seconds: stats.wallSeconds,
    // The `sympath run` process and the processes it waited for (clang, the native Z3): the cell's rusage.
    cpuSeconds: c.resources?.cpuSeconds ?? NaN,
    solverSeconds: stats.solver.seconds,
    peakRssMB: stats.memory?.peakRssMB ?? c.resources?.maxRssMB ?? NaN,
    peakHeapMB: stats.memory?.peakHeapMB ?? 0,
    haltReason: halt === 'all paths explored' || halt === '' ? null : halt,
    errors: [...new Set(stats.errors.map((e) => `${e.kind}@${e.file}:${e.line}`))].sort(),
    lines: Array.isArray(lines) ? (lines as string[]) : [],
    linesCovered: stats.coverage.linesCovered,
    prune: prune && typeof prune === 'object' ? (prune as Record<string, unknown>) : null,
    ...(c.cell.budget.maxTime !== undefined ? { maxTime: c.cell.budget.maxTime } : {}),
  };
}

/** The records of an experiment's results folder (its cells/*.json that finished ok). */
export function loadCells(results: string): { records: RunRecord[]; skipped: string[] } {
  const dir = join(results, 'cells');
  const records: RunRecord[] = [];
  const skipped: string[] = [];
  for (const f of existsSync(dir) ? readdirSync(dir).sort() : []) {
    if (!f.endsWith('.json')) continue;
    const c = JSON.parse(readFileSync(join(dir, f), 'utf8')) as CellResult;
    const r = recordOfCell(c);
    if (r) records.push(r);
    else skipped.push(`${c.cell.id} (${c.status === 'ok' ? 'stats.json not collected' : (c.error ?? 'failed')})`);
  }
  return { records, skipped };
}
