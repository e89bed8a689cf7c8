// Issue 22 item 6: a program given as .bc (or .ll) is replayed natively from the C files its debug
// information names (src/cli/debug-sources.ts), as a program given as .c is; when a named file is
// missing, the run says so and replay asks for --source.
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { debugInfoSources } from '../../src/cli/debug-sources.js';
import { parseModule } from '../../src/ir/index.js';
import { BIN, ROOT, scratchWith } from '../faults/helpers.js';

const PROGRAM = join(ROOT, 'test', 'cli', 'programs', 'entry-point.c');

describe('C sources from debug information', () => {
  it("reads the compile units' files: relative names against their directory, escapes undone, C units only, each once", () => {
    const ir = [
      '!llvm.dbg.cu = !{!1, !3, !5, !7}',
      '!1 = distinct !DICompileUnit(language: DW_LANG_C11, file: !2, producer: "clang", emissionKind: FullDebug)',
      '!2 = !DIFile(filename: "src/a\\5Cb.c", directory: "/work/p")',
      '!3 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !4, emissionKind: FullDebug)',
      '!4 = !DIFile(filename: "x.cpp", directory: "/work/p")',
      '!5 = distinct !DICompileUnit(language: DW_LANG_C99, file: !6, emissionKind: FullDebug)',
      '!6 = !DIFile(filename: "/abs/../lib/c.c", directory: "/elsewhere")',
      '!7 = distinct !DICompileUnit(language: DW_LANG_C11, file: !2, emissionKind: FullDebug)',
      '',
    ].join('\n');
    const m = parseModule(ir, 'units.ll');
    expect(m.compileUnitFiles).toEqual(['/work/p/src/a\\b.c', '/work/p/x.cpp', '/lib/c.c']);
    expect(debugInfoSources(m)).toEqual({ found: [], missing: ['/work/p/src/a\\b.c', '/lib/c.c'] });
  });

  it('a .bc compiled with -g replays natively, the error reproduced', async () => {
    const cwd = scratchWith();
    copyFileSync(PROGRAM, join(cwd, 'prog.c'));
    await execa('clang-19', ['-g', '-O0', '-Xclang', '-disable-O0-optnone', '-c', '-emit-llvm', '-I', join(ROOT, 'runtime', 'include'), 'prog.c', '-o', 'prog.bc'], { cwd });
    const run = await execa(process.execPath, [BIN, 'run', '--output-dir', 'out', '--entry-point', 'check', 'prog.bc'], { cwd, reject: false });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain(`from the C files its debug information names: ${join(cwd, 'prog.c')}`);
    expect(JSON.parse(readFileSync(join(cwd, 'out', 'run.json'), 'utf8')).sources).toEqual([join(cwd, 'prog.c')]);
    const replay = await execa(process.execPath, [BIN, 'replay', '--json', 'out'], { cwd, reject: false });
    expect(replay.exitCode, replay.stderr).toBe(0);
    const report = JSON.parse(replay.stdout);
    expect(report.errors).toEqual([expect.objectContaining({ kind: 'assert', reproduced: true })]);
    expect(report.coverage.linesCovered).toBeGreaterThan(0);

    // the C file gone before the run: said at once, and replay asks for --source
    rmSync(join(cwd, 'prog.c'));
    const again = await execa(process.execPath, [BIN, 'run', '--output-dir', 'out2', '--entry-point', 'check', 'prog.bc'], { cwd, reject: false });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain(`names C files that are not here (${join(cwd, 'prog.c')}): replay needs --source`);
    const r2 = await execa(process.execPath, [BIN, 'replay', 'out2'], { cwd, reject: false });
    expect(r2.exitCode).toBe(1);
    expect(r2.stderr).toContain('pass --source FILE.c');
  }, 180_000);
});
