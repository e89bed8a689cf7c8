// The PESO experiment's Coreutils rows (coreutils.sh) and mutant studies (mutants.sh) as Markdown
// (printed) and SVG (written to benchmarks/results/peso/*.svg). The SVG bar charts are generated here
// by hand: three grouped bar charts need no charting library, and plain strings keep them stable.
//   node benchmarks/peso/studies-report.mjs > benchmarks/results/peso/studies.md
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const RES = new URL('../results/peso/', import.meta.url).pathname;
const readJson = (f) => JSON.parse(readFileSync(f, 'utf8'));
const f2 = (x) => (x === null || x === undefined || Number.isNaN(x) ? '–' : x.toFixed(2));
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const median = (xs) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const out = [];

// ---- Coreutils rows of Table IV ----
const coreDir = join(RES, 'coreutils');
const core = new Map();
if (existsSync(coreDir)) {
  for (const f of readdirSync(coreDir).filter((n) => n.endsWith('.json')).sort()) {
    const r = readJson(join(coreDir, f));
    if (!core.has(r.util)) core.set(r.util, {});
    core.get(r.util)[r.mode] = r;
  }
}
const coreRows = [];
out.push('### Coreutils 9.1 (musl, POSIX model; criterion stdout,exit)', '');
out.push(
  '| utility | symbolic input | paths (exhaustive) | partitions (exhaustive) | PESO executions | PESO partitions | RSC coverage | tests PESO / exh. | solver calls PESO / exh. | mean formula bytes PESO / exh. | CPU s PESO / exh. |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
);
for (const [u, m] of core) {
  const p = m.peso;
  const e = m.exhaustive;
  if (!p?.driver || !e?.driver) continue;
  const halted = (r) => (r.haltReason && r.haltReason !== 'all paths explored' ? ` (${r.haltReason})` : '');
  // RSC coverage as the paper defines it: distinct relevant-slice conditions (the key before ' => ')
  // PESO found among the exhaustive run's. Whole partitions (RSC and output) are matched as well: a
  // printed byte the RSC leaves open is the test's concrete value, so the same RSC can print another.
  const rscOf = (k) => k.slice(0, k.lastIndexOf(' => '));
  const exhRsc = new Set(e.partitions.map(rscOf));
  const pesoRsc = new Set(p.partitions.map(rscOf));
  const foundRsc = [...exhRsc].filter((k) => pesoRsc.has(k)).length;
  const exh = new Set(e.partitions);
  const found = p.partitions.filter((k) => exh.has(k)).length;
  const cov = `${((100 * foundRsc) / exhRsc.size).toFixed(0)}% (${foundRsc}/${exhRsc.size}); partitions ${found}/${exh.size}`;
  coreRows.push({ u, p, e, found });
  out.push(
    `| ${u} | \`${p.args}\` | ${e.driver.executedPaths}${halted(e)} | ${e.driver.partitions} | ${p.driver.executedPaths}${halted(p)} | ${p.driver.partitions} | ${cov} | ${p.tests} / ${e.tests} | ${p.driver.solverCalls} / ${e.driver.solverCalls} | ${Math.round(p.driver.meanFormulaBytes)} / ${Math.round(e.driver.meanFormulaBytes)} | ${f2(p.cpuSeconds)} / ${f2(e.cpuSeconds)} |`,
  );
}
out.push('');

