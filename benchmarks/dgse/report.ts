// The DGSE experiment's report (benchmarks/results/dgse/README.md, paths.svg, time.svg): the paper's
// Tables 5 (paths), 6 (time) and 7 (solver) in shape, for our subjects, with the paper's own tables
// beside them (different subjects: side by side, not merged), every row saying whether an error site was
// lost; the ablation without interactive dependence; two hand-made SVG charts.
//
//   npx tsx benchmarks/dgse/report.ts      (the same as harness.ts --report-only)

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEAN_CONSTRAINTS, paperTable10, paperTable5, paperTable6, paperTable7 } from './paper.js';
import { COREUTILS, COREUTILS_SIZES, ROOT, SUBJECTS, type Group, type RunRecord, type Subject } from './subjects.js';

const fmt = (x: number, d = 2): string => (Number.isFinite(x) ? x.toFixed(d) : '–');
const pct = (a: number, b: number): string => (b > 0 ? `${((100 * a) / b).toFixed(2)}%` : a === 0 ? '–' : '∞');
const ratio = (a: number, b: number): number => (b > 0 ? a / b : NaN);
const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const gmean = (xs: number[]): number => (xs.length ? Math.exp(mean(xs.map(Math.log))) : NaN);
const num = (x: unknown): number => (typeof x === 'number' ? x : NaN);

const GROUPS: { group: Group; title: string }[] = [
  { group: 'fig4', title: "The paper's Fig. 4 family (N independent if/else blocks)" },
  { group: 'paper', title: "The paper's Fig. 2 and Fig. 5" },
  { group: 'small', title: 'Small programs (benchmarks/pse/programs, benchmarks/sgs/subjects)' },
  { group: 'planted', title: 'Planted errors (test/fixtures/symbolic/err_*.c, test/fixtures/pse/traps/*.c)' },
  { group: 'coreutils', title: 'GNU Coreutils 9.1 (musl, --posix-runtime)' },
];

/** One subject's runs. */
interface Row {
  s: Subject;
  dfs?: RunRecord;
  concolic?: RunRecord;
  dgse?: RunRecord;
  check?: RunRecord;
  noInteractive?: RunRecord;
  startup?: RunRecord;
}

function rowsOf(records: RunRecord[]): Row[] {
  const by = new Map(records.map((r) => [`${r.subject}/${r.config}`, r]));
  const ok = (r: RunRecord | undefined): RunRecord | undefined => (r && r.failure === undefined ? r : undefined);
  return SUBJECTS.map((s) => ({
    s,
    dfs: ok(by.get(`${s.name}/dfs`)),
    concolic: ok(by.get(`${s.name}/concolic`)),
    dgse: ok(by.get(`${s.name}/dgse`)),
    check: by.get(`${s.name}/dgse-check`),
    noInteractive: ok(by.get(`${s.name}/dgse-no-interactive`)),
    startup: ok(by.get(`${s.name}/startup`)),
  })).filter((r) => r.dgse !== undefined);
}

const explored = (r: RunRecord): number => r.paths.completed + r.paths.errors + r.paths.partial + r.paths.pruned;
const executed = (r: RunRecord): number => num(r.driver?.executedPaths);
const infeasible = (r: RunRecord): number => num(r.driver?.tasksInfeasible);
const halted = (r: RunRecord | undefined): boolean => r === undefined || r.haltReason !== null;
const cut = (r: RunRecord | undefined, v: string): string => (r === undefined ? '' : r.haltReason ? `>${v}` : v);

/** Error sites of the exhaustive runs DGSE did not reach ('model' errors excluded: a forking-engine bound
 *  a concolic run never meets), and check-pruning.json's verdict. */
