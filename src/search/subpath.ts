// `--search subpath:N` (N = 0, 1, 2, 4, 8, … or `inf`): subpath-guided search, SGS (Li, Su, Wang, Li,
// "Steering Symbolic Execution to Less Traveled Paths", OOPSLA'13; ../shared/papers/NOTES.md).
//
// Semantics, as the paper's Algorithms 1 and 2:
// - Each pending state has a *window*: its last N fork decisions, oldest first, across function calls.
//   A decision is the key the engine records for a real fork (SearchState.forkHistory: fork site and
//   direction). Only real forks enter it — both sides feasible and both kept; a branch decided by the
//   path condition, or cut to one side by --max-depth/--max-forks or a pruning hook, is not a fork.
//   Multi-way forks count too: every feasible successor of a symbolic `switch` (one direction per
//   distinct target block, the default included), of an `indirectbr` or a call through a symbolic
//   function pointer, and every object a symbolic pointer may resolve to (plus "no object"), is a
//   direction of its own at that site.
// - Windows shorter than N (fewer than N forks since the path started) are keys of their own: ⟨⟩, ⟨a⟩
//   and ⟨a,b⟩ are three different keys for N = 2, never padded or merged with longer ones.
// - One table, global to the run, counts per window how many times a state holding it was SELECTED.
//   Forking only creates windows (count 0 when new, the table's count when seen before); it never
//   counts. The count is bumped when select() picks a state afresh.
// - select(): among the pending states, those whose window has the lowest count; ties uniformly at
//   random over the states (from the run's seeded Rng), or with `ties: 'latest'` the state that joined
//   its window last (after a fork, the new state joins after the forking one: DFS's choice — the
//   paper's worked examples, Tables 1 and 2, use this).
// - No pre-emption: once picked, a state keeps being returned by select() (without counting again)
//   until it forks — its depth changes — or terminates. The engine asks after every fork, end or quantum
//   of instructions; quanta therefore never re-select. Under interleaving (--search subpath:2 --search
//   nurs:covnew) the other searcher's turns may run other states in between; our state is resumed on our
//   next turn as long as it has not forked or ended.
// - N = 0: one empty window for every state, so every choice is a tie: random-state. N = inf: the window
//   is the whole fork history, which no other state ever shares; a window is never re-selected unless
//   interleaving resumed it, so this too is (nearly) random-state over the states not yet run since their
//   last fork — as the paper and NOTES.md say of the two extremes.
//
// Windows are kept by the searcher itself, incrementally: for every state it remembers its window and
// the depth (forks so far) it was computed at; after a state runs, the keys the engine appended since
// are the last (depth - seen) entries of forkHistory. A new state (always forked off `current`) starts
// from current's window as it was before this update. The engine keeps only the last 64 keys
// (MAX_FORK_HISTORY in src/engine/fork-history.ts), which is enough since a state is seen after every fork
// (the engine never makes more than one fork per step); so every N, `inf` included, is exact and the
// engine's history stays bounded. For N = inf the window is not spelled out at all: each fork makes a
// fresh window object, whose identity is the key.
//
// Cost: states are bucketed by the count of their window (count → CountBucket of windows weighted by
// their pending states, subpath-buckets.ts), with a min-heap of the counts in use. select() is
// O(log windows); nothing scans the states. A window remembers where each decision leads (window + key
// → next window), so a fork costs two small map lookups and O(log windows) bucket updates; the key
// string (O(N)) is built only the first time a transition is taken.

import type { Rng } from './rng.js';
import type { SearchState, Searcher } from './searcher.js';
import { CountBucket, CountHeap } from './subpath-buckets.js';

export type SubpathTies = 'random' | 'latest';

/** A window and what the table knows of it. */
interface Window {
  /** The table's key (the decisions joined by commas); null for N = inf (identity is the key). */
  readonly key: string | null;
  /** The decisions, oldest first (finite N; empty for N = inf). */
  readonly keys: readonly number[];
  /** Where one more decision leads: key → window (finite N > 0; filled lazily). */
  next: Map<number, Window> | null;
  /** Times a state holding this window was selected. */
  count: number;
  /** Pending states holding it, in no particular order (uniform draws). */
  readonly holders: Entry[];
  /** The same states in the order they joined (newest = tail), for ties = 'latest'. */
  head: Entry | null;
  tail: Entry | null;
  /** Slot in buckets.get(count), -1 while no pending state holds the window. */
  slot: number;
}

