// `--search dfs`: depth-first — always the most recently added state (KLEE's DFSSearcher). After a fork
// the new state runs first; the forking state resumes when that subtree is done.

import type { SearchState, Searcher } from './searcher.js';
import { StateList } from './state-list.js';

export class DfsSearcher implements Searcher {
  readonly name = 'dfs';
  readonly readsForkHistory = false;
  private readonly states = new StateList();

  select(): SearchState {
    return this.states.last();
  }

  update(_current: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void {
    for (const s of added) this.states.push(s, this.name);
    for (const s of removed) this.states.remove(s, this.name);
  }

  empty(): boolean {
    return this.states.size === 0;
  }
}