// ---- Mutant studies: Table V and augmentation ----
const mutDir = join(RES, 'mutants');
// The small programs (--libc none) first, then the Coreutils utilities (cu-UTIL: musl, POSIX model).
const isCu = (s) => s.startsWith('cu-');
const subjects = existsSync(mutDir) ? readdirSync(mutDir).sort((a, b) => Number(isCu(a)) - Number(isCu(b)) || a.localeCompare(b)) : [];
const families = [
  ['**small programs**', (s) => !isCu(s)],
  ['**Coreutils**', isCu],
];
const debugRows = [];
const augRows = [];
for (const s of subjects) {
  const dir = join(mutDir, s);
  if (!existsSync(join(dir, 'kill.json'))) continue;
  const kill = readJson(join(dir, 'kill.json'));
  for (const m of kill.mutants) {
    if (m.status === 'equivalent' || m.status === 'buildFailed' || m.status === 'build-failed') continue;
    const aug = existsSync(join(dir, `${m.id}.augment.json`)) ? readJson(join(dir, `${m.id}.augment.json`)) : null;
    const killedByOriginal = m.status === 'killed';
    if (!aug) continue; // not run yet
    const a = aug.augment;
    const killedByAugment = a ? a.pairs.some((p) => p.replay?.differ) : null;
    const exposing = a ? new Set(a.pairs.filter((p) => p.replay?.differ).map((p) => p.test)).size : null;
    const partial = a ? Boolean(a.oldStopped || a.newStopped) : false;
    augRows.push({ s, m, killedByOriginal, killedByAugment, augTests: a?.testsWritten ?? null, exposing, partial, pairs: a?.pairs.length ?? null, cpu: aug.cpuSeconds, failed: !a });
  }
  for (const m of kill.mutants) {
    if (m.status !== 'killed') continue;
    const dbg = (k) => (existsSync(join(dir, `${m.id}.debug-${k}.json`)) ? readJson(join(dir, `${m.id}.debug-${k}.json`)) : null);
    const rsc = dbg('rsc');
    const pc = dbg('pc');
    if (!rsc || !pc) continue;
    const rank = (d) => {
      if (!d?.debug) return null;
      // A report line `FILE:LINE` of either version names the mutated line: FILE is the mutated file
      // (kill.json `source`; the small subjects' kill.json, written before it was recorded, are single
      // files, where the line alone decides). A Coreutils report also names lines of lib/ and musl.
      const i = d.debug.report.findIndex((e) => (kill.source ? e.line === `${kill.source}:${m.line}` : e.line.endsWith(`:${m.line}`)));
      return i < 0 ? 0 : i + 1;
    };
    debugRows.push({ s, m, test: rsc.test, rsc, pc, rankRsc: rank(rsc), rankPc: rank(pc) });
  }
}

out.push('### Table V shape: regression debugging (DARWIN) over the mutants', '');
out.push(
  'Per mutant that a test of the original suite kills (the test passes on the original and fails or changes on the mutant): `debug-regression` with relevant-slice conditions (RSC) and with `--path-conditions` (PC, the original DARWIN). Rank: the position of the mutated line in the report (0: not in it).',
  '',
  '| subject | mutants debugged | CPU s RSC / PC (mean) | debug s RSC / PC (mean, own clock) | formulas RSC / PC (mean) | formula bytes RSC / PC (mean) | report lines RSC / PC (mean) | non-empty reports RSC / PC | mutated line in report RSC / PC | rank 1 RSC / PC | rank ≤ 3 RSC / PC | failed RSC / PC |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
);
const dsum = (rows, label) => {
  const ok = (d) => d.debug !== null;
  const R = rows.map((r) => r.rsc).filter(ok);
  const P = rows.map((r) => r.pc).filter(ok);
  const cnt = (k, pred) => rows.filter((r) => r[k] !== null && pred(r[k])).length;
  return `| ${label} | ${rows.length} | ${f2(mean(rows.map((r) => r.rsc.cpuSeconds)))} / ${f2(mean(rows.map((r) => r.pc.cpuSeconds)))} | ${f2(mean(R.map((d) => d.debug.seconds)))} / ${f2(mean(P.map((d) => d.debug.seconds)))} | ${f2(mean(R.map((d) => d.debug.formulasSolved)))} / ${f2(mean(P.map((d) => d.debug.formulasSolved)))} | ${Math.round(mean(R.map((d) => d.debug.formulaBytes)))} / ${Math.round(mean(P.map((d) => d.debug.formulaBytes)))} | ${f2(mean(R.map((d) => d.debug.report.length)))} / ${f2(mean(P.map((d) => d.debug.report.length)))} | ${R.filter((d) => d.debug.report.length > 0).length} / ${P.filter((d) => d.debug.report.length > 0).length} | ${cnt('rankRsc', (x) => x > 0)} / ${cnt('rankPc', (x) => x > 0)} | ${cnt('rankRsc', (x) => x === 1)} / ${cnt('rankPc', (x) => x === 1)} | ${cnt('rankRsc', (x) => x > 0 && x <= 3)} / ${cnt('rankPc', (x) => x > 0 && x <= 3)} | ${rows.length - R.length} / ${rows.length - P.length} |`;
};
for (const s of subjects) {
  const rows = debugRows.filter((r) => r.s === s);
  if (rows.length) out.push(dsum(rows, s));
}
for (const [label, pred] of families) {
  const rows = debugRows.filter((r) => pred(r.s));
  if (rows.length) out.push(dsum(rows, label));
}
if (debugRows.length) out.push(dsum(debugRows, '**all**'));
out.push(
  '',
  "The paper's Table V (Java, three real regressions, wall time): JLex 543 min (PC) against 15 min (RSC), report 50 against 3 lines; JTopas 81 against 5 min, 4 against 4 lines; NanoXML 2m56s against 43 s, 8 against 6 lines.",
  '',
);

