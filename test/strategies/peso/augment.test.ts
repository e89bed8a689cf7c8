// `sympath augment` on the paper's Fig. 12: Fig. 1 (OLD) against the change of line 5 from x-y > 0 to
// x-y > 2 (NEW, test/fixtures/peso/peso_fig12.c), output `out` (the exit status). Exactly one pair of
// partitions can differ: OLD's x-y>0 ∧ x+y>10 (out == x) against NEW's ¬(x-y>2) ∧ x+y>10 (out == y);
// its test must have 0 < x-y <= 2 and x+y > 10 and exit differently when replayed natively on the two
// versions. Given an existing suite holding such a test, the pair is reported as exposed by it and no
// test is written.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { encodeKTest, readKTest } from '../../../src/engine/ktest.js';
import { ROOT } from '../../engine/helpers.js';

const OLD = join(ROOT, 'test', 'fixtures', 'concolic', 'peso_fig1.c');
const NEW = join(ROOT, 'test', 'fixtures', 'peso', 'peso_fig12.c');
const work = mkdtempSync(join(tmpdir(), 'peso-augment-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function sympath(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
const int = (b: Uint8Array): number => new DataView(b.buffer, b.byteOffset, 4).getInt32(0, true);
const bytes = (v: number): Uint8Array => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt32(0, v, true);
  return b;
};

test('Fig. 12: one change-exposing test, 0 < x-y <= 2 and x+y > 10, different exit statuses natively', () => {
  const out = join(work, 'aug');
  const r = sympath(['augment', '--base', OLD, '--output-criterion', 'exit', '--output-dir', out, NEW]);
  expect(r.status, r.stderr).toBe(0);
  const report = JSON.parse(readFileSync(join(out, 'augment.json'), 'utf8'));
  expect(report).toMatchObject({ oldPartitions: 3, newPartitions: 3, testsWritten: 1 });
  expect(report.pairs).toHaveLength(1);
  const [p] = report.pairs;
  expect([p.oldCondition, p.oldOutput, p.newCondition, p.newOutput]).toEqual([
    ['peso_fig1.c:5 T', 'peso_fig1.c:9 T'],
    ['exit status x'],
    ['peso_fig12.c:5 F', 'peso_fig12.c:9 T'],
    ['exit status y'],
  ]);
  expect(p.replay.differ).toBe(true);
  const kt = readKTest(join(out, p.test));
  const [x, y] = kt.objects.map((o) => int(o.bytes));
  expect((x! - y!) | 0).toBeGreaterThan(0);
  expect((x! - y!) | 0).toBeLessThanOrEqual(2);
  expect((x! + y!) | 0).toBeGreaterThan(10);
  expect(p.replay.old).toBe(`exit ${x! & 0xff}, stdout "square(z) <= 3\\n"`);
  expect(p.replay.new).toBe(`exit ${y! & 0xff}, stdout "square(z) <= 3\\n"`);
});

test('an existing test that exposes the pair is reported instead of a new one', () => {
  const suite = join(work, 'suite');
  mkdirSync(suite);
  // <6,5,2>: x-y = 1, x+y = 11 (exposes); <20,1,2> does not (x-y > 2: both versions return x).
  writeFileSync(join(suite, 'test000001.ktest'), encodeKTest({ args: ['peso_fig1'], objects: [6, 5, 2].map((v, k) => ({ name: 'xyz'[k]!, bytes: bytes(v) })) }));
  writeFileSync(join(suite, 'test000002.ktest'), encodeKTest({ args: ['peso_fig1'], objects: [20, 1, 2].map((v, k) => ({ name: 'xyz'[k]!, bytes: bytes(v) })) }));
  const out = join(work, 'aug-existing');
  const r = sympath(['augment', '--base', OLD, '--output-criterion', 'exit', '--tests', suite, '--output-dir', out, NEW]);
  expect(r.status, r.stderr).toBe(0);
  const report = JSON.parse(readFileSync(join(out, 'augment.json'), 'utf8'));
  expect(report.exposingExisting).toEqual([join(suite, 'test000001.ktest')]);
  expect(report.testsWritten).toBe(0);
  expect(report.pairs.map((p: { existing: boolean; test: string }) => [p.existing, p.test])).toEqual([[true, join(suite, 'test000001.ktest')]]);
});

test('bad input: a missing version or suite is a clear error', () => {
  const a = sympath(['augment', '--base', join(work, 'nope.c'), NEW]);
  expect(a.status).toBe(1);
  expect(a.stderr).toMatch(/nope\.c/);
  const b = sympath(['augment', '--base', OLD, '--tests', join(work, 'no-suite'), NEW]);
  expect(b.status).toBe(1);
  expect(b.stderr).toContain('no-suite: no such directory');
});
