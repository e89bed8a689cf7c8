// `npm run bench:parallel-queue` (issue 24's "queue overhead per job"): exhaustive DFS of
// benchmarks/parallel/paths4k.c once locally with one engine (`run --workers 1 --canonical-tests`) and
// once through the BullMQ queue with one `sympath worker` process (`run --queue` on a redis-server of its
// own on a loopback port), alternating, whole processes from the bundle. The overhead per job is the queue
// run's extra CPU (its `run` process and the worker's, from GNU time and /proc) divided by its number of
// jobs: Redis round trips, the v8-serialised results, the coordinator's polls, each job's fresh engine
// and its prefix re-executed (also counted as instructions executed twice), the worker's start once.
// Wall time is reported too but is no measure of overhead: the coordinator writes tests in one process
// while the worker explores in another, so on two cores the queue run can even finish first. With
// `--job-budget B` the worker cuts jobs at B seconds: a smaller budget, more jobs for the same exploration.
// Options: --runs N (default 3), --rounds N (the program's -D ROUNDS, default 150: a ~0.5 s exploration),
//          --job-budget S (default 0.05), --out DIR (bench.md and bench.json there).

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, measure, median, sympathIn, writeReport } from '../lib/whole-process.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const runs = Number(opt('--runs') ?? 3);
const rounds = Number(opt('--rounds') ?? 150);
const jobBudget = opt('--job-budget') ?? '0.05';
const outDir = opt('--out');

const work = mkdtempSync(join(tmpdir(), 'sympath-queue-bench-'));
const program = join(work, 'paths4k.c');
writeFileSync(program, readFileSync(join(ROOT, 'benchmarks', 'parallel', 'paths4k.c')));
const BASE = ['run', '--search', 'dfs', '--libc', 'none', '--progress', 'none', '-D', `ROUNDS=${rounds}`];

async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

const port = await freePort();
const url = `redis://127.0.0.1:${port}`;
const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
for (let i = 0; ; i++) {
  if (spawnSync('redis-cli', ['-p', String(port), 'ping']).stdout?.toString().trim() === 'PONG') break;
  if (i > 100) throw new Error('redis-server did not start');
  await new Promise((r) => setTimeout(r, 50));
}

interface Row {
  mode: 'local' | 'queue';
  wall: number;
  /** CPU seconds: the run process (user + system, its children included; GNU time) plus, for the queue, the worker's. */
  cpu: number;
  instructions: number;
  jobs: number;
  prefixInstructions: number;
  tests: string[];
}

/** The tests' contents, sorted: the queue's coordinator numbers tests in the order jobs complete. */
function testsOf(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.ktest')).map((f) => readFileSync(join(dir, f)).toString('base64')).sort();
}

/** User + system CPU seconds of a live process and its waited-for children (Linux /proc; clock ticks of 1/100 s). */
function processCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // after the command: state is field 3, so utime..cstime (fields 14-17) are at 11-14 here
  return fields.slice(11, 15).map(Number).reduce((a, b) => a + b, 0) / 100;
}

async function once(mode: 'local' | 'queue', k: number): Promise<Row> {
  const out = join(work, `${mode}-${k}`);
  rmSync(out, { recursive: true, force: true });
  let worker: ReturnType<typeof spawn> | undefined;
  if (mode === 'queue') {
    const [node, ...workerArgs] = sympathIn(ROOT, ['worker', '--queue', url, '--job-budget', jobBudget]);
    worker = spawn(node!, workerArgs, { stdio: 'ignore' });
  }
  const args = mode === 'local' ? [...BASE, '--workers', '1', '--canonical-tests'] : [...BASE, '--queue', url];
  const { wall, cpu: runCpu } = measure(sympathIn(ROOT, [...args, '--output-dir', out, program]), { cwd: work });
  let cpu = runCpu;
  if (worker) {
    cpu += processCpu(worker.pid!);
    worker.kill('SIGTERM');
    await new Promise((r) => worker!.once('exit', r));
  }
  const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
  return {
    mode,
    wall,
    cpu,
    instructions: stats.instructions,
    jobs: stats.workers?.jobs ?? 1,
    prefixInstructions: stats.workers?.prefixInstructions ?? 0,
    tests: testsOf(out),
  };
}

const rows: Row[] = [];
try {
  await once('local', -1); // warm the bundle and the toolchain cache
  for (let k = 0; k < runs; k++) {
    const order: ('local' | 'queue')[] = k % 2 === 0 ? ['local', 'queue'] : ['queue', 'local'];
    for (const mode of order) rows.push(await once(mode, k));
  }
} finally {
  redis.kill('SIGTERM');
}

const local = rows.filter((r) => r.mode === 'local');
const queue = rows.filter((r) => r.mode === 'queue');
const wl = median(local.map((r) => r.wall));
const wq = median(queue.map((r) => r.wall));
const cl = median(local.map((r) => r.cpu));
const cq = median(queue.map((r) => r.cpu));
const jobs = median(queue.map((r) => r.jobs));
const reexec = median(queue.map((r) => r.prefixInstructions / r.instructions));
const sameTests = queue.every((r) => JSON.stringify(r.tests) === JSON.stringify(local[0]!.tests));
const perJobMs = ((cq - cl) / jobs) * 1000;
const lines = [
  '# bench:parallel-queue — queue overhead per job',
  '',
  `Program: benchmarks/parallel/paths4k.c with -D ROUNDS=${rounds} (4096 paths). Local: \`sympath run --search dfs --libc none --workers 1 --canonical-tests\`; queue: the same with \`--queue redis://127.0.0.1:PORT\` and one \`sympath worker --queue … --job-budget ${jobBudget}\` process (started with each run, its start-up included). ${runs} runs each, alternating; wall seconds of the \`run\` process.`,
  `Machine: 2 cores, shared; load average at the end ${loadavg().map((x) => x.toFixed(2)).join(', ')}.`,
  '',
  '| mode | CPU s (median) | wall s (median) | jobs (median) | instructions executed twice |',
  '|---|---|---|---|---|',
  `| local, one engine | ${cl.toFixed(2)} | ${wl.toFixed(2)} | 1 | 0% |`,
  `| queue, run + one worker process | ${cq.toFixed(2)} | ${wq.toFixed(2)} | ${jobs} | ${(reexec * 100).toFixed(2)}% |`,
  '',
  `- Overhead per job: (${cq.toFixed(2)} - ${cl.toFixed(2)}) CPU s / ${jobs} jobs = **${perJobMs.toFixed(1)} ms** of CPU (Redis round trips, serialised results, the coordinator's polls, a fresh engine per job and its prefix re-executed; the worker process's start once). Wall time is no measure of it: the coordinator writes tests while the worker explores, in two processes.`,
  `- The queue runs' tests, as a set of files' contents, byte for byte those of the local run: ${sameTests ? 'yes' : 'NO'}.`,
  '',
  '| run | mode | CPU s | wall s | jobs |',
  '|---|---|---|---|---|',
  ...rows.map((r, i) => `| ${Math.floor(i / 2) + 1} | ${r.mode} | ${r.cpu.toFixed(2)} | ${r.wall.toFixed(2)} | ${r.jobs} |`),
];
writeReport(`${lines.join('\n')}\n`, { rounds, jobBudget, runs: rows.map(({ tests: _t, ...r }) => r), perJobMs, sameTests }, outDir, 2);
rmSync(work, { recursive: true, force: true });
if (!sameTests) process.exitCode = 1;
