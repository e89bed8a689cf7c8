// Symbolic fixtures (test/fixtures/symbolic/*.c): each program's header says how many paths complete
// and which errors (kind@line) its tests report; see the README there for the format.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { EngineOptions } from '../../src/engine/options.js';
import { closeSolver, moduleOf, ROOT, run } from './helpers.js';

const DIR = join(ROOT, 'test', 'fixtures', 'symbolic');
const programs = readdirSync(DIR).filter((f) => f.endsWith('.c')).sort();

afterAll(closeSolver);

interface Expectation {
  paths: number;
  errors: string[];
  partial?: number;
  options: Partial<EngineOptions>;
}

export function readExpectation(text: string): Expectation {
  const expect = /^\/\/ EXPECT:(.*)$/m.exec(text);
  if (!expect) throw new Error('no // EXPECT: line');
  const fields = new Map(expect[1]!.trim().split(/\s+/).map((kv) => kv.split('=') as [string, string]));
  const options: Record<string, unknown> = {};
  const opts = /^\/\/ OPTIONS:(.*)$/m.exec(text);
  for (const o of opts ? opts[1]!.trim().split(/\s+/) : []) {
    const [k, v] = o.split('=');
    options[k!] = v === undefined ? true : Number(v);
  }
  return {
    paths: Number(fields.get('paths') ?? 0),
    errors: (fields.get('errors') ?? '').split(',').filter(Boolean).sort(),
    partial: fields.has('partial') ? Number(fields.get('partial')) : undefined,
    options: options as Partial<EngineOptions>,
  };
}

describe('symbolic fixtures', () => {
  test.each(programs)('%s', async (file) => {
    const path = join(DIR, file);
    const want = readExpectation(readFileSync(path, 'utf8'));
    const got = await run(moduleOf({ file: path }), want.options);
    const errors = got.tests
      .filter((t) => t.termination === 'error')
      .map((t) => `${t.error!.kind}@${t.error!.line}`)
      .sort();
    expect({ paths: got.result.paths.completed, errors }).toEqual({ paths: want.paths, errors: want.errors });
    if (want.partial !== undefined) expect(got.result.paths.partial).toBe(want.partial);
    else expect(got.result.paths.partial).toBe(0);
    // Every test's inputs are named as given to klee_make_symbolic & co.
    for (const t of got.tests) for (const o of t.objects) expect(o.name).not.toMatch(/_\d+$/);
  });
});
