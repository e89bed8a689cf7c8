// `--search random-state`: a pending state chosen uniformly at random (KLEE's RandomSearcher). States
// sit in an array (swap-remove, O(1)); the draw comes from the run's seeded Rng, so it is reproducible.

import type { Rng } from './rng.js';
import type { SearchState, Searcher } from './searcher.js';

export class RandomStateSearcher implements Searcher {
  readonly name = 'random-state';
  readonly readsForkHistory = false;
  private readonly states: SearchState[] = [];
  private readonly index = new Map<SearchState, number>();

  constructor(private readonly rng: Rng) {}

  select(): SearchState {
    if (this.states.length === 0) throw new Error('select() on an empty searcher');
    return this.states[this.rng.nextInt(this.states.length)]!;
  }

  update(_current: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void {
    for (const s of added) {
      if (this.index.has(s)) throw new Error(`${this.name}: state ${s.id} added twice`);
      this.index.set(s, this.states.length);
      this.states.push(s);
    }
    for (const s of removed) {
      const i = this.index.get(s);
      if (i === undefined) throw new Error(`${this.name}: removing state ${s.id}, which it does not hold`);
      const last = this.states.pop()!;
      if (last !== s) {
        this.states[i] = last;
        this.index.set(last, i);
      }
      this.index.delete(s);
    }
  }

  empty(): boolean {
    return this.states.length === 0;
  }
}
