// A tiny symbolic "program" for the subpath-search tests: a tree (or a lazily unrolled graph) of fork
// sites, and a driver that plays the engine's part — select(), run to the next fork or end, fork with the
// forking state on the true side and a new state on the false side, record one fork key per side in
// forkHistory (capped at 64 like the engine), update(current, added, removed) — optionally with
// quantum updates (no fork, no end) in between, as the engine makes every few hundred instructions.

import type { Searcher, SearchState } from '../../src/search/searcher.js';
import { fakeState, type FakeState } from './fakes.js';

/** A fork site with its two successors, or the end of a path (labelled). */
export type Node = { site: string; t: () => Node; f: () => Node } | { exit: string };

export const fork = (site: string, t: Node | (() => Node), f: Node | (() => Node)): Node => ({
  site,
  t: typeof t === 'function' ? t : () => t,
  f: typeof f === 'function' ? f : () => f,
});
export const exit = (label: string): Node => ({ exit: label });

/** Site name → number, and the key of a decision (site, direction) as the engine would encode it. */
const siteIds = new Map<string, number>();
export function keyOf(site: string, dir: 0 | 1): number {
  let id = siteIds.get(site);
  if (id === undefined) {
    id = siteIds.size + 1;
    siteIds.set(site, id);
  }
  return id * 2 + dir;
}

export interface SimState extends FakeState {
  forkHistory: number[];
  at: Node;
  /** Decisions so far, for the labels of ended paths, e.g. `s0f s8t s9t`. */
  path: string[];
}

export function simState(at: Node): SimState {
  const s = fakeState() as SimState;
  s.forkHistory = [];
  s.at = at;
  s.path = [];
  return s;
}

function record(s: SimState, site: string, dir: 0 | 1): void {
  s.depth++;
  s.forkHistory.push(keyOf(site, dir));
  if (s.forkHistory.length > 64) s.forkHistory.shift();
  s.path.push(`${site}${dir === 0 ? 't' : 'f'}`);
}

export interface SimEvent {
  /** The state the searcher returned. */
  picked: SimState;
  /** What it did: forked (the new state), or ended (its path label). */
  forked?: SimState;
  ended?: string;
}

export interface DriveOptions {
  /** Stop after this many steps (a select() each). */
  maxSteps?: number;
  /** Quantum updates (no fork, no end) before each real step of a picked state. */
  quanta?: number;
  /** Called after each step. */
  onStep?: (e: SimEvent) => void;
}

/**
 * Runs `program` under `searcher` until no state is left or maxSteps selections have been made.
 * Returns the labels of the ended paths in order (`path exit-label`).
 */
export function drive(searcher: Searcher, program: Node, opts: DriveOptions = {}): { ended: string[]; events: SimEvent[]; live: SimState[] } {
  const initial = simState(program);
  const live = new Set<SimState>([initial]);
  searcher.update(null, [initial], []);
  const ended: string[] = [];
  const events: SimEvent[] = [];
  const max = opts.maxSteps ?? 100_000;
  for (let step = 0; step < max && !searcher.empty(); step++) {
    const s = searcher.select() as SimState;
    for (let q = 0; q < (opts.quanta ?? 0); q++) {
      searcher.update(s, [], []);
      const again = searcher.select();
      if (again !== s) throw new Error(`pre-empted: ${s.id} replaced by ${again.id} without a fork`);
    }
    const at = s.at;
    let e: SimEvent;
    if ('exit' in at) {
      const label = `${s.path.join(' ')} ${at.exit}`.trim();
      ended.push(label);
      live.delete(s);
      searcher.update(s, [], [s]);
      e = { picked: s, ended: label };
    } else {
      const child = simState(at.f());
      child.depth = s.depth;
      child.forkHistory = s.forkHistory.slice();
      child.path = s.path.slice();
      s.at = at.t();
      record(s, at.site, 0);
      record(child, at.site, 1);
      live.add(child);
      searcher.update(s, [child], []);
      e = { picked: s, forked: child };
    }
    events.push(e);
    opts.onStep?.(e);
  }
  return { ended, events, live: [...live] };
}

/** The example program of the paper (Fig. 1, as its Tables 1 and 2 walk it): 7 paths. */
export function paperExample(): Node {
  const s9 = fork('s9', exit('s10'), exit('s4'));
  const s8 = fork('s8', s9, exit('s4'));
  const s5 = fork('s5', exit('s6'), s8);
  return fork('s0', s5, s8);
}

/** All states a searcher holds are `SearchState`s; this narrows for the tests. */
export function asSim(s: SearchState): SimState {
  return s as SimState;
}
