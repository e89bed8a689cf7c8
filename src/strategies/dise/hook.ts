// DiSE's phase II (Fig. 7) as exploration hooks on the forking engine, under depth-first search:
//   - a global Explored set of impacted nodes; a node is explored when a path executes it (an edge
//     node when a path takes that direction of its decision; an impacted phi when its block is entered);
//   - prune(nᵢ) is applied to every successor of a fork when it starts: the executing successor only
//     for prune()'s side effect (every explored node downstream of an unexplored node it can reach is
//     put back in play), never pruned; a pending sibling lazily, when DFS resumes it at backtrack
//     (onResume): pruned when it can reach no unexplored impacted node (IsCFGPath through calls and
//     returns, reach.ts), with the same side effect otherwise;
//   - every path that runs to its end is recorded with the sequence of impacted nodes it executed; the
//     paths that executed at least one are the affected path conditions.
// In record mode (`--base` with `--no-dise`) the same bookkeeping runs without onResume: nothing is
// pruned and every path is classified (the ground truth DiSE's pruning is measured against).

import type { ExplorationHooks, TerminationInfo } from '../../engine/hooks.js';
import type { ExecutionState } from '../../engine/state.js';
import type { TestCase } from '../../engine/test-case.js';
import type { Instruction } from '../../ir/model.js';
import { edgeKey, type ImpactNodes } from './impact-nodes.js';
import { NodeSet, type Reachability } from './reach.js';

/** The impacted nodes a path executed, newest first, shared between forks. */
interface Seq {
  readonly node: number;
  readonly prev: Seq | null;
  readonly length: number;
}

interface StateInfo {
  seq: Seq | null;
  /** An impacted decision the state just executed: the next instruction tells the direction taken. */
  pendingEdge: Instruction | null;
  /** A successor of a fork that has not started yet (prune()'s side effect is still due). */
  fresh: boolean;
}

/** A path that ran to its end (not pruned). */
export interface DisePath {
  readonly test?: string;
  readonly termination: string;
  readonly errorKind?: string;
  /** Impacted nodes in execution order (repetitions kept, at most MAX_SEQUENCE). */
  readonly sequence: readonly number[];
  readonly sequenceTruncated: boolean;
  readonly constraints: readonly string[];
}

export interface DiseCounts {
  states: number;
  prunedSiblings: number;
  resumeChecks: number;
}

const MAX_SEQUENCE = 10_000;
const MAX_CONSTRAINTS = 200;
const MAX_CONSTRAINT_CHARS = 2_000;

export class DiseExplorer {
  /** Explored ⊆ Imp (Fig. 7). */
  readonly explored: NodeSet;
  readonly paths: DisePath[] = [];
  readonly counts: DiseCounts = { states: 1, prunedSiblings: 0, resumeChecks: 0 };
  private readonly info = new WeakMap<ExecutionState, StateInfo>();
  private readonly prunedByUs = new WeakSet<ExecutionState>();
  /** Impacted phis of a block, by the id of its first non-phi instruction. */
  private readonly phisAt = new Map<number, number[]>();
  /** Instruction ids the hook must look at: nodes, impacted decisions, block starts with impacted phis. */
  private readonly watched: Uint8Array;
  private lastState: ExecutionState | null = null;
  private lastInfo: StateInfo | null = null;
  readonly hook: ExplorationHooks;

  constructor(
    private readonly nodes: ImpactNodes,
    private readonly reach: Reachability,
    maxInstId: number,
    prune: boolean,
  ) {
    this.explored = new NodeSet(nodes.nodes.length);
    this.watched = new Uint8Array(maxInstId + 1);
    for (const n of nodes.nodes) {
      this.watched[n.inst.id] = 1;
      if (n.inst.op === 'phi' && !n.target) {
        const first = n.inst.parent.instructions.find((i) => i.op !== 'phi');
        if (first) {
          this.watched[first.id] = 1;
          const list = this.phisAt.get(first.id) ?? [];
          list.push(n.index);
          this.phisAt.set(first.id, list);
        }
      }
    }
    const self = this;
    const hook: ExplorationHooks = {
      name: 'dise',
      onInstruction: (s, inst) => self.step(s, inst),
      onFork: (parent, child) => self.fork(parent, child),
      onTerminate: (s, test, end) => self.terminate(s, test, end),
      ...(prune ? { onResume: (s: ExecutionState) => self.resume(s) } : {}),
    };
    this.hook = hook;
  }

