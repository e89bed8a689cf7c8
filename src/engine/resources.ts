// The process resources budgets are measured against.
//
// --max-memory holds against the process's real footprint (resident set size), as KLEE's holds against
// its allocator's: the engine's own count, used before (JS heap plus array buffers), left out V8's
// unused heap, code, the parsed modules and malloc's arenas, and a run at 300 MB reached 767 MB. RSS also
// counts garbage not yet collected, so before states are dropped for it a full collection is asked
// for (at most every GC_INTERVAL_MS) and RSS measured again.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

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
