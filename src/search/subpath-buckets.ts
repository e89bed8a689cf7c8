// One count bucket of subpath search (subpath.ts): the windows whose selection count is the same. A
// segment tree over slots (SlotTree in slot-tree.ts, shared with nurs:*) keeps one aggregate per
// subtree, chosen by the tie mode:
//   'sum'  each window weighted by how many pending states hold it; pick(r) finds the window holding the
//          r-th state, so one draw is uniform over *states*, not windows (--subpath-ties random);
//   'max'  each window's newest join stamp; newest() finds the newest state (--subpath-ties latest).
// Insert, remove, re-weigh and the pick are O(log w) in the number of windows of the bucket — never a
// scan over the states. Keeping one aggregate, not both, halves the memory the tree walks touch, which
// is what an operation costs once there are 10^5 windows.
//
// Weights are small integers, so the sums are exact in doubles. Freed slots are reused last-freed-first:
// the layout, and hence every draw, depends only on the sequence of calls (determinism under --seed).

import { IntMinHeap, SlotTree } from './slot-tree.js';

export type BucketMode = 'sum' | 'max';

export class CountBucket<T> {
  private readonly tree: SlotTree;
  private items: (T | undefined)[] = [];
  private readonly free: number[] = [];
  private held = 0;
  /** The aggregate of an empty slot: 0 for sums, -1 for stamps. */
  private readonly none: number;

  constructor(readonly mode: BucketMode) {
    this.none = mode === 'sum' ? 0 : -1;
    this.tree = new SlotTree(mode, this.none, 2);
  }

  /** Windows in the bucket. */
  get size(): number {
    return this.held;
  }

  /** Sum of the weights — the pending states in the bucket ('sum' mode). */
  get total(): number {
    return this.tree.root;
  }

  /** Adds `item` with its value (its weight >= 1 or its stamp >= 0, by mode); returns its slot. */
  insert(item: T, value: number): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.items.length === this.tree.cap) this.tree.grow();
      slot = this.items.length;
      this.items.push(item);
    } else {
      this.items[slot] = item;
    }
    this.held++;
    this.tree.set(slot, value);
    return slot;
  }

  update(slot: number, value: number): void {
    this.tree.set(slot, value);
  }

  remove(slot: number): void {
    if (this.items[slot] === undefined) throw new Error('CountBucket: removing an empty slot');
    this.items[slot] = undefined;
    this.held--;
    this.tree.set(slot, this.none);
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
    const slot = this.tree.prefix(r);
    return { item: this.items[slot]!, offset: this.tree.remainder };
  }

  /** 'max' mode: the item with the largest stamp. */
  newest(): T {
    if (this.mode !== 'max' || this.held === 0) throw new Error('CountBucket: newest() needs a non-empty bucket in max mode');
    return this.items[this.tree.argmax()]!;
  }
}

/** A min-heap of distinct non-negative integers (the counts that have a bucket). */
export class CountHeap {
  private readonly heap = new IntMinHeap();
  private readonly members = new Set<number>();

  get size(): number {
    return this.heap.size;
  }

  has(c: number): boolean {
    return this.members.has(c);
  }

  push(c: number): void {
    if (this.members.has(c)) return;
    this.members.add(c);
    this.heap.push(c);
  }

  peek(): number | undefined {
    return this.heap.peek();
  }

  pop(): number | undefined {
    const top = this.heap.pop();
    if (top !== undefined) this.members.delete(top);
    return top;
  }
}
