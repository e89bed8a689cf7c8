// Runs once before the suite: rebuilds dist/ with `tsc` when a file under src/ is newer than the last
// build, and the CLI's bundle (scripts/bundle.mjs: bin/sympath.mjs would rebuild a stale one itself,
// but once here beats one rebuild per test process starting at the same time), so tests that run the
// real CLI (`node bin/sympath.mjs`) see the current sources, and builds
// musl into LLVM IR (`make musl`, ~40 s once; `sympath run`'s default C library) when build/musl is
// missing. Fast when nothing changed (one walk of src/ comparing modification times).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function builtMtime(): number {
  try {
    return statSync(join(root, 'dist', 'cli', 'main.js')).mtimeMs;
  } catch {
    return -1;
  }
}

function ensureMusl(): void {
  if (existsSync(join(root, 'build', 'musl', 'libc.bc')) && existsSync(join(root, 'build', 'musl', 'crt1.bc'))) return;
  process.stderr.write('test/global-setup: build/musl is missing: running `make musl` (about a minute, once)\n');
  try {
    execFileSync('make', ['--no-print-directory', '-C', root, 'musl'], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const out = `${(e as { stdout?: Buffer }).stdout?.toString() ?? ''}${(e as { stderr?: Buffer }).stderr?.toString() ?? ''}`;
    process.stderr.write(`test/global-setup: \`make musl\` failed; the tests that need musl will fail:\n${out.slice(-3000)}\n`);
  }
}

export default async function setup(): Promise<void> {
  ensureMusl();
  const bundler = (await import(pathToFileURL(join(root, 'scripts', 'bundle.mjs')).href)) as { ensureBundle(): Promise<string> };
  await bundler.ensureBundle();
  if (builtMtime() >= newestMtime(join(root, 'src'))) return;
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json')], { cwd: root, stdio: 'pipe' });
  } catch (e) {
    // tsc still writes dist/ when there are type errors; the type check proper is `tsc --noEmit`
    // (make test runs it first), so here a failed check is reported and the suite goes on.
    const out = (e as { stdout?: Buffer }).stdout?.toString() ?? String(e);
    process.stderr.write(`test/global-setup: 'tsc' reported errors; CLI tests use what it emitted:\n${out}\n`);
  }
}
