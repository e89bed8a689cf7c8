// Where sympath keeps what it builds once and reuses (musl in LLVM IR, the POSIX model's IR): the
// repository's build/ when sympath runs from a checkout (so `make musl`, `make test` and CI see the
// same files as before), else a user cache directory, since an installed package's own folder may
// not be writable (npm i -g as root, read-only images). Builds into it hold a lock, so two sympath
// processes never build the same thing over each other.

import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../cli/user-error.js';

/**
 * The cache directory for a sympath installed at `root`: $SYMPATH_CACHE_DIR when set; ROOT/build in a
 * checkout (a Makefile beside package.json: npm pack does not ship it); else $XDG_CACHE_HOME/sympath,
 * else ~/.cache/sympath (the XDG base directory default).
 */
export function cacheDir(root: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.SYMPATH_CACHE_DIR) return env.SYMPATH_CACHE_DIR;
  if (existsSync(join(root, 'Makefile'))) return join(root, 'build');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'sympath');
}

/**
 * Runs `build` holding the lock `<dir>/<name>.lock` (proper-lockfile: an atomic mkdir, refreshed while
 * held, taken over when its holder died without releasing it). A second process waits for the first
 * (up to `waitSeconds`: musl takes minutes on a loaded machine), then runs `build` itself — which
 * should find the work done and return.
 */
export async function withCacheLock<T>(dir: string, name: string, build: () => Promise<T>, waitSeconds = 1800): Promise<T> {
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, `${name}.lock`);
  // Loaded here, not at start-up: a run that finds its builds done takes no lock, and proper-lockfile
  // with graceful-fs and signal-exit (which loads node:assert) was ~4 ms of every start.
  const { default: lockfile } = await import('proper-lockfile');
  const release = await lockfile.lock(join(dir, name), {
    realpath: false,
    lockfilePath: lockPath,
    // A holder refreshes the lock's time every 5 s; one not refreshed for 30 s belongs to a dead process.
    stale: 30_000,
    update: 5_000,
    retries: { retries: Math.ceil(waitSeconds * 2), factor: 1, minTimeout: 500, maxTimeout: 500 },
    // The default throws from a timer (an uncaught exception) when a refresh fails; the build that
    // holds the lock may still finish, and its results are written atomically, so it goes on.
    onCompromised: () => {},
  }).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ELOCKED') throw e;
    throw new UserError(
      `sympath: another sympath process has held ${lockPath} for over ${waitSeconds} s (building ${name} into ${dir}); ` +
        'try again when it has finished, or remove the lock if no sympath is running',
    );
  });
  try {
    return await build();
  } finally {
    await release().catch(() => {
      // The lock was taken over (we were too slow to refresh it): nothing left to release.
    });
  }
}
