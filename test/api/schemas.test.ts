// The JSON Schemas of schemas/ (stats.json, run.json, the Replay JSON, signature.json, affected.json)
// against what real runs write: a small program through the CLI (stats.json, run.json) and replayed
// natively (`replay --json`), a PESO run (signature.json), a DiSE run (affected.json); each schema also
// rejects a broken copy of the same document, so a schema that accepts anything would fail here.
// Validated with ajv (draft 2020-12), not hand-written shape checks.

import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { schemaPath, type SchemaName } from '../../src/index.js';
import { ROOT } from '../engine/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-schemas-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// ajv's default strict mode: unknown keywords and ignored formats in a schema are errors.
const ajv = new Ajv2020({ allErrors: true });
const NAMES: SchemaName[] = ['stats', 'run', 'replay', 'signature', 'affected'];
const validators = new Map(NAMES.map((n) => [n, ajv.compile(JSON.parse(readFileSync(schemaPath(n), 'utf8')))]));

/** The validation errors of `doc` against schema `name`, as one readable string ('' when valid). */
function problems(name: SchemaName, doc: unknown): string {
  const v = validators.get(name)!;
  return v(doc) ? '' : ajv.errorsText(v.errors, { separator: '\n' });
}

async function sympath(args: string[]): Promise<{ status: number | undefined; stdout: string; stderr: string }> {
  const r = await execa(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), ...args], { reject: false, stdin: 'ignore', cwd: work });
  return { status: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) };
}

const json = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

const PROGRAM = `#include <klee/klee.h>
#include <stdio.h>
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 10) { printf("big\\n"); if (x == 42) klee_assert(0); }
  else printf("small\\n");
  return 0;
}
`;

describe('a small program: stats.json, run.json and the Replay JSON', () => {
  const out = join(work, 'small');
  let replayJson: Record<string, unknown>;
  beforeAll(async () => {
    writeFileSync(join(work, 'small.c'), PROGRAM);
    const r = await sympath(['run', '--libc', 'none', '--output-dir', out, 'small.c']);
    expect(r.status, r.stderr).toBe(0);
    const rep = await sympath(['replay', out, '--json', '--no-html']);
    expect(rep.status, rep.stderr).toBe(0);
    replayJson = JSON.parse(rep.stdout) as Record<string, unknown>;
  });

  test('stats.json conforms; without a required field, or with a wrong type, it does not', () => {
    const stats = json(join(out, 'stats.json'));
    expect((stats.errors as unknown[]).length).toBe(1); // the document exercises the errors list
    expect(problems('stats', stats)).toBe('');
    const { solver: _drop, ...missing } = stats;
    expect(problems('stats', missing)).toMatch(/must have required property 'solver'/);
    expect(problems('stats', { ...stats, tests: '3' })).toMatch(/\/tests must be integer/);
    const badKind = { ...stats, errors: [{ ...(stats.errors as object[])[0], kind: 'segfault' }] };
    expect(problems('stats', badKind)).toMatch(/\/errors\/0\/kind must be equal to one of the allowed values/);
  });

  test('run.json conforms; a bad libc or a missing cwd does not', () => {
    const run = json(join(out, 'run.json'));
    expect(problems('run', run)).toBe('');
    expect(problems('run', { ...run, libc: 'uclibc' })).toMatch(/\/libc must be equal to one of the allowed values/);
    const { cwd: _drop, ...missing } = run;
    expect(problems('run', missing)).toMatch(/required property 'cwd'/);
  });

  test('the Replay JSON conforms (the error reproduced); a string exit status does not', () => {
    expect(replayJson.errors).toEqual([expect.objectContaining({ kind: 'assert', reproduced: true })]);
    expect(problems('replay', replayJson)).toBe('');
    const tests = replayJson.tests as Record<string, unknown>[];
    expect(problems('replay', { ...replayJson, tests: [{ ...tests[0], exit: '0' }] })).toMatch(/\/tests\/0\/exit must be integer,null/);
  });
});

test('signature.json of a PESO run conforms; a partition without its rsc does not', async () => {
  const out = join(work, 'peso');
  const r = await sympath(['run', '--libc', 'none', '--driver', 'peso', '--output-criterion', 'exit', '--output-dir', out, join(ROOT, 'test', 'fixtures', 'concolic', 'peso_fig1.c')]);
  expect(r.status, r.stderr).toBe(0);
  const sig = json(join(out, 'signature.json'));
  expect((sig.partitions as unknown[]).length).toBe(3);
  expect(problems('signature', sig)).toBe('');
  expect(problems('stats', json(join(out, 'stats.json')))).toBe(''); // with its driver section
  const [first, ...rest] = sig.partitions as Record<string, unknown>[];
  const { rsc: _drop, ...noRsc } = first!;
  expect(problems('signature', { ...sig, partitions: [noRsc, ...rest] })).toMatch(/\/partitions\/0 must have required property 'rsc'/);
  expect(problems('signature', { ...sig, partitions: [{ ...first, input: { x: 'zz' } }, ...rest] })).toMatch(/\/partitions\/0\/input\/x must match pattern/);
});

test('affected.json of a DiSE run conforms; an edge without its target does not', async () => {
  const out = join(work, 'dise');
  const fx = join(ROOT, 'test', 'fixtures', 'dise');
  const r = await sympath(['run', '--libc', 'none', '--base', join(fx, 'wbs_old.c'), '--output-dir', out, join(fx, 'wbs_new.c')]);
  expect(r.status, r.stderr).toBe(0);
  const affected = json(join(out, 'affected.json'));
  expect(affected.affectedPathConditions).toBeGreaterThan(0);
  expect(problems('affected', affected)).toBe('');
  expect(problems('stats', json(join(out, 'stats.json')))).toBe(''); // with pruning.dise
  const set = affected.impactSet as Record<string, unknown>[];
  const k = set.findIndex((n) => n.kind === 'edge');
  expect(k).toBeGreaterThanOrEqual(0);
  const { target: _drop, ...edge } = set[k]!;
  const broken = { ...affected, impactSet: set.map((n, i) => (i === k ? edge : n)) };
  expect(problems('affected', broken)).toMatch(new RegExp(`/impactSet/${k} must have required property 'target'`));
});
