// DGSE's per-path overhead (`npm run bench:dgse`, issue 15 "Benchmark"): the work DGSE does on each
// executed path besides executing it — dynamic dependences of the trace (src/engine/trace/dynamic-deps),
// its dependence graph with interactive dependence (src/strategies/dgse/trace-graph), and the tasks
// built from it (each negated decision's relevant path condition, as DgseDriver.expand builds them) —
// in µs of process CPU time per trace event (instance), and whether it is linear in the trace length.
//
// Part 1, the largest Coreutils trace: echo (musl, --posix-runtime) with --sym-args 0 2 4 --sym-stdin 2
// (bigger with --size); a DGSE run with a budget keeps its traces, the longest is measured: the static
// facts are computed once first (DGSE counts them as static analysis, cached across paths), then each
// phase is timed over R repetitions. Also the whole run's figure from its stats (the driver's own timers:
// dynamicDependenceSeconds / traceEvents, wall clock).
//
// Part 2, linearity: a loop with one symbolic branch per iteration, N = 1k, 10k, 100k iterations; the
// same phases on the trace of one path; µs per event should stay roughly constant as N grows. Task
// generation is measured as for a first path (every decision negated: the most tasks a path makes) and
// as for a later path (the forward pass marking what depends on the initiating decision, then the check
// of each later decision).
//
// Options: --quick (part 2 up to 10k, R = 3), --no-coreutils, --reps R, --budget S (part 1's DGSE run).
//
// Measured (2026-11-26, the 2-core VM under nice -n 10 with a load average of 3-7 from other jobs; output
// in benchmarks/results/dgse/bench.txt): echo --sym-args 0 2 4 --sym-stdin 2, DGSE cut by its 120 s
// budget after 770 paths (5.95M trace events, 76.8 CPU s); on its longest trace (8,220 events, 19
// decisions) dynamic dependence 1.63 + graph 2.09 + first-path tasks 1.13 = 4.86 µs CPU per event (the
// run's own wall-clock timers: 7.25 µs/event, execution 10.4). Loop, N = 1k / 10k / 100k (16k to 1.6M
// events): dynamic dependence + graph + later-path tasks 3.34 / 3.72 / 3.79 µs per event — linear. A
// first path's tasks are not: N = 250 / 500 / 1000 / 2000 gives 11.6 / 56 / 197 / 526 µs per event,
// each task's relevant path condition holding half the decisions before it (125 ... 1000 constraints),
// so the tasks' total size itself grows as N².

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDriver } from '../src/engine/concolic/index.js';
import type { Driver, DriverContext } from '../src/engine/concolic/driver-api.js';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from '../src/engine/options.js';
import { dynamicDependences } from '../src/engine/trace/dynamic-deps.js';
import type { Trace } from '../src/engine/trace/model.js';
import type { StaticDeps } from '../src/engine/trace/static-info.js';
import { parseModule } from '../src/ir/index.js';
import type { Module } from '../src/ir/model.js';
import { createSolver } from '../src/solver/index.js';
import { DGSE_DEPENDENCES, traceKinds } from '../src/strategies/dgse/dependences.js';
import { DgseDriver } from '../src/strategies/dgse/driver.js';
import { InteractiveKeys } from '../src/strategies/dgse/interactive.js';
import { TraceGraph } from '../src/strategies/shared/trace-graph.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const REPS = Number(opt('--reps') ?? (quick ? 3 : 5));
const BUDGET = Number(opt('--budget') ?? 120);
const KINDS = traceKinds(new Set(DGSE_DEPENDENCES));

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface PhaseTimes {
  events: number;
  decisions: number;
  /** µs of CPU per event, per phase (minimum over the repetitions). */
  dyn: number;
  graph: number;
  firstTasks: number;
  laterTasks: number;
  total: number;
  /** Constraints in all first-path tasks (relevant path conditions), to show what the tasks hold. */
  rpcConstraints: number;
}

