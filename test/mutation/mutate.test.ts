// `sympath mutate` (src/mutation): the exact mutants of a small fixture, every operator on the corpus,
// equivalence by construction, no mutants in headers or macro expansions, statement deletion keeping the
// line structure, and bad input (a file that does not compile, no site, a foreign --out directory).

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { MutationError } from '../../src/mutation/errors.js';
import { mutateFile, normalizeIR } from '../../src/mutation/mutate.js';
import { OPERATORS } from '../../src/mutation/operators.js';
import { removeTempDirs, root, tempDir } from '../replay/helpers.js';

afterAll(removeTempDirs);

const fixture = join(root, 'test', 'fixtures', 'mutation', 'classify.c');

/** The mutants of classify() and spin() in classify.c, checked by hand: id, operator, line, column,
 *  original text, replacement. */
export const CLASSIFY_MUTANTS: [string, string, number, number, string, string][] = [
  ['m0001', 'NEG', 8, 7, 'x < 10', '!(x < 10)'],
  ['m0002', 'RO', 8, 9, '<', '!='],
  ['m0003', 'RO', 8, 9, '<', '<='],
  ['m0004', 'RO', 8, 9, '<', '=='],
  ['m0005', 'RO', 8, 9, '<', '>'],
  ['m0006', 'RO', 8, 9, '<', '>='],
  ['m0007', 'CR', 8, 11, '10', '0'],
  ['m0008', 'CR', 8, 11, '10', '1'],
  ['m0009', 'CR', 8, 11, '10', '11'],
  ['m0010', 'CR', 8, 11, '10', '9'],
  ['m0011', 'CR', 9, 12, '1', '0'],
  ['m0012', 'CR', 9, 12, '1', '2'],
  ['m0013', 'CR', 10, 10, '2', '0'],
  ['m0014', 'CR', 10, 10, '2', '1'],
  ['m0015', 'CR', 10, 10, '2', '3'],
  ['m0016', 'CR', 14, 26, '0', '(-1)'],
  ['m0017', 'CR', 14, 26, '0', '1'],
  ['m0018', 'NEG', 15, 10, 'i < n', '!(i < n)'],
  ['m0019', 'RO', 15, 12, '<', '!='],
  ['m0020', 'RO', 15, 12, '<', '<='],
  ['m0021', 'RO', 15, 12, '<', '=='],
  ['m0022', 'RO', 15, 12, '<', '>'],
  ['m0023', 'RO', 15, 12, '<', '>='],
  ['m0024', 'DL', 16, 5, 'i++', ''],
];

