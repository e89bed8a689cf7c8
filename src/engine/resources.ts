// The process resources budgets are measured against.
//
// --max-memory holds against the process's real footprint (resident set size), as KLEE's holds against
// its allocator's: the engine's own count (JS heap plus array buffers) left out V8's unused heap, code,
// the parsed modules and malloc's arenas, and a run with --max-memory 300 reached 767 MB. RSS also
// counts garbage not yet collected, so before states are dropped for it a full collection is asked
// for (at most every GC_INTERVAL_MS) and RSS measured again.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Memory the engine holds, in MB: the JS heap plus array buffers (object contents live there). */
export function memoryUsedMB(): number {
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / (1 << 20);
}

/** The process's resident set, in MB. */
export function residentMB(): number {
  return process.memoryUsage.rss() / (1 << 20);
}

const GC_INTERVAL_MS = 2000;
let lastGc = -Infinity;
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
 * The footprint to hold --max-memory against, in MB: RSS, after a full collection when RSS is over
 * `limitMB` (so uncollected garbage alone never costs states).
 */
export function footprintMB(limitMB: number): number {
  let rss = residentMB();
  if (rss <= limitMB) return rss;
  const now = performance.now();
  const gc = now - lastGc >= GC_INTERVAL_MS ? collector() : null;
  if (gc) {
    lastGc = now;
    gc();
    rss = residentMB();
  }
  return rss;
}
