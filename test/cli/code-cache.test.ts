// V8's code cache for the bundled CLI (scripts/code-cache.mjs, issue 20's start-up): a command's first
// run writes the bytecode it compiled beside the bundle, later runs hand it to V8, and a cache V8 refuses
// (another V8, other flags, a damaged file) is replaced rather than kept or fatal.

import { execa } from 'execa';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../engine/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-code-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const LOADER = pathToFileURL(join(ROOT, 'scripts', 'code-cache.mjs')).href;
const bundle = join(work, 'main.cjs');
// A CommonJS "bundle" with enough functions for a cache to hold, and a require() of its own.
writeFileSync(
  bundle,
  `const { join } = require('node:path');
function square(x) { return x * x; }
exports.answer = () => [1, 2, 3].map(square).reduce((a, b) => a + b) + join('a', 'b').length + __filename.length * 0;
`,
);

async function load(command: string, nodeFlags: string[] = []): Promise<{ answer: number; cache: string }> {
  const script = `import { loadWithCodeCache } from ${JSON.stringify(LOADER)};
const { exports, cache } = loadWithCodeCache(${JSON.stringify(bundle)}, ${JSON.stringify(command)});
process.stdout.write(JSON.stringify({ answer: exports.answer(), cache }));`;
  // A script file, not `node -e`: the node flags of the process (execArgv) name the cache.
  const file = join(work, `load-${command}.mjs`);
  writeFileSync(file, script);
  const r = await execa('node', [...nodeFlags, file]);
  return JSON.parse(r.stdout) as { answer: number; cache: string };
}

describe('loadWithCodeCache', () => {
  it('writes the cache at the first run of a command and has V8 take it at the next', async () => {
    const cacheFile = `${bundle}.run.v8cache`;
    expect(await load('run')).toEqual({ answer: 17, cache: 'none' });
    expect(statSync(cacheFile).size).toBeGreaterThan(0);
    const written = statSync(cacheFile).mtimeMs;
    expect(await load('run')).toEqual({ answer: 17, cache: 'accepted' });
    expect(statSync(cacheFile).mtimeMs).toBe(written); // a cache V8 took is not written again
    expect(readdirSync(work).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a long run writes its cache while it runs, not only at its exit', async () => {
    const script = `import { existsSync } from 'node:fs';
import { loadWithCodeCache } from ${JSON.stringify(LOADER)};
loadWithCodeCache(${JSON.stringify(bundle)}, 'ktest');
const started = Date.now();
const look = setInterval(() => {
  if (existsSync(${JSON.stringify(`${bundle}.ktest.v8cache`)})) { process.stdout.write('written while running'); process.exit(0); }
  if (Date.now() - started > 20000) process.exit(3);
}, 20);`;
    writeFileSync(join(work, 'long.mjs'), script);
    const r = await execa('node', [join(work, 'long.mjs')], { env: { SYMPATH_CODE_CACHE_WRITE_MS: '200' } });
    expect(r.stdout).toBe('written while running');
    expect(await load('ktest')).toEqual({ answer: 17, cache: 'accepted' });
  });

  it('replaces a cache V8 refuses, and the run itself is unaffected', async () => {
    const cacheFile = `${bundle}.replay.v8cache`;
    writeFileSync(cacheFile, Buffer.alloc(4096, 7));
    expect(await load('replay')).toEqual({ answer: 17, cache: 'rejected' });
    expect(await load('replay')).toEqual({ answer: 17, cache: 'accepted' });
  });

  it('keeps a cache per set of node flags, so runs with and without them do not replace each other', async () => {
    const flags = ['--max-semi-space-size=16'];
    await load('stats');
    expect(await load('stats', flags)).toEqual({ answer: 17, cache: 'none' });
    expect(await load('stats')).toEqual({ answer: 17, cache: 'accepted' });
    expect(await load('stats', flags)).toEqual({ answer: 17, cache: 'accepted' });
  });

  it('with source maps on (node --enable-source-maps), loads the bundle as a module: stack traces map to the sources', async () => {
    const mapped = join(work, 'mapped.cjs');
    // A one-line "bundle" whose source map says its only line is line 42 of src/original.ts.
    writeFileSync(mapped, `exports.where = () => new Error('here').stack.split('\\n')[1];\n//# sourceMappingURL=mapped.cjs.map\n`);
    writeFileSync(`${mapped}.map`, JSON.stringify({ version: 3, sources: ['src/original.ts'], names: [], mappings: 'AAyCA' }));
    const script = `import { loadWithCodeCache } from ${JSON.stringify(LOADER)};
const { exports, cache } = loadWithCodeCache(${JSON.stringify(mapped)}, 'run');
process.stdout.write(JSON.stringify({ where: exports.where(), cache }));`;
    writeFileSync(join(work, 'mapped.mjs'), script);
    const r = JSON.parse((await execa('node', ['--enable-source-maps', join(work, 'mapped.mjs')])).stdout) as { where: string; cache: string };
    expect(r.where).toContain('original.ts:42');
    expect(r.cache).toBe('none');
  });

  it('gives commands without a cache of their own (or a mistyped one) one shared file', async () => {
    await load('no-such-command');
    await load('help');
    expect(existsSync(`${bundle}.other.v8cache`)).toBe(true);
    expect(readdirSync(work).some((f) => f.endsWith('.v8cache') && (f.includes('no-such-command') || f.includes('help')))).toBe(false);
  });

  it('runs when the cache cannot be written (a read-only installation)', async () => {
    const ro = mkdtempSync(join(tmpdir(), 'sympath-code-cache-ro-'));
    try {
      const file = join(ro, 'main.cjs');
      copyFileSync(bundle, file);
      // A directory where the cache's temporary file would go makes the write fail as a read-only one would.
      const script = `import { mkdirSync } from 'node:fs';
import { loadWithCodeCache } from ${JSON.stringify(LOADER)};
mkdirSync(${JSON.stringify(`${file}.run.v8cache.`)} + process.pid + '.tmp');
const { exports, cache } = loadWithCodeCache(${JSON.stringify(file)}, 'run');
process.stdout.write(JSON.stringify({ answer: exports.answer(), cache }));`;
      writeFileSync(join(ro, 'load.mjs'), script);
      const r = await execa('node', [join(ro, 'load.mjs')]);
      expect(JSON.parse(r.stdout)).toEqual({ answer: 17, cache: 'none' });
      expect(existsSync(`${file}.run.v8cache`)).toBe(false);
    } finally {
      rmSync(ro, { recursive: true, force: true });
    }
  });
});
