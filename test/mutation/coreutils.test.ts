// mutate -> kill round trip on one real utility: GNU Coreutils echo, from the build `make coreutils-echo`
// leaves (the source tree in build/src/coreutils-9.1 and the IR build tree benchmarks/coreutils/build/
// obj-ir, which `make test` builds first; the suite is skipped without them). The mutants are those of
// echo's plain output loop (src/echo.c lines 264-275), rebuilt by benchmarks/coreutils/mutant-build.sh
// (cc-musl, linked as obj-ir links echo); the tests are four hand-made POSIX-model tests, as
// `sympath run --posix-runtime ... --sym-args 0 3 10` writes them. Every row was checked by hand.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killMutants } from '../../src/mutation/kill.js';
import { mutateFile } from '../../src/mutation/mutate.js';
import { makeOutDir, objectBytes, removeTempDirs, root, tempDir } from '../replay/helpers.js';
import { row } from './helpers.js';

afterAll(removeTempDirs);

const S = join(root, 'build', 'src', 'coreutils-9.1');
const O = join(root, 'benchmarks', 'coreutils', 'build', 'obj-ir');
const echo = join(S, 'src', 'echo.c');
const built = existsSync(echo) && existsSync(join(O, 'lib', 'libcoreutils.a')) && existsSync(join(O, 'src', 'libver.a'));

/** Arguments as --sym-args 0 3 10 leaves them: 11 bytes, NUL-terminated. */
function posix(args: string[]) {
  const arg = (s: string): Uint8Array => new TextEncoder().encode(`${s}\0`.padEnd(11, '\0'));
  return {
    args: ['echo.bc', '--sym-args', '0', '3', '10'],
    objects: [
      { name: 'n_args', bytes: objectBytes(`i32:${args.length}`) },
      ...args.map((a, i) => ({ name: `arg${String(i).padStart(2, '0')}`, bytes: arg(a) })),
      { name: 'model_version', bytes: objectBytes('i32:1') },
    ],
  };
}

// Tests: `echo hi` ("hi\n"), `echo a b` ("a b\n"), `echo -n x` ("x"), `echo` ("\n"). o = stdout differs,
// s = a signal (fputs of argv's NULL end: SIGSEGV, before stdout is flushed).
const EXPECTED: [string, string, number, string, string, string][] = [
  ['m0001', 'NEG', 264, 'argc > 0', '!(argc > 0)', 'ooos'],
  ['m0002', 'RO', 264, '>', '!=', '----'], // argc is never negative: the same program
  ['m0003', 'RO', 264, '>', '<', 'ooo-'],
  ['m0004', 'RO', 264, '>', '<=', 'ooos'],
  ['m0005', 'RO', 264, '>', '==', 'ooos'],
  ['m0006', 'RO', 264, '>', '>=', 'ssss'],
  ['m0007', 'CR', 264, '0', '(-1)', 'ssss'],
  ['m0008', 'CR', 264, '0', '1', 'ooo-'],
  ['m0009', 'DL', 267, 'argc--', '', 'sss-'],
  ['m0010', 'DL', 268, 'argv++', '', '-o--'], // prints the first argument argc times
  ['m0011', 'NEG', 269, 'argc > 0', '!(argc > 0)', 'ooo-'],
  ['m0012', 'RO', 269, '>', '!=', '----'],
  ['m0013', 'RO', 269, '>', '<', '-o--'],
  ['m0014', 'RO', 269, '>', '<=', 'ooo-'],
  ['m0015', 'RO', 269, '>', '==', 'ooo-'],
  ['m0016', 'RO', 269, '>', '>=', 'ooo-'],
  ['m0017', 'CR', 269, '0', '(-1)', 'ooo-'],
  ['m0018', 'CR', 269, '0', '1', '-o--'],
  ['m0019', 'NEG', 274, 'display_return', '!(display_return)', 'oooo'],
];

describe.skipIf(!built)('mutate -> kill on Coreutils echo', () => {
  it('mutates echo.c and kills its mutants with native rebuilds of the utility', async () => {
    const base = tempDir('sympath-coreutils-mutation-');
    const set = await mutateFile(echo, {
      outDir: join(base, 'm'),
      lines: { from: 264, to: 275 },
      includes: [O, S, join(O, 'lib'), join(S, 'lib'), join(O, 'src'), join(S, 'src')],
    });
    // fputs and putchar are gnulib's unlocked-io macros there: no DL for them, no site inside them.
    expect(set.mutants.map((m) => [m.id, m.operator, m.line, m.original, m.replacement])).toEqual(EXPECTED.map((e) => e.slice(0, 5)));
    const run = { programFiles: [join(root, 'benchmarks', 'coreutils', 'build', 'ir', 'echo.bc')], sources: [], posixRuntime: true };
    const out = makeOutDir(join(base, 'out'), [echo], [posix(['hi']), posix(['a', 'b']), posix(['-n', 'x']), posix([])], run);
    const report = await killMutants([out], {
      mutantsDir: join(base, 'm'),
      binaryBuild: join(root, 'benchmarks', 'coreutils', 'mutant-build.sh'),
      timeoutSeconds: 5,
    });
    const r = report.runs[0]!;
    expect(r.unstable).toEqual([]);
    expect(Object.fromEntries(r.mutants.map((m) => [m.id, row(m.killedBy, r.tests)]))).toEqual(Object.fromEntries(EXPECTED.map((e) => [e[0], e[5]])));
    expect(r.total).toEqual({ mutants: 19, equivalent: 0, buildFailed: 0, killed: 17, killRate: 17 / 19 });
  }, 300_000);
});
