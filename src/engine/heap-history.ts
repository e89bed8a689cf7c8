// Heap objects named by allocation history: a state's n-th allocation gets the same MemoryObject (and
// so the same address) as the n-th allocation of any other state that forked from a common ancestor
// after making the same earlier allocations, when it asks for the same site, size and alignment.
//
// Why: with one global bump allocator, two states that forked before a malloc got two different
// objects for "the same" allocation, so nothing about a heap object could carry from one path to its
// siblings. Postconditioned symbolic execution (--prune postcondition) names regions by object and
// needs siblings' objects to coincide (a summary recorded after a malloc asked for an object no other
// state had); test outputs and error messages also stop depending on the order states ran in.
//
// Sharing a MemoryObject between states is what forking after an allocation already does: the object
// is only an identity (address, size, site); each state binds its own ObjectState. A state never meets
// the same node twice (each allocation moves it one node down the trie), so it never binds an object
// it already has.

import type { MemoryObject } from '../memory/memory-object.js';

interface Step {
  readonly node: HeapHistory;
  readonly mo: MemoryObject;
}

export class HeapHistory {
  /**
   * `parent`: the history before this node's allocation, null for the root's children (a state that
   * has made no allocation has history null, not the root); `key`: that allocation's site, size,
   * alignment and allocator. --prune postcondition walks these backwards (its HeapAt leaves).
   */
  constructor(
    readonly parent: HeapHistory | null = null,
    readonly key = '',
    private readonly isRoot = false,
  ) {}

  /** The root of a run's trie. */
  static root(): HeapHistory {
    return new HeapHistory(null, '', true);
  }

  // Most nodes have one successor (no fork between two allocations): kept without a Map, since long
  // runs make one node per allocation.
  private onlyKey: string | null = null;
  private only: Step | null = null;
  private more: Map<string, Step> | null = null;

  /**
   * The object of the allocation `key` made from this point of a history, and the history after it;
   * `make` allocates it the first time a state makes that allocation from here.
   */
  step(key: string, make: () => MemoryObject): Step {
    if (this.onlyKey === key) return this.only!;
    let e = this.more?.get(key);
    if (e) return e;
    e = { node: new HeapHistory(this.isRoot ? null : this, key), mo: make() };
    if (this.onlyKey === null) {
      this.onlyKey = key;
      this.only = e;
    } else (this.more ??= new Map()).set(key, e);
    return e;
  }
}
