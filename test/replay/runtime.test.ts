// The replay library (runtime/replay): its exit statuses and variables agree with src/replay's copy,
// its .ktest reader refuses bad files and reads KLEE's oldest format, and the per-test time limit ends a
// run that never stops (whose coverage still counts: the library dumps it on SIGTERM).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { replayOutputDir } from '../../src/replay/index.js';
import { ENV_ARGV, ENV_KTEST, ENV_LENIENT, ENV_SKIP, RUNTIME_EXIT, replayRuntimeDir } from '../../src/replay/runtime-contract.js';
import { fixtureDir, makeOutDir, objectBytes, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

describe('the replay library', () => {
  it('has the exit statuses and variables src/replay expects', () => {
    const h = readFileSync(join(replayRuntimeDir, 'replay.h'), 'utf8');
    const exits = Object.fromEntries([...h.matchAll(/#define SYMPATH_REPLAY_EXIT_(\w+) (\d+)/g)].map((m) => [m[1], Number(m[2])]));
    expect(exits).toEqual(RUNTIME_EXIT);
    const envs = [...h.matchAll(/#define SYMPATH_REPLAY_ENV_\w+ "(\w+)"/g)].map((m) => m[1]);
    expect(envs).toEqual([ENV_KTEST, ENV_SKIP, ENV_ARGV, ENV_LENIENT]);
  });

  it('reads KLEE version-1 files and refuses missing, truncated and foreign ones', async () => {
    const dir = makeOutDir(join(tempDir(), 'out'), [join(fixtureDir, 'mismatch.c')], []);
    const r = await replayOutputDir(dir, { html: false });
    const run = (env: Record<string, string>) => execa(r.build.binary, [], { reject: false, env: { PATH: process.env.PATH ?? '' , ...env }, extendEnv: false });
    const file = (name: string, bytes: Buffer): string => {
      const p = join(dir, name);
      writeFileSync(p, bytes);
      return p;
    };
    const obj = (name: string, bytes: Buffer): Buffer => Buffer.concat([u32(name.length), Buffer.from(name), u32(bytes.length), bytes]);
    // KLEE's oldest layout: magic "BOUT\n", version 1, no symArgvs fields.
    const v1 = Buffer.concat([Buffer.from('BOUT\n'), u32(1), u32(1), u32(4), Buffer.from('prog'), u32(2), obj('x', Buffer.from([2, 0, 0, 0])), obj('k', Buffer.from([4, 0, 0, 0]))]);
    expect((await run({ KTEST_FILE: file('v1.ktest', v1) })).exitCode).toBe(6);
    const unset = await run({});
    expect(unset.exitCode).toBe(RUNTIME_EXIT.NO_KTEST);
    expect(unset.stderr).toMatch(/^sympath-replay: error: KTEST_FILE is not set/);
    const truncated = await run({ KTEST_FILE: file('t.ktest', v1.subarray(0, v1.length - 3)) });
    expect(truncated.exitCode).toBe(RUNTIME_EXIT.NO_KTEST);
    expect(truncated.stderr).toMatch(/truncated or corrupt/);
    const foreign = await run({ KTEST_FILE: file('f.ktest', Buffer.from('#!/bin/sh\necho hi\n')) });
    expect(foreign.stderr).toMatch(/bad magic/);
    // A huge count in a short file is a corrupt file, not a huge allocation.
    const huge = await run({ KTEST_FILE: file('h.ktest', Buffer.concat([Buffer.from('KTEST'), u32(3), u32(0xfffffff0)])) });
    expect(huge.exitCode).toBe(RUNTIME_EXIT.NO_KTEST);
    // Lenient mode (KLEE's KLEE_RUN_TEST_ERRORS_NON_FATAL): a mismatch only warns.
    const wrong = file('w.ktest', Buffer.concat([Buffer.from('KTEST'), u32(3), u32(0), u32(0), u32(0), u32(2), obj('y', Buffer.from([1, 0, 0, 0])), obj('k', Buffer.from([2, 0, 0, 0]))]));
    const lenient = await run({ KTEST_FILE: wrong, SYMPATH_REPLAY_LENIENT: '1' });
    expect(lenient.exitCode).toBe(3);
    expect(lenient.stderr).toMatch(/warning: object name mismatch/);
  });

  it.each(['x86_64', 'aarch64'] as const)('stops a run at the time limit on %s and keeps its coverage', async (arch) => {
    const source = join(fixtureDir, 'loop.c');
    const dir = makeOutDir(join(tempDir(), 'out'), [source], [{ objects: [{ name: 'x', bytes: objectBytes('i32:1') }], kind: 'abort' }]);
    const r = await replayOutputDir(dir, { arch, timeoutSeconds: 1, html: false });
    expect(r.json.tests[0]).toMatchObject({ test: 'test000001.ktest', exit: null, timedOut: true });
    expect(r.json.errors[0]).toMatchObject({ reproduced: false, reason: expect.stringMatching(/timed out after 1 s/) });
    const loopLine = readFileSync(source, 'utf8').split('\n').findIndex((l) => l.includes('while (x)')) + 1;
    expect(r.json.coverage.linesCovered).toBeGreaterThan(0);
    expect(r.uncovered.flatMap((u) => u.lines)).not.toContain(loopLine);
  });
});
