// The command line: `sympath testcomp` from the bundled CLI (bad input named with file and line, the
// JSON summary), and the input model in a plain `sympath run`: an assumption that cannot hold ends the
// path silently (no test, no error), where klee_assume would report a `user` error.

import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, root, tasksDir, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const sympath = (args: string[], cwd = root) => execa(process.execPath, [join(root, 'bin', 'sympath.mjs'), ...args], { cwd, reject: false });

describe('sympath testcomp (CLI)', () => {
  it('prints testcomp.json with --json and writes the zipped suite', { timeout: 180_000 }, async () => {
    const out = join(tempDir(), 'out');
    const r = await sympath(['testcomp', join(tasksDir, 'long-loop.yml'), '--output-dir', out, '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ property: 'coverage-error', dataModel: 'LP64', found: true, errorExpected: true, haltReason: 'exit-on-error' });
    expect(j.replay.reproduced).toBe(true);
    expect(existsSync(join(out, 'test-suite.zip'))).toBe(true);
    expect(existsSync(join(out, 'testcomp.json'))).toBe(true);
  });

  it('names the file and line of a bad task definition (exit 1)', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.c'), 'int main(void) { return 0; }\n');
    writeFileSync(join(dir, 't.yml'), "format_version: '2.0'\ninput_files: 'a.c'\noptions:\n  language: C\n  data_model: LP128\n");
    const r = await sympath(['testcomp', 't.yml'], dir);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('sympath testcomp: t.yml:5: data_model must be ILP32 or LP64, not LP128');
    expect(readdirSync(dir).sort()).toEqual(['a.c', 't.yml']);
  });
});

describe('the input model in sympath run', () => {
  it('ends a path whose __VERIFIER_assume cannot hold without a test or an error', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'p.c'),
      'extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assume(int);\nvoid reach_error(void);\n' +
        'int main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x == 7) return 1;\n  __VERIFIER_assume(x > 5);\n  __VERIFIER_assume(x < 3);\n  reach_error();\n  return 0;\n}\n',
    );
    const r = await sympath(['run', '--libc', 'none', '--output-dir', 'out', 'p.c'], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    const files = readdirSync(join(dir, 'out'));
    // One test: the x == 7 path. The other path's assumptions contradict: it ends silently.
    expect(files.filter((f) => f.endsWith('.ktest'))).toEqual(['test000001.ktest']);
    expect(files.filter((f) => f.endsWith('.err'))).toEqual([]);
    expect(r.stderr).toContain('completed paths = 2');
  });

  it('reports a declared reach_error as a reach-error, with the test', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'p.c'), 'extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\nint main(void) {\n  if (__VERIFIER_nondet_int() == 42) reach_error();\n  return 0;\n}\n');
    const r = await sympath(['run', '--libc', 'none', '--output-dir', 'out', 'p.c'], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/p\.c:4: reach-error: reach_error\(\) reached \(test\d+\.ktest\)/);
    expect(readdirSync(join(dir, 'out')).filter((f) => f.endsWith('.reach-error.err'))).toHaveLength(1);
  });

  it.each([['concolic'], ['dgse']])('reports a reach_error the task defines as a reach-error under --driver %s too', { timeout: 60_000 }, async (driver) => {
    const r = await sympath(['run', '--driver', driver, '--output-dir', join(tempDir(), 'out'), join(tasksDir, 'nondet-assume.c')]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/nondet-assume\.c:8: reach-error: reach_error\(\) reached/);
  });
});
