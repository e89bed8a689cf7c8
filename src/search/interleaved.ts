// `--search A --search B …`: the searchers take turns, one selection each, round-robin in the order
// given (KLEE's InterleavedSearcher). Every update and instruction count goes to all of them, so each
// holds the same states.

import type { SearchState, Searcher } from './searcher.js';

export class InterleavedSearcher implements Searcher {
  readonly name: string;
  readonly readsForkHistory: boolean;
  private next = 0;

  constructor(private readonly searchers: readonly Searcher[]) {
    if (searchers.length === 0) throw new Error('InterleavedSearcher needs at least one searcher');
    this.name = `interleave(${searchers.map((s) => s.name).join(',')})`;
    this.readsForkHistory = searchers.some((s) => s.readsForkHistory !== false);
  }

  select(): SearchState {
    const s = this.searchers[this.next]!;
    this.next = (this.next + 1) % this.searchers.length;
    return s.select();
  }

  update(current: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void {
    for (const s of this.searchers) s.update(current, added, removed);
  }

  empty(): boolean {
    return this.searchers[0]!.empty();
  }

  instructionsRun(n: number): void {
    for (const s of this.searchers) s.instructionsRun?.(n);
  }
}
