// The POSIX model end to end, through the built CLI: programs written for the tests with an abort
// planted behind one argument word (--sym-arg), one stdin content (--sym-stdin) or one file content
// (--sym-files) are each found with the matching option, the .ktest holds KLEE's objects, and native
// replay rebuilds the environment and reproduces the abort. Each fixture states its program arguments
// (`args:`), the error (`expect-error: KIND LINE`) and the object that must hold the planted input
// (`expect-object: NAME = BYTES`, a prefix) in its opening comment.
//
// A small getopt-driven utility (fixtures/minitool.c) reaches >= 90% line coverage of its own source,
// measured by `sympath replay --json`.

import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readKTest } from '../../src/engine/ktest.js';
import { FIXTURES, fixtureFields, sympath, unescape } from './helpers.js';

const planted = ['argv_word.c', 'stdin_content.c', 'file_content.c'];

describe('planted aborts are found through the POSIX model', () => {
  test.each(planted)('%s', async (file) => {
    const src = join(FIXTURES, file);
    const fields = fixtureFields(src);
    const args = fields.get('args')![0]!.split(/\s+/);
    const [kind, line] = fields.get('expect-error')![0]!.split(/\s+/) as [string, string];
    const [objName, objText] = fields.get('expect-object')![0]!.split(' = ') as [string, string];
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-posix-'));
    const r = await sympath(['run', '--output-dir', 'out', '--max-time', '60', '--posix-runtime', src, ...args], cwd);
    expect(r.code, r.stderr).toBe(0);
    const out = join(cwd, 'out');
    const errs = readdirSync(out).filter((f) => f.endsWith('.err'));
    expect(errs.length, r.stderr).toBe(1);
    expect(errs[0]).toMatch(new RegExp(`\\.${kind}\\.err$`));
    expect(readFileSync(join(out, errs[0]!), 'utf8')).toMatch(new RegExp(`^Line: ${line}$`, 'm'));
    const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
    expect(stats.errors).toEqual([expect.objectContaining({ kind, line: Number(line) })]);
    expect(stats.paths.partial).toBe(0);

    // The test reaching it: KLEE's command line and objects, the planted input in place.
    const kt = readKTest(join(out, errs[0]!.replace(/\.[a-z-]+\.err$/, '.ktest')));
    expect(kt.args).toEqual([src, ...args]);
    expect(kt.symArgvs).toBe(0);
    const names = kt.objects.map((o) => o.name);
    expect(names[names.length - 1]).toBe('model_version');
    const obj = kt.objects.find((o) => o.name === objName);
    expect(obj, names.join(' ')).toBeDefined();
    const want = unescape(objText);
    expect([...obj!.bytes.slice(0, want.length)]).toEqual([...want]);
    // every other test exited normally
    expect(stats.paths.completed).toBe(stats.tests - 1);

    // Native replay rebuilds argv, the file and stdin, and reproduces the abort.
    const rep = await sympath(['replay', out, '--json', '--no-html'], cwd);
    expect(rep.code, rep.stderr).toBe(0);
    const json = JSON.parse(rep.stdout);
    expect(json.errors).toEqual([expect.objectContaining({ kind, reproduced: true })]);
    expect(json.divergent).toEqual([]);
  }, 120_000);

  test('the objects of every option come in KLEE order', async () => {
    const src = join(FIXTURES, 'argv_word.c');
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-posix-'));
    const args = ['--sym-args', '1', '2', '2', '-v', '--sym-files', '2', '3', '--sym-stdin', '2', '--max-fail', '1', '--sym-stdout'];
    const r = await sympath(['run', '--output-dir', 'out', '--max-tests', '3', '--search', 'dfs', '--posix-runtime', src, ...args], cwd);
    expect(r.code, r.stderr).toBe(0);
    const kt = readKTest(join(cwd, 'out', 'test000001.ktest'));
    const names = kt.objects.map((o) => o.name);
    const args2 = names.filter((n) => /^arg\d\d$/.test(n));
    expect(names).toEqual([
      'n_args',
      ...args2,
      'A_data', 'A_data_stat', 'B_data', 'B_data_stat',
      'stdin', 'stdin_stat',
      'read_fail', 'write_fail', 'close_fail', 'ftruncate_fail', 'getcwd_fail',
      'stdout', 'stdout_stat',
      'model_version',
    ]);
    expect(args2.length).toBeGreaterThanOrEqual(1);
    const size = (n: string): number => kt.objects.find((o) => o.name === n)!.bytes.length;
    expect(size('arg00')).toBe(3);
    expect(size('A_data')).toBe(3);
    expect(size('A_data_stat')).toBe(144);
    expect(size('stdin')).toBe(2);
    expect(size('stdout')).toBe(1024);
    expect(size('n_args')).toBe(4);
  }, 120_000);
});

