// The experiment's table: one row per program × strategy (× budget, when the spec has several), with the
// median over the seeds' cells that finished ok of paths, tests, errors, engine line coverage, replay
// line coverage (gcov, when replayed) and CPU and wall seconds of the run (from the child's own
// resource usage). Written as results/table.md and results/summary.json (the same figures), and printed.
// Failed cells are left out of the medians and counted in the row's ok column; missing cells (no result
// file yet) are listed.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { budgetLabel, type CellPlan, type CellResult } from './cell.js';
import type { ExperimentSpec } from './spec.js';

export interface RowMedians {
  paths: number;
  tests: number;
  instructions: number;
  errors: number;
  /** Engine line coverage (stats.json), percent. */
  linePercent: number;
  /** gcov line coverage of the replay, percent; null when no cell of the row was replayed. */
  replayLinePercent: number | null;
  cpuSeconds: number | null;
  wallSeconds: number | null;
}

export interface SummaryRow {
  program: string;
  strategy: string;
  budget: string;
  cells: number;
  ok: number;
  failed: string[];
  missing: string[];
  /** null when no cell of the row finished ok. */
  median: RowMedians | null;
}

export interface Summary {
  experiment: string;
  spec: string;
  cells: number;
  finished: number;
  failed: number;
  missing: number;
  rows: SummaryRow[];
}

/** The median of numbers (the mean of the two middle ones for an even count); null for none. */
export function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function summarize(spec: ExperimentSpec, cells: CellPlan[], results: CellResult[]): Summary {
  const byId = new Map(results.map((r) => [r.cell.id, r]));
  const rows = new Map<string, { row: SummaryRow; ok: CellResult[] }>();
  for (const c of cells) {
    const budget = budgetLabel(c.key.budget);
    const k = JSON.stringify([c.key.program, c.key.strategy, budget]);
    let entry = rows.get(k);
    if (!entry) rows.set(k, (entry = { row: { program: c.key.program, strategy: c.key.strategy, budget, cells: 0, ok: 0, failed: [], missing: [], median: null }, ok: [] }));
    entry.row.cells++;
    const r = byId.get(c.key.id);
    if (!r) entry.row.missing.push(c.key.id);
    else if (r.status !== 'ok' || !r.stats) entry.row.failed.push(c.key.id);
    else entry.ok.push(r);
  }
  for (const { row, ok } of rows.values()) {
    row.ok = ok.length;
    if (ok.length === 0) continue;
    const m = (f: (r: CellResult) => number | undefined | null): number | null => median(ok.map(f).filter((x): x is number => typeof x === 'number'));
    row.median = {
      paths: m((r) => r.stats!.pathsTotal)!,
      tests: m((r) => r.stats!.tests)!,
      instructions: m((r) => r.stats!.instructions)!,
      errors: m((r) => r.stats!.errors)!,
      linePercent: m((r) => r.stats!.linePercent)!,
      replayLinePercent: m((r) => r.replay?.linePercent),
      cpuSeconds: m((r) => r.resources?.cpuSeconds),
      wallSeconds: m((r) => r.resources?.wallSeconds),
    };
  }
  const all = [...rows.values()].map((e) => e.row);
  const sum = (f: (r: SummaryRow) => number): number => all.reduce((a, r) => a + f(r), 0);
  return {
    experiment: spec.name,
    spec: spec.file,
    cells: cells.length,
    finished: sum((r) => r.ok + r.failed.length),
    failed: sum((r) => r.failed.length),
    missing: sum((r) => r.missing.length),
    rows: all,
  };
}

const fmt = (x: number | null | undefined, digits = 0): string => (x === null || x === undefined ? '-' : x.toFixed(digits));

/** The summary as a Markdown table (medians over seeds). */
export function formatTable(s: Summary): string {
  const budgets = new Set(s.rows.map((r) => r.budget)).size > 1;
  const head = ['program', 'strategy', ...(budgets ? ['budget'] : []), 'ok', 'paths', 'tests', 'errors', 'lines % (engine)', 'lines % (replay)', 'CPU s', 'wall s'];
  const lines = s.rows.map((r) => [
    r.program,
    r.strategy,
    ...(budgets ? [r.budget] : []),
    `${r.ok}/${r.cells}`,
    fmt(r.median?.paths),
    fmt(r.median?.tests),
    fmt(r.median?.errors),
    fmt(r.median?.linePercent, 1),
    fmt(r.median?.replayLinePercent, 1),
    fmt(r.median?.cpuSeconds, 2),
    fmt(r.median?.wallSeconds, 2),
  ]);
  const widths = head.map((h, k) => Math.max(h.length, ...lines.map((l) => l[k]!.length)));
  const row = (cells: string[]): string => `| ${cells.map((c, k) => (k < (budgets ? 3 : 2) ? c.padEnd(widths[k]!) : c.padStart(widths[k]!))).join(' | ')} |`;
  const out = [
    `${s.experiment}: ${s.finished} of ${s.cells} cells finished (${s.failed} failed, ${s.missing} missing); medians over seeds of the cells that finished ok`,
    '',
    row(head),
    `|${widths.map((w, k) => (k < (budgets ? 3 : 2) ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`,
    ...lines.map(row),
  ];
  const failed = s.rows.flatMap((r) => r.failed);
  if (failed.length > 0) out.push('', `failed: ${failed.join(', ')}`);
  return `${out.join('\n')}\n`;
}

/** Writes results/table.md and results/summary.json; returns the table. */
export function writeReport(results: string, s: Summary): string {
  const table = formatTable(s);
  writeFileSync(join(results, 'table.md'), table);
  writeFileSync(join(results, 'summary.json'), `${JSON.stringify(s, null, 2)}\n`);
  return table;
}
