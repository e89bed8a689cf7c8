// `--search bfs`: breadth-first — the oldest pending state runs; a state that forks goes to the back
// of the queue behind the states it created (KLEE's BFSSearcher: a fork means the state "evolved").

import type { SearchState, Searcher } from './searcher.js';
import { StateList } from './state-list.js';

export class BfsSearcher implements Searcher {
  readonly name = 'bfs';
  readonly readsForkHistory = false;
  private readonly states = new StateList();

  select(): SearchState {
    return this.states.first();
  }

  update(current: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void {
    if (current && added.length > 0 && !removed.includes(current) && this.states.has(current)) {
      this.states.remove(current, this.name);
      this.states.push(current, this.name);
    }
    for (const s of added) this.states.push(s, this.name);
    for (const s of removed) this.states.remove(s, this.name);
  }

  empty(): boolean {
    return this.states.size === 0;
  }
}
