// The searchers by name, and the one factory the CLI hands to the engine (RunEnvironment.createSearcher).
//
// ── For the engine ─────────────────────────────────────────────────────────────────────────────────
// Searcher (searcher.ts): select() / update(current, added, removed) / empty() / name, plus the optional
//   instructionsRun?(n): call `searcher.instructionsRun?.(n)` after the selected state ran n instructions
//   (any granularity). Batching (--batch-instructions) needs it; without it a batch never ends early.
// Loop, KLEE-style:
//   searcher.update(null, [initial], [])
//   while (!searcher.empty()) {
//     const s = searcher.select();              // may be called after every instruction
//     … run s (n instructions), collect forked states `added` and terminated states `removed` …
//     searcher.instructionsRun?.(n);
//     searcher.update(s, added, removed);       // s itself in `removed` if it terminated
//     for (const r of removed) ptree.remove(r); // after the update (either order works for random-path)
//   }
// Every state is added exactly once and removed exactly once; breaking that throws (an engine bug).
// Process tree (ptree.ts), needed by random-path: `new PTree(initial)` (sets initial.ptreeNode),
//   `tree.split(current, added)` at each fork before update(), `tree.remove(state)` when it terminates;
//   `detachedLeaf()` gives a placeholder ptreeNode for a state not yet in the tree.
// SearchState facts the weights read (see weighted.ts): depth (forks so far), instsSinceCovNew (KLEE:
//   0 until the state covers new code, then 1 and counting), pcInstructionId, callPathKey; the
//   SearcherContext answers executionCount, callPathInstructionCount, minDistanceToUncovered.
// Determinism: every random choice comes from ctx.rng; data structures depend only on the order of calls.
// ───────────────────────────────────────────────────────────────────────────────────────────────────
//
// Adding a searcher: one entry in SEARCHERS (a fixed name) or FAMILIES (a `prefix:PARAM` family such as
// issue 7's `subpath:N`, whose factory gets the text after the prefix and reports a bad parameter by
// throwing UnknownSearcherError).

import { BatchingSearcher } from './batching.js';
import { BfsSearcher } from './bfs.js';
import type { SearcherContext } from './context.js';
import { DfsSearcher } from './dfs.js';
import { InterleavedSearcher } from './interleaved.js';
import { RandomPathSearcher } from './random-path.js';
import { RandomStateSearcher } from './random-state.js';
import type { Searcher } from './searcher.js';
import { parseSubpathLength, SubpathSearcher, type SubpathTies } from './subpath.js';
import { WeightedRandomSearcher } from './weighted.js';

export type { Searcher, SearchState, PTreeNode } from './searcher.js';
export type { SearcherContext } from './context.js';
export { PTree, detachedLeaf } from './ptree.js';

/** KLEE's default: random-path interleaved with nurs:covnew. */
export const DEFAULT_SEARCH: readonly string[] = ['random-path', 'nurs:covnew'];

type Factory = (ctx: SearcherContext) => Searcher;

const SEARCHERS: ReadonlyMap<string, { make: Factory; help: string }> = new Map<string, { make: Factory; help: string }>([
  ['dfs', { make: () => new DfsSearcher(), help: 'depth-first: the newest state' }],
  ['bfs', { make: () => new BfsSearcher(), help: 'breadth-first: the oldest state; a forking state requeues' }],
  ['random-state', { make: (c) => new RandomStateSearcher(c.rng), help: 'a state uniformly at random' }],
  ['random-path', { make: (c) => new RandomPathSearcher(c.rng), help: 'random walk down the process tree (KLEE)' }],
  ['nurs:covnew', { make: (c) => new WeightedRandomSearcher('covnew', c), help: 'weighted: recently covered new code, near uncovered code' }],
  ['nurs:md2u', { make: (c) => new WeightedRandomSearcher('md2u', c), help: 'weighted: min distance to uncovered code' }],
  ['nurs:depth', { make: (c) => new WeightedRandomSearcher('depth', c), help: 'weighted: depth (forks on the path)' }],
  ['nurs:rp', { make: (c) => new WeightedRandomSearcher('rp', c), help: 'weighted: 0.5^depth' }],
  ['nurs:icnt', { make: (c) => new WeightedRandomSearcher('icnt', c), help: 'weighted: rarely executed next instruction' }],
  ['nurs:cpicnt', { make: (c) => new WeightedRandomSearcher('cpicnt', c), help: 'weighted: rarely executed call path' }],
]);

/** `subpath:combined` is no single searcher but four runs (N = 1, 2, 4, 8, a quarter of --max-time each,
 *  tests pooled); `sympath run` expands it (src/cli/run.ts), the factory only names it. */
export const SUBPATH_COMBINED = 'subpath:combined';
/** The window lengths of `subpath:combined`, in run order. */
export const SUBPATH_COMBINED_LENGTHS: readonly number[] = [1, 2, 4, 8];