/** What the searcher keeps per pending state. */
interface Entry {
  readonly state: SearchState;
  window: Window;
  /** state.depth when `window` was brought up to date. */
  seen: number;
  /** Index in window.holders. */
  index: number;
  /** Join order over the run (the newest joiner has the largest stamp). */
  stamp: number;
  prev: Entry | null;
  next: Entry | null;
}

/** Parses the parameter of `subpath:PARAM`: a whole number >= 0 or `inf`; null when it is neither. */
export function parseSubpathLength(param: string): number | null {
  if (param === 'inf') return Infinity;
  if (!/^\d+$/.test(param)) return null;
  const n = Number(param);
  return Number.isSafeInteger(n) ? n : null;
}

export class SubpathSearcher implements Searcher {
  readonly name: string;
  readonly readsForkHistory = true;
  /** Every window seen so far, by key (finite N only): the paper's global table. */
  private readonly table = new Map<string, Window>();
  /** The empty window ⟨⟩: every path starts there. */
  private readonly root: Window;
  private readonly entries = new Map<SearchState, Entry>();
  private readonly buckets = new Map<number, CountBucket<Window>>();
  /** Emptied buckets, for reuse (counts come and go at every selection). */
  private readonly spare: CountBucket<Window>[] = [];
  private readonly counts = new CountHeap();
  private stamps = 0;
  /** The state being run without pre-emption, and its depth when picked. */
  private running: Entry | null = null;
  private runningDepth = -1;
  /** Selections that counted (not the resumptions of a running state): stats and tests. */
  selections = 0;

  constructor(
    /** Window length; Infinity for `inf`. */
    readonly n: number,
    private readonly rng: Rng,
    private readonly ties: SubpathTies = 'random',
  ) {
    if (!(n >= 0) || (Number.isFinite(n) && !Number.isInteger(n))) throw new Error(`subpath: bad window length ${n}`);
    this.name = `subpath:${Number.isFinite(n) ? n : 'inf'}${ties === 'latest' ? '(ties: latest)' : ''}`;
    this.root = newWindow('', []);
    if (Number.isFinite(n)) this.table.set('', this.root);
  }

  empty(): boolean {
    return this.entries.size === 0;
  }

  select(): SearchState {
    const r = this.running;
    if (r !== null && this.entries.get(r.state) === r && r.state.depth === this.runningDepth) return r.state;
    const count = this.lowestCount();
    if (count === undefined) throw new Error('select() on an empty searcher');
    const bucket = this.buckets.get(count)!;
    let e: Entry;
    if (this.ties === 'latest') {
      e = bucket.newest().tail!;
    } else {
      const { item, offset } = bucket.pick(this.rng.nextInt(bucket.total));
      e = item.holders[offset]!;
    }
    this.bump(e.window);
    this.selections++;
    this.running = e;
    this.runningDepth = e.state.depth;
    return e.state;
  }

