// Iterative traversals of the expression DAG. Expressions built in loops (a checksum over a long
// input, an update list of thousands of writes) are deeper than the JS stack allows for naive
// recursion, so every analysis (evaluation, footprints, translation to Z3) walks with an explicit
// stack and memoises per node id: a shared node is visited once.

import { Expr, Kind, type UpdateNode } from './expr.js';

/**
 * Calls `visit(n)` for every node reachable from `root` through `kids` (a Read's index included,
 * its update list not: analyses handle update lists with `updateChain`), children before parents.
 * Nodes for which `done(n)` holds are skipped with everything below them; `visit` must make
 * `done` true for the node it visits (by memoising it), which also stops a node being visited twice.
 */
export function postOrder(root: Expr, done: (e: Expr) => boolean, visit: (e: Expr) => void): void {
  if (done(root)) return;
  const nodes: Expr[] = [root];
  const expanded: boolean[] = [false];
  while (nodes.length > 0) {
    const top = nodes.length - 1;
    const n = nodes[top]!;
    if (expanded[top]) {
      nodes.pop();
      expanded.pop();
      if (!done(n)) visit(n);
      continue;
    }
    if (done(n)) {
      nodes.pop();
      expanded.pop();
      continue;
    }
    expanded[top] = true;
    const kids = n.kids;
    for (let i = kids.length - 1; i >= 0; i--) {
      const k = kids[i]!;
      if (!done(k)) {
        nodes.push(k);
        expanded.push(false);
      }
    }
  }
}

/**
 * The writes of `u` newer than the first one `known(u)` accepts, oldest first — the order in which
 * per-UpdateNode memo tables are filled without recursing down a long list.
 */
export function updateChain(u: UpdateNode | null, known: (u: UpdateNode) => boolean): UpdateNode[] {
  const chain: UpdateNode[] = [];
  for (let n = u; n && !known(n); n = n.next) chain.push(n);
  chain.reverse();
  return chain;
}

/** Whether `e` is a boolean connective or comparison (its width-1 value is a truth value). */
export function isComparison(kind: Kind): boolean {
  return kind === Kind.Eq || kind === Kind.Ult || kind === Kind.Ule || kind === Kind.Slt || kind === Kind.Sle ||
    kind === Kind.FOeq || kind === Kind.FOlt || kind === Kind.FOle || kind === Kind.FUno;
}
