// One count bucket of subpath search (subpath.ts): the windows whose selection count is the same. A
// segment tree over slots keeps one aggregate per subtree, chosen by the tie mode:
//   'sum'  each window weighted by how many pending states hold it; pick(r) finds the window holding the
//          r-th state, so one draw is uniform over *states*, not windows (--subpath-ties random);
//   'max'  each window's newest join stamp; newest() finds the newest state (--subpath-ties latest).
// Insert, remove, re-weigh and the pick are O(log w) in the number of windows of the bucket — never a
// scan over the states. Keeping one aggregate, not both, halves the memory the tree walks touch, which
// is what an operation costs once there are 10^5 windows.
//
// Weights are small integers, so the sums are exact in doubles. Freed slots are reused last-freed-first:
// the layout, and hence every draw, depends only on the sequence of calls (determinism under --seed).

export type BucketMode = 'sum' | 'max';

export class CountBucket<T> {
  private cap = 0;
  private agg = new Float64Array(2);
  private items: (T | undefined)[] = [];
  private readonly free: number[] = [];
  private held = 0;
  /** The aggregate of an empty slot: 0 for sums, -1 for stamps. */
  private readonly none: number;

  constructor(readonly mode: BucketMode) {
    this.none = mode === 'sum' ? 0 : -1;
    this.agg.fill(this.none);
  }

  /** Windows in the bucket. */
  get size(): number {
    return this.held;
  }

  /** Sum of the weights — the pending states in the bucket ('sum' mode). */
  get total(): number {
    return this.agg[1] ?? 0;
  }

  /** Adds `item` with its value (its weight >= 1 or its stamp >= 0, by mode); returns its slot. */
  insert(item: T, value: number): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.items.length === this.cap) this.grow();
      slot = this.items.length;
      this.items.push(item);
    } else {
      this.items[slot] = item;
    }
    this.held++;
    this.set(slot, value);
    return slot;
  }

  update(slot: number, value: number): void {
    this.set(slot, value);
  }

  remove(slot: number): void {
    if (this.items[slot] === undefined) throw new Error('CountBucket: removing an empty slot');
    this.items[slot] = undefined;
    this.held--;
    this.set(slot, this.none);
    this.free.push(slot);
  }

  /** Makes an empty bucket as good as new (for reuse: its tree is clean once every item is removed). */
  reset(): void {
    if (this.held !== 0) throw new Error('CountBucket: reset() of a bucket that holds items');
    this.items.length = 0;
    this.free.length = 0;
  }

  /**
   * 'sum' mode: the item whose cumulative-weight interval contains `r` (0 <= r < total), and `r`'s
   * offset inside that item's interval — the index of the chosen state within the window.
   */
  pick(r: number): { item: T; offset: number } {
    if (this.mode !== 'sum' || !(r >= 0 && r < this.total)) throw new Error(`CountBucket: pick(${r}) outside [0, ${this.total})`);
    const agg = this.agg;
    let i = 1;
    while (i < this.cap) {
      const l = agg[2 * i]!;
      if (r < l) i = 2 * i;
      else {
        r -= l;
        i = 2 * i + 1;
      }
    }
    return { item: this.items[i - this.cap]!, offset: r };
  }

  /** 'max' mode: the item with the largest stamp. */
  newest(): T {
    if (this.mode !== 'max' || this.held === 0) throw new Error('CountBucket: newest() needs a non-empty bucket in max mode');
    const agg = this.agg;
    let i = 1;
    while (i < this.cap) i = agg[2 * i]! >= agg[2 * i + 1]! ? 2 * i : 2 * i + 1;
    return this.items[i - this.cap]!;
  }

  private set(slot: number, value: number): void {
    const agg = this.agg;
    let i = this.cap + slot;
    agg[i] = value;
    if (this.mode === 'sum') for (i >>= 1; i >= 1; i >>= 1) agg[i] = agg[2 * i]! + agg[2 * i + 1]!;
    else for (i >>= 1; i >= 1; i >>= 1) agg[i] = Math.max(agg[2 * i]!, agg[2 * i + 1]!);
  }

  private grow(): void {
    const oldCap = this.cap;
    const cap = Math.max(2, oldCap * 2);
    const agg = new Float64Array(2 * cap).fill(this.none);
    for (let s = 0; s < oldCap; s++) agg[cap + s] = this.agg[oldCap + s]!;
    for (let i = cap - 1; i >= 1; i--) agg[i] = this.mode === 'sum' ? agg[2 * i]! + agg[2 * i + 1]! : Math.max(agg[2 * i]!, agg[2 * i + 1]!);
    this.cap = cap;
    this.agg = agg;
  }
}

/** A min-heap of distinct non-negative integers (the counts that have a bucket). */
export class CountHeap {
  private readonly h: number[] = [];
  private readonly members = new Set<number>();

  get size(): number {
    return this.h.length;
  }

  has(c: number): boolean {
    return this.members.has(c);
  }

  push(c: number): void {
    if (this.members.has(c)) return;
    this.members.add(c);
    const h = this.h;
    h.push(c);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p]! <= h[i]!) break;
      [h[p], h[i]] = [h[i]!, h[p]!];
      i = p;
    }
  }

  peek(): number | undefined {
    return this.h[0];
  }

  pop(): number | undefined {
    const h = this.h;
    if (h.length === 0) return undefined;
    const top = h[0]!;
    this.members.delete(top);
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
