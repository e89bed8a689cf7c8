// The Test-Comp benchmark: `sympath testcomp` over a directory of tasks (sv-benchmarks' task
// definitions), once per property, each run in its own process with a time budget, N at a time.
//
//   npx tsx benchmarks/testcomp/run.ts [TASKDIR] [--out DIR] [--time S] [-j N] [--properties LIST]
//
// Defaults: TASKDIR benchmarks/testcomp/tasks, --out benchmarks/results/testcomp, --time 60, -j 1,
// --properties coverage-error,coverage-branches. Resumable: each run's result is one small file
// OUT/runs/<task>.<property>.json, written when the run ends and skipped when present (delete it to run
// again). At the end OUT/results.json and OUT/results.md summarise every result file found.
//
// Per Cover-Error run: found (reach_error reached where the task says it is reachable), not found,
// false alarm (reached where the task says it is not), no error (correctly none), and the time to the
// first finding (wall, and CPU of the sympath process). Per Cover-Branches run: gcov branch coverage of
// the kept tests by native replay. CPU time of the whole run (the process tree: clang, gcc, gcov and
// qemu included) comes from /usr/bin/time.

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
type Property = 'coverage-error' | 'coverage-branches';

interface Args {
  taskDir: string;
  out: string;
  time: number;
  jobs: number;
  properties: Property[];
}

function parseArgs(argv: string[]): Args {
  const a: Args = { taskDir: join(root, 'benchmarks', 'testcomp', 'tasks'), out: join(root, 'benchmarks', 'results', 'testcomp'), time: 60, jobs: 1, properties: ['coverage-error', 'coverage-branches'] };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i]!;
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${x} needs a value`);
      return v;
    };
    if (x === '--out') a.out = resolve(next());
    else if (x === '--time') a.time = Number(next());
    else if (x === '-j') a.jobs = Number(next());
    else if (x === '--properties') a.properties = next().split(',') as Property[];
    else if (x.startsWith('-')) throw new Error(`unknown option ${x}`);
    else a.taskDir = resolve(x);
  }
  if (!(a.time > 0) || !(a.jobs >= 1)) throw new Error('--time and -j must be positive');
  for (const p of a.properties) if (p !== 'coverage-error' && p !== 'coverage-branches') throw new Error(`unknown property ${p}`);
  return a;
}

/** What one run's result file holds. */
interface RunRecord {
  task: string;
  property: Property;
  status: 'ok' | 'failed';
  message?: string;
  errorExpected: boolean | null;
  verdict?: 'found' | 'not found' | 'false alarm' | 'no error' | 'found (no expectation)' | 'none found (no expectation)';
  firstFindingWall: number | null;
  firstFindingCpu: number | null;
  reproduced: boolean | null;
  tests: number | null;
  suiteTests: number | null;
  branchesCovered: number | null;
  branchesTotal: number | null;
  haltReason: string | null;
  wallSeconds: number;
  /** user + system CPU seconds of the whole process tree (/usr/bin/time). */
  cpuSeconds: number | null;
  command: string;
}

function verdictOf(found: boolean, expected: boolean | null): RunRecord['verdict'] {
  if (expected === null) return found ? 'found (no expectation)' : 'none found (no expectation)';
  if (expected) return found ? 'found' : 'not found';
  return found ? 'false alarm' : 'no error';
}

function runOne(task: string, property: Property, a: Args): Promise<RunRecord> {
  const work = mkdtempSync(join(tmpdir(), 'sympath-testcomp-bench-'));
  const timeFile = join(work, 'time.txt');
  const outDir = join(work, 'out');
  const args = ['-f', '%U %S', '-o', timeFile, process.execPath, join(root, 'bin', 'sympath.mjs'), 'testcomp', task, '--property', property, '--max-time', String(a.time), '--output-dir', outDir, '--json'];
  const command = `sympath testcomp ${relative(root, task)} --property ${property} --max-time ${a.time}`;
  const t0 = performance.now();
  return new Promise((done) => {
    // The engine stops itself at --max-time; the rest (compile, replay) gets two more minutes.
    execFile('/usr/bin/time', args, { timeout: (a.time + 120) * 1000, maxBuffer: 64 << 20, killSignal: 'SIGKILL' }, (err, stdout, stderr) => {
      const wallSeconds = (performance.now() - t0) / 1000;
      let cpuSeconds: number | null = null;
      if (existsSync(timeFile)) {
        const m = /(\d+\.\d+) (\d+\.\d+)\s*$/.exec(readFileSync(timeFile, 'utf8'));
        if (m) cpuSeconds = Number(m[1]) + Number(m[2]);
      }
      const base = { task: basename(task), property, wallSeconds, cpuSeconds, command };
      rmSync(work, { recursive: true, force: true });
      if (err) {
        const msg = `${err.killed ? 'killed after the time limit' : `exit ${err.code ?? err.signal}`}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`;
        done({ ...base, status: 'failed', message: msg, errorExpected: null, firstFindingWall: null, firstFindingCpu: null, reproduced: null, tests: null, suiteTests: null, branchesCovered: null, branchesTotal: null, haltReason: null });
        return;
      }
      const r = JSON.parse(stdout) as {
        errorExpected: boolean | null;
        found: boolean;
        firstFinding: { wallSeconds: number; cpuSeconds: number } | null;
        replay: { reproduced: boolean; branchesCovered: number; branchesTotal: number } | null;
        tests: number;
        suiteTests: number;
        haltReason: string;
      };
      done({
        ...base,
        status: 'ok',
        errorExpected: r.errorExpected,
        verdict: verdictOf(r.found, r.errorExpected),
        firstFindingWall: r.firstFinding ? Number(r.firstFinding.wallSeconds.toFixed(3)) : null,
        firstFindingCpu: r.firstFinding ? Number(r.firstFinding.cpuSeconds.toFixed(3)) : null,
        reproduced: r.found ? (r.replay?.reproduced ?? null) : null,
        tests: r.tests,
        suiteTests: r.suiteTests,
        branchesCovered: r.replay?.branchesCovered ?? null,
        branchesTotal: r.replay?.branchesTotal ?? null,
        haltReason: r.haltReason,
      });
    });
  });
}

function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function summarise(records: RunRecord[], a: Args): void {
  const err = records.filter((r) => r.property === 'coverage-error');
  const br = records.filter((r) => r.property === 'coverage-branches');
  const count = (v: string): number => err.filter((r) => r.verdict === v).length;
  const firsts = err.filter((r) => r.firstFindingWall !== null);
  const summary = {
    found: count('found'),
    notFound: count('not found'),
    falseAlarms: count('false alarm'),
    noError: count('no error'),
    failed: records.filter((r) => r.status === 'failed').length,
    medianFirstFindingWall: median(firsts.map((r) => r.firstFindingWall!)),
    medianFirstFindingCpu: median(firsts.map((r) => r.firstFindingCpu!)),
  };
  const machine = { cpus: cpus().length, loadavg: loadavg().map((x) => Number(x.toFixed(2))), node: process.version };
  writeFileSync(join(a.out, 'results.json'), `${JSON.stringify({ timeBudgetSeconds: a.time, jobs: a.jobs, machine, summary, runs: records }, null, 2)}\n`);
  const f = (x: number | null, d = 2): string => (x === null ? '–' : x.toFixed(d));
  const md = [
    '# Test-Comp benchmark (sympath testcomp)',
    '',
    `Command: \`npx tsx benchmarks/testcomp/run.ts ${relative(root, a.taskDir)} --time ${a.time} -j ${a.jobs}\` ` +
      `(${machine.cpus} CPUs, load average ${machine.loadavg.join(' ')} at the end, Node ${machine.node}). ` +
      'CPU = user + system seconds of the whole process tree (/usr/bin/time); first finding = from the start of ' +
      "`sympath testcomp` to the reach-error test, wall and the sympath process's own CPU.",
    '',
    `Cover-Error: ${summary.found} found, ${summary.notFound} not found, ${summary.falseAlarms} false alarms, ` +
      `${summary.noError} correctly without error; ${summary.failed} runs failed. Median time to first finding ` +
      `${f(summary.medianFirstFindingWall)} s wall, ${f(summary.medianFirstFindingCpu)} s CPU.`,
    '',
    '## Cover-Error',
    '',
    '| task | expected | verdict | first finding wall s | first finding CPU s | reproduced natively | tests | halt | run CPU s |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...err.map(
      (r) =>
        `| ${r.task} | ${r.errorExpected === null ? '–' : r.errorExpected ? 'reachable' : 'unreachable'} | ${r.status === 'ok' ? r.verdict : `failed: ${r.message}`} | ${f(r.firstFindingWall)} | ${f(r.firstFindingCpu)} | ${r.reproduced === null ? '–' : r.reproduced ? 'yes' : 'NO'} | ${r.tests ?? '–'} | ${r.haltReason ?? '–'} | ${f(r.cpuSeconds)} |`,
    ),
    '',
    '## Cover-Branches (gcov branches of the kept tests, native replay)',
    '',
    '| task | branches covered | branches | coverage | tests written | tests kept | halt | run CPU s |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...br.map(
      (r) =>
        `| ${r.task} | ${r.branchesCovered ?? '–'} | ${r.branchesTotal ?? '–'} | ${r.branchesTotal ? `${((100 * r.branchesCovered!) / r.branchesTotal).toFixed(1)}%` : '–'} | ${r.tests ?? '–'} | ${r.suiteTests ?? '–'} | ${r.status === 'ok' ? r.haltReason : `failed: ${r.message}`} | ${f(r.cpuSeconds)} |`,
    ),
    '',
  ];
  writeFileSync(join(a.out, 'results.md'), md.join('\n'));
}

