// Coverage from gcov's JSON (`gcov -b --json-format --stdout`, one document per .gcno): per source line
// its execution count and its branches. Only the program's own files count (the coverage sources:
// run.json's sources, or the coverage sources given) — headers, the replay library and libc never do.
// A line is covered when its count is > 0; a branch when it was taken at least once (gcov -b's "Taken at
// least once"); totals are what gcov lists: lines with code, branches of conditional jumps.

import { realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { execa } from 'execa';
import { ReplayError } from './errors.js';

export interface LineCoverage {
  count: number;
  /** Per branch of the line: how often it was taken. */
  branches: number[];
}

export interface FileCoverage {
  file: string;
  lines: Map<number, LineCoverage>;
}

export interface CoverageSummary {
  linesCovered: number;
  linesTotal: number;
  branchesCovered: number;
  branchesTotal: number;
}

interface GcovJson {
  current_working_directory?: string;
  files?: { file: string; lines?: { line_number: number; count: number; branches?: { count: number }[] }[] }[];
}

/** Runs gcov on the .gcno files (a missing .gcda counts as never executed) and merges what it says per file. */
export async function runGcov(gcov: string, gcnoFiles: readonly string[], cwd: string): Promise<FileCoverage[]> {
  const r = await execa(gcov, ['-b', '--json-format', '--stdout', ...gcnoFiles], { cwd, reject: false, stdin: 'ignore', maxBuffer: 1 << 30 });
  if (r.failed && String(r.stdout ?? '').trim() === '') {
    throw new ReplayError(`sympath replay: gcov failed: ${String(r.stderr ?? r.originalMessage ?? '').trim()}`);
  }
  const byFile = new Map<string, FileCoverage>();
  for (const text of String(r.stdout).split('\n')) {
    if (text.trim() === '') continue;
    const doc = JSON.parse(text) as GcovJson;
    const base = doc.current_working_directory ?? cwd;
    for (const f of doc.files ?? []) {
      const file = resolve(base, f.file);
      let fc = byFile.get(file);
      if (!fc) byFile.set(file, (fc = { file, lines: new Map() }));
      for (const l of f.lines ?? []) {
        // A line can appear once per function on it: counts add up, branches are distinct arcs.
        const seen = fc.lines.get(l.line_number);
        const branches = (l.branches ?? []).map((b) => b.count);
        if (seen) {
          seen.count += l.count;
          seen.branches.push(...branches);
        } else fc.lines.set(l.line_number, { count: l.count, branches });
      }
    }
  }
  return [...byFile.values()].sort((a, b) => a.file.localeCompare(b.file));
}

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
}

/** A predicate for "is one of the program's own files": equal to a coverage source, or below one that
 *  is a directory (e.g. a utility's src/ for Coreutils-style counting). */
export function sourceFilter(coverageSources: readonly string[]): (file: string) => boolean {
  const wanted = coverageSources.flatMap((s) => [resolve(s), real(s)]);
  return (file) => {
    const candidates = [resolve(file), real(file)];
    return candidates.some((c) => wanted.some((w) => c === w || c.startsWith(w.endsWith(sep) ? w : w + sep)));
  };
}

export function summarize(files: readonly FileCoverage[]): CoverageSummary {
  const s: CoverageSummary = { linesCovered: 0, linesTotal: 0, branchesCovered: 0, branchesTotal: 0 };
  for (const f of files) {
    for (const l of f.lines.values()) {
      s.linesTotal++;
      if (l.count > 0) s.linesCovered++;
      s.branchesTotal += l.branches.length;
      s.branchesCovered += l.branches.filter((c) => c > 0).length;
    }
  }
  return s;
}

/** The lines with code that no run executed, per file. */
export function uncoveredLines(files: readonly FileCoverage[]): { file: string; lines: number[] }[] {
  return files
    .map((f) => ({
      file: f.file,
      lines: [...f.lines.entries()].filter(([, l]) => l.count === 0).map(([n]) => n).sort((a, b) => a - b),
    }))
    .filter((f) => f.lines.length > 0);
}

/** "3, 7-9, 12" */
export function lineRanges(lines: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j++;
    parts.push(j === i ? `${lines[i]}` : `${lines[i]}-${lines[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}
