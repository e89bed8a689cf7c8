// Issue 21 item 13: `--environ FILE` gives main its envp and musl its environ (KLEE's option), run.json
// keeps it, and native replay gives the program the same variables; a malformed line is a user error
// naming the file and line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../engine/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-environ-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const PROGRAM = join(ROOT, 'test', 'fixtures', 'replay', 'environ.c');

const sympath = (args: string[]) => spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), ...args], { encoding: 'utf8', cwd: work });

describe('--environ FILE', () => {
  it('is main\'s environment, and replay reproduces what depends on it', () => {
    writeFileSync(join(work, 'env.txt'), 'MODE=fast\nHOME=/nowhere\n');
    const out = join(work, 'out');
    const r = sympath(['run', '--environ', 'env.txt', '--output-dir', out, PROGRAM]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('MODE=fast n=2 environ==envp 1');
    expect(r.stderr).toMatch(/abort at .*environ\.c:\d+/);
    const rep = sympath(['replay', out, '--json', '--no-html']);
    expect(rep.status, rep.stderr).toBe(0);
    expect(JSON.parse(rep.stdout).errors).toEqual([expect.objectContaining({ kind: 'abort', reproduced: true })]);
  }, 120_000);

  it('without it the environment is empty, and the abort cannot happen', () => {
    const r = sympath(['run', '--output-dir', join(work, 'none'), PROGRAM]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('MODE=(none) n=0');
    expect(r.stderr).not.toMatch(/abort at/);
  }, 120_000);

  it('a line that is not NAME=VALUE is a user error naming the file and line', () => {
    writeFileSync(join(work, 'bad.txt'), 'MODE=fast\nbroken\n');
    const r = sympath(['run', '--environ', 'bad.txt', PROGRAM]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/bad\.txt:2: not NAME=VALUE: "broken"/);
  }, 60_000);
});
