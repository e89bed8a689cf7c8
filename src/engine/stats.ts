// stats.json: the run's summary, written into the output directory and printed by `sympath run --json`.
// Its shape is a contract (../shared/DESIGN.md; checks outside the repository read it): the field names
// and types below must not change, and nothing is added at the top level without changing DESIGN.md.
// Additions (issue 22, listed in the README's "stats.json" section) are optional fields, so a reader of
// DESIGN's shape is not disturbed: `running`, `haltReason`, `versions`, `memory`, `states.live` and
// the branch counts of `coverage`.

import type { HibernationStats } from './hibernation.js';
import type { CoverageFigures, RunResult } from './run-environment.js';

export interface StatsJson {
  program: string;
  search: string;
  prune: string[];
  wallSeconds: number;
  instructions: number;
  paths: { completed: number; errors: number; partial: number; pruned: number };
  tests: number;
  errors: StatsError[];
  /** `live`: the states alive when the file was written (0 at the end). */
  states: { peak: number; live?: number };
  solver: { queries: number; z3Queries: number; cacheHits: number; seconds: number };
  coverage: CoverageFigures;
  /** true in the stats.json rewritten during the run (every --stats-write-interval), false at its end. */
  running?: boolean;
  /** Why the run ended: 'all paths explored', 'max-time', 'interrupted', …; absent while it runs. */
  haltReason?: string;
  /** What produced the figures: sympath's version, the Z3 back end's, Node's. */
  versions?: { sympath: string; solver: string; node: string };
  /**
   * The sympath process's peak resident memory so far (z3 processes not included), in MB; `peakHeapMB`
   * (optional, added after DESIGN's shape): the peak of the main thread's V8 heap in use, sampled
   * (src/cli/heap-peak.ts).
   */
  memory?: { peakRssMB: number; peakHeapMB?: number };
  /**
   * States put to sleep at --max-memory and rebuilt by re-execution (src/engine/hibernation.ts; README,
   * "stats.json"); absent when none slept.
   */
  hibernation?: HibernationStats;
  /** With `--driver NAME` of a registered technique: the driver's own counts (README, "stats.json"). */
  driver?: Record<string, unknown>;
  /** Pruning techniques' own counts, by technique name (e.g. `pruning.dise`; README, "stats.json"). */
  pruning?: Record<string, Record<string, unknown>>;
  /** With `--workers N` (N > 1): per-worker counts and the prefix re-execution cost (src/parallel/README.md). */
  workers?: Record<string, unknown>;
}

export interface StatsError {
  kind: string;
  file: string;
  line: number;
  /** The test's .ktest file name, e.g. test000003.ktest. */
  test: string;
}

/** The stats.json field list with each field's JSON type: the contract as data (tests, validation). */
export const STATS_SHAPE = {
  program: 'string',
  search: 'string',
  prune: ['string'],
  wallSeconds: 'number',
  instructions: 'number',
  paths: { completed: 'number', errors: 'number', partial: 'number', pruned: 'number' },
  tests: 'number',
  errors: [{ kind: 'string', file: 'string', line: 'number', test: 'string' }],
  states: { peak: 'number' },
  solver: { queries: 'number', z3Queries: 'number', cacheHits: 'number', seconds: 'number' },
  coverage: { instructionsCovered: 'number', instructionsTotal: 'number', linesCovered: 'number', linesTotal: 'number' },
} as const;

type Shape = string | readonly Shape[] | { readonly [k: string]: Shape };

function check(value: unknown, shape: Shape, path: string, problems: string[]): void {
  if (typeof shape === 'string') {
    if (typeof value !== shape || (shape === 'number' && !Number.isFinite(value))) {
      problems.push(`${path}: expected a ${shape}, got ${JSON.stringify(value)}`);
    }
  } else if (Array.isArray(shape)) {
    if (!Array.isArray(value)) problems.push(`${path}: expected an array`);
    else value.forEach((v, i) => check(v, shape[0] as Shape, `${path}[${i}]`, problems));
  } else {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push(`${path}: expected an object`);
      return;
    }
    const obj = value as Record<string, unknown>;
    const fields = shape as { readonly [k: string]: Shape };
    for (const k of Object.keys(fields)) {
      if (!(k in obj)) problems.push(`${path}.${k}: missing`);
      else check(obj[k], fields[k]!, `${path}.${k}`, problems);
    }
  }
}

/** Problems with `value` as a stats.json (missing fields, wrong types); empty when it conforms. */
export function statsProblems(value: unknown): string[] {
  const problems: string[] = [];
  check(value, STATS_SHAPE as unknown as Shape, 'stats', problems);
  return problems;
}

/** What a run produced, from the engine's RunResult plus the solver's and the test writer's counts. */
export interface StatsInput {
  program: string;
  search: string;
  prune: readonly string[];
  result: Pick<RunResult, 'instructions' | 'paths' | 'statesPeak' | 'coverage' | 'wallSeconds' | 'hibernation'>;
  /** States alive now (a live stats.json; 0 at the end). */
  liveStates?: number;
  running?: boolean;
  haltReason?: string;
  versions?: { sympath: string; solver: string; node: string };
  peakRssMB?: number;
  peakHeapMB?: number;
  solver: { queries: number; z3Queries: number; cacheHits: number; seconds: number };
  tests: number;
  errors: readonly StatsError[];
  driver?: Record<string, unknown>;
  pruning?: Record<string, Record<string, unknown>>;
  /** With `--workers N` (N > 1): per-worker counts and the prefix re-execution cost (src/parallel/README.md). */
  workers?: Record<string, unknown>;
}

const round = (x: number, digits = 3): number => Math.round(x * 10 ** digits) / 10 ** digits;