out.push('<details><summary>Per mutant</summary>', '', '| subject | mutant | operator | line | change | test | CPU s RSC / PC | report lines RSC / PC | rank RSC / PC |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of debugRows) {
  const len = (d) => (d.debug ? d.debug.report.length : 'failed');
  out.push(`| ${r.s} | ${r.m.id} | ${r.m.operator} | ${r.m.line} | \`${r.m.original}\` → \`${r.m.replacement || '(deleted)'}\` | ${r.test} | ${f2(r.rsc.cpuSeconds)} / ${f2(r.pc.cpuSeconds)} | ${len(r.rsc)} / ${len(r.pc)} | ${r.rankRsc ?? '–'} / ${r.rankPc ?? '–'} |`);
}
out.push('', '</details>', '');

out.push('### Test-suite augmentation: kill rates', '');
out.push(
  "Original tests: PESO's tests of the original (one per partition), replayed natively by `sympath kill`. Augmented: `sympath augment --base ORIGINAL MUTANT` (no `--tests`), a mutant counts as killed when one of its change-exposing tests gives different native outputs on the two versions (`replay.differ`).",
  '',
  '"Exposing" counts the tests written whose native replays differ; the others satisfy rsc_i ∧ rsc_j ∧ out_i ≠ out_j symbolically but print the same natively (on Coreutils mostly outputs whose printed bytes were concretised differently on the two paths: the symbolic outputs differ as text where the programs agree). "Partial": a version\'s exploration stopped at --max-time (120 s on Coreutils).',
  '',
  '| subject | mutants (non-equivalent) | killed by original tests | killed by augment tests | killed by either | killed by original but not augment | augment tests written (mean) | exposing tests (mean) | augment CPU s (mean) | augment failed | partial signatures |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
);
const asum = (rows, label) => {
  const n = rows.length;
  const pct = (k) => `${k} (${n ? ((100 * k) / n).toFixed(0) : 0}%)`;
  const ko = rows.filter((r) => r.killedByOriginal).length;
  const ka = rows.filter((r) => r.killedByAugment).length;
  const ke = rows.filter((r) => r.killedByOriginal || r.killedByAugment).length;
  const miss = rows.filter((r) => r.killedByOriginal && !r.killedByAugment).length;
  return `| ${label} | ${n} | ${pct(ko)} | ${pct(ka)} | ${pct(ke)} | ${miss} | ${f2(mean(rows.filter((r) => !r.failed).map((r) => r.augTests)))} | ${f2(mean(rows.filter((r) => !r.failed).map((r) => r.exposing)))} | ${f2(mean(rows.filter((r) => r.cpu !== null).map((r) => r.cpu)))} | ${rows.filter((r) => r.failed).length} | ${rows.filter((r) => r.partial).length} |`;
};
for (const s of subjects) {
  const rows = augRows.filter((r) => r.s === s);
  if (rows.length) out.push(asum(rows, s));
}
for (const [label, pred] of families) {
  const rows = augRows.filter((r) => pred(r.s));
  if (rows.length) out.push(asum(rows, label));
}
if (augRows.length) out.push(asum(augRows, '**all**'));
out.push(
  '',
  "The paper's §5.3 (tcas, 39 single-change versions, Java): whenever the tests from whole path conditions (PCExplore) expose a change, the tests from relevant-slice conditions do too; generating them took 20.8% of PCExplore's time. It reports no kill rate against an existing suite.",
  '',
);
const missed = augRows.filter((r) => r.killedByOriginal && !r.killedByAugment);
if (missed.length) {
  out.push('Mutants the original tests kill and augmentation does not:', '');
  for (const r of missed) out.push(`- ${r.s} ${r.m.id} ${r.m.operator} line ${r.m.line} \`${r.m.original}\` → \`${r.m.replacement || '(deleted)'}\`${r.failed ? ' (augment failed)' : ''}`);
  out.push('');
}
process.stdout.write(`${out.join('\n')}\n`);

