// Where sympath's build cache lives (src/toolchain/cache-dir.ts) and its lock: the repository's build/
// in a checkout, a user cache directory when installed ($SYMPATH_CACHE_DIR, $XDG_CACHE_HOME/sympath,
// ~/.cache/sympath), and builds under one name never overlap, in one process or in two.

import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { cacheDir, withCacheLock } from '../../src/toolchain/cache-dir.js';
import { ROOT } from '../engine/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

test('a checkout keeps build/; an installed package uses SYMPATH_CACHE_DIR, then XDG_CACHE_HOME, then ~/.cache', () => {
  expect(cacheDir(ROOT, {})).toBe(join(ROOT, 'build'));
  const installed = join(work, 'node_modules', 'sympath');
  mkdirSync(installed, { recursive: true });
  writeFileSync(join(installed, 'package.json'), '{}');
  expect(cacheDir(installed, {})).toBe(join(homedir(), '.cache', 'sympath'));
  expect(cacheDir(installed, { XDG_CACHE_HOME: '/x/cache' })).toBe('/x/cache/sympath');
  expect(cacheDir(installed, { XDG_CACHE_HOME: '/x/cache', SYMPATH_CACHE_DIR: '/y' })).toBe('/y');
  expect(cacheDir(ROOT, { SYMPATH_CACHE_DIR: '/y' })).toBe('/y');
});

test('two builds under one lock run one after the other; the second sees the first one\'s work', async () => {
  const dir = join(work, 'lock-one');
  const log: string[] = [];
  const build = (who: string) => () =>
    new Promise<string>((done) => {
      log.push(`${who} start`);
      setTimeout(() => {
        log.push(`${who} end`);
        done(who);
      }, 300);
    });
  const results = await Promise.all([withCacheLock(dir, 'musl', build('a')), withCacheLock(dir, 'musl', build('b'))]);
  expect(results.sort()).toEqual(['a', 'b']);
  expect(log[0]!.endsWith('start')).toBe(true);
  expect(log[1]).toBe(`${log[0]!.split(' ')[0]} end`); // the first finished before the second started
});

test('two processes: the lock holds across them', async () => {
  const dir = join(work, 'lock-two');
  mkdirSync(dir, { recursive: true });
  // Plain node on the compiled module (dist/, rebuilt by test/global-setup.ts): no transpiler start-up.
  const script = join(work, 'locker.mjs');
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs';
import { withCacheLock } from ${JSON.stringify(join(ROOT, 'dist', 'toolchain', 'cache-dir.js'))};
const [dir, who] = process.argv.slice(2);
await withCacheLock(dir, 'posix', async () => {
  appendFileSync(dir + '/log', who + ' start\\n');
  await new Promise((r) => setTimeout(r, 700));
  appendFileSync(dir + '/log', who + ' end\\n');
});
`,
  );
  await Promise.all(['p', 'q'].map((who) => execa(process.execPath, [script, dir, who])));
  const lines = readFileSync(join(dir, 'log'), 'utf8').trim().split('\n');
  expect(lines).toHaveLength(4);
  const first = lines[0]!.split(' ')[0];
  expect(lines[1]).toBe(`${first} end`);
});