/** Times the per-path phases of DGSE on `trace` (statics and interactive dependence warmed up first). */
function measure(module: Module, trace: Trace, statics: StaticDeps, reps: number, firstTasks = true): PhaseTimes {
  const interactive = new InteractiveKeys(module);
  // Warm-up: the static facts and the interactive relation of the functions on the trace (static analysis
  // in DGSE's accounting, computed once per run), and the JIT.
  new TraceGraph(trace, dynamicDependences(trace, statics), KINDS, interactive);
  const decisions = trace.constraints.filter((c) => c.negatable);
  const best = { dyn: Infinity, graph: Infinity, firstTasks: Infinity, laterTasks: Infinity };
  let rpcConstraints = 0;
  for (let r = 0; r < reps; r++) {
    let t = cpuMs();
    const dyn = dynamicDependences(trace, statics);
    best.dyn = Math.min(best.dyn, cpuMs() - t);
    t = cpuMs();
    const graph = new TraceGraph(trace, dyn, KINDS, interactive);
    best.graph = Math.min(best.graph, cpuMs() - t);
    // A first path: every decision negated, each task the decision's relevant path condition (expand()).
    t = cpuMs();
    let n = 0;
    for (const c of firstTasks ? decisions : []) {
      const inSlice = new Set(graph.negationClosure(c.index));
      inSlice.add(c.instance);
      for (const x of trace.constraints) if (x.index < c.index && (inSlice.has(x.instance) || x.kind === 'assume')) n++;
    }
    best.firstTasks = firstTasks ? Math.min(best.firstTasks, cpuMs() - t) : NaN;
    rpcConstraints = n;
    // A later path initiated at the middle decision: mark its dependents, check each later decision.
    t = cpuMs();
    const psi = decisions[Math.floor(decisions.length / 2)];
    if (psi) {
      const marks = graph.dependentsOf(psi.instance);
      for (const c of decisions) if (c.index > psi.index) graph.negationDependsOn(c.index, marks);
    }
    best.laterTasks = Math.min(best.laterTasks, cpuMs() - t);
  }
  const per = (ms: number): number => (1000 * ms) / Math.max(1, trace.length);
  return {
    events: trace.length,
    decisions: decisions.length,
    dyn: per(best.dyn),
    graph: per(best.graph),
    firstTasks: per(best.firstTasks),
    laterTasks: per(best.laterTasks),
    total: per(best.dyn + best.graph + (firstTasks ? best.firstTasks : best.laterTasks)),
    rpcConstraints,
  };
}

/** A driver that runs one path from all-zero input and keeps its trace. */
class OnePath implements Driver {
  readonly name = 'one-path';
  trace: Trace | null = null;
  statics: StaticDeps | null = null;
  async run(ctx: DriverContext): Promise<void> {
    this.statics = ctx.staticDeps();
    this.trace = (await ctx.execute(new Map())).trace;
  }
}

const quiet = { stdout: () => {}, stderr: () => {} };

function row(label: string, p: PhaseTimes): string {
  const f = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '–').padStart(7);
  return `${label.padEnd(34)} ${String(p.events).padStart(9)} ${String(p.decisions).padStart(7)} ${f(p.dyn)} ${f(p.graph)} ${f(p.firstTasks)} ${f(p.laterTasks)} ${f(p.total)}`;
}
const HEADER = `${'trace'.padEnd(34)} ${'events'.padStart(9)} ${'decis.'.padStart(7)} ${'dyn-dep'.padStart(7)} ${'graph'.padStart(7)} ${'tasks-1'.padStart(7)} ${'tasks-n'.padStart(7)} ${'total'.padStart(7)}   (µs CPU per event; total = dyn-dep + graph + tasks-1, or tasks-n where tasks-1 is not run)`;

