// `--write-exec-tree` (KLEE's option name): OUTDIR/exec-tree.jsonl holds the run's execution tree — one
// line per fork and per path end, with the path's instruction count and the time. The counts are exact at
// the fork (before, a state's count was brought up to date only at the end of its batch, so every fork
// of a batch was recorded with the count the batch started from: 0 for the root's first fork).
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, scratchWith } from '../faults/helpers.js';

interface Fork {
  fork: number;
  child: number;
  i: number;
  t: number;
}
interface End {
  end: number;
  i: number;
  t: number;
  how: string;
}

describe('--write-exec-tree', () => {
  it('writes one line per fork and per path end: a tree rooted at state 0, exact instruction counts', async () => {
    const cwd = scratchWith();
    copyFileSync(join(ROOT, 'test', 'fixtures', 'symbolic', 'branches.c'), join(cwd, 'branches.c'));
    const r = await execa(process.execPath, [BIN, 'run', '--libc', 'none', '--search', 'dfs', '--write-exec-tree', '--output-dir', 'out', 'branches.c'], { cwd, reject: false });
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = readFileSync(join(cwd, 'out', 'exec-tree.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Fork | End);
    const forks = lines.filter((l): l is Fork => 'fork' in l);
    const ends = lines.filter((l): l is End => 'end' in l);
    // Three independent branches: 8 paths, 7 forks; every state but the root is born once; every state ends once.
    expect(forks).toHaveLength(7);
    expect(ends).toHaveLength(8);
    expect(new Set(forks.map((f) => f.child)).size).toBe(7);
    expect(forks.some((f) => f.child === 0)).toBe(false);
    expect(new Set(ends.map((e) => e.end))).toEqual(new Set([0, ...forks.map((f) => f.child)]));
    expect(ends.every((e) => e.how === 'exit')).toBe(true);
    // Time goes forward; along each state, the counts grow from fork to fork to its end.
    for (let k = 1; k < lines.length; k++) expect(lines[k]!.t).toBeGreaterThanOrEqual(lines[k - 1]!.t);
    const born = new Map<number, number>(forks.map((f) => [f.child, f.i]));
    born.set(0, 0);
    for (const [state, from] of born) {
      const events = [...forks.filter((f) => f.fork === state).map((f) => f.i), ends.find((e) => e.end === state)!.i];
      let last = from;
      for (const i of events) {
        expect(i).toBeGreaterThan(last);
        last = i;
      }
    }
    // Exact at the fork: the root forks first at `a > 10` after the symbolic set-up, not at 0; the two
    // forks at `b == 3` differ by the instructions of `r += 1` alone, the same on both.
    const byDepth = (d: number): Fork[] => forks.filter((f) => depthOf(f.child, forks) === d);
    const [first] = byDepth(1);
    expect(first!.i).toBeGreaterThan(10);
    const second = byDepth(2).map((f) => f.i).sort((a, b) => a - b);
    expect(second).toHaveLength(2);
    expect(second[0]).toBeGreaterThan(first!.i);
    expect(second[1]! - second[0]!).toBeGreaterThan(0);
    expect(second[1]! - second[0]!).toBeLessThan(8);
  }, 60_000);

  it('is refused with --driver and with --workers N', async () => {
    const cwd = scratchWith();
    copyFileSync(join(ROOT, 'test', 'fixtures', 'symbolic', 'branches.c'), join(cwd, 'branches.c'));
    const d = await execa(process.execPath, [BIN, 'run', '--libc', 'none', '--driver', 'concolic', '--write-exec-tree', 'branches.c'], { cwd, reject: false });
    expect(d.exitCode).toBe(1);
    expect(d.stderr).toContain('--write-exec-tree records the forking search');
    const w = await execa(process.execPath, [BIN, 'run', '--libc', 'none', '--workers', '2', '--write-exec-tree', 'branches.c'], { cwd, reject: false });
    expect(w.exitCode).toBe(1);
    expect(w.stderr).toContain('--workers 2 and --write-exec-tree do not combine');
  }, 60_000);
});

/** How many forks lie between the root and the fork that made `state` (1 for the root's first child). */
function depthOf(state: number, forks: readonly Fork[]): number {
  const parentOf = new Map(forks.map((f) => [f.child, f]));
  // A state's depth counts its ancestors' forks up to its own birth: the parent's depth at that time.
  let d = 0;
  for (let s = state; s !== 0; s = parentOf.get(s)!.fork) {
    const f = parentOf.get(s)!;
    d += 1 + forks.filter((g) => g.fork === f.fork && g.i < f.i).length;
  }
  return d;
}
