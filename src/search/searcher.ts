// The Searcher plugin interface (DESIGN.md): which pending state runs next. Searchers see states only
// through `SearchState`, the few facts KLEE's searchers weigh, so a searcher never reaches into the
// engine and the engine never knows which searcher runs.

/** A node of the process tree (KLEE's PTree): one per state, split in two at every fork. */
export interface PTreeNode {
  parent: PTreeNode | null;
  left: PTreeNode | null;
  right: PTreeNode | null;
  /** The live state at this leaf, null for inner nodes and dead leaves. */
  state: SearchState | null;
}

export interface SearchState {
  /** Unique, increasing in creation order (ties in searchers are broken by it, for determinism). */
  readonly id: number;
  /** Number of forks on the path so far. */
  readonly depth: number;
  /** Leaf of the process tree for random-path. */
  ptreeNode: PTreeNode;
  /** Instructions executed since this state last covered a new instruction (nurs:covnew). */
  readonly instsSinceCovNew: number;
  /** Static id of the instruction the state executes next (nurs:icnt, nurs:md2u). */
  readonly pcInstructionId: number;
  /** Static id of the call site of the current frame, -1 in main (nurs:cpicnt). */
  readonly callPathKey: string;
  /** Last fork decisions, newest last: `branchId * 2 + direction`-style keys (subpath search); always empty when the searcher says it reads none (Searcher.readsForkHistory). */
  readonly forkHistory: readonly number[];
}

export interface Searcher {
  /** The state to run next; only called when !empty(). */
  select(): SearchState;
  /** States were added (forks, the initial state) and/or removed (terminated); `current` just ran. */
  update(current: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void;
  empty(): boolean;
  /**
   * Optional: the engine reports that the state it last got from select() ran `n` more instructions
   * (call it after each step, any granularity; n >= 1). Batching searchers count these to decide when
   * to select anew; combinators forward it. Searchers that do not need it leave it undefined.
   */
  instructionsRun?(n: number): void;
  /** For stats and messages: 'dfs', 'random-path', 'interleave(random-path,nurs:covnew)', … */
  readonly name: string;
  /**
   * False when this searcher, and every searcher it consults, never reads SearchState.forkHistory: the
   * engine then keeps no fork histories (issue 20: ~27 entries, ~450 B per live state of echo, read by
   * subpath search alone). Left undefined (a searcher that does not say), histories are kept.
   */
  readonly readsForkHistory?: boolean;
}