describe('file calls KLEE answers', () => {
  test('fcntl(F_GETLK) gives F_UNLCK; utimes(path, NULL) sets the times to now (fixtures/lock_touch.c)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-posix-'));
    const r = await sympath(['run', '--output-dir', 'out', '--posix-runtime', join(FIXTURES, 'lock_touch.c'), '--sym-files', '1', '4'], cwd);
    expect(r.code, r.stderr).toBe(0);
    const stats = JSON.parse(readFileSync(join(cwd, 'out', 'stats.json'), 'utf8'));
    expect(stats.errors).toEqual([]);
    expect(stats.paths.completed).toBeGreaterThan(0);
  }, 120_000);

  test('a symbolic file is found by its absolute path and by ./A (fixtures/abs_path.c)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-posix-'));
    const r = await sympath(['run', '--output-dir', 'out', '--posix-runtime', join(FIXTURES, 'abs_path.c'), '--sym-files', '1', '2'], cwd);
    expect(r.code, r.stderr).toBe(0);
    const stats = JSON.parse(readFileSync(join(cwd, 'out', 'stats.json'), 'utf8'));
    expect(stats.errors.map((e: { kind: string }) => e.kind)).toEqual(['abort']);
  }, 120_000);

  test('free() of a symbolic argument is an invalid free (fixtures/free_arg.c)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-posix-'));
    const r = await sympath(['run', '--output-dir', 'out', '--posix-runtime', join(FIXTURES, 'free_arg.c'), '--sym-arg', '2'], cwd);
    expect(r.code, r.stderr).toBe(0);
    const stats = JSON.parse(readFileSync(join(cwd, 'out', 'stats.json'), 'utf8'));
    expect(stats.errors.map((e: { kind: string; line: number }) => `${e.kind}:${e.line}`)).toEqual(['invalid-free:6']);
  }, 120_000);
});

describe('KLEE parity of open(O_TRUNC) and --max-fail', () => {
  test('O_TRUNC leaves a symbolic file as it is; O_EXCL without O_CREAT is EACCES (fixtures/open_trunc.c)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-posix-'));
    const r = await sympath(['run', '--output-dir', 'out', '--posix-runtime', join(FIXTURES, 'open_trunc.c'), '--sym-files', '1', '3'], cwd);
    expect(r.code, r.stderr).toBe(0);
    const stats = JSON.parse(readFileSync(join(cwd, 'out', 'stats.json'), 'utf8'));
    expect(stats.errors).toEqual([]);
    // the contents stayed symbolic: both sides of the test on the first byte are feasible
    expect(r.stdout).toContain('contents kept: x');
    expect(r.stdout).toContain('contents kept: other');
    expect(r.stderr).toMatch(/O_TRUNC.*ignored as KLEE does/);
  }, 120_000);

  test('one readv() is one injectable call: it fails whole or not at all (fixtures/max_fail_calls.c)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-posix-'));
    const r = await sympath(['run', '--output-dir', 'out', '--posix-runtime', join(FIXTURES, 'max_fail_calls.c'), '--sym-stdin', '4', '--max-fail', '1'], cwd);
    expect(r.code, r.stderr).toBe(0);
    const stats = JSON.parse(readFileSync(join(cwd, 'out', 'stats.json'), 'utf8'));
    expect(stats.errors).toEqual([]);
    for (const line of ['read failed', 'readv failed', 'both succeeded']) expect(r.stdout).toContain(line);
  }, 120_000);
});

