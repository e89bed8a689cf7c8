// The SGS experiment's report: reads the per-run result files (benchmarks/results/sgs/runs/*.json,
// written by run.ts) and writes, beside them, the paper's Table 4 shape — programs per coverage band,
// average coverage, best count — for our runs and the paper's, per-program coverage, and a bar chart of
// the averages (chart.svg, drawn by hand: no dependency).
//
//   npx tsx benchmarks/sgs/report.ts [--results DIR] [--budget S] [--seed N]
//
// Coverage is the native replay's line coverage (gcov) of the subject's own source, over the tests of
// terminated paths only; a run that failed counts as 0% (and is listed).

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CellResult } from '../../src/experiment/cell.js';
import { BANDS, PAPER, PAPER_PROGRAMS, STRATEGIES } from './paper.js';

export interface RunRecord {
  subject: string;
  strategy: string;
  budget: number;
  seed: number;
  ok: boolean;
  error?: string;
  command: string[];
  engine?: {
    wallSeconds: number;
    instructions: number;
    paths: { completed: number; errors: number; partial: number; pruned: number };
    tests: number;
    statesPeak: number;
    solverSeconds: number;
    linesCovered: number;
    linesTotal: number;
  };
  tests?: { written: number; discardedEarly: number; replayed: number };
  replay?: { linesCovered: number; linesTotal: number; branchesCovered: number; branchesTotal: number };
  /** Replay line coverage in percent (0 when the run failed). */
  coverage: number;
  seconds: number;
  startedAt: string;
  host: { cpus: number; load1: number };
  sympath: string;
}

/**
 * The result files of `sympath experiment benchmarks/sgs/*.experiment.json` (RESULTS/cells/*.json,
 * src/experiment/README.md) as this report's records: coverage is the replay's line coverage.
 */
export function loadCells(dir: string): RunRecord[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((f) => {
    const c = JSON.parse(readFileSync(join(dir, f), 'utf8')) as CellResult;
    const ok = c.status === 'ok' && c.stats !== null && c.replay !== null;
    const r: RunRecord = {
      subject: c.cell.program,
      strategy: c.cell.strategy,
      budget: c.cell.budget.maxTime ?? 0,
      seed: c.cell.seed,
      ok,
      command: c.command,
      coverage: ok ? (100 * c.replay!.linesCovered) / Math.max(1, c.replay!.linesTotal) : 0,
      seconds: (c.resources?.wallSeconds ?? 0) + (c.replay?.resources?.wallSeconds ?? 0),
      startedAt: c.finishedAt,
      host: { cpus: 0, load1: 0 },
      sympath: 'sympath experiment',
    };
    if (!ok) r.error = c.error ?? 'no replay';
    if (c.stats) {
      r.engine = {
        wallSeconds: c.stats.wallSeconds,
        instructions: c.stats.instructions,
        paths: c.stats.paths,
        tests: c.stats.tests,
        statesPeak: 0,
        solverSeconds: 0,
        linesCovered: c.stats.coverage.linesCovered,
        linesTotal: c.stats.coverage.linesTotal,
      };
    }
    if (c.stats && c.replay) {
      r.tests = { written: c.stats.tests, discardedEarly: c.replay.discardedEarly, replayed: c.replay.testsReplayed };
      r.replay = { linesCovered: c.replay.linesCovered, linesTotal: c.replay.linesTotal, branchesCovered: c.replay.branchesCovered, branchesTotal: c.replay.branchesTotal };
    }
    return r;
  });
}

export function loadRuns(dir: string): RunRecord[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as RunRecord);
}

export interface Column {
  id: string;
  label: string;
  /** Coverage per subject (percent). */
  coverage: Map<string, number>;
  bands: number[];
  average: number;
  best: number;
  bestWithCombined: number;
}

export interface Summary {
  subjects: string[];
  columns: Column[];
  budget: number;
  seed: number;
  runs: RunRecord[];
  missing: string[];
}

function band(pct: number): number {
  return BANDS.findIndex((b) => pct >= b.low && pct < b.high);
}

