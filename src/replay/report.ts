// The text form of a replay's result: one line per test (outcome, and for error tests whether the native
// run reproduced the error and how, or why not), then the errors' tally, coverage and uncovered lines.

import { relative } from 'node:path';
import { lineRanges } from './gcov.js';
import type { ReplayResult } from './replay.js';

const pct = (n: number, d: number): string => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);

export function formatReplayText(r: ReplayResult): string {
  const j = r.json;
  const out: string[] = [];
  const rel = (p: string): string => {
    const q = relative(process.cwd(), p);
    return q === '' ? '.' : q.startsWith('..') ? p : q;
  };
  out.push(`sympath replay: ${j.tests.length} test${j.tests.length === 1 ? '' : 's'} of ${rel(r.outDir)} on ${j.arch}${j.sanitize ? ' with ASan+UBSan' : ''} (${r.target.describe})`);
  const width = Math.max(0, ...r.reports.map((t) => t.outcome.length));
  for (const t of r.reports) {
    let line = `  ${t.test}  ${t.outcome.padEnd(width)}`;
    if (t.kind !== undefined && t.verdict) {
      line += `  ${t.kind}: ${t.verdict.reproduced ? 'reproduced' : 'NOT reproduced'} (${t.verdict.reason})`;
    } else if (t.divergence !== undefined) {
      line += `  DIVERGED: ${t.divergence}`;
    } else if (t.partial) {
      line += '  (partial path: the engine stopped it early)';
    }
    out.push(line.trimEnd());
  }
  const reproduced = j.errors.filter((e) => e.reproduced).length;
  out.push(`errors: ${reproduced} of ${j.errors.length} reproduced natively${j.divergent.length > 0 ? `; ${j.divergent.length} non-error test(s) diverged` : ''}`);
  const c = j.coverage;
  out.push(
    `coverage (gcov, ${r.coverageSources.length === 1 ? rel(r.coverageSources[0]!) : `${r.coverageSources.length} source files`}): ` +
      `lines ${c.linesCovered}/${c.linesTotal} (${pct(c.linesCovered, c.linesTotal)}), ` +
      `branches ${c.branchesCovered}/${c.branchesTotal} (${pct(c.branchesCovered, c.branchesTotal)})`,
  );
  if (r.uncovered.length === 0) out.push('uncovered lines: none');
  else {
    out.push('uncovered lines:');
    for (const u of r.uncovered) out.push(`  ${rel(u.file)}: ${lineRanges(u.lines)}`);
  }
  for (const n of j.notes) out.push(`note: ${n}`);
  const f = r.files;
  out.push(`written: ${[f.html, f.coverageJson, f.coverageSvg, f.replayJson].filter((p): p is string => p !== null).map(rel).join(', ')}`);
  return `${out.join('\n')}\n`;
}
