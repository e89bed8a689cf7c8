// `--batch-instructions N` (and a time budget, KLEE's --batch-time): keep running the state the inner
// searcher chose until it has run N instructions (counted through the optional Searcher.instructionsRun
// notification) or the time budget is used up, or it terminates; only then ask the inner searcher again
// (KLEE's BatchingSearcher). Cuts the cost of selection and keeps a state's caches warm. A batch runs
// exactly N instructions (KLEE re-selects after N+1). As in KLEE, a time budget that turns out shorter
// than one step grows to that step's length. Time batching makes runs depend on the clock: it is off
// unless asked for.

import type { SearchState, Searcher } from './searcher.js';

export interface BatchingOptions {
  /** Instructions per batch; 0 = no instruction budget. */
  instructions: number;
  /** Seconds per batch; 0 = no time budget. */
  seconds?: number;
  /** Clock in seconds (tests inject one). */
  now?: () => number;
}

export class BatchingSearcher implements Searcher {
  readonly name: string;
  readonly readsForkHistory: boolean;
  private last: SearchState | null = null;
  private ran = 0;
  private startedAt = 0;
  private seconds: number;
  private readonly now: () => number;

  constructor(
    private readonly inner: Searcher,
    private readonly opts: BatchingOptions,
  ) {
    this.seconds = opts.seconds ?? 0;
    this.now = opts.now ?? (() => performance.now() / 1000);
    const budget = [
      opts.instructions > 0 ? `${opts.instructions} instructions` : '',
      this.seconds > 0 ? `${this.seconds} s` : '',
    ].filter((x) => x !== '');
    this.name = `batch(${inner.name},${budget.join(',')})`;
    this.readsForkHistory = inner.readsForkHistory !== false;
  }

  private withinBudget(): boolean {
    if (this.opts.instructions > 0 && this.ran >= this.opts.instructions) return false;
    if (this.seconds > 0 && this.now() - this.startedAt > this.seconds) return false;
    return true;
  }

  select(): SearchState {
    if (this.last && this.withinBudget()) return this.last;
    if (this.last && this.seconds > 0) {
      const delta = this.now() - this.startedAt;
      if (delta > this.seconds * 1.1) this.seconds = delta;
    }
    this.last = this.inner.select();
    this.ran = 0;
    if (this.seconds > 0) this.startedAt = this.now();
    return this.last;
  }

  update(current: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void {
    if (this.last && removed.includes(this.last)) this.last = null;
    this.inner.update(current, added, removed);
  }

  empty(): boolean {
    return this.inner.empty();
  }

  instructionsRun(n: number): void {
    this.ran += n;
    this.inner.instructionsRun?.(n);
  }
}
