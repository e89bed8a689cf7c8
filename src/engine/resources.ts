// The process resources budgets are measured against.
//
// --max-memory holds against the process's real footprint (resident set size), as KLEE's holds against
// its allocator's: the engine's own count, used before (JS heap plus array buffers), left out V8's
// unused heap, code, the parsed modules and malloc's arenas, and a run at 300 MB reached 767 MB. RSS also
// counts garbage not yet collected, so before states are dropped for it a full collection is asked
// for (at most every GC_INTERVAL_MS) and RSS measured again. And RSS does not fall when memory is
// freed: glibc's malloc keeps freed blocks of dropped states' contents for reuse (measured: array
// buffers 284 -> 192 MB after a drop, RSS 403 -> 416 MB), so RSS alone made the budget drop state
// after state for memory the process already had back. KLEE counts what malloc has in use; the
// nearest Node shows is V8's heap plus its external memory (array buffers, WebAssembly memories),
// plus what lay outside both when first measured (code, V8's and Node's own): the footprint is the
// smaller of that and RSS. A worker thread sees only its own isolate's heaps, so there RSS alone counts.

import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';

// node:v8 and node:worker_threads are loaded when first needed (a collection, the heap's growth held,
// the first footprint), not at start-up: ~5 ms of every start together, in runs that never need them.
const builtin = createRequire(import.meta.url);
const setFlagsFromString = (flags: string): void => (builtin('node:v8') as typeof import('node:v8')).setFlagsFromString(flags);
let mainThread: boolean | undefined;
const isMainThread = (): boolean => (mainThread ??= (builtin('node:worker_threads') as typeof import('node:worker_threads')).isMainThread);

/** The process's resident set, in MB. */
export function residentMB(): number {
  return process.memoryUsage.rss() / (1 << 20);
}

const GC_INTERVAL_MS = 200;
/**
 * Slower collections than this are spaced to take at most GC_TIME_SHARE of the run: a full collection
 * of a 1.5 GB heap takes over a second, and every GC_INTERVAL_MS those ran back to back once RSS stayed
 * over the limit (V8 keeps its reserved heap resident): echo with KLEE's OSDI'08 arguments at the
 * default 2,000 MB ran ~4k instructions from 131 s to 174 s (benchmarks/results/memory, session 12).
 * Between spaced collections the footprint counts the garbage since the last one, so states are not
 * dropped for it (`dropsAllowed: false`; forks still stop). Quick collections keep the 200 ms pace,
 * where the run's own growth between them is what the budget must see.
 */
const SLOW_GC_MS = 100;
const GC_TIME_SHARE = 0.25;
const GC_INTERVAL_MAX_MS = 10_000;
let lastGcAt = -Infinity;
let lastGcMs = 0;
let fullGc: (() => void) | null | undefined;

/** V8's full collection, exposed once without a command-line flag; null when this V8 refuses. */
function collector(): (() => void) | null {
  if (fullGc !== undefined) return fullGc;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    fullGc = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    fullGc = null;
  }
  return fullGc;
}

/**
 * Past this share of --max-memory, V8 grows its heap by at most HEAP_GROWING_PERCENT after each full
 * collection. Its own policy grows the heap up to 4x when collections are cheap, so most of a long
 * run's RSS was garbage awaiting collection: echo with KLEE's OSDI'08 arguments for 60 s peaked at
 * 1,876 MB RSS with a 1,668 MB heap, and at 920 MB / 604 MB with the growth held to 30% from the start
 * (13% fewer instructions in the same time: more collections). Held only past half the limit, a run
 * that stays small keeps V8's faster policy. V8's flags are the process's: once set, the hold stays
 * for the rest of the process (a library caller's later runs in it included).
 */
const RESTRAIN_AT = 0.5;
/**
 * Nor below this footprint: with a small limit the hold made it worse — test/output/memory-limit.test.ts
 * (`--max-memory 300`) peaked at 462-466 MB with it from 150 MB against ~440 without (V8's own policy
 * already grows little near a small heap, and the extra full collections came between the budget's
 * checks). Measured gains were at the default 2,000 MB limit.
 */
const RESTRAIN_FROM_MB = 1000;
const HEAP_GROWING_PERCENT = 30;
let restrained = false;

function restrainHeapGrowth(): void {
  if (restrained) return;
  restrained = true;
  try {
    setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  } catch {
    // a V8 without the flag: its own policy stays
  }
}

/** V8's heaps and external memory, in bytes. */
function heapsBytes(m: NodeJS.MemoryUsage): number {
  return m.heapTotal + m.external;
}

/** Resident bytes outside V8's heaps and external memory when first measured; undefined before. */
let outsideHeaps: number | undefined;

/** The footprint to hold --max-memory against (MB), and whether states may be dropped for it. */
export interface Footprint {
  mb: number;
  /** False while a slow collection's garbage may be in `mb` (see SLOW_GC_MS): forks stop, no drops. */
  dropsAllowed: boolean;
}

/**
 * The footprint to hold --max-memory against: RSS, or when RSS is over `limitMB`, the smaller of RSS and
 * the memory in use (see above), after a full collection when one is due (so uncollected garbage alone
 * never costs states).
 */
export function footprint(limitMB: number): Footprint {
  if (outsideHeaps === undefined && isMainThread()) {
    const m = process.memoryUsage();
    outsideHeaps = Math.max(0, m.rss - heapsBytes(m));
  }
  const rss = residentMB();
  if (rss > Math.max(limitMB * RESTRAIN_AT, RESTRAIN_FROM_MB)) restrainHeapGrowth();
  if (rss <= limitMB) return { mb: rss, dropsAllowed: true };
  const now = performance.now();
  const interval = lastGcMs < SLOW_GC_MS ? GC_INTERVAL_MS : Math.min(GC_INTERVAL_MAX_MS, lastGcMs / GC_TIME_SHARE);
  const gc = now - lastGcAt >= interval ? collector() : null;
  if (gc) {
    gc();
    lastGcAt = now;
    lastGcMs = performance.now() - now;
  }
  const dropsAllowed = gc !== null || lastGcMs < SLOW_GC_MS;
  if (outsideHeaps === undefined) return { mb: residentMB(), dropsAllowed };
  const m = process.memoryUsage();
  return { mb: Math.min(m.rss, outsideHeaps + heapsBytes(m)) / (1 << 20), dropsAllowed };
}