describe('sympath mutate', () => {
  it('makes the hand-checked mutants of classify.c, each a copy with one edit', async () => {
    const out = join(tempDir('sympath-mutate-test-'), 'm');
    const set = await mutateFile(fixture, { outDir: out, functions: ['classify', 'spin'] });
    expect(set.mutants.map((m) => [m.id, m.operator, m.line, m.column, m.original, m.replacement])).toEqual(CLASSIFY_MUTANTS);
    expect(set.notCompiling).toBe(0);
    expect(set.mutants.every((m) => !m.equivalent && m.file === fixture)).toBe(true);
    const json = JSON.parse(readFileSync(join(out, 'mutants.json'), 'utf8'));
    expect(json.mutants).toEqual(set.mutants);
    const original = readFileSync(fixture, 'latin1').split('\n');
    for (const m of set.mutants) {
      const text = readFileSync(join(out, m.path), 'latin1').split('\n');
      expect(text.length).toBe(original.length);
      const changed = text.map((l, i) => (l !== original[i] ? i + 1 : 0)).filter((l) => l > 0);
      expect(changed).toEqual([m.line]);
      const line = original[m.line - 1]!;
      expect(text[m.line - 1]).toBe(line.slice(0, m.column - 1) + m.replacement + line.slice(m.column - 1 + m.original.length));
    }
  });

  it('applies --lines, --operators and --max/--seed', async () => {
    const base = tempDir('sympath-mutate-test-');
    const lines = await mutateFile(fixture, { outDir: join(base, 'a'), lines: { from: 15, to: 16 } });
    expect(lines.mutants.map((m) => m.line)).toEqual([15, 15, 15, 15, 15, 15, 16]);
    const ro = await mutateFile(fixture, { outDir: join(base, 'b'), operators: ['RO'] });
    expect(ro.mutants.every((m) => m.operator === 'RO')).toBe(true);
    const a = await mutateFile(fixture, { outDir: join(base, 'c'), max: 5, seed: 7 });
    const b = await mutateFile(fixture, { outDir: join(base, 'c'), max: 5, seed: 7 });
    expect(a.mutants).toHaveLength(5);
    expect(b.mutants).toEqual(a.mutants);
    expect(readdirSync(join(base, 'c')).filter((e) => e.startsWith('m0')).length).toBe(5);
  });

  it('yields at least one compiling mutant for every operator on the corpus', async () => {
    const corpus = readdirSync(join(root, 'test', 'fixtures')).filter((f) => f.endsWith('.c')).sort();
    const base = tempDir('sympath-mutate-test-');
    const found: Record<string, string> = {};
    for (const op of OPERATORS) {
      for (const f of corpus) {
        try {
          const set = await mutateFile(join(root, 'test', 'fixtures', f), { outDir: join(base, `${op}-${f}`), operators: [op], max: 1, jobs: 1 });
          if (set.mutants.length === 1 && set.mutants[0]!.operator === op) {
            found[op] = f;
            break;
          }
        } catch (e) {
          if (!(e instanceof MutationError)) throw e;
        }
      }
    }
    expect(Object.keys(found).sort()).toEqual([...OPERATORS].sort());
  }, 300_000);

  it('marks mutants whose IR equals the original as equivalent by construction', async () => {
    const dir = tempDir('sympath-mutate-test-');
    const file = join(dir, 'eq.c');
    writeFileSync(file, 'int main(void) {\n  int r = 0;\n  if (2 > 1)\n    r = 5;\n  return r;\n}\n');
    const set = await mutateFile(file, { outDir: join(dir, 'm'), operators: ['RO'] });
    // clang folds the constant condition: 2 != 1 and 2 >= 1 are the same program as 2 > 1.
    expect(set.mutants.map((m) => [m.replacement, m.equivalent])).toEqual([
      ['!=', true],
      ['<', false],
      ['<=', false],
      ['==', false],
      ['>=', true],
    ]);
    expect(set.equivalent).toBe(2);
  });

  it('mutates only the file itself: not its headers, not macro expansions', async () => {
    const dir = tempDir('sympath-mutate-test-');
    writeFileSync(join(dir, 'helper.h'), 'static inline int helper(int a) { return a * 3 + 1; }\n');
    writeFileSync(join(dir, 'main.c'), '#include "helper.h"\n#define TWICE(v) ((v) + (v))\nint main(int argc, char **argv) {\n  return TWICE(argc) - helper(argc);\n}\n');
    const set = await mutateFile(join(dir, 'main.c'), { outDir: join(dir, 'm') });
    expect(set.mutants.map((m) => [m.operator, m.line, m.original, m.replacement])).toEqual([
      ['AO', 4, '-', '%'],
      ['AO', 4, '-', '*'],
      ['AO', 4, '-', '+'],
      ['AO', 4, '-', '/'],
    ]);
  });

  it('deletes a statement but keeps its newlines, so lines do not move', async () => {
    const dir = tempDir('sympath-mutate-test-');
    const file = join(dir, 'dl.c');
    writeFileSync(file, 'int g;\nvoid f(int a) {\n  g = a +\n      1;\n  g++;\n}\n');
    const set = await mutateFile(file, { outDir: join(dir, 'm'), operators: ['DL'] });
    expect(set.mutants.map((m) => [m.line, m.original, m.replacement])).toEqual([
      [3, 'g = a +\n      1', '\n'],
      [5, 'g++', ''],
    ]);
    expect(readFileSync(join(dir, 'm', set.mutants[0]!.path), 'utf8')).toBe('int g;\nvoid f(int a) {\n  \n;\n  g++;\n}\n');
  });

  it('normalizes IR: debug metadata and module names do not count', () => {
    const a = '; ModuleID = \'a.c\'\nsource_filename = "a.c"\ndefine i32 @f() !dbg !7 {\n  ret i32 0, !dbg !9\n}\n!7 = !{}\n';
    const b = '; ModuleID = \'b.c\'\nsource_filename = "b.c"\ndefine i32 @f() !dbg !8 {\n  ret i32 0, !dbg !12\n}\n!8 = !{}\n';
    expect(normalizeIR(a)).toBe(normalizeIR(b));
    expect(normalizeIR(a)).not.toBe(normalizeIR(b.replace('ret i32 0', 'ret i32 1')));
  });

  it('rejects bad input with the file named, writing no mutants.json', async () => {
    const dir = tempDir('sympath-mutate-test-');
    const bad = join(dir, 'bad.c');
    writeFileSync(bad, 'int main(void) { return undeclared; }\n');
    await expect(mutateFile(bad, { outDir: join(dir, 'm1') })).rejects.toThrow(/bad\.c does not compile/);
    expect(existsSync(join(dir, 'm1', 'mutants.json'))).toBe(false);
    await expect(mutateFile(fixture, { outDir: join(dir, 'm2'), lines: { from: 1, to: 3 } })).rejects.toThrow(/classify\.c: no mutation site/);
    expect(existsSync(join(dir, 'm2', 'mutants.json'))).toBe(false);
    await expect(mutateFile(fixture, { outDir: join(dir, 'm3'), functions: ['nope'] })).rejects.toThrow(/defines no function nope/);
    mkdirSync(join(dir, 'busy'));
    writeFileSync(join(dir, 'busy', 'notes.txt'), 'mine\n');
    await expect(mutateFile(fixture, { outDir: join(dir, 'busy') })).rejects.toThrow(/not empty and holds no mutants\.json/);
    await expect(mutateFile(join(dir, 'missing.c'), { outDir: join(dir, 'm4') })).rejects.toThrow(/missing\.c: no such file/);
  });

  it('runs as a CLI command: summary, and exit 1 with one message for a bad file', async () => {
    const dir = tempDir('sympath-mutate-test-');
    const bin = join(root, 'bin', 'sympath.mjs');
    const ok = await execa(process.execPath, [bin, 'mutate', fixture, '--out', join(dir, 'm'), '--operators', 'ro,neg', '--function', 'classify'], { reject: false });
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toMatch(/^sympath mutate: 6 mutants of .*classify\.c/);
    writeFileSync(join(dir, 'bad.c'), 'int main(void) { return undeclared; }\n');
    const bad = await execa(process.execPath, [bin, 'mutate', join(dir, 'bad.c'), '--out', join(dir, 'n')], { reject: false });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/undeclared/);
    expect(bad.stderr).toMatch(/bad\.c does not compile/);
    expect(bad.stderr).not.toMatch(/at .*\.js:\d+/);
    const op = await execa(process.execPath, [bin, 'mutate', fixture, '--out', join(dir, 'o'), '--operators', 'XX'], { reject: false });
    expect(op.exitCode).not.toBe(0);
    expect(op.stderr).toMatch(/unknown operator XX/);
  });
});
