// Adaptive back-off (issue 19; beyond the paper, `--no-pse-backoff` turns it off): PSE's work is spent
// where it has not paid, so a run whose summaries never match costs little more than DFS. Two rules,
// each only ever doing less — fewer checks, shorter or skipped walks — which can only prune less, so
// soundness is untouched (the README's argument: every approximation under-approximates Π):
//
//   per location   a branch location (instruction, successor, context) whose last FAIL_LIMIT checks all
//                  failed is backed off: it is checked again only at its 2^k-th attempt after that
//                  (exponential back-off; a success switches it back on), nothing more is recorded
//                  there, and a walk stops once no branch before it on the path is at a location still
//                  on (what it would record there is never asked for);
//   global budget  walks are skipped while PSE's own time (walks + checks) exceeds BUDGET × the rest of
//                  the run's time, plus a grace and a credit per pruned path (PRUNE_CREDIT times the
//                  average cost of a path in the rest of the run: a prune cuts a subtree); meanwhile the hook
//                  sleeps — records and checks nothing, a barrier event marking where its paths'
//                  records stop — until a path ends with PSE back within its budget. In CPU time of the
//                  process (the solver, a child process, is in neither side).
//
// The global rule depends on time, so with it a run's pruning is not exactly reproducible (which
// paths were learnt from depends on how fast the walks ran); the per-location rule is deterministic.

/** Consecutive failed checks after which a location is backed off. */
export const FAIL_LIMIT = 8;

/** PSE time allowed per unit of the rest of the run's time (before credit). */
export const BUDGET = 0.2;

/**
 * Paths' worth of credit per prune. A prune cuts a subtree, not one path: on the small subjects DFS
 * explores 2–16× the paths PSE does (benchmarks/results/pse). With a credit of one average path, early
 * walks on `args` overdrew the budget before the prunes they enable came in, and the sleeping hook then
 * learnt less and explored 1.4× the paths (nondeterministically: the budget is timed); 4 keeps the
 * budget for runs whose summaries never match (no prunes, no credit) as it was.
 */
export const PRUNE_CREDIT = 4;

/** Seconds of PSE work always allowed (a short run learns before it can tell whether learning pays). */
export const GRACE_SECONDS = 1;

/** CPU seconds (user + system) of this process so far. */
export function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

interface LocationState {
  /** Consecutive failed checks. */
  fails: number;
  /** Backed off: the attempts (checks skipped or made) since, to re-check at powers of two. */
  off: boolean;
  attempts: number;
}

export interface BackoffStats {
  /** Locations backed off at the end of the run. */
  locationsOff: number;
  /** Checks not made at backed-off locations. */
  checksSkipped: number;
  /** Walks not made because PSE's time exceeded its budget. */
  walksSkipped: number;
  /** Walks that stopped early because no earlier branch was at a location still on. */
  walksShortened: number;
}

/** The back-off's constants (tests make them tiny to exercise every path of it). */
export interface BackoffLimits {
  failLimit: number;
  budget: number;
  graceSeconds: number;
}

export class Backoff {
  private readonly locs = new Map<string, LocationState>();
  private readonly t0 = cpuSeconds();
  readonly stats: BackoffStats = { locationsOff: 0, checksSkipped: 0, walksSkipped: 0, walksShortened: 0 };

  private readonly limits: BackoffLimits;

  constructor(
    readonly enabled: boolean,
    limits: Partial<BackoffLimits> = {},
  ) {
    this.limits = { failLimit: FAIL_LIMIT, budget: BUDGET, graceSeconds: GRACE_SECONDS, ...limits };
  }

  /** Whether to check location `key` now (counts the attempt). */
  shouldCheck(key: string): boolean {
    if (!this.enabled) return true;
    const l = this.locs.get(key);
    if (!l || !l.off) return true;
    l.attempts++;
    // Powers of two: 1, 2, 4, 8, … attempts after backing off.
    if ((l.attempts & (l.attempts - 1)) === 0) return true;
    this.stats.checksSkipped++;
    return false;
  }

  /** A check at `key` was made: covered or not. */
  checked(key: string, covered: boolean): void {
    if (!this.enabled) return;
    let l = this.locs.get(key);
    if (!l) this.locs.set(key, (l = { fails: 0, off: false, attempts: 0 }));
    if (covered) {
      if (l.off) this.stats.locationsOff--;
      l.fails = 0;
      l.off = false;
      l.attempts = 0;
      return;
    }
    l.fails++;
    if (!l.off && l.fails >= this.limits.failLimit) {
      l.off = true;
      l.attempts = 0;
      this.stats.locationsOff++;
    }
  }

  /** Whether location `key` is backed off (nothing is recorded there). */
  isOff(key: string): boolean {
    return this.enabled && this.locs.get(key)?.off === true;
  }

  /**
   * Whether a walk may run now: PSE's time so far (`pseSeconds`: walks + checks) within its budget of
   * the rest of the run, with a credit of the average path's cost for each of `prunes` pruned paths.
   */
  mayWalk(pseSeconds: number, prunes: number, paths: number): boolean {
    if (!this.enabled) return true;
    const rest = Math.max(0, cpuSeconds() - this.t0 - pseSeconds);
    const credit = paths > 0 ? (PRUNE_CREDIT * prunes * rest) / paths : 0;
    const allowed = this.limits.budget * rest + this.limits.graceSeconds + credit;
    if (pseSeconds <= allowed) {
      // One walk may not overshoot the budget by much either (a Coreutils walk can take seconds): it
      // stops, learning less, when the CPU clock passes what is left (at least a little, to progress).
      this.deadline = cpuSeconds() + Math.max(allowed - pseSeconds, 0.05);
      return true;
    }
    this.stats.walksSkipped++;
    return false;
  }

  /** CPU time (cpuSeconds) at which the walk mayWalk allowed last should stop; Infinity when off. */
  deadline = Infinity;

  /** Whether the current walk is past its deadline (counted once per walk by the caller). */
  pastDeadline(): boolean {
    return this.enabled && cpuSeconds() > this.deadline;
  }
}
