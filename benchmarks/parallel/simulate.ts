// Where parallel exploration stops scaling (issue 24's benchmark): a simulation of `--workers N` (and of
// the queue's worker processes) for N = 1..64, driven by execution trees recorded with
// `sympath run --search dfs --write-exec-tree` (a 2-core machine cannot run 64 workers).
//
//   npx tsx benchmarks/parallel/simulate.ts [--job-overhead-ms MS…] [--out DIR] OUTDIR…
//
// Each OUTDIR is a recorded run (exec-tree.jsonl and stats.json). The model is the scheme of
// src/parallel: every worker explores depth-first (a fork's new state runs first; the forking state
// waits on the worker's stack); a worker with nothing left takes a job (a path prefix) from the
// coordinator's queue; when a worker is idle and the queue is empty, the busy worker with the most
// waiting states gives away the oldest half of them (nearest the root: the biggest subtrees) as jobs.
// A job costs its taker the re-execution of its prefix (its instructions at the rate the run executed
// instructions outside the solver: no solver calls for recorded decisions) and a fixed hand-off
// latency per job (--job-overhead-ms: 1 ms for threads; the queue's Redis round trips are more).
// Each recorded segment (between two consecutive lines of the tree: the state of the second line ran
// it, under DFS) costs its recorded time on whichever worker runs it. What the model leaves out: memory
// and cache effects, the solver's caches being per worker (a worker re-asks what another already
// knows), and a coordinator that is itself a bottleneck.
//
// Figures per tree and N: the makespan, the speedup over one worker, the efficiency, the share of work
// spent re-executing prefixes, the jobs moved, and the bound no number of workers beats in the model:
// unlimited workers, free hand-offs (unlimitedMakespan).

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

interface ForkEvent {
  kind: 'fork';
  child: number;
  i: number;
  cost: number;
}
interface EndEvent {
  kind: 'end';
  i: number;
  cost: number;
}
type TreeEvent = ForkEvent | EndEvent;

/** A recorded tree: each state's events in order, its instructions at birth. */
interface Tree {
  name: string;
  events: Map<number, TreeEvent[]>;
  born: Map<number, number>;
  /** Seconds per instruction outside the solver (the prefix re-execution rate). */
  perInstruction: number;
  totalSeconds: number;
}

export function readTree(dir: string): Tree {
  const stats = JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8')) as { wallSeconds: number; instructions: number; solver: { seconds: number } };
  const events = new Map<number, TreeEvent[]>([[0, []]]);
  const born = new Map<number, number>([[0, 0]]);
  let last = 0;
  let total = 0;
  for (const line of readFileSync(join(dir, 'exec-tree.jsonl'), 'utf8').split('\n')) {
    if (line === '') continue;
    const o = JSON.parse(line) as { fork?: number; child?: number; end?: number; run?: number; i: number; t: number };
    if (o.run !== undefined) break; // a portfolio's later runs: the first tree only
    const cost = Math.max(0, o.t - last) / 1000;
    last = o.t;
    total += cost;
    if (o.fork !== undefined) {
      events.get(o.fork)!.push({ kind: 'fork', child: o.child!, i: o.i, cost });
      events.set(o.child!, []);
      born.set(o.child!, o.i);
    } else events.get(o.end!)!.push({ kind: 'end', i: o.i, cost });
  }
  const outside = Math.max(0, stats.wallSeconds - stats.solver.seconds);
  return { name: basename(dir), events, born, perInstruction: stats.instructions > 0 ? outside / stats.instructions : 0, totalSeconds: total };
}

/**
 * The makespan of unlimited workers with free hand-offs, the bound no N beats in this model: a fork's new
 * state goes on at once on the forking worker; the forking state goes on elsewhere as soon as it has
 * re-executed its prefix. States are done in id order (a parent's fork comes before its child).
 */
export function unlimitedMakespan(tree: Tree): number {
  const startOf = new Map<number, number>([[0, 0]]);
  let end = 0;
  for (const s of [...tree.events.keys()].sort((a, b) => a - b)) {
    let t = startOf.get(s) ?? 0;
    for (const e of tree.events.get(s)!) {
      t += e.cost;
      if (e.kind === 'fork') {
        startOf.set(e.child, t);
        t += e.i * tree.perInstruction;
      }
    }
    end = Math.max(end, t);
  }
  return end;
}

interface Item {
  state: number;
  next: number;
  /** Path instructions at this point: re-executed by a worker that takes it as a job. */
  prefix: number;
}

export interface SimResult {
  workers: number;
  makespan: number;
  jobs: number;
  reexecutedSeconds: number;
  busySeconds: number;
}

