// `--search nurs:*`: non-uniform random search (KLEE's WeightedRandomSearcher). Each state has a weight;
// select() draws a state with probability weight / total from a DiscretePDF (O(log n)). The weights,
// as KLEE defines them:
//   nurs:depth   depth (forks on the path)                       — fixed at insertion
//   nurs:rp      0.5^depth (random-path's bias without the tree)  — fixed at insertion
//   nurs:icnt    1 / max(1, count)^2, count = times the state's next instruction ran, over all states
//   nurs:cpicnt  1 / max(1, instructions run under the state's current call path)
//   nurs:md2u    (1 / md2u)^2, md2u = min distance to an uncovered instruction (10000 when none)
//   nurs:covnew  md2u's weight + (1 / max(1, instsSinceCovNew - 1000))^2 when instsSinceCovNew > 0
// The updating kinds re-weigh the state that just ran on every update(), as KLEE does; other states keep
// the weight of their last run until they run again.
//
// instsSinceCovNew follows KLEE: 0 while a state has never covered new code; set to 1 when it does and
// counted up from there. KLEE's distance 0 means "nothing reachable"; the SearcherContext says Infinity
// for that, and a distance of 0 (the next instruction itself is uncovered) weighs like 1.
//
// md2u and covnew weigh a state by its distance to uncovered code, whose first use computes distances over
// the whole module (a tenth of a second on a program linked with musl). While the searcher holds one
// state there is nothing to choose between, so those weights wait until a second state arrives: the
// update that brings it weighs the current state then, as it would anyway, so the draws are the same as
// if every update had weighed (a program that never forks never computes a distance).

import type { SearcherContext } from './context.js';
import { DiscretePDF } from './discrete-pdf.js';
import type { Rng } from './rng.js';
import type { SearchState, Searcher } from './searcher.js';

export type WeightKind = 'depth' | 'rp' | 'icnt' | 'cpicnt' | 'md2u' | 'covnew';

export const WEIGHT_KINDS: readonly WeightKind[] = ['covnew', 'md2u', 'depth', 'icnt', 'cpicnt', 'rp'];

/** A uniform double in [0, 1) with 53 random bits (two draws), for the weighted choice. */
export function uniform53(rng: Rng): number {
  const hi = rng.nextU32() >>> 5; // 27 bits
  const lo = rng.nextU32() >>> 6; // 26 bits
  return (hi * 67108864 + lo) / 9007199254740992;
}

/** The weight of `s` under `kind`, KLEE's formulas (see the file comment). */
export function stateWeight(kind: WeightKind, s: SearchState, ctx: SearcherContext): number {
  switch (kind) {
    case 'depth':
      return s.depth;
    case 'rp':
      return Math.pow(0.5, s.depth);
    case 'icnt': {
      const inv = 1 / Math.max(1, ctx.executionCount(s.pcInstructionId));
      return inv * inv;
    }
    case 'cpicnt':
      return 1 / Math.max(1, ctx.callPathInstructionCount(s.callPathKey));
    case 'md2u':
    case 'covnew': {
      const d = ctx.minDistanceToUncovered(s);
      const invMd2u = 1 / (Number.isFinite(d) ? Math.max(1, d) : 10000);
      let w = invMd2u * invMd2u;
      if (kind === 'covnew' && s.instsSinceCovNew > 0) {
        const invCovNew = 1 / Math.max(1, s.instsSinceCovNew - 1000);
        w += invCovNew * invCovNew;
      }
      return w;
    }
  }
}

export class WeightedRandomSearcher implements Searcher {
  readonly name: string;
  readonly readsForkHistory = false;
  private readonly pdf = new DiscretePDF<SearchState>();
  private readonly updatesWeights: boolean;
  /** md2u/covnew: weights wait while one state is held (file comment). */
  private readonly lazy: boolean;
  /** States held without their weight (at most one, while it is alone). */
  private readonly unweighed = new Set<SearchState>();

  constructor(
    readonly kind: WeightKind,
    private readonly ctx: SearcherContext,
  ) {
    this.name = `nurs:${kind}`;
    this.updatesWeights = kind !== 'depth' && kind !== 'rp';
    this.lazy = kind === 'md2u' || kind === 'covnew';
  }

  select(): SearchState {
    return this.pdf.choose(uniform53(this.ctx.rng));
  }

  update(current: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void {
    const alone = this.lazy && this.pdf.size + added.length - removed.length <= 1;
    if (current && this.updatesWeights && this.pdf.has(current) && !removed.includes(current)) {
      this.pdf.update(current, this.weigh(current, alone));
    }
    for (const s of added) {
      if (this.pdf.has(s)) throw new Error(`${this.name}: state ${s.id} added twice`);
      this.pdf.insert(s, this.weigh(s, alone));
    }
    for (const s of removed) {
      if (!this.pdf.has(s)) throw new Error(`${this.name}: removing state ${s.id}, which it does not hold`);
      this.pdf.remove(s);
      this.unweighed.delete(s);
    }
    // A lone state that was not this update's current one (an update without a current state).
    if (!alone) for (const s of this.unweighed) this.pdf.update(s, this.weigh(s, false));
  }

  /** `s`'s weight, or a stand-in while it is `alone` (remembered as unweighed). */
  private weigh(s: SearchState, alone: boolean): number {
    if (alone) {
      this.unweighed.add(s);
      return 1;
    }
    this.unweighed.delete(s);
    return stateWeight(this.kind, s, this.ctx);
  }

  empty(): boolean {
    return this.pdf.size === 0;
  }

  /** The weight the searcher currently holds for `s`, or would if it weighed a lone state (tests, debugging). */
  weightOf(s: SearchState): number {
    return this.unweighed.has(s) ? stateWeight(this.kind, s, this.ctx) : this.pdf.weight(s);
  }
}
