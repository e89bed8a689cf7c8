// `sympath run --progress`: what the run reports of itself on stderr while it goes on.
//   line   (`auto` on a terminal) one line redrawn in place (`\r`, erase to the end of the line). It is
//          erased before anything else is written (the program's output, sympath's messages) and drawn
//          again after, so it never tears a line of output; it is not drawn while the program's
//          output on the terminal stands in the middle of a line (a prompt without newline), which
//          the redraw would overwrite.
//   plain  a whole line every --progress-interval, for CI logs (no control characters).
//   none   nothing (`auto` when stderr is not a terminal).
// The figures come from the live statistics (live-stats.ts), on a timer of the CLI's own.

import { percent, type StatsJson } from '../engine/stats.js';
import { elapsedText } from './run-report.js';

export type ProgressMode = 'line' | 'plain' | 'none';

/** --progress as given, on this stderr. */
export function progressMode(flag: 'auto' | 'plain' | 'none', stderrIsTerminal: boolean): ProgressMode {
  if (flag === 'plain') return 'plain';
  return flag === 'auto' && stderrIsTerminal ? 'line' : 'none';
}

/** What one report shows: the stats so far, the time since exploration began, and --max-time. */
export interface ProgressFigures {
  stats: StatsJson;
  /** Seconds since exploration began (ticks on during a solver query). */
  elapsed: number;
  /** --max-time in seconds (0: none). */
  maxTime: number;
  /** The process's resident memory now, in MB. */
  rssMB: number;
}

function timeLeft(f: ProgressFigures): string | null {
  if (!(f.maxTime > 0)) return null;
  const left = f.maxTime - f.elapsed;
  return left > 0 ? `${elapsedText(Math.ceil(left))} left` : 'max-time reached: writing tests';
}

/** 1234567 as 1.23M: the terminal line is short. */
function short(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)}G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)}M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)}k`;
  return String(n);
}

function pathsDone(s: StatsJson): number {
  return s.paths.completed + s.paths.errors + s.paths.partial + s.paths.pruned;
}

/** The terminal line: compact, the most telling figures first (it is cut at the terminal's width). */
export function lineText(f: ProgressFigures): string {
  const s = f.stats;
  const left = timeLeft(f);
  const cov = [`${percent(s.coverage.instructionsCovered, s.coverage.instructionsTotal)}% instrs`];
  if (s.coverage.branchesTotal !== undefined) cov.push(`${percent(s.coverage.branchesCovered ?? 0, s.coverage.branchesTotal)}% branches`);
  return [
    `sympath: ${elapsedText(f.elapsed)}${left ? ` (${left})` : ''}`,
    `paths ${pathsDone(s)}${s.paths.errors > 0 ? ` (${s.paths.errors} errors)` : ''}`,
    `states ${s.states.live ?? 0}`,
    `tests ${s.tests}`,
    `instrs ${short(s.instructions)}`,
    `queries ${short(s.solver.queries)}`,
    `cov ${cov.join(', ')}`,
    `${Math.round(f.rssMB)} MB`,
  ].join(' | ');
}

/** The line of --progress plain: every figure spelt out, one line for a log. */
export function plainText(f: ProgressFigures): string {
  const s = f.stats;
  const left = timeLeft(f);
  const branches = s.coverage.branchesTotal !== undefined ? `, ${percent(s.coverage.branchesCovered ?? 0, s.coverage.branchesTotal)}% of branches` : '';
  return (
    `sympath: progress: ${elapsedText(f.elapsed)} elapsed${left ? `, ${left}` : ''}; ` +
    `paths ${pathsDone(s)} (completed ${s.paths.completed}, errors ${s.paths.errors}, partial ${s.paths.partial}, pruned ${s.paths.pruned}); ` +
    `live states ${s.states.live ?? 0}; tests ${s.tests}; instructions ${s.instructions}; ` +
    `queries ${s.solver.queries} (${s.solver.seconds.toFixed(1)} s in the solver); ` +
    `coverage ${percent(s.coverage.instructionsCovered, s.coverage.instructionsTotal)}% of instructions, ` +
    `${percent(s.coverage.linesCovered, s.coverage.linesTotal)}% of lines${branches}; memory ${Math.round(f.rssMB)} MB`
  );
}

/** The progress on stderr, and the terminal's state it depends on. */
export class ProgressDisplay {
  /** Whether the line is on the terminal now. */
  private shown = false;
  /** The line last drawn, redrawn after output. */
  private text = '';
  /** Whether the output on the terminal ends with a newline (the line may be drawn). */
  private atLineStart = true;

  constructor(
    readonly mode: ProgressMode,
    private readonly err: (text: string) => void,
    /** The terminal's width (the line is cut to fit: a wrapped line could not be erased). */
    private readonly columns: () => number,
  ) {}

  /** Line mode: draws `text` in place of the line. */
  draw(text: string): void {
    if (this.mode !== 'line') return;
    this.text = text;
    this.redraw();
  }

  /** Plain mode: prints `text` as a line of its own. */
  print(text: string): void {
    if (this.mode !== 'plain') return;
    this.err(`${this.atLineStart ? '' : '\n'}${text}\n`);
    this.atLineStart = true;
  }

  /** Erases the line (before other output, and at the end). */
  clear(): void {
    if (!this.shown) return;
    this.err('\r\x1b[K');
    this.shown = false;
  }

  /**
   * Writes output through `write` around the line: erased before, drawn again after. `bytes` is
   * what reaches the terminal (empty when it goes elsewhere, e.g. stdout into a file).
   */
  around(write: () => void, bytes: Uint8Array): void {
    this.clear();
    write();
    if (bytes.length > 0) this.atLineStart = bytes[bytes.length - 1] === 0x0a;
    this.redraw();
  }

  private redraw(): void {
    if (this.mode !== 'line' || this.text === '' || !this.atLineStart) return;
    const width = Math.max(20, this.columns() - 1);
    const text = this.text.length > width ? `${this.text.slice(0, width - 1)}…` : this.text;
    this.err(`\r\x1b[K${text}`);
    this.shown = true;
  }
}
