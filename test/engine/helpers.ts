// Test helpers for the engine: compile C with clang-19 (-O0, optnone disabled, runtime/include on the
// path), parse with the IR front end, and run with runProgram under the real solver and a tiny DFS
// searcher (the searchers' own factory is tested in test/search).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseModule } from '../../src/ir/index.js';
import type { Module } from '../../src/ir/model.js';
import { runProgram, type RunEnvironment, type RunResult } from '../../src/engine/executor.js';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from '../../src/engine/options.js';
import type { TestCase } from '../../src/engine/test-case.js';
import type { Searcher, SearchState } from '../../src/search/searcher.js';
import { createSolver } from '../../src/solver/index.js';
import type { Solver } from '../../src/solver/solver.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Compiles C source text (or a file) to textual IR. */
export function compileC(source: { file?: string; text?: string }, extra: string[] = []): { ll: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sympath-engine-'));
  try {
    let file = source.file;
    if (!file) {
      file = join(dir, 'prog.c');
      writeFileSync(file, source.text!);
    }
    const out = join(dir, 'out.ll');
    execFileSync(
      'clang-19',
      ['-S', '-emit-llvm', '-g', '-O0', '-Xclang', '-disable-O0-optnone', '-I', join(ROOT, 'runtime', 'include'), ...extra, file, '-o', out],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return { ll: readFileSync(out, 'utf8'), file };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function moduleOf(source: { file?: string; text?: string }, extra: string[] = []): Module {
  const { ll, file } = compileC(source, extra);
  return parseModule(ll, basename(file).replace(/\.c$/, '.ll'));
}

/** Depth-first: the newest state. */
export class TestDfs implements Searcher {
  readonly name = 'test-dfs';
  private states: SearchState[] = [];
  select(): SearchState {
    return this.states[this.states.length - 1]!;
  }
  update(_c: SearchState | null, added: readonly SearchState[], removed: readonly SearchState[]): void {
    this.states.push(...added);
    if (removed.length) this.states = this.states.filter((s) => !removed.includes(s));
  }
  empty(): boolean {
    return this.states.length === 0;
  }
}

let shared: Solver | null = null;
/** One solver per test file (native Z3). */
export async function solver(): Promise<Solver> {
  shared ??= await createSolver({ backend: 'native', timeoutSeconds: 10 });
  return shared;
}
export async function closeSolver(): Promise<void> {
  if (shared) await shared.close();
  shared = null;
}

export interface Outcome {
  result: RunResult;
  tests: TestCase[];
  stdout: string;
  stderr: string;
  messages: string[];
}

export async function run(module: Module, opts: Partial<EngineOptions> = {}, env: Partial<RunEnvironment> = {}): Promise<Outcome> {
  const tests: TestCase[] = [];
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const messages: string[] = [];
  const result = await runProgram(
    module,
    { ...DEFAULT_ENGINE_OPTIONS, search: ['dfs'], ...opts },
    {
      solver: await solver(),
      sink: {
        add(t) {
          tests.push(t);
          return `test${String(tests.length).padStart(6, '0')}.ktest`;
        },
      },
      createSearcher: () => new TestDfs(),
      stdout: (b) => out.push(Buffer.from(b)),
      stderr: (b) => err.push(Buffer.from(b)),
      message: (m) => messages.push(m),
      ...env,
    },
  );
  return { result, tests, stdout: Buffer.concat(out).toString('latin1'), stderr: Buffer.concat(err).toString('latin1'), messages };
}

/** A fixture's `// OPTIONS:` line (test/fixtures/symbolic/README.md) as EngineOptions: a bare name sets a
 *  boolean option to true, `name=value` a number. */
export function fixtureOptions(text: string): Partial<EngineOptions> {
  const options: Record<string, unknown> = {};
  const m = /^\/\/ OPTIONS:(.*)$/m.exec(text);
  for (const o of m ? m[1]!.trim().split(/\s+/) : []) {
    const [k, v] = o.split('=');
    options[k!] = v === undefined ? true : Number(v);
  }
  return options as Partial<EngineOptions>;
}
