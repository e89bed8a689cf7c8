// `sympath augment` and `sympath debug-regression` on versions linked with musl and the POSIX model
// (`--libc musl --posix-runtime`, the default `sympath run` setting): test/fixtures/peso/posix_arg_old.c
// reads one symbolic argument (--sym-args 0 1 2) and prints "none", "alpha", "digit" or "other";
// posix_arg_new.c narrows the digits to '0'..'5' (line 13). Exactly the arguments starting with '6'..'9'
// expose the change: augment must find one, its .ktest must be a POSIX-model test (argv in n_args and
// arg00), and its native replays (argv rebuilt from the test, as klee-replay does) must print "digit"
// and "other". debug-regression on that test must name line 13 first, with relevant-slice conditions
// and with whole path conditions.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { readKTest } from '../../../src/engine/ktest.js';
import { ROOT } from '../../engine/helpers.js';

const OLD = join(ROOT, 'test', 'fixtures', 'peso', 'posix_arg_old.c');
const NEW = join(ROOT, 'test', 'fixtures', 'peso', 'posix_arg_new.c');
const POSIX = ['--libc', 'musl', '--posix-runtime'];
const work = mkdtempSync(join(tmpdir(), 'peso-posix-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function sympath(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Pair {
  oldOutput: string[];
  newOutput: string[];
  test: string;
  replay: { old: string; new: string; differ: boolean };
}

const out = join(work, 'aug');
let exposing: string;

test('augment finds the change-exposing argument and its native replays differ', () => {
  const r = sympath(['augment', '--base', OLD, ...POSIX, '--output-dir', out, NEW, '--sym-args', '0', '1', '2']);
  expect(r.status, r.stderr).toBe(0);
  const report = JSON.parse(readFileSync(join(out, 'augment.json'), 'utf8'));
  // none, alpha, digit, other, and the empty argument's "other" path (its RSC differs: s[0] == 0).
  expect(report.oldPartitions).toBeGreaterThanOrEqual(4);
  expect(report.testsWritten).toBeGreaterThanOrEqual(1);
  const pairs = report.pairs as Pair[];
  // Every test written exposes the change natively (no spurious pair: the rest of the program is equal).
  expect(pairs.every((p) => p.replay.differ)).toBe(true);
  const p = pairs.find((x) => x.oldOutput.join('; ').includes('digit') && x.newOutput.join('; ').includes('other'));
  expect(p, JSON.stringify(pairs)).toBeDefined();
  expect(p!.replay.old).toBe('exit 0, stdout "digit\\n"');
  expect(p!.replay.new).toBe('exit 0, stdout "other\\n"');
  const kt = readKTest(join(out, p!.test));
  expect(kt.args).toEqual(['posix_arg_old', '--sym-args', '0', '1', '2']);
  expect(kt.objects.map((o) => o.name)).toEqual(['n_args', 'arg00', 'model_version']);
  expect(new DataView(kt.objects[0]!.bytes.buffer, kt.objects[0]!.bytes.byteOffset, 4).getInt32(0, true)).toBe(1);
  const first = kt.objects[1]!.bytes[0]!;
  expect(first).toBeGreaterThanOrEqual('6'.charCodeAt(0));
  expect(first).toBeLessThanOrEqual('9'.charCodeAt(0));
  exposing = join(out, p!.test);
}, 120_000);

test('debug-regression on the exposing test ranks the changed line first (RSC and path conditions)', () => {
  for (const extra of [[], ['--path-conditions']]) {
    // No program arguments after NEW: the test's own command line (--sym-args 0 1 2) is used.
    const r = sympath(['debug-regression', '--base', OLD, ...POSIX, '--test', exposing, '--json', ...extra, NEW]);
    expect(r.status, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d.oldOutput).toEqual(['stdout "digit\\n"', 'exit status 0']);
    expect(d.newOutput).toEqual(['stdout "other\\n"', 'exit status 0']);
    expect(d.report.length).toBeGreaterThan(0);
    expect(d.report[0]).toMatchObject({ version: 'new', line: 'posix_arg_new.c:13' });
  }
}, 120_000);

test('POSIX model options need --libc musl --posix-runtime', () => {
  const a = sympath(['augment', '--base', OLD, '--output-dir', join(work, 'x'), NEW, '--sym-args', '0', '1', '2']);
  expect(a.status).toBe(1);
  expect(a.stderr).toContain('add --libc musl --posix-runtime');
  const b = sympath(['augment', '--base', OLD, '--posix-runtime', '--output-dir', join(work, 'y'), NEW]);
  expect(b.status).toBe(1);
  expect(b.stderr).toContain('--posix-runtime needs --libc musl');
});
