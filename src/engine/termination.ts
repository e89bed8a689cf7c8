// How a path ends: normal exit, an error, cut short (partial) or pruned. Each termination is recorded at
// once (the state stops) and queued; flush() then asks the solver for the path's inputs and hands the
// test to the sink, in termination order, so test numbering follows the run deterministically. Errors
// are reported once per location (kind + file + line + instruction) unless --emit-all-errors. A pruned
// path (a hook proved its suffixes already explored) gets a test for its prefix, as PSE's paper does.

import type { Expr } from '../expr/expr.js';
import type { Instruction } from '../ir/model.js';
import type { TerminationInfo } from './hooks.js';
import type { ErrorKind } from './options.js';
import type { PathError, TestCase, Termination } from './test-case.js';
import type { Executor } from './executor.js';
import { outputOf, type ExecutionState } from './state.js';
import { constraintsSmt2 } from '../solver/smt2-file.js';
import { formatPathFile, prefixOf } from './path-prefix.js';

interface Pending {
  state: ExecutionState;
  termination: Termination;
  exitCode?: number;
  error?: PathError;
  /** The faulting instruction of an error. */
  inst?: Instruction | null;
}

export interface PathCounts {
  completed: number;
  errors: number;
  partial: number;
  pruned: number;
}

export class Terminator {
  readonly paths: PathCounts = { completed: 0, errors: 0, partial: 0, pruned: 0 };
  testsWritten = 0;
  private readonly seen = new Set<string>();
  private queue: Pending[] = [];

  constructor(private readonly ex: Executor) {}

  /** The program exited (main returned or exit()). `code` is the process status (0..255). */
  exit(s: ExecutionState, code: number): void {
    this.end(s, { state: s, termination: 'exit', exitCode: code & 0xff });
  }

  /** klee_silent_exit: the path ends with no test. */
  silentExit(s: ExecutionState): void {
    if (!this.stop(s)) return;
    this.paths.completed++;
    this.ex.hookTerminate(s, null, { termination: 'exit' });
  }

  error(s: ExecutionState, kind: ErrorKind, message: string, inst: Instruction | null, info?: string[]): void {
    if (s.terminated || this.ignored(s)) return;
    const error = this.describe(s, kind, message, inst, info);
    const key = `${kind}:${error.file}:${error.line}:${inst ? inst.id : -1}`;
    if (this.seen.has(key) && !this.ex.opts.emitAllErrors) {
      if (!this.stop(s)) return;
      this.paths.errors++;
      this.ex.hookTerminate(s, null, { termination: 'error', error: { kind, message }, inst });
      return;
    }
    this.seen.add(key);
    this.end(s, { state: s, termination: 'error', error, inst });
  }

  /** Cut short by a budget or an 'unknown' solver answer; still gets a test (KLEE does). */
  partial(s: ExecutionState, reason: string, inst?: Instruction): void {
    if (s.terminated) return;
    if (reason) this.ex.message(`partial path${inst?.loc ? ` at ${inst.loc.file}:${inst.loc.line}` : ''}: ${reason}`);
    this.end(s, { state: s, termination: 'partial' });
  }

  /** Stopped by a pruning hook: a test for the prefix (the path's constraints so far). */
  pruned(s: ExecutionState): void {
    this.end(s, { state: s, termination: 'pruned' });
  }

  private end(s: ExecutionState, p: Pending): void {
    if (!this.stop(s)) return;
    this.queue.push(p);
  }

  private stop(s: ExecutionState): boolean {
    if (s.terminated || this.ignored(s)) return false;
    s.terminated = true;
    this.ex.stateTerminated(s);
    return true;
  }

  /**
   * A state being rebuilt after sleeping at the memory limit is not a path of the run: its end (only
   * when the re-execution went another way) fails the waking and counts nothing (hibernation.ts).
   */
  private ignored(s: ExecutionState): boolean {
    if (!this.ex.hibernation?.isRebuilding(s)) return false;
    s.terminated = true;
    return true;
  }

  get hasPending(): boolean {
    return this.queue.length > 0;
  }

