// Issue 21 item 12: a module without main is a user error (exit 1, one line, no output directory left),
// and malformed POSIX model options (`--sym-args MIN MAX N` with MIN > MAX, …) are usage errors as in
// KLEE, found before anything runs. Through the built CLI.
import { execa } from 'execa';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPosixArgs } from '../../src/cli/posix-args.js';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const bin = join(root, 'bin', 'sympath.mjs');

async function sympath(args: string[], cwd: string): Promise<{ code: number; stderr: string }> {
  const r = await execa(process.execPath, [bin, ...args], { cwd, reject: false, env: { ...process.env, SYMPATH_DEBUG: '' } });
  return { code: r.exitCode ?? -1, stderr: r.stderr };
}

function scratch(files: Record<string, string>): string {
  const cwd = mkdtempSync(join(tmpdir(), 'sympath-usage-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
  return cwd;
}

describe('a module without main', () => {
  it.each([[['--libc', 'musl']], [['--libc', 'none']]])('is a user error (%j): exit 1, one line, no output directory', async (libc) => {
    const cwd = scratch({ 'lib.c': 'int helper(int x) { return x + 1; }\n' });
    const r = await sympath(['run', ...libc, 'lib.c'], cwd);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe("sympath run: lib.c: no main function (the run starts at main, as KLEE's does; --entry-point names another)");
    expect(readdirSync(cwd).sort()).toEqual(['lib.c']);
  });
});

describe('--entry-point naming a function that is not there', () => {
  it('is a user error: exit 1, one line, no output directory', async () => {
    const cwd = scratch({ 'lib.c': 'int helper(int x) { return x + 1; }\n' });
    const r = await sympath(['run', '--entry-point', 'helpr', 'lib.c'], cwd);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('sympath run: lib.c: no function helpr defined (--entry-point helpr)');
    expect(readdirSync(cwd).sort()).toEqual(['lib.c']);
  });
});

describe('POSIX model options', () => {
  it.each([
    [['--sym-args', '3', '1', '4'], 'sympath run: --sym-args 3 1: <min-argvs> is larger than <max-argvs>'],
    [['--sym-args', '1', 'x', '4'], "sympath run: --sym-args expects 3 integer arguments <min-argvs> <max-argvs> <max-len> (got 'x')"],
    [['--sym-args', '1', '2'], 'sympath run: --sym-args expects 3 integer arguments <min-argvs> <max-argvs> <max-len> (missing)'],
    [['--sym-arg'], 'sympath run: --sym-arg expects an integer argument <max-len> (missing)'],
    [['-sym-files', '27', '8'], 'sympath run: --sym-files 27: at most 26 symbolic files (A to Z)'],
    [['--sym-stdin', '-1'], "sympath run: --sym-stdin expects an integer argument <sym-stdin-len> (got '-1')"],
    [['--max-fail', 'many'], "sympath run: --max-fail expects an integer argument <max-failures> (got 'many')"],
    [['--sym-args', '0', '2000', '1'], 'sympath run: too many arguments for the POSIX model (more than 1024)'],
  ])('%j is a usage error', (args, message) => {
    expect(() => checkPosixArgs(args)).toThrow(message);
  });

  it('accepts what the model accepts: both spellings, hex, concrete arguments among them', () => {
    expect(() => checkPosixArgs(['-n', '--sym-args', '0', '2', '4', '-sym-arg', '0x10', 'file', '--sym-files', '2', '8', '--sym-stdin', '8', '--sym-stdout', '--max-fail', '1'])).not.toThrow();
  });

  it('through the CLI: exit 1 before compiling, nothing written', async () => {
    const cwd = scratch({ 'p.c': 'int main(void) { return 0; }\n' });
    const r = await sympath(['run', '--posix-runtime', 'p.c', '--sym-args', '3', '1', '4'], cwd);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('sympath run: --sym-args 3 1: <min-argvs> is larger than <max-argvs>');
    expect(readdirSync(cwd)).toEqual(['p.c']);
  });
});