/** Simulates `n` workers on `tree` with `overhead` seconds of hand-off latency per job. */
export function simulate(tree: Tree, n: number, overhead: number): SimResult {
  const stacks: Item[][] = Array.from({ length: n }, () => []);
  const current: (Item | null)[] = Array.from({ length: n }, () => null);
  /** When each worker finishes what it is doing (Infinity: idle). */
  const readyAt = new Array<number>(n).fill(Infinity);
  const queue: { item: Item; availableAt: number }[] = [];
  let jobs = 0;
  let reexecuted = 0;
  let busy = 0;
  let now = 0;
  current[0] = { state: 0, next: 0, prefix: 0 };
  readyAt[0] = nextCost(tree, current[0]);
  const idle = (): number[] => [...readyAt.keys()].filter((w) => readyAt[w] === Infinity);

  for (;;) {
    // The next worker to finish its step.
    let w = -1;
    for (let k = 0; k < n; k++) if (readyAt[k]! < Infinity && (w < 0 || readyAt[k]! < readyAt[w]!)) w = k;
    if (w < 0 && queue.length === 0) break;
    if (w >= 0) {
      now = readyAt[w]!;
      const item = current[w];
      let stepCost = 0;
      if (item) {
        const evs = tree.events.get(item.state)!;
        const e = evs[item.next];
        if (e === undefined) current[w] = null; // a state whose end was not recorded (write-out skipped)
        else {
          stepCost = e.cost;
          if (e.kind === 'fork') {
            // DFS: the new state runs next; the forking one waits on this worker's stack.
            stacks[w]!.push({ state: item.state, next: item.next + 1, prefix: e.i });
            current[w] = { state: e.child, next: 0, prefix: e.i };
          } else current[w] = null;
        }
      }
      if (current[w] === null && stacks[w]!.length > 0) current[w] = stacks[w]!.pop()!;
      busy += stepCost;
      if (current[w]) readyAt[w] = now + nextCost(tree, current[w]!);
      else readyAt[w] = Infinity;
    }
    // Idle workers and no queued job: the busiest worker gives away the oldest half of its stack.
    const idleNow = idle();
    if (idleNow.length > 0 && queue.length === 0) {
      let giver = -1;
      for (let k = 0; k < n; k++) if (stacks[k]!.length > 0 && (giver < 0 || stacks[k]!.length > stacks[giver]!.length)) giver = k;
      if (giver >= 0) {
        const st = stacks[giver]!;
        const given = st.splice(0, Math.ceil(st.length / 2));
        for (const item of given) queue.push({ item, availableAt: now + overhead });
      }
    }
    // Idle workers take queued jobs (re-executing the prefix first).
    for (const k of idle()) {
      const job = queue.shift();
      if (!job) break;
      jobs++;
      const prefixCost = job.item.prefix * tree.perInstruction;
      reexecuted += prefixCost;
      busy += prefixCost;
      current[k] = job.item;
      readyAt[k] = Math.max(now, job.availableAt) + prefixCost + nextCost(tree, job.item);
    }
  }
  return { workers: n, makespan: now, jobs, reexecutedSeconds: reexecuted, busySeconds: busy };
}

/** The cost of the next recorded step of `item` (0 when none is left). */
function nextCost(tree: Tree, item: Item): number {
  return tree.events.get(item.state)![item.next]?.cost ?? 0;
}

const WORKERS = [1, 2, 4, 8, 16, 32, 64];

function main(): void {
  const argv = process.argv.slice(2);
  const overheads: number[] = [];
  let out: string | undefined;
  const dirs: string[] = [];
  for (let k = 0; k < argv.length; k++) {
    if (argv[k] === '--job-overhead-ms') overheads.push(Number(argv[++k]) / 1000);
    else if (argv[k] === '--out') out = argv[++k];
    else dirs.push(argv[k]!);
  }
  if (overheads.length === 0) overheads.push(0.001, 0.02);
  if (dirs.length === 0) {
    console.error('usage: simulate.ts [--job-overhead-ms MS]… [--out DIR] OUTDIR… (runs recorded with --search dfs --write-exec-tree)');
    process.exit(1);
  }
  const lines: string[] = [];
  const json: unknown[] = [];
  for (const dir of dirs) {
    const tree = readTree(dir);
    const forks = [...tree.events.values()].reduce((a, evs) => a + evs.filter((e) => e.kind === 'fork').length, 0);
    const bound = unlimitedMakespan(tree);
    const alone = simulate(tree, 1, 0).makespan;
    lines.push(
      `### ${tree.name}: ${tree.events.size} states, ${forks} forks, ${tree.totalSeconds.toFixed(1)} s recorded; ` +
        `unlimited free workers ${bound.toFixed(2)} s (no N beats ${(alone / bound).toFixed(1)}x); ` +
        `prefix re-execution ${(tree.perInstruction * 1e6).toFixed(2)} µs/instruction`,
      '',
      '| job overhead | N | makespan s | speedup | efficiency | re-executed prefixes (% of work) | jobs |',
      '| --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const h of overheads) {
      const one = simulate(tree, 1, h).makespan;
      for (const n of WORKERS) {
        const r = simulate(tree, n, h);
        const speedup = one / r.makespan;
        lines.push(
          `| ${h * 1000} ms | ${n} | ${r.makespan.toFixed(2)} | ${speedup.toFixed(2)} | ${(speedup / n).toFixed(2)} | ${((100 * r.reexecutedSeconds) / r.busySeconds).toFixed(1)} | ${r.jobs} |`,
        );
        json.push({ tree: tree.name, overheadMs: h * 1000, ...r, speedup, unlimitedMakespan: bound, recordedSeconds: tree.totalSeconds });
      }
    }
    lines.push('');
  }
  const text = lines.join('\n');
  console.log(text);
  if (out) {
    if (!existsSync(out)) mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'simulation.md'), `# Simulated workers on recorded execution trees\n\nCommand: \`npx tsx benchmarks/parallel/simulate.ts ${argv.join(' ')}\`\n\n${text}\n`);
    writeFileSync(join(out, 'simulation.json'), `${JSON.stringify(json, null, 2)}\n`);
  }
}

if (process.argv[1] && import.meta.url.endsWith(basename(process.argv[1]))) main();
