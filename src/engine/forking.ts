// Forking a state on symbolic conditions, for the executor: the solver says which sides are feasible,
// branch hooks (pruning techniques) may veto a side (a feasible vetoed side ends as a pruned path of its
// own), the fork limits (--max-depth, --max-forks, klee_set_forking, --max-memory) leave one feasible side
// taken at random, and a recorded path prefix (--workers jobs, --replay-path) decides instead of the
// solver while it is active. Each side's condition goes on its state's path, its trace (when a hook or
// --write-paths wants one) and its fork history (subpath search).

import * as B from '../expr/build.js';
import type { Expr } from '../expr/expr.js';
import type { Instruction } from '../ir/model.js';
import type { Rng } from '../search/rng.js';
import type { Solver } from '../solver/solver.js';
import { forkKey, recordFork } from './fork-history.js';
import type { ExplorationHooks, PrefixFollower } from './hooks.js';
import type { ExecutionState } from './state.js';
import type { Terminator } from './termination.js';

/** What forking needs of the executor. */
export interface ForkHost {
  readonly solver: Solver;
  readonly term: Terminator;
  readonly rng: Rng;
  /** Recorded decisions that decide `s`'s branches instead of the solver, if any. */
  followerFor(s: ExecutionState): PrefixFollower | undefined;
  readonly branchHooks: readonly ExplorationHooks[];
  readonly tracing: boolean;
  branchState(s: ExecutionState): ExecutionState;
  forkLimited(s: ExecutionState): boolean;
}

export class Forking {
  constructor(private readonly ex: ForkHost) {}

  /**
   * Forks `s` on a symbolic condition: [state where cond holds, state where it does not] (null for an
   * infeasible side). `s` itself continues on the true side when both are feasible. An 'unknown' solver
   * answer ends `s` as partial ([null, null]).
   */
  async fork(s: ExecutionState, cond: Expr, inst: Instruction): Promise<[ExecutionState | null, ExecutionState | null]> {
    if (cond.isConst) return cond.value ? [s, null] : [null, s];
    const recorded = this.ex.followerFor(s);
    if (recorded) return recorded.fork(s, cond, inst);
    const r = await this.ex.solver.branch(s.constraints, cond);
    if (r.canTrue === 'unknown' || r.canFalse === 'unknown') {
      this.ex.term.partial(s, 'the solver could not decide a branch (unknown)', inst);
      return [null, null];
    }
    let t = r.canTrue;
    let f = r.canFalse;
    const neg = B.notB(cond);
    if (!t && !f) {
      this.ex.term.partial(s, 'path constraints are unsatisfiable', inst);
      return [null, null];
    }
    if (this.ex.branchHooks.length > 0) {
      const okT = !t || (await this.allowed(s, inst, cond, 0));
      const okF = !f || (await this.allowed(s, inst, neg, 1));
      if (!okT && !okF) {
        this.ex.term.pruned(s);
        return [null, null];
      }
      if (!okT || !okF) {
        // The vetoed side, when feasible, is a pruned path of its own (its test takes that side).
        if (t && f) {
          const other = this.ex.branchState(s);
          const gone = okT ? other : s;
          gone.addConstraint(okT ? neg : cond);
          this.ex.term.pruned(gone);
          const keep = okT ? s : other;
          keep.addConstraint(okT ? cond : neg);
          return okT ? [keep, null] : [null, keep];
        }
        this.ex.term.pruned(s);
        return [null, null];
      }
    }
    if (t && f && this.ex.forkLimited(s)) {
      if (this.ex.rng.nextBool()) f = false;
      else t = false;
      s.addConstraint(t ? cond : neg);
    }
    if (!(t && f)) {
      if (this.ex.tracing) this.traceBranch(s, inst, t ? 0 : 1, t ? cond : neg, false);
      return t ? [s, null] : [null, s];
    }
    const other = this.ex.branchState(s);
    s.addConstraint(cond);
    other.addConstraint(neg);
    if (this.ex.tracing) {
      this.traceBranch(s, inst, 0, cond, true);
      this.traceBranch(other, inst, 1, neg, true);
    }
    recordFork(s, forkKey(inst, 0, false));
    recordFork(other, forkKey(inst, 1, false));
    return [s, other];
  }

  /**
   * A multi-way fork: one state per feasible condition (the conditions should be mutually exclusive);
   * `s` takes the first feasible one. `feasible[i] === true` skips the solver for condition i.
   */
  async forkMany(s: ExecutionState, conds: readonly Expr[], inst: Instruction, feasible?: readonly boolean[]): Promise<(ExecutionState | null)[]> {
    const recorded = this.ex.followerFor(s);
    if (recorded) return recorded.forkMany(s, conds, inst);
    const out: (ExecutionState | null)[] = conds.map(() => null);
    let ok: number[] = [];
    for (let i = 0; i < conds.length; i++) {
      const c = conds[i]!;
      if (c.isConst) {
        if (c.value) ok.push(i);
        continue;
      }
      if (feasible?.[i]) {
        ok.push(i);
        continue;
      }
      const may = await this.ex.solver.mayBeTrue(s.constraints, c);
      if (may === 'unknown') {
        this.ex.term.partial(s, 'the solver could not decide a branch (unknown)', inst);
        return out;
      }
      if (may) ok.push(i);
    }
    if (ok.length === 0) {
      this.ex.term.partial(s, 'path constraints are unsatisfiable', inst);
      return out;
    }
    let vetoed: number[] = [];
    if (this.ex.branchHooks.length > 0) {
      const allow: boolean[] = [];
      for (const i of ok) allow.push(await this.allowed(s, inst, conds[i]!, i));
      vetoed = ok.filter((_, k) => !allow[k]);
      ok = ok.filter((_, k) => allow[k]);
      if (ok.length === 0) {
        this.ex.term.pruned(s);
        return out;
      }
      for (const i of vetoed) {
        const gone = this.ex.branchState(s);
        gone.addConstraint(conds[i]!);
        this.ex.term.pruned(gone);
      }
    }
    if (ok.length > 1 && this.ex.forkLimited(s)) ok = [ok[this.ex.rng.nextInt(ok.length)]!];
    if (ok.length === 1) {
      const i = ok[0]!;
      s.addConstraint(conds[i]!);
      if (this.ex.tracing) this.traceBranch(s, inst, i, conds[i]!, false);
      out[i] = s;
      return out;
    }
    const others = ok.slice(1).map(() => this.ex.branchState(s));
    ok.forEach((i, k) => {
      const st = k === 0 ? s : others[k - 1]!;
      st.addConstraint(conds[i]!);
      recordFork(st, forkKey(inst, i, true));
      if (this.ex.tracing) this.traceBranch(st, inst, i, conds[i]!, true);
      out[i] = st;
    });
    return out;
  }

  private traceBranch(s: ExecutionState, inst: Instruction, direction: number, condition: Expr, forked: boolean): void {
    s.trace = { inst, direction, condition, forked, prev: s.trace };
  }

  /** Whether hooks let `s` take direction `dir` (condition `cond`) at `inst` (a hook may ask the solver). */
  private async allowed(s: ExecutionState, inst: Instruction, cond: Expr, dir: number): Promise<boolean> {
    for (const h of this.ex.branchHooks) {
      const r = h.onBranch!({ state: s, inst, condition: cond, direction: dir });
      if (!(typeof r === 'boolean' ? r : await r)) return false;
    }
    return true;
  }
}