  update(current: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void {
    const parent = current === null ? undefined : this.entries.get(current);
    // New states first: they start from the parent's window as it was before it forked.
    const fresh: Entry[] = [];
    for (const s of added) {
      if (this.entries.has(s)) throw new Error(`${this.name}: state ${s.id} added twice`);
      const base = parent !== undefined && s.depth >= parent.seen ? parent : null;
      const w = this.advance(base ? base.window : this.root, s, base ? base.seen : 0, base === null);
      const e: Entry = { state: s, window: w, seen: s.depth, index: -1, stamp: 0, prev: null, next: null };
      this.entries.set(s, e);
      fresh.push(e);
    }
    if (parent !== undefined && current!.depth !== parent.seen && !removed.includes(current!)) {
      const w = this.advance(parent.window, current!, parent.seen, false);
      parent.seen = current!.depth;
      this.leave(parent);
      this.join(parent, w);
    }
    for (const e of fresh) this.join(e, e.window);
    for (const s of removed) {
      const e = this.entries.get(s);
      if (e === undefined) throw new Error(`${this.name}: removing state ${s.id}, which it does not hold`);
      this.leave(e);
      this.entries.delete(s);
      if (this.running === e) this.running = null;
    }
  }

  /** The count of the window `s` holds (tests and the benchmark). */
  countOf(s: SearchState): number {
    const e = this.entries.get(s);
    if (e === undefined) throw new Error(`${this.name}: no state ${s.id}`);
    return e.window.count;
  }

  /** The window `s` holds, as fork keys oldest first (finite N; tests). */
  windowOf(s: SearchState): readonly number[] {
    const e = this.entries.get(s);
    if (e === undefined) throw new Error(`${this.name}: no state ${s.id}`);
    return e.window.keys;
  }

  /** Windows in the table (finite N): every window a state has held or passed through. */
  get windows(): number {
    return this.table.size;
  }

  // ---------------------------------------------------------------------------------------------

  /**
   * The window of `s` now, from `w`, its window at depth `seen`: one step per decision recorded since.
   * `fresh` (a state not forked off `current`, e.g. the initial one): always a new window for N = inf.
   */
  private advance(w: Window, s: SearchState, seen: number, fresh: boolean): Window {
    if (!Number.isFinite(this.n)) return fresh || s.depth !== seen ? newWindow(null, []) : w;
    if (this.n === 0) return w;
    const h = s.forkHistory;
    const since = Math.min(s.depth - seen, h.length);
    // More than N new decisions: only the last N matter (N steps push out everything older).
    for (let i = h.length - Math.min(since, this.n); i < h.length; i++) w = this.step(w, h[i]!);
    return w;
  }

  /** The window after one more decision `k`: `w` without its oldest decision if full, then `k`. */
  private step(w: Window, k: number): Window {
    let next = w.next?.get(k);
    if (next !== undefined) return next;
    const keys = w.keys.length < this.n ? [...w.keys, k] : [...w.keys.slice(1), k];
    const key = keys.join(',');
    next = this.table.get(key);
    if (next === undefined) {
      next = newWindow(key, keys);
      this.table.set(key, next);
    }
    (w.next ??= new Map()).set(k, next);
    return next;
  }

  private join(e: Entry, w: Window): void {
    e.window = w;
    e.index = w.holders.length;
    w.holders.push(e);
    e.stamp = this.stamps++;
    e.prev = w.tail;
    e.next = null;
    if (w.tail) w.tail.next = e;
    else w.head = e;
    w.tail = e;
    const b = this.bucket(w.count);
    if (w.slot < 0) w.slot = b.insert(w, this.valueOf(w));
    else b.update(w.slot, this.valueOf(w));
  }

  private leave(e: Entry): void {
    const w = e.window;
    const last = w.holders.pop()!;
    if (last !== e) {
      w.holders[e.index] = last;
      last.index = e.index;
    }
    if (e.prev) e.prev.next = e.next;
    else w.head = e.next;
    if (e.next) e.next.prev = e.prev;
    else w.tail = e.prev;
    e.prev = e.next = null;
    const b = this.buckets.get(w.count)!;
    if (w.holders.length === 0) {
      b.remove(w.slot);
      w.slot = -1;
      if (b.size === 0) this.dropBucket(w.count, b);
    } else {
      b.update(w.slot, this.valueOf(w));
    }
  }

  /** Counts one selection of `w`: its states move to the next bucket together. */
  private bump(w: Window): void {
    const from = this.buckets.get(w.count)!;
    from.remove(w.slot);
    if (from.size === 0) this.dropBucket(w.count, from);
    w.count++;
    w.slot = this.bucket(w.count).insert(w, this.valueOf(w));
  }

  private bucket(count: number): CountBucket<Window> {
    let b = this.buckets.get(count);
    if (b === undefined) {
      b = this.spare.pop() ?? new CountBucket<Window>(this.ties === 'latest' ? 'max' : 'sum');
      this.buckets.set(count, b);
      this.counts.push(count);
    }
    return b;
  }

  /** A window's value in its bucket: its pending states (random ties) or its newest join (latest). */
  private valueOf(w: Window): number {
    return this.ties === 'latest' ? w.tail!.stamp : w.holders.length;
  }

  private dropBucket(count: number, b: CountBucket<Window>): void {
    this.buckets.delete(count);
    b.reset();
    this.spare.push(b);
  }

  /** The lowest count that has pending states (drops counts whose bucket is gone). */
  private lowestCount(): number | undefined {
    for (;;) {
      const c = this.counts.peek();
      if (c === undefined) return undefined;
      if (this.buckets.has(c)) return c;
      this.counts.pop();
    }
  }
}

function newWindow(key: string | null, keys: readonly number[]): Window {
  return { key, keys, next: null, count: 0, holders: [], head: null, tail: null, slot: -1 };
}
