// `sympath run --queue` with `sympath worker --queue` processes (src/queue): against a redis-server this
// file starts on a free loopback port (killed in afterAll), two workers explore two fixture programs
// exhaustively (DFS) and write exactly the .ktest files (bytes) of a one-process --canonical-tests run;
// a worker SIGKILLed while it holds a job loses nothing and duplicates nothing (its lease runs out and
// another worker explores the job); Redis unreachable at the start, or killed during the run: exit 7
// with a clear error, stats.json written, the tests written whole. Skipped (with the reason) only when
// redis-server is not installed (scripts/setup.sh installs it).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKTest } from '../../src/engine/ktest.js';
import { MAX_STALLED, QUEUE_NAME, connect } from '../../src/queue/shared.js';
import { ROOT } from '../engine/helpers.js';

const CLI = join(ROOT, 'bin', 'sympath.mjs');
const haveRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!haveRedis) console.warn('test/queue: skipped: redis-server is not installed (scripts/setup.sh installs it)');

const PROGRAMS = [join(ROOT, 'test/fixtures/queue/paths96.c'), join(ROOT, 'test/fixtures/symbolic/switch_range.c')];
const BASE = ['--search', 'dfs', '--libc', 'none', '--progress', 'none'];
/** Tiny jobs (50 ms of exploring each) so the work really is handed around; short leases for the kill test. */
const WORKER_ARGS = ['--job-budget', '0.05', '--lease', '2'];

