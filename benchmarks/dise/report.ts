// The DiSE experiment's report: benchmarks/results/dise/table.md (the paper's Table II shape, per pair,
// with the paper's figures beside ours, and regression test selection against the kill ground truth)
// and benchmarks/results/dise/states-pcs.svg, rebuilt from whatever records runs/ holds.
//
//   npx tsx benchmarks/dise/report.ts
//
// The SVG is written by hand (svg.ts): a log-scale dot plot needs ~80 lines, a charting library (vega,
// d3 with jsdom) would be a large dependency for one figure.

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunRecord } from './harness.js';
import type { DebianExtra } from './debian.js';
import { PAPER_TABLE_II } from './paper-table2.js';
import { dotPlot, type PlotRow } from './svg.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESULTS = join(ROOT, 'benchmarks', 'results', 'dise');
const RUNS = join(RESULTS, 'runs');

type Debian = RunRecord & DebianExtra;
type Steps = Partial<Record<RunRecord['step'], Debian>>;

const n = (x: unknown): number => Number(x ?? 0);
const ratio = (a: number, b: number): string => (b > 0 ? (a / b).toFixed(1) : '-');
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const pct = (a: number, b: number): string => (b > 0 ? `${((100 * a) / b).toFixed(0)}%` : 'n/a');

/** The median of the paper's printed times ("<1" stays "<1" when it is the median). */
const paperMedian = (xs: string[]): string => {
  const s = [...xs].sort((a, b) => Number(a.replace('<', '')) - Number(b.replace('<', '')));
  return s[Math.floor((s.length - 1) / 2)]!;
};

function load(): Map<string, Steps> {
  const by = new Map<string, Steps>();
  if (!existsSync(RUNS)) return by;
  for (const f of readdirSync(RUNS).sort()) {
    const r = JSON.parse(readFileSync(join(RUNS, f), 'utf8')) as Debian;
    by.set(r.pair, { ...by.get(r.pair), [r.step]: r });
  }
  return by;
}

const dise = (r?: Debian): Record<string, number | string> | undefined => r?.stats?.pruning?.dise;
/** Paths a budget cut short (partial) or errors, shown so a "full" that did not finish is visible. */
const cut = (r?: Debian): string => {
  const p = r?.stats?.paths;
  return p && p.partial > 0 ? ` (+${p.partial} cut)` : '';
};

function mainTable(pairs: [string, Steps][]): string[] {
  const lines = [
    '| pair | change | changed | impacted (instr + edges) | CPU s DiSE | CPU s full | states DiSE | states full | ratio | PCs DiSE | PCs full | ratio | pruned siblings |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [pair, s] of pairs) {
    const d = dise(s.dise);
    const f = dise(s.full);
    const m = s.dise?.mutant ?? s.full?.mutant ?? s.old?.mutant;
    const change = m ? `${m.operator} l.${m.line} \`${m.original.replace(/\s+/g, ' ').slice(0, 24)}\`→\`${m.replacement.replace(/\s+/g, ' ').slice(0, 12)}\`` : pair.startsWith('debian/') ? 'Debian patch' : 'v1';
    if (!d || !f) {
      const failed = (s.dise && !d) || (s.full && !f);
      const what = failed ? `failed: exit ${s.dise?.exit ?? '-'} / ${s.full?.exit ?? '-'}` : `not complete (the session ended first: ${s.full ? 'full' : ''}${s.dise ? 'dise' : ''}${!s.full && !s.dise ? 'neither' : ''} run)`;
      lines.push(`| ${pair} | ${change.replace(/\|/g, '\\|')} | ${what} |`);
      continue;
    }
    lines.push(
      `| ${pair} | ${change.replace(/\|/g, '\\|')} | ${n(d.changedInstructions)} | ${n(d.impactedInstructions)} + ${n(d.impactedEdges)} | ${s.dise!.cpuSeconds} | ${s.full!.cpuSeconds} | ${n(d.states)}${cut(s.dise)} | ${n(f.states)}${cut(s.full)} | ${ratio(n(f.states), n(d.states))} | ${n(d.affectedPathConditions)} | ${n(f.paths)} | ${ratio(n(f.paths), n(d.affectedPathConditions))} | ${n(d.prunedSiblings)} |`,
    );
  }
  return lines;
}

interface Sel {
  pair: string;
  old: number;
  selected: number;
  truth: number;
  both: number;
  missed: string[];
  ignored: number;
  newTests: number;
}

