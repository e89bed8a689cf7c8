// Assembling the solver chain, KLEE style (ConstructSolverChain): a Z3 back end at the core, wrapped
// by the counterexample cache, the query cache and constraint independence, under the engine-facing
// API with its constant fast path. Each cache is switchable for ablation (benchmarks/solver.bench.ts).
//
//   ChainSolver (constant fast path, Solver API)
//     -> Independence -> QueryCache -> CexCache -> Intervals -> SmallDomain -> WordRange -> ModelGuess -> ByteConditions -> CountedBackend -> Z3Native | Z3Wasm

import type { Solver, SolverOptions } from './solver.js';
import { CountedBackend, newCounters, type CoreSolver } from './core.js';
import { Independence } from './independence.js';
import { QueryCache } from './query-cache.js';
import { CexCache } from './cex-cache.js';
import { SmallDomain } from './small-domain.js';
import { IntervalRefutation } from './intervals.js';
import { ByteDomains } from './byte-domains.js';
import { ModelGuess } from './model-guess.js';
import { WordRange } from './word-range.js';
import { ByteConditions } from './byte-conditions.js';
import { ChainSolver } from './frontend.js';
import { Z3Native } from './z3-native.js';
import { Z3Wasm } from './z3-wasm.js';

export { ChainSolver } from './frontend.js';
export { Z3NotFoundError } from './z3-native.js';
export type { Solver, SolverOptions, SolverStats } from './solver.js';

export { DEFAULT_BACKEND } from './solver.js';

/** A Z3 back end alone (no caches), for tests and benchmarks. */
export async function createBackend(backend: SolverOptions['backend'], timeoutSeconds: number, signal?: AbortSignal) {
  const timeoutMs = timeoutSeconds * 1000;
  return backend === 'native' ? Z3Native.create({ timeoutMs, signal }) : Z3Wasm.create({ timeoutMs, signal });
}

export async function createSolver(opts: SolverOptions): Promise<ChainSolver & Solver> {
  const counters = newCounters();
  const backend = await createBackend(opts.backend, opts.timeoutSeconds, opts.signal);
  const byteDomains = new ByteDomains();
  let s: CoreSolver = new CountedBackend(backend, counters);
  if (opts.byteConditions !== false) s = new ByteConditions(s, counters, byteDomains);
  if (opts.modelGuess !== false) s = new ModelGuess(s, counters);
  if (opts.wordRange !== false) s = new WordRange(s, counters);
  if (opts.smallDomain !== false) s = new SmallDomain(s, counters, {}, byteDomains);
  if (opts.intervals !== false) s = new IntervalRefutation(s, counters, byteDomains);
  if (opts.cexCache !== false) s = new CexCache(s, counters);
  if (opts.queryCache !== false) s = new QueryCache(s, counters);
  if (opts.independence !== false) s = new Independence(s, counters);
  return new ChainSolver(s, counters, opts.backend, backend);
}
