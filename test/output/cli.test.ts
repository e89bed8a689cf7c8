// The built CLI (`node bin/sympath.mjs`, dist/ rebuilt by test/global-setup.ts): user errors of `run`
// as one line with exit 1, `ktest` and `stats` output; and, once the engine exists, a real run of a
// small C program end to end.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { writeKTest } from '../../src/engine/ktest.js';
import { buildStats } from '../../src/engine/stats.js';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const bin = join(root, 'bin', 'sympath.mjs');

async function sympath(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = await execa(process.execPath, [bin, ...args], { cwd, reject: false, env: { ...process.env, SYMPATH_DEBUG: '' } });
  return { code: r.exitCode ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function scratch(): string {
  const cwd = mkdtempSync(join(tmpdir(), 'sympath-cli-'));
  writeFileSync(join(cwd, 'prog.c'), 'int main(void) { return 0; }\n');
  return cwd;
}

const noTrace = (text: string): void => expect(text).not.toMatch(/\n\s+at /);

describe('sympath run: user errors', () => {
  it.each([
    [['run', 'missing.c'], /^sympath: missing.c: no such file$/],
    [['run', '--search', 'bogus', 'prog.c'], /^sympath run: --search: unknown searcher 'bogus'; valid searchers: dfs, bfs, .*nurs:cpicnt/],
    [['run', '--prune', 'nosuch', 'prog.c'], /^sympath run: --prune: unknown pruning hook 'nosuch'; available: postcondition, dise$/],
    [['run', '--libc', 'none', '--posix-runtime', 'prog.c'], /^sympath run: --posix-runtime needs --libc musl/],
    [['run', '--sym-arg', '3'], /unknown option '--sym-arg'/],
    [['run', 'prog.o'], /prog.o: not a program file/],
    [['run', '--progress-interval', '0', 'prog.c'], /^sympath run: --progress-interval must be more than 0$/],
    [['run', '--progress', 'fancy', 'prog.c'], /argument 'fancy' is invalid. Allowed choices are auto, plain, none/],
  ])('%j', async (args, message) => {
    const cwd = scratch();
    const r = await sympath(args, cwd);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(message);
    noTrace(r.stderr);
    expect(readdirSync(cwd)).toEqual(['prog.c']);
  });

  it('documents the C library and the POSIX model in --help', async () => {
    const r = await sympath(['run', '--help'], scratch());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--libc <name>[\s\S]*musl[\s\S]*default:\s+"musl"/); // commander wraps the help at 80 columns
    expect(r.stdout).toMatch(/--posix-runtime[\s\S]*--sym-arg N/);
    expect(r.stdout).toContain('nurs:covnew');
  });
});

describe('sympath ktest and stats', () => {
  it('prints a .ktest like ktest-tool, and as JSON', async () => {
    const cwd = scratch();
    writeKTest(join(cwd, 't.ktest'), { args: ['prog.c'], objects: [{ name: 'x', bytes: new Uint8Array([42, 0, 0, 0]) }] });
    const r = await sympath(['ktest', 't.ktest'], cwd);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("ktest file : 't.ktest'\nargs       : ['prog.c']\nnum objects: 1\nobject 0: name: 'x'");
    expect(r.stdout).toContain('object 0: int : 42');
    const j = await sympath(['ktest', '--json', 't.ktest'], cwd);
    expect(JSON.parse(j.stdout)).toMatchObject({ args: ['prog.c'], objects: [{ name: 'x', size: 4, int: 42, hex: '2a000000' }] });
    const bad = await sympath(['ktest', 'prog.c'], cwd);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^sympath ktest: prog.c: not a .ktest file/);
    expect((await sympath(['ktest', 'nope.ktest'], cwd)).stderr).toMatch(/nope.ktest: no such file/);
  });

  it('prints stats.json as a table', async () => {
    const cwd = scratch();
    const dir = join(cwd, 'out');
    await execa('mkdir', [dir]);
    const stats = buildStats({
      program: 'prog.c',
      search: 'dfs',
      prune: [],
      result: {
        instructions: 77,
        paths: { completed: 2, errors: 0, partial: 1, pruned: 0 },
        statesPeak: 3,
        coverage: { instructionsCovered: 1, instructionsTotal: 2, linesCovered: 1, linesTotal: 2 },
        wallSeconds: 0.5,
      },
      solver: { queries: 1, z3Queries: 1, cacheHits: 0, seconds: 0.1 },
      tests: 3,
      errors: [],
    });
    writeFileSync(join(dir, 'stats.json'), JSON.stringify(stats));
    const r = await sympath(['stats', 'out'], cwd);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\| out +\| +77 \|/);
    const missing = await sympath(['stats', 'nowhere'], cwd);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nowhere: no stats.json/);
  });
});

// ---------------------------------------------------------------------------------------------------

const engineBuilt = existsSync(join(root, 'dist', 'engine', 'executor.js')) && existsSync(join(root, 'dist', 'solver', 'index.js'));

const PROGRAM = `#include <klee/klee.h>
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 10) return 1;
  if (x == 3) return 100 / (x - 3);
  return 0;
}
`;

describe.skipIf(!engineBuilt)('sympath run end to end', () => {
  it('explores a small program: tests, .err, stats.json, ktest, --json', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-e2e-'));
    writeFileSync(join(cwd, 'sym.c'), PROGRAM);
    const r = await sympath(['run', '--search', 'dfs', 'sym.c'], cwd);
    expect(r.stderr).toContain('sympath: done: completed paths = 2');
    expect(r.code).toBe(0);
    const dir = join(cwd, 'sympath-out-0');
    expect(existsSync(join(cwd, 'sympath-last'))).toBe(true);
    const files = readdirSync(dir);
    expect(files.filter((f) => f.endsWith('.ktest')).length).toBe(3);
    expect(files.filter((f) => f.endsWith('.div-by-zero.err')).length).toBe(1);
    const stats = JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8'));
    expect(stats.paths).toEqual({ completed: 2, errors: 1, partial: 0, pruned: 0 });
    expect(stats.tests).toBe(3);
    expect(stats.errors).toEqual([expect.objectContaining({ kind: 'div-by-zero', line: 6 })]);
    expect(stats.errors[0].file).toMatch(/sym\.c$/);
    const k = await sympath(['ktest', join(dir, 'test000001.ktest')], cwd);
    expect(k.code).toBe(0);
    expect(k.stdout).toContain("args       : ['sym.c']");
    expect(k.stdout).toContain("object 0: name: 'x'");
    expect(k.stdout).toContain('object 0: size: 4');

    const j = await sympath(['run', '--json', '--output-dir', 'j', 'sym.c'], cwd);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({ paths: { completed: 2, errors: 1 }, tests: 3 });

    // same seed, same tests, byte for byte
    await sympath(['run', '--seed', '5', '--output-dir', 's1', 'sym.c'], cwd);
    await sympath(['run', '--seed', '5', '--output-dir', 's2', 'sym.c'], cwd);
    for (const f of readdirSync(join(cwd, 's1')).filter((x) => x.endsWith('.ktest'))) {
      expect(readFileSync(join(cwd, 's2', f))).toEqual(readFileSync(join(cwd, 's1', f)));
    }
  });
});
