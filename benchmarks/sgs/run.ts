// The SGS experiment (issue 7; the paper's §3.2): every subject × strategy for a time budget, each run
// = `sympath run --search S --max-time B --only-output-states-covering-new`, then the tests of states
// still alive at the end (the `.early` ones) are dropped and the rest replayed natively
// (`sympath replay --json`) for gcov line coverage of the subject's own code.
//
//   npx tsx benchmarks/sgs/run.ts [-j N] [--budget S] [--seed N] [--subjects FILE] [--only a,b]
//                                 [--strategies s1,s2] [--results DIR] [--work DIR] [--keep]
//                                 [--solver wasm|native] [--max-solver-time S] [--retry-failed]
//                                 [--report-only]
//
// Resumable: one small JSON file per (subject, strategy, budget, seed) in DIR/runs (default
// benchmarks/results/sgs/runs); a run whose file exists is skipped (failed ones too, unless
// --retry-failed). Parallel: -j N runs at once (default 2). At the end, report.ts writes DIR/table4.md
// and DIR/chart.svg. Defaults: budget 60 s per run (the paper: 1 h on Coreutils), seed 1, the subject
// list benchmarks/sgs/subjects.json (pluggable: name, files, program arguments, extra run options, and
// for IR-only subjects such as Coreutils the prebuilt gcov binary to replay on: coreutils.json),
// --max-solver-time 10 (a query that hangs must not outlive the budget), wasm solver.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STRATEGIES } from './paper.js';
import { writeReport, type RunRecord } from './report.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..', '..');
const SYMPATH = join(ROOT, 'bin', 'sympath.mjs');

/** One program of the experiment (subjects.json). Paths are relative to the list's folder. */
export interface Subject {
  name: string;
  /** Program files (.c, .ll, .bc) given to `sympath run`. */
  files: string[];
  /** The program's arguments (after the files), e.g. the POSIX model's --sym-args 0 3 10 --sym-files 2 8. */
  args?: string[];
  /** Extra `sympath run` options, e.g. ["--libc", "none"] or ["--libc", "musl", "--posix-runtime"]. */
  runOptions?: string[];
  /** A prebuilt native binary (gcc --coverage) to replay the tests on, for subjects given as IR with no
   *  C sources, e.g. a Coreutils utility's .bc (`sympath replay --binary`). */
  binary?: string;
  /** The files whose gcov line coverage is the score (`sympath replay --coverage-source`), e.g. the
   *  utility's own src/<util>.c; default: the program's C sources. */
  coverageSources?: string[];
}

interface Options {
  jobs: number;
  budget: number;
  seed: number;
  subjectsFile: string;
  only: string[] | null;
  strategies: string[];
  results: string;
  work: string;
  keep: boolean;
  solver: string;
  maxSolverTime: number;
  retryFailed: boolean;
  reportOnly: boolean;
}

function parseArgs(argv: string[]): Options {
  const opt = (name: string, short?: string): string | undefined => {
    for (const n of [name, short]) if (n && argv.includes(n)) return argv[argv.indexOf(n) + 1];
    return undefined;
  };
  const list = (v: string | undefined): string[] | null => (v ? v.split(',').map((x) => x.trim()).filter(Boolean) : null);
  const strategies = list(opt('--strategies')) ?? STRATEGIES.map((s) => s.id);
  for (const s of strategies) if (!STRATEGIES.some((x) => x.id === s)) throw new Error(`unknown strategy '${s}' (known: ${STRATEGIES.map((x) => x.id).join(', ')})`);
  return {
    jobs: Number(opt('--jobs', '-j') ?? 2),
    budget: Number(opt('--budget') ?? 60),
    seed: Number(opt('--seed') ?? 1),
    subjectsFile: resolve(opt('--subjects') ?? join(HERE, 'subjects.json')),
    only: list(opt('--only')),
    strategies,
    results: resolve(opt('--results') ?? join(ROOT, 'benchmarks', 'results', 'sgs')),
    work: opt('--work') ? resolve(opt('--work')!) : '',
    keep: argv.includes('--keep'),
    solver: opt('--solver') ?? 'wasm',
    maxSolverTime: Number(opt('--max-solver-time') ?? 10),
    retryFailed: argv.includes('--retry-failed'),
    reportOnly: argv.includes('--report-only'),
  };
}

