// AddressSpace: one state's view of heap and global memory — which objects it has and their contents —
// as a persistent map from MemoryObject id to ObjectState (KLEE's AddressSpace). Forking shares the map
// and gives both sides fresh ownership tokens, so a fork costs O(1) and each side copies a trie path and
// an object's bytes only on its first write to that object. A freed object stays in the map as FREED so
// a later access or free is told apart from a wild pointer.
//
// Stack objects are not here: they live in the frames of the state that made them (the engine's
// Frame), which keeps the per-call cost of allocas off this map and lets stack addresses be reused.

import { PersistentIntMap } from './persistent-map.js';
import type { MemoryObject } from './memory-object.js';
import { ObjectState } from './object-state.js';

/** Marker for an object this state has freed. */
export const FREED = Symbol('freed');
export type Slot = ObjectState | typeof FREED;

let nextToken = 1;
/** A fresh ownership token (also used for stack ObjectStates held by frames). */
export function newToken(): number {
  return nextToken++;
}

export class AddressSpace {
  private constructor(
    private map: PersistentIntMap<Slot>,
    /** Objects owned by this token may be written in place. */
    public token: number,
  ) {}

  static empty(): AddressSpace {
    const token = newToken();
    return new AddressSpace(PersistentIntMap.empty<Slot>(token), token);
  }

  /** The copy for a forked state. Both this space and the copy get fresh tokens. */
  fork(): AddressSpace {
    this.token = newToken();
    return new AddressSpace(this.map.share(), newToken());
  }

  /** The object's state, FREED, or undefined when this state never had the object. */
  lookup(mo: MemoryObject): Slot | undefined {
    return this.map.get(mo.id);
  }

  /** A new object with zero (or the given) contents, owned by this space. */
  bind(mo: MemoryObject, bytes?: Uint8Array): ObjectState {
    const os = new ObjectState(mo, this.token, bytes);
    this.map.set(mo.id, os, this.token);
    return os;
  }

  /** Installs `os` (e.g. a clone) for its object. */
  put(os: ObjectState): void {
    this.map.set(os.obj.id, os, this.token);
  }

  /** The object's state made writable in this space (cloned if shared). */
  writable(os: ObjectState): ObjectState {
    if (os.owner === this.token) return os;
    const c = os.clone(this.token);
    this.map.set(os.obj.id, c, this.token);
    return c;
  }

  markFreed(mo: MemoryObject): void {
    this.map.set(mo.id, FREED, this.token);
  }

  get objectCount(): number {
    return this.map.size;
  }
}