/** Table 4 over the runs of one budget and seed (the subjects every strategy ran; others listed). */
export function summarize(all: readonly RunRecord[], budget: number, seed: number): Summary {
  const runs = all.filter((r) => r.budget === budget && r.seed === seed);
  const subjects = [...new Set(runs.map((r) => r.subject))].sort();
  const missing: string[] = [];
  const columns: Column[] = STRATEGIES.map((s) => {
    const coverage = new Map<string, number>();
    for (const subject of subjects) {
      const r = runs.find((x) => x.subject === subject && x.strategy === s.id);
      if (r) coverage.set(subject, r.ok ? r.coverage : 0);
      else missing.push(`${subject} × ${s.id}`);
    }
    const values = [...coverage.values()];
    const bands = BANDS.map(() => 0);
    for (const v of values) bands[band(v)]!++;
    const average = values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
    return { id: s.id, label: s.label, coverage, bands, average, best: 0, bestWithCombined: 0 };
  });
  // Best: programs on which the strategy reaches the highest coverage (ties count for each).
  const eps = 1e-9;
  for (const subject of subjects) {
    const individual = columns.filter((c) => c.id !== 'combined' && c.coverage.has(subject));
    const top = Math.max(...individual.map((c) => c.coverage.get(subject)!));
    for (const c of individual) if (c.coverage.get(subject)! >= top - eps) c.best++;
    const all = columns.filter((c) => c.coverage.has(subject));
    const topAll = Math.max(...all.map((c) => c.coverage.get(subject)!));
    for (const c of all) if (c.coverage.get(subject)! >= topAll - eps) c.bestWithCombined++;
  }
  return { subjects, columns, budget, seed, runs, missing };
}

const pct = (x: number): string => x.toFixed(2);

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export function markdown(s: Summary): string {
  const labels = s.columns.map((c) => c.label);
  // A strategy without runs shows dashes, not zeros.
  const cell = (c: Column, text: string): string => (c.coverage.size === 0 ? '—' : text);
  const ours = table(
    ['Cov.', ...labels],
    [
      ...BANDS.map((b, i) => [b.label, ...s.columns.map((c) => cell(c, String(c.bands[i])))]),
      ['Avg.(%)', ...s.columns.map((c) => cell(c, pct(c.average)))],
      ['Best (without comb., as Table 4)', ...s.columns.map((c) => (c.id === 'combined' ? '-' : cell(c, String(c.best))))],
      ['Best (with comb., as Table 5)', ...s.columns.map((c) => cell(c, String(c.bestWithCombined)))],
    ],
  );
  const paper = table(
    ['Cov.', ...labels],
    [
      ...BANDS.map((b, i) => [b.label, ...s.columns.map((c) => String(PAPER[c.id]!.bands[i]))]),
      ['Avg.(%)', ...s.columns.map((c) => pct(PAPER[c.id]!.average))],
      ['Best', ...s.columns.map((c) => String(PAPER[c.id]!.best) + (c.id === 'combined' ? '*' : ''))],
    ],
  );
  const rank = (xs: number[]): number[] => xs.map((x) => 1 + xs.filter((y) => y > x + 1e-9).length);
  const ourRank = rank(s.columns.map((c) => c.average));
  const paperRank = rank(s.columns.map((c) => PAPER[c.id]!.average));
  const side = table(
    ['Strategy', 'paper avg (%)', 'paper rank', 'ours avg (%)', 'our rank'],
    s.columns.map((c, i) => [c.label, pct(PAPER[c.id]!.average), String(paperRank[i]), cell(c, pct(c.average)), cell(c, String(ourRank[i]))]),
  );
  const detail = table(
    ['Program', ...labels],
    s.subjects.map((subject) => {
      const top = Math.max(...s.columns.map((c) => c.coverage.get(subject) ?? -1));
      return [subject, ...s.columns.map((c) => {
        const v = c.coverage.get(subject);
        if (v === undefined) return '—';
        return v >= top - 1e-9 ? `**${v.toFixed(1)}**` : v.toFixed(1);
      })];
    }),
  );
  const failed = s.runs.filter((r) => !r.ok);
  const lines = [
    `## Ours: ${s.subjects.length} programs, ${s.budget} s per run, seed ${s.seed}`,
    '',
    ours,
    '',
    `## Paper: Table 4 (${PAPER_PROGRAMS} Coreutils 6.11 programs, 1 h per run; SGS comb. from Table 5, 4 × 15 min)`,
    '',
    paper,
    '',
    '\\* Table 5: combined (4 × 15 min) against the individual strategies (1 h each).',
    '',
    '## Averages side by side',
    '',
    side,
    '',
    '## Line coverage per program (%; the best of each row in bold)',
    '',
    detail,
    '',
  ];
  if (failed.length) {
    lines.push('## Failed runs (counted as 0%)', '', ...failed.map((r) => `- ${r.subject} × ${r.strategy}: ${r.error ?? 'unknown error'}`), '');
  }
  if (s.missing.length) lines.push('## Missing runs', '', ...s.missing.map((m) => `- ${m}`), '');
  return lines.join('\n');
}

