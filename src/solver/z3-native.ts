// The `native` back end: Debian's `z3 -in` process over a pipe, speaking SMT-LIB2 (bit-vectors and
// arrays; no `set-logic`: QF_ABV would reject the constant arrays of concrete tables). One
// long-lived process; each query is one write and one read:
//
//   <new base-level declarations> (push 1) (assert (let (..) (and ..))) (check-sat-using <tactic>)
//   [(define-fun m0 ..) (get-value (m0 ..))] (pop 1) (echo "<sentinel>")
//
// (the assertion is the conjunction under let bindings; only declarations persist between queries,
// see smtlib.ts) and the answer is every line up to the sentinel (errors included, so a malformed query can never
// desynchronise the stream). The per-query timeout is Z3's `:timeout` option; a watchdog kills a
// process that overruns it by far, and a process that dies or misbehaves is restarted (the query is
// retried once on the fresh process, then answered 'unknown').
//
// Cancelling (NativeOptions.signal, the run's Ctrl-C/SIGTERM): the query in progress is answered
// 'unknown' at once by killing its process, and so is every later query; a later query on a solver
// whose signal has not fired starts a fresh process. No z3 process outlives sympath: every live one is
// killed from the process's 'exit' event (a second Ctrl-C's process.exit, an uncaught exception).

import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { DEFAULT_Z3_PATH, findZ3 } from './z3-path.js';
import { Expr, Kind } from '../expr/expr.js';
import { SmtLibTranslator, decodeModel } from './smtlib.js';
import { queryTheoryArrays } from './array-use.js';
import { PAST_DEADLINE, queryTimeoutMs, type BackendStats, type CheckResult, type CoreSolver, type Deadline, type Query } from './core.js';

export { DEFAULT_Z3_PATH, findZ3 } from './z3-path.js';

export interface NativeOptions {
  /** Per-query timeout in milliseconds (0 = none). */
  timeoutMs: number;
  /** Path of the z3 binary. */
  z3Path?: string;
  /**
   * Restart the process once this many constant tables are defined at its base level (each slows
   * every later query down a little; see smtlib.ts).
   */
  maxTables?: number;
  /**
   * The tactic each query is checked with (`check-sat-using`), or null for plain incremental
   * `check-sat`. Default: NATIVE_TACTIC.
   */
  tactic?: string | null;
  /** When it fires, the query in progress and every later one answer 'unknown' (the process is killed). */
  signal?: AbortSignal;
}

/** The answer to a query cancelled by NativeOptions.signal. */
const CANCELLED: CheckResult = { status: 'unknown', reason: 'interrupted' };

