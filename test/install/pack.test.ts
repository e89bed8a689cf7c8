// Installable anywhere Node runs (issue 22 item 7): `npm pack` of this repository, then
// `npm install -g --prefix TMP` of the tarball, gives a working `sympath` command and an importable
// `sympath` package — with nothing of the repository (no Makefile, src/ or build/) beside it:
// - `sympath --version`, and a run with --libc none whose z3 is missing (SYMPATH_Z3 naming nothing):
//   the wasm Z3 with a one-line notice, the tests written;
// - a run with musl: the POSIX layer is built into $XDG_CACHE_HOME/sympath (musl itself, ~40 s to
//   build, is linked in from the repository's build/musl), never into the installed package;
// - `import { run, readKTest, schemaPath } from 'sympath'` from an ES module beside the install, and a
//   TypeScript consumer type-checked against the shipped declarations (exports/types).
// The tarball is packed with --ignore-scripts: dist/ is current (test/global-setup.ts), and prepack's
// `npm run build` would only rebuild it. npm installs the dependencies from its cache (--offline);
// when the cache lacks them the registry is asked (--prefer-offline), and the test is skipped, saying
// so, only when the registry cannot be reached.

import { execa } from 'execa';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ROOT } from '../engine/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-install-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const npm = (args: string[], cwd = work) => execa('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, reject: false, stdin: 'ignore' });

const PROGRAM = `#include <klee/klee.h>
#include <stdio.h>
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 10) { printf("big\\n"); if (x == 42) klee_assert(0); }
  else printf("small\\n");
  return 0;
}
`;

test('npm pack + npm install -g --prefix: a working sympath command and library, caches in the user cache directory', async (ctx) => {
  const packed = await npm(['pack', '--ignore-scripts', '--pack-destination', work], ROOT);
  expect(packed.exitCode, String(packed.stderr)).toBe(0);
  const tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
  const prefix = join(work, 'prefix');
  let installed = await npm(['install', '-g', '--prefix', prefix, '--offline', tarball]);
  if (installed.exitCode !== 0 && /ENOTCACHED/.test(String(installed.stderr))) {
    const ping = await execa('npm', ['ping'], { reject: false, timeout: 30_000, stdin: 'ignore' });
    if (ping.exitCode !== 0) ctx.skip(`npm's cache lacks sympath's dependencies and the npm registry is unreachable (${String(ping.stderr).trim().split('\n')[0]})`);
    installed = await npm(['install', '-g', '--prefix', prefix, '--prefer-offline', tarball]);
  }
  expect(installed.exitCode, String(installed.stderr)).toBe(0);
  const pkg = join(prefix, 'lib', 'node_modules', 'sympath');
  for (const f of ['Makefile', 'src', 'test', 'build']) expect(existsSync(join(pkg, f)), f).toBe(false);
  for (const f of ['dist/index.d.ts', 'schemas/stats.schema.json', 'runtime/posix/fd.c', 'scripts/musl/build.sh']) expect(existsSync(join(pkg, f)), f).toBe(true);

  const bin = join(prefix, 'bin', 'sympath');
  const version = await execa(bin, ['--version'], { reject: false });
  expect(version.stdout.split('\n')[0]).toMatch(/^sympath \d+\.\d+\.\d+$/);

  const cwd = join(work, 'user');
  mkdirSync(cwd);
  writeFileSync(join(cwd, 'prog.c'), PROGRAM);
  const xdg = join(work, 'xdg');
  const env = { XDG_CACHE_HOME: xdg, SYMPATH_CACHE_DIR: '' };
  const wasm = await execa(bin, ['run', '--libc', 'none', '--output-dir', 'o-wasm', 'prog.c'], { cwd, reject: false, env: { ...env, SYMPATH_Z3: join(work, 'no-z3') } });
  expect(wasm.exitCode, wasm.stderr).toBe(0);
  expect(wasm.stderr).toContain(`sympath: no native z3 (SYMPATH_Z3=${join(work, 'no-z3')} is not an executable file): using the wasm Z3 (z3-solver)`);
  expect(readdirSync(join(cwd, 'o-wasm')).filter((f) => f.endsWith('.ktest'))).toHaveLength(3);

  // musl from the repository's build (its own build takes ~40 s and Debian's source mirror); the
  // POSIX layer is the installed package's to build, into the user cache directory.
  mkdirSync(join(xdg, 'sympath'), { recursive: true });
  symlinkSync(join(ROOT, 'build', 'musl'), join(xdg, 'sympath', 'musl'));
  const musl = await execa(bin, ['run', '--output-dir', 'o-musl', 'prog.c'], { cwd, reject: false, env });
  expect(musl.exitCode, musl.stderr).toBe(0);
  expect(musl.stdout).toContain('small');
  expect(existsSync(join(xdg, 'sympath', 'posix', 'bare.bc'))).toBe(true);
  expect(existsSync(join(pkg, 'build'))).toBe(false);

  // The library, as a program beside the install imports it (package.json exports).
  const consumer = join(prefix, 'lib', 'use-sympath.mjs');
  writeFileSync(
    consumer,
    `import { existsSync } from 'node:fs';
import { readKTest, run, schemaPath } from 'sympath';
const lines = [];
const r = await run({ files: 'prog.c', cwd: ${JSON.stringify(cwd)}, outputDir: 'o-api', libc: 'none', search: ['dfs'], onMessage: (l) => lines.push(l) });
const t = readKTest(r.outputDir + '/test000001.ktest');
console.log(JSON.stringify({ tests: r.stats.tests, exitCode: r.exitCode, object: t.objects[0].name, schema: existsSync(schemaPath('stats')), messages: lines.length > 0 }));
`,
  );
  const used = await execa(process.execPath, [consumer], { reject: false, env });
  expect(used.exitCode, used.stderr).toBe(0);
  expect(used.stderr).toBe(''); // the library writes nothing on the console
  expect(JSON.parse(used.stdout)).toEqual({ tests: 3, exitCode: 0, object: 'x', schema: true, messages: true });

  // A TypeScript consumer type-checks against the shipped declarations (a wrong option is an error).
  const ts = join(prefix, 'lib', 'use-sympath.ts');
  writeFileSync(
    ts,
    `import { run, type RunReport, type StatsJson } from 'sympath';
const report: Promise<RunReport> = run({ files: ['prog.c'], maxTime: 5, libc: 'none' });
export const tests: Promise<StatsJson['tests']> = report.then((r) => r.stats.tests);
// @ts-expect-error: maxTime is a number of seconds
void run({ files: 'prog.c', maxTime: '5s' });
`,
  );
  const tsc = await execa(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022',
      '--skipLibCheck', '--typeRoots', join(ROOT, 'node_modules', '@types'), '--types', 'node', ts],
    { reject: false },
  );
  expect(tsc.exitCode, tsc.stdout).toBe(0);
}, 240_000);