let cwd: string;
const started: ResultPromise[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A redis-server of this file's own on a free loopback port; its URL. */
async function startRedis(): Promise<{ url: string; proc: ResultPromise }> {
  const port = await freePort();
  const proc = execa('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { reject: false });
  started.push(proc);
  const url = `redis://127.0.0.1:${port}`;
  for (let k = 0; k < 100; k++) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping']).stdout?.toString().trim() === 'PONG') return { url, proc };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not start on port ${port}`);
}

function startWorker(url: string): ResultPromise {
  const w = execa('node', [CLI, 'worker', '--queue', url, ...WORKER_ARGS], { cwd, reject: false });
  started.push(w);
  return w;
}

/** `sympath run --queue URL` of `program` into `out`, left running (killed with the others at the end). */
function startQueueRun(url: string, out: string, program = PROGRAMS[0]!): ResultPromise {
  const run = execa('node', [CLI, 'run', ...BASE, '--queue', url, '--output-dir', out, program], { cwd, reject: false });
  started.push(run);
  return run;
}

/** The run's .ktest files as a sorted list of their bytes (hex): duplicates would show. */
function testsOf(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ktest'))
    .map((f) => readFileSync(join(dir, f)).toString('hex'))
    .sort();
}
const statsOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8'));

async function baseline(program: string, out: string): Promise<void> {
  const r = await execa('node', [CLI, 'run', ...BASE, '--canonical-tests', '--output-dir', out, program], { cwd, reject: false });
  expect(r.exitCode, r.stderr).toBe(0);
}

beforeAll(async () => {
  cwd = mkdtempSync(join(tmpdir(), 'sympath-queue-'));
  // Builds the bundle once, before processes start at the same time.
  await execa('node', [CLI, '--help'], { reject: false });
});
afterAll(async () => {
  for (const p of started) p.kill('SIGKILL');
  await Promise.all(started.map((p) => p.catch(() => undefined)));
  rmSync(cwd, { recursive: true, force: true });
});

describe.skipIf(!haveRedis)('run --queue with two sympath worker processes', () => {
  let url: string;
  beforeAll(async () => {
    // .ci/run's server when it answers (the fault tests below kill theirs, so they always start their own).
    const shared = process.env.SYMPATH_TEST_REDIS;
    const port = shared ? new URL(shared).port : '';
    const answers = shared !== undefined && spawnSync('redis-cli', ['-p', port, 'ping']).stdout?.toString().trim() === 'PONG';
    url = answers ? shared : (await startRedis()).url;
    startWorker(url);
    startWorker(url);
  });

  for (const program of PROGRAMS) {
    it(`explores ${program.split('/').pop()} exhaustively: the tests of one process, byte for byte`, async () => {
      const name = program.split('/').pop()!;
      const one = join(cwd, `one-${name}`);
      const q = join(cwd, `queue-${name}`);
      await baseline(program, one);
      const r = await execa('node', [CLI, 'run', ...BASE, '--queue', url, '--output-dir', q, program], { cwd, reject: false });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(testsOf(q), JSON.stringify(statsOf(q).workers)).toEqual(testsOf(one));
      expect(testsOf(q).length).toBeGreaterThan(0);
      const s = statsOf(q);
      expect(s.paths).toEqual(statsOf(one).paths);
      expect(s.haltReason).toBe('all paths explored');
      expect(s.workers.queue.failedJobs).toEqual([]);
      expect(s.workers.unexploredJobs).toBe(0);
      if (name === 'paths96.c') {
        // The work really moved: many jobs, prefixes followed, both workers explored.
        expect(s.workers.jobs).toBeGreaterThan(2);
        expect(s.workers.prefixDecisions).toBeGreaterThan(0);
        expect(s.workers.count).toBe(2);
      }
    }, 30_000);
  }
});

describe.skipIf(!haveRedis)('faults', () => {
  // This lost a test (94 of 95) before the coordinator read a job's state before the job itself (a job
  // read while running and then found completed had no result yet, and its subtree was dropped).
  it('a worker SIGKILLed while it holds a job: same tests, none lost, none duplicated', async () => {
    const { url } = await startRedis();
    const program = PROGRAMS[0]!;
    const one = join(cwd, 'kill-one');
    await baseline(program, one);
    const victim = startWorker(url);
    startWorker(url);
    const out = join(cwd, 'kill-queue');
    const run = startQueueRun(url, out, program);
    // Kill the victim while BullMQ says it is processing a job.
    const queue = new Queue(QUEUE_NAME, { connection: connect(url) });
    const name = `${hostname()}:${victim.pid}`;
    let killedHolding: string | null = null;
    for (let k = 0; k < 1000 && killedHolding === null && run.exitCode === null; k++) {
      const held = (await queue.getActive()).find((j) => j.processedBy === name);
      if (held) {
        victim.kill('SIGKILL');
        killedHolding = held.id!;
      } else await new Promise((r) => setTimeout(r, 10));
    }
    await queue.close();
    expect(killedHolding, 'the victim was never seen holding a job').not.toBeNull();
    const r = await run;
    expect(r.exitCode, r.stderr).toBe(0);
    expect(testsOf(out)).toEqual(testsOf(one));
    const s = statsOf(out);
    expect(s.paths).toEqual(statsOf(one).paths);
    expect(s.workers.queue.failedJobs).toEqual([]);
  }, 30_000);

  it('a job that kills every worker taking it fails for good after MAX_STALLED takings, is reported, and the rest of the tree is explored', async () => {
    const { url } = await startRedis();
    const program = PROGRAMS[0]!;
    const one = join(cwd, 'killer-one');
    await baseline(program, one);
    const out = join(cwd, 'killer-queue');
    const run = startQueueRun(url, out, program);
    const workers = new Map<string, ResultPromise>();
    const spawnOne = (): void => {
      const w = startWorker(url);
      workers.set(`${hostname()}:${w.pid}`, w);
    };
    spawnOne();
    spawnOne();
    // The job: the first one below the root (a non-empty prefix) seen running; from then on, whichever
    // worker holds it is SIGKILLed and replaced, as if the job crashed every worker that takes it.
    const queue = new Queue(QUEUE_NAME, { connection: connect(url) });
    let killer: string | null = null;
    let kills = 0;
    while (run.exitCode === null) {
      for (const j of await queue.getActive()) {
        if (killer === null && j.data.tape !== '') killer = j.id!;
        const holder = j.id === killer && j.processedBy ? workers.get(j.processedBy) : undefined;
        if (holder) {
          workers.delete(j.processedBy!);
          holder.kill('SIGKILL');
          kills++;
          spawnOne();
        }
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    await queue.close();
    const r = await run;
    expect(killer, 'no job below the root was seen running').not.toBeNull();
    // Put back by the stalled-job check MAX_STALLED times, so taken (and killed) once more than that; a
    // later check fails it for good. (Exactly 3 here in every run seen; at least MAX_STALLED + 1 is the rule.)
    expect(kills).toBeGreaterThanOrEqual(MAX_STALLED + 1);
    expect(r.stderr).toMatch(new RegExp(`queue: job ${killer} failed for good`));
    const s = statsOf(out);
    expect(s.haltReason).toBe('queue jobs failed');
    expect(s.workers.queue.failedJobs.map((f: { id: string }) => f.id)).toEqual([killer]);
    // What was explored is tests of the one-process run, none twice; only the killer's subtree is missing.
    const got = testsOf(out);
    const all = testsOf(one);
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThan(all.length);
    expect(new Set(got).size).toBe(got.length);
    for (const t of got) expect(all).toContain(t);
  }, 60_000);

  it('Redis restarted empty during the run: the jobs waited for go back, the same tests in the end', async () => {
    const { url, proc } = await startRedis();
    const port = Number(new URL(url).port);
    const program = PROGRAMS[0]!;
    const one = join(cwd, 'restart-one');
    await baseline(program, one);
    const out = join(cwd, 'restart-queue');
    const run = startQueueRun(url, out, program);
    const ktests = (): string[] => (existsSync(out) ? readdirSync(out).filter((f) => f.endsWith('.ktest')) : []);
    // No worker yet: the run waits; one starts, the first tests come back, then Redis goes.
    const first = startWorker(url);
    for (let k = 0; k < 2000 && ktests().length === 0 && run.exitCode === null; k++) await new Promise((r) => setTimeout(r, 5));
    expect(ktests().length, 'no test came back before Redis was stopped').toBeGreaterThan(0);
    proc.kill('SIGKILL');
    await proc.catch(() => undefined);
    first.kill('SIGKILL');
    // Back on the same port, empty (no persistence), within the coordinator's 10 s of patience.
    const again = execa('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { reject: false });
    started.push(again);
    for (let k = 0; k < 100; k++) {
      if (spawnSync('redis-cli', ['-p', String(port), 'ping']).stdout?.toString().trim() === 'PONG') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    startWorker(url);
    const r = await run;
    expect(r.exitCode, r.stderr).toBe(0);
    expect(testsOf(out), r.stderr).toEqual(testsOf(one));
    expect(statsOf(out).haltReason).toBe('all paths explored');
  }, 60_000);

  it('a poisoned job (its prefix cannot be followed) is reported once it fails for good, not retried forever', async () => {
    const { url } = await startRedis();
    const out = join(cwd, 'poisoned');
    const run = startQueueRun(url, out);
    // Before any worker runs: the root job's prefix becomes one no execution of the program meets.
    const queue = new Queue(QUEUE_NAME, { connection: connect(url) });
    let poisoned: string | null = null;
    for (let k = 0; k < 2000 && poisoned === null && run.exitCode === null; k++) {
      const waiting = await queue.getWaiting();
      if (waiting.length > 0) {
        const job = waiting[0]!;
        await job.updateData({ ...job.data, tape: Buffer.from(new Int32Array([999999, 0]).buffer).toString('base64') });
        poisoned = job.id!;
      } else await new Promise((r) => setTimeout(r, 5));
    }
    await queue.close();
    expect(poisoned, 'the root job was never seen waiting').not.toBeNull();
    startWorker(url);
    const r = await run;
    expect(r.stderr).toMatch(new RegExp(`queue: job ${poisoned} failed for good \\(.*diverged.*\\)`));
    const s = statsOf(out);
    expect(s.workers.queue.failedJobs).toHaveLength(1);
    expect(s.workers.queue.failedJobs[0]).toMatchObject({ id: poisoned, attempts: 3 });
    expect(s.haltReason).toBe('queue jobs failed');
  }, 60_000);

  it('Redis unreachable at the start: exit 7, a clear error, stats.json written', async () => {
    const port = await freePort();
    const out = join(cwd, 'unreachable');
    const r = await execa('node', [CLI, 'run', ...BASE, '--queue', `redis://127.0.0.1:${port}`, '--output-dir', out, PROGRAMS[1]!], { cwd, reject: false });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain(`the job queue's Redis at redis://127.0.0.1:${port} cannot be reached`);
    expect(existsSync(join(out, 'stats.json'))).toBe(true);
    const w = await execa('node', [CLI, 'worker', '--queue', `redis://127.0.0.1:${port}`], { cwd, reject: false });
    expect(w.exitCode).toBe(7);
    expect(w.stderr).toContain('cannot be reached');
  }, 30_000);

  it('Redis lost during the run: exit 7, stats.json written, every test written whole', async () => {
    const { url, proc } = await startRedis();
    const worker = startWorker(url);
    const out = join(cwd, 'lost');
    const run = startQueueRun(url, out);
    const ktests = (): string[] => (existsSync(out) ? readdirSync(out).filter((f) => f.endsWith('.ktest')) : []);
    for (let k = 0; k < 1000 && ktests().length === 0 && run.exitCode === null; k++) await new Promise((r) => setTimeout(r, 10));
    expect(ktests().length, 'no test came back before Redis was stopped').toBeGreaterThan(0);
    proc.kill('SIGKILL');
    worker.kill('SIGKILL');
    const r = await run;
    expect(r.exitCode, r.stderr).toBe(7);
    expect(r.stderr).toContain('stopped answering during the run');
    // stats.json is written and says why the run stopped (its path counts are those of runs finished
    // before: the queue's figures are not kept when Redis is lost, see src/queue/README.md).
    expect(statsOf(out).haltReason).toContain('stopped answering during the run');
    for (const f of ktests()) expect(readKTest(join(out, f)).objects.length).toBeGreaterThan(0);
  }, 30_000);
});
