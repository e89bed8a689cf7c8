// The process tree (KLEE's PTree): a binary tree whose leaves are the live states. Every fork splits the
// forking state's leaf into two children — left: the forking state's own continuation, right: the new
// state — so random-path search can pick a state by walking down from the root with a fair coin at each
// fork, which favours states that sit high in the tree (few forks), whatever their number below.
//
// API for the engine (one PTree per initial state; usually one per run):
//   const tree = new PTree(initial)       the root leaf holds the initial state; sets initial.ptreeNode
//   tree.split(current, added)            after forking `added` off `current` (a k-way fork is k-1 calls
//                                         on the same `current`); sets both states' ptreeNode
//   tree.remove(state)                    once a terminated state has been passed to the searchers'
//                                         update(…, removed); frees its leaf and prunes inner nodes left
//                                         without children
// A state object needs *some* ptreeNode before it is in a tree: `detachedLeaf()` makes a placeholder.
// Nodes cut off by remove() keep their `parent` pointer (never read again by the tree itself), so a
// searcher walking up from a just-removed leaf still reaches the live ancestors.

import type { PTreeNode, SearchState } from './searcher.js';

/** A node with no parent and no children holding `state` (or nothing): a placeholder ptreeNode. */
export function detachedLeaf(state: SearchState | null = null): PTreeNode {
  return { parent: null, left: null, right: null, state };
}

function leaf(parent: PTreeNode, state: SearchState): PTreeNode {
  return { parent, left: null, right: null, state };
}

export class PTree {
  readonly root: PTreeNode;
  private live = 1;

  constructor(initial: SearchState) {
    this.root = detachedLeaf(initial);
    initial.ptreeNode = this.root;
  }

  /** Live states (leaves holding a state). */
  get size(): number {
    return this.live;
  }

  /** `added` was forked off `current`: current's leaf becomes inner with children (current, added). */
  split(current: SearchState, added: SearchState): void {
    const node = current.ptreeNode;
    if (node.state !== current) throw new Error(`ptree: state ${current.id} is not at its leaf`);
    node.state = null;
    node.left = leaf(node, current);
    node.right = leaf(node, added);
    current.ptreeNode = node.left;
    added.ptreeNode = node.right;
    this.live++;
  }

  /** A terminated state leaves the tree; inner nodes that no longer have children are cut off too. */
  remove(state: SearchState): void {
    let node = state.ptreeNode;
    if (node.state !== state) throw new Error(`ptree: state ${state.id} is not at its leaf`);
    node.state = null;
    this.live--;
    while (node.parent && !node.left && !node.right) {
      const parent: PTreeNode = node.parent;
      if (parent.left === node) parent.left = null;
      else if (parent.right === node) parent.right = null;
      node = parent;
    }
  }
}
