// `sympath debug-regression` (DARWIN with relevant-slice conditions) on the PESO paper's §5.2 example:
// x from inp1, y from inp2, output x; the regression changes line 10 from inp1 >= 0 to inp1 > 0, and the
// test inp1 = inp2 = 0 prints another x. Both DARWINs rank line 10 first (in both versions); the
// relevant-slice conditions leave out the branch on inp2 (line 14), so they solve fewer and smaller
// formulas than whole path conditions, as the paper's Table V reports.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { encodeKTest } from '../../../src/engine/ktest.js';
import { ROOT } from '../../engine/helpers.js';

const OLD = join(ROOT, 'test', 'fixtures', 'peso', 'darwin_old.c');
const NEW = join(ROOT, 'test', 'fixtures', 'peso', 'darwin_new.c');
const work = mkdtempSync(join(tmpdir(), 'peso-debug-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function debug(extra: string[]): { status: number | null; stdout: string; stderr: string } {
  const T = join(work, 'zero.ktest');
  writeFileSync(T, encodeKTest({ args: ['darwin_old'], objects: [{ name: 'inp1', bytes: new Uint8Array(4) }, { name: 'inp2', bytes: new Uint8Array(4) }] }));
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), 'debug-regression', '--base', OLD, '--test', T, '--output-criterion', 'marked', '--json', ...extra, NEW], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('the changed line is reported first, with fewer and smaller formulas than path conditions', () => {
  const rsc = debug([]);
  expect(rsc.status, rsc.stderr).toBe(0);
  const r = JSON.parse(rsc.stdout);
  expect(r.conditions).toBe('relevant-slice');
  expect(r.oldOutput).not.toEqual(r.newOutput);
  expect(r.oldCondition).toEqual(['darwin_old.c:10 T']);
  expect(r.newCondition).toEqual(['darwin_new.c:10 F']);
  expect(r.report.map((e: { version: string; line: string }) => `${e.version} ${e.line}`)).toEqual(['new darwin_new.c:10', 'old darwin_old.c:10']);

  const pc = debug(['--path-conditions']);
  expect(pc.status, pc.stderr).toBe(0);
  const p = JSON.parse(pc.stdout);
  expect(p.conditions).toBe('path');
  expect(p.oldCondition).toEqual(['darwin_old.c:10 T', 'darwin_old.c:14 F']);
  expect(p.report[0]).toMatchObject({ version: 'new', line: 'darwin_new.c:10' });
  expect(r.formulasSolved).toBeLessThan(p.formulasSolved);
  expect(r.formulaBytes).toBeLessThan(p.formulaBytes);
});

test('a missing test file is a clear error', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), 'debug-regression', '--base', OLD, '--test', join(work, 'none.ktest'), NEW], { encoding: 'utf8' });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('none.ktest: no such file');
});