function loadSubjects(file: string): Subject[] {
  const base = dirname(file);
  const data = JSON.parse(readFileSync(file, 'utf8')) as { subjects: Subject[] };
  return data.subjects.map((s) => ({
    ...s,
    files: s.files.map((f) => resolve(base, f)),
    ...(s.binary !== undefined ? { binary: resolve(base, s.binary) } : {}),
    ...(s.coverageSources !== undefined ? { coverageSources: s.coverageSources.map((f) => resolve(base, f)) } : {}),
  }));
}

function safe(x: string): string {
  return x.replace(/[^A-Za-z0-9_.-]/g, '_');
}

function resultFile(o: Options, subject: string, strategy: string): string {
  return join(o.results, 'runs', `${safe(subject)}__${safe(strategy)}__${o.budget}s__seed${o.seed}.json`);
}

interface Proc {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs `node bin/sympath.mjs ARGS` in its own process group; kills the group after `timeoutMs`. */
function sympath(args: string[], cwd: string, timeoutMs: number): Promise<Proc> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [SYMPATH, ...args], { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
      if (stderr.length > 1 << 20) stderr = stderr.slice(-(1 << 19));
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, timedOut });
    });
  });
}

let revision = '';
function sympathRevision(): string {
  if (revision) return revision;
  try {
    const head = readFileSync(join(ROOT, '.git', 'HEAD'), 'utf8').trim();
    const ref = head.startsWith('ref: ') ? readFileSync(join(ROOT, '.git', head.slice(5)), 'utf8').trim() : head;
    revision = `${ref.slice(0, 12)} (+ working tree)`;
  } catch {
    revision = 'unknown';
  }
  return revision;
}

/** Drops the tests of paths cut short (testN.ktest with a testN.early beside it); returns how many. */
function dropEarlyTests(out: string): number {
  let n = 0;
  for (const f of readdirSync(out)) {
    if (!f.endsWith('.early')) continue;
    const stem = f.slice(0, -'.early'.length);
    rmSync(join(out, `${stem}.ktest`), { force: true });
    rmSync(join(out, f), { force: true });
    n++;
  }
  return n;
}

