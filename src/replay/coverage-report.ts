// The coverage outputs of a replay: OUTDIR/coverage.json (totals, uncovered lines, and coverage over time
// with one point per test in creation order), OUTDIR/coverage.svg (that curve) and the HTML report of
// gcovr --html-details in OUTDIR/coverage/.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { execa } from 'execa';
import type { Arch } from './arch.js';
import type { CoverageSummary } from './gcov.js';
import { stepPlot } from './svg.js';

export interface TimelinePoint {
  test: string;
  /** Seconds from the start of the run to the test's creation (its .ktest's modification time). */
  seconds: number;
  linesCovered: number;
  branchesCovered: number;
}

export interface CoverageJson {
  arch: Arch;
  sanitize: boolean;
  sources: string[];
  coverage: CoverageSummary;
  uncovered: { file: string; lines: number[] }[];
  timeline: TimelinePoint[];
  html: string | null;
}

const pct = (n: number, d: number): number => (d === 0 ? 0 : (100 * n) / d);

/** The SVG of coverage over time: line and branch coverage in %, by seconds since the run started (or
 *  by test number when all tests carry the same time). */
export function coverageSvg(c: CoverageJson): string {
  const byTime = c.timeline.some((p) => p.seconds > 0);
  const x = (p: TimelinePoint, i: number): number => (byTime ? p.seconds : i + 1);
  const { linesTotal, branchesTotal } = c.coverage;
  return stepPlot(
    [
      { label: `lines (${c.coverage.linesCovered}/${linesTotal})`, colour: '#1f77b4', points: c.timeline.map((p, i) => ({ x: x(p, i), y: pct(p.linesCovered, linesTotal) })) },
      {
        label: `branches (${c.coverage.branchesCovered}/${branchesTotal})`,
        colour: '#ff7f0e',
        points: c.timeline.map((p, i) => ({ x: x(p, i), y: pct(p.branchesCovered, branchesTotal) })),
      },
    ],
    {
      title: `gcov coverage of the replayed tests over time (${c.arch})`,
      xLabel: byTime ? 'seconds since the run started (test creation time)' : 'tests (creation order)',
      yLabel: 'coverage (%)',
      yMax: 100,
    },
  );
}

export function writeCoverageFiles(outDir: string, c: CoverageJson): { json: string; svg: string } {
  const json = join(outDir, 'coverage.json');
  const svg = join(outDir, 'coverage.svg');
  writeFileSync(json, `${JSON.stringify(c, null, 2)}\n`);
  writeFileSync(svg, coverageSvg(c));
  return { json, svg };
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The deepest directory holding all of `files`. */
export function commonDir(files: readonly string[]): string {
  if (files.length === 0) return sep;
  let parts = dirname(files[0]!).split(sep);
  for (const f of files.slice(1)) {
    const p = dirname(f).split(sep);
    let i = 0;
    while (i < parts.length && i < p.length && parts[i] === p[i]) i++;
    parts = parts.slice(0, i);
  }
  return parts.join(sep) || sep;
}

/** gcovr --html-details into OUTDIR/coverage/index.html; the error text when gcovr is missing or fails. */
export async function writeHtmlReport(
  outDir: string,
  buildDir: string,
  gcov: string,
  coverageSources: readonly string[],
  title: string,
): Promise<{ path: string } | { error: string }> {
  const dir = join(outDir, 'coverage');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const index = join(dir, 'index.html');
  // gcovr 5.2 treats a filter that is an absolute path as matched (from the start) against absolute
  // file names; one starting with ^ would be taken as relative to --root.
  const filters = coverageSources.flatMap((s) => ['--filter', `${escapeRegex(s)}(${escapeRegex(sep)}.*)?$`]);
  const args = [
    '--root',
    commonDir(coverageSources),
    '--object-directory',
    buildDir,
    '--gcov-executable',
    gcov,
    ...filters,
    '--html-details',
    index,
    '--html-title',
    title,
    buildDir,
  ];
  const r = await execa('gcovr', args, { cwd: buildDir, reject: false, stdin: 'ignore', all: true });
  if (r.failed) return { error: `gcovr failed (${r.shortMessage ?? ''}): ${String(r.all ?? '').trim().split('\n').slice(-3).join(' | ')}` };
  return { path: index };
}
