// The version-input module (src/versions): two versions as C files, as .ll plus C, and as a mutant of a
// mutant set; the line diff and its mapping to IR instructions through debug locations, checked against
// test/fixtures/versions/old.c and new.c (new.c changes line 8, adds line 11, deletes old line 14).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleIndex } from '../../src/analysis/module-index.js';
import type { Instruction, Module } from '../../src/ir/model.js';
import { mutateFile } from '../../src/mutation/mutate.js';
import { compileToLL } from '../../src/toolchain/clang.js';
import { codeLines, diffSourceLines, loadVersionPair, statementLine, VersionError } from '../../src/versions/index.js';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const dir = join(root, 'test', 'fixtures', 'versions');
const oldC = join(dir, 'old.c');
const newC = join(dir, 'new.c');
const temps: string[] = [];
const temp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'sympath-versions-test-'));
  temps.push(d);
  return d;
};
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

function lines(m: Module, ids: Set<number>): number[] {
  const idx = moduleIndex(m);
  return [...new Set([...ids].map((id) => idx.insts[id]!.loc!.line))].sort((a, b) => a - b);
}

function instsOnLine(m: Module, line: number): Instruction[] {
  return moduleIndex(m).insts.filter((i): i is Instruction => i !== undefined && i.loc?.line === line);
}

describe('codeLines and statementLine', () => {
  it('code lines are those with something outside comments; a change to a comment stands for nothing', () => {
    const text = ['int f(int a,', '      int b) { /* x', '   still a comment */', '', '  // only this', '  return "/*" [0] + a; }', "char c = '\\'';"].join('\n');
    expect([...codeLines(text)].sort((a, b) => a - b)).toEqual([1, 2, 6, 7]);
    const has = (l: number): boolean => l === 1 || l === 6;
    expect(statementLine(2, has, codeLines(text))).toBe(1);
    expect(statementLine(3, has, codeLines(text))).toBeUndefined();
    expect(statementLine(5, has, codeLines(text))).toBeUndefined();
    expect(statementLine(6, has, codeLines(text))).toBe(6);
  });
});

describe('diffSourceLines', () => {
  it('maps unchanged lines and lists removed, added and pure removals', () => {
    const d = diffSourceLines('a\nb\nc\nd\n', 'a\nB\nc\nx\nd\n');
    expect(d.removed).toEqual([2]);
    expect(d.added).toEqual([2, 4]);
    expect([...d.lineMap]).toEqual([[1, 1], [3, 3], [4, 5]]);
    expect(d.pureRemovals).toEqual([]);
    const e = diffSourceLines('a\nb\nc\n', 'a\nc\n');
    expect(e.pureRemovals).toEqual([{ oldLines: [2], nextNew: 2, prevNew: 1 }]);
  });
});

