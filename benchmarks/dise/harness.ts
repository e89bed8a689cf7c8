// The DiSE experiment (issue 18): the paper's Table II shape — per version pair, states and path
// conditions of full exploration of NEW (`--base OLD --no-dise`: exhaustive DFS, every path classified)
// against DiSE (`--base OLD`), CPU time, pruned siblings, impact-set size — and regression test
// selection: the tests of an exhaustive run of OLD given to DiSE with `--base-tests`, against the
// ground truth of `sympath kill` (the old tests whose stdout or exit status differs natively between
// OLD and NEW). Subjects (subjects.ts): the WBS pair, mutants of grade.c and classify.c, mutants of
// Coreutils utilities; the Debian-patch pairs are debian.ts.
//
// Every run goes through the real CLI under `nice -n 10 /usr/bin/time` (CPU = user + sys of the child
// and its children). Resumable: one JSON per (pair, step) under benchmarks/results/dise/runs/, skipped
// when present; -j N pairs at once. Generated inputs and output directories go to --work (default
// /tmp/sympath-dise-work; never committed). The report is report.ts.
//
//   npx tsx benchmarks/dise/harness.ts [-j 2] [--small] [--coreutils echo,fold,...] [--mutants 10] [--sel-mutants N]

import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COREUTILS, coreutilsPairs, oneMutantSet, sh, smallPairs, type Ctx, type Pair } from './subjects.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESULTS = join(ROOT, 'benchmarks', 'results', 'dise');
export const RUNS = join(RESULTS, 'runs');
const SYMPATH = join(ROOT, 'bin/sympath.mjs');

export type Step = 'old' | 'full' | 'dise' | 'sel' | 'truth';

export interface RunRecord {
  pair: string;
  step: Step;
  exit: number | null;
  cpuSeconds: number;
  args: string[];
  mutant?: Pair['mutant'];
  stats?: { paths: { completed: number; errors: number; partial: number; pruned: number }; tests?: number; instructions?: number; pruning?: { dise?: Record<string, number | string> } };
  /** sel: the old tests (names without .ktest) DiSE selects, and how many old tests there were. */
  selected?: string[];
  oldTests?: number;
  newTests?: number;
  /** truth: the old tests whose native behaviour differs between OLD and NEW; unstable/timed-out ones. */
  differing?: string[];
  ignored?: string[];
  killStatus?: string;
  error?: string;
}

const recordFile = (pair: string, step: Step): string => join(RUNS, `${pair.replace(/\//g, '-')}-${step}.json`);

export function readRecord(pair: string, step: Step): RunRecord | undefined {
  const f = recordFile(pair, step);
  return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as RunRecord) : undefined;
}

export function writeRecord(r: RunRecord): void {
  mkdirSync(RUNS, { recursive: true });
  writeFileSync(recordFile(r.pair, r.step), `${JSON.stringify(r, null, 2)}\n`);
}

/** `sympath ARGS` under nice and GNU time: exit code, CPU seconds, stderr's tail. */
export async function timed(args: string[], work: string, env?: NodeJS.ProcessEnv): Promise<{ code: number | null; cpu: number; err: string; out: string }> {
  mkdirSync(work, { recursive: true });
  const time = join(work, 'time.txt');
  const r = await sh('nice', ['-n', '10', '/usr/bin/time', '-f', '%U %S', '-o', time, process.execPath, SYMPATH, ...args], env);
  const [u, s] = readFileSync(time, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  return { code: r.code, cpu: Math.round(((u ?? 0) + (s ?? 0)) * 100) / 100, err: r.err.slice(-2000), out: r.out };
}

function statsOf(dir: string): RunRecord['stats'] | undefined {
  const f = join(dir, 'stats.json');
  return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as RunRecord['stats']) : undefined;
}

const testName = (t: string): string => basename(t).replace(/\.ktest$/, '');

async function pipeline(p: Pair, work: string, selection: boolean): Promise<void> {
  const dir = join(work, 'out', p.name);
  const oldDir = join(dir, 'old');
  // OLD's exhaustive run: its tests are the old tests (kept in the work directory for sel and truth).
  // Not rerun only to refill the work directory when the pair's sel and truth are both recorded.
  const needTests = !(readRecord(p.name, 'sel') && readRecord(p.name, 'truth'));
  if (selection && (!readRecord(p.name, 'old') || (needTests && !existsSync(join(oldDir, 'stats.json'))))) await oldStep(p, dir, oldDir);
  for (const step of ['full', 'dise', 'sel'] as const) {
    if (readRecord(p.name, step) || (step === 'sel' && !selection)) continue;
    const out = join(dir, step);
    rmSync(out, { recursive: true, force: true });
    const extra = step === 'full' ? ['--no-dise'] : step === 'sel' ? ['--base-tests', oldDir] : [];
    const args = ['run', ...p.runArgs, '--output-dir', out, '--base', p.base, ...extra, p.program, ...p.progArgs];
    const r = await timed(args, join(dir, `${step}-time`));
    const stats = statsOf(out);
    const rec: RunRecord = { pair: p.name, step, exit: r.code, cpuSeconds: r.cpu, args, mutant: p.mutant, stats, ...(stats ? {} : { error: r.err }) };
    if (step === 'sel' && existsSync(join(out, 'test-selection.json'))) {
      const sel = JSON.parse(readFileSync(join(out, 'test-selection.json'), 'utf8')) as { selected: { test: string }[]; notSelected: unknown[]; newTests: unknown[] };
      rec.selected = sel.selected.map((t) => testName(t.test));
      rec.oldTests = sel.selected.length + sel.notSelected.length;
      rec.newTests = sel.newTests.length;
    }
    writeRecord(rec);
    rmSync(out, { recursive: true, force: true });
  }
  if (selection && p.kill && !readRecord(p.name, 'truth')) await truth(p, dir, oldDir);
}