/** Every z3 process started and not yet exited, killed when Node exits. */
const liveProcesses = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Kills every z3 process still running (synchronous: callable from an 'exit' handler). */
export function killSolverProcesses(): void {
  for (const p of liveProcesses) {
    try {
      p.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  liveProcesses.clear();
}

function track(p: ChildProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', killSolverProcesses);
  }
  liveProcesses.add(p);
  p.once('exit', () => liveProcesses.delete(p));
}

/** Z3's preprocessing before either solver of NATIVE_TACTIC. */
const PREPROCESS = 'simplify propagate-values solve-eqs simplify';

/**
 * Conflicts Z3's SMT core may spend on a query before the query goes to the bit-blasting pipeline
 * instead (NATIVE_TACTIC). A conflict count, not a time, so the stage that answers, and so the model,
 * does not depend on the machine's load.
 */
export const SMT_CORE_CONFLICTS = 1000;

/**
 * Conflicts the bit-blasting stage may spend before the SMT core gets the query back without a limit:
 * seq's digit accumulations need 4k-41k; `x * y == 6` over two 64-bit words, which the SMT core
 * answers at its first conflict, took `qfbv` 72k conflicts and 10 s without an answer.
 */
export const QFBV_CONFLICTS = 50_000;

/**
 * The tactic every query without array reads is checked with: a portfolio, tried in turn, each
 * stage failing over to the next.
 * 1. The SMT core after preprocessing, stopped after SMT_CORE_CONFLICTS conflicts. Z3 4.8 (Debian
 *    bookworm) in incremental mode (push/pop) solves arithmetic-heavy queries about 2x slower than
 *    this non-incremental pipeline, which costs the same on small queries (benchmarks/solver.bench.ts:
 *    0.26 ms per small query); nearly every query is answered here, so its models, which the
 *    caches feed on, are the ones this pipeline always gave.
 * 2. `qfbv`: bit-blasting to the SAT solver, stopped after QFBV_CONFLICTS conflicts. The SMT core's
 *    time on a query is heavy-tailed: seq's digit accumulations (`((d0*10 + d1)*10 ...) == 100000000`
 *    with the last digit non-zero) took it 2-15 s where `qfbv` answers in 0.1-0.3 s, while `qfbv`
 *    alone is slower on the mass of small queries (seq's 180 s query log replayed: 110 s against
 *    101). The portfolio: 53 s (benchmarks/results/solver-bound/README.md, Session 19).
 * 3. The SMT core without a limit: for what bit-blasting does badly (multiplications of two symbolic
 *    words) or a goal `qfbv` rejects.
 * The per-query timeout (`:timeout`) bounds the whole.
 */
export const NATIVE_TACTIC = portfolioTactic(SMT_CORE_CONFLICTS);

/** NATIVE_TACTIC with another conflict limit for its first stage (for the tests). */
export function portfolioTactic(smtCoreConflicts: number): string {
  const bitBlasted = `(then (using-params qfbv :max_conflicts ${QFBV_CONFLICTS}) fail-if-undecided)`;
  return `(or-else ${smtCoreTactic(smtCoreConflicts)} ${bitBlasted} (then ${PREPROCESS} smt))`;
}

/** NATIVE_TACTIC's first stage (alone, for the tests: it answers 'unknown' past its conflicts). */
export function smtCoreTactic(smtCoreConflicts: number): string {
  return `(then ${PREPROCESS} (using-params smt :max_conflicts ${smtCoreConflicts}))`;
}

/**
 * The check command for an assertion: the tactic pipeline hangs on some array-theory queries that
 * plain check-sat decides at once (Coreutils expr: a string read through a pointer loaded from a
 * table at a symbolic index: no answer in minutes against 40 ms), so those use plain check-sat.
 */
export function checkCommandFor(assertion: string, checkCommand: string): string {
  return assertion.includes('(select ') ? '(check-sat)' : checkCommand;
}

/** Thrown when the z3 binary is missing. */
export class Z3NotFoundError extends Error {
  constructor(path: string) {
    super(`z3 not found at ${path}: install z3 (apt-get install z3, or \`make setup\`), set SYMPATH_Z3 to its path, or use --solver wasm`);
    this.name = 'Z3NotFoundError';
  }
}

class Z3Process {
  readonly proc: ChildProcessWithoutNullStreams;
  private partial = '';
  private lines: string[] = [];
  waiting: { sentinel: string; resolve: (lines: string[]) => void; reject: (e: Error) => void } | null = null;
  private stderr = '';
  dead: Error | null = null;

  constructor(path: string) {
    this.proc = spawn(path, ['-in', '-smt2'], { stdio: ['pipe', 'pipe', 'pipe'] });
    track(this.proc);
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk: string) => this.onData(chunk));
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (chunk: string) => {
      if (this.stderr.length < 4096) this.stderr += chunk;
    });
    this.proc.on('error', (e) => this.fail(e));
    this.proc.on('exit', (code, signal) => this.fail(new Error(`z3 exited (${signal ?? code})${this.stderr ? `: ${this.stderr.trim()}` : ''}`)));
    this.proc.stdin.on('error', (e) => this.fail(e));
    this.idle();
  }

  /** While idle, the process does not keep Node alive. */
  private idle(): void {
    this.proc.unref();
    (this.proc.stdout as unknown as { unref?: () => void }).unref?.();
    (this.proc.stderr as unknown as { unref?: () => void }).unref?.();
  }
  private busy(): void {
    this.proc.ref();
    (this.proc.stdout as unknown as { ref?: () => void }).ref?.();
  }

  private fail(e: Error): void {
    if (this.dead) return;
    this.dead = e;
    const w = this.waiting;
    this.waiting = null;
    w?.reject(e);
  }

  private onData(chunk: string): void {
    this.partial += chunk;
    let nl: number;
    while ((nl = this.partial.indexOf('\n')) >= 0) {
      const line = this.partial.slice(0, nl).replace(/\r$/, '');
      this.partial = this.partial.slice(nl + 1);
      if (this.waiting && line === this.waiting.sentinel) {
        const w = this.waiting;
        const lines = this.lines;
        this.waiting = null;
        this.lines = [];
        this.idle();
        w.resolve(lines);
      } else {
        this.lines.push(line);
      }
    }
  }

  /** Sends `text` followed by an echo of `sentinel`; resolves with the lines before the sentinel. */
  request(text: string, sentinel: string, watchdogMs: number): Promise<string[]> {
    if (this.dead) return Promise.reject(this.dead);
    return new Promise<string[]>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const done = <T>(f: (v: T) => void) => (v: T): void => {
        if (timer) clearTimeout(timer);
        f(v);
      };
      this.waiting = { sentinel, resolve: done(resolve), reject: done(reject) };
      this.lines = [];
      this.busy();
      if (watchdogMs > 0) {
        timer = setTimeout(() => {
          this.kill();
          this.fail(new Error(`z3 did not answer within ${watchdogMs} ms`));
        }, watchdogMs);
      }
      this.proc.stdin.write(`${text}(echo "${sentinel}")\n`);
    });
  }

  kill(): void {
    try {
      this.proc.kill('SIGKILL');
    } catch {
      // already gone
    }
  }

  async close(): Promise<void> {
    if (this.dead) return;
    const exited = new Promise<void>((r) => this.proc.once('exit', () => r()));
    this.proc.stdin.end('(exit)\n');
    const t = setTimeout(() => this.kill(), 1000);
    await exited;
    clearTimeout(t);
  }
}