function selections(pairs: [string, Steps][]): Sel[] {
  const out: Sel[] = [];
  for (const [pair, s] of pairs) {
    if (!s.sel?.selected || !s.truth?.differing) continue;
    const sel = new Set(s.sel.selected);
    const truth = s.truth.differing;
    out.push({ pair, old: n(s.sel.oldTests), selected: sel.size, truth: truth.length, both: truth.filter((t) => sel.has(t)).length, missed: truth.filter((t) => !sel.has(t)), ignored: s.truth.ignored?.length ?? 0, newTests: n(s.sel.newTests) });
  }
  return out;
}

function selectionTable(sels: Sel[]): string[] {
  const lines = [
    '| pair | old tests | selected | behaviour differs (truth) | selected ∩ truth | precision | recall | new tests | ignored (unstable/timeout) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const x of sels) {
    lines.push(`| ${x.pair} | ${x.old} | ${x.selected} | ${x.truth} | ${x.both} | ${pct(x.both, x.selected)} | ${x.truth > 0 ? pct(x.both, x.truth) : 'n/a'}${x.missed.length ? ` **missed ${x.missed.join(', ')}**` : ''} | ${x.newTests} | ${x.ignored} |`);
  }
  return lines;
}

/** One summary row per subject (utility or small program), the paper's artifacts beside. */
function summary(pairs: [string, Steps][], sels: Sel[]): string[] {
  const groups = new Map<string, [string, Steps][]>();
  for (const p of pairs) {
    const g = p[0].split('/').slice(0, 2).join('/');
    groups.set(g, [...(groups.get(g) ?? []), p]);
  }
  const lines = [
    '| subject | pairs | states full (median) | states ratio full/DiSE: min / median / max | PCs ratio: min / median / max | pairs with ratio 1.0 (PCs) | time DiSE / full | test selection: precision / recall (pooled) |',
    '| --- | ---: | ---: | --- | --- | ---: | --- | --- |',
  ];
  const fmt = (xs: number[]): string => (xs.length ? `${Math.min(...xs).toFixed(1)} / ${median(xs).toFixed(1)} / ${Math.max(...xs).toFixed(1)}` : '-');
  for (const [artifact, rows] of Object.entries(PAPER_TABLE_II)) {
    const st = rows.map((r) => r[4] / r[3]);
    const pc = rows.map((r) => r[6] / r[5]);
    lines.push(`| paper: ${artifact} (Java, SPF) | ${rows.length} | ${median(rows.map((r) => r[4]))} | ${fmt(st)} | ${fmt(pc)} | ${pc.filter((x) => x === 1).length} | elapsed s, median: ${paperMedian(rows.map((r) => r[1]))} / ${paperMedian(rows.map((r) => r[2]))} | (Table IX: ASW only, no ground truth) |`);
  }
  for (const [g, rows] of groups) {
    const ok = rows.filter(([, s]) => dise(s.dise) && dise(s.full));
    if (ok.length === 0) continue;
    const st = ok.map(([, s]) => n(dise(s.full)!.states) / Math.max(1, n(dise(s.dise)!.states)));
    const pc = ok.map(([, s]) => n(dise(s.full)!.paths) / Math.max(1, n(dise(s.dise)!.affectedPathConditions)));
    const cpuD = ok.reduce((a, [, s]) => a + s.dise!.cpuSeconds, 0);
    const cpuF = ok.reduce((a, [, s]) => a + s.full!.cpuSeconds, 0);
    const gs = sels.filter((x) => x.pair.startsWith(`${g}/`));
    const both = gs.reduce((a, x) => a + x.both, 0);
    const selected = gs.reduce((a, x) => a + x.selected, 0);
    const truth = gs.reduce((a, x) => a + x.truth, 0);
    lines.push(
      `| ours: ${g} | ${ok.length}${ok.length < rows.length ? ` (+${rows.length - ok.length} not complete)` : ''} | ${median(ok.map(([, s]) => n(dise(s.full)!.states)))} | ${fmt(st)} | ${fmt(pc)} | ${pc.filter((x) => x === 1).length} | CPU s, sum: ${cpuD.toFixed(0)} / ${cpuF.toFixed(0)} | ${gs.length ? `${pct(both, selected)} / ${truth ? pct(both, truth) : 'n/a'} (${gs.length} pairs)` : '-'} |`,
    );
  }
  return lines;
}

