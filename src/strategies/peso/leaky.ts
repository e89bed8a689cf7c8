// The relevant-slice conditions that reach outside their own task (issue 17): when a path's RSC S
// does not hold every conjunct of the task T that ran it, the region of S is not inside T and can
// meet a sibling task's region (tasks.ts: the prefix property failed). A sibling task solved to an
// input inside S would run a path that finds S again. Before executing a task, its input is checked
// against these RSCs; one that holds is blocked — the task is solved again with ¬(S \ T) added, which
// removes only inputs the path that found S covers (an input satisfying a path's RSC has that RSC and
// output: the property the rest of the argument rests on). An RSC that holds every task conjunct lies
// inside its task and meets no other task: it is not kept (in the paper's setting none is kept).

import * as B from '../../expr/build.js';
import type { Expr } from '../../expr/expr.js';
import { collectArrays, Evaluator } from '../../expr/evaluate.js';
import type { ArrayDecl } from '../../expr/expr.js';
import type { InputAssignment } from '../../engine/concolic/driver-api.js';
import type { TraceConstraint } from '../../engine/trace/model.js';
import { canon } from './partition.js';

interface Leaky {
  readonly conjuncts: readonly Expr[];
  readonly keys: readonly string[];
  readonly arrays: readonly ArrayDecl[];
}

export class LeakyRscs {
  private readonly list: Leaky[] = [];
  private readonly known = new Set<string>();

  get size(): number {
    return this.list.length;
  }

  /**
   * Keeps the RSC `rsc` of a path run for the task `task` when it misses a task conjunct that is not
   * a klee_assume (in every task) and not an excluded outcome of a multi-way decision the RSC decides
   * (implied by the outcome it holds). `keyOf` names a decision across paths (Trace.key).
   */
  add(task: readonly Expr[], outcomes: ReadonlyMap<string, string>, rsc: readonly TraceConstraint[], keyOf: (c: TraceConstraint) => string): void {
    const has = new Set(rsc.map((c) => canon(c.expr)));
    const decided = new Set(rsc.filter((c) => c.multiway).map(keyOf));
    const assumed = new Set(rsc.filter((c) => c.kind === 'assume').map((c) => canon(c.expr)));
    const leaks = task.some((e) => {
      const k = canon(e);
      if (has.has(k) || assumed.has(k)) return false;
      const d = outcomes.get(k);
      return d === undefined || !decided.has(d);
    });
    if (!leaks) return;
    const conjuncts = rsc.filter((c) => c.kind !== 'assume').map((c) => c.expr);
    const keys = conjuncts.map(canon);
    const id = [...new Set(keys)].sort().join(' & ');
    if (this.known.has(id)) return;
    this.known.add(id);
    const arrays = new Set<ArrayDecl>();
    for (const e of conjuncts) for (const a of collectArrays(e)) arrays.add(a);
    this.list.push({ conjuncts, keys, arrays: [...arrays] });
  }

  /**
   * The constraint blocking the first kept RSC that the input satisfies and the task does not
   * exclude syntactically: ¬(conjuncts of the RSC not in the task); `true` when the task holds all of
   * them (the task lies inside it); null when the input is in none.
   */
  blockFor(task: readonly Expr[], input: InputAssignment): Expr | true | null {
    const have = new Set(task.map(canon));
    for (const l of this.list) {
      const assignment = new Map<ArrayDecl, Uint8Array>();
      for (const a of l.arrays) assignment.set(a, input.get(a.name) ?? new Uint8Array(a.size));
      const ev = new Evaluator(assignment);
      if (!l.conjuncts.every((e) => ev.value(e) === 1n)) continue;
      const rest = l.conjuncts.filter((_, k) => !have.has(l.keys[k]!));
      if (rest.length === 0) return true;
      return B.notB(rest.reduce((acc, e) => B.and(acc, e)));
    }
    return null;
  }
}