export class Z3Native implements CoreSolver, Deadline {
  readonly stats: BackendStats = { calls: 0, seconds: 0 };
  private z3: Z3Process | null = null;
  private translator = new SmtLibTranslator();
  private queue: Promise<unknown> = Promise.resolve();
  private seq = 0;
  private readonly path: string;
  private readonly maxTables: number;
  private readonly checkCommand: string;
  /** See Deadline; Infinity = none. */
  private deadline = Infinity;
  /** The `:timeout` option the process has now (ms; 0 = none). */
  private processTimeout = 0;

  private readonly onAbort = (): void => this.cancel();

  private constructor(private readonly opts: NativeOptions) {
    this.path = opts.z3Path ?? findZ3() ?? (process.env.SYMPATH_Z3 || DEFAULT_Z3_PATH);
    this.maxTables = opts.maxTables ?? 200;
    const tactic = opts.tactic === undefined ? NATIVE_TACTIC : opts.tactic;
    this.checkCommand = tactic === null ? '(check-sat)' : `(check-sat-using ${tactic})`;
  }

  /** The current z3 process id (for CPU accounting in benchmarks). */
  get pid(): number | undefined {
    return this.z3?.proc.pid;
  }

  /**
   * A solver whose process starts with its first query (throws Z3NotFoundError when the binary is
   * missing): a run that asks nothing, such as a concrete program's, spawns no z3 (issue 20: the spawn
   * was ~0.1 s of a trivial run's start-up).
   */
  static async create(opts: NativeOptions): Promise<Z3Native> {
    const s = new Z3Native(opts);
    if (!existsSync(s.path)) throw new Z3NotFoundError(s.path);
    opts.signal?.addEventListener('abort', s.onAbort, { once: true });
    return s;
  }

  /** The signal fired: a query in progress is answered 'unknown' by killing its process. */
  private cancel(): void {
    if (this.z3?.waiting) this.z3.kill();
  }

  private async start(): Promise<void> {
    this.z3?.kill();
    this.z3 = new Z3Process(this.path);
    this.translator = new SmtLibTranslator();
    const timeout = this.opts.timeoutMs > 0 ? `(set-option :timeout ${Math.ceil(this.opts.timeoutMs)})` : '';
    this.processTimeout = this.opts.timeoutMs > 0 ? Math.ceil(this.opts.timeoutMs) : 0;
    this.log(`(reset)\n(set-option :print-success false)${timeout}\n`);
    const lines = await this.z3.request(`(set-option :print-success false)${timeout}`, '@@ready', 10_000);
    const err = lines.find((l) => l.startsWith('(error'));
    if (err) throw new Error(`z3 start-up: ${err}`);
  }

  setDeadline(deadline: number): void {
    this.deadline = deadline;
  }

  /** The `:timeout` this query runs under (capped by the deadline), set only when it changes. */
  private budgetOption(timeout: number): string {
    if (timeout === this.processTimeout) return '';
    this.processTimeout = timeout;
    // 4294967295 is Z3's "no timeout".
    return `(set-option :timeout ${timeout > 0 ? timeout : 4294967295})`;
  }

