// The PSE experiment's vocabulary for its report: the small subjects of programs/ (suffix-independent-of-
// prefix shapes, parsers, state machines; their -D defines, also used by benchmarks/dgse) and the
// configurations with their groups. The runs themselves are the cells of pse.experiment.json (the small
// subjects) and pse-coreutils.experiment.json (the Coreutils utilities of issue 5 in the paper's setting:
// symbolic arguments of 2 characters plus stdin, under the POSIX model and musl): the same names.

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
  kind: 'small';
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

/** The report's subjects in its order: the small ones as SMALL_SUBJECTS lists them, then the Coreutils ones
 *  (`coreutils-UTIL`, the names pse-coreutils.experiment.json gives) by name. */
export function subjectsOf(records: readonly { subject: string }[]): string[] {
  const have = new Set(records.map((r) => r.subject));
  const small = SMALL_SUBJECTS.map((s) => s.name).filter((n) => have.has(n));
  return [...small, ...[...have].filter((n) => !small.includes(n)).sort()];
}

export const isCoreutils = (subject: string): boolean => subject.startsWith('coreutils-');

/** Subjects the other searchers are compared on (one, as asked: where the effect shows). */
export const SEARCHER_SUBJECTS = ['independent-4x4', 'diamonds-6'];

/** One run's record (the retired harness's results/pse/runs/<subject>/<config>.json, or a cell of an
 *  experiment's results folder as records.ts reads it). */
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
  /** CPU seconds (user + system). runs/: of the process during the exploration, the native Z3 (a child
   *  process) not in it; a cell: of the whole `sympath run` with clang and Z3 (the cell's rusage). */
  cpuSeconds: number;
  solverSeconds: number;
  peakRssMB: number;
  peakHeapMB: number;
  haltReason: string | null;
  errors: string[];
  /** Covered lines of the program's own files (runs/: small subjects only; cells: run.cov). */
  lines: string[];
  /** Their number (runs/ of Coreutils subjects give only the count, from stats.json). */
  linesCovered?: number;
  prune: Record<string, unknown> | null;
  /** The run's --max-time in seconds (cells; the retired harness's runs/ had 120 s and do not say). */
  maxTime?: number;
  /** The engine commit that made the run (`git rev-parse --short HEAD` in the tree it ran from; older
   *  records have none). */
  commit?: string;
}

/** The budget of the records' runs in words ("120 s", or "10 s and 120 s" for a mix). */
export function budgetText(records: readonly RunRecord[]): string {
  const times = [...new Set(records.map((r) => r.maxTime ?? 120))].sort((a, b) => a - b);
  return times.length === 0 ? '120 s' : `${times.join(' s and ')} s`;
}
