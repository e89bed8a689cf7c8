// A discrete probability distribution over items with O(log n) insert, remove, re-weigh and draw (KLEE's
// DiscretePDF, there a balanced tree). Here: a complete binary tree of partial sums over slots in an
// array (a segment tree). A sum is recomputed from its two children on every change, never adjusted by
// differences, so floating-point error does not accumulate over millions of updates. Freed slots are
// reused lowest-first, so the layout — and hence every draw — depends only on the sequence of calls.
//
// Weights are clamped to [0, 1e250] (NaN and negatives count as 0). When every weight is 0 a draw picks
// uniformly among the items (nurs:depth gives depth 0 a weight of 0; nurs:rp underflows deep down).

export class DiscretePDF<T> {
  private cap = 0;
  private sum = new Float64Array(2);
  private cnt = new Int32Array(2);
  private items: (T | undefined)[] = [];
  private readonly slotOf = new Map<T, number>();
  private free: number[] = []; // a min-heap of free slot numbers

  get size(): number {
    return this.slotOf.size;
  }

  get total(): number {
    return this.sum[1] ?? 0;
  }

  has(item: T): boolean {
    return this.slotOf.has(item);
  }

  insert(item: T, weight: number): void {
    if (this.slotOf.has(item)) throw new Error('DiscretePDF: item inserted twice');
    let slot = this.popFree();
    if (slot === undefined) {
      if (this.items.length === this.cap) this.grow();
      slot = this.items.length;
      this.items.push(item);
    } else {
      this.items[slot] = item;
    }
    this.slotOf.set(item, slot);
    this.set(slot, clamp(weight), 1);
  }

  update(item: T, weight: number): void {
    const slot = this.slotOf.get(item);
    if (slot === undefined) throw new Error('DiscretePDF: updating an item it does not hold');
    this.set(slot, clamp(weight), 1);
  }

  remove(item: T): void {
    const slot = this.slotOf.get(item);
    if (slot === undefined) throw new Error('DiscretePDF: removing an item it does not hold');
    this.slotOf.delete(item);
    this.items[slot] = undefined;
    this.set(slot, 0, 0);
    this.pushFree(slot);
  }

  weight(item: T): number {
    const slot = this.slotOf.get(item);
    return slot === undefined ? 0 : this.sum[this.cap + slot]!;
  }

  /**
   * The item whose cumulative-weight interval contains `u * total` (u in [0, 1)); when the total weight
   * is 0, the item at position floor(u * size) among the held items.
   */
  choose(u: number): T {
    if (this.slotOf.size === 0) throw new Error('DiscretePDF: choose() on an empty distribution');
    let i = 1;
    const total = this.sum[1]!;
    if (total > 0 && Number.isFinite(total)) {
      let p = u * total;
      while (i < this.cap) {
        const l = this.sum[2 * i]!;
        const r = this.sum[2 * i + 1]!;
        if (r === 0 || (l > 0 && p < l)) i = 2 * i;
        else {
          p -= l;
          i = 2 * i + 1;
        }
      }
    } else {
      let k = Math.min(Math.floor(u * this.slotOf.size), this.slotOf.size - 1);
      while (i < this.cap) {
        const l = this.cnt[2 * i]!;
        if (k < l) i = 2 * i;
        else {
          k -= l;
          i = 2 * i + 1;
        }
      }
    }
    return this.items[i - this.cap]!;
  }

  private set(slot: number, w: number, c: number): void {
    let i = this.cap + slot;
    this.sum[i] = w;
    this.cnt[i] = c;
    for (i >>= 1; i >= 1; i >>= 1) {
      this.sum[i] = this.sum[2 * i]! + this.sum[2 * i + 1]!;
      this.cnt[i] = this.cnt[2 * i]! + this.cnt[2 * i + 1]!;
    }
  }

  private grow(): void {
    const oldCap = this.cap;
    const cap = Math.max(4, oldCap * 2);
    const sum = new Float64Array(2 * cap);
    const cnt = new Int32Array(2 * cap);
    for (let s = 0; s < oldCap; s++) {
      sum[cap + s] = this.sum[oldCap + s]!;
      cnt[cap + s] = this.cnt[oldCap + s]!;
    }
    for (let i = cap - 1; i >= 1; i--) {
      sum[i] = sum[2 * i]! + sum[2 * i + 1]!;
      cnt[i] = cnt[2 * i]! + cnt[2 * i + 1]!;
    }
    this.cap = cap;
    this.sum = sum;
    this.cnt = cnt;
  }

  private pushFree(slot: number): void {
    const h = this.free;
    h.push(slot);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p]! <= h[i]!) break;
      [h[p], h[i]] = [h[i]!, h[p]!];
      i = p;
    }
  }

  private popFree(): number | undefined {
    const h = this.free;
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

function clamp(w: number): number {
  if (!(w > 0)) return 0;
  return w > 1e250 ? 1e250 : w;
}
