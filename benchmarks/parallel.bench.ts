// `sympath run --workers N` (`npm run bench:parallel`; issue 24 item 1): exhaustive DFS of
// benchmarks/parallel/paths4k.c (4096 paths) with one and with two workers, whole `sympath` processes
// from the bundle, alternately in one run so both see the same machine load. Both runs use
// --canonical-tests (implied by --workers 2), so their tests are compared byte for byte too.
//
// Figures: wall seconds and CPU seconds (user + system of sympath and every process it waited for: its
// z3 processes) from GNU time; the speedup is the ratio of median wall times; the prefix re-execution
// overhead is stats.json's workers.prefixInstructions over the instructions of the run (each of those
// instructions was executed twice: once by the worker that gave the prefix away, once by the one that
// took it). The load average before and after is recorded: the machine is shared.
//
// Options: --runs N (default 3), --rounds N (the program's concrete loop per branch, -D ROUNDS=N; default
//          1500, ~6 CPU s for one worker: a longer run shows how much of the gap is fixed per worker),
//          --out DIR (write bench.md and bench.json there, e.g.
//          benchmarks/results/parallel), --samples bench.json (no runs: the report again from a
//          previous bench.json's samples).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCurrentBundle, median, ROOT, writeReport } from './lib/whole-process.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const runs = Number(opt('--runs') ?? 3);
const rounds = opt('--rounds');
if (rounds !== undefined && !/^[1-9][0-9]*$/.test(rounds)) throw new Error(`bench:parallel: --rounds takes a positive integer, not '${rounds}'`);
const define = rounds === undefined ? [] : ['-D', `ROUNDS=${rounds}`];
const outDir = opt('--out');
const program = join(ROOT, 'benchmarks', 'parallel', 'paths4k.c');
// The output directories go to a RAM file system when there is one: the run writes 4,096 test files,
// and creating a file on this machine's disk cost 0.4 ms of system time (strace), varying with other
// jobs' disk traffic by 2-3x between identical runs; the exploration is what is measured.
const work = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'sympath-parallel-bench-'));

// The bundle current (a rebuild inside a measured run would be counted).
await ensureCurrentBundle();

interface Sample {
  workers: number;
  wall: number;
  cpu: number;
  instructions: number;
  paths: number;
  tests: number;
  prefixInstructions: number;
  jobs: number;
  /** Queries of the solver chain, and those that reached a z3 process. */
  queries: number;
  z3Queries: number;
  load: number;
  /** 2 workers: CPU seconds of the main thread and of each worker thread (stats.json, from /proc). */
  mainThreadCpu?: number;
  workerThreadsCpu?: number[];
}

let n = 0;
const testSets = new Map<number, string>();

function measure(workers: number): Sample {
  const out = join(work, `out-${n++}`);
  const timeFile = join(work, 'time.txt');
  const load = loadavg()[0]!;
  const cmd = [process.execPath, join(ROOT, 'bin', 'sympath.mjs'), 'run', '--search', 'dfs', '--libc', 'none', '--progress', 'none', '--canonical-tests', '--workers', String(workers), ...define, '--output-dir', out, program];
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', '-o', timeFile, ...cmd], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench:parallel: ${cmd.join(' ')} failed (${r.status}):\n${r.stderr}`);
  const [wall, user, sys] = readFileSync(timeFile, 'utf8').trim().split(/\s+/).map(Number);
  const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
  const tests = readdirSync(out)
    .filter((f) => f.endsWith('.ktest'))
    .map((f) => readFileSync(join(out, f)).toString('base64'))
    .sort()
    .join('\n');
  const before = testSets.get(workers === 1 ? 1 : 2);
  if (before !== undefined && before !== tests) throw new Error('bench:parallel: two runs with the same worker count wrote different tests');
  testSets.set(workers === 1 ? 1 : 2, tests);
  rmSync(out, { recursive: true, force: true });
  return {
    workers,
    wall: wall!,
    cpu: user! + sys!,
    instructions: stats.instructions,
    paths: stats.paths.completed,
    tests: stats.tests,
    prefixInstructions: stats.workers?.prefixInstructions ?? 0,
    jobs: stats.workers?.jobs ?? 1,
    queries: stats.solver?.queries ?? 0,
    z3Queries: stats.solver?.z3Queries ?? 0,
    load,
    ...(stats.workers?.mainThreadCpuSeconds !== undefined ? { mainThreadCpu: stats.workers.mainThreadCpuSeconds } : {}),
    ...(stats.workers?.perWorker?.[0]?.cpuSeconds !== undefined ? { workerThreadsCpu: stats.workers.perWorker.map((w: { cpuSeconds: number }) => w.cpuSeconds) } : {}),
  };
}