async function runOne(o: Options, subject: Subject, strategyId: string): Promise<RunRecord> {
  const strategy = STRATEGIES.find((s) => s.id === strategyId)!;
  const dir = join(o.work, `${safe(subject.name)}__${safe(strategyId)}__${o.budget}s__seed${o.seed}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const out = join(dir, 'out');
  const command = [
    'run',
    ...(subject.runOptions ?? []),
    '--search',
    strategy.search,
    '--seed',
    String(o.seed),
    '--max-time',
    String(o.budget),
    '--max-solver-time',
    String(o.maxSolverTime),
    '--solver',
    o.solver,
    '--only-output-states-covering-new',
    '--output-dir',
    out,
    ...subject.files,
    ...(subject.args ?? []),
  ];
  const started = new Date();
  const t0 = performance.now();
  const record: RunRecord = {
    subject: subject.name,
    strategy: strategyId,
    budget: o.budget,
    seed: o.seed,
    ok: false,
    command: ['sympath', ...command],
    coverage: 0,
    seconds: 0,
    startedAt: started.toISOString(),
    host: { cpus: cpus().length, load1: Math.round(loadavg()[0]! * 100) / 100 },
    sympath: sympathRevision(),
  };
  try {
    const run = await sympath(command, dir, (o.budget * 2 + 180) * 1000);
    if (run.timedOut) throw new Error(`sympath run did not stop within ${o.budget * 2 + 180} s`);
    if (!existsSync(join(out, 'stats.json'))) throw new Error(`sympath run failed (exit ${run.code}): ${run.stderr.trim().split('\n').slice(-3).join(' / ')}`);
    const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
    record.engine = {
      wallSeconds: stats.wallSeconds,
      instructions: stats.instructions,
      paths: stats.paths,
      tests: stats.tests,
      statesPeak: stats.states.peak,
      solverSeconds: stats.solver.seconds,
      linesCovered: stats.coverage.linesCovered,
      linesTotal: stats.coverage.linesTotal,
    };
    const discarded = dropEarlyTests(out);
    const replayArgs = [
      ...(subject.binary !== undefined ? ['--binary', subject.binary] : []),
      ...(subject.coverageSources ?? []).flatMap((f) => ['--coverage-source', f]),
    ];
    const replay = await sympath(['replay', out, '--json', '--no-html', ...replayArgs], dir, 30 * 60 * 1000);
    if (replay.code !== 0) throw new Error(`sympath replay failed (exit ${replay.code}): ${replay.stderr.trim().split('\n').slice(-3).join(' / ')}`);
    const json = JSON.parse(replay.stdout);
    record.tests = { written: stats.tests, discardedEarly: discarded, replayed: json.tests.length };
    record.replay = json.coverage;
    record.coverage = json.coverage.linesTotal > 0 ? (100 * json.coverage.linesCovered) / json.coverage.linesTotal : 0;
    record.ok = true;
  } catch (e) {
    record.error = (e as Error).message;
  }
  record.seconds = Math.round((performance.now() - t0) / 10) / 100;
  if (!o.keep) rmSync(dir, { recursive: true, force: true });
  return record;
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  mkdirSync(join(o.results, 'runs'), { recursive: true });
  if (!o.reportOnly) {
    const ownWork = o.work === '';
    if (ownWork) o.work = mkdtempSync(join(tmpdir(), 'sympath-sgs-work-'));
    const subjects = loadSubjects(o.subjectsFile).filter((s) => !o.only || o.only.includes(s.name));
    const todo: { subject: Subject; strategy: string }[] = [];
    for (const subject of subjects) {
      for (const strategy of o.strategies) {
        const f = resultFile(o, subject.name, strategy);
        if (existsSync(f)) {
          const prev = JSON.parse(readFileSync(f, 'utf8')) as RunRecord;
          if (prev.ok || !o.retryFailed) continue;
        }
        todo.push({ subject, strategy });
      }
    }
    const total = subjects.length * o.strategies.length;
    console.log(`sgs: ${todo.length} of ${total} runs to do (${total - todo.length} done), ${o.budget} s each, -j ${o.jobs}; work in ${o.work}`);
    let next = 0;
    let finished = 0;
    const t0 = performance.now();
    const worker = async (): Promise<void> => {
      while (next < todo.length) {
        const { subject, strategy } = todo[next++]!;
        const r = await runOne(o, subject, strategy);
        writeFileSync(resultFile(o, subject.name, strategy), `${JSON.stringify(r, null, 2)}\n`);
        finished++;
        const what = r.ok ? `${r.coverage.toFixed(1)}% (${r.replay!.linesCovered}/${r.replay!.linesTotal} lines, ${r.tests!.replayed} tests)` : `FAILED: ${r.error}`;
        console.log(`[${finished}/${todo.length} ${((performance.now() - t0) / 1000).toFixed(0)} s] ${subject.name} × ${strategy}: ${what}`);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, o.jobs) }, worker));
    if (!o.keep && ownWork) rmSync(o.work, { recursive: true, force: true });
  }
  const s = writeReport(o.results, o.budget, o.seed);
  if (s) console.log(`sgs: wrote ${join(o.results, 'table4.md')} and ${join(o.results, 'chart.svg')}`);
}

await main();