describe('loadVersionPair', () => {
  it('gives the changed instructions of NEW and the deleted ones of OLD (two C files)', async () => {
    const p = await loadVersionPair(oldC, newC);
    expect(p.deletedOldLines).toEqual([8, 14]);
    expect(p.changedNewLines).toEqual([8, 11]);
    // Old line 14 (the printf) is gone: its place is new line 15, the next line with instructions.
    expect(p.deletions).toEqual([{ oldLines: [14], newLine: 15 }]);
    expect(lines(p.new.module, p.changedNew)).toEqual([8, 11, 15]);
    expect(lines(p.old.module, p.deletedOld)).toEqual([8, 14]);
    for (const l of [8, 11, 15]) {
      const on = instsOnLine(p.new.module, l);
      expect(on.length).toBeGreaterThan(0);
      expect(on.every((i) => p.changedNew.has(i.id))).toBe(true);
    }
    expect(instsOnLine(p.new.module, 8).map((i) => i.predicate).filter(Boolean)).toEqual(['sge']);
    expect(instsOnLine(p.old.module, 8).map((i) => i.predicate).filter(Boolean)).toEqual(['sgt']);
    expect(instsOnLine(p.old.module, 14).some((i) => i.op === 'call')).toBe(true);
    expect(p.lineMap.get(10)).toBe(10);
    expect(p.lineMap.get(11)).toBe(12);
    expect(p.lineMap.get(15)).toBe(15);
    expect(p.lineMap.has(14)).toBe(false);
  });

  it('a change on a later line of a statement marks the statement (a call located on its first line)', async () => {
    // As the fold.c mutant `0` -> `1` in the last argument of a call spread over two lines: nothing is
    // located on the changed line itself.
    const d = temp();
    const src = (k: number): string =>
      `int twice(int a, int b) { return a * 2 + b; }\nint main(int argc, char **argv) {\n  int r = twice(argc,\n                ${k});\n  return r;\n}\n`;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(d, 'a.c'), src(0));
    writeFileSync(join(d, 'b.c'), src(1));
    const p = await loadVersionPair(join(d, 'a.c'), join(d, 'b.c'));
    expect(p.changedNewLines).toEqual([4]);
    expect(instsOnLine(p.new.module, 4)).toEqual([]);
    const call = instsOnLine(p.new.module, 3).find((i) => i.op === 'call');
    expect(call).toBeDefined();
    expect(p.changedNew.has(call!.id)).toBe(true);
    expect(p.deletedOld.size).toBeGreaterThan(0);
  });

  it('takes an .ll version and finds its C file through the debug locations', async () => {
    const ll = await compileToLL([oldC], { out: join(temp(), 'old.ll') });
    const p = await loadVersionPair(ll, newC);
    expect(p.old.kind).toBe('ir');
    expect(p.old.source).toBe(oldC);
    expect(lines(p.new.module, p.changedNew)).toEqual([8, 11, 15]);
    expect(lines(p.old.module, p.deletedOld)).toEqual([8, 14]);
  });

  it("takes a whole-program module's C file from main, not from the file with the most instructions", async () => {
    // llvm-link's source_filename names no C file; bulky_lib.c has more located instructions than
    // old.c. Ranked by count alone, OLD's source was bulky_lib.c and nothing changed (as with the
    // LTO-linked Coreutils bitcode, where lib/quotearg.c was taken for src/echo.c).
    const ll = await compileToLL([oldC, join(dir, 'bulky_lib.c')], { out: join(temp(), 'whole.ll') });
    const p = await loadVersionPair(ll, newC);
    expect(p.old.source).toBe(oldC);
    expect(p.changedNewLines).toEqual([8, 11]);
    expect(lines(p.old.module, p.deletedOld)).toEqual([8, 14]);
  });

  it("fails when main's C file is gone instead of taking a library file of the module", async () => {
    // A whole-program module whose program file was removed (a deleted worktree's copy): bulky_lib.c
    // still exists; taking it as the source diffed old.c against a library and marked most lines changed.
    const gone = join(temp(), 'old.c');
    (await import('node:fs')).copyFileSync(oldC, gone);
    const ll = await compileToLL([gone, join(dir, 'bulky_lib.c')], { out: join(temp(), 'whole.ll') });
    rmSync(gone);
    await expect(loadVersionPair(ll, newC)).rejects.toThrow(/name no C file that exists/);
  });

  it('takes a mutant of a mutant set as NEW (DIR#ID and a bare id)', async () => {
    const out = join(temp(), 'mutants');
    const set = await mutateFile(oldC, { outDir: out, operators: ['RO'], lines: { from: 8, to: 8 } });
    const m = set.mutants.find((x) => x.replacement === '>=')!;
    expect(m.line).toBe(8);
    const p = await loadVersionPair(oldC, `${out}#${m.id}`);
    expect(p.new.kind).toBe('mutant');
    expect(p.new.mutant?.id).toBe(m.id);
    expect(p.changedNewLines).toEqual([8]);
    expect(p.deletedOldLines).toEqual([8]);
    expect(lines(p.new.module, p.changedNew)).toEqual([8]);
    const q = await loadVersionPair(oldC, m.id, { mutants: out });
    expect(q.changedNew).toEqual(p.changedNew);
  });

  it('names the file for bad versions', async () => {
    await expect(loadVersionPair(oldC, join(dir, 'missing.c'))).rejects.toThrow(/missing\.c: no such file/);
    await expect(loadVersionPair(oldC, `${join(temp(), 'none')}#m0001`)).rejects.toThrow(/mutants\.json: no such file/);
    const bad = join(temp(), 'bad.c');
    (await import('node:fs')).writeFileSync(bad, 'int main(void) { return x; }\n');
    await expect(loadVersionPair(oldC, bad)).rejects.toThrow(VersionError);
    await expect(loadVersionPair(oldC, bad)).rejects.toThrow(/bad\.c does not compile/);
  });
});