function lost(row: Row, run: RunRecord | undefined = row.dgse): string {
  if (!run) return '';
  const parts: string[] = [];
  const have = new Set(run.errors);
  const missing = new Set<string>();
  let compared = 0;
  for (const base of [row.dfs, row.concolic]) {
    if (!base || base.haltReason) continue;
    compared++;
    for (const e of base.errors) if (!e.startsWith('model@') && !have.has(e)) missing.add(e);
  }
  if (run.haltReason) parts.push(`DGSE cut (${run.haltReason})`);
  if (compared === 0) parts.push('no finished exhaustive run');
  else if (missing.size > 0) parts.push(`**LOST ${[...missing].join(', ')}**`);
  if (run === row.dgse && row.check) {
    const c = row.check.checkPruning;
    if (!c) parts.push(`check-pruning: ${row.check.failure ? 'failed' : 'no result'}`);
    else if (c.baselineHalted) parts.push(`check-pruning: baseline cut (${c.baselineHalted})`);
    else if (c.lostErrors.length > 0) parts.push(`**check-pruning LOST ${c.lostErrors.join(', ')}**`);
    if (c && c.lostLines.length > 0) parts.push(`${c.lostLines.length} lines not covered`);
  }
  if (run === row.dgse && !row.check && row.dfs && !row.dfs.haltReason) {
    // No check-pruning run (Coreutils): stats.json gives the number of covered lines only.
    const fewer = row.dfs.linesCovered - run.linesCovered;
    parts.push(fewer > 0 ? `${fewer} fewer lines covered than DFS` : `lines covered: ${run.linesCovered}, as DFS`);
  }
  if (parts.length === 0 || (compared > 0 && missing.size === 0 && !parts.some((p) => p.includes('LOST')))) {
    const sites = [...new Set([...(row.dfs?.errors ?? []), ...(row.concolic?.errors ?? [])].filter((e) => !e.startsWith('model@')))].length;
    parts.unshift(`none (${sites} site${sites === 1 ? '' : 's'})`);
  }
  return parts.join('; ');
}

function isLost(row: Row): boolean {
  return lost(row).includes('LOST');
}

// ---------------------------------------------------------------------------------------------------
// Tables

function table5(rows: Row[]): string[] {
  const out = [
    '| Subject | Input | Feasible DGSE | concolic | Ratio | Infeasible DGSE | concolic | Ratio | Total DGSE | concolic | Ratio | Paths DFS | DGSE/DFS | Errors lost |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const d = r.dgse!;
    const c = r.concolic;
    const fd = executed(d);
    const idd = infeasible(d);
    const fc = c ? executed(c) : NaN;
    const ic = c ? infeasible(c) : NaN;
    const dfs = r.dfs ? explored(r.dfs) : NaN;
    out.push(
      `| ${r.s.name} | ${r.s.input} | ${cut(d, String(fd))} | ${cut(c, String(fc))} | ${c ? pct(fd, fc) : ''} | ${cut(d, String(idd))} | ${cut(c, String(ic))} | ${c ? pct(idd, ic) : ''} | ${cut(d, String(fd + idd))} | ${cut(c, String(fc + ic))} | ${c ? pct(fd + idd, fc + ic) : ''} | ${cut(r.dfs, String(dfs))} | ${r.dfs ? pct(fd, dfs) : ''} | ${lost(r)} |`,
    );
  }
  return out;
}

/** DGSE's CPU seconds split as its in-process (wall-clock) timers split its exploration. */
function breakdown(r: Row): { startup: number; statics: number; dynamic: number; solving: number; execution: number; total: number } {
  const d = r.dgse!;
  const startup = r.startup?.cpuSeconds ?? 0;
  const explore = Math.max(0, d.cpuSeconds - startup);
  const wall = d.exploreSeconds > 0 ? d.exploreSeconds : 1;
  const share = (k: string): number => (Number.isFinite(num(d.driver?.[k])) ? Math.min(1, num(d.driver?.[k]) / wall) : 0);
  const statics = share('staticAnalysisSeconds') * explore;
  const dynamic = share('dynamicDependenceSeconds') * explore;
  const solving = share('solvingSeconds') * explore;
  const execution = Math.max(0, explore - statics - dynamic - solving);
  return { startup, statics, dynamic, solving, execution, total: d.cpuSeconds };
}

