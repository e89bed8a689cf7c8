// --check-pruning: what a pruned exploration (a pruning hook, or a driver that explores fewer paths)
// lost against exhaustive search. Both runs report the error sites they found (kind + file + line, from
// their tests) and the source lines of the program's own files they covered; every site and line of the
// exhaustive run must appear in the other. Used by `sympath run --check-pruning` and by the tests.

import type { Coverage } from '../engine/coverage.js';
import type { Executor } from '../engine/executor.js';
import type { TestCase } from '../engine/test-case.js';
import type { Module } from '../ir/model.js';

/** What one run reached. */
export interface Reached {
  /** `kind@file:line` of every error test. */
  errors: Set<string>;
  /** `file:line` of every covered line of the program's own files. */
  lines: Set<string>;
}

export interface PruningCheck {
  lostErrors: string[];
  lostLines: string[];
  /** Why the exhaustive run stopped early, if it did (then it is not exhaustive: a partial check). */
  baselineHalted?: string;
}

export function errorSite(kind: string, file: string, line: number): string {
  return `${kind}@${file}:${line}`;
}

export function errorSitesOf(tests: readonly TestCase[]): Set<string> {
  const out = new Set<string>();
  for (const t of tests) if (t.termination === 'error' && t.error) out.add(errorSite(t.error.kind, t.error.file, t.error.line));
  return out;
}

/** The covered source lines of the program's own files, after a run of `ex`. */
export function coveredLines(ex: Executor): Set<string> {
  return coveredLinesOf(ex.module, ex.coverage);
}

/** The covered source lines of the program's own files, from a run's coverage counts. */
export function coveredLinesOf(module: Module, coverage: Coverage): Set<string> {
  const out = new Set<string>();
  const counts = coverage.counts;
  for (const f of module.functions) {
    for (const b of f.blocks) {
      for (const i of b.instructions) {
        if (!i.loc || i.loc.line <= 0 || !(counts[i.id]! > 0) || !coverage.isProgramInstruction(i.id)) continue;
        out.add(`${i.loc.file}:${i.loc.line}`);
      }
    }
  }
  return out;
}

/** What `pruned` lost against `exhaustive`. */
export function comparePruning(pruned: Reached, exhaustive: Reached, baselineHalted?: string): PruningCheck {
  const r: PruningCheck = {
    lostErrors: [...exhaustive.errors].filter((e) => !pruned.errors.has(e)).sort(),
    lostLines: [...exhaustive.lines].filter((l) => !pruned.lines.has(l)).sort(),
  };
  if (baselineHalted !== undefined) r.baselineHalted = baselineHalted;
  return r;
}

export function formatPruningCheck(c: PruningCheck): string[] {
  const out: string[] = [];
  if (c.baselineHalted) out.push(`check-pruning: the exhaustive run stopped early (${c.baselineHalted}): the comparison covers what it explored`);
  if (c.lostErrors.length === 0 && c.lostLines.length === 0) out.push('check-pruning: nothing lost (every error site and covered line of exhaustive DFS was reached)');
  for (const e of c.lostErrors) out.push(`check-pruning: LOST error ${e}`);
  for (const l of c.lostLines) out.push(`check-pruning: LOST line ${l}`);
  return out;
}
