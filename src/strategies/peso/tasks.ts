// Execute(t, n)'s new tasks, with the task's formula read as a SET of conjuncts (issue 17), and the
// check that skips a task whose region lies inside a relevant-slice condition already found.
//
// The paper's Execute(t, n) pushes ψ'1 ∧ … ∧ ψ'(i-1) ∧ ¬ψ'i for i = n+1..m, where ψ'1 … ψ'm is the
// reordered RSC of t's path; it relies on Lemma 3.13 (the prefix property): that sequence begins with
// the task's own n conjuncts, in their order. On real code the property fails: each trace reorders by
// its own dependences, and these are not the same on both sides of a decision (musl's fwrite scans
// the written bytes for '\n' backwards from the end, so making a string one byte longer moves the new
// byte's '\n' check before the old one's). The task [s0≠0, s0≠'\n', s1≠0] then yields the sequence
// [s0≠0, s1≠0, s1≠'\n', s0≠'\n']: position 3 (s1≠'\n') is ≤ n, never negated, and the partition of
// s1 = '\n' is lost.
//
// The rule. Let T be the task's conjuncts as a set, S = ψ'1 … ψ'm the new path's reordered RSC. The
// regions R_i = ψ'1 ∧ … ∧ ψ'(i-1) ∧ ¬ψ'i (i = 1..m) and S itself partition the input space (the
// first position an input disagrees with S), so their intersections with T partition T:
//   - R_i ∩ T is empty when ψ'i ∈ T (it asks for ¬ψ'i and ψ'i together): no task; likewise when ψ'i
//     is already in the prefix (a check the path repeats) or ¬ψ'i is in T or the prefix;
//   - otherwise R_i ∩ T is the task T ∪ {ψ'1 … ψ'(i-1)} ∪ {¬ψ'i}, whatever i is (before or after n,
//     before or after all of T has appeared in S);
//   - S ∩ T ⊆ S: the path just executed covers it (every input satisfying a path's RSC has that RSC
//     and output: the paper's Theorem 3.14 relies on this much; it is weaker than the prefix property).
// So every input of T is in the executed path's RSC or in one of the new tasks, and the new tasks lie
// inside T and are pairwise disjoint: by induction from the first task (true), the pending tasks and
// the RSCs found cover the input space, and no new task overlaps another pending task. When the prefix
// property holds, T = {ψ'1 … ψ'n} (the task's last conjunct ¬ψn of the parent is the new path's ψ'n
// un-negated, the same formula; a multi-way decision's excluded outcomes are implied by its outcome
// in the prefix, below): positions 1..n are in T, and for i > n the task is the paper's
// ψ'1 ∧ … ∧ ¬ψ'i — Algorithm 1 exactly, less the empty tasks of repeated checks. It also subsumes the continuation of a multi-way decision: T
// holds ¬o for the outcomes o seen, the new path's outcome o' is not in T, so T ∪ prefix ∪ {¬o'} is
// pushed.
//
// What it does not avoid: the executed path's RSC region may reach outside T (that is what a failed
// prefix property means), into a sibling task's region; executing that sibling can find the same RSC
// again. `FoundRscs` skips the tasks that lie wholly inside an RSC found before; a task that lies
// partly inside one is re-solved with it blocked when its input lands in it (leaky.ts: Coreutils echo
// with `--sym-args 0 1 3` ran 38 paths against 36 without that, 36 with it).
// Not negating positions ≤ n (the paper) loses partitions; negating every position from the first
// that leaves T's prefix without T in the task (tried before) re-covers sibling regions at the cost of
// executions (test/fixtures/symbolic/err_invalid_free.c 4 instead of 3 paths).

import * as B from '../../expr/build.js';
import type { Expr } from '../../expr/expr.js';
import type { TraceConstraint } from '../../engine/trace/model.js';
import { canon } from './partition.js';

export interface NewTask {
  readonly constraints: readonly Expr[];
  /** The conjuncts that exclude an outcome of a multi-way decision (canonical text → the decision's
   *  `Trace.key`): implied, and left out, once a prefix holds another outcome of the same decision. */
  readonly outcomes: ReadonlyMap<string, string>;
  /** The position negated (counted from 1). */
  readonly position: number;
  /** A position the paper's Execute(t, n) would not negate (≤ n): the prefix property failed there, or
   *  a multi-way decision took an outcome the task had not excluded yet (a continuation). */
  readonly beforeN: boolean;
}

