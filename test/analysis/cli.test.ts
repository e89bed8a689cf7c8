// `sympath analyze`: the command on its own (registered on a fresh commander program, stdout captured),
// on a C file (compiled through the toolchain) and on a .ll file: each --what, text / DOT / JSON, the
// slice criterion, and the errors a user can make.

import { afterEach, describe, expect, test, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { register } from '../../src/cli/analyze.js';
import { UserError } from '../../src/cli/user-error.js';
import { fixtures } from './helpers.js';

const dgse = join(fixtures, 'dgse_fig2.c');
const work = mkdtempSync(join(tmpdir(), 'sympath-analyze-cli-'));
const ll = join(work, 'peso.ll');
execFileSync('clang-19', ['-S', '-emit-llvm', '-g', '-O0', '-Xclang', '-disable-O0-optnone', join(fixtures, 'peso_fig1.c'), '-o', ll]);

async function analyze(...args: string[]): Promise<string> {
  const program = new Command('sympath').exitOverride();
  register(program);
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    await program.parseAsync(['node', 'sympath', 'analyze', ...args]);
  } finally {
    spy.mockRestore();
  }
  return out;
}

afterEach(() => vi.restoreAllMocks());

describe('sympath analyze', () => {
  test('text pdg of a C file, with the source text of each line', async () => {
    const out = await analyze(dgse, '--function', 'Test');
    expect(out).toContain('@Test (pdg:');
    expect(out).toMatch(/\n\s+20 <- 19\s+control T\s+a = 2;/);
    expect(out).toMatch(/\n\s+29 <- 18\s+mem\s+s = \(char \*\)malloc\(a - b\);/);
  });

  test('cdg as JSON: instruction edges and the line view', async () => {
    const json = JSON.parse(await analyze(dgse, '--what', 'cdg', '--json'));
    const fn = json.functions.find((f: { name: string }) => f.name === 'Test');
    expect(fn.edges.every((e: { kind: string }) => e.kind === 'control')).toBe(true);
    expect(fn.lineEdges).toContainEqual({ from: 21, to: 22, kind: 'control', direction: 'T' });
    expect(fn.lineEdges).toContainEqual({ from: 21, to: 24, kind: 'control', direction: 'F' });
  });

  test('ddg and cfg as DOT', async () => {
    const ddg = await analyze(ll, '--what', 'ddg', '--dot');
    expect(ddg.startsWith('digraph sympath {')).toBe(true);
    expect(ddg).toContain('-> f0_l15 [label="mem"]');
    const cfg = await analyze(ll, '--what', 'cfg', '--dot');
    expect(cfg).toMatch(/ -> .* \[label="T"\];/);
    const insts = await analyze(ll, '--what', 'pdg', '--dot', '--instructions', '--potential');
    expect(insts).toContain('label="potential F"');
  });

  test('slice: the lines of a criterion\'s backward slice', async () => {
    const json = JSON.parse(await analyze(ll, '--what', 'slice', '--criterion', 'peso_fig1.c:16', '--json'));
    expect(json.lines.map((l: { line: number }) => l.line)).toEqual([4, 5, 6, 8, 9, 10, 15, 16]);
    const text = await analyze(ll, '--what', 'slice', '--criterion', 'peso_fig1.c:16');
    expect(text).toMatch(/^slice of peso_fig1.c:16: 8 lines/);
  });

  test('user errors', async () => {
    await expect(analyze(ll, '--what', 'slice')).rejects.toThrow(UserError);
    await expect(analyze(ll, '--what', 'slice', '--criterion', 'peso_fig1.c:2')).rejects.toThrow(/no instruction at/);
    await expect(analyze(ll, '--function', 'nope')).rejects.toThrow(/no function 'nope'/);
    await expect(analyze(ll, '--dot', '--json')).rejects.toThrow(/one of --dot and --json/);
    await expect(analyze(join(work, 'missing.ll'))).rejects.toThrow(UserError);
  });
});
