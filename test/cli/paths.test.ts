// Issue 22 item 5: KLEE's --write-paths and --replay-path. Each test's symbolic decisions go to
// testNNNNNN.path; a run given one of them follows it from the entry without asking the solver about
// those decisions and ends with that test alone (a complete path has nothing below it). With canonical
// test inputs on both sides, the replayed test is byte for byte the original. A malformed file is a user
// error naming its line; a path of another program ends as an `exec` error naming the decision.
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { readKTest } from '../../src/engine/ktest.js';
import { BIN, ROOT, scratchWith } from '../faults/helpers.js';

const PROGRAMS = join(ROOT, 'test', 'cli', 'programs');

async function sympath(args: string[], cwd: string) {
  return execa(process.execPath, [BIN, ...args], { cwd, reject: false });
}

const tests = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.ktest')).sort();

describe('--write-paths and --replay-path', () => {
  it('replaying each path file gives back its test alone, byte for byte', async () => {
    const cwd = scratchWith();
    copyFileSync(join(PROGRAMS, 'branches.c'), join(cwd, 'branches.c'));
    copyFileSync(join(ROOT, 'examples', 'lookup.c'), join(cwd, 'lookup.c'));
    for (const program of ['branches.c', 'lookup.c']) {
      const out = `all-${program}`;
      const r = await sympath(['run', '--search', 'dfs', '--canonical-tests', '--write-paths', '--output-dir', out, program], cwd);
      expect(r.exitCode, r.stderr).toBe(0);
      const names = tests(join(cwd, out));
      expect(names.length).toBeGreaterThanOrEqual(3);
      for (const t of names) {
        const stem = t.replace(/\.ktest$/, '');
        const path = join(out, `${stem}.path`);
        expect(readFileSync(join(cwd, path), 'utf8')).toMatch(/^# sympath path: /);
        const one = `one-${program}-${stem}`;
        const again = await sympath(['run', '--search', 'dfs', '--canonical-tests', '--replay-path', path, '--output-dir', one, program], cwd);
        expect(again.exitCode, again.stderr).toBe(0);
        expect(tests(join(cwd, one))).toEqual(['test000001.ktest']);
        expect(readKTest(join(cwd, one, 'test000001.ktest')).objects).toEqual(readKTest(join(cwd, out, t)).objects);
        const errs = (dir: string, s: string) => readdirSync(join(cwd, dir)).filter((f) => f.startsWith(s) && f.endsWith('.err')).map((f) => f.split('.')[1]);
        expect(errs(one, 'test000001')).toEqual(errs(out, stem));
      }
    }
  }, 300_000);

  it('a malformed path file is a user error naming the line; a path of another program ends as an exec error', async () => {
    const cwd = scratchWith();
    copyFileSync(join(PROGRAMS, 'branches.c'), join(cwd, 'branches.c'));
    writeFileSync(join(cwd, 'bad.path'), '# sympath path\n12 0 forked\nforty 1\n');
    const bad = await sympath(['run', '--replay-path', 'bad.path', 'branches.c'], cwd);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr.trim()).toBe(`sympath run: --replay-path ${join(cwd, 'bad.path')}:3: expected 'INSTRUCTION-ID DIRECTION [forked|constrained]', got 'forty 1'`);

    const driver = await sympath(['run', '--driver', 'dgse', '--replay-path', 'bad.path', 'branches.c'], cwd);
    expect(driver.exitCode).toBe(1);
    expect(driver.stderr).toContain('--driver and --replay-path do not combine');

    writeFileSync(join(cwd, 'other.path'), '999999 1 forked\n');
    const other = await sympath(['run', '--output-dir', 'out', '--replay-path', 'other.path', 'branches.c'], cwd);
    expect(other.exitCode, other.stderr).toBe(0);
    const stats = JSON.parse(readFileSync(join(cwd, 'out', 'stats.json'), 'utf8'));
    expect(stats.errors.map((e: { kind: string }) => e.kind)).toEqual(['exec']);
    expect(readFileSync(join(cwd, 'out', 'test000001.exec.err'), 'utf8')).toMatch(/path prefix diverged at decision 0: recorded at instruction 999999/);
  }, 120_000);
});
