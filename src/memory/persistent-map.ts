// A persistent map from small non-negative integers (object ids) to values: a 32-way trie whose nodes
// carry an owner token. A holder of token T mutates nodes it owns in place and copies (path-copies)
// nodes owned by anyone else, so two address spaces can share one trie after a fork at O(1) cost and
// each pays only for the nodes it changes afterwards (KLEE's ImmutableMap, with "transient" ownership
// so a single state running on its own never copies at all).

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

interface Node<V> {
  owner: number;
  kids: (Node<V> | V | undefined)[];
}

function newNode<V>(owner: number): Node<V> {
  return { owner, kids: new Array(WIDTH).fill(undefined) };
}

export class PersistentIntMap<V> {
  private constructor(
    private root: Node<V>,
    /** Bits consumed by the levels above the leaves: 0 for one level. */
    private shift: number,
    private count: number,
  ) {}

  static empty<V>(owner: number): PersistentIntMap<V> {
    return new PersistentIntMap<V>(newNode<V>(owner), 0, 0);
  }

  /** A map sharing every node with this one (neither may mutate shared nodes afterwards). */
  share(): PersistentIntMap<V> {
    return new PersistentIntMap(this.root, this.shift, this.count);
  }

  get size(): number {
    return this.count;
  }

  get(key: number): V | undefined {
    if (key >>> this.shift >>> BITS !== 0 && this.shift + BITS < 32) return undefined;
    let node = this.root;
    for (let shift = this.shift; shift > 0; shift -= BITS) {
      const next = node.kids[(key >>> shift) & MASK] as Node<V> | undefined;
      if (next === undefined) return undefined;
      node = next;
    }
    return node.kids[key & MASK] as V | undefined;
  }

  /** Sets (or with `undefined` removes) `key`, copying nodes not owned by `owner`. */
  set(key: number, value: V | undefined, owner: number): void {
    while (this.shift + BITS < 32 && key >>> this.shift >>> BITS !== 0) {
      // Grow a level: the old root becomes child 0 of a new root.
      const root = newNode<V>(owner);
      root.kids[0] = this.root;
      this.root = root;
      this.shift += BITS;
    }
    if (this.root.owner !== owner) this.root = { owner, kids: this.root.kids.slice() };
    let node = this.root;
    for (let shift = this.shift; shift > 0; shift -= BITS) {
      const i = (key >>> shift) & MASK;
      let next = node.kids[i] as Node<V> | undefined;
      if (next === undefined) {
        if (value === undefined) return;
        next = newNode<V>(owner);
        node.kids[i] = next;
      } else if (next.owner !== owner) {
        next = { owner, kids: next.kids.slice() };
        node.kids[i] = next;
      }
      node = next;
    }
    const i = key & MASK;
    const had = node.kids[i] !== undefined;
    node.kids[i] = value;
    if (had && value === undefined) this.count--;
    else if (!had && value !== undefined) this.count++;
  }

  /** Every (key, value) in increasing key order. */
  *entries(): IterableIterator<[number, V]> {
    yield* walk(this.root, this.shift, 0);
  }
}

function* walk<V>(node: Node<V>, shift: number, prefix: number): IterableIterator<[number, V]> {
  for (let i = 0; i < WIDTH; i++) {
    const kid = node.kids[i];
    if (kid === undefined) continue;
    const key = prefix | (i << shift);
    if (shift === 0) yield [key >>> 0, kid as V];
    else yield* walk(kid as Node<V>, shift - BITS, key);
  }
}