export function buildStats(i: StatsInput): StatsJson {
  const r = i.result;
  return {
    program: i.program,
    search: i.search,
    prune: [...i.prune],
    wallSeconds: round(r.wallSeconds),
    instructions: r.instructions,
    paths: { completed: r.paths.completed, errors: r.paths.errors, partial: r.paths.partial, pruned: r.paths.pruned },
    tests: i.tests,
    errors: i.errors.map((e) => ({ kind: e.kind, file: e.file, line: e.line, test: e.test })),
    states: { peak: r.statesPeak, ...(i.liveStates !== undefined ? { live: i.liveStates } : {}) },
    ...(r.hibernation ? { hibernation: { ...r.hibernation } } : {}),
    solver: {
      queries: i.solver.queries,
      z3Queries: i.solver.z3Queries,
      cacheHits: i.solver.cacheHits,
      seconds: round(i.solver.seconds),
    },
    coverage: {
      instructionsCovered: r.coverage.instructionsCovered,
      instructionsTotal: r.coverage.instructionsTotal,
      linesCovered: r.coverage.linesCovered,
      linesTotal: r.coverage.linesTotal,
      ...(r.coverage.branchesTotal !== undefined ? { branchesCovered: r.coverage.branchesCovered ?? 0, branchesTotal: r.coverage.branchesTotal } : {}),
    },
    ...(i.running !== undefined ? { running: i.running } : {}),
    ...(i.haltReason !== undefined ? { haltReason: i.haltReason } : {}),
    ...(i.versions ? { versions: { ...i.versions } } : {}),
    ...(i.peakRssMB !== undefined
      ? { memory: { peakRssMB: Math.round(i.peakRssMB), ...(i.peakHeapMB !== undefined ? { peakHeapMB: Math.round(i.peakHeapMB * 10) / 10 } : {}) } }
      : {}),
    ...(i.driver ? { driver: i.driver } : {}),
    ...(i.pruning ? { pruning: i.pruning } : {}),
    ...(i.workers ? { workers: i.workers } : {}),
  };
}

export function percent(part: number, whole: number): string {
  return whole > 0 ? ((100 * part) / whole).toFixed(2) : '-';
}

/**
 * KLEE's klee-stats in spirit: one row per output directory, then each directory's details and errors.
 * A directory whose run goes on (its stats.json rewritten during the run) says so, with its figures so far.
 */
export function formatStatsTable(rows: readonly { dir: string; stats: StatsJson }[]): string {
  const header = ['Path', 'Instrs', 'Time(s)', 'ICov(%)', 'LCov(%)', 'BCov(%)', 'Completed', 'Errors', 'Partial', 'Pruned', 'Tests', 'States', 'Queries', 'TSolver(%)'];
  const body = rows.map(({ dir, stats: s }) => [
    dir,
    String(s.instructions),
    s.wallSeconds.toFixed(2),
    percent(s.coverage.instructionsCovered, s.coverage.instructionsTotal),
    percent(s.coverage.linesCovered, s.coverage.linesTotal),
    s.coverage.branchesTotal !== undefined ? percent(s.coverage.branchesCovered ?? 0, s.coverage.branchesTotal) : '-',
    String(s.paths.completed),
    String(s.paths.errors),
    String(s.paths.partial),
    String(s.paths.pruned),
    String(s.tests),
    String(s.states.peak),
    String(s.solver.queries),
    percent(s.solver.seconds, s.wallSeconds),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((r) => r[c]!.length)));
  const line = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+`;
  const fmt = (cells: readonly string[]): string =>
    `| ${cells.map((x, c) => (c === 0 ? x.padEnd(widths[c]!) : x.padStart(widths[c]!))).join(' | ')} |`;
  const out = [line, fmt(header), line, ...body.map(fmt), line];
  for (const { dir, stats: s } of rows) {
    out.push(
      '',
      `${dir}: program ${s.program}, search ${s.search}${s.prune.length ? `, prune ${s.prune.join(',')}` : ''}` +
        (s.running ? `; RUNNING (figures as of ${s.wallSeconds.toFixed(0)} s)` : s.haltReason !== undefined ? `; halted: ${s.haltReason}` : ''),
      `  states peak ${s.states.peak}${s.states.live !== undefined && s.running ? `, live ${s.states.live}` : ''}; solver: ${s.solver.queries} queries, ${s.solver.z3Queries} to Z3, ` +
        `${s.solver.cacheHits} cache hits, ${s.solver.seconds.toFixed(2)} s; ` +
        `coverage: ${s.coverage.instructionsCovered}/${s.coverage.instructionsTotal} instructions, ` +
        `${s.coverage.linesCovered}/${s.coverage.linesTotal} lines` +
        (s.coverage.branchesTotal !== undefined ? `, ${s.coverage.branchesCovered ?? 0}/${s.coverage.branchesTotal} branches` : ''),
    );
    if (s.versions || s.memory) {
      const parts = [
        ...(s.memory ? [`peak memory ${s.memory.peakRssMB} MB${s.memory.peakHeapMB !== undefined ? ` (V8 heap ${s.memory.peakHeapMB} MB)` : ''}`] : []),
        ...(s.versions ? [`sympath ${s.versions.sympath}, ${s.versions.solver}, node ${s.versions.node}`] : []),
      ];
      out.push(`  ${parts.join('; ')}`);
    }
    if (s.errors.length === 0) out.push('  no errors found');
    for (const e of s.errors) out.push(`  ${e.kind.padEnd(14)} ${e.file}:${e.line}  (${e.test})`);
  }
  return `${out.join('\n')}\n`;
}
