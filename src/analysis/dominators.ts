// Dominator and post-dominator trees of a function's blocks, by the iterative algorithm of Cooper,
// Harvey and Kennedy ("A Simple, Fast Dominance Algorithm", 2001): intersect the predecessors' idoms in
// reverse post-order until nothing changes. The post-dominator tree is computed on the reversed CFG
// from a virtual exit fed by every block ending in ret, unreachable or resume, or calling a noreturn
// function; a block that cannot reach any of those (an infinite loop) gets a fake edge to the exit, as
// LLVM does, so every block is in the post-dominator tree. Reads the succs/preds lowering links.
// Trees are cached per function.

import type { BasicBlock, Func } from '../ir/model.js';
import { calledFunction } from '../ir/index.js';

export interface DomTree {
  readonly fn: Func;
  /** Whether this is the post-dominator tree. */
  readonly post: boolean;
  /**
   * The immediate (post-)dominator of each block in the tree; undefined for a root: the entry block,
   * or for post-dominators the blocks immediately post-dominated by the virtual exit. Blocks
   * unreachable from the entry are not in the dominator tree.
   */
  readonly idom: ReadonlyMap<BasicBlock, BasicBlock | undefined>;
  /** idom(b) as a function (undefined for roots and blocks outside the tree). */
  parent(b: BasicBlock): BasicBlock | undefined;
  /** Whether `b` is in the tree (reachable from the entry, for dominators). */
  contains(b: BasicBlock): boolean;
  /** Children of `b` in the tree, in block order. */
  children(b: BasicBlock): readonly BasicBlock[];
  /** The roots: [entry] for dominators; the children of the virtual exit for post-dominators. */
  readonly roots: readonly BasicBlock[];
  /**
   * Whether `a` (post-)dominates `b` (reflexive). As in LLVM, a block outside the tree is dominated by
   * every block, and dominates only itself.
   */
  dominates(a: BasicBlock, b: BasicBlock): boolean;
  strictlyDominates(a: BasicBlock, b: BasicBlock): boolean;
}

/** A post-dominator tree; `ipdom(b)` undefined means the virtual exit. */
export interface PostDomTree extends DomTree {
  ipdom(b: BasicBlock): BasicBlock | undefined;
}

const domCache = new WeakMap<Func, DomTree>();
const postCache = new WeakMap<Func, PostDomTree>();

export function dominatorTree(fn: Func): DomTree {
  let t = domCache.get(fn);
  if (!t) domCache.set(fn, (t = buildDominators(fn)));
  return t;
}

export function postDominatorTree(fn: Func): PostDomTree {
  let t = postCache.get(fn);
  if (!t) postCache.set(fn, (t = buildPostDominators(fn)));
  return t;
}

/** Whether the block leaves the function: ret, unreachable, resume, or a call that never returns. */
export function isExitBlock(b: BasicBlock): boolean {
  const insts = b.instructions;
  const last = insts[insts.length - 1];
  if (!last || last.op === 'ret' || last.op === 'unreachable' || last.op === 'resume') return true;
  for (const inst of insts) {
    if (inst.op !== 'call' && inst.op !== 'invoke') continue;
    if (inst.callAttrs?.includes('noreturn')) return true;
    const f = calledFunction(inst);
    if (f && f.fnAttrs.includes('noreturn')) return true;
  }
  return false;
}

/** Graph on node indices: `succ` in the direction of the traversal from `root`, `pred` against it. */
interface Graph {
  readonly n: number;
  readonly root: number;
  readonly succ: readonly (readonly number[])[];
  readonly pred: readonly (readonly number[])[];
}

function blockIndex(fn: Func): Map<BasicBlock, number> {
  const m = new Map<BasicBlock, number>();
  fn.blocks.forEach((b, i) => m.set(b, i));
  return m;
}

function buildDominators(fn: Func): DomTree {
  const index = blockIndex(fn);
  const at = (b: BasicBlock): number => index.get(b)!;
  const g: Graph = {
    n: fn.blocks.length,
    root: 0,
    succ: fn.blocks.map((b) => b.succs.map(at)),
    pred: fn.blocks.map((b) => b.preds.map(at)),
  };
  const idom = fn.blocks.length ? chk(g) : new Int32Array(0);
  return makeTree(fn, false, idom, -1, index);
}

