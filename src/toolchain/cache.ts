// A content-addressed cache of the toolchain's outputs (clang-19's IR for a C file, the module linked
// with musl), so that a run of a program compiled before spawns no clang or llvm-link (issue 20: the
// four tool runs were about 0.5 CPU s of a trivial run's 1.1).
//
// Where: toolchain/ in sympath's cache directory (build/toolchain in a checkout; cache-dir.ts), or
// $SYMPATH_TOOLCHAIN_CACHE; SYMPATH_CACHE=0 turns it off. An entry is one file named by the SHA-256 of everything its output depends on (tool identity,
// arguments, working directory, input contents), holding a JSON header line and the output's bytes. The
// header carries the output's own hash, checked on every read, and the files the tool read besides its
// named inputs (a C file's headers) with their hashes: an entry whose header does not parse, whose bytes
// do not match, or whose headers changed is a miss, and the tool runs again and overwrites it.
//
// Entries are written under a temporary name and renamed, so two processes never tear one; failures to
// write (read-only home, full disk) only cost the next run the tool's time. Writes do not go through
// engine/atomic-file.ts on purpose: the cache is no part of an output directory and must not use up
// the injected disk of the fault tests. The folder is kept to MAX_ENTRIES by dropping the least
// recently used entries (a hit refreshes its modification time).

import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir as sharedCacheDir } from './cache-dir.js';
import { packageRoot } from './clang.js';

/** Bumped when an entry's format or the meaning of a key changes: old entries are then never hit. */
const FORMAT = 1;
const MAX_ENTRIES = 400;
const KEEP_AFTER_TRIM = 300;

/** The cache folder, or null when caching is off. */
export function cacheDir(): string | null {
  const env = process.env;
  if (env.SYMPATH_CACHE === '0' || env.SYMPATH_CACHE === 'off') return null;
  if (env.SYMPATH_TOOLCHAIN_CACHE) return env.SYMPATH_TOOLCHAIN_CACHE;
  // A folder of its own in sympath's cache (build/ in a checkout, cache-dir.ts): trim() may only ever
  // see this cache's entries, never musl/ or posix/ beside it.
  return join(sharedCacheDir(packageRoot), 'toolchain');
}

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The hash of a file's content, or null when it cannot be read. */
export function fileHash(path: string): string | null {
  try {
    return sha256(readFileSync(path));
  } catch {
    return null;
  }
}

/** An entry's key: the hash of its parts (strings, in order). */
export function cacheKey(kind: string, parts: readonly string[]): string {
  return sha256(JSON.stringify([FORMAT, kind, ...parts]));
}

/** What an entry keeps besides the output text. */
export interface CacheMeta {
  /** Files the tool read that are not part of the key, with their content hashes. */
  readonly deps?: readonly (readonly [string, string])[];
  /** The tool's warnings, to be shown again on a hit. */
  readonly diagnostics?: string;
}

interface Header extends CacheMeta {
  readonly sha256: string;
}

/** The entry for `key` when it is whole and its recorded files are unchanged; null otherwise. */
export function cacheGet(key: string): { data: Buffer; meta: CacheMeta } | null {
  const dir = cacheDir();
  if (dir === null) return null;
  const path = join(dir, `${key}.entry`);
  let raw: Buffer;
  try {
    raw = readFileSync(path);
  } catch {
    return null;
  }
  const nl = raw.indexOf(0x0a);
  if (nl < 0) return null;
  let header: Header;
  try {
    header = JSON.parse(raw.subarray(0, nl).toString('utf8')) as Header;
  } catch {
    return null;
  }
  const data = raw.subarray(nl + 1);
  if (typeof header.sha256 !== 'string' || sha256(data) !== header.sha256) return null;
  for (const [file, hash] of header.deps ?? []) if (fileHash(file) !== hash) return null;
  try {
    const now = new Date();
    utimesSync(path, now, now);
  } catch {
    // a read-only cache still serves
  }
  return { data, meta: { deps: header.deps, diagnostics: header.diagnostics } };
}

/** Stores `data` under `key`, atomically; never throws. */
export function cachePut(key: string, data: Uint8Array | string, meta: CacheMeta = {}): void {
  const dir = cacheDir();
  if (dir === null) return;
  const body = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const header: Header = { sha256: sha256(body), ...meta };
  const path = join(dir, `${key}.entry`);
  const tmp = join(dir, `.${key}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(tmp, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, 'utf8'), body]));
    renameSync(tmp, path);
    trim(dir);
  } catch {
    rmSync(tmp, { force: true });
  }
}

/** Drops the least recently used entries (and stray temporary files an hour old) past MAX_ENTRIES. */
function trim(dir: string): void {
  const names = readdirSync(dir);
  if (names.length <= MAX_ENTRIES) return;
  const aged = names.flatMap((name) => {
    try {
      return [{ name, mtime: statSync(join(dir, name)).mtimeMs }];
    } catch {
      return [];
    }
  });
  aged.sort((a, b) => b.mtime - a.mtime);
  const hourAgo = Date.now() - 3600_000;
  for (const [i, { name, mtime }] of aged.entries()) {
    const stale = name.endsWith('.tmp') ? mtime < hourAgo : i >= KEEP_AFTER_TRIM;
    if (stale) rmSync(join(dir, name), { force: true });
  }
}