/** A grouped bar chart: per strategy, the paper's average coverage beside ours. */
export function svg(s: Summary): string {
  const W = 860;
  const H = 360;
  const left = 50;
  const right = 20;
  const top = 40;
  const bottom = 70;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const n = s.columns.length;
  const group = plotW / n;
  const bar = group * 0.36;
  const y = (v: number): number => top + plotH * (1 - v / 100);
  const esc = (t: string): string => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`);
  out.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  // Coreutils subjects run under the POSIX model; the hand-written small ones do not.
  const what = s.runs.length > 0 && s.runs.every((r) => r.command.includes('--posix-runtime')) ? 'Coreutils 9.1 programs' : 'small subjects';
  out.push(
    `<text x="${W / 2}" y="18" text-anchor="middle" font-size="13">Average line coverage per strategy: SGS paper (75 Coreutils, 1 h) vs sympath (${s.subjects.length} ${what}, ${s.budget} s)</text>`,
  );
  for (let v = 0; v <= 100; v += 20) {
    out.push(`<line x1="${left}" x2="${W - right}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`);
    out.push(`<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${v}%</text>`);
  }
  s.columns.forEach((c, i) => {
    const x0 = left + i * group + (group - 2 * bar) / 2;
    const p = PAPER[c.id]!.average;
    out.push(`<rect x="${x0.toFixed(1)}" y="${y(p).toFixed(1)}" width="${bar.toFixed(1)}" height="${(y(0) - y(p)).toFixed(1)}" fill="#9bb7d4"><title>paper ${p.toFixed(2)}%</title></rect>`);
    out.push(`<text x="${(x0 + bar / 2).toFixed(1)}" y="${(y(p) - 3).toFixed(1)}" text-anchor="middle" font-size="9">${p.toFixed(0)}</text>`);
    if (c.coverage.size > 0) {
      out.push(`<rect x="${(x0 + bar).toFixed(1)}" y="${y(c.average).toFixed(1)}" width="${bar.toFixed(1)}" height="${(y(0) - y(c.average)).toFixed(1)}" fill="#d9822b"><title>ours ${c.average.toFixed(2)}%</title></rect>`);
      out.push(`<text x="${(x0 + 1.5 * bar).toFixed(1)}" y="${(y(c.average) - 3).toFixed(1)}" text-anchor="middle" font-size="9">${c.average.toFixed(0)}</text>`);
    }
    const lx = left + i * group + group / 2;
    out.push(`<text x="${lx.toFixed(1)}" y="${H - bottom + 16}" text-anchor="middle">${esc(c.label)}</text>`);
  });
  out.push(`<line x1="${left}" x2="${W - right}" y1="${y(0)}" y2="${y(0)}" stroke="#333"/>`);
  const ly = H - 22;
  out.push(`<rect x="${left}" y="${ly - 9}" width="12" height="10" fill="#9bb7d4"/><text x="${left + 16}" y="${ly}">paper (Table 4; comb.: Table 5, 4 × 15 min)</text>`);
  out.push(`<rect x="${left + 300}" y="${ly - 9}" width="12" height="10" fill="#d9822b"/><text x="${left + 316}" y="${ly}">sympath (replay line coverage of terminated paths' tests)</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** Writes table4.md and chart.svg for the runs in `resultsDir`/runs. */
export function writeReport(resultsDir: string, budget: number | undefined, seed: number | undefined, preamble = ''): Summary | null {
  // A results folder of `sympath experiment` has cells/ (its runs/ holds output directories); run.ts's has runs/*.json.
  const runs = existsSync(join(resultsDir, 'cells')) ? loadCells(join(resultsDir, 'cells')) : loadRuns(join(resultsDir, 'runs'));
  if (runs.length === 0) return null;
  // Default: the budget and seed with the most runs.
  const pick = <T>(xs: T[]): T => {
    const counts = new Map<T, number>();
    for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  };
  const b = budget ?? pick(runs.map((r) => r.budget));
  const sd = seed ?? pick(runs.filter((r) => r.budget === b).map((r) => r.seed));
  const s = summarize(runs, b, sd);
  writeFileSync(join(resultsDir, 'table4.md'), `${preamble}${markdown(s)}`);
  writeFileSync(join(resultsDir, 'chart.svg'), svg(s));
  return s;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const dir = resolve(opt('--results') ?? join(ROOT, 'benchmarks', 'results', 'sgs'));
  const s = writeReport(dir, opt('--budget') ? Number(opt('--budget')) : undefined, opt('--seed') ? Number(opt('--seed')) : undefined);
  if (!s) {
    console.error(`no runs in ${join(dir, 'runs')}`);
    process.exit(1);
  }
  console.log(`wrote ${join(dir, 'table4.md')} and ${join(dir, 'chart.svg')} (${s.subjects.length} programs, ${s.budget} s, seed ${s.seed})`);
}
