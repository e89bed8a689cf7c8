// `sympath --version`: sympath's own version and those of the tools a run depends on (clang/LLVM 19,
// the native Z3, the wasm Z3 package, Node), so a bug report says what produced a result. The tools are
// asked only here, never at start-up.

import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findZ3 } from '../solver/z3-native.js';
import { cacheGet, cacheKey, cachePut } from '../toolchain/cache.js';
import { findTool } from '../toolchain/tools.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function packageVersion(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** The first line a tool prints for `args`, or why there is none. */
function firstLine(cmd: string | undefined, args: string[]): string {
  if (cmd === undefined) return 'not found';
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 5000 });
  if (r.error) return `not found (${cmd})`;
  return (r.stdout.split('\n').find((l) => l.trim() !== '') ?? '').trim() || 'unknown';
}

/** The z3-solver package's version, wherever npm put it (nested under sympath, or hoisted beside it). */
function z3SolverVersion(): string | undefined {
  try {
    const main = createRequire(import.meta.url).resolve('z3-solver');
    const dir = main.slice(0, main.lastIndexOf(`${sep}z3-solver${sep}`) + `${sep}z3-solver`.length);
    return packageVersion(dir);
  } catch {
    return undefined;
  }
}

/** sympath's own version (package.json). */
export function sympathVersion(): string {
  return packageVersion(ROOT) ?? 'unknown';
}

/**
 * The Z3 a run of `backend` uses, for stats.json. The native one's `z3 --version` is kept in the toolchain
 * cache under the binary's identity (path, size, modification time, inode): spawning it cost every run
 * 20-100 ms, most of it on a trivial program.
 */
const solverVersions: Partial<Record<'wasm' | 'native', string>> = {};
export function solverVersion(backend: 'wasm' | 'native'): string {
  return (solverVersions[backend] ??= backend === 'native' ? `${nativeZ3Version()} (native)` : `z3-solver ${z3SolverVersion() ?? 'not installed'} (wasm)`);
}

function nativeZ3Version(): string {
  const z3 = findZ3();
  if (z3 === undefined) return firstLine(z3, ['--version']);
  let key: string;
  try {
    const st = statSync(z3);
    key = cacheKey('z3-version', [z3, String(st.size), String(st.mtimeMs), String(st.ino)]);
  } catch {
    return firstLine(z3, ['--version']);
  }
  const hit = cacheGet(key);
  if (hit) return hit.data.toString('utf8');
  const line = firstLine(z3, ['--version']);
  if (!line.startsWith('not found')) cachePut(key, line);
  return line;
}

export function versionLines(): string[] {
  return [
    `sympath ${packageVersion(ROOT) ?? 'unknown'}`,
    `clang: ${firstLine(findTool('clang'), ['--version'])}`,
    `z3 (--solver native): ${firstLine(findZ3(), ['--version'])}`,
    `z3-solver (--solver wasm): ${z3SolverVersion() ?? 'not installed'}`,
    `node: ${process.version}`,
  ];
}