async function main(): Promise<void> {
  const a = parseArgs(process.argv.slice(2));
  const runsDir = join(a.out, 'runs');
  mkdirSync(runsDir, { recursive: true });
  const tasks = readdirSync(a.taskDir).filter((f) => /\.ya?ml$/.test(f)).sort();
  const jobs: { task: string; property: Property; file: string }[] = [];
  for (const t of tasks) {
    for (const p of a.properties) {
      const file = join(runsDir, `${t.replace(/\.ya?ml$/, '')}.${p}.json`);
      if (existsSync(file)) continue; // resumable: done before
      jobs.push({ task: join(a.taskDir, t), property: p, file });
    }
  }
  process.stderr.write(`testcomp benchmark: ${tasks.length} tasks, ${jobs.length} runs to do (${tasks.length * a.properties.length - jobs.length} done before)\n`);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const j = jobs[next++]!;
      const r = await runOne(j.task, j.property, a);
      writeFileSync(j.file, `${JSON.stringify(r, null, 2)}\n`);
      process.stderr.write(`  ${basename(j.task)} ${j.property}: ${r.status === 'ok' ? (r.property === 'coverage-error' ? r.verdict : `${r.branchesCovered}/${r.branchesTotal} branches`) : r.message} (${r.wallSeconds.toFixed(1)} s)\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(a.jobs, Math.max(jobs.length, 1)) }, worker));
  const records = readdirSync(runsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(runsDir, f), 'utf8')) as RunRecord);
  summarise(records, a);
  process.stderr.write(`written: ${relative(root, join(a.out, 'results.md'))}, ${relative(root, join(a.out, 'results.json'))}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`testcomp benchmark: ${(e as Error).message}\n`);
  process.exitCode = 1;
});
