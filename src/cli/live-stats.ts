// `sympath run`'s statistics while it goes on (KLEE's run.stats and --stats-write-interval in spirit):
//   - stats.json written as exploration starts and rewritten every --stats-write-interval with
//     "running": true (atomically, as every file of the output directory), so `sympath stats DIR` and
//     other readers see the run so far; the final one has "running": false and the halt reason;
//   - run.stats.csv, the time series: a header, one row per interval and a last row at the end;
//   both written when there is room (OutputDir.writeLiveJson: a full disk is the run's failure at its
//   next test, and the final stats.json has the reserve);
//   - the --progress line or log lines (progress-line.ts).
// All from one timer of the CLI's own, unref'd (it never keeps the process alive), reading the engine's
// snapshot (RunEnvironment.onStart): it fires also while the engine waits on a long solver query
// (native Z3 answers over a pipe), so the line keeps ticking; a wasm query blocks the process, and the
// timer with it, until it returns.

import type { OutputDir } from '../engine/output-dir.js';
import type { StatsJson } from '../engine/stats.js';
import { lineText, plainText, type ProgressDisplay, type ProgressFigures } from './progress-line.js';

/** The time series' file in the output directory. */
export const RUN_STATS_CSV = 'run.stats.csv';

/** Its columns: the stats.json figures that change over a run, flattened, then the memory now. */
export const CSV_COLUMNS = [
  'wallSeconds',
  'instructions',
  'pathsCompleted',
  'pathsErrors',
  'pathsPartial',
  'pathsPruned',
  'statesLive',
  'statesPeak',
  'tests',
  'queries',
  'z3Queries',
  'cacheHits',
  'solverSeconds',
  'instructionsCovered',
  'instructionsTotal',
  'linesCovered',
  'linesTotal',
  'branchesCovered',
  'branchesTotal',
  'rssMB',
] as const;

/** One row of run.stats.csv (branch cells empty when the run counts no branches). */
export function csvRow(s: StatsJson, rssMB: number): string {
  const c = s.coverage;
  const cells: (number | undefined)[] = [
    s.wallSeconds,
    s.instructions,
    s.paths.completed,
    s.paths.errors,
    s.paths.partial,
    s.paths.pruned,
    s.states.live ?? 0,
    s.states.peak,
    s.tests,
    s.solver.queries,
    s.solver.z3Queries,
    s.solver.cacheHits,
    s.solver.seconds,
    c.instructionsCovered,
    c.instructionsTotal,
    c.linesCovered,
    c.linesTotal,
    c.branchesTotal !== undefined ? (c.branchesCovered ?? 0) : undefined,
    c.branchesTotal,
    Math.round(rssMB),
  ];
  return `${cells.map((x) => (x === undefined ? '' : String(x))).join(',')}\n`;
}

/** The process's resident memory now, in MB. */
export function rssMB(): number {
  return process.memoryUsage.rss() / (1 << 20);
}

/** The process's peak resident memory so far, in MB (ru_maxrss: z3's processes are not counted). */
export function peakRssMB(): number {
  return process.resourceUsage().maxRSS / 1024;
}

/** How often the timer looks (the line's redraw period; plain lines and stats.json are due less often). */
const TICK_MS = 500;

export interface LiveStatsOptions {
  output: OutputDir;
  display: ProgressDisplay;
  /** Seconds between plain progress lines. */
  progressInterval: number;
  /** Seconds between live stats.json rewrites and CSV rows (0: at the end only). */
  statsInterval: number;
  /** --max-time in seconds (0: none), for the time left. */
  maxTime: number;
  /** The stats so far ("running": true), or null while the engine has not started. */
  current: () => StatsJson | null;
}

export class LiveStats {
  private timer: NodeJS.Timeout | undefined;
  private started = performance.now();
  private lastPlain = 0;
  private lastStats = 0;
  private headerWritten = false;

  constructor(private readonly o: LiveStatsOptions) {}

  start(): void {
    // The first live stats.json as soon as the engine has figures (so `sympath stats` finds one early);
    // the first plain line after an interval.
    this.started = this.lastPlain = performance.now();
    this.lastStats = -Infinity;
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Stops the timer and erases the line; no live write happens after this (the final stats.json follows). */
  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.o.display.clear();
  }

  /** The time series' last row: the final figures. */
  finish(stats: StatsJson): void {
    this.appendRow(stats);
  }

  private tick(): void {
    const now = performance.now();
    const mode = this.o.display.mode;
    const plainDue = mode === 'plain' && now - this.lastPlain >= this.o.progressInterval * 1000;
    const statsDue = this.o.statsInterval > 0 && now - this.lastStats >= this.o.statsInterval * 1000;
    if (mode !== 'line' && !plainDue && !statsDue) return;
    const stats = this.o.current();
    if (stats === null) return;
    const figures: ProgressFigures = { stats, elapsed: (now - this.started) / 1000, maxTime: this.o.maxTime, rssMB: rssMB() };
    if (mode === 'line') this.o.display.draw(lineText(figures));
    if (plainDue) {
      this.lastPlain = now;
      this.o.display.print(plainText(figures));
    }
    if (statsDue) {
      this.lastStats = now;
      this.o.output.writeLiveJson('stats.json', stats);
      this.appendRow(stats, figures.rssMB);
    }
  }

  private appendRow(stats: StatsJson, rss = rssMB()): void {
    const header = this.headerWritten ? '' : `${CSV_COLUMNS.join(',')}\n`;
    if (this.o.output.appendLiveLines(RUN_STATS_CSV, `${header}${csvRow(stats, rss)}`)) this.headerWritten = true;
  }
}
