// `sympath run` without the engine: argument splitting through commander, the user errors, and the
// whole output pipeline with fake engine, parser, solver and toolchain (RunDeps).
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/cli/user-error.js';
import { defineRunCommand, executeRun, splitProgramArgs, type RunDeps, type RunFlags, type RunIO } from '../../src/cli/run.js';
import type { EngineOptions } from '../../src/engine/options.js';
import { readKTest } from '../../src/engine/ktest.js';
import { statsProblems } from '../../src/engine/stats.js';
import type { Module } from '../../src/ir/model.js';
import type { Solver } from '../../src/solver/solver.js';
import { detachedLeaf } from '../../src/search/ptree.js';
import { Rng } from '../../src/search/rng.js';

/** Parses `sympath run ARGS` with the real option definitions; returns what the action would get. */
function parse(args: string[]): { positional: string[]; flags: RunFlags } {
  let got: { positional: string[]; flags: RunFlags } | undefined;
  const program = new Command('sympath').exitOverride().configureOutput({ writeErr: () => undefined });
  defineRunCommand(program, (positional, flags) => {
    got = { positional, flags };
  })
    .exitOverride()
    .configureOutput({ writeErr: () => undefined });
  program.parse(['node', 'sympath', 'run', ...args]);
  return got!;
}

describe('argument splitting', () => {
  it('gives everything after the program files to the program, options included', () => {
    const { positional, flags } = parse(['-I', 'inc', '--search', 'dfs', '--seed', '7', 'a.c', 'b.c', '--sym-arg', '3', '-n', '--search', 'x', 'c.c']);
    expect(flags.I).toEqual(['inc']);
    expect(flags.search).toEqual(['dfs']);
    expect(flags.seed).toBe(7);
    expect(positional).toEqual(['a.c', 'b.c', '--sym-arg', '3', '-n', '--search', 'x', 'c.c']);
    expect(splitProgramArgs(positional)).toEqual({ files: ['a.c', 'b.c'], programArgs: ['--sym-arg', '3', '-n', '--search', 'x', 'c.c'] });
  });

  it('has the documented defaults', () => {
    const { flags } = parse(['p.ll']);
    expect(flags).toMatchObject({ search: [], prune: [], seed: 1, maxTime: 0, maxMemory: 2000, solver: 'native', libc: 'musl', O: '0', batchInstructions: 0 });
  });

  it('accepts -O2 and repeated --search / --prune', () => {
    const { flags } = parse(['-O2', '--search', 'random-path', '--search', 'nurs:covnew', '--prune', 'a', '--prune', 'b', 'p.c']);
    expect(flags.O).toBe('2');
    expect(flags.search).toEqual(['random-path', 'nurs:covnew']);
    expect(flags.prune).toEqual(['a', 'b']);
  });

  it('takes --hibernate-above in MB, unset by default (hibernation.ts then takes 40% of --max-memory)', () => {
    expect(parse(['p.ll']).flags.hibernateAbove).toBeUndefined();
    expect(parse(['--hibernate-above', '900', 'p.ll']).flags.hibernateAbove).toBe(900);
    expect(() => parse(['--hibernate-above', '-1', 'p.ll'])).toThrow(/invalid/);
  });

  it('rejects malformed numbers', () => {
    expect(() => parse(['--max-tests', 'lots', 'p.c'])).toThrow(/invalid/);
  });
});

// ---------------------------------------------------------------------------------------------------

interface Captured {
  out: string;
  err: string;
  programOut: string;
  programErrBytes: string;
  opts?: EngineOptions;
  abort?: () => void;
}

function harness(cwd: string): { io: RunIO; cap: Captured } {
  const cap: Captured = { out: '', err: '', programOut: '', programErrBytes: '' };
  const dec = new TextDecoder();
  const io: RunIO = {
    cwd,
    commandLine: ['run', 'prog.c'],
    out: (t) => (cap.out += t),
    err: (t) => (cap.err += t),
    stdoutBytes: (b) => (cap.programOut += dec.decode(b)),
    stderrBytes: (b) => (cap.programErrBytes += dec.decode(b)),
    progress: false,
    onInterrupt: (abort) => {
      cap.abort = abort;
      return () => undefined;
    },
  };
  return { io, cap };
}

