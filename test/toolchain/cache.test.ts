// The toolchain cache (src/toolchain/cache.ts) through the real CLI, each test with a cache folder of
// its own (SYMPATH_TOOLCHAIN_CACHE): a second run is served from the cache (proved by planting a different,
// well-formed entry and seeing it come back), a changed source, -D flag or included header is a miss,
// and a torn or tampered entry is ignored and rewritten. Plus the .d file reader clang -MD feeds.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { packageRoot } from '../../src/toolchain/clang.js';
import { parseDepFile } from '../../src/toolchain/clang.js';
import { findTool } from '../../src/toolchain/tools.js';

const cli = join(packageRoot, 'bin', 'sympath.mjs');
const haveClang = findTool('clang') !== undefined && findTool('llvm-link') !== undefined;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sympath-cache-test-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function sympath(args: string[], cache: string) {
  return execa('node', [cli, ...args], { cwd: dir, reject: false, stdin: 'ignore', env: { SYMPATH_TOOLCHAIN_CACHE: cache } });
}

/** `sympath compile` of `source` (with `flags`) to a .ll; returns its text. */
async function compile(source: string, cache: string, flags: string[] = []): Promise<string> {
  const out = join(dir, 'out.ll');
  const r = await sympath(['compile', ...flags, source, '-o', out], cache);
  expect(r.stderr).toBe('');
  expect(r.exitCode).toBe(0);
  return readFileSync(out, 'utf8');
}

const entries = (cache: string): string[] => readdirSync(cache).filter((f) => f.endsWith('.entry')).map((f) => join(cache, f));

/** Rewrites an entry's body as a well-formed entry (header hash matching), keeping its other fields. */
function plant(entry: string, edit: (body: string) => string): void {
  const raw = readFileSync(entry, 'utf8');
  const nl = raw.indexOf('\n');
  const header = JSON.parse(raw.slice(0, nl)) as Record<string, unknown>;
  const body = edit(raw.slice(nl + 1));
  header.sha256 = createHash('sha256').update(body).digest('hex');
  writeFileSync(entry, `${JSON.stringify(header)}\n${body}`);
}

describe.skipIf(!haveClang)('toolchain cache through the CLI', () => {
  test('a hit serves the entry; source, -D and header changes are misses', async () => {
    const cache = join(dir, 'c1');
    const header = join(dir, 'answer.h');
    writeFileSync(header, '#define BASE 40\n');
    const source = join(dir, 'answer.c');
    writeFileSync(source, '#include "answer.h"\nint answer = BASE + ANSWER;\nint main(void) { return 0; }\n');
    const first = await compile(source, cache, ['-D', 'ANSWER=1']);
    expect(first).toMatch(/@answer = dso_local global i32 41,/);
    const [entry, ...more] = entries(cache);
    expect(more).toEqual([]);
    // The second compile must come from the entry: plant a different value in it and see it.
    plant(entry!, (body) => body.replace('global i32 41,', 'global i32 4141,'));
    expect(await compile(source, cache, ['-D', 'ANSWER=1'])).toMatch(/global i32 4141,/);
    expect(await compile(source, cache, ['-D', 'ANSWER=2'])).toMatch(/global i32 42,/);
    writeFileSync(header, '#define BASE 50\n');
    expect(await compile(source, cache, ['-D', 'ANSWER=1'])).toMatch(/global i32 51,/);
    writeFileSync(source, '#include "answer.h"\nint answer = BASE * ANSWER;\nint main(void) { return 0; }\n');
    expect(await compile(source, cache, ['-D', 'ANSWER=1'])).toMatch(/global i32 50,/);
  });

  test('torn and tampered entries of a musl run are ignored and rewritten', async () => {
    const cache = join(dir, 'c2');
    const source = join(dir, 'torn.c');
    writeFileSync(source, 'int answer = 7;\nint main(void) { return answer - 7; }\n');
    const run = async (n: number): Promise<string> => {
      const out = join(dir, `out-${n}`);
      const r = await sympath(['run', '--output-dir', out, source], cache);
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toMatch(/completed paths = 1/);
      return readFileSync(join(out, 'program.ll'), 'utf8');
    };
    const whole = await run(1);
    expect(whole).toMatch(/@answer = dso_local global i32 7,/);
    const files = entries(cache);
    // clang's IR, the program with crt1 and the layer, the module with libc.bc, clang's resource folder,
    // the native Z3's version (stats.json's `versions`)
    expect(files.length).toBe(5);
    const before = new Map(files.map((f) => [f, readFileSync(f)]));
    // Torn: every entry cut in half (a crash mid-write without the rename would leave no such file,
    // but a disk error or another tool could); tampered: one byte changed, header left as it was.
    for (const [f, data] of before) writeFileSync(f, data.subarray(0, data.length >> 1));
    expect(await run(2)).toBe(whole);
    for (const [f, data] of before) expect(readFileSync(f)).toEqual(data);
    for (const [f, data] of before) writeFileSync(f, Buffer.from(data.toString('latin1').replace('i32 7,', 'i32 8,'), 'latin1'));
    expect(await run(3)).toBe(whole);
    expect(readFileSync(join(dir, 'out-3', 'program.ll'), 'utf8')).not.toMatch(/global i32 8,/);
  });
});

describe('clang -MD dependency files', () => {
  test('continuations, escaped spaces and $$', () => {
    expect(parseDepFile('/tmp/x.ll: /a/b.c /usr/include/stdio.h \\\n  /my\\ dir/h.h /p$$q.h\n')).toEqual([
      '/a/b.c',
      '/usr/include/stdio.h',
      '/my dir/h.h',
      '/p$q.h',
    ]);
  });
});
