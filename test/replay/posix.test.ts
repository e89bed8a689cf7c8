// POSIX-model tests, built by hand in KLEE's layout (klee_init_env's object names and order) until
// sympath's own model (issue 5) writes them: argv from --sym-arg, the file A from --sym-files, stdin from
// --sym-stdin, "model_version", then the program's own objects. Replayed on both arches; and the walk of
// the command line itself (posixEnvironment) on its own.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { KTestObject } from '../../src/engine/test-case.js';
import { replayOutputDir } from '../../src/replay/index.js';
import { isPosixTest, parseStat, posixEnvironment } from '../../src/replay/posix-env.js';
import { fixtureDir, makeOutDir, objectBytes, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

/** A struct stat in x86-64's 144-byte layout with st_mode and the times set. */
function stat144(mode: number, mtime = 1_700_000_000): Uint8Array {
  const b = new Uint8Array(144);
  const v = new DataView(b.buffer);
  v.setUint32(24, mode, true);
  v.setBigInt64(72, BigInt(mtime), true);
  v.setBigInt64(88, BigInt(mtime), true);
  return b;
}

const ARGS = ['posix.bc', '--sym-arg', '3', '--sym-files', '1', '8', '--sym-stdin', '4'];

function posixObjects(arg: Uint8Array, file: string, stdin: string, tag: number): KTestObject[] {
  const enc = new TextEncoder();
  return [
    { name: 'arg00', bytes: arg },
    // KLEE 3.2's (and sympath's) spelling; the test below uses the older `A-data`, `A-data-stat`.
    { name: 'A_data', bytes: enc.encode(file) },
    { name: 'A_data_stat', bytes: stat144(0o100640) },
    { name: 'stdin', bytes: enc.encode(stdin) },
    { name: 'stdin_stat', bytes: stat144(0o100644) },
    { name: 'model_version', bytes: objectBytes('i32:1') },
    { name: 'tag', bytes: objectBytes(`i32:${tag}`) },
  ];
}

describe('POSIX-model tests replay like klee-replay', () => {
  it.each(['x86_64', 'aarch64'] as const)('rebuilds argv, the file A and stdin on %s', async (arch) => {
    const go = new Uint8Array([0x67, 0x6f, 0, 0]); // "go"
    const dir = makeOutDir(join(tempDir(), 'out'), [join(fixtureDir, 'posix.c')], [
      { args: ARGS, objects: posixObjects(go, 'SECRET!!', 'Q...', 7), kind: 'abort' },
      { args: ARGS, objects: posixObjects(go, 'SECRET!!', 'R...', 7) },
      // A symbolic argument that is not UTF-8 reaches the program byte for byte.
      { args: ARGS, objects: posixObjects(new Uint8Array([0xff, 0x41, 0, 0]), 'xxxxxxxx', 'Q...', 3) },
    ], { posixRuntime: true });
    const r = await replayOutputDir(dir, { arch, html: false });
    expect(r.json.tests.map((t) => [t.exit, t.signal])).toEqual([
      [null, 'SIGABRT'],
      [0, null],
      [23, null],
    ]);
    expect(r.json.errors).toEqual([{ kind: 'abort', test: 'test000001.ktest', reproduced: true, reason: 'the native run died of SIGABRT' }]);
    expect(r.json.divergent).toEqual([]);
  });

  it('makes standard output what --sym-stdout\'s stdout_stat says, as klee-replay: a file, a device, a pipe', async () => {
    const stdoutTest = (mode: number | null, tag: number) => ({
      args: ['stdout_kind.bc', '--sym-stdout'],
      objects: [
        { name: 'tag', bytes: objectBytes(`i32:${tag}`) },
        ...(mode === null ? [] : [{ name: 'stdout', bytes: new Uint8Array(1024) }, { name: 'stdout_stat', bytes: stat144(mode) }]),
        { name: 'model_version', bytes: objectBytes('i32:1') },
      ],
    });
    const dir = makeOutDir(join(tempDir(), 'out'), [join(fixtureDir, 'stdout_kind.c')], [
      stdoutTest(0o100644, 1), // S_IFREG
      stdoutTest(0o020666, 2), // S_IFCHR
      stdoutTest(0o010600, 3), // S_IFIFO
      stdoutTest(null, 4), // no stdout_stat: a pipe, as before
    ], { posixRuntime: true });
    const r = await replayOutputDir(dir, { html: false });
    expect(r.json.tests.map((t) => t.exit)).toEqual([1, 2, 3, 3]);
    // What went to the regular file is the test's output all the same.
    expect(readFileSync(join(dir, 'replay-x86_64', 'logs', 'test000001.stdout'), 'latin1')).toBe('tag 1\n');
  });

  it('finds the objects of --sym-arg, --sym-args, --sym-files, --sym-stdin and --max-fail', () => {
    const enc = new TextEncoder();
    const env = posixEnvironment({
      version: 3,
      args: ['prog.bc', '-v', '--sym-arg', '2', '--sym-args', '0', '2', '3', '--sym-files', '2', '4', '--sym-stdin', '2', '--max-fail', '1', '--sym-stdout'],
      symArgvs: 0,
      symArgvLen: 0,
      objects: [
        { name: 'arg00', bytes: enc.encode('ab\0') },
        { name: 'n_args', bytes: objectBytes('i32:2') },
        { name: 'arg01', bytes: enc.encode('x\0yz') },
        { name: 'arg02', bytes: enc.encode('pqr\0') },
        { name: 'A-data', bytes: enc.encode('AAAA') },
        { name: 'A-data-stat', bytes: stat144(0o100600) },
        { name: 'B-data', bytes: enc.encode('BBBB') },
        { name: 'B-data-stat', bytes: new Uint8Array(7) },
        { name: 'stdin', bytes: enc.encode('in') },
        { name: 'stdin-stat', bytes: stat144(0o010600) },
        { name: 'read_fail', bytes: objectBytes('i32:1') },
        { name: 'write_fail', bytes: objectBytes('i32:0') },
        { name: 'stdout', bytes: new Uint8Array(1024) },
        { name: 'stdout-stat', bytes: stat144(0o100644) },
        { name: 'model_version', bytes: objectBytes('i32:1') },
        { name: 'x', bytes: objectBytes('i32:5') },
      ],
    });
    const dec = new TextDecoder();
    expect(env.args.map((a) => dec.decode(a))).toEqual(['-v', 'ab', 'x', 'pqr']);
    expect(env.files.map((f) => [f.name, dec.decode(f.data), f.stat?.mode])).toEqual([
      ['A', 'AAAA', 0o100600],
      ['B', 'BBBB', undefined],
    ]);
    expect(env.stdin && [dec.decode(env.stdin.data), env.stdin.stat?.mode]).toEqual(['in', 0o010600]);
    expect(env.consumed).toEqual([...Array(15).keys()]); // everything but the program's own "x"
    expect(env.notes.join('\n')).toMatch(/B-data-stat" has 7 bytes/);
    expect(env.notes.join('\n')).toMatch(/read_fail is set: a native run cannot inject/);
  });

  it('takes --sym-args MIN MAX with MIN == MAX without an n_args object, and old KLEE names', () => {
    const env = posixEnvironment({
      version: 3,
      args: ['p', '-sym-args', '1', '1', '2', '-sym-files', '1', '2'],
      symArgvs: 0,
      symArgvLen: 0,
      objects: [
        { name: 'arg0', bytes: new Uint8Array([0x61, 0x62, 0x63]) },
        { name: 'A_data', bytes: new Uint8Array([1, 2]) },
        { name: 'stdin', bytes: new Uint8Array([3, 4]) },
      ],
    });
    expect(env.args).toEqual([new Uint8Array([0x61, 0x62])]);
    expect(env.files[0]?.data).toEqual(new Uint8Array([1, 2]));
    expect(env.stdin?.data).toEqual(new Uint8Array([3, 4]));
    expect(env.notes).toEqual([]);
  });

  it('replays an argument object a cut test lacks as an empty argument, keeping n_args arguments', () => {
    // A state cut by --max-time in the start-up code, after n_args = 1 and before arg00: its test has
    // no arg00. Dropping the argument ran `head` without one (reading stdin) where the test's path, and
    // a concolic replay of it (missing bytes read as zeros), is `head ''`.
    const env = posixEnvironment({
      version: 3,
      args: ['head.bc', '--sym-args', '0', '1', '2', '--sym-stdin', '2'],
      symArgvs: 0,
      symArgvLen: 0,
      objects: [{ name: 'n_args', bytes: objectBytes('i32:1') }],
    });
    expect(env.args).toEqual([new Uint8Array(0)]);
    expect(env.notes.join('\n')).toMatch(/no object "arg00"[^]*argument 1 is replayed as an empty argument/);
  });

  it('tells POSIX tests apart and reads both struct stat layouts', () => {
    const t = { version: 3, symArgvs: 0, symArgvLen: 0 };
    expect(isPosixTest({ ...t, args: ['p', '--sym-arg', '2'], objects: [] })).toBe(true);
    expect(isPosixTest({ ...t, args: ['p'], objects: [{ name: 'model_version', bytes: new Uint8Array(4) }] })).toBe(true);
    expect(isPosixTest({ ...t, args: ['p', '-x'], objects: [{ name: 'x', bytes: new Uint8Array(4) }] })).toBe(false);
    expect(parseStat(stat144(0o100755, 42))).toEqual({ mode: 0o100755, atimeSec: 42, mtimeSec: 42 });
    const generic = new Uint8Array(128);
    new DataView(generic.buffer).setUint32(16, 0o040700, true);
    expect(parseStat(generic)?.mode).toBe(0o040700);
    expect(parseStat(new Uint8Array(100))).toBeUndefined();
  });
});