type Behaviour = (opts: EngineOptions, env: Parameters<RunDeps['runProgram']>[2]) => Promise<void> | void;

function fakeDeps(cap: Captured, behaviour: Behaviour = () => undefined): RunDeps {
  return {
    async compileToLL(files, opts) {
      for (const f of files) if (!existsSync(f)) throw new UserError(`sympath: ${f}: no such file`);
      if (files.some((f) => readFileSync(f, 'utf8').includes('syntax error'))) throw new UserError('prog.c:1:1: error: syntax error');
      writeFileSync(opts.out!, '; fake IR\n');
      return opts.out!;
    },
    async optimizeLL(input, out) {
      writeFileSync(out, readFileSync(input, 'utf8') + '; optimised\n');
    },
    loadModule(path) {
      if (readFileSync(path, 'utf8').includes('bad')) {
        const e = new Error(`${path}:1:1: expected instruction`);
        e.name = 'ParseError';
        throw e;
      }
      return { file: path, globals: [], functions: [{ name: 'main', isDeclaration: false }] } as unknown as Module;
    },
    async createSolver() {
      return { stats: { queries: 9, z3Queries: 2, cacheHits: 7, seconds: 0.25 }, close: async () => undefined } as unknown as Solver;
    },
    async runProgram(_module, opts, env) {
      cap.opts = opts;
      // The engine builds its searcher through the environment.
      const searcher = env.createSearcher({
        rng: new Rng(opts.seed),
        isCovered: () => false,
        executionCount: () => 0,
        callPathInstructionCount: () => 0,
        minDistanceToUncovered: () => Infinity,
      });
      const s = { id: 1, depth: 0, ptreeNode: detachedLeaf(), instsSinceCovNew: 0, pcInstructionId: 0, callPathKey: '-1', forkHistory: [] };
      s.ptreeNode.state = s;
      searcher.update(null, [s], []);
      searcher.select();
      env.stdout?.(new TextEncoder().encode('hello from the program\n'));
      env.message?.('a warning from the engine');
      env.sink.add({ termination: 'exit', exitCode: 0, objects: [{ name: 'x', bytes: new Uint8Array([1, 0, 0, 0]) }], instructions: 5, coveredNew: true });
      env.sink.add({
        termination: 'error',
        error: { kind: 'assert', message: 'ASSERTION FAIL: x != 0', file: '/p/prog.c', line: 4, stack: ['#0 in main (/p/prog.c:4)'] },
        objects: [{ name: 'x', bytes: new Uint8Array([0, 0, 0, 0]) }],
        instructions: 4,
        coveredNew: true,
      });
      await behaviour(opts, env);
      return {
        instructions: 9,
        paths: { completed: 1, errors: 1, partial: 0, pruned: 0 },
        statesPeak: 2,
        coverage: { instructionsCovered: 8, instructionsTotal: 10, linesCovered: 3, linesTotal: 4 },
        wallSeconds: 0.01,
        haltReason: env.signal?.aborted ? undefined : 'all paths explored',
      };
    },
  };
}

function setup(): { cwd: string; io: RunIO; cap: Captured; flags: (args?: string[]) => RunFlags } {
  const cwd = mkdtempSync(join(tmpdir(), 'sympath-run-test-'));
  writeFileSync(join(cwd, 'prog.c'), 'int main(void) { return 0; }\n');
  const { io, cap } = harness(cwd);
  return { cwd, io, cap, flags: (args = []) => parse([...args, 'prog.c']).flags };
}

