// The worker simulation of bench:parallel (benchmarks/parallel/simulate.ts) on hand-made execution
// trees whose answers are worked out by hand: one worker pays every recorded segment; two workers split
// two equal subtrees, the one that takes a job paying its prefix at the run's re-execution rate; the
// bound of unlimited free workers is never beaten.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTree, simulate, unlimitedMakespan } from '../../benchmarks/parallel/simulate.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-simulate-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A recorded run: tree lines and the stats that give the re-execution rate (1 ms per instruction here). */
function recorded(name: string, lines: object[]): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'exec-tree.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  writeFileSync(join(dir, 'stats.json'), JSON.stringify({ wallSeconds: 1.5, instructions: 1000, solver: { seconds: 0.5 } }));
  return dir;
}

describe('bench:parallel simulation', () => {
  // Root runs 1 s to a fork at 100 instructions; the child runs 4 s to its end, then the root 4 s to its end.
  const dir = recorded('two', [
    { fork: 0, child: 1, i: 100, t: 1000 },
    { end: 1, i: 500, t: 5000, how: 'exit' },
    { end: 0, i: 500, t: 9000, how: 'exit' },
  ]);

  it('one worker pays every segment, nothing re-executed', () => {
    const r = simulate(readTree(dir), 1, 0);
    expect(r.makespan).toBeCloseTo(9, 6);
    expect(r.jobs).toBe(0);
    expect(r.reexecutedSeconds).toBe(0);
  });

  it('two workers: the waiting root moves as a job, its 100-instruction prefix re-executed at 1 ms each', () => {
    const tree = readTree(dir);
    expect(tree.perInstruction).toBeCloseTo(0.001, 9);
    const r = simulate(tree, 2, 0.05);
    // Worker 2 takes the root's continuation at 1 s + 0.05 s latency, re-executes 0.1 s, then runs 4 s.
    expect(r.jobs).toBe(1);
    expect(r.reexecutedSeconds).toBeCloseTo(0.1, 9);
    expect(r.makespan).toBeCloseTo(1 + 0.05 + 0.1 + 4, 6);
    // Unlimited free workers: the same without the latency.
    expect(unlimitedMakespan(tree)).toBeCloseTo(5.1, 6);
  });

  it('more workers than waiting states change nothing, and no N beats unlimited free workers', () => {
    const tree = readTree(dir);
    for (const n of [4, 64]) {
      const r = simulate(tree, n, 0);
      expect(r.makespan).toBeCloseTo(5.1, 6);
      expect(r.makespan).toBeGreaterThanOrEqual(unlimitedMakespan(tree) - 1e-9);
    }
  });
});