  check(q: Query): Promise<CheckResult> {
    const run = this.queue.then(() => this.checkOnce(q, true));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The last back-end failure that turned into 'unknown' (for diagnostics). */
  lastError: string | undefined;

  private async checkOnce(q: Query, retry: boolean): Promise<CheckResult> {
    const t0 = performance.now();
    try {
      return await this.send(q);
    } catch (e) {
      // Cancelled: the process was killed on purpose; the next query (if any) starts a fresh one.
      if (this.opts.signal?.aborted) return CANCELLED;
      // The process died, hung or rejected the text: start afresh (definitions are re-emitted).
      const reason = e instanceof Error ? e.message : String(e);
      this.lastError = reason;
      try {
        await this.start();
      } catch (e2) {
        return { status: 'unknown', reason: `z3 restart failed: ${e2 instanceof Error ? e2.message : e2}` };
      }
      if (retry && !/did not answer/.test(reason)) return await this.checkOnce(q, false);
      return { status: 'unknown', reason };
    } finally {
      if (retry) {
        this.stats.calls++;
        this.stats.seconds += (performance.now() - t0) / 1000;
      }
    }
  }

  private async send(q: Query): Promise<CheckResult> {
    if (this.opts.signal?.aborted) return CANCELLED;
    const timeout = queryTimeoutMs(this.opts.timeoutMs, this.deadline);
    if (timeout === null) return PAST_DEADLINE;
    if (!this.z3 || this.z3.dead || this.translator.baseDefinitions > this.maxTables) await this.start();
    const tr = this.translator;
    const conjuncts: Expr[] = [];
    for (const c of [...q.constraints, q.expr]) {
      if (c.kind === Kind.Const) {
        if (c.value === 0n) return { status: 'unsat' };
        continue;
      }
      conjuncts.push(c);
    }
    const theory = queryTheoryArrays(conjuncts);
    const asserts = tr.assertion(conjuncts, theory);
    const wantModel = q.reads !== undefined && q.reads.size > 0;
    const model = wantModel ? tr.modelCommands(q.reads!, theory) : null;
    const check = checkCommandFor(asserts, this.checkCommand);
    const text = `${tr.takePending()}(push 1)${asserts}${this.budgetOption(timeout)}${check}${model ? model.text : ''}(pop 1)`;
    const sentinel = `@@${++this.seq}`;
    // Z3 honours :timeout; the watchdog only catches a process that does not.
    const watchdog = timeout > 0 ? timeout + Math.min(timeout, 10_000) + 2000 : 0;
    this.log(`; query ${this.seq}\n${text}\n`);
    const sent = performance.now();
    const lines = await this.z3!.request(text, sentinel, watchdog);
    let i = 0;
    while (i < lines.length && lines[i]!.trim() === '') i++;
    const status = lines[i]?.trim();
    this.log(`; query ${this.seq}: ${status} in ${(performance.now() - sent).toFixed(1)} ms\n`);
    if (status !== 'sat' && status !== 'unsat' && status !== 'unknown') {
      throw new Error(`z3: unexpected answer: ${lines.slice(0, 3).join(' | ').slice(0, 500)}`);
    }
    if (status === 'unknown') {
      // A query cut by its timeout inside NATIVE_TACTIC's portfolio leaves Z3 4.8's process unable to
      // answer the next one with it (test/engine/max-time.test.ts: `x * y == 6`, 8 ms in a fresh
      // process, ran into its 10 s timeout right after a cut query): the next query starts a fresh one.
      this.z3!.kill();
      this.z3 = null;
      return { status, reason: 'z3 answered unknown (timeout or incomplete)' };
    }
    if (status !== 'sat') return { status };
    if (!model || model.layout.length === 0) return { status };
    const rest = lines.slice(i + 1).join('\n');
    if (rest.includes('(error')) throw new Error(`z3: get-value failed: ${rest.slice(0, 300)}`);
    return { status, model: decodeModel(rest, model.layout) };
  }

  /**
   * SYMPATH_QUERY_LOG=FILE: every command sent to Z3, with each query's answer and time as comments;
   * `z3 -in < FILE` replays the session (the solver benchmark of a run's own queries; a model asked
   * of an unsat query answers an error there, as it did in the run).
   */
  private readonly queryLog = process.env.SYMPATH_QUERY_LOG || undefined;
  private log(text: string): void {
    if (this.queryLog) appendFileSync(this.queryLog, text);
  }

  async close(): Promise<void> {
    this.opts.signal?.removeEventListener('abort', this.onAbort);
    await this.queue;
    await this.z3?.close();
    this.z3 = null;
  }
}