async function coreutilsPart(work: string): Promise<void> {
  const bc = join(ROOT, 'benchmarks', 'coreutils', 'build', 'ir', 'echo.bc');
  if (!existsSync(bc)) {
    console.log('part 1: benchmarks/coreutils/build/ir/echo.bc not built (make coreutils): skipped');
    return;
  }
  const size = opt('--size') ?? '0 2 4';
  const args = ['--sym-args', ...size.split(' '), '--sym-stdin', '2'];
  // The linked program (musl + POSIX model) as the CLI builds it.
  const out = join(work, 'link');
  spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), 'run', '--search', 'dfs', '--max-instructions', '1', '--posix-runtime', '--output-dir', out, bc, ...args], { stdio: 'ignore' });
  const module = parseModule(readFileSync(join(out, 'program.ll'), 'utf8'), 'program.ll');
  const opts: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, programArgs: args, programName: 'echo', maxTime: BUDGET };
  const solver = await createSolver({ backend: 'native', timeoutSeconds: 30 });
  const driver = new DgseDriver({ record: true });
  const c0 = cpuMs();
  const r = await runDriver(module, opts, { solver, sink: { add: () => 'test' }, ...quiet }, driver);
  const runCpu = (cpuMs() - c0) / 1000;
  await solver.close();
  const s = driver.stats;
  console.log(`part 1: echo ${args.join(' ')} (musl, POSIX model): DGSE run ${r.haltReason ? `cut by --max-time ${BUDGET}` : 'complete'}, ${s.executions} paths, ${s.traceEvents} trace events, ${runCpu.toFixed(1)} CPU s (this process; Z3 apart)`);
  console.log(
    `  the run's own timers (wall clock): dynamic dependence + tasks ${s.dynamicDependenceSeconds.toFixed(2)} s = ${((1e6 * s.dynamicDependenceSeconds) / Math.max(1, s.traceEvents)).toFixed(2)} µs/event; static analysis ${s.staticAnalysisSeconds.toFixed(2)} s; execution ${s.executionSeconds.toFixed(2)} s = ${((1e6 * s.executionSeconds) / Math.max(1, s.traceEvents)).toFixed(2)} µs/event`,
  );
  const traces = driver.records.map((x) => x.trace).filter((t): t is Trace => t !== undefined);
  traces.sort((a, b) => b.length - a.length);
  const longest = traces[0];
  if (!longest) return;
  // The static facts, as the driver's context gives them (cached per instruction).
  const one = new OnePath();
  const solver2 = await createSolver({ backend: 'native', timeoutSeconds: 30 });
  await runDriver(module, { ...opts, maxTime: 0 }, { solver: solver2, sink: { add: () => 'test' }, ...quiet }, one);
  await solver2.close();
  console.log(HEADER);
  console.log(row(`echo: longest trace of ${traces.length}`, measure(module, longest, one.statics!, REPS)));
  const median = traces[Math.floor(traces.length / 2)]!;
  console.log(row('echo: median trace', measure(module, median, one.statics!, REPS)));
}

function loopProgram(n: number): string {
  return [
    '#include <klee/klee.h>',
    'int main(void) {',
    '  int x = klee_int("x"), s = 0;',
    `  for (int i = 0; i < ${n}; i++) {`,
    '    if (x > i) s += i; else s -= 1;',
    '  }',
    '  return s > 7;',
    '}',
    '',
  ].join('\n');
}

async function loopPart(work: string): Promise<void> {
  const sizes = quick ? [1000, 10000] : [1000, 10000, 100000];
  // A first path's tasks (every decision negated) are quadratic here: each decision's relevant path
  // condition is found by a closure over the trace and a scan of the path's constraints
  // (DgseDriver.expand), and on this loop each closure reaches back to the start. Shown apart, on
  // shorter loops.
  const firstSizes = quick ? [250, 500, 1000] : [250, 500, 1000, 2000];
  console.log(`\npart 2: linearity, a loop with one symbolic branch per iteration (--libc none)`);
  console.log(HEADER);
  const solver = await createSolver({ backend: 'native', timeoutSeconds: 30 });
  const traceOf = async (n: number): Promise<{ module: Module; one: OnePath }> => {
    const c = join(work, `loop${n}.c`);
    const ll = join(work, `loop${n}.ll`);
    writeFileSync(c, loopProgram(n));
    execFileSync('clang-19', ['-S', '-emit-llvm', '-g', '-O0', '-Xclang', '-disable-O0-optnone', '-w', '-I', join(ROOT, 'runtime', 'include'), c, '-o', ll]);
    const module = parseModule(readFileSync(ll, 'utf8'), ll);
    const one = new OnePath();
    await runDriver(module, { ...DEFAULT_ENGINE_OPTIONS }, { solver, sink: { add: () => 'test' }, ...quiet }, one);
    return { module, one };
  };
  for (const n of sizes) {
    const { module, one } = await traceOf(n);
    console.log(row(`loop N = ${n}`, measure(module, one.trace!, one.statics!, REPS, false)));
  }
  console.log('first-path task generation (every decision negated):');
  for (const n of firstSizes) {
    const { module, one } = await traceOf(n);
    const p = measure(module, one.trace!, one.statics!, Math.min(REPS, 3));
    console.log(`${row(`loop N = ${n}`, p)}   (${(p.rpcConstraints / Math.max(1, p.decisions)).toFixed(0)} constraints per task)`);
  }
  await solver.close();
}

const work = mkdtempSync(join(tmpdir(), 'sympath-bench-dgse-'));
const t0 = cpuMs();
const w0 = performance.now();
try {
  console.log(`bench:dgse — µs of process CPU per trace event (minimum of ${REPS} repetitions)\n`);
  if (!argv.includes('--no-coreutils')) await coreutilsPart(work);
  await loopPart(work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`\nbench total: ${((cpuMs() - t0) / 1000).toFixed(1)} CPU s, ${((performance.now() - w0) / 1000).toFixed(1)} s wall`);