/** A task as tasksAfter reads it: its conjuncts (klee_assume constraints included) and their tags. */
export interface TaskConjuncts {
  readonly constraints: readonly Expr[];
  readonly outcomes: ReadonlyMap<string, string>;
}

/**
 * The tasks R_i ∩ T of Execute(t, n) for the task `task` after its path's sequence `sequence` (the
 * file comment says why each is needed and why no other is). `assumes` are the new path's klee_assume
 * constraints, kept in every task; `keyOf` names a constraint's decision across paths (Trace.key).
 */
export function tasksAfter(task: TaskConjuncts, n: number, sequence: readonly TraceConstraint[], assumes: readonly Expr[], keyOf: (c: TraceConstraint) => string): NewTask[] {
  const own = new Set(task.constraints.map(canon));
  const out: NewTask[] = [];
  // The formula is built from the new path's own expressions first (its assumptions, its prefix),
  // then the task's conjuncts the prefix does not have yet: when the prefix property holds there are
  // none and the task is the paper's formula, expression for expression. (The task's conjuncts are
  // the parent trace's expressions; a constant array in them is another object with the same
  // contents, which would otherwise be declared twice in the SMT-LIB.) A conjunct ¬o excluding an
  // outcome of a multi-way decision is implied once the prefix holds that decision's outcome on this
  // path (outcomes exclude each other, and the path satisfies ¬o): left out then, as the paper's
  // formula has no such conjunct. Leaving a conjunct out only widens a task, so coverage never rests
  // on it; the disjointness of the tasks does, and an implied conjunct keeps it.
  const prefix: Expr[] = [];
  const seen = new Set<string>();
  const decided = new Set<string>();
  const add = (e: Expr): void => {
    const k = canon(e);
    if (seen.has(k)) return;
    seen.add(k);
    prefix.push(e);
  };
  for (const e of assumes) add(e);
  for (let i = 1; i <= sequence.length; i++) {
    const c = sequence[i - 1]!;
    const k = canon(c.expr);
    // ψ'i already in T or in the prefix (a check repeated on the path: DART would negate it again)
    // makes the region empty; so does ¬ψ'i there (the path contradicts a conjunct: a divergence).
    if (c.negatable && !own.has(k) && !seen.has(k)) {
      const neg = B.notB(c.expr);
      const nk = canon(neg);
      if (!own.has(nk) && !seen.has(nk)) {
        const outcomes = new Map<string, string>();
        const missing: Expr[] = [];
        for (const e of task.constraints) {
          const ek = canon(e);
          if (seen.has(ek)) continue;
          const decision = task.outcomes.get(ek);
          if (decision !== undefined && decided.has(decision)) continue;
          missing.push(e);
          if (decision !== undefined) outcomes.set(ek, decision);
        }
        if (c.multiway) outcomes.set(nk, keyOf(c));
        out.push({ constraints: [...prefix, ...missing, neg], outcomes, position: i, beforeN: i <= n });
      }
    }
    add(c.expr);
    if (c.multiway) decided.add(keyOf(c));
  }
  return out;
}

/**
 * The relevant-slice conditions found, as sets of conjuncts (canonical text). A task containing every
 * conjunct of one of them lies inside that RSC's region, which the path that found it covers (the same
 * property the rule above relies on for S ∩ T): it needs no execution. Indexed by each RSC's smallest
 * conjunct, so a task looks up only the RSCs one of whose conjuncts it has.
 */
export class FoundRscs {
  private readonly byFirst = new Map<string, Set<string>[]>();
  private readonly keys = new Set<string>();
  private empty = false;

  add(rsc: readonly Expr[]): void {
    const set = new Set(rsc.map(canon));
    const key = [...set].sort().join(' & ');
    if (this.keys.has(key)) return;
    this.keys.add(key);
    if (set.size === 0) {
      this.empty = true;
      return;
    }
    const first = [...set].sort()[0]!;
    let l = this.byFirst.get(first);
    if (!l) this.byFirst.set(first, (l = []));
    l.push(set);
  }

  /** Whether the task's conjuncts include every conjunct of an RSC found. */
  covers(task: readonly Expr[]): boolean {
    if (this.empty) return true;
    const have = new Set(task.map(canon));
    for (const k of have) {
      for (const rsc of this.byFirst.get(k) ?? []) {
        let all = true;
        for (const c of rsc) {
          if (!have.has(c)) {
            all = false;
            break;
          }
        }
        if (all) return true;
      }
    }
    return false;
  }
}
