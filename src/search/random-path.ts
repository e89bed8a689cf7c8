// `--search random-path`: KLEE's random path selection. Walk the process tree (ptree.ts) from the root;
// at an inner node with two live subtrees take either with probability 1/2 (bits of one 32-bit draw,
// highest first, as KLEE does); with one, take it. States high in the tree — few forks, which often means
// a path that reached new code without forking much — are chosen far more often than deep ones.
//
// The searcher keeps its own marks of which nodes lead to a state it holds (like KLEE's per-searcher
// bits in the PTree pointers), so it stays right when interleaved with others and whatever the order in
// which the engine updates the tree and the searchers:
//   - a leaf counts when its state is one this searcher holds;
//   - an inner node counts when marked; update(added) marks the new leaf's ancestors, update(removed)
//     unmarks ancestors left with no counting child.
// A split keeps an inner node's mark (it still leads to the forking state); the new inner nodes between
// the current state's leaf and its marked ancestors are marked in update (from the current state).
// Several trees (several initial states) are supported: roots are drawn uniformly.

import type { Rng } from './rng.js';
import type { PTreeNode, SearchState, Searcher } from './searcher.js';

export class RandomPathSearcher implements Searcher {
  readonly name = 'random-path';
  readonly readsForkHistory = false;
  private readonly held = new Set<SearchState>();
  private readonly marked = new Set<PTreeNode>();
  private readonly roots: PTreeNode[] = [];
  private flips = 0;
  private bits = 0;

  constructor(private readonly rng: Rng) {}

  private counts(n: PTreeNode | null): n is PTreeNode {
    if (n === null) return false;
    if (n.state !== null) return this.held.has(n.state);
    return this.marked.has(n);
  }

  private coin(): boolean {
    if (this.bits === 0) {
      this.flips = this.rng.nextU32();
      this.bits = 32;
    }
    this.bits--;
    return ((this.flips >>> this.bits) & 1) === 1;
  }

  select(): SearchState {
    if (!(this.roots.length === 1 && this.counts(this.roots[0]!))) {
      const live = this.roots.filter((r) => this.counts(r));
      this.roots.length = 0;
      this.roots.push(...live);
    }
    if (this.roots.length === 0) throw new Error('select() on an empty searcher');
    let n: PTreeNode = this.roots.length === 1 ? this.roots[0]! : this.roots[this.rng.nextInt(this.roots.length)]!;
    for (;;) {
      if (n.state !== null) {
        if (this.held.has(n.state)) return n.state;
        throw new Error(`random-path: reached state ${n.state.id}, which it does not hold`);
      }
      const l = this.counts(n.left);
      const r = this.counts(n.right);
      if (l && r) n = this.coin() ? n.left! : n.right!;
      else if (l) n = n.left!;
      else if (r) n = n.right!;
      else throw new Error('random-path: process tree has an inner node without live children');
    }
  }

  /** Marks the inner nodes from `s`'s leaf up to the first marked ancestor (the path to a held state). */
  private markUp(s: SearchState): void {
    let n: PTreeNode = s.ptreeNode;
    this.marked.add(n);
    while (n.parent && !this.marked.has(n.parent)) {
      n = n.parent;
      this.marked.add(n);
    }
    if (!n.parent && !this.roots.includes(n)) this.roots.push(n);
  }

  update(current: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void {
    for (const s of added) {
      if (this.held.has(s)) throw new Error(`${this.name}: state ${s.id} added twice`);
      this.held.add(s);
      this.markUp(s);
    }
    for (const s of removed) {
      if (!this.held.delete(s)) throw new Error(`${this.name}: removing state ${s.id}, which it does not hold`);
      let n: PTreeNode | null = s.ptreeNode;
      this.marked.delete(n);
      n = n.parent;
      while (n && this.marked.has(n) && n.state === null && !this.counts(n.left) && !this.counts(n.right)) {
        this.marked.delete(n);
        n = n.parent;
      }
    }
    // The current state may have forked several times in the step: each split turns its leaf into an
    // inner node nobody marked. Usually a forked state handed over in `added` marks the way up, but a
    // state forked and ended in the same step (a multi-way fork whose last side fails at once) is never
    // added, and its split would leave the current state under an unmarked node: unreachable.
    if (current !== null && this.held.has(current)) this.markUp(current);
  }

  empty(): boolean {
    return this.held.size === 0;
  }
}
