// Issue 22 item 4: statistics while a run goes on. stats.json is rewritten during the run with
// "running": true and `sympath stats` reads it; run.stats.csv grows a row per --stats-write-interval;
// --progress plain logs a line per --progress-interval; after SIGTERM the final stats.json says how
// the run ended, with the versions, the peak memory and the branch coverage.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../src/cli/live-stats.js';
import { statsProblems, type StatsJson } from '../../src/engine/stats.js';
import { BIN, HAVE_Z3, ROOT, scratchWith, startSympath, validateOutputDir, waitFor } from '../faults/helpers.js';

const CLI_PROGRAMS = join(ROOT, 'test', 'cli', 'programs');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** stats.json of `dir` when it is there and parses (a reader may come between two rewrites: never torn). */
function statsOf(dir: string): StatsJson | null {
  const path = join(dir, 'stats.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as StatsJson) : null;
}

function csvRows(dir: string): string[][] {
  const path = join(dir, 'run.stats.csv');
  return existsSync(path) ? readFileSync(path, 'utf8').trimEnd().split('\n').map((l) => l.split(',')) : [];
}

describe.skipIf(!HAVE_Z3)('live statistics', () => {
  it('stats.json and run.stats.csv while the run goes on; the final stats.json after SIGTERM', async () => {
    const cwd = scratchWith('many-paths.c');
    const dir = join(cwd, 'o');
    // 2^30 paths: the run goes on until the signal (--max-time is only a safety net).
    const run = startSympath(
      ['run', '--libc', 'none', '--max-time', '300', '--stats-write-interval', '1', '--progress', 'plain', '--progress-interval', '1', '--output-dir', 'o', 'many-paths.c'],
      cwd,
    );
    await waitFor(() => csvRows(dir).length >= 3, 60_000, 'two rows of run.stats.csv');
    // The progress lines keep their own clock (the first one may come after the CSV's second row).
    const progressLines = (): number => run.stderr().split('\n').filter((l) => l.startsWith('sympath: progress: ')).length;
    await waitFor(() => progressLines() >= 2, 60_000, 'two --progress plain lines');
    const running = statsOf(dir)!;
    expect(statsProblems(running)).toEqual([]);
    expect(running.running).toBe(true);
    expect(running.haltReason).toBeUndefined();
    expect(running.instructions).toBeGreaterThan(0);
    // `sympath stats` on the running directory: the table, marked as running.
    const table = execFileSync(process.execPath, [BIN, 'stats', 'o'], { cwd, encoding: 'utf8' });
    expect(table).toMatch(/o: program many-paths\.c, search .*; RUNNING \(figures as of \d+ s\)/);
    expect(run.child.exitCode).toBeNull();

    run.child.kill('SIGTERM');
    const r = await run.done;
    expect(r.code).toBe(143);
    const v = validateOutputDir(dir);
    expect(v.problems).toEqual([]);
    const final = statsOf(dir)!;
    expect(final.running).toBe(false);
    expect(final.haltReason).toBe('interrupted');
    expect(final.versions).toEqual({ sympath: VERSION, solver: expect.stringMatching(/^Z3 version \d+\.\d+\.\d+.* \(native\)$/), node: process.version });
    expect(final.memory!.peakRssMB).toBeGreaterThan(10);
    // many-paths.c: the loop's branch (its exit never reached in 2^30 paths) and `b[i] & 1` (both ways).
    expect(final.coverage).toMatchObject({ branchesCovered: 3, branchesTotal: 4 });
    expect(final.instructions).toBeGreaterThanOrEqual(running.instructions);

    // The time series: the header, rows of every column in time order, the last one the final figures.
    const [header, ...rows] = csvRows(dir);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(row.length).toBe(CSV_COLUMNS.length);
    const col = (name: (typeof CSV_COLUMNS)[number], row: string[]): number => Number(row[CSV_COLUMNS.indexOf(name)]);
    for (let k = 1; k < rows.length; k++) expect(col('instructions', rows[k]!)).toBeGreaterThanOrEqual(col('instructions', rows[k - 1]!));
    const last = rows[rows.length - 1]!;
    expect([col('instructions', last), col('tests', last), col('branchesCovered', last)]).toEqual([final.instructions, final.tests, 3]);

    // --progress plain: whole lines, no terminal control characters.
    const plain = r.stderr.split('\n').filter((l) => l.startsWith('sympath: progress: '));
    expect(plain.length).toBeGreaterThanOrEqual(2);
    expect(plain[0]).toMatch(/^sympath: progress: 00:00:\d\d elapsed, 00:0\d:\d\d left; paths \d+ \(completed \d+, errors \d+, partial \d+, pruned \d+\); live states \d+; tests \d+; instructions \d+; queries \d+ \(\d+\.\d s in the solver\); coverage [\d.]+% of instructions, [\d.]+% of lines, [\d.]+% of branches; memory \d+ MB$/);
    expect(r.stderr).not.toContain('\x1b[');
  });

  it('a finished run: the halt reason, branch coverage counted by hand, and no progress when stderr is not a terminal', () => {
    const cwd = scratchWith();
    copyFileSync(join(CLI_PROGRAMS, 'branches.c'), join(cwd, 'branches.c'));
    const r = spawnSync(process.execPath, [BIN, 'run', '--libc', 'none', '--output-dir', 'o', 'branches.c'], { cwd, encoding: 'utf8' });
    expect(r.status).toBe(0);
    // --progress auto (the default) with stderr a pipe: no line, no control characters.
    expect(r.stderr).toContain('sympath: done: completed paths = 4');
    expect(r.stderr).not.toMatch(/\x1b\[|progress/);
    const s = statsOf(join(cwd, 'o'))!;
    expect(s).toMatchObject({ running: false, haltReason: 'all paths explored', states: { live: 0 } });
    expect(s.coverage).toMatchObject({ branchesCovered: 6, branchesTotal: 7 });
    // The time series has at least the final row.
    const rows = csvRows(join(cwd, 'o'));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });
});