describe('host files', () => {
  test('are read only when --allow-read names them, and never written', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-posix-'));
    writeFileSync(join(cwd, 'data.txt'), 'host file contents\n');
    writeFileSync(
      join(cwd, 'cat1.c'),
      `#include <stdio.h>
#include <errno.h>
#include <string.h>
int main(int argc, char **argv) {
  FILE *f = fopen(argv[1], "r");
  if (!f) { printf("%s: %s\\n", argv[1], strerror(errno)); return 1; }
  char line[64];
  while (fgets(line, sizeof line, f)) fputs(line, stdout);
  FILE *w = fopen("new.txt", "w");
  printf("write: %s\\n", w ? "opened" : strerror(errno));
  return 0;
}
`,
    );
    const denied = await sympath(['run', '--output-dir', 'a', '--posix-runtime', 'cat1.c', 'data.txt'], cwd);
    expect(denied.stdout).toBe('data.txt: No such file or directory'); // (execa drops the last newline)
    const allowed = await sympath(['run', '--output-dir', 'b', '--posix-runtime', '--allow-read', 'data.txt', 'cat1.c', 'data.txt'], cwd);
    expect(allowed.stdout).toBe('host file contents\nwrite: Permission denied');
    expect(readdirSync(cwd).sort()).toEqual(['a', 'b', 'cat1.c', 'data.txt']);
  }, 60_000);

  // Issue 21 item 7: /dev/zero under --allow-read once read forever into memory (11 GB seen).
  test('a device is refused (EACCES) unless --allow-read-special, which reads a bounded amount', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-posix-'));
    writeFileSync(
      join(cwd, 'head16.c'),
      `#include <stdio.h>
#include <errno.h>
#include <string.h>
int main(int argc, char **argv) {
  FILE *f = fopen(argv[1], "r");
  if (!f) { printf("%s: %s\\n", argv[1], strerror(errno)); return 1; }
  unsigned char buf[16];
  size_t n = fread(buf, 1, sizeof buf, f);
  int zeros = 0;
  for (size_t i = 0; i < n; i++) zeros += buf[i] == 0;
  printf("read %zu bytes, %d zero\\n", n, zeros);
  return 0;
}
`,
    );
    const refused = await sympath(['run', '--output-dir', 'a', '--posix-runtime', '--allow-read', '/dev/zero', 'head16.c', '/dev/zero'], cwd);
    expect(refused.code, refused.stderr).toBe(0);
    expect(refused.stdout).toBe('/dev/zero: Permission denied');
    expect(readFileSync(join(cwd, 'a', 'messages.txt'), 'utf8')).toMatch(/\/dev\/zero is not a regular file/);
    const read = await sympath(['run', '--output-dir', 'b', '--posix-runtime', '--allow-read', '/dev/zero', '--allow-read-special', 'head16.c', '/dev/zero'], cwd);
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toBe('read 16 bytes, 16 zero');
  }, 120_000);
});

describe('a getopt utility is covered through the POSIX model', () => {
  test('minitool.c reaches >= 90% line coverage (native replay)', async () => {
    const src = join(FIXTURES, 'minitool.c');
    const args = fixtureFields(src).get('args')![0]!.split(/\s+/);
    const cwd = mkdtempSync(join(tmpdir(), 'sympath-posix-'));
    const r = await sympath(
      ['run', '--output-dir', 'out', '--max-time', '50', '--only-output-states-covering-new', '--posix-runtime', src, ...args],
      cwd,
    );
    expect(r.code, r.stderr).toBe(0);
    const rep = await sympath(['replay', join(cwd, 'out'), '--json', '--no-html'], cwd);
    expect(rep.code, rep.stderr).toBe(0);
    const cov = JSON.parse(rep.stdout).coverage;
    expect(cov.linesTotal).toBeGreaterThan(50);
    expect(cov.linesCovered / cov.linesTotal).toBeGreaterThanOrEqual(0.9);
  }, 170_000);
});
