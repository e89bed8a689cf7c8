// The engine-facing Solver (solver.ts) over a chain of CoreSolvers. Every question becomes one or more
// satisfiability queries "constraints ∧ expr"; constant questions take the fast path without entering
// the chain (the constraints are assumed satisfiable, as everywhere in the chain). 'unknown' from any
// layer is passed on, never guessed.

import { TRUE, constant, notB, uge, ule } from '../expr/build.js';
import { Expr, Kind, type ArrayDecl } from '../expr/expr.js';
import { evaluate } from '../expr/evaluate.js';
import { footprint } from '../expr/footprint.js';
import { unsignedBounds } from '../expr/bounds.js';
import type { Constraints, Solver, SolverStats } from './solver.js';
import type { ChainCounters, CheckResult, CoreSolver, Deadline, ModelReads } from './core.js';
import { readsForFootprint } from './cex-cache.js';

type Answer = boolean | 'unknown';

export class ChainSolver implements Solver {
  constructor(
    private readonly chain: CoreSolver,
    /** Detailed counters of every layer (stats.json's `solver` block is `stats`). */
    readonly counters: ChainCounters,
    /** 'wasm' or 'native'. */
    readonly backend: string,
    /** The Z3 back end at the core, which enforces the deadline. */
    private readonly core?: Deadline,
  ) {}

  setDeadline(deadline: number): void {
    this.core?.setDeadline(deadline);
  }

  get stats(): SolverStats {
    const c = this.counters;
    return { queries: c.queries, z3Queries: c.z3Queries, cacheHits: c.queryCacheHits + c.cexCacheHits, seconds: c.seconds };
  }

  /** One satisfiability query through the chain. */
  async check(constraints: Constraints, expr: Expr, reads?: ModelReads): Promise<CheckResult> {
    const t0 = performance.now();
    this.counters.queries++;
    try {
      return await this.chain.check({ constraints, expr, reads });
    } finally {
      this.counters.seconds += (performance.now() - t0) / 1000;
    }
  }

  private constant(e: Expr): boolean {
    this.counters.constantFastPath++;
    return e.value === 1n;
  }

  async mayBeTrue(constraints: Constraints, cond: Expr): Promise<Answer> {
    if (cond.kind === Kind.Const) return this.constant(cond);
    const r = await this.check(constraints, cond);
    return r.status === 'unknown' ? 'unknown' : r.status === 'sat';
  }

  async mustBeTrue(constraints: Constraints, cond: Expr): Promise<Answer> {
    if (cond.kind === Kind.Const) return this.constant(cond);
    const r = await this.check(constraints, notB(cond));
    return r.status === 'unknown' ? 'unknown' : r.status === 'unsat';
  }

  async mayBeFalse(constraints: Constraints, cond: Expr): Promise<Answer> {
    if (cond.kind === Kind.Const) return !this.constant(cond);
    const r = await this.check(constraints, notB(cond));
    return r.status === 'unknown' ? 'unknown' : r.status === 'sat';
  }

  /** At most two queries; one when the first direction is infeasible (the other must then hold). */
  async branch(constraints: Constraints, cond: Expr): Promise<{ canTrue: Answer; canFalse: Answer }> {
    if (cond.kind === Kind.Const) {
      const v = this.constant(cond);
      return { canTrue: v, canFalse: !v };
    }
    const canTrue = await this.mayBeTrue(constraints, cond);
    if (canTrue === false) return { canTrue, canFalse: true };
    const canFalse = await this.mayBeFalse(constraints, cond);
    if (canTrue === 'unknown' && canFalse === false) return { canTrue: true, canFalse };
    return { canTrue, canFalse };
  }

  /** A model of the constraints relevant to `e`, and e's value in it. */
  private async valueUnder(constraints: Constraints, cond: Expr, e: Expr): Promise<bigint | 'unsat' | 'unknown'> {
    const r = await this.check(constraints, cond, readsForFootprint(footprint(e)));
    if (r.status !== 'sat') return r.status;
    return evaluate(e, r.model ?? new Map());
  }

  async getValue(constraints: Constraints, e: Expr): Promise<bigint | 'unknown'> {
    if (e.kind === Kind.Const) {
      this.counters.constantFastPath++;
      return e.value;
    }
    const v = await this.valueUnder(constraints, TRUE, e);
    if (v === 'unsat') throw new Error('getValue: the constraints are unsatisfiable');
    return v;
  }

  /**
   * Unsigned minimum and maximum. Seeded with one value (getValue) and the cheap syntactic bounds of
   * `e`; each bound is probed first (an unconstrained value answers at once), then the search gallops
   * outwards from the seed (steps 1, 2, 4, ...) until a probe is infeasible and bisects the rest, so
   * a narrow range (a symbolic pointer into one object) costs O(log width) queries instead of ~2w.
   * Every feasible probe's model moves the bound to the value it gives, often past the probe.
   */
  async getRange(constraints: Constraints, e: Expr): Promise<{ min: bigint; max: bigint } | 'unknown'> {
    if (e.kind === Kind.Const) {
      this.counters.constantFastPath++;
      return { min: e.value, max: e.value };
    }
    if (e.width === 1) {
      const { canTrue, canFalse } = await this.branch(constraints, e);
      if (canTrue === 'unknown' || canFalse === 'unknown') return 'unknown';
      return { min: canFalse ? 0n : 1n, max: canTrue ? 1n : 0n };
    }
    const seed = await this.getValue(constraints, e);
    if (seed === 'unknown') return 'unknown';
    const { lo, hi } = unsignedBounds(e);
    const w = e.width;

    // min is in [L, H]
    let L = lo;
    let H = seed;
    let step = 1n;
    let galloping = false;
    let probe = L;
    while (L < H) {
      const v = await this.valueUnder(constraints, ule(e, constant(w, probe)), e);
      if (v === 'unknown') return 'unknown';
      if (v === 'unsat') {
        L = probe + 1n;
        galloping = probe === lo && !galloping; // after the bound, gallop down from the seed
      } else {
        H = v <= probe ? v : probe;
        if (galloping) step *= 2n;
      }
      probe = galloping ? (H - step > L ? H - step : L) : L + (H - L) / 2n;
    }
    const min = L;

    // max is in [L, H]
    L = seed;
    H = hi;
    step = 1n;
    galloping = false;
    probe = H;
    while (L < H) {
      const v = await this.valueUnder(constraints, uge(e, constant(w, probe)), e);
      if (v === 'unknown') return 'unknown';
      if (v === 'unsat') {
        H = probe - 1n;
        galloping = probe === hi && !galloping;
      } else {
        L = v >= probe ? v : probe;
        if (galloping) step *= 2n;
      }
      probe = galloping ? (L + step < H ? L + step : H) : L + (H - L + 1n) / 2n;
    }
    return { min, max: L };
  }

  async getInitialValues(constraints: Constraints, arrays: readonly ArrayDecl[]): Promise<Uint8Array[] | 'unsat' | 'unknown'> {
    const reads = new Map(arrays.filter((a) => a.isSymbolic).map((a) => [a, 'all' as const]));
    const r = await this.check(constraints, TRUE, reads);
    if (r.status !== 'sat') return r.status;
    return arrays.map((a) => {
      const bytes = new Uint8Array(a.size);
      const m = a.constantValues ?? r.model?.get(a);
      if (m) bytes.set(m.subarray(0, a.size));
      return bytes;
    });
  }

  close(): Promise<void> {
    return this.chain.close();
  }
}
