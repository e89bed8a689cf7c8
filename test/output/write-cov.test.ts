// `sympath run --write-cov` (KLEE's option): each test's testNNNNNN.cov lists the source lines (FILE:LINE)
// whose instructions its path executed first in the run — KLEE's ExecutionState::coveredLines, copied at
// a fork, so a test carries what its path covered new including the prefix it shares with earlier paths —
// and run.cov every line the run covered, the lines stats.json's coverage.linesCovered counts. Checked
// against native gcov: no line of a test's .cov is one that replaying that test natively leaves uncovered.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../engine/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-cov-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Line numbers matter below: 8 and 10 are the two sides of the first branch, 12 and 14 of the second.
const PROGRAM = `#include <klee/klee.h>
int main(void) {
  int x, y, r = 0;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  if (x > 10)
    r = 1;
  else
    r = 2;
  if (y == 3)
    r += 10;
  else
    r += 20;
  return r;
}
`;

const bin = join(ROOT, 'bin', 'sympath.mjs');
const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');

describe('--write-cov', () => {
  const prog = join(work, 'p.c');
  writeFileSync(prog, PROGRAM);
  const out = join(work, 'out');
  const r = spawnSync(process.execPath, [bin, 'run', '--libc', 'none', '--search', 'dfs', '--write-cov', '--output-dir', out, prog], { encoding: 'utf8' });
  const tests = (): string[] => readdirSync(out).filter((f) => f.endsWith('.ktest')).sort();
  const cov = (test: string): string[] => lines(readFileSync(join(out, test.replace(/\.ktest$/, '.cov')), 'utf8'));
  const at = (n: number): string => `${prog}:${n}`;

  it('a .cov beside every test; run.cov has the lines stats.json counts, and is the union of the tests\' .cov files', () => {
    expect(r.status, r.stderr).toBe(0);
    expect(tests()).toHaveLength(4);
    const run = lines(readFileSync(join(out, 'run.cov'), 'utf8'));
    const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
    expect(run).toHaveLength(stats.coverage.linesCovered);
    expect(run).toEqual(expect.arrayContaining([at(7), at(9), at(11), at(13)]));
    const union = new Set(tests().flatMap(cov));
    expect([...union].sort()).toEqual([...run].sort());
    // FILE:LINE, each once, in line order.
    const nums = run.map((l) => Number(l.slice(l.lastIndexOf(':') + 1)));
    expect(nums).toEqual([...new Set(nums)].sort((a, b) => a - b));
  });

  it("each test's .cov has the side of each branch its path took first, never the other side", () => {
    // DFS's first path covers its whole path; a later path carries the prefix lines it shares with the
    // path it forked from (covered new before the fork) and its own side.
    for (const t of tests()) {
      const c = new Set(cov(t));
      expect(c.has(at(7)) && c.has(at(9)), `${t}: ${[...c]}`).toBe(false);
    }
    const first = new Set(cov(tests()[0]!));
    expect(first.has(at(6)) && first.has(at(10)) && first.has(at(14))).toBe(true);
    expect(first.has(at(7)) !== first.has(at(9))).toBe(true);
    expect(first.has(at(11)) !== first.has(at(13))).toBe(true);
  });

  it('no line of a .cov is left uncovered by the native gcov replay of the same test', { timeout: 120_000 }, () => {
    for (const t of tests()) {
      const rep = spawnSync(process.execPath, [bin, 'replay', join(out, t), '--json', '--no-html'], { encoding: 'utf8' });
      expect(rep.status, rep.stderr).toBe(0);
      const json = JSON.parse(readFileSync(join(out, 'replay-x86_64', 'tests', t.replace(/\.ktest$/, ''), 'coverage.json'), 'utf8')) as {
        uncovered: { file: string; lines: number[] }[];
        coverage: { linesCovered: number };
      };
      const uncovered = new Set(json.uncovered.flatMap((u) => u.lines.map((n) => `${u.file}:${n}`)));
      expect(cov(t).filter((l) => uncovered.has(l)), t).toEqual([]);
      // gcov also counts main's opening line, where clang's IR has no instruction of its own.
      if (t === tests()[0]) expect(cov(t)).toHaveLength(json.coverage.linesCovered - 1);
    }
  });

  it('refused with --workers N (each worker an engine of its own)', () => {
    const w = spawnSync(process.execPath, [bin, 'run', '--libc', 'none', '--write-cov', '--workers', '2', '--output-dir', join(work, 'w'), prog], { encoding: 'utf8' });
    expect(w.status).toBe(1);
    expect(w.stderr).toContain('--workers 2 and --write-cov do not combine');
  });

  it("stats.json's memory gives the peak V8 heap beside the peak RSS", () => {
    const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
    expect(stats.memory.peakHeapMB).toBeGreaterThan(1);
    expect(stats.memory.peakHeapMB).toBeLessThan(stats.memory.peakRssMB);
  });
});
