// The PSE experiment's subjects and configurations. Subjects are pluggable: the small programs of
// programs/ (suffix-independent-of-prefix shapes, parsers, state machines) are here now; the Coreutils
// utilities of issue 5 join through `coreutilsSubjects()` once their bitcode exists (the paper's setting:
// symbolic arguments of 2 characters plus stdin, under the POSIX model and musl) — until then that list
// is empty and the results say the Coreutils runs are pending.

import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PostconditionOptions } from '../../src/strategies/postcondition/index.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PROGRAMS = join(ROOT, 'benchmarks', 'pse', 'programs');

export interface Subject {
  name: string;
  file: string;
  /** -D definitions. */
  defines: string[];
  /** 'small': programs/ (run in-process, --libc none); 'coreutils': issue 5's utilities (run through
   *  `sympath run --posix-runtime` on their bitcode, with `args`). */
  kind: 'small' | 'coreutils';
  args?: string[];
}

export interface Config {
  name: string;
  search: string[];
  /** Postcondition pruner options; absent = no pruning. */
  pse?: Partial<PostconditionOptions>;
  /** Part of the main table (DFS with and without PSE), the ablation, the searcher comparison, or the
   *  Coreutils-only extras. */
  group: 'main' | 'ablation' | 'searcher' | 'coreutils';
}

/** All heuristics on (the paper's "all optimization options enabled"). */
const ALL: Partial<PostconditionOptions> = { firstInstanceOnly: true, simplify: true, reuseWp: true, maxSummarySize: 200 };

export const CONFIGS: Config[] = [
  { name: 'dfs', search: ['dfs'], group: 'main' },
  { name: 'dfs+pse', search: ['dfs'], pse: ALL, group: 'main' },
  // Ablation: PSE with no heuristic, then each heuristic alone off from the full set.
  { name: 'pse-plain', search: ['dfs'], pse: { firstInstanceOnly: false, simplify: false, reuseWp: false, maxSummarySize: 200 }, group: 'ablation' },
  { name: 'pse-all-instances', search: ['dfs'], pse: { ...ALL, firstInstanceOnly: false }, group: 'ablation' },
  { name: 'pse-no-simplify', search: ['dfs'], pse: { ...ALL, simplify: false }, group: 'ablation' },
  { name: 'pse-no-reuse', search: ['dfs'], pse: { ...ALL, reuseWp: false }, group: 'ablation' },
  { name: 'pse-size-20', search: ['dfs'], pse: { ...ALL, maxSummarySize: 20 }, group: 'ablation' },
  // Coreutils only: all heuristics plus --pse-pin-addresses (concrete load/store addresses as constants).
  { name: 'dfs+pse-pin', search: ['dfs'], pse: { ...ALL, pinAddresses: true }, group: 'coreutils' },
  // Other searchers (on the searcher-comparison subjects only).
  { name: 'bfs', search: ['bfs'], group: 'searcher' },
  { name: 'bfs+pse', search: ['bfs'], pse: ALL, group: 'searcher' },
  { name: 'random-path', search: ['random-path'], group: 'searcher' },
  { name: 'random-path+pse', search: ['random-path'], pse: ALL, group: 'searcher' },
];

function small(name: string, file: string, defines: string[] = []): Subject {
  return { name, file: join(PROGRAMS, file), defines, kind: 'small' };
}

export const SMALL_SUBJECTS: Subject[] = [
  small('independent-4x4', 'independent.c', ['K=4', 'M=4']),
  small('independent-6x5', 'independent.c', ['K=6', 'M=5']),
  small('independent-5x5-work', 'independent.c', ['K=5', 'M=5', 'WORK=200']),
  small('diamonds-6', 'diamonds.c', ['N=6']),
  small('diamonds-8', 'diamonds.c', ['N=8']),
  small('args', 'args.c'),
  small('wc', 'wc.c'),
  small('tokens', 'tokens.c'),
  small('date', 'date.c'),
  small('machine', 'machine.c'),
];

/** The paper's setting: symbolic command-line arguments of 2 characters (here up to 2 of them) and stdin. */
export const COREUTILS_ARGS = ['--sym-args', '0', '2', '2', '--sym-stdin', '2'];

/** Utilities run by default — a first look: two that exhaustive DFS finishes in a second;
 *  PSE_COREUTILS=a,b,… or PSE_COREUTILS=all picks others. */
const DEFAULT_COREUTILS = ['echo', 'basename'];

/**
 * Coreutils utilities of issue 5, when built (`make coreutils`: benchmarks/coreutils/build/ir/<util>.bc
 * and utilities.txt). Empty until then.
 */
export function coreutilsSubjects(): Subject[] {
  const dir = join(ROOT, 'benchmarks', 'coreutils', 'build', 'ir');
  const list = join(dir, 'utilities.txt');
  if (!existsSync(list)) return [];
  const built = new Set(readdirSync(dir).filter((f) => f.endsWith('.bc')).map((f) => f.slice(0, -3)));
  const want = process.env.PSE_COREUTILS === 'all' ? [...built] : process.env.PSE_COREUTILS ? process.env.PSE_COREUTILS.split(',') : DEFAULT_COREUTILS;
  return want
    .filter((u) => built.has(u))
    .map((u) => ({ name: `coreutils-${u}`, file: join(dir, `${u}.bc`), defines: [], kind: 'coreutils' as const, args: COREUTILS_ARGS }));
}

export const SUBJECTS: Subject[] = [...SMALL_SUBJECTS, ...coreutilsSubjects()];

/** Subjects the other searchers are compared on (one, as asked: where the effect shows). */
export const SEARCHER_SUBJECTS = ['independent-4x4', 'diamonds-6'];

/** One run's record (results/pse/runs/<subject>/<config>.json). */
export interface RunRecord {
  subject: string;
  config: string;
  search: string;
  pse: Partial<PostconditionOptions> | null;
  paths: { completed: number; errors: number; partial: number; pruned: number };
  /** Every ended path: completed + errors + partial + pruned (the paper's "explored paths"). */
  explored: number;
  instructions: number;
  /** Wall-clock seconds of the exploration. */
  seconds: number;
  /** CPU seconds of this process (user + system) during the exploration: the solver runs in a child
   *  process (native Z3) and is not in it; wall time on a shared machine is noisier. */
  cpuSeconds: number;
  solverSeconds: number;
  peakRssMB: number;
  peakHeapMB: number;
  haltReason: string | null;
  errors: string[];
  /** Covered lines of the program's own files (small subjects). */
  lines: string[];
  /** Their number (Coreutils subjects give only the count, from stats.json). */
  linesCovered?: number;
  prune: Record<string, unknown> | null;
  /** The engine commit that made the run (`git rev-parse --short HEAD` in the tree it ran from; older
   *  records have none). */
  commit?: string;
}
