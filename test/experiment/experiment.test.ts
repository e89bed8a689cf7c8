// `sympath experiment SPEC.json` (src/experiment) through the CLI: a 2 programs × 2 strategies × 2 seeds
// matrix with an instruction budget (test/fixtures/experiment/small.experiment.json; one program
// replayed for gcov coverage) run with -j 2: a result file per cell whose figures are its output
// directory's stats.json, and a table (summary.json) whose medians are those of the cells' stats.json;
// resumed: a second invocation runs nothing, and deleting one result file reruns exactly that cell;
// SIGTERM during a long cell: no process of the experiment left, the finished cell's result intact, none
// for the interrupted one; a bad spec: exit 1 naming the file and the JSON path; with --queue against a
// redis-server started here and one `sympath worker`: the same result files as the local run.

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPERIMENT_QUEUE } from '../../src/experiment/queue-shared.js';
import { connect } from '../../src/queue/shared.js';
import { ROOT } from '../engine/helpers.js';
import { recordOfCell } from '../../benchmarks/pse/records.js';

const CLI = join(ROOT, 'bin', 'sympath.mjs');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'experiment');
const SMALL = join(FIXTURES, 'small.experiment.json');
const haveRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!haveRedis) console.warn('test/experiment: the --queue test is skipped: redis-server is not installed (scripts/setup.sh installs it)');

let work: string;
const started: ResultPromise[] = [];

const sympath = (args: string[]) => execa('node', [CLI, ...args], { cwd: work, reject: false });
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const cellFiles = (results: string): string[] => readdirSync(join(results, 'cells')).filter((f) => f.endsWith('.json')).sort();
const mtimes = (results: string): Record<string, number> => Object.fromEntries(cellFiles(results).map((f) => [f, statSync(join(results, 'cells', f)).mtimeMs]));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Pids of live processes whose command line mentions `marker` (the experiment's results folder). */
function processesMentioning(marker: string): number[] {
  const pids: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d) || Number(d) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(marker)) pids.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sympath-experiment-'));
  await execa('node', [CLI, '--help'], { reject: false }); // builds the bundle once, before processes start together
});
afterAll(async () => {
  for (const p of started) p.kill('SIGKILL');
  await Promise.all(started.map((p) => p.catch(() => undefined)));
  rmSync(work, { recursive: true, force: true });
});