function buildPostDominators(fn: Func): PostDomTree {
  const index = blockIndex(fn);
  const at = (b: BasicBlock): number => index.get(b)!;
  const n = fn.blocks.length;
  const exit = n;
  // Reversed CFG: from the exit to the exit blocks, from a block to its CFG predecessors.
  const succ: number[][] = fn.blocks.map((b) => b.preds.map(at));
  const pred: number[][] = fn.blocks.map((b) => b.succs.map(at));
  const exitSuccs: number[] = [];
  fn.blocks.forEach((b, i) => {
    if (isExitBlock(b)) {
      exitSuccs.push(i);
      pred[i]!.push(exit);
    }
  });
  // Blocks that cannot reach an exit (infinite loops) get a fake edge to it: repeatedly the last such
  // block in layout order, which for a loop is usually its latch.
  const seen = new Uint8Array(n + 1);
  const mark = (from: number): void => {
    const stack = [from];
    seen[from] = 1;
    while (stack.length) {
      const v = stack.pop()!;
      for (const w of succ[v]!) if (!seen[w]) (seen[w] = 1), stack.push(w);
    }
  };
  for (const e of exitSuccs) if (!seen[e]) mark(e);
  for (let i = n - 1; i >= 0; i--) {
    if (seen[i]) continue;
    exitSuccs.push(i);
    pred[i]!.push(exit);
    mark(i);
  }
  succ.push(exitSuccs);
  pred.push([]);
  const idom = chk({ n: n + 1, root: exit, succ, pred });
  const tree = makeTree(fn, true, idom, exit, index) as PostDomTree & { ipdom?: unknown };
  return Object.assign(tree, { ipdom: (b: BasicBlock) => tree.parent(b) });
}

/**
 * Cooper–Harvey–Kennedy. Returns idom per node (-1 for the root and unreachable nodes; the root's
 * own entry is -1 too).
 */
function chk(g: Graph): Int32Array {
  const { n, root, succ, pred } = g;
  // Post-order by an explicit stack (deep CFGs must not overflow the JS stack).
  const postNum = new Int32Array(n).fill(-1);
  const order: number[] = [];
  const visited = new Uint8Array(n);
  const stack: number[] = [root];
  const next: number[] = [0];
  visited[root] = 1;
  while (stack.length) {
    const v = stack[stack.length - 1]!;
    const k = next[next.length - 1]!;
    const ss = succ[v]!;
    if (k < ss.length) {
      next[next.length - 1] = k + 1;
      const w = ss[k]!;
      if (!visited[w]) {
        visited[w] = 1;
        stack.push(w);
        next.push(0);
      }
    } else {
      postNum[v] = order.length;
      order.push(v);
      stack.pop();
      next.pop();
    }
  }
  const idom = new Int32Array(n).fill(-1);
  idom[root] = root;
  const intersect = (a: number, b: number): number => {
    while (a !== b) {
      while (postNum[a]! < postNum[b]!) a = idom[a]!;
      while (postNum[b]! < postNum[a]!) b = idom[b]!;
    }
    return a;
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = order.length - 2; i >= 0; i--) {
      const v = order[i]!;
      let nd = -1;
      for (const p of pred[v]!) {
        if (idom[p] === -1) continue; // not yet processed, or unreachable
        nd = nd === -1 ? p : intersect(p, nd);
      }
      if (nd !== -1 && idom[v] !== nd) {
        idom[v] = nd;
        changed = true;
      }
    }
  }
  idom[root] = -1;
  return idom;
}

function makeTree(fn: Func, post: boolean, idomIdx: Int32Array, virtualRoot: number, index: Map<BasicBlock, number>): DomTree {
  const blocks = fn.blocks;
  const idom = new Map<BasicBlock, BasicBlock | undefined>();
  const kids = new Map<BasicBlock, BasicBlock[]>();
  const roots: BasicBlock[] = [];
  blocks.forEach((b, i) => {
    const d = idomIdx[i]!;
    const isRoot = post ? d === virtualRoot : i === 0;
    if (!isRoot && d < 0) return; // outside the tree
    const parent = isRoot ? undefined : blocks[d];
    idom.set(b, parent);
    if (parent) {
      let list = kids.get(parent);
      if (!list) kids.set(parent, (list = []));
      list.push(b);
    } else roots.push(b);
  });
  // Pre/post numbering of the tree for O(1) dominance queries.
  const pre = new Int32Array(blocks.length).fill(-1);
  const postN = new Int32Array(blocks.length).fill(-1);
  let clock = 0;
  for (const r of roots) {
    const stack: [BasicBlock, number][] = [[r, 0]];
    pre[index.get(r)!] = clock++;
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const ch = kids.get(top[0]) ?? [];
      if (top[1] < ch.length) {
        const c = ch[top[1]++]!;
        pre[index.get(c)!] = clock++;
        stack.push([c, 0]);
      } else {
        postN[index.get(top[0])!] = clock++;
        stack.pop();
      }
    }
  }
  const NONE: readonly BasicBlock[] = [];
  const dominates = (a: BasicBlock, b: BasicBlock): boolean => {
    if (a === b) return true;
    const ia = index.get(a);
    const ib = index.get(b);
    if (ia === undefined || ib === undefined) return false;
    if (pre[ib]! < 0) return true; // b outside the tree
    if (pre[ia]! < 0) return false;
    return pre[ia]! <= pre[ib]! && postN[ib]! <= postN[ia]!;
  };
  return {
    fn,
    post,
    idom,
    roots,
    parent: (b) => idom.get(b),
    contains: (b) => idom.has(b),
    children: (b) => kids.get(b) ?? NONE,
    dominates,
    strictlyDominates: (a, b) => a !== b && dominates(a, b),
  };
}
