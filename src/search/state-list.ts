// An insertion-ordered set of states with O(1) add, remove, first and last: the deque behind the dfs
// and bfs searchers (KLEE uses a vector/deque and pays O(n) for removals in the middle; forks and
// terminations of states other than the newest are common enough to make that show).

import type { SearchState } from './searcher.js';

interface Link {
  state: SearchState;
  prev: Link | null;
  next: Link | null;
}

export class StateList {
  private head: Link | null = null;
  private tail: Link | null = null;
  private readonly links = new Map<SearchState, Link>();

  get size(): number {
    return this.links.size;
  }

  has(state: SearchState): boolean {
    return this.links.has(state);
  }

  /** Appends `state`; throws if it is already present (an engine bug: a state added twice). */
  push(state: SearchState, who: string): void {
    if (this.links.has(state)) throw new Error(`${who}: state ${state.id} added twice`);
    const link: Link = { state, prev: this.tail, next: null };
    if (this.tail) this.tail.next = link;
    else this.head = link;
    this.tail = link;
    this.links.set(state, link);
  }

  /** Removes `state`; throws if it is not present (an engine bug: removing a state never added). */
  remove(state: SearchState, who: string): void {
    const link = this.links.get(state);
    if (!link) throw new Error(`${who}: removing state ${state.id}, which it does not hold`);
    this.links.delete(state);
    if (link.prev) link.prev.next = link.next;
    else this.head = link.next;
    if (link.next) link.next.prev = link.prev;
    else this.tail = link.prev;
  }

  first(): SearchState {
    if (!this.head) throw new Error('select() on an empty searcher');
    return this.head.state;
  }

  last(): SearchState {
    if (!this.tail) throw new Error('select() on an empty searcher');
    return this.tail.state;
  }
}
