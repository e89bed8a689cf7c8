// The text `sympath run` reports: the info file's pieces, the "done" summary, and the optional native
// replay of the tests at the end (--replay-coverage).

import type { StatsJson } from '../engine/stats.js';
import type { RunIO } from './run-io.js';
import { UserError } from './user-error.js';

export function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function stamp(d: Date): string {
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export function elapsedText(seconds: number): string {
  const s = Math.floor(seconds);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${p(Math.floor(s / 3600))}:${p(Math.floor(s / 60) % 60)}:${p(s % 60)}`;
}

/** The "done" lines of info and of the summary on stderr (KLEE's wording). */
export function doneLines(stats: StatsJson): string[] {
  return [
    `sympath: done: total instructions = ${stats.instructions}`,
    `sympath: done: completed paths = ${stats.paths.completed}`,
    `sympath: done: error paths = ${stats.paths.errors}`,
    `sympath: done: partially completed paths = ${stats.paths.partial}`,
    `sympath: done: pruned paths = ${stats.paths.pruned}`,
    `sympath: done: generated tests = ${stats.tests}`,
  ];
}

/** `--replay-coverage`: the native replay of issue 6 over the tests just written (x86_64). */
export async function replayAtEnd(outDir: string, io: RunIO): Promise<void> {
  const { replayOutputDir, formatReplayText } = await import('../replay/index.js');
  try {
    io.err(formatReplayText(await replayOutputDir(outDir, { arch: 'x86_64' })));
  } catch (e) {
    if ((e as Error).name === 'ReplayError') throw new UserError((e as Error).message);
    throw e;
  }
}