// ---- SVG: grouped horizontal bars ----
function bars(title, groups, series, unit) {
  // groups: [{ label, values: number[] }], series: [{ name, color }]
  const rowH = 14 * series.length + 10;
  const left = 120;
  const width = 640;
  const plotW = width - left - 60;
  const top = 40;
  const h = top + rowH * groups.length + 30;
  const max = Math.max(1e-9, ...groups.flatMap((g) => g.values.filter((v) => Number.isFinite(v))));
  const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const s = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h}" font-family="sans-serif" font-size="11">`, `<rect width="100%" height="100%" fill="white"/>`, `<text x="10" y="18" font-size="13" font-weight="bold">${esc(title)}</text>`];
  series.forEach((se, i) => s.push(`<rect x="${left + i * 150}" y="26" width="10" height="10" fill="${se.color}"/><text x="${left + i * 150 + 14}" y="35">${esc(se.name)}</text>`));
  groups.forEach((g, gi) => {
    const y0 = top + gi * rowH + 5;
    s.push(`<text x="${left - 6}" y="${y0 + (14 * series.length) / 2 + 4}" text-anchor="end">${esc(g.label)}</text>`);
    g.values.forEach((v, i) => {
      const w = Number.isFinite(v) ? (plotW * v) / max : 0;
      s.push(`<rect x="${left}" y="${y0 + i * 14}" width="${w.toFixed(1)}" height="12" fill="${series[i].color}"/><text x="${left + w + 4}" y="${y0 + i * 14 + 10}">${Number.isFinite(v) ? +v.toFixed(1) : '–'}${unit}</text>`);
    });
  });
  s.push('</svg>');
  return `${s.join('\n')}\n`;
}
const colors = [{ color: '#1f77b4' }, { color: '#ff7f0e' }, { color: '#2ca02c' }];
if (coreRows.length) {
  writeFileSync(
    join(RES, 'coreutils-paths-partitions.svg'),
    bars('Coreutils: paths explored (exhaustive) vs PESO executions vs partitions', coreRows.map((r) => ({ label: r.u, values: [r.e.driver.executedPaths, r.p.driver.executedPaths, r.e.driver.partitions] })), [{ name: 'paths (exhaustive)', ...colors[0] }, { name: 'PESO executions', ...colors[1] }, { name: 'partitions (exhaustive)', ...colors[2] }], ''),
  );
  writeFileSync(join(RES, 'coreutils-cpu.svg'), bars('Coreutils: CPU seconds, PESO vs exhaustive (start-up included)', coreRows.map((r) => ({ label: r.u, values: [r.p.cpuSeconds, r.e.cpuSeconds] })), [{ name: 'PESO', ...colors[1] }, { name: 'exhaustive', ...colors[0] }], ' s'));
}
if (debugRows.length) {
  const per = subjects.filter((s) => debugRows.some((r) => r.s === s));
  const lines = (k, s) => mean(debugRows.filter((r) => r.s === s && r[k].debug).map((r) => r[k].debug.report.length));
  writeFileSync(join(RES, 'debug-report-lines.svg'), bars('Regression debugging: mean report lines, RSC vs path conditions', per.map((s) => ({ label: s, values: [lines('rsc', s), lines('pc', s)] })), [{ name: 'relevant-slice conditions', ...colors[1] }, { name: 'path conditions', ...colors[0] }], ''));
}
if (augRows.length) {
  const per = subjects.filter((s) => augRows.some((r) => r.s === s));
  const rate = (s, pred) => {
    const rows = augRows.filter((r) => r.s === s);
    return (100 * rows.filter(pred).length) / rows.length;
  };
  writeFileSync(join(RES, 'augment-kill-rate.svg'), bars('Mutants killed (%): original tests vs augmented tests', per.map((s) => ({ label: s, values: [rate(s, (r) => r.killedByOriginal), rate(s, (r) => r.killedByAugment), rate(s, (r) => r.killedByOriginal || r.killedByAugment)] })), [{ name: 'original tests', ...colors[0] }, { name: 'augment tests', ...colors[1] }, { name: 'either', ...colors[2] }], '%'));
}