describe('sympath run (fake engine)', () => {
  it('writes the output directory: tests, .err, program.ll, run.json, info, messages, stats.json', async () => {
    const { cwd, io, cap, flags } = setup();
    const outcome = await executeRun(['prog.c', '--sym-arg', '3', '-n'], flags(['--search', 'dfs']), io, fakeDeps(cap));
    const dir = join(cwd, 'sympath-out-0');
    expect(outcome.outputDir).toBe(dir);
    expect(readlinkSync(join(cwd, 'sympath-last'))).toBe('sympath-out-0');
    expect(readdirSync(dir).sort()).toEqual(
      ['info', 'messages.txt', 'program.ll', 'run.json', 'run.stats.csv', 'stats.json', 'test000001.ktest', 'test000002.assert.err', 'test000002.ktest'].sort(),
    );
    // program arguments reach the engine untouched; the .ktest records program + arguments
    expect(cap.opts!.programArgs).toEqual(['--sym-arg', '3', '-n']);
    expect(cap.opts!.programSourceFiles).toEqual([join(cwd, 'prog.c')]);
    expect(cap.opts!.search).toEqual(['dfs']);
    expect(readKTest(join(dir, 'test000001.ktest')).args).toEqual(['prog.c', '--sym-arg', '3', '-n']);
    const stats = JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8'));
    expect(statsProblems(stats)).toEqual([]);
    expect(stats).toMatchObject({
      program: 'prog.c',
      search: 'dfs',
      prune: [],
      instructions: 9,
      tests: 2,
      paths: { completed: 1, errors: 1, partial: 0, pruned: 0 },
      errors: [{ kind: 'assert', file: '/p/prog.c', line: 4, test: 'test000002.ktest' }],
      solver: { queries: 9, z3Queries: 2, cacheHits: 7, seconds: 0.25 },
      states: { peak: 2, live: 0 },
      running: false,
      haltReason: 'all paths explored',
    });
    const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
    expect(run).toMatchObject({ sources: [join(cwd, 'prog.c')], programArgs: ['--sym-arg', '3', '-n'], ir: 'program.ll', optLevel: 0 });
    const info = readFileSync(join(dir, 'info'), 'utf8');
    expect(info).toMatch(/^sympath run prog.c\n/);
    expect(info).toContain('Halted: all paths explored');
    expect(info).toContain('sympath: done: completed paths = 1');
    expect(info).toContain('sympath: done: generated tests = 2');
    expect(readFileSync(join(dir, 'messages.txt'), 'utf8')).toBe('a warning from the engine\n');
    // the program's output passes through; the summary goes to stderr; stdout has nothing else
    expect(cap.programOut).toBe('hello from the program\n');
    expect(cap.out).toBe('');
    expect(cap.err).toContain('sympath: done: total instructions = 9');
    expect(cap.err).toContain('sympath: done: partially completed paths = 0');
  });

  it('--json prints stats.json to stdout and moves the program output to stderr', async () => {
    const { io, cap, flags } = setup();
    await executeRun(['prog.c'], flags(['--json']), io, fakeDeps(cap));
    const printed = JSON.parse(cap.out);
    expect(statsProblems(printed)).toEqual([]);
    expect(printed.search).toBe('interleave(random-path,nurs:covnew)');
    expect(cap.programOut).toBe('');
    expect(cap.programErrBytes).toBe('hello from the program\n');
  });

  it('numbers default directories and keeps sympath-last on the newest', async () => {
    const { cwd, io, cap, flags } = setup();
    await executeRun(['prog.c'], flags(), io, fakeDeps(cap));
    await executeRun(['prog.c'], flags(), io, fakeDeps(cap));
    expect(readlinkSync(join(cwd, 'sympath-last'))).toBe('sympath-out-1');
  });

  it('--optimize runs the IR through opt and explores the result', async () => {
    const { cwd, io, cap, flags } = setup();
    await executeRun(['prog.c'], flags(['--optimize', '--output-dir', 'o']), io, fakeDeps(cap));
    expect(readFileSync(join(cwd, 'o', 'program.opt.ll'), 'utf8')).toContain('optimised');
    expect(JSON.parse(readFileSync(join(cwd, 'o', 'run.json'), 'utf8')).ir).toBe('program.opt.ll');
    expect(existsSync(join(cwd, 'sympath-last'))).toBe(false); // only default directories get the link
  });

  it('stops cleanly on interrupt: stats written, halt reason recorded', async () => {
    const { cwd, io, cap, flags } = setup();
    await executeRun(['prog.c'], flags(['--output-dir', 'o']), io, fakeDeps(cap, () => cap.abort!()));
    expect(readFileSync(join(cwd, 'o', 'info'), 'utf8')).toContain('Halted: interrupted');
    expect(JSON.parse(readFileSync(join(cwd, 'o', 'stats.json'), 'utf8')).tests).toBe(2);
    expect(cap.err).toContain('interrupted');
  });

  it('an engine failure keeps the tests, writes stats and reports one line (exit 2)', async () => {
    const { cwd, io, cap, flags } = setup();
    const boom = fakeDeps(cap, () => {
      throw new Error('boom');
    });
    await expect(executeRun(['prog.c'], flags(['--output-dir', 'o']), io, boom)).rejects.toMatchObject({ exitCode: 2 });
    expect(cap.err).toContain('sympath: internal error: boom');
    expect(readFileSync(join(cwd, 'o', 'info'), 'utf8')).toContain('Halted: internal error: boom');
    expect(existsSync(join(cwd, 'o', 'stats.json'))).toBe(true);
  });

  describe('user errors (exit 1, one line)', () => {
    const expectUserError = async (positional: string[], args: string[], pattern: RegExp): Promise<void> => {
      const { io, cap, flags } = setup();
      const p = executeRun(positional, flags(args), io, fakeDeps(cap));
      await expect(p).rejects.toBeInstanceOf(UserError);
      await expect(p).rejects.toMatchObject({ exitCode: 1 });
      await expect(p).rejects.toThrow(pattern);
    };

    it('no program file', () => expectUserError([], [], /no program given/));
    it('arguments without a program file', () => expectUserError(['--sym-arg', '3'], [], /--sym-arg: not a program file/));
    it('a missing file', () => expectUserError(['missing.c'], [], /missing.c: no such file/));
    it('an unknown searcher, listing the valid ones', () =>
      expectUserError(['prog.c'], ['--search', 'bogus'], /unknown searcher 'bogus'; valid searchers: dfs, bfs, random-state, random-path, nurs:covnew/));
    it('an unknown pruning hook', () => expectUserError(['prog.c'], ['--prune', 'nosuch'], /unknown pruning hook 'nosuch'; available: postcondition/));
    it('--posix-runtime without musl', () =>
      expectUserError(['prog.c'], ['--libc', 'none', '--posix-runtime'], /--posix-runtime needs --libc musl/));
    it('--allow-read without --posix-runtime', () =>
      expectUserError(['prog.c'], ['--allow-read', '/etc/hostname'], /--allow-read needs --posix-runtime/));

    it('an existing --output-dir', async () => {
      const { io, cap, flags } = setup();
      await executeRun(['prog.c'], flags(['--output-dir', 'o']), io, fakeDeps(cap));
      await expect(executeRun(['prog.c'], flags(['--output-dir', 'o']), io, fakeDeps(cap))).rejects.toThrow(/o already exists/);
    });

    it('a compile error leaves no output directory', async () => {
      const { cwd, io, cap, flags } = setup();
      writeFileSync(join(cwd, 'prog.c'), 'syntax error');
      await expect(executeRun(['prog.c'], flags(), io, fakeDeps(cap))).rejects.toThrow(/syntax error/);
      expect(readdirSync(cwd)).toEqual(['prog.c']);
    });

    it('bad IR is reported as the parser says, and the directory is removed', async () => {
      const { cwd, io, cap, flags } = setup();
      const deps = fakeDeps(cap);
      deps.compileToLL = async (_f, o) => {
        writeFileSync(o.out!, 'bad');
        return o.out!;
      };
      await expect(executeRun(['prog.c'], flags(), io, deps)).rejects.toThrow(/program.ll:1:1: expected instruction/);
      expect(readdirSync(cwd)).toEqual(['prog.c']);
    });
  });
});
