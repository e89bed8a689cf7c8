// What the whole-process benchmarks share (bench:startup, bench:whole-process; the report writer and the
// bundle check also bench:parallel and bench:solver-bound): an older commit of
// sympath extracted and built beside this tree, whole `sympath` processes timed by GNU time (CPU = user +
// system of the process and every child it waited for: clang, llvm-link, z3), and medians.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const git = (...args: string[]): string => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/**
 * `rev` extracted with `git archive` into DIR/base, given this tree's node_modules and build/musl by
 * symbolic links (scratch only: nothing of it is committed), and built with tsc (about 40 s).
 */
export function prepareBaseTree(rev: string, work: string, label: string): string {
  const base = join(work, 'base');
  mkdirSync(join(base, 'build'), { recursive: true });
  execFileSync('bash', ['-c', `git archive ${rev} | tar -x -C '${base}'`], { cwd: ROOT });
  symlinkSync(join(ROOT, 'node_modules'), join(base, 'node_modules'));
  symlinkSync(join(ROOT, 'build', 'musl'), join(base, 'build', 'musl'));
  process.stderr.write(`${label}: building ${rev} with tsc in ${base}\n`);
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(base, 'tsconfig.json')], { cwd: base });
  return base;
}

/** This tree's CLI bundle made current first (a rebuild inside a measured run would be counted). */
export async function ensureCurrentBundle(): Promise<void> {
  await ((await import(pathToFileURL(join(ROOT, 'scripts', 'bundle.mjs')).href)) as { ensureBundle(): Promise<string> }).ensureBundle();
}

export interface Sample {
  cpu: number;
  wall: number;
}

/** One whole process under GNU time; throws when it exits with a status not in `ok` (default: 0). */
export function measure(cmd: string[], opts: { cwd: string; env?: Record<string, string>; ok?: number[] }): Sample {
  const timeFile = join(opts.cwd, '.time.txt');
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', '-o', timeFile, ...cmd], {
    cwd: opts.cwd,
    env: { ...process.env, ...(opts.env ?? {}) },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (!(opts.ok ?? [0]).includes(r.status ?? -1)) throw new Error(`${cmd.join(' ')} failed (${r.status}): ${r.stderr}`);
  const [wall, user, sys] = readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  return { cpu: user! + sys!, wall: wall! };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

export function geomean(xs: number[]): number {
  return Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
}

/**
 * Removes the V8 code caches of `tree`'s CLI bundles (scripts/code-cache.mjs). A tree's cache is what its
 * first run of a command compiled, and one written 3 s into a long run started short runs ~10% slower
 * than one a short run wrote (CONTRIBUTING, Start-up): before timing two trees, each gets its cache
 * from the same unmeasured run.
 */
export function resetCodeCaches(tree: string): void {
  const dist = join(tree, 'dist');
  if (!existsSync(dist)) return;
  for (const d of readdirSync(dist)) {
    if (!d.startsWith('bundle-')) continue;
    for (const f of readdirSync(join(dist, d))) if (f.endsWith('.v8cache')) rmSync(join(dist, d, f), { force: true });
  }
}

/** `sympath ARGS` of the tree at `tree` (this one or a base tree). */
export const sympathIn = (tree: string, args: string[]): string[] => [process.execPath, join(tree, 'bin', 'sympath.mjs'), ...args];

/** A table row's figures for one case: medians of old and new CPU, their ratio, the median walls. */
export function comparisonCells(s: { old: Sample[]; new: Sample[] }): { oldCpu: number; newCpu: number; cells: string } {
  const f = (x: number): string => x.toFixed(2);
  const oldCpu = median(s.old.map((x) => x.cpu));
  const newCpu = median(s.new.map((x) => x.cpu));
  const cells = `${f(oldCpu)} | ${f(newCpu)} | ${(newCpu / oldCpu).toFixed(2)} | ${f(median(s.old.map((x) => x.wall)))} | ${f(median(s.new.map((x) => x.wall)))}`;
  return { oldCpu, newCpu, cells };
}

/**
 * A benchmark's report on stdout, and as bench.md and bench.json in `outDir` (relative to the checkout,
 * where `npm run` starts) if given; `indent` is the JSON's.
 */
export function writeReport(text: string, json: unknown, outDir: string | undefined, indent = 1): void {
  process.stdout.write(text);
  if (!outDir) return;
  const dir = resolve(ROOT, outDir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'bench.md'), text);
  writeFileSync(join(dir, 'bench.json'), `${JSON.stringify(json, null, indent)}\n`);
}
