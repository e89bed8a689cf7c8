// One test per error location across all workers, as one engine writes (unless --emit-all-errors): the
// workers' engines emit every error path (each engine only knows its own), and the coordinator keeps,
// per location, the path depth-first search would have met first, so exhaustive DFS with N workers
// writes the error tests of one worker.
//
// DFS order: the engine's DFS runs the newest state, and at a fork the newest is the other side —
// direction 1 of a two-way fork, the highest feasible direction of a multi-way one — so of two paths, the
// one DFS meets first is the one with the higher direction at the first fork where they differ. A path's
// rank is its fork directions from the entry (rankOf); compareRanks orders them.
//
// The kept tests are written when the run ends (also when it is interrupted); with --exit-on-error
// ('arrival') the first error path of a location is written at once, as the run stops on it anyway.

import type { TestCase, TestSink } from '../engine/test-case.js';
import type { ExecutionState } from '../engine/state.js';

/** The fork directions of `s`'s path, oldest first (the forks that kept both sides). */
export function rankOf(s: ExecutionState): number[] {
  const out: number[] = [];
  for (let t = s.trace; t !== null; t = t.prev) if (t.forked) out.push(t.direction);
  return out.reverse();
}

/** < 0 when DFS meets the path of rank `a` before the one of rank `b`. */
export function compareRanks(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return b[i]! - a[i]!;
  return a.length - b.length;
}

export class ErrorDedup {
  private readonly best = new Map<string, { test: TestCase; rank: number[] }>();
  private readonly seenArrival = new Set<string>();

  constructor(
    private readonly sink: TestSink,
    private readonly mode: 'dfs' | 'arrival',
  ) {}

  /** An error test from a worker; returns whether it was written now. */
  add(test: TestCase, key: string, rank: number[]): boolean {
    if (this.mode === 'arrival') {
      if (this.seenArrival.has(key)) return false;
      this.seenArrival.add(key);
      return this.sink.add(test) !== null;
    }
    const kept = this.best.get(key);
    if (!kept || compareRanks(rank, kept.rank) < 0) this.best.set(key, { test, rank });
    return false;
  }

  /** Writes the kept tests, in DFS order of their paths; returns how many were written. */
  flush(): number {
    const kept = [...this.best.values()].sort((a, b) => compareRanks(a.rank, b.rank));
    this.best.clear();
    let n = 0;
    for (const k of kept) if (this.sink.add(k.test) !== null) n++;
    return n;
  }
}
