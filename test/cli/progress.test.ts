// Issue 22 item 4: `--progress auto` on a terminal, through a real pseudo-terminal (util-linux's
// `script`): the live line is erased before the program's output and drawn again after (no line of
// output torn), keeps ticking while the engine waits on a long solver query, shows the time left
// against --max-time, and is gone from the screen at the end.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, HAVE_Z3, ROOT, scratchWith } from '../faults/helpers.js';

const PROGRAMS = join(ROOT, 'test', 'cli', 'programs');
const HAVE_SCRIPT = existsSync('/usr/bin/script') && spawnSync('script', ['-qfec', 'true', '/dev/null']).status === 0;

/** Runs `sympath ARGS` on a pseudo-terminal 200 columns wide (stdout and stderr both); its raw bytes. */
function onTerminal(args: string[], program: string): string {
  const cwd = scratchWith();
  copyFileSync(join(PROGRAMS, program), join(cwd, program));
  const cmd = ['stty cols 200 rows 50;', ...[process.execPath, BIN, ...args, program].map((a) => `'${a}'`)].join(' ');
  return execFileSync('script', ['-qfec', cmd, '/dev/null'], { cwd, encoding: 'utf8', env: { ...process.env, SYMPATH_DEBUG: '' }, timeout: 120_000 });
}

/** What a terminal shows after `raw`: `\r` returns to column 0, `ESC [K` erases to the end of the line. */
function screen(raw: string): string[] {
  const lines: string[] = [];
  let line = '';
  let col = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw.startsWith('\x1b[K', i)) {
      line = line.slice(0, col);
      i += 2;
    } else if (raw[i] === '\r') col = 0;
    else if (raw[i] === '\n') {
      lines.push(line);
      line = '';
      col = 0;
    } else {
      line = line.slice(0, col) + raw[i] + line.slice(col + 1);
      col++;
    }
  }
  lines.push(line);
  return lines;
}

/** The progress lines drawn (each starts with `\r ESC[K sympath: HH:MM:SS`). */
const drawn = (raw: string): string[] => [...raw.matchAll(/\r\x1b\[K(sympath: \d\d:\d\d:\d\d [^\r\n]*)/g)].map((m) => m[1]!);

describe.skipIf(!HAVE_Z3 || !HAVE_SCRIPT)('--progress auto on a terminal', () => {
  it('is erased around the program output and gone at the end', () => {
    // dfs: paths end (and print) from the start, so output keeps arriving while the line is up.
    const raw = onTerminal(['run', '--libc', 'none', '--search', 'dfs', '--max-time', '3', '--dump-states-on-halt', 'false', '--output-dir', 'o'], 'paths-with-output.c');
    const lines = drawn(raw);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0]).toMatch(/^sympath: 00:00:0\d \(00:00:0\d left\) \| paths \d+ \| states \d+ \| tests \d+ \| instrs /);
    // Output arrived while the line was up (a write right after a drawing), and no screen line mixes
    // the two: every output line is whole, and no progress text is left anywhere.
    expect(raw).toMatch(/\r\x1b\[Ksympath: \d\d:\d\d:\d\d [^\r\n]*\r\x1b\[Ka path with n=\d+/);
    const shown = screen(raw.replace(/\r\n/g, '\n'));
    const output = shown.filter((l) => l.startsWith('a path with'));
    expect(output.length).toBeGreaterThan(0);
    for (const l of output) expect(l).toMatch(/^a path with n=\d+$/);
    expect(shown.filter((l) => /sympath: \d\d:\d\d:\d\d/.test(l))).toEqual([]);
    // Every completed path's line is on the screen (and perhaps the line of a path cut at the halt).
    const done = shown.map((l) => /^sympath: done: completed paths = (\d+)$/.exec(l)).find((m) => m !== null);
    expect(output.length).toBeGreaterThanOrEqual(Number(done![1]));
  });

  it('keeps ticking while the engine waits on a long solver query', () => {
    // --max-solver-time 60: the query's own limit is then --max-time's (not a quarter of it).
    const raw = onTerminal(['run', '--libc', 'none', '--max-time', '4', '--max-solver-time', '60', '--output-dir', 'o'], 'slow-after-output.c');
    // During the query nothing but the clock moves: the same figures at several elapsed times.
    const byFigures = new Map<string, Set<string>>();
    for (const l of drawn(raw)) {
      const m = /^sympath: (\d\d:\d\d:\d\d) \([^)]*\) (.*)$/.exec(l);
      if (!m) continue;
      const figures = m[2]!.replace(/\| \d+ MB$/, '');
      byFigures.set(figures, (byFigures.get(figures) ?? new Set()).add(m[1]!));
    }
    const longest = Math.max(...[...byFigures.values()].map((s) => s.size));
    expect(longest).toBeGreaterThanOrEqual(3);
    expect(raw).toContain('00:00:01 left');
    expect(screen(raw.replace(/\r\n/g, '\n'))).toContain("a line of the program's output");
  });
});
