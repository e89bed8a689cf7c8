// `sympath stats OUTDIR...`: the stats.json of one or more output directories as a table (KLEE's
// klee-stats in spirit), or with --json the raw stats.json (an array for several directories).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { formatStatsTable, statsProblems, type StatsJson } from '../engine/stats.js';
import { writeStd } from './std-streams.js';
import { UserError } from './user-error.js';

export function readStats(dir: string): StatsJson {
  const path = join(dir, 'stats.json');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new UserError(`sympath stats: ${dir}: no stats.json (not a sympath output directory, or its run has not started exploring yet)`);
    }
    throw new UserError(`sympath stats: ${path}: ${(e as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UserError(`sympath stats: ${path}: not valid JSON (${(e as Error).message})`);
  }
  const problems = statsProblems(value);
  if (problems.length > 0) throw new UserError(`sympath stats: ${path}: not a sympath stats.json (${problems.slice(0, 3).join('; ')})`);
  return value as StatsJson;
}

export function register(program: Command): void {
  program
    .command('stats')
    .summary('summarise output directories as a table (like klee-stats)')
    .argument('<dirs...>', 'output directories of sympath run')
    .option('--json', 'print the stats.json instead (an array for several directories)')
    .action((dirs: string[], flags: { json?: boolean }) => {
      const rows = dirs.map((dir) => ({ dir, stats: readStats(dir) }));
      if (flags.json) {
        const docs = rows.map((r) => r.stats);
        writeStd('stdout', `${JSON.stringify(docs.length === 1 ? docs[0] : docs, null, 2)}\n`);
      } else {
        writeStd('stdout', formatStatsTable(rows));
      }
    });
}