function debianTable(pairs: [string, Steps][]): string[] {
  const lines = [
    '| pair (inputs) | changed lines NEW / OLD | impact stages: changed, forward, backward control, backward data (instructions of the whole module) | impacted nodes of the program: instr + edges | states DiSE / full | affected PCs DiSE / full (paths) | affected PCs executing a changed line: DiSE / full | CPU s DiSE / full |',
    '| --- | --- | --- | ---: | --- | --- | --- | --- |',
  ];
  const ranges = (xs: number[] | undefined): string => {
    if (!xs || xs.length === 0) return '-';
    const out: string[] = [];
    let a = xs[0]!;
    let b = a;
    for (const x of [...xs.slice(1), NaN]) {
      if (x === b + 1) b = x;
      else {
        out.push(a === b ? `${a}` : `${a}-${b}`);
        a = b = x;
      }
    }
    return out.join(',');
  };
  for (const [pair, s] of pairs.filter(([p]) => p.startsWith('debian/'))) {
    const d = dise(s.dise);
    const f = dise(s.full);
    const args = (s.dise?.args ?? []).slice((s.dise?.args ?? []).findIndex((a) => a.endsWith('.bc') && !(s.dise?.args ?? [])[(s.dise?.args ?? []).indexOf(a) - 1]?.startsWith('--base')) + 1).join(' ');
    const st = s.dise?.stages;
    lines.push(
      `| ${pair} (\`${args}\`) | ${ranges(s.dise?.changedLines?.new)} / ${ranges(s.dise?.changedLines?.old)} | ${st ? `${st.changed}, ${st.forward}, ${st.backwardControl}, ${st.backwardData}` : '-'} | ${s.dise?.impactSet ?? '-'} + ${s.dise?.impactedEdges ?? '-'} | ${d ? n(d.states) : 'failed'}${cut(s.dise)} / ${f ? n(f.states) : 'failed'}${cut(s.full)} | ${d ? n(d.affectedPathConditions) : '-'} / ${f ? `${n(f.affectedPathConditions)} (${n(f.paths)})` : '-'} | ${s.dise?.onChangedLines ?? '-'} / ${s.full?.onChangedLines ?? '-'} | ${s.dise?.cpuSeconds ?? '-'} / ${s.full?.cpuSeconds ?? '-'} |`,
    );
  }
  return lines;
}

function main(): void {
  const all = [...load().entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
  const mutantPairs = all.filter(([p]) => !p.startsWith('debian/'));
  const sels = selections(mutantPairs);
  const md = [
    '# DiSE experiment: tables (generated by `npx tsx benchmarks/dise/report.ts`; do not edit)',
    '',
    '## Summary, the paper\'s Table II beside ours',
    '',
    'Ratios are full / DiSE per pair. The paper\'s time is SPF\'s elapsed seconds; ours is CPU seconds of the whole `sympath run` (compiling, impact analysis, Node and Z3 start included).',
    '',
    ...summary(mutantPairs, sels),
    '',
    '## Per pair (Table II shape)',
    '',
    'OLD = mutant, NEW = original. "Full" = `sympath run --base OLD --no-dise NEW` (exhaustive DFS: its PCs are all its paths); DiSE = `--base OLD` (its PCs are the affected path conditions). "(+k cut)": paths a budget stopped.',
    '',
    ...mainTable(mutantPairs),
    '',
    '## Regression test selection against the ground truth',
    '',
    'Old tests: an exhaustive DFS run of OLD. Selected: DiSE with `--base-tests` (test-selection.json). Truth: `sympath kill` on those tests with OLD as the one mutant — the tests whose native stdout or exit status differs between OLD and NEW. Precision = selected ∩ truth / selected; recall = selected ∩ truth / truth (n/a when no test differs).',
    '',
    ...selectionTable(sels),
    '',
    '## Debian-patch pairs (OLD = upstream, NEW = Debian\'s patched source)',
    '',
    ...debianTable(all),
    '',
  ];
  writeFileSync(join(RESULTS, 'table.md'), `${md.join('\n')}\n`);
  const plot: PlotRow[] = all
    .filter(([, s]) => dise(s.dise) && dise(s.full))
    .map(([p, s]) => ({ label: p, fullStates: n(dise(s.full)!.states), diseStates: n(dise(s.dise)!.states), fullPcs: n(dise(s.full)!.paths), disePcs: n(dise(s.dise)!.affectedPathConditions) }));
  writeFileSync(join(RESULTS, 'states-pcs.svg'), dotPlot(plot));
}

main();
