// A discrete probability distribution over items with O(log n) insert, remove, re-weigh and draw (KLEE's
// DiscretePDF, there a balanced tree). Here: a complete binary tree of partial sums over slots in an
// array (a segment tree; SlotTree in slot-tree.ts, shared with subpath search). A sum is recomputed from
// its two children on every change, never adjusted by differences, so floating-point error does not
// accumulate over millions of updates. Freed slots are reused lowest-first, so the layout — and hence
// every draw — depends only on the sequence of calls.
//
// Weights are clamped to [0, 1e250] (NaN and negatives count as 0). When every weight is 0 a draw picks
// uniformly among the items (nurs:depth gives depth 0 a weight of 0; nurs:rp underflows deep down).

import { IntMinHeap, SlotTree } from './slot-tree.js';

export class DiscretePDF<T> {
  private readonly sum = new SlotTree('sum', 0, 4); // the weights
  private readonly cnt = new SlotTree('sum', 0, 4); // 1 per held item: the uniform draw at total 0
  private items: (T | undefined)[] = [];
  private readonly slotOf = new Map<T, number>();
  private readonly free = new IntMinHeap(); // free slot numbers

  get size(): number {
    return this.slotOf.size;
  }

  get total(): number {
    return this.sum.root;
  }

  has(item: T): boolean {
    return this.slotOf.has(item);
  }

  insert(item: T, weight: number): void {
    if (this.slotOf.has(item)) throw new Error('DiscretePDF: item inserted twice');
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.items.length === this.sum.cap) {
        this.sum.grow();
        this.cnt.grow();
      }
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
    this.free.push(slot);
  }

  weight(item: T): number {
    const slot = this.slotOf.get(item);
    return slot === undefined ? 0 : this.sum.value(slot);
  }

  /**
   * The item whose cumulative-weight interval contains `u * total` (u in [0, 1)); when the total weight
   * is 0, the item at position floor(u * size) among the held items.
   */
  choose(u: number): T {
    if (this.slotOf.size === 0) throw new Error('DiscretePDF: choose() on an empty distribution');
    const total = this.sum.root;
    if (total > 0 && Number.isFinite(total)) return this.items[this.sum.weighted(u * total)]!;
    const k = Math.min(Math.floor(u * this.slotOf.size), this.slotOf.size - 1);
    return this.items[this.cnt.prefix(k)]!;
  }

  private set(slot: number, w: number, c: number): void {
    this.sum.set(slot, w);
    this.cnt.set(slot, c);
  }
}

function clamp(w: number): number {
  if (!(w > 0)) return 0;
  return w > 1e250 ? 1e250 : w;
}