  private infoOf(s: ExecutionState): StateInfo {
    if (s === this.lastState) return this.lastInfo!;
    let i = this.info.get(s);
    if (!i) this.info.set(s, (i = { seq: null, pendingEdge: null, fresh: false }));
    this.lastState = s;
    this.lastInfo = i;
    return i;
  }

  private reached(info: StateInfo, node: number): void {
    this.explored.add(node);
    info.seq = { node, prev: info.seq, length: (info.seq?.length ?? 0) + 1 };
  }

  private step(s: ExecutionState, inst: Instruction): void {
    const info = this.infoOf(s);
    if (info.fresh) {
      info.fresh = false;
      this.unexploredReachable(s, info);
    }
    if (info.pendingEdge !== null) {
      const e = this.nodes.byEdge.get(edgeKey(info.pendingEdge, inst.parent));
      info.pendingEdge = null;
      if (e !== undefined) this.reached(info, e);
    }
    if (this.watched[inst.id] === 0) return;
    const phis = this.phisAt.get(inst.id);
    if (phis) for (const p of phis) this.reached(info, p);
    const n = this.nodes.byInst.get(inst.id);
    if (n === undefined) return;
    this.reached(info, n);
    if (inst.op === 'br' || inst.op === 'switch' || inst.op === 'indirectbr') info.pendingEdge = inst;
  }

  private fork(parent: ExecutionState, child: ExecutionState): void {
    this.counts.states++;
    const p = this.infoOf(parent);
    p.fresh = true;
    this.info.set(child, { seq: p.seq, pendingEdge: p.pendingEdge, fresh: true });
  }

  /**
   * prune()'s side effect for state `s` (Fig. 7, lines 11-16): the unexplored impacted nodes it can
   * reach, each putting the explored nodes downstream of it back in play. Returns how many there were.
   */
  private unexploredReachable(s: ExecutionState, info: StateInfo): number {
    const r = new NodeSet(this.nodes.nodes.length);
    const top = s.stack.length - 1;
    for (let k = top; k >= 0; k--) {
      const f = s.stack[k]!;
      const bb = f.block.bb;
      if (k === top && f.pc === 0) this.reach.fromPoint(bb, 0, r);
      else {
        const next = f.block.insts[f.pc];
        this.reach.fromPoint(bb, next ? bb.instructions.indexOf(next) : bb.instructions.length, r);
      }
    }
    if (!s.stack.some((f) => f.fn.fn.name === 'main')) {
      const m = this.reach.mainReach();
      if (m) r.union(m);
    }
    if (info.pendingEdge !== null && s.top && s.top.pc === 0) {
      const e = this.nodes.byEdge.get(edgeKey(info.pendingEdge, s.top.block.bb));
      if (e !== undefined) r.add(e);
    }
    const unexplored: number[] = [];
    for (const n of r) if (!this.explored.has(n)) unexplored.push(n);
    for (const n of unexplored) {
      const down = this.reach.downstream(n);
      for (let k = 0; k < this.explored.words.length; k++) this.explored.words[k]! &= ~down.words[k]!;
    }
    return unexplored.length;
  }

  private resume(s: ExecutionState): boolean {
    const info = this.infoOf(s);
    info.fresh = false;
    this.counts.resumeChecks++;
    if (this.unexploredReachable(s, info) > 0) return true;
    this.counts.prunedSiblings++;
    this.prunedByUs.add(s);
    return false;
  }

  private terminate(s: ExecutionState, _test: TestCase | null, end?: TerminationInfo): void {
    const info = this.info.get(s);
    if (s === this.lastState) {
      this.lastState = null;
      this.lastInfo = null;
    }
    if (end?.termination === 'pruned') return;
    const seq: number[] = [];
    for (let q = info?.seq ?? null; q; q = q.prev) seq.push(q.node);
    seq.reverse();
    const truncated = seq.length > MAX_SEQUENCE;
    const constraints = s.constraints.slice(0, MAX_CONSTRAINTS).map((c) => {
      const t = c.toString();
      return t.length > MAX_CONSTRAINT_CHARS ? `${t.slice(0, MAX_CONSTRAINT_CHARS)}…` : t;
    });
    this.paths.push({
      ...(end?.testFile !== undefined ? { test: end.testFile } : {}),
      termination: end?.termination ?? 'exit',
      ...(end?.error ? { errorKind: end.error.kind } : {}),
      sequence: truncated ? seq.slice(0, MAX_SEQUENCE) : seq,
      sequenceTruncated: truncated,
      constraints,
    });
  }

  /** Whether `s` was pruned by this explorer (not by another hook). */
  prunedHere(s: ExecutionState): boolean {
    return this.prunedByUs.has(s);
  }
}
