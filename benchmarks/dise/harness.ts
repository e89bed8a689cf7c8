// The DiSE experiment (issue 18), first part: the paper's Table II shape — per version pair, states and
// path conditions of full exploration of NEW (`--base OLD --no-dise`: exhaustive DFS, every path
// classified) against DiSE (`--base OLD`), and CPU time — on the paper's WBS pair and on mutants
// (`sympath mutate`, OLD = mutant, NEW = original) of the small programs of the DiSE tests. Every run
// goes through the real CLI under /usr/bin/time (CPU = user + sys of the child). Resumable: one JSON per
// (pair, configuration) under benchmarks/results/dise/runs/, skipped when present; -j N child processes.
// The report (benchmarks/results/dise/README.md) is rebuilt from whatever runs exist.
//
//   npx tsx benchmarks/dise/harness.ts [-j 2] [--mutants 4] [--report-only]
//
// Not here yet (src/strategies/dise/README.md, "Not done"): Coreutils mutants, the Debian-patch pairs,
// regression test selection against the kill ground truth.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESULTS = join(ROOT, 'benchmarks', 'results', 'dise');
const RUNS = join(RESULTS, 'runs');
const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const jobs = Number(opt('-j') ?? 2);
const perProgram = Number(opt('--mutants') ?? 4);

interface Pair {
  /** subject/version, e.g. grade/m0003 */
  name: string;
  old: string;
  new: string;
}

interface Record {
  pair: string;
  config: 'full' | 'dise';
  exit: number | null;
  cpuSeconds: number;
  stats?: { paths: { completed: number; errors: number; partial: number; pruned: number }; pruning?: { dise?: { [k: string]: number | string } } };
}

function sh(cmd: string, args: string[]): Promise<{ code: number | null; err: string }> {
  return new Promise((done) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('close', (code) => done({ code, err }));
  });
}

async function pairs(): Promise<Pair[]> {
  const out: Pair[] = [{ name: 'wbs/v1', old: join(ROOT, 'test/fixtures/dise/wbs_old.c'), new: join(ROOT, 'test/fixtures/dise/wbs_new.c') }];
  const programs: [string, string, string[]][] = [
    ['grade', join(ROOT, 'test/fixtures/dise/grade.c'), []],
    ['classify', join(ROOT, 'test/fixtures/mutation/classify.c'), ['--function', 'classify']],
  ];
  for (const [name, file, extra] of programs) {
    const dir = join(RESULTS, 'mutants', name);
    if (!existsSync(join(dir, 'mutants.json'))) {
      const r = await sh(process.execPath, [join(ROOT, 'bin/sympath.mjs'), 'mutate', file, '--out', dir, '--max', String(perProgram), '--seed', '1', ...extra]);
      if (r.code !== 0) throw new Error(`mutate ${file}: ${r.err}`);
    }
    const set = JSON.parse(readFileSync(join(dir, 'mutants.json'), 'utf8')) as { mutants: { id: string }[] };
    for (const m of set.mutants) out.push({ name: `${name}/${m.id}`, old: `${dir}#${m.id}`, new: file });
  }
  return out;
}

async function runOne(p: Pair, config: 'full' | 'dise'): Promise<void> {
  const file = join(RUNS, `${p.name.replace('/', '-')}-${config}.json`);
  if (existsSync(file)) return;
  const work = mkdtempSync(join(tmpdir(), 'dise-bench-'));
  try {
    const out = join(work, 'out');
    const time = join(work, 'time');
    const args = ['-f', '%U %S', '-o', time, process.execPath, join(ROOT, 'bin/sympath.mjs'), 'run', '--libc', 'none', '--output-dir', out, '--base', p.old, ...(config === 'full' ? ['--no-dise'] : []), p.new];
    const r = await sh('/usr/bin/time', args);
    const [u, s] = readFileSync(time, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
    const rec: Record = { pair: p.name, config, exit: r.code, cpuSeconds: Math.round(((u ?? 0) + (s ?? 0)) * 100) / 100 };
    if (existsSync(join(out, 'stats.json'))) rec.stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
    mkdirSync(RUNS, { recursive: true });
    writeFileSync(file, `${JSON.stringify(rec, null, 2)}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function report(): void {
  if (!existsSync(RUNS)) return;
  const recs = readdirSync(RUNS).map((f) => JSON.parse(readFileSync(join(RUNS, f), 'utf8')) as Record);
  const by = new Map<string, { full?: Record; dise?: Record }>();
  for (const r of recs) by.set(r.pair, { ...by.get(r.pair), [r.config]: r });
  const rows = [...by.entries()].sort(([a], [b]) => a.localeCompare(b));
  const ratio = (a: number, b: number): string => (b > 0 ? (a / b).toFixed(1) : '-');
  const lines = [
    '# DiSE: full exploration of NEW vs DiSE (Table II shape)',
    '',
    'Generated by `npx tsx benchmarks/dise/harness.ts` (see its header). OLD = mutant, NEW = original',
    '(wbs/v1: the paper\'s WBS pair). "Full" = `--base OLD --no-dise` (exhaustive DFS); PCs of full',
    'exploration are all its paths, of DiSE its affected path conditions. Time is CPU seconds of the whole',
    '`sympath run` (compiling both versions and the impact analysis included). `--libc none`.',
    '',
    '| pair | changed | impacted | CPU s DiSE | CPU s full | states DiSE | states full | ratio | PCs DiSE | PCs full | ratio | pruned siblings |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [pair, { full, dise }] of rows) {
    const d = dise?.stats?.pruning?.dise;
    const f = full?.stats?.pruning?.dise;
    if (!d || !f) {
      lines.push(`| ${pair} | failed (exit ${dise?.exit ?? '-'} / ${full?.exit ?? '-'}) |`);
      continue;
    }
    const n = (x: unknown): number => Number(x ?? 0);
    lines.push(
      `| ${pair} | ${n(d.changedInstructions)} | ${n(d.impactedInstructions)} | ${dise!.cpuSeconds} | ${full!.cpuSeconds} | ${n(d.states)} | ${n(f.states)} | ${ratio(n(f.states), n(d.states))} | ${n(d.affectedPathConditions)} | ${n(f.paths)} | ${ratio(n(f.paths), n(d.affectedPathConditions))} | ${n(d.prunedSiblings)} |`,
    );
  }
  writeFileSync(join(RESULTS, 'README.md'), `${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  if (!argv.includes('--report-only')) {
    const todo = (await pairs()).flatMap((p) => (['dise', 'full'] as const).map((c) => () => runOne(p, c)));
    let next = 0;
    await Promise.all(Array.from({ length: Math.max(1, jobs) }, async () => {
      while (next < todo.length) await todo[next++]!();
    }));
  }
  report();
}

await main();
