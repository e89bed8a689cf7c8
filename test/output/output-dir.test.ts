// The output directory: naming, the sympath-last link, the test writer (TestSink) and its files.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readKTest } from '../../src/engine/ktest.js';
import { createOutputDir, formatErr, linkLast, OutputDir, OutputDirError } from '../../src/engine/output-dir.js';
import type { TestCase } from '../../src/engine/test-case.js';

const scratch = (): string => mkdtempSync(join(tmpdir(), 'sympath-outdir-'));

const exit = (coveredNew = true): TestCase => ({
  termination: 'exit',
  exitCode: 0,
  objects: [{ name: 'x', bytes: new Uint8Array([1, 0, 0, 0]) }],
  instructions: 10,
  coveredNew,
});

const divError = (coveredNew = false): TestCase => ({
  termination: 'error',
  error: {
    kind: 'div-by-zero',
    message: 'division by zero',
    file: '/src/prog.c',
    line: 12,
    stack: ['#0 in divide (/src/prog.c:12)', '#1 in main (/src/prog.c:20)'],
    info: ['divisor: 0'],
  },
  objects: [{ name: 'x', bytes: new Uint8Array([0, 0, 0, 0]) }],
  instructions: 7,
  coveredNew,
});

describe('output directory naming', () => {
  it('takes the first free sympath-out-N and links sympath-last to it', () => {
    const cwd = scratch();
    const first = createOutputDir({ cwd });
    expect(first).toBe(join(cwd, 'sympath-out-0'));
    linkLast(first);
    expect(readlinkSync(join(cwd, 'sympath-last'))).toBe('sympath-out-0');
    mkdirSync(join(cwd, 'sympath-out-1')); // taken by someone else
    const next = createOutputDir({ cwd });
    expect(next).toBe(join(cwd, 'sympath-out-2'));
    linkLast(next);
    expect(readlinkSync(join(cwd, 'sympath-last'))).toBe('sympath-out-2');
    expect(readdirSync(cwd).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('creates an explicit --output-dir (and its parents) but refuses an existing one', () => {
    const cwd = scratch();
    const dir = createOutputDir({ explicit: 'a/b/out', cwd });
    expect(dir).toBe(join(cwd, 'a/b/out'));
    expect(existsSync(dir)).toBe(true);
    expect(existsSync(join(cwd, 'sympath-last'))).toBe(false);
    expect(() => createOutputDir({ explicit: 'a/b/out', cwd })).toThrow(OutputDirError);
    expect(() => createOutputDir({ explicit: 'a/b/out', cwd })).toThrow(/a\/b\/out already exists/);
  });
});

describe('test writer', () => {
  it('numbers tests from test000001 and records the command line in each .ktest', () => {
    const dir = scratch();
    const out = new OutputDir(dir, { ktestArgs: ['prog.c', '-n', '3'], onlyCoveringNew: false, maxTests: 0 });
    expect(out.add(exit())).toBe('test000001.ktest');
    expect(out.add(divError())).toBe('test000002.ktest');
    expect(out.tests).toBe(2);
    const t = readKTest(join(dir, 'test000001.ktest'));
    expect(t.args).toEqual(['prog.c', '-n', '3']);
    expect(t.objects[0]!.name).toBe('x');
    expect(readdirSync(dir).sort()).toEqual(['test000001.ktest', 'test000002.div-by-zero.err', 'test000002.ktest']);
    expect(out.errors).toEqual([{ kind: 'div-by-zero', file: '/src/prog.c', line: 12, test: 'test000002.ktest' }]);
  });

  it("writes KLEE's .err layout", () => {
    expect(formatErr(divError().error!)).toBe(
      [
        'Error: division by zero',
        'File: /src/prog.c',
        'Line: 12',
        'Stack: ',
        '\t#0 in divide (/src/prog.c:12)',
        '\t#1 in main (/src/prog.c:20)',
        'Info: ',
        '\tdivisor: 0',
        '',
      ].join('\n'),
    );
  });

  it('--only-output-states-covering-new: exit paths need new coverage, errors are always written', () => {
    const dir = scratch();
    const out = new OutputDir(dir, { ktestArgs: ['p'], onlyCoveringNew: true, maxTests: 0 });
    expect(out.add(exit(false))).toBeNull();
    expect(out.add(exit(true))).toBe('test000001.ktest');
    expect(out.add(divError(false))).toBe('test000002.ktest');
    expect(out.add({ ...exit(false), termination: 'partial' })).toBeNull();
  });

  it('writes a test with a .pruned note for pruned paths (their prefix), an .early note for partial ones', () => {
    const dir = scratch();
    const out = new OutputDir(dir, { ktestArgs: ['p'], onlyCoveringNew: false, maxTests: 0 });
    expect(out.add({ ...exit(), termination: 'pruned' })).toBe('test000001.ktest');
    expect(readFileSync(join(dir, 'test000001.pruned'), 'utf8')).toMatch(/already explored/);
    expect(out.add({ ...exit(), termination: 'partial' })).toBe('test000002.ktest');
    expect(readFileSync(join(dir, 'test000002.early'), 'utf8')).toMatch(/budget/);
  });

  it('refuses tests beyond --max-tests', () => {
    const dir = scratch();
    const out = new OutputDir(dir, { ktestArgs: ['p'], onlyCoveringNew: false, maxTests: 2 });
    expect(out.add(exit())).not.toBeNull();
    expect(out.add(exit())).not.toBeNull();
    expect(out.add(exit())).toBeNull();
    expect(out.add(divError())).toBeNull();
    expect(out.tests).toBe(2);
    expect(readdirSync(dir).length).toBe(2);
  });

  it('appends messages and info as they come', () => {
    const dir = scratch();
    const out = new OutputDir(dir, { ktestArgs: ['p'], onlyCoveringNew: false, maxTests: 0 });
    out.message('first');
    out.message('second\n');
    expect(readFileSync(join(dir, 'messages.txt'), 'utf8')).toBe('first\nsecond\n');
    out.writeInfo('a\n');
    out.appendInfo('b\n');
    expect(readFileSync(join(dir, 'info'), 'utf8')).toBe('a\nb\n');
  });
});

