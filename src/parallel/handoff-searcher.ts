// The searcher of a worker's engine: the run's own searcher, plus giving pending states away. When the
// coordinator asks for work (an idle worker and no queued job), the next select() takes half of this
// engine's pending states — the oldest ones (under DFS the ones nearest the root, the biggest subtrees,
// as Cloud9 hands off) — records each one's prefix, and removes it from this engine without ending it as
// a path: no test, no path count. The executor still reports those states as removed at its next
// update; they are kept away from the inner searcher, which already forgot them.

import type { Executor } from '../engine/executor.js';
import type { ExecutionState } from '../engine/state.js';
import type { Searcher, SearchState } from '../search/searcher.js';
import { prefixOf } from '../engine/path-prefix.js';

/** A state given away: its prefix and how many instructions its path had executed (re-executed by the taker). */
export interface GivenPrefix {
  tape: Int32Array;
  instructions: number;
}

export class HandoffSearcher implements Searcher {
  readonly name: string;
  private readonly given = new Set<ExecutionState>();

  constructor(
    private readonly base: Searcher,
    private readonly ex: Executor,
    /** Whether work is wanted now (read before each selection). */
    private readonly wanted: () => boolean,
    /** Receives the prefixes given away. */
    private readonly give: (prefixes: GivenPrefix[]) => void,
    /** Called before each selection (progress reports). */
    private readonly beforeSelect: () => void = () => {},
    /** How many pending states to give: half (the oldest) or all of them (every one but the next to run). */
    private readonly share: 'half' | 'all' = 'half',
  ) {
    this.name = base.name;
  }

  select(): SearchState {
    this.beforeSelect();
    if (this.wanted()) this.handOff();
    return this.base.select();
  }

  private handOff(): void {
    const next = this.base.select() as ExecutionState;
    const pending = this.ex.liveStatesOldestFirst().filter((s) => s !== next && !s.terminated);
    if (pending.length === 0) return;
    const chosen = this.share === 'all' ? pending : pending.slice(0, Math.ceil(pending.length / 2));
    const out: GivenPrefix[] = chosen.map((s) => ({ tape: prefixOf(s), instructions: s.instructions }));
    for (const s of chosen) {
      s.terminated = true;
      this.given.add(s);
      // Out of the engine's live set and, at its next update, out of the process tree.
      this.ex.stateTerminated(s);
    }
    this.base.update(null, [], chosen);
    this.give(out);
  }

  update(current: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void {
    if (this.given.size > 0 && removed.length > 0) {
      const kept = removed.filter((r) => !this.given.delete(r as ExecutionState));
      this.base.update(current, added, kept);
      return;
    }
    this.base.update(current, added, removed);
  }

  empty(): boolean {
    return this.base.empty();
  }

  instructionsRun(n: number): void {
    this.base.instructionsRun?.(n);
  }
}