function table6(rows: Row[]): string[] {
  const out = [
    '| Subject | Start-up | DGSE overhead (static + dynamic dep.) | DGSE SE | DGSE total | concolic total | Speedup vs concolic | DFS total | Speedup vs DFS | Speedup net of start-up (concolic / DFS) | Errors lost |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const b = breakdown(r);
    const c = r.concolic;
    const f = r.dfs;
    // Net of start-up only where DGSE's own part is measurable (≥ 0.5 CPU s): below, the noise of two
    // process start-ups is of the order of what remains.
    const net = (x: RunRecord | undefined): string => (x && r.startup && b.total - b.startup >= 0.5 ? fmt(ratio(x.cpuSeconds - b.startup, b.total - b.startup)) : '–');
    out.push(
      `| ${r.s.name} | ${r.startup ? fmt(b.startup, 1) : '–'} | ${fmt(b.statics + b.dynamic)} (${fmt(b.statics)} + ${fmt(b.dynamic)}) | ${fmt(b.solving + b.execution)} | ${cut(r.dgse, fmt(b.total))} | ${cut(c, c ? fmt(c.cpuSeconds) : '')} | ${c ? fmt(ratio(c.cpuSeconds, b.total)) : ''} | ${cut(f, f ? fmt(f.cpuSeconds) : '')} | ${f ? fmt(ratio(f.cpuSeconds, b.total)) : ''} | ${net(c)} / ${net(f)} | ${lost(r)} |`,
    );
  }
  return out;
}

function table7(rows: Row[]): string[] {
  const out = [
    '| Subject | Calls DGSE | concolic | Ratio | Solver s DGSE | concolic | Speedup | Sat s DGSE | concolic | Unsat s DGSE | concolic | Constraints/query DGSE | concolic | DFS queries (to Z3) | DFS solver s | Errors lost |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const d = r.dgse!.driver!;
    const c = r.concolic?.driver;
    const sd = num(d.solvingSeconds);
    const sc = c ? num(c.solvingSeconds) : NaN;
    out.push(
      `| ${r.s.name} | ${d.solverCalls} | ${c?.solverCalls ?? ''} | ${c ? pct(num(d.solverCalls), num(c.solverCalls)) : ''} | ${fmt(sd)} | ${c ? fmt(sc) : ''} | ${c ? fmt(ratio(sc, sd)) : ''} | ${fmt(num(d.satSeconds))} | ${c ? fmt(num(c.satSeconds)) : ''} | ${fmt(num(d.unsatSeconds))} | ${c ? fmt(num(c.unsatSeconds)) : ''} | ${fmt(num(d.meanConstraintsPerQuery))} | ${c ? fmt(num(c.meanConstraintsPerQuery)) : ''} | ${r.dfs ? `${r.dfs.solver.queries} (${r.dfs.solver.z3Queries})` : ''} | ${r.dfs ? fmt(r.dfs.solver.seconds) : ''} | ${lost(r)} |`,
    );
  }
  return out;
}

