// Helpers for the replay suites: hand-made output directories (run.json, .ktest files written by
// src/engine/ktest.ts, .err files) so replay is tested without the engine, and the case lines of the
// fixtures in test/fixtures/replay, which say per hand-made test what each arch must show:
//
//   case NAME[ (sanitize)]: OBJ... [KIND["message"]] -> X86_64 | AARCH64
//
// OBJ is name=i32:N, name=u8:N, name=str:TEXT or name=hex:BYTES; KIND is an error kind or `none`; each
// side is `exit N` or a signal name, then for error tests `yes`/`no` (reproduced) and for non-error
// tests optionally `diverged`, then optionally a "quoted" piece of the reason.

import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeKTest } from '../../src/engine/ktest.js';
import type { KTestObject } from '../../src/engine/test-case.js';

export const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
export const fixtureDir = join(root, 'test', 'fixtures', 'replay');

export interface Expect {
  exit?: number;
  signal?: string;
  reproduced?: boolean;
  diverged?: boolean;
  reason?: string;
}

export interface Case {
  name: string;
  sanitize: boolean;
  objects: KTestObject[];
  kind: string | null;
  message?: string;
  expect: { x86_64: Expect; aarch64: Expect };
}

export function objectBytes(spec: string): Uint8Array {
  const [type, ...rest] = spec.split(':');
  const v = rest.join(':');
  switch (type) {
    case 'i32': {
      const b = new Uint8Array(4);
      new DataView(b.buffer).setInt32(0, Number(v), true);
      return b;
    }
    case 'u8':
      return new Uint8Array([Number(v)]);
    case 'str':
      return new TextEncoder().encode(v);
    case 'hex':
      return Uint8Array.from(v.match(/../g) ?? [], (h) => parseInt(h, 16));
    default:
      throw new Error(`bad object spec ${spec}`);
  }
}

function parseSide(text: string): Expect {
  const m = /^(exit (\d+)|(SIG[A-Z]+))\s*(yes|no|diverged)?\s*(?:"([^"]*)")?$/.exec(text.trim());
  if (!m) throw new Error(`bad expectation '${text}'`);
  return {
    ...(m[2] !== undefined ? { exit: Number(m[2]) } : {}),
    ...(m[3] !== undefined ? { signal: m[3] } : {}),
    ...(m[4] === 'yes' ? { reproduced: true } : m[4] === 'no' ? { reproduced: false } : {}),
    ...(m[4] === 'diverged' ? { diverged: true } : {}),
    ...(m[5] !== undefined ? { reason: m[5] } : {}),
  };
}

/** The case lines of a fixture. */
export function readCases(file: string): Case[] {
  const cases: Case[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*\*\s*case (\w+)( \(sanitize\))?:\s*(.*?)\s*\[(\S+?)(?:\s+"([^"]*)")?\]\s*->\s*(.*?)\s*\|\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    const objects = m[3]!.split(/\s+/).filter(Boolean).map((o) => {
      const eq = o.indexOf('=');
      return { name: o.slice(0, eq), bytes: objectBytes(o.slice(eq + 1)) };
    });
    cases.push({
      name: m[1]!,
      sanitize: m[2] !== undefined,
      objects,
      kind: m[4] === 'none' ? null : m[4]!,
      ...(m[5] !== undefined ? { message: m[5] } : {}),
      expect: { x86_64: parseSide(m[6]!), aarch64: parseSide(m[7]!) },
    });
  }
  return cases;
}

const made: string[] = [];

/** A fresh directory under the system's temporary folder, removed by removeTempDirs. */
export function tempDir(prefix = 'sympath-replay-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every directory tempDir made (each suite calls it in afterAll). */
export function removeTempDirs(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

export interface HandTest {
  objects: KTestObject[];
  args?: string[];
  kind?: string | null;
  message?: string;
  partial?: boolean;
}

/** An output directory as `sympath run` would leave it for `sources`, holding the given tests (numbered
 *  from 1, one second apart in creation time). */
export function makeOutDir(dir: string, sources: string[], tests: HandTest[], run: Record<string, unknown> = {}): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'run.json'),
    JSON.stringify({
      argv: ['run', ...sources],
      cwd: dirname(sources[0]!),
      programFiles: sources,
      sources,
      includes: [],
      defines: [],
      optLevel: 0,
      optimize: false,
      ir: 'program.ll',
      programArgs: [],
      ktestArgs: [basename(sources[0]!)],
      libc: 'none',
      posixRuntime: false,
      search: ['dfs'],
      seed: 1,
      ...run,
    }),
  );
  const t0 = Date.now() / 1000 - 100;
  utimesSync(join(dir, 'run.json'), t0, t0);
  tests.forEach((t, i) => {
    const stem = `test${String(i + 1).padStart(6, '0')}`;
    writeKTest(join(dir, `${stem}.ktest`), { args: t.args ?? [basename(sources[0]!)], objects: t.objects });
    utimesSync(join(dir, `${stem}.ktest`), t0 + i + 1, t0 + i + 1);
    if (t.kind) writeFileSync(join(dir, `${stem}.${t.kind}.err`), `Error: ${t.message ?? `${t.kind} failure`}\nFile: x.c\nLine: 1\nStack: \n`);
    if (t.partial) writeFileSync(join(dir, `${stem}.early`), 'budget\n');
  });
  return dir;
}

export function fixtures(): string[] {
  return readdirSync(fixtureDir)
    .filter((f) => f.endsWith('.c') && readCases(join(fixtureDir, f)).length > 0)
    .sort();
}