const previous = opt('--samples');
const old = previous ? JSON.parse(readFileSync(previous, 'utf8')) : null;
const samples: Sample[] = old ? old.samples : [];
const loadBefore: number[] = old ? old.loadAverageBefore : loadavg();
if (!old) {
  for (let k = 0; k < runs; k++) {
    for (const w of [1, 2]) {
      const s = measure(w);
      samples.push(s);
      process.stderr.write(`bench:parallel: run ${k + 1}/${runs}, ${w} worker(s): ${s.wall.toFixed(2)} s wall, ${s.cpu.toFixed(2)} s CPU, load ${s.load.toFixed(1)}\n`);
    }
  }
} else {
  testSets.set(1, old.sameTestsBytes ? 'same' : 'one');
  testSets.set(2, old.sameTestsBytes ? 'same' : 'two');
}
const loadAfter: number[] = old ? old.loadAverageAfter : loadavg();
rmSync(work, { recursive: true, force: true });

const of = (w: number): Sample[] => samples.filter((s) => s.workers === w);
const one = of(1);
const two = of(2);
const sameTests = testSets.get(1) === testSets.get(2);
const summary = {
  program: 'benchmarks/parallel/paths4k.c',
  command: `sympath run --search dfs --libc none --canonical-tests --workers {1,2}${define.length ? ` ${define.join(' ')}` : ''} paths4k.c`,
  rounds: Number(rounds ?? 1500),
  runs: samples.length / 2,
  cores: cpus().length,
  loadAverageBefore: loadBefore.map((x) => Math.round(x * 100) / 100),
  loadAverageAfter: loadAfter.map((x) => Math.round(x * 100) / 100),
  paths: one[0]!.paths,
  sameTestsBytes: sameTests,
  oneWorker: { wallMedian: median(one.map((s) => s.wall)), cpuMedian: median(one.map((s) => s.cpu)), instructions: one[0]!.instructions },
  twoWorkers: {
    wallMedian: median(two.map((s) => s.wall)),
    cpuMedian: median(two.map((s) => s.cpu)),
    instructions: median(two.map((s) => s.instructions)),
    jobs: median(two.map((s) => s.jobs)),
    prefixInstructions: median(two.map((s) => s.prefixInstructions)),
  },
  samples,
};
const speedup = summary.oneWorker.wallMedian / summary.twoWorkers.wallMedian;
const cpuRatio = summary.twoWorkers.cpuMedian / summary.oneWorker.cpuMedian;
const overhead = (100 * summary.twoWorkers.prefixInstructions) / summary.twoWorkers.instructions;
// Each round's two runs ran back to back: their ratio is less exposed to load drifting between rounds.
const pairs = one.map((s, k) => s.wall / two[k]!.wall);
// With two idle cores and perfect balance, wall(2) = CPU(2) / 2 against wall(1) = CPU(1): the speedup the CPU figures allow.
const cpuBound = 2 / cpuRatio;
const loaded = Math.min(...samples.map((s) => s.load)) > summary.cores;
/**
 * Where the 2-worker runs' CPU went (medians), against the 1-worker run, whose engine is the main thread
 * itself (`--workers 1` starts no worker thread).
 */
function threadLines(): string[] {
  const withThreads = two.filter((s) => s.mainThreadCpu !== undefined && s.workerThreadsCpu !== undefined);
  if (withThreads.length === 0) return [];
  const workersSum = median(withThreads.map((s) => s.workerThreadsCpu!.reduce((a, b) => a + b, 0)));
  const main = median(withThreads.map((s) => s.mainThreadCpu!));
  const rest = median(withThreads.map((s) => s.cpu - s.mainThreadCpu! - s.workerThreadsCpu!.reduce((a, b) => a + b, 0)));
  const each = withThreads.map((s) => s.workerThreadsCpu!.map((c) => c.toFixed(2)).join(' + ')).join('; ');
  return [
    `- Per thread, 2 workers (medians, /proc): the worker threads ${workersSum.toFixed(2)} CPU s together (per run: ${each}), the main thread ${main.toFixed(2)} (start-up, parse, coordination, tests), the other threads ${rest.toFixed(2)} (V8's garbage collection and compilers, libuv). One worker runs the engine in the main thread: ${summary.oneWorker.cpuMedian.toFixed(2)} CPU s in all.`,
  ];
}