function ablation(rows: Row[]): string[] {
  const out = [
    '| Subject | Paths DGSE (all four) | without interactive | concolic | Infeasible (all / without) | CPU s (all / without) | Error sites (exhaustive) | Lost with all four | Lost without interactive |',
    '|---|---:|---:|---:|---|---|---:|---|---|',
  ];
  for (const r of rows) {
    const n = r.noInteractive;
    if (!n) continue;
    const sites = [...new Set([...(r.dfs?.errors ?? []), ...(r.concolic?.errors ?? [])].filter((e) => !e.startsWith('model@')))].length;
    out.push(
      `| ${r.s.name} | ${executed(r.dgse!)} | ${executed(n)} | ${r.concolic ? executed(r.concolic) : ''} | ${infeasible(r.dgse!)} / ${infeasible(n)} | ${fmt(r.dgse!.cpuSeconds, 1)} / ${fmt(n.cpuSeconds, 1)} | ${sites} | ${lost(r)} | ${lost(r, n)} |`,
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// SVG

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** Paths per subject on a log scale: DGSE (executed + infeasible), concolic (the same), forking DFS. */
function pathsChart(rows: Row[]): string {
  const series = [
    { label: 'DGSE (executed + infeasible)', color: '#d0793a', v: (r: Row) => executed(r.dgse!) + infeasible(r.dgse!), cut: (r: Row) => halted(r.dgse) },
    { label: 'concolic (executed + infeasible)', color: '#3b6ea8', v: (r: Row) => (r.concolic ? executed(r.concolic) + infeasible(r.concolic) : NaN), cut: (r: Row) => halted(r.concolic) },
    { label: 'forking DFS (paths)', color: '#4a9a5b', v: (r: Row) => (r.dfs ? explored(r.dfs) : NaN), cut: (r: Row) => halted(r.dfs) },
  ];
  const left = 190;
  const width = 820;
  const plotW = width - left - 30;
  const barH = 5;
  const groupH = series.length * barH + 5;
  const top = 50;
  const height = top + rows.length * groupH + 50;
  const hi = Math.max(10, ...rows.flatMap((r) => series.map((s) => s.v(r))).filter(Number.isFinite)) * 1.5;
  const x = (v: number): number => Math.round(10 * (left + (plotW * Math.log10(Math.max(v, 1))) / Math.log10(hi))) / 10;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="10">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${left}" y="16" font-size="14" font-weight="bold">Paths, DGSE vs exhaustive search (log scale; hatched: cut by the budget)</text>`,
    '<defs><pattern id="h" width="4" height="4" patternUnits="userSpaceOnUse"><path d="M0,4 l4,-4" stroke="white" stroke-width="1"/></pattern></defs>',
  ];
  series.forEach((s, i) => out.push(`<rect x="${left + i * 210}" y="26" width="10" height="10" fill="${s.color}"/><text x="${left + i * 210 + 14}" y="35">${esc(s.label)}</text>`));
  for (let t = 1; t <= hi; t *= 10) {
    out.push(`<line x1="${x(t)}" y1="${top - 4}" x2="${x(t)}" y2="${height - 40}" stroke="#ddd"/><text x="${x(t)}" y="${height - 26}" text-anchor="middle">${t >= 1000 ? `10^${Math.round(Math.log10(t))}` : t}</text>`);
  }
  rows.forEach((r, gi) => {
    const y0 = top + gi * groupH;
    out.push(`<text x="${left - 6}" y="${y0 + groupH / 2 + 2}" text-anchor="end" fill="${isLost(r) ? '#c0392b' : '#000'}">${esc(r.s.name)}</text>`);
    series.forEach((s, i) => {
      const v = s.v(r);
      if (!Number.isFinite(v)) return;
      const w = Math.max(1, x(v) - left);
      out.push(`<rect x="${left}" y="${y0 + i * barH}" width="${w}" height="${barH - 1}" fill="${s.color}"><title>${esc(`${r.s.name}: ${s.label} ${v}${s.cut(r) ? ' (cut)' : ''}`)}</title></rect>`);
      if (s.cut(r)) out.push(`<rect x="${left}" y="${y0 + i * barH}" width="${w}" height="${barH - 1}" fill="url(#h)"/>`);
    });
  });
  out.push(`<text x="${left + plotW / 2}" y="${height - 8}" text-anchor="middle">paths (log scale)</text>`, '</svg>');
  return out.join('\n');
}

/** DGSE's CPU time split (start-up, static analysis, dynamic dependence, solving, execution), relative
 *  to the concolic driver's CPU time (1 = exhaustive concolic), with DFS's as a mark. */
function timeChart(rows: Row[]): string {
  const parts = [
    { key: 'startup' as const, label: 'start-up', color: '#bbbbbb' },
    { key: 'statics' as const, label: 'static analysis', color: '#c0392b' },
    { key: 'dynamic' as const, label: 'dynamic dependence + tasks', color: '#d0793a' },
    { key: 'solving' as const, label: 'solving', color: '#8e44ad' },
    { key: 'execution' as const, label: 'concolic execution + rest', color: '#3b6ea8' },
  ];
  // Subjects with a start-up run only (not the planted errors): without one the split would spread the
  // process start over the exploration's shares.
  const rs = rows.filter((r) => r.concolic && r.startup);
  const left = 190;
  const width = 820;
  const plotW = width - left - 30;
  const barH = 10;
  const groupH = barH + 5;
  const top = 64;
  const height = top + rs.length * groupH + 50;
  const hi = Math.min(8, Math.max(2, ...rs.map((r) => ratio(r.dgse!.cpuSeconds, r.concolic!.cpuSeconds)).filter(Number.isFinite)) * 1.05);
  const x = (v: number): number => Math.round(10 * (left + (plotW * Math.min(v, hi)) / hi)) / 10;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="10">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${left}" y="16" font-size="14" font-weight="bold">DGSE's CPU time, relative to the concolic driver's (1 = exhaustive)</text>`,
  ];
  parts.forEach((p, i) => out.push(`<rect x="${left + (i % 3) * 200}" y="${26 + Math.floor(i / 3) * 14}" width="10" height="10" fill="${p.color}"/><text x="${left + (i % 3) * 200 + 14}" y="${35 + Math.floor(i / 3) * 14}">${esc(p.label)}</text>`));
  out.push(`<line x1="${left + 400}" y1="45" x2="${left + 400}" y2="55" stroke="#4a9a5b" stroke-width="3"/><text x="${left + 406}" y="53">forking DFS</text>`);
  for (let t = 0; t <= hi; t += hi > 4 ? 1 : 0.5) {
    out.push(`<line x1="${x(t)}" y1="${top - 4}" x2="${x(t)}" y2="${height - 40}" stroke="${t === 1 ? '#444' : '#ddd'}"/><text x="${x(t)}" y="${height - 26}" text-anchor="middle">${t}</text>`);
  }
  rs.forEach((r, gi) => {
    const y0 = top + gi * groupH;
    const base = r.concolic!.cpuSeconds;
    const b = breakdown(r);
    out.push(`<text x="${left - 6}" y="${y0 + barH - 1}" text-anchor="end">${esc(r.s.name)}</text>`);
    let acc = 0;
    for (const p of parts) {
      const v = b[p.key] / base;
      out.push(`<rect x="${x(acc)}" y="${y0}" width="${Math.max(0, x(acc + v) - x(acc))}" height="${barH}" fill="${p.color}"><title>${esc(`${r.s.name}: ${p.label} ${fmt(b[p.key])} CPU s`)}</title></rect>`);
      acc += v;
    }
    if (acc > hi) out.push(`<text x="${x(hi) - 2}" y="${y0 + barH - 1}" text-anchor="end" fill="white">${fmt(acc, 1)}×</text>`);
    if (r.dfs) {
      const xd = x(r.dfs.cpuSeconds / base);
      out.push(`<line x1="${xd}" y1="${y0 - 1}" x2="${xd}" y2="${y0 + barH + 1}" stroke="#4a9a5b" stroke-width="3"><title>${esc(`${r.s.name}: DFS ${fmt(r.dfs.cpuSeconds)} CPU s`)}</title></line>`);
    }
  });
  out.push(`<text x="${left + plotW / 2}" y="${height - 8}" text-anchor="middle">CPU seconds / the concolic driver's CPU seconds (clipped at ${fmt(hi, 1)})</text>`, '</svg>');
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// The page

function summary(rows: Row[]): string[] {
  const fin = rows.filter((r) => r.concolic && !halted(r.dgse) && !halted(r.concolic));
  const pathRatios = fin.map((r) => ratio(executed(r.dgse!) + infeasible(r.dgse!), executed(r.concolic!) + infeasible(r.concolic!)));
  const feasRatios = fin.map((r) => ratio(executed(r.dgse!), executed(r.concolic!)));
  const speed = fin.map((r) => ratio(r.concolic!.cpuSeconds, r.dgse!.cpuSeconds));
  const finDfs = rows.filter((r) => r.dfs && !halted(r.dgse) && !halted(r.dfs));
  const speedDfs = finDfs.map((r) => ratio(r.dfs!.cpuSeconds, r.dgse!.cpuSeconds));
  const lostRows = rows.filter(isLost);
  const fewer = fin.filter((r) => executed(r.dgse!) < executed(r.concolic!));
  const halfOrLess = fin.filter((r) => executed(r.dgse!) + infeasible(r.dgse!) <= 0.5 * (executed(r.concolic!) + infeasible(r.concolic!)));
  const fasterWhereHalf = halfOrLess.filter((r) => r.dgse!.cpuSeconds < r.concolic!.cpuSeconds);
  const fasterThanDfsWhereHalf = halfOrLess.filter((r) => r.dfs && r.dgse!.cpuSeconds < r.dfs.cpuSeconds);
  const range = (xs: number[], d = 2): string => (xs.length ? `${fmt(Math.min(...xs), d)}–${fmt(Math.max(...xs), d)}` : '–');
  return [
    `- Subjects where DGSE and the concolic driver both finished: ${fin.length} of ${rows.length}.`,
    `- Paths (executed + infeasible), DGSE / concolic: ${range(pathRatios.map((x) => 100 * x))}% (geometric mean ${fmt(100 * gmean(pathRatios.filter((x) => x > 0)), 1)}%); feasible paths alone ${range(feasRatios.map((x) => 100 * x))}%. DGSE executed fewer paths on ${fewer.length} subjects, at most half of the tasks on ${halfOrLess.length}. (Paper: 6.96%–96.57% of SPF's paths.)`,
    `- CPU speedup (exhaustive / DGSE, whole process): vs concolic ${range(speed)} (geometric mean ${fmt(gmean(speed))}), vs forking DFS ${range(speedDfs)} (geometric mean ${fmt(gmean(speedDfs))}). (Paper: 1.02–49.56 against SPF.)`,
    `- Where DGSE ran at most half the paths (${halfOrLess.length} subjects) it was faster than the concolic driver on ${fasterWhereHalf.length} and faster than forking DFS on ${fasterThanDfsWhereHalf.length} (the issue's target: below exhaustive search's time wherever it runs fewer than half the paths).`,
    `- Error sites lost by full DGSE: ${lostRows.length === 0 ? 'none, on every subject' : `**on ${lostRows.map((r) => r.s.name).join(', ')}**`}.`,
  ];
}

/** Per group: how many subjects, the path ratio and speedups (range and geometric mean), losses. */
function groupSummary(rows: Row[]): string[] {
  const out = [
    '| Group | Subjects | Both finished | Paths DGSE / concolic: range (geo. mean) | CPU speedup vs concolic: range (geo. mean) | vs forking DFS: range (geo. mean) | Subjects with a lost error site |',
    '|---|---:|---:|---|---|---|---|',
  ];
  const rg = (xs: number[], scale = 1, unit = ''): string =>
    xs.length ? `${fmt(scale * Math.min(...xs))}–${fmt(scale * Math.max(...xs))}${unit} (${fmt(scale * gmean(xs.filter((x) => x > 0)))}${unit})` : '–';
  for (const { group } of GROUPS) {
    const rs = rows.filter((r) => r.s.group === group);
    if (rs.length === 0) continue;
    const fin = rs.filter((r) => r.concolic && !halted(r.dgse) && !halted(r.concolic));
    const finDfs = rs.filter((r) => r.dfs && !halted(r.dgse) && !halted(r.dfs));
    const lostRows = rs.filter(isLost);
    out.push(
      `| ${group} | ${rs.length} | ${fin.length} | ${rg(fin.map((r) => ratio(executed(r.dgse!) + infeasible(r.dgse!), executed(r.concolic!) + infeasible(r.concolic!))), 100, '%')} | ${rg(fin.map((r) => ratio(r.concolic!.cpuSeconds, r.dgse!.cpuSeconds)))} | ${rg(finDfs.map((r) => ratio(r.dfs!.cpuSeconds, r.dgse!.cpuSeconds)))} | ${lostRows.length ? lostRows.map((r) => r.s.name).join(', ') : 'none'} |`,
    );
  }
  return out;
}

function coreutilsSizes(): string[] {
  const by = new Map<string, string[]>();
  for (const [u, sizes] of Object.entries(COREUTILS)) for (const s of sizes) by.set(s, [...(by.get(s) ?? []), u]);
  return [...by].map(([s, us]) => `- \`${COREUTILS_SIZES[s]!.join(' ')}\` (suffix \`-${s}\`): ${us.join(', ')}`);
}

/** Writes README.md, paths.svg and time.svg into `dir`; returns the file names. */
export function writeReport(dir: string, records: RunRecord[], notes: string[] = readNotes(dir)): string[] {
  const rows = rowsOf(records);
  writeFileSync(join(dir, 'paths.svg'), pathsChart(rows));
  writeFileSync(join(dir, 'time.svg'), timeChart(rows));
  const commits = [...new Set(records.map((r) => r.commit ?? '?'))].join(', ');
  const failed = records.filter((r) => r.failure !== undefined);
  const byGroup = (f: (rs: Row[]) => string[]): string[] =>
    GROUPS.flatMap(({ group, title }) => {
      const rs = rows.filter((r) => r.s.group === group);
      return rs.length ? [`**${title}**`, '', ...f(rs), ''] : [];
    });
  const md = [
    '# DGSE experiment: dependence-guided symbolic execution against exhaustive search',
    '',
    'Issue 15, "Experiment". The paper: Wang et al., "Dependence Guided Symbolic Execution", TSE',
    '(`../../../../shared/papers/dgse-dependence-guided-symbolic-execution.txt`); its Tables 5, 6 and 7 in',
    'shape, for our subjects, with its own tables beside (different subjects and a different tool: side',
    'by side, not merged).',
    '',
    '```',
    'nice -n 10 npx tsx benchmarks/dgse/harness.ts -j 2 --max-time 300     # all runs (resumable), then this page',
    'npx tsx benchmarks/dgse/harness.ts --report-only                      # this page from runs/',
    '```',
    '',
    '## Summary',
    '',
    ...summary(rows),
    '',
    ...groupSummary(rows),
    '',
    ...notes,
    '',
    '## Table 5 shape: explored paths',
    '',
    "\"Feasible\" = paths the driver executed (`driver.executedPaths`), \"infeasible\" = tasks whose (relevant) path",
    "condition was unsatisfiable (`driver.tasksInfeasible`, the paper's infeasible paths); ratios are DGSE /",
    'exhaustive as in the paper. The exhaustive baseline in the paper\'s sense is the concolic driver (the',
    'same executor and solver path as DGSE, every branch negated); the forking DFS never tries an',
    'infeasible path (it asks the solver at each fork), its paths are given beside. `>n`: cut by the budget.',
    '',
    ...byGroup(table5),
    '![paths](paths.svg)',
    '',
    '### The paper\'s Table 5 (SPF vs DGSE on SPF, Java)',
    '',
    ...paperTable5(),
    '',
    '## Table 6 shape: time (CPU seconds)',
    '',
    'Every figure is CPU seconds (user + system) of the whole `sympath run` process and its children',
    '(clang-19, llvm-link, the native Z3 process) from GNU time; wall time on this shared 2-core machine is',
    'not a measure. "Start-up" is the same command with `--search dfs --max-instructions 1` (compile, link,',
    'parse, solver start): every configuration pays it, and it dominates the small subjects. DGSE\'s',
    'overhead (static analysis: control, data, potential and interactive dependence; dynamic dependence:',
    'the trace\'s dependence graph and the tasks built from it) and SE (concolic execution and solving) are',
    "the driver's in-process timers (wall clock) as shares of its exploration, applied to its CPU seconds net",
    'of start-up. Speedup = exhaustive CPU / DGSE CPU (>1: DGSE faster); the last column removes start-up',
    'from both. The planted-error programs had no start-up run: their split is over the whole process (so',
    "it overstates every part of DGSE's exploration), and they are not in the chart.",
    '',
    ...byGroup(table6),
    '![time](time.svg)',
    '',
    "### The paper's Table 6 (seconds)",
    '',
    ...paperTable6(),
    '',
    '## Table 7 shape: the solver',
    '',
    "Solver calls are the drivers' own queries (one per popped task: DGSE solves a task's relevant path",
    'condition, the concolic driver the whole prefix plus the negation); solver seconds are their sat and',
    'unsat answers (in-process wall clock around each query); constraints/query is the mean number of',
    "constraints per query. The forking DFS asks differently (one query per symbolic fork and more): its",
    'counts (all queries, and those that reached Z3 past the caches) are beside, not compared.',
    '',
    ...byGroup(table7),
    "### The paper's Table 7",
    '',
    ...paperTable7(),
    '',
    `The paper gives one mean-constraints-per-query figure: ${MEAN_CONSTRAINTS.dgse} (DGSE) against ${MEAN_CONSTRAINTS.spf} (SPF) on ${MEAN_CONSTRAINTS.subject}.`,
    '',
    '## Ablation: DGSE without interactive dependence',
    '',
    '`--dgse-dependences control,data,potential` on the non-Coreutils subjects. The paper\'s Table 4: from its first input',
    '(2, 0, 1), Fig. 2 loses its division by zero without interactive dependence (row `fig2`); from all-zero',
    'bytes (row `fig2-zero-input`) the four paths it runs without interactive dependence happen to include the',
    'division by zero: whether the error is lost depends on the first input.',
    '',
    ...ablation(rows),
    '',
    '## Benchmark: per-path overhead (`npm run bench:dgse`)',
    '',
    'Output of `nice -n 10 npm run bench:dgse` (benchmarks/dgse.bench.ts; `bench.txt`), µs of process CPU per trace event:',
    '',
    '```',
    ...readLines(join(dir, 'bench.txt')),
    '```',
    '',
    '## Table 10 (mutation kill rates)',
    '',
    // Written by hand from `bash benchmarks/dgse/table10.sh` (mutate + kill per subject): table10.md.
    ...readLines(join(dir, 'table10.md')),
    '',
    "The paper's Table 10, for comparison:",
    '',
    ...paperTable10(),
    '',
    '## Runs',
    '',
    `Commits of the runs: ${commits}. Records: \`runs/<subject>/<config>.json\` (${records.length} runs${failed.length ? `, ${failed.length} failed: ${failed.map((r) => `${r.subject}/${r.config}`).join(', ')}` : ''}), each with its exact \`sympath run\` command (\`command\`), exit code, CPU seconds, peak RSS, stats.json's counts and driver section, error sites, halt reason, and for \`dgse-check\` check-pruning.json.`,
    '',
    'Coreutils inputs:',
    '',
    ...coreutilsSizes(),
    '',
  ];
  writeFileSync(join(dir, 'README.md'), md.join('\n'));
  return ['README.md', 'paths.svg', 'time.svg'];
}

function readLines(f: string): string[] {
  return existsSync(f) ? readFileSync(f, 'utf8').trimEnd().split('\n') : ['(not run yet)'];
}

/** Hand-written notes kept across regenerations: NOTES.md beside the report, if present. */
function readNotes(dir: string): string[] {
  const f = join(dir, 'NOTES.md');
  return existsSync(f) ? readLines(f) : [];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = join(ROOT, 'benchmarks', 'results', 'dgse');
  const runs = join(dir, 'runs');
  const records: RunRecord[] = [];
  for (const s of existsSync(runs) ? readdirSync(runs) : []) for (const f of readdirSync(join(runs, s))) if (f.endsWith('.json')) records.push(JSON.parse(readFileSync(join(runs, s, f), 'utf8')) as RunRecord);
  process.stderr.write(`report: ${writeReport(dir, records).join(', ')}\n`);
}
