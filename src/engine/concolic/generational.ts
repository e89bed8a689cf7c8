// The reference driver (`sympath run --driver concolic`): exhaustive DART-style concolic search with
// SAGE's generational bounds, proving the Driver interface on the plainest strategy.
//
// Start from the all-zero input. For each executed path with decisions c1..cn (the negatable path
// constraints: branches, switches, implicit checks, pointer resolutions, call targets) and a task bound
// k, solve c1 ∧ … ∧ c(i-1) ∧ ¬ci for every i > k (the constraints before i include concretisations and
// assumptions, which are kept, never negated); each solution is a child task with bound i, run
// depth-first. At its own bound a child only asks for further outcomes of a multi-way decision
// (switch, pointer resolution): c1 ∧ … ∧ ¬ci ∧ ¬c'i ∧ …, so every target is found once. Paths are
// deduplicated by their decision sequence (each decision named by its instance's dynamic id and its
// outcome), so the run finds each feasible path exactly once — the paths a forking DFS run finds.
// A child whose path left its parent's prefix (a modelling gap) is expanded from where it diverged.

import * as B from '../../expr/build.js';
import type { Expr } from '../../expr/expr.js';
import type { Trace } from '../trace/model.js';
import type { ConcolicInput, Driver, DriverContext } from './driver-api.js';

interface Task {
  readonly input: ConcolicInput;
  /** Decisions before this index are the parent's; the one at it was flipped. */
  readonly bound: number;
  /** Negations already asked for at `bound` (the outcomes known). */
  readonly blocked: readonly Expr[];
  /** Names of the parent's decisions before `bound`, to detect a divergence. */
  readonly expected: readonly string[];
}

export interface GenerationalStats {
  executions: number;
  /** Runs whose path had been seen before (a multi-way decision re-found, or a divergence). */
  duplicates: number;
  /** Runs that left the prefix they were solved for. */
  divergences: number;
  queries: number;
  unsat: number;
  unknown: number;
  /** Constraints over all queries (the mean per query is the DGSE paper's Table 7 column). */
  queryConstraints: number;
  satSeconds: number;
  unsatSeconds: number;
  unknownSeconds: number;
}

/** The decision names of a trace (negatable constraints), in order. */
function decisions(trace: Trace): { names: string[]; positions: number[] } {
  const names: string[] = [];
  const positions: number[] = [];
  trace.constraints.forEach((c, k) => {
    if (!c.negatable) return;
    names.push(`${c.instance >= 0 ? trace.key(c.instance) : '-'}=${c.outcome}`);
    positions.push(k);
  });
  return { names, positions };
}

function endKey(trace: Trace): string {
  const e = trace.end;
  return e.kind === 'error' ? `error:${e.errorKind}:${e.file}:${e.line}` : e.kind === 'exit' ? `exit:${e.exitCode}` : e.kind;
}

export class GenerationalSearch implements Driver {
  readonly name = 'concolic';
  readonly stats: GenerationalStats = {
    executions: 0,
    duplicates: 0,
    divergences: 0,
    queries: 0,
    unsat: 0,
    unknown: 0,
    queryConstraints: 0,
    satSeconds: 0,
    unsatSeconds: 0,
    unknownSeconds: 0,
  };

  constructor(private readonly initial: ConcolicInput = new Map()) {}

  async run(ctx: DriverContext): Promise<void> {
    const work: Task[] = [{ input: this.initial, bound: 0, blocked: [], expected: [] }];
    const seen = new Set<string>();
    while (work.length > 0 && !ctx.stopReason()) {
      const task = work.pop()!;
      const r = await ctx.execute(task.input);
      this.stats.executions++;
      const { names, positions } = decisions(r.trace);
      const key = `${names.join(' ')}|${endKey(r.trace)}`;
      if (seen.has(key)) {
        this.stats.duplicates++;
        continue;
      }
      seen.add(key);
      if (r.test) ctx.emit(r.test);
      // Where this path left the prefix it was solved for, if it did.
      let bound = task.bound;
      let blocked = task.blocked;
      for (let k = 0; k < Math.min(task.bound, task.expected.length); k++) {
        if (names[k] !== task.expected[k]) {
          this.stats.divergences++;
          bound = k;
          blocked = [];
          break;
        }
      }
      const cs = r.trace.constraints;
      const children: Task[] = [];
      for (let d = bound; d < positions.length && !ctx.stopReason(); d++) {
        const c = cs[positions[d]!]!;
        const prefix = cs.slice(0, positions[d]).map((x) => x.expr);
        let negs: Expr[];
        if (d === bound && blocked.length > 0) {
          if (!c.multiway) continue;
          negs = [...blocked, B.notB(c.expr)];
        } else negs = [B.notB(c.expr)];
        const query = [...prefix, ...negs];
        this.stats.queries++;
        this.stats.queryConstraints += query.length;
        const t = performance.now();
        const a = await ctx.solve(query, r.assignment);
        const secs = (performance.now() - t) / 1000;
        if (a === 'unsat') (this.stats.unsat++, (this.stats.unsatSeconds += secs));
        else if (a === 'unknown') (this.stats.unknown++, (this.stats.unknownSeconds += secs));
        else {
          this.stats.satSeconds += secs;
          children.push({ input: a, bound: d, blocked: negs, expected: names.slice(0, d) });
        }
      }
      // Depth-first, earliest flip first.
      for (let k = children.length - 1; k >= 0; k--) work.push(children[k]!);
    }
  }
}