/** A larger --max-time for regenerating the tests of an exhaustive OLD run: the load of the moment
 *  must not cut it (an exhaustive DFS explores the same paths whatever its budget). */
const REGEN_MAX_TIME = '900';

/** Same paths, tests and instructions: the rerun reproduced the recorded exhaustive run. */
const sameRun = (a: RunRecord['stats'], b: RunRecord['stats']): boolean =>
  JSON.stringify([a?.paths, a?.tests, a?.instructions]) === JSON.stringify([b?.paths, b?.tests, b?.instructions]);

/** The old step. When its record exists but the work directory lost OLD's tests (a fresh machine), the
 *  tests are regenerated and the record is kept if the rerun reproduces it. A record a budget cut
 *  (partial paths) or one not reproduced is replaced, and the pair's sel and truth records are
 *  removed so that they are rerun from the same old tests. */
async function oldStep(p: Pair, dir: string, oldDir: string): Promise<void> {
  const rec = readRecord(p.name, 'old');
  const exhaustive = rec?.stats !== undefined && rec.stats.paths.partial === 0;
  rmSync(oldDir, { recursive: true, force: true });
  let args = ['run', ...p.runArgs, '--search', 'dfs', '--output-dir', oldDir, p.oldProgram, ...p.progArgs];
  if (exhaustive) args = args.map((a, i) => (args[i - 1] === '--max-time' ? REGEN_MAX_TIME : a));
  const r = await timed(args, join(dir, 'old-time'));
  const stats = statsOf(oldDir);
  if (exhaustive && stats && sameRun(rec!.stats, stats)) return;
  if (rec) {
    process.stderr.write(`dise harness: ${p.name}: old tests regenerated (${exhaustive ? 'not reproduced' : 'the recorded run was cut'}): sel and truth rerun\n`);
    for (const step of ['sel', 'truth'] as const) rmSync(recordFile(p.name, step), { force: true });
  }
  writeRecord({ pair: p.name, step: 'old', exit: r.code, cpuSeconds: r.cpu, args, mutant: p.mutant, stats, ...(stats ? {} : { error: r.err }) });
}

/** The ground truth: `sympath kill` on OLD's tests with a mutant set of the one mutant. */
async function truth(p: Pair, dir: string, oldDir: string): Promise<void> {
  const k = p.kill!;
  const t = join(dir, 'truth');
  rmSync(t, { recursive: true, force: true });
  const tests = join(t, 'tests');
  cpSync(oldDir, tests, { recursive: true });
  for (const f of readdirSync(tests)) if (/\.(early|err|ptr\.err)$/.test(f)) rmSync(join(tests, f));
  if (!k.binaryBuild) {
    // OLD's run.json names the mutant's copy; kill wants the tests of the original program (the inputs
    // are the same: only the program kill builds as "original" is read from run.json).
    const set = JSON.parse(readFileSync(join(k.mutantsDir, 'mutants.json'), 'utf8')) as { source: string };
    const runJson = join(tests, 'run.json');
    writeFileSync(runJson, readFileSync(runJson, 'utf8').split(p.oldProgram).join(set.source));
  }
  const sub = oneMutantSet(k.mutantsDir, k.id, join(t, 'm'));
  const args = ['kill', tests, '--mutants', sub, '--json', '-j', '1', '--timeout', '5', ...(k.binaryBuild ? ['--binary-build', k.binaryBuild] : [])];
  const r = await timed(args, join(dir, 'truth-time'));
  const rec: RunRecord = { pair: p.name, step: 'truth', exit: r.code, cpuSeconds: r.cpu, args, mutant: p.mutant };
  const kj = join(tests, 'kill.json');
  if (existsSync(kj)) {
    const run = JSON.parse(readFileSync(kj, 'utf8')) as { tests: string[]; unstable: string[]; originalTimedOut: string[]; mutants: { status: string; killedBy: { test: string }[] }[] };
    rec.differing = run.mutants[0]!.killedBy.map((x) => testName(x.test));
    rec.ignored = [...run.unstable, ...run.originalTimedOut].map(testName);
    rec.killStatus = run.mutants[0]!.status;
    rec.oldTests = run.tests.length;
  } else rec.error = r.err;
  writeRecord(rec);
  rmSync(t, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const ctx: Ctx = { root: ROOT, work: resolve(opt('--work') ?? '/tmp/sympath-dise-work'), results: RESULTS, mutantsPerSubject: Number(opt('--mutants') ?? 10) };
  const jobs = Math.max(1, Number(opt('-j') ?? 2));
  const selMutants = Number(opt('--sel-mutants') ?? Infinity);
  const utils = opt('--coreutils')?.split(',') ?? (argv.includes('--small') ? [] : COREUTILS.map((c) => c.util));
  const pairs = [...(argv.includes('--small') || !opt('--coreutils') ? await smallPairs(ctx) : []), ...(await coreutilsPairs(ctx, utils))];
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      while (next < pairs.length) {
        const p = pairs[next++]!;
        try {
          // --sel-mutants N: regression test selection and its ground truth (the costly steps: the
          // concolic replay of every old test, native builds and runs) only for Coreutils mutants
          // m0001..mN; the small programs always.
          const id = /\/m(\d+)$/.exec(p.name);
          await pipeline(p, ctx.work, !p.name.startsWith('coreutils/') || !id || Number(id[1]) <= selMutants);
        } catch (e) {
          process.stderr.write(`dise harness: ${p.name}: ${(e as Error).message}\n`);
        }
        process.stderr.write(`dise harness: ${++done}/${pairs.length} ${p.name}\n`);
      }
    }),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