interface Family {
  /** Builds the searcher for PARAM; throws UnknownSearcherError for a bad PARAM. */
  make: (param: string, ctx: SearcherContext, opts: SearcherFactoryOptions) => Searcher;
  /** Checks PARAM without building anything (the CLI validates names before a run). */
  validate: (param: string) => void;
  usage: string;
  help: string;
}

function subpathLength(param: string): number {
  const n = parseSubpathLength(param);
  if (n === null) {
    throw new UnknownSearcherError(`bad searcher 'subpath:${param}': expected subpath:N (N = 0, 1, 2, 4, 8, …), subpath:inf or subpath:combined`);
  }
  return n;
}

/** Parametrised families `prefix:PARAM`; the factory validates PARAM. */
const FAMILIES: ReadonlyMap<string, Family> = new Map<string, Family>([
  [
    'subpath',
    {
      make: (param, ctx, opts) => {
        if (param === 'combined') {
          throw new UnknownSearcherError(`'${SUBPATH_COMBINED}' is a portfolio of four runs that only 'sympath run' (with --max-time) can make`);
        }
        return new SubpathSearcher(subpathLength(param), ctx.rng, opts.subpathTies ?? 'random');
      },
      validate: (param) => {
        if (param !== 'combined') subpathLength(param);
      },
      usage: 'subpath:N',
      help:
        'subpath-guided (SGS): least-selected window of the last N forks; N = 0, 1, 2, …, inf, or combined ' +
        '(N = 1, 2, 4, 8 for a quarter of --max-time each)',
    },
  ],
]);

/** A --search name that does not exist (or a family parameter that is wrong). */
export class UnknownSearcherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnknownSearcherError';
  }
}

/** Every accepted name, for help texts and error messages. */
export function searcherNames(): string[] {
  return [...SEARCHERS.keys(), ...[...FAMILIES.values()].map((f) => f.usage)];
}

/** One line per searcher: `name  description`. */
export function searcherHelp(): string {
  const width = Math.max(...searcherNames().map((n) => n.length));
  return [...[...SEARCHERS].map(([n, s]) => [n, s.help]), ...[...FAMILIES.values()].map((f) => [f.usage, f.help])]
    .map(([n, h]) => `${n!.padEnd(width)}  ${h}`)
    .join('\n');
}

function makeOne(name: string, ctx: SearcherContext | null, opts: SearcherFactoryOptions = { batchInstructions: 0 }): Searcher | null {
  const fixed = SEARCHERS.get(name);
  if (fixed) return ctx ? fixed.make(ctx) : null;
  const colon = name.indexOf(':');
  const family = colon > 0 ? FAMILIES.get(name.slice(0, colon)) : undefined;
  if (family) {
    if (ctx) return family.make(name.slice(colon + 1), ctx, opts);
    family.validate(name.slice(colon + 1));
    return null;
  }
  throw new UnknownSearcherError(`unknown searcher '${name}'; valid searchers: ${searcherNames().join(', ')}`);
}

/** Throws UnknownSearcherError for the first name that is not a searcher (the CLI checks early). */
export function validateSearcherNames(names: readonly string[]): void {
  for (const n of names) makeOne(n, null);
}

/** How a run's search is reported (stats.json "search"): `dfs`, `interleave(random-path,nurs:covnew)`. */
export function describeSearch(names: readonly string[]): string {
  const list = names.length === 0 ? DEFAULT_SEARCH : names;
  return list.length === 1 ? list[0]! : `interleave(${list.join(',')})`;
}

export interface SearcherFactoryOptions {
  /** Instructions per batch (--batch-instructions); 0 = no instruction batching. */
  batchInstructions: number;
  /** Seconds per batch (--batch-time); 0 or absent = no time batching. */
  batchSeconds?: number;
  /** Clock for time batching, in seconds (tests). */
  now?: () => number;
  /** How subpath:N breaks ties between states of the lowest count (--subpath-ties; default 'random'). */
  subpathTies?: SubpathTies;
}

/**
 * The searcher for `names` (--search, in order; empty = DEFAULT_SEARCH): one searcher, or several
 * interleaved round-robin; wrapped in a BatchingSearcher when a batch budget is set.
 */
export function createSearcher(names: readonly string[], ctx: SearcherContext, opts: SearcherFactoryOptions): Searcher {
  const list = names.length === 0 ? DEFAULT_SEARCH : names;
  const searchers = list.map((n) => makeOne(n, ctx, opts)!);
  let searcher: Searcher = searchers.length === 1 ? searchers[0]! : new InterleavedSearcher(searchers);
  const seconds = opts.batchSeconds ?? 0;
  if (opts.batchInstructions > 0 || seconds > 0) {
    searcher = new BatchingSearcher(searcher, { instructions: opts.batchInstructions, seconds, now: opts.now });
  }
  return searcher;
}
