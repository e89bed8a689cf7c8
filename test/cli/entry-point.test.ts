// Issue 22 item 5: `--entry-point NAME` (KLEE's option) starts the run in NAME, after the C library's
// start-up, with main's arguments; main itself never runs. Replay builds the program natively the same
// way (its main renamed, a generated main calling NAME), so the error found through the entry point is
// reproduced there.
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, scratchWith } from '../faults/helpers.js';

const PROGRAM = join(ROOT, 'test', 'cli', 'programs', 'entry-point.c');

describe('--entry-point', () => {
  it.each([['musl'], ['none']])('starts the run in the named function (--libc %s), and replay does too', async (libc) => {
    const cwd = scratchWith();
    copyFileSync(PROGRAM, join(cwd, 'entry-point.c'));
    const run = await execa(process.execPath, [BIN, 'run', '--libc', libc, '--output-dir', 'out', '--entry-point', 'check', 'entry-point.c'], { cwd, reject: false });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('check: argc=1 argv[0]=entry-point');
    expect(run.stdout).not.toContain('main runs');
    const stats = JSON.parse(readFileSync(join(cwd, 'out', 'stats.json'), 'utf8'));
    expect(stats.errors.map((e: { kind: string; line: number }) => `${e.kind}:${e.line}`)).toEqual(['assert:10']);
    expect(JSON.parse(readFileSync(join(cwd, 'out', 'run.json'), 'utf8')).entryPoint).toBe('check');

    const replay = await execa(process.execPath, [BIN, 'replay', '--json', 'out'], { cwd, reject: false });
    expect(replay.exitCode, replay.stderr).toBe(0);
    const report = JSON.parse(replay.stdout);
    expect(report.errors).toEqual([expect.objectContaining({ kind: 'assert', reproduced: true })]);
    // the path past the assertion exits with check's value (0 or 3), never main's 9
    const exits = report.tests.map((t: { exit: number | null }) => t.exit).filter((e: number | null) => e !== null);
    expect(exits.length).toBe(1);
    expect([0, 3]).toContain(exits[0]);
  }, 180_000);
});
