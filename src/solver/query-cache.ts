// The query cache (KLEE's CachingSolver): the answer (sat/unsat) to "constraints ∧ expr", keyed by the
// sorted constraint ids and the expression id — exact, no hashing collisions. Hash-consing makes equal
// questions equal keys. A cached 'sat' answers only when no model is wanted; 'unknown' is never
// cached. Bounded: the oldest entries go first.

import type { ChainCounters, CheckResult, CoreSolver, Query } from './core.js';
import { constraintsKey } from './core.js';

export class QueryCache implements CoreSolver {
  private readonly cache = new Map<string, 'sat' | 'unsat'>();

  constructor(
    private readonly inner: CoreSolver,
    private readonly counters: ChainCounters,
    private readonly capacity = 200_000,
  ) {}

  async check(q: Query): Promise<CheckResult> {
    const setKey = q.key ?? constraintsKey(q.constraints);
    const key = `${setKey}|${q.expr.id}`;
    const hit = this.cache.get(key);
    const wantModel = q.reads !== undefined && q.reads.size > 0;
    if (hit === 'unsat' || (hit === 'sat' && !wantModel)) {
      this.counters.queryCacheHits++;
      return { status: hit };
    }
    const r = await this.inner.check(q.key === undefined ? { ...q, key: setKey } : q);
    if (r.status !== 'unknown' && hit === undefined) {
      if (this.cache.size >= this.capacity) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, r.status);
    }
    return r;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
