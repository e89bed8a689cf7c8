// The locale a program gets from setlocale(LC_ALL, "") with no locale in its environment is "C", as
// glibc gives it and as native replay runs programs (LC_ALL=C): one byte per character (MB_CUR_MAX 1).
// musl's own default is C.UTF-8 (MB_CUR_MAX 4), and a symbolic run of every Coreutils utility took
// multibyte paths (wc's, for one) that the native arbiter never takes (runtime/musl/patches). With a
// UTF-8 locale in the environment (`--environ`), musl's C.UTF-8 is still there.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../engine/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-locale-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PROGRAM = `#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  setlocale(LC_ALL, "");
  printf("MB_CUR_MAX=%d\\n", (int)MB_CUR_MAX);
  return 0;
}
`;

function sympath(extra: string[]): string {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), 'run', '--progress', 'none', ...extra, join(work, 'locale.c')], { cwd: work, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('the default locale', () => {
  writeFileSync(join(work, 'locale.c'), PROGRAM);

  it('is "C" with an empty environment, as natively with LC_ALL=C (what replay sets)', () => {
    execFileSync('gcc', ['-O0', '-o', join(work, 'native'), join(work, 'locale.c')]);
    const native = spawnSync(join(work, 'native'), [], { env: { LC_ALL: 'C' }, encoding: 'utf8' }).stdout;
    expect(native).toBe('MB_CUR_MAX=1\n');
    expect(sympath(['--output-dir', join(work, 'empty')])).toBe(native);
  }, 60_000);

  it('is C.UTF-8 when the environment asks for it', () => {
    writeFileSync(join(work, 'utf8.env'), 'LANG=C.UTF-8\n');
    expect(sympath(['--environ', join(work, 'utf8.env'), '--output-dir', join(work, 'utf8')])).toBe('MB_CUR_MAX=4\n');
  }, 60_000);
});