const md = [
  '# bench:parallel — exhaustive DFS with 1 and 2 workers',
  '',
  `Program: ${summary.program} (${summary.paths} paths). Command: \`${summary.command}\`, ${runs} runs each, alternating.`,
  `Machine: ${summary.cores} cores, shared; load average (1, 5, 15 min) before ${summary.loadAverageBefore.join(', ')}, after ${summary.loadAverageAfter.join(', ')}.`,
  '',
  '| workers | wall s (median) | CPU s (median) | instructions | jobs | prefix instructions |',
  '|---|---|---|---|---|---|',
  `| 1 | ${summary.oneWorker.wallMedian.toFixed(2)} | ${summary.oneWorker.cpuMedian.toFixed(2)} | ${summary.oneWorker.instructions} | 1 | 0 |`,
  `| 2 | ${summary.twoWorkers.wallMedian.toFixed(2)} | ${summary.twoWorkers.cpuMedian.toFixed(2)} | ${summary.twoWorkers.instructions} | ${summary.twoWorkers.jobs} | ${summary.twoWorkers.prefixInstructions} |`,
  '',
  `- Speedup (wall, median): ${speedup.toFixed(2)}x; per round (1-worker wall / 2-worker wall): ${pairs.map((x) => `${x.toFixed(2)}x`).join(', ')} (target 1.7x on 2 idle cores).`,
  ...(loaded
    ? [
        `- **The wall figures do not measure the speedup**: the load average stayed above the ${summary.cores} cores in every run (${Math.min(...samples.map((s) => s.load)).toFixed(1)}-${Math.max(...samples.map((s) => s.load)).toFixed(1)}), so each run got what the other jobs left, and the same 1-worker run took ${Math.min(...one.map((s) => s.wall)).toFixed(1)}-${Math.max(...one.map((s) => s.wall)).toFixed(1)} s wall.`,
      ]
    : []),
  `- The CPU figures bound it: 2 workers take ${cpuRatio.toFixed(2)}x the CPU of one, so two idle cores with perfect balance would give at most ${cpuBound.toFixed(2)}x. Solver queries (medians): ${median(one.map((s) => s.queries ?? NaN))} with 1 worker, ${median(two.map((s) => s.queries ?? NaN))} with 2 (two caches, each seeing part of the tree); reaching z3: ${median(one.map((s) => s.z3Queries ?? NaN))} and ${median(two.map((s) => s.z3Queries ?? NaN))}. The rest of the difference is the second worker's start-up (its own module and engine), the prefixes, and a second V8 isolate, which compiles the engine's hot code again on its concurrent compiler threads and collects its own garbage: a cost per worker, not per instruction, so it weighs less in a longer run (--rounds).`,
  `- CPU, 2 workers / 1 worker: ${cpuRatio.toFixed(2)}.`,
  ...threadLines(),
  `- Prefix re-execution: ${overhead.toFixed(2)}% of the instructions of the 2-worker run were executed twice.`,
  `- Tests of 1 and 2 workers byte for byte the same: ${sameTests ? 'yes' : 'NO'}.`,
  '',
  '| run | workers | wall s | CPU s | load (1 min) at start |',
  '|---|---|---|---|---|',
  ...samples.map((s, i) => `| ${Math.floor(i / 2) + 1} | ${s.workers} | ${s.wall.toFixed(2)} | ${s.cpu.toFixed(2)} | ${s.load.toFixed(1)} |`),
  '',
].join('\n');
writeReport(md, { ...summary, speedup, roundSpeedups: pairs, cpuRatio, cpuBoundSpeedup: cpuBound, prefixOverheadPercent: overhead }, outDir, 2);
if (!sameTests) process.exitCode = 1;
