// The two structures the weighted searchers share: a segment tree of aggregates over numbered slots, and a
// min-heap of integers. DiscretePDF (discrete-pdf.ts, nurs:*) and CountBucket / CountHeap
// (subpath-buckets.ts, subpath:N) each had their own copy of both; they live here once so that a fix to
// the tree walk or the heap reaches both searchers. What stays in the callers is what differs between
// them and decides every draw under --seed: which slot an item gets (DiscretePDF reuses the lowest free
// slot, CountBucket the last freed), the capacity a tree starts at, and how a walk treats zero weights.
//
// SlotTree: a complete binary tree in one Float64Array — leaves (one per slot) at [cap, 2·cap), node i's
// children at 2i and 2i+1, the root at 1 — where each inner node holds the sum or the max of its two
// children. Every change recomputes the path to the root from the children, never adjusts a node by a
// difference, so floating-point error does not accumulate over millions of updates. Capacity doubles
// when the caller needs a slot beyond it.

export type SlotTreeMode = 'sum' | 'max';

export class SlotTree {
  private capacity = 0;
  private agg: Float64Array;
  /** Set by prefix(): `r` minus the values of the slots before the one found. */
  remainder = 0;

  /**
   * `none` is the value of an empty slot (0 for sums, -1 for stamps); `minCap` the capacity of the
   * first growth (the tree's shape, hence the order of the floating-point additions, depends on it).
   */
  constructor(
    readonly mode: SlotTreeMode,
    private readonly none: number,
    private readonly minCap: number,
  ) {
    this.agg = new Float64Array(2).fill(none);
  }

  /** Slots the tree has room for (0 before the first grow()). */
  get cap(): number {
    return this.capacity;
  }

  /** The root's aggregate: the sum (or max) over all slots; 0 before the first grow(). */
  get root(): number {
    return this.agg[1] ?? 0;
  }

  value(slot: number): number {
    return this.agg[this.capacity + slot]!;
  }

  set(slot: number, value: number): void {
    const agg = this.agg;
    let i = this.capacity + slot;
    agg[i] = value;
    if (this.mode === 'sum') for (i >>= 1; i >= 1; i >>= 1) agg[i] = agg[2 * i]! + agg[2 * i + 1]!;
    else for (i >>= 1; i >= 1; i >>= 1) agg[i] = Math.max(agg[2 * i]!, agg[2 * i + 1]!);
  }

  /** Doubles the capacity (to minCap the first time), keeping every slot's value. */
  grow(): void {
    const oldCap = this.capacity;
    const cap = Math.max(this.minCap, oldCap * 2);
    const agg = new Float64Array(2 * cap).fill(this.none);
    for (let s = 0; s < oldCap; s++) agg[cap + s] = this.agg[oldCap + s]!;
    if (this.mode === 'sum') for (let i = cap - 1; i >= 1; i--) agg[i] = agg[2 * i]! + agg[2 * i + 1]!;
    else for (let i = cap - 1; i >= 1; i--) agg[i] = Math.max(agg[2 * i]!, agg[2 * i + 1]!);
    this.capacity = cap;
    this.agg = agg;
  }

  /**
   * 'sum' mode: the slot whose cumulative interval [before, before + value) contains `r`, for
   * 0 <= r < root (the caller checks); remainder = r - before.
   */
  prefix(r: number): number {
    const agg = this.agg;
    const cap = this.capacity;
    let i = 1;
    while (i < cap) {
      const l = agg[2 * i]!;
      if (r < l) i = 2 * i;
      else {
        r -= l;
        i = 2 * i + 1;
      }
    }
    this.remainder = r;
    return i - cap;
  }

  /**
   * 'sum' mode over floating-point weights: as prefix(p), but never ends on a zero-weight slot when
   * rounding makes `p` reach the end of its subtree — a walk goes left whenever the right subtree weighs 0,
   * and right whenever the left one does.
   */
  weighted(p: number): number {
    const agg = this.agg;
    const cap = this.capacity;
    let i = 1;
    while (i < cap) {
      const l = agg[2 * i]!;
      const r = agg[2 * i + 1]!;
      if (r === 0 || (l > 0 && p < l)) i = 2 * i;
      else {
        p -= l;
        i = 2 * i + 1;
      }
    }
    return i - cap;
  }

  /** 'max' mode: the slot with the largest value (the leftmost on a tie). */
  argmax(): number {
    const agg = this.agg;
    const cap = this.capacity;
    let i = 1;
    while (i < cap) i = agg[2 * i]! >= agg[2 * i + 1]! ? 2 * i : 2 * i + 1;
    return i - cap;
  }
}

/** A binary min-heap of numbers (duplicates allowed; callers that need a set keep one beside it). */
export class IntMinHeap {
  private readonly h: number[] = [];

  get size(): number {
    return this.h.length;
  }

  peek(): number | undefined {
    return this.h[0];
  }

  push(x: number): void {
    const h = this.h;
    h.push(x);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p]! <= h[i]!) break;
      [h[p], h[i]] = [h[i]!, h[p]!];
      i = p;
    }
  }

  pop(): number | undefined {
    const h = this.h;
    if (h.length === 0) return undefined;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && h[l]! < h[m]!) m = l;
        if (r < h.length && h[r]! < h[m]!) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i]!, h[m]!];
        i = m;
      }
    }
    return top;
  }
}
