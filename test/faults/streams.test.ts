// Issue 21 item 1, issue 22 item 3: sympath's stdout a closed pipe (`| head -1`) or a full device
// (`> /dev/full`). The program's output may be cut; the run goes on and its output directory is
// complete; no EPIPE/ENOSPC stack trace; exit status 0 (the run itself succeeded).
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeKTest } from '../../src/engine/ktest.js';
import { BIN, HAVE_Z3, scratchWith, startSympath, validateOutputDir } from './helpers.js';

const noTrace = (text: string): void => expect(text).not.toMatch(/\n\s+at |Error: (write )?E(PIPE|NOSPC)/);

/** Runs `sympath ARGS | READER` in bash; returns sympath's exit status (PIPESTATUS[0]) and its stderr. */
function piped(sympathArgs: string[], reader: string, cwd: string): { code: number; stderr: string } {
  const quoted = [process.execPath, BIN, ...sympathArgs].map((a) => `'${a}'`).join(' ');
  execFileSync('bash', ['-c', `${quoted} 2>stderr.txt | ${reader} >/dev/null; echo "\${PIPESTATUS[0]}" >status.txt`], {
    cwd,
    env: { ...process.env, SYMPATH_DEBUG: '' },
  });
  return { code: Number(readFileSync(join(cwd, 'status.txt'), 'utf8')), stderr: readFileSync(join(cwd, 'stderr.txt'), 'utf8') };
}

describe.skipIf(!HAVE_Z3)('stdout a closed pipe or a full device', () => {
  it('`sympath run p.c | head -1`: the run goes on and writes every test and stats.json', () => {
    const cwd = scratchWith('chatty.c');
    const r = piped(['run', '--output-dir', 'o', 'chatty.c'], 'head -1', cwd);
    expect(r.code).toBe(0);
    noTrace(r.stderr);
    // The pipe really broke (the program wrote 16 x 200 lines, head read one).
    expect(r.stderr).toContain("standard output cannot be written (EPIPE): the program's output is dropped from here on; the run goes on");
    const v = validateOutputDir(join(cwd, 'o'));
    expect(v.problems).toEqual([]);
    expect(v.tests).toBe(16);
    expect(v.stats?.paths.completed).toBe(16);
    expect(r.stderr).toContain('sympath: done: generated tests = 16');
  });

  it('`sympath run p.c > /dev/full`: the same, the failure named ENOSPC', async () => {
    const cwd = scratchWith('chatty.c');
    const full = openSync('/dev/full', 'w');
    const run = startSympath(['run', '--output-dir', 'o', 'chatty.c'], cwd, { stdout: full });
    closeSync(full);
    const r = await run.done;
    expect(r.code).toBe(0);
    noTrace(r.stderr);
    expect(r.stderr).toContain('standard output cannot be written (ENOSPC)');
    const v = validateOutputDir(join(cwd, 'o'));
    expect(v.problems).toEqual([]);
    expect(v.tests).toBe(16);
  });

  it('`--json > /dev/full` still writes the output directory', async () => {
    const cwd = scratchWith('chatty.c');
    const full = openSync('/dev/full', 'w');
    const r = await startSympath(['run', '--json', '--output-dir', 'o', 'chatty.c'], cwd, { stdout: full }).done;
    closeSync(full);
    expect(r.code).toBe(0);
    noTrace(r.stderr);
    expect(validateOutputDir(join(cwd, 'o'))).toMatchObject({ problems: [], tests: 16 });
  });
});

describe('commands that only print, into a closed pipe', () => {
  function manyTests(cwd: string): string[] {
    const names: string[] = [];
    for (let i = 0; i < 300; i++) {
      const name = `t${i}.ktest`;
      writeKTest(join(cwd, name), { args: ['prog'], objects: [{ name: 'buf', bytes: new Uint8Array(512).fill(i & 0xff) }] });
      names.push(name);
    }
    return names;
  }

  it.each([
    ['head -1'],
    ['true'], // exits before sympath writes anything: every write fails
  ])('`sympath ktest ... | %s` is quiet', (reader) => {
    const cwd = scratchWith();
    const r = piped(['ktest', ...manyTests(cwd)], reader, cwd);
    expect(r.code).toBe(0);
    expect(r.stderr.trim()).toBe('');
  });

  it.each([
    [['--help'], 'head -1'],
    [['help', 'run'], 'head -1'],
    [['run', '--help'], 'true'],
  ])('`sympath %j | %s` is quiet', (args, reader) => {
    const cwd = scratchWith();
    writeFileSync(join(cwd, 'x'), '');
    const r = piped(args, reader, cwd);
    expect(r.code).toBe(0);
    expect(r.stderr.trim()).toBe('');
  });
});

describe.skipIf(!HAVE_Z3)('stats and replay of an output directory, into a closed pipe', () => {
  // One run serves every case: 16 tests, so the table and the replay report are many lines.
  let cwd = '';
  beforeAll(() => {
    cwd = scratchWith('chatty.c');
    execFileSync(process.execPath, [BIN, 'run', '--output-dir', 'o', 'chatty.c'], { cwd, stdio: 'ignore' });
  });

  // `true` reads nothing, so the first write already fails: these commands write their whole report at
  // once, which `head -1` would take in one read before closing (the pipe would never break).
  it.each([
    [['stats', 'o', 'o', 'o'], 'true'],
    [['stats', '--json', 'o', 'o'], 'true'],
  ])('`sympath %j | %s` is quiet', (args, reader) => {
    const r = piped(args, reader, cwd);
    expect(r.code).toBe(0);
    expect(r.stderr.trim()).toBe('');
  });

  it.each([
    [['replay', 'o'], 'true'],
    [['replay', '--json', 'o'], 'true'],
  ])('`sympath %j | %s` is quiet (the report is cut, the replay is not)', (args, reader) => {
    const r = piped(args, reader, cwd);
    expect(r.code).toBe(0);
    noTrace(r.stderr);
    expect(r.stderr).not.toMatch(/EPIPE|internal error/);
  });
});