describe('a 2 × 2 × 2 matrix with -j 2', () => {
  let results: string;
  beforeAll(async () => {
    results = join(work, 'local');
    const r = await sympath(['experiment', SMALL, '-j', '2', '--results', results]);
    expect(r.exitCode, r.stderr).toBe(0);
  }, 60_000);

  it('writes one result file per cell, with the figures of its stats.json', () => {
    const files = cellFiles(results);
    expect(files).toHaveLength(8);
    for (const f of files) {
      const r = json(join(results, 'cells', f));
      expect(r.status, r.error).toBe('ok');
      expect(f).toBe(`${r.cell.program}__${r.cell.strategy}__5000i__seed${r.cell.seed}.json`);
      const stats = json(join(r.outputDir, 'stats.json'));
      expect(r.stats.paths).toEqual(stats.paths);
      expect(r.stats.tests).toBe(stats.tests);
      expect(r.stats.instructions).toBe(stats.instructions);
      expect(r.stats.errors).toBe(stats.errors.length);
      expect(r.stats.coverage).toEqual(stats.coverage);
      expect(r.command).toContain(`--seed`);
      expect(r.command[r.command.indexOf('--seed') + 1]).toBe(String(r.cell.seed));
      // `collect`: the output directory's JSON files as they are (null for one the run did not write).
      expect(r.collected['run.json']).toEqual(json(join(r.outputDir, 'run.json')));
      expect(r.collected['run.json'].seed).toBe(r.cell.seed);
      expect(r.collected['postcondition.json']).toBeNull();
      // A file other than JSON (run.cov of --write-cov) as its lines: the lines stats.json counts.
      expect(r.collected['run.cov']).toEqual(readFileSync(join(r.outputDir, 'run.cov'), 'utf8').split('\n').filter((l: string) => l !== ''));
      expect(r.collected['run.cov']).toHaveLength(stats.coverage.linesCovered);
      expect(r.resources.cpuSeconds).toBeGreaterThan(0);
      expect(r.resources.cpuSeconds).toBeCloseTo(r.resources.userSeconds + r.resources.systemSeconds, 2);
      if (r.cell.program === 'branches') {
        // Replayed natively: gcov's figures, every test run.
        expect(r.replay.testsReplayed).toBe(stats.tests);
        expect(r.replay.linesTotal).toBeGreaterThan(0);
        expect(r.replay.linePercent).toBeCloseTo((100 * r.replay.linesCovered) / r.replay.linesTotal, 1);
      } else {
        expect(r.replay).toBeNull();
        expect(r.stats.errorKinds).toEqual(['div-by-zero']);
      }
    }
  });

  it("the PSE report's records from the cells: counts, error sites and covered lines of the collected files", () => {
    for (const f of cellFiles(results)) {
      const cell = json(join(results, 'cells', f));
      const stats = json(join(cell.outputDir, 'stats.json'));
      // small.experiment.json collects run.json, not stats.json: the PSE report needs stats.json collected.
      expect(recordOfCell(cell)).toBeNull();
      const r = recordOfCell({ ...cell, collected: { ...cell.collected, 'stats.json': stats } })!;
      expect(r.explored).toBe(stats.paths.completed + stats.paths.errors + stats.paths.partial + stats.paths.pruned);
      expect(r.lines).toEqual(cell.collected['run.cov']);
      expect(r.lines).toHaveLength(stats.coverage.linesCovered);
      expect(r.errors).toEqual([...new Set(stats.errors.map((e: { kind: string; file: string; line: number }) => `${e.kind}@${e.file}:${e.line}`))].sort());
      expect(r.peakHeapMB).toBe(stats.memory.peakHeapMB);
      expect(r.cpuSeconds).toBe(cell.resources.cpuSeconds);
    }
  });

  it("prints and writes a table whose medians are those of the cells' stats.json", () => {
    const summary = json(join(results, 'summary.json'));
    expect(summary.cells).toBe(8);
    expect(summary.failed + summary.missing).toBe(0);
    expect(summary.rows).toHaveLength(4);
    for (const row of summary.rows) {
      const cells = cellFiles(results)
        .map((f) => json(join(results, 'cells', f)))
        .filter((r) => r.cell.program === row.program && r.cell.strategy === row.strategy);
      expect(cells).toHaveLength(2);
      const stats = cells.map((r) => json(join(r.outputDir, 'stats.json')));
      const paths = stats.map((s) => s.paths.completed + s.paths.errors + s.paths.partial + s.paths.pruned);
      expect(row.median.paths).toBe(median(paths));
      expect(row.median.tests).toBe(median(stats.map((s) => s.tests)));
      expect(row.median.errors).toBe(median(stats.map((s) => s.errors.length)));
      expect(row.median.linePercent).toBeCloseTo(median(stats.map((s) => (100 * s.coverage.linesCovered) / s.coverage.linesTotal)), 1);
      expect(row.median.cpuSeconds).toBeCloseTo(median(cells.map((r) => r.resources.cpuSeconds)), 6);
    }
    const table = readFileSync(join(results, 'table.md'), 'utf8');
    expect(table).toContain('| branches');
    expect(table).toMatch(/div_zero\s+\| random-path\s+\|\s+2\/2 \|/);
  });

  it('resumes: a second invocation runs nothing; a deleted result file reruns exactly that cell', async () => {
    const before = mtimes(results);
    const again = await sympath(['experiment', SMALL, '-j', '2', '--results', results]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain('0 of 8 cells to run');
    expect(mtimes(results)).toEqual(before);
    expect(again.stdout).toBe(readFileSync(join(results, 'table.md'), 'utf8').trimEnd()); // execa drops the last newline

    const victim = 'div_zero__dfs__5000i__seed2.json';
    const old = json(join(results, 'cells', victim));
    rmSync(join(results, 'cells', victim));
    const third = await sympath(['experiment', SMALL, '-j', '2', '--results', results]);
    expect(third.exitCode, third.stderr).toBe(0);
    expect(third.stderr).toContain('1 of 8 cells to run');
    const after = mtimes(results);
    for (const f of Object.keys(before)) if (f !== victim) expect(after[f], f).toBe(before[f]);
    const redone = json(join(results, 'cells', victim));
    expect(redone.finishedAt > old.finishedAt).toBe(true);
    expect(redone.stats.paths).toEqual(old.stats.paths);

    // --report prints the same table from the files without running anything.
    const report = await sympath(['experiment', SMALL, '--report', '--results', results]);
    expect(report.exitCode, report.stderr).toBe(0);
    expect(report.stdout).toContain('8 of 8 cells finished');
    expect(mtimes(results)).toEqual(after);
  }, 60_000);

  describe.skipIf(!haveRedis)('with --queue and one sympath worker', () => {
    let url: string;
    let worker: ResultPromise;
    beforeAll(async () => {
      const port = await new Promise<number>((resolve, reject) => {
        const s = createServer();
        s.once('error', reject);
        s.listen(0, '127.0.0.1', () => {
          const p = (s.address() as { port: number }).port;
          s.close(() => resolve(p));
        });
      });
      const redis = execa('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { reject: false });
      started.push(redis);
      for (let k = 0; k < 100 && spawnSync('redis-cli', ['-p', String(port), 'ping']).stdout?.toString().trim() !== 'PONG'; k++) await new Promise((r) => setTimeout(r, 50));
      url = `redis://127.0.0.1:${port}`;
      worker = (await startWorker(url, 5)).proc;
    });

    it('the same result files as the local run', async () => {
      const queued = join(work, 'queued');
      const r = await sympath(['experiment', SMALL, '--queue', url, '--results', queued]);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(cellFiles(queued)).toEqual(cellFiles(results));
      for (const f of cellFiles(results)) {
        const local = json(join(results, 'cells', f));
        const remote = json(join(queued, 'cells', f));
        expect(remote.status, remote.error).toBe('ok');
        expect(remote.cell).toEqual(local.cell);
        expect(remote.ranBy).toBe(`${hostname()}:${worker.pid}`);
        // The engine's figures are the same run's (seeded, instruction budget); times differ.
        const { wallSeconds: _a, ...engineRemote } = remote.stats;
        const { wallSeconds: _b, ...engineLocal } = local.stats;
        expect(engineRemote).toEqual(engineLocal);
        expect(remote.replay?.linesCovered).toBe(local.replay?.linesCovered);
        expect(remote.command.filter((a: string) => !a.startsWith(work))).toEqual(local.command.filter((a: string) => !a.startsWith(work)));
      }
    }, 60_000);

    it('a cell job that fails for good is reported as a failed cell, not retried forever', async () => {
      // The worker cannot make the cells' output directories (runs/ is a file): each job throws.
      const broken = join(work, 'broken');
      mkdirSync(broken);
      writeFileSync(join(broken, 'runs'), 'not a folder');
      const r = await sympath(['experiment', SMALL, '--queue', url, '--results', broken]);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(cellFiles(broken)).toHaveLength(8);
      for (const f of cellFiles(broken)) {
        const c = json(join(broken, 'cells', f));
        expect(c.status).toBe('failed');
        expect(c.error).toMatch(/^the queue job failed for good after 3 attempt\(s\): .*(ENOTDIR|EEXIST)/);
      }
      expect(json(join(broken, 'summary.json')).failed).toBe(8);
    }, 60_000);

    it('SIGTERM of the experiment: the worker kills its cell, the queue keeps no job of it', async () => {
      const spec = stopSpec();
      const stopped = join(work, 'stopped-queue');
      const exp = execa('node', [CLI, 'experiment', spec, '--queue', url, '--results', stopped], { cwd: work, reject: false });
      started.push(exp);
      const slowStats = join(stopped, 'runs', 'slow__dfs__120s__seed1', 'stats.json');
      for (let k = 0; k < 600 && !existsSync(slowStats); k++) await new Promise((r) => setTimeout(r, 100));
      expect(existsSync(slowStats)).toBe(true);
      expect(processesMentioning(stopped).length).toBeGreaterThan(0);
      exp.kill('SIGTERM');
      expect((await exp).exitCode).toBe(143);
      // The worker sees the experiment's live key gone within a second and kills the cell's process group.
      for (let k = 0; k < 100 && processesMentioning(stopped).length > 0; k++) await new Promise((r) => setTimeout(r, 100));
      expect(processesMentioning(stopped)).toEqual([]);
      expect(cellFiles(stopped)).toEqual(['branches__dfs__120s__seed1.json']);
      const q = new Queue(EXPERIMENT_QUEUE, { connection: connect(url) });
      expect(await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).toEqual({ waiting: 0, active: 0, delayed: 0, prioritized: 0 });
      await q.close();
      // The worker is still there for more.
      expect(worker.exitCode).toBeNull();
    }, 60_000);

    it('a worker SIGKILLed during a cell: its lease runs out, another worker runs the cell, all results ok', async () => {
      // The shared worker stops on SIGTERM (exit 0); two fresh ones with short leases take over.
      worker.kill('SIGTERM');
      expect((await worker).exitCode).toBe(0);
      const [victim, survivor] = (await Promise.all([startWorker(url, 2), startWorker(url, 2)])).map((w) => w.proc) as [ResultPromise, ResultPromise];
      // Two cells, one each: the victim's is run again by the survivor once the victim's lease runs out.
      const spec = join(work, 'lease.experiment.json');
      const doc = json(SMALL);
      for (const p of doc.programs) p.files = p.files.map((f: string) => join(FIXTURES, f));
      doc.strategies = doc.strategies.slice(0, 1);
      doc.seeds = [1];
      writeFileSync(spec, JSON.stringify(doc));
      const out = join(work, 'lease');
      const exp = execa('node', [CLI, 'experiment', spec, '--queue', url, '--results', out], { cwd: work, reject: false });
      started.push(exp);
      const q = new Queue(EXPERIMENT_QUEUE, { connection: connect(url) });
      const name = `${hostname()}:${victim.pid}`;
      let killedHolding: string | null = null;
      for (let k = 0; k < 600 && killedHolding === null && exp.exitCode === null; k++) {
        const held = (await q.getActive()).find((j) => j.processedBy === name);
        if (held) {
          victim.kill('SIGKILL');
          killedHolding = held.id!;
        } else await new Promise((r) => setTimeout(r, 50));
      }
      await q.close();
      expect(killedHolding).not.toBeNull();
      const r = await exp;
      expect(r.exitCode, r.stderr).toBe(0);
      expect(cellFiles(out)).toEqual(['branches__dfs__5000i__seed1.json', 'div_zero__dfs__5000i__seed1.json']);
      for (const f of cellFiles(out)) {
        const c = json(join(out, 'cells', f));
        expect(c.status, f).toBe('ok');
        expect(c.stats.paths, f).toEqual(json(join(results, 'cells', f)).stats.paths);
      }
      const redone = json(join(out, 'cells', `${killedHolding!.slice(killedHolding!.indexOf('-') + 1)}.json`));
      expect(redone.ranBy).toBe(`${hostname()}:${survivor.pid}`);
      expect(processesMentioning(out)).toEqual([]);
    }, 60_000);
  });
});

/**
 * A `sympath worker` with the given lease, once it says it serves the experiments' queue (its signal
 * handlers are in place). In an object: the process is a thenable, which an async function's return would await.
 */
async function startWorker(url: string, lease: number): Promise<{ proc: ResultPromise }> {
  const w = execa('node', [CLI, 'worker', '--queue', url, '--lease', String(lease)], { cwd: work, reject: false });
  started.push(w);
  await new Promise<void>((resolve, reject) => {
    let text = '';
    w.stderr!.on('data', (b: Buffer) => {
      text += b.toString();
      if (text.includes('also running experiment cells')) resolve();
    });
    w.then((r) => reject(new Error(`sympath worker ended: ${r.stderr}`)), reject);
  });
  return { proc: w };
}

/** stop.experiment.json copied to the work folder, its program paths pointed back at the fixtures. */
function stopSpec(): string {
  const spec = join(work, 'stop.experiment.json');
  cpSync(join(FIXTURES, 'stop.experiment.json'), spec);
  writeFileSync(spec, readFileSync(spec, 'utf8').replace('"../symbolic/branches.c"', JSON.stringify(join(ROOT, 'test/fixtures/symbolic/branches.c'))).replace('"slow.c"', JSON.stringify(join(FIXTURES, 'slow.c'))));
  return spec;
}

describe('stopping and bad specs', () => {
  it('SIGTERM during a cell: no process of the experiment left, finished results intact, none for the stopped cell', async () => {
    const spec = stopSpec();
    const results = join(work, 'stopped');
    const exp = execa('node', [CLI, 'experiment', spec, '--results', results], { cwd: work, reject: false });
    started.push(exp);
    const quick = join(results, 'cells', 'branches__dfs__120s__seed1.json');
    const slowStats = join(results, 'runs', 'slow__dfs__120s__seed1', 'stats.json');
    // The slow cell's run is exploring once its live stats.json is there.
    for (let k = 0; k < 600 && !(existsSync(quick) && existsSync(slowStats)); k++) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(quick) && existsSync(slowStats)).toBe(true);
    const quickBytes = readFileSync(quick, 'utf8');
    const children = processesMentioning(results).filter((p) => p !== exp.pid);
    expect(children.length).toBeGreaterThan(0);
    exp.kill('SIGTERM');
    const r = await exp;
    expect(r.exitCode).toBe(143);
    expect(r.stderr).toContain('interrupted');
    expect(processesMentioning(results)).toEqual([]);
    expect(readFileSync(quick, 'utf8')).toBe(quickBytes);
    expect(cellFiles(results)).toEqual(['branches__dfs__120s__seed1.json']);
  }, 60_000);

  it('SIGKILL of the experiment: its running cell ends too (the child sees its parent gone)', async () => {
    const results = join(work, 'killed');
    const exp = execa('node', [CLI, 'experiment', stopSpec(), '--results', results], { cwd: work, reject: false });
    started.push(exp);
    const slowStats = join(results, 'runs', 'slow__dfs__120s__seed1', 'stats.json');
    for (let k = 0; k < 600 && !existsSync(slowStats); k++) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(slowStats)).toBe(true);
    expect(processesMentioning(results).filter((p) => p !== exp.pid).length).toBeGreaterThan(0);
    exp.kill('SIGKILL');
    await exp;
    for (let k = 0; k < 50 && processesMentioning(results).length > 0; k++) await new Promise((r) => setTimeout(r, 100));
    expect(processesMentioning(results)).toEqual([]);
  }, 60_000);

  it('a bad spec: exit 1, the file and the JSON path of each problem', async () => {
    const bad = join(work, 'bad.experiment.json');
    const doc = json(SMALL);
    doc.seeds = [1, 'two'];
    doc.budget = { maxTime: -1 };
    doc.programs[1].colour = 'blue';
    writeFileSync(bad, JSON.stringify(doc, null, 2));
    const r = await sympath(['experiment', bad]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`sympath experiment: ${bad}: 3 problems:`);
    expect(r.stderr).toContain('$.seeds[1]: must be integer');
    expect(r.stderr).toContain('$.budget.maxTime: must be > 0');
    expect(r.stderr).toContain("$.programs[1]: unknown property 'colour'");
    expect(r.stderr).not.toContain('    at '); // no stack trace

    const clash = json(SMALL);
    clash.strategies[0].options.push('--seed', '7');
    clash.programs[0].files = ['nowhere.c'];
    writeFileSync(bad, JSON.stringify(clash));
    const r2 = await sympath(['experiment', bad]);
    expect(r2.exitCode).toBe(1);
    expect(r2.stderr).toContain('$.strategies[0].options[2]: --seed is set by the experiment');
    expect(r2.stderr).toContain(`$.programs[0].files[0]: no such file: ${join(work, 'nowhere.c')}`);

    writeFileSync(bad, '{\n  "name": "x",\n  "programs": [,]\n}\n');
    const r3 = await sympath(['experiment', bad]);
    expect(r3.exitCode).toBe(1);
    expect(r3.stderr).toMatch(new RegExp(`sympath experiment: ${bad.replace(/[.]/g, '\\.')}:3:16: not valid JSON`));

    // --queue with no Redis there: exit 7, as run --queue.
    const r4 = await sympath(['experiment', SMALL, '--queue', 'redis://127.0.0.1:1', '--results', join(work, 'no-redis')]);
    expect(r4.exitCode).toBe(7);
    expect(r4.stderr).toContain("the job queue's Redis at redis://127.0.0.1:1 cannot be reached");
  }, 30_000);

  it('programs from a list file ("each"): one program per line, {} replaced; a bad line named with its list file and line', async () => {
    const r = await sympath(['experiment', join(FIXTURES, 'each.experiment.json'), '--list', '--results', join(work, 'each')]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter((l) => /^\S/.test(l))).toEqual(['sym-branches__dfs__100i__seed1', 'sym-err_div_zero__dfs__100i__seed1']);
    expect(r.stdout).toContain(`-D WHICH=err_div_zero --search dfs --seed 1 --max-instructions 100 --progress none --output-dir ${join(work, 'each')}/runs/sym-err_div_zero__dfs__100i__seed1 ${join(ROOT, 'test/fixtures/symbolic/err_div_zero.c')}`);

    const dir = join(work, 'each-bad');
    mkdirSync(dir);
    // `[` is a name (a Coreutils utility): only line 3 is refused.
    writeFileSync(join(dir, 'list.txt'), 'ok\n[\nnot a name\n');
    writeFileSync(join(dir, 'ok.c'), 'int main(void) { return 0; }\n');
    const spec = json(join(FIXTURES, 'each.experiment.json'));
    spec.programs[0].files = ['{}.c'];
    writeFileSync(join(dir, 'spec.json'), JSON.stringify(spec));
    const bad = await sympath(['experiment', join(dir, 'spec.json'), '--list']);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain(`$.programs[0].each: ${join(dir, 'list.txt')}:3: 'not a name' is not a name`);
    expect(bad.stderr).not.toContain("'[' is not a name");
  });

  it('the PSE harness as a spec: strategies restricted to some programs give a matrix with holes, as harness.ts plans it', async () => {
    const r = await sympath(['experiment', join(ROOT, 'benchmarks/pse/pse.experiment.json'), '--list']);
    expect(r.exitCode, r.stderr).toBe(0);
    const ids = r.stdout.split('\n').filter((l) => /^\S/.test(l));
    // 10 subjects × 7 DFS configurations + 2 subjects × 4 other-searcher ones.
    expect(ids).toHaveLength(78);
    expect(ids.filter((id) => id.includes('__bfs__')).sort()).toEqual(['diamonds-6__bfs__120s__seed1', 'independent-4x4__bfs__120s__seed1']);
  });

  // The utilities of a spec's list file; whether each has its IR (CI builds echo alone: `make coreutils-echo`).
  const listed = (file: string): string[] =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'));
  const built = (file: string): boolean => listed(file).every((u) => existsSync(join(ROOT, 'benchmarks/coreutils/build/ir', `${u}.bc`)));
  it.skipIf(!built('benchmarks/pse/coreutils.txt'))("PSE's Coreutils spec: the utilities of its list × dfs, dfs+pse, dfs+pse-pin (needs make coreutils)", async () => {
    const r = await sympath(['experiment', join(ROOT, 'benchmarks/pse/pse-coreutils.experiment.json'), '--list']);
    expect(r.exitCode, r.stderr).toBe(0);
    const ids = r.stdout.split('\n').filter((l) => /^\S/.test(l));
    expect(ids.sort()).toEqual(['basename', 'echo'].flatMap((u) => ['dfs', 'dfs+pse', 'dfs+pse-pin'].map((c) => `coreutils-${u}__${c}__120s__seed1`)).sort());
    expect(r.stdout).toMatch(/--pse-pin-addresses .*--write-cov|--write-cov .*--pse-pin-addresses/);
  });

  it.skipIf(!built('benchmarks/coreutils/mutation-sgs.txt'))("mutation-sgs.sh's runs as a spec: the utilities of its list × subpath:combined, random-path (needs make coreutils)", async () => {
    const r = await sympath(['experiment', join(ROOT, 'benchmarks/coreutils/mutation-sgs.experiment.json'), '--list']);
    expect(r.exitCode, r.stderr).toBe(0);
    const ids = r.stdout.split('\n').filter((l) => /^\S/.test(l));
    expect(ids).toHaveLength(2 * listed('benchmarks/coreutils/mutation-sgs.txt').length);
    expect(ids).toContain('echo__combined__90s__seed1');
    expect(r.stdout).toMatch(/sympath run --libc musl --posix-runtime --max-solver-time 10 --solver native --only-output-states-covering-new --search random-path --seed 1 --max-time 90 .*echo\.bc --sym-args 0 3 10 --sym-files 2 8/);
  });

  it('the SGS harness as a spec: 8 subjects × 12 strategies, each run as the harness always ran it', async () => {
    const r = await sympath(['experiment', join(ROOT, 'benchmarks/sgs/sgs.experiment.json'), '--list']);
    expect(r.exitCode, r.stderr).toBe(0);
    const ids = r.stdout.split('\n').filter((l) => /^\S/.test(l));
    expect(ids).toHaveLength(96);
    expect(ids).toContain('wc__combined__60s__seed1');
    expect(r.stdout).toMatch(/sympath run --max-solver-time 10 --solver wasm --only-output-states-covering-new --libc none --search subpath:combined --seed 1 --max-time 60 .*subjects\/wc\.c/);
  });
});