  /** Solves for the inputs of every queued path and hands the tests to the sink. */
  async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      for (const p of batch) await this.emit(p);
    }
  }

  private async emit(p: Pending): Promise<void> {
    const s = p.state;
    const count = (): void => {
      if (p.termination === 'exit') this.paths.completed++;
      else if (p.termination === 'error') this.paths.errors++;
      else if (p.termination === 'pruned') this.paths.pruned++;
      else this.paths.partial++;
    };
    const end = (termination = p.termination): TerminationInfo => ({
      termination,
      error: p.error ? { kind: p.error.kind, message: p.error.message } : undefined,
      inst: p.inst,
    });
    const opts = this.ex.opts;
    // As KLEE: error tests are written even under --only-output-states-covering-new.
    const filtered = opts.onlyOutputStatesCoveringNew && !s.coveredNew && p.termination !== 'error';
    const wanted =
      !(opts.maxTests > 0 && this.testsWritten >= opts.maxTests) &&
      !filtered &&
      !this.ex.interrupted &&
      // The states cut by a halt share the write-out's bounded allowance; finished paths never wait on it.
      (p.termination !== 'partial' || this.ex.budget.writeOutAllows());
    if (!wanted) {
      count();
      this.ex.hookTerminate(s, null, end());
      return;
    }
    let values: Uint8Array[] | 'unsat' | 'unknown';
    try {
      this.ex.budget.beforeTestQuery();
      values = await this.ex.solver.getInitialValues(
        await this.withPreferences(s),
        s.symbolics.map((o) => o.array),
      );
    } catch (e) {
      this.ex.message(`no test for a path: the solver failed (${(e as Error).message})`);
      values = 'unknown';
    }
    if (values === 'unknown' || values === 'unsat') {
      this.ex.message(`no test for a path: the solver answered ${values} for its inputs`);
      if (p.termination === 'pruned') this.paths.pruned++;
      else this.paths.partial++;
      this.ex.hookTerminate(s, null, end(p.termination === 'pruned' ? 'pruned' : 'partial'));
      return;
    }
    count();
    const test: TestCase = {
      termination: p.termination,
      objects: s.symbolics.map((o, i) => ({ name: o.name, bytes: values[i]! })),
      instructions: s.instructions,
      coveredNew: s.coveredNew,
    };
    if (p.exitCode !== undefined) test.exitCode = p.exitCode;
    if (opts.writeTestOutput) test.output = { stdout: outputOf(s.output, 1), stderr: outputOf(s.output, 2) };
    if (opts.writeSmt2s) test.smt2 = constraintsSmt2(s.constraints, `the path constraints of this test (${p.termination}); sat, and the test's inputs are a model`);
    if (opts.writePaths) test.path = formatPathFile(prefixOf(s));
    if (opts.writeCov) test.cov = this.ex.coverage.formatCovLines(s.covLines);
    if (p.error) test.error = p.error;
    const name = this.ex.env.sink.add(test);
    if (name !== null) this.testsWritten++;
    this.ex.hookTerminate(s, test, name !== null ? { ...end(), testFile: name } : end());
    if (opts.maxTests > 0 && this.testsWritten >= opts.maxTests) this.ex.halt('max-tests');
  }

  /**
   * The path's constraints plus the klee_prefer_cex conditions that can hold with them, taken in order
   * (each one checked against the path and the ones already taken), as KLEE's getSymbolicSolution.
   */
  private async withPreferences(s: ExecutionState): Promise<readonly Expr[]> {
    if (s.cexPreferences.length === 0) return s.constraints;
    const taken = [...s.constraints];
    for (const p of s.cexPreferences) if ((await this.ex.solver.mayBeTrue(taken, p)) === true) taken.push(p);
    return taken;
  }

  /** The PathError of an error at `inst` in state `s`. */
  describe(s: ExecutionState, kind: ErrorKind, message: string, inst: Instruction | null, info?: string[]): PathError {
    const loc = inst?.loc;
    const fn = inst?.parent.fn;
    const stack: string[] = [];
    for (let k = s.stack.length - 1, depth = 0; k >= 0; k--, depth++) {
      const f = s.stack[k]!;
      const at = k === s.stack.length - 1 && inst ? inst : f.block.insts[f.pc - 1] ?? f.block.insts[0];
      const l = at?.loc;
      stack.push(`#${depth} in ${f.fn.fn.name} (${l ? `${l.file}:${l.line}` : (f.fn.fn.sourceFile ?? '??')})`);
    }
    const error: PathError = {
      kind,
      message,
      file: loc?.file ?? fn?.sourceFile ?? '',
      line: loc?.line ?? 0,
      stack,
    };
    if (info && info.length > 0) error.info = info.filter((l) => l !== '');
    return error;
  }
}
