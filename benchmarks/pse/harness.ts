// The PSE experiment (issue 8) through `sympath experiment`: this script only writes the two specs again
// with this invocation's budget, utilities and results folders (absolute paths, as spec.json in each
// results folder), runs them, and makes the report (report.ts) from their cells. The matrix is the specs':
// pse.experiment.json (the 10 small subjects: DFS with and without PSE, the heuristics' ablation, other
// searchers on two subjects; 78 cells) and pse-coreutils.experiment.json (Coreutils utilities that
// `make coreutils` built: dfs, dfs+pse, dfs+pse-pin). Resumable as every experiment: one result file per
// cell in RESULTS/cells/, skipped when there (delete one to rerun it).
//
//   npx tsx benchmarks/pse/harness.ts [-j 2] [--max-time 120] [--coreutils echo,basename|all|none]
//                                     [--subjects a,b] [--results DIR] [--report-only]
//
// Results: benchmarks/results/pse-experiment (small) and pse-coreutils-experiment, or DIR/small and
// DIR/coreutils; the report (README.md, table4.svg, ablation.svg) in the small subjects' folder (or DIR).
// --coreutils: default the list coreutils.txt (echo, basename) when benchmarks/coreutils/build/ir exists;
// `all`: every utility built. --subjects: only these small subjects (a check on a part of the matrix). The committed benchmarks/results/pse page is from the retired harness's
// runs/ (`npx tsx benchmarks/pse/report.ts` rebuilds it).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from './subjects.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const HERE = join(ROOT, 'benchmarks', 'pse');
const IR = join(ROOT, 'benchmarks', 'coreutils', 'build', 'ir');
const jobs = opt('-j') ?? '2';
const maxTime = Number(opt('--max-time') ?? 120);
const given = opt('--results');
const smallResults = given ? join(resolve(given), 'small') : join(ROOT, 'benchmarks', 'results', 'pse-experiment');
const cuResults = given ? join(resolve(given), 'coreutils') : join(ROOT, 'benchmarks', 'results', 'pse-coreutils-experiment');
const out = given ? resolve(given) : smallResults;

/** The utilities of the Coreutils spec, or [] for none (not built, or --coreutils none). */
function utilities(): string[] {
  const want = opt('--coreutils');
  if (want === 'none' || !existsSync(join(IR, 'utilities.txt'))) {
    if (want !== undefined && want !== 'none') throw new Error(`harness: --coreutils ${want}: no ${join(IR, 'utilities.txt')}; run 'make coreutils' first`);
    return [];
  }
  const lines = (f: string): string[] => readFileSync(f, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  const list = want === undefined ? lines(join(HERE, 'coreutils.txt')) : want === 'all' ? lines(join(IR, 'utilities.txt')) : want.split(',');
  const missing = list.filter((u) => !existsSync(join(IR, `${u}.bc`)));
  if (missing.length > 0 && want !== 'all') throw new Error(`harness: not built: ${missing.map((u) => `${u}.bc`).join(', ')} (in ${IR})`);
  return list.filter((u) => !missing.includes(u));
}

/** The spec `name` with this run's budget and folder, its relative paths made absolute; its file. */
function writeSpec(name: string, results: string, edit: (s: Record<string, any>) => void = () => {}): string {
  const s = JSON.parse(readFileSync(join(HERE, name), 'utf8')) as Record<string, any>;
  delete s.$schema;
  s.results = results;
  s.budget = { maxTime };
  for (const p of s.programs as { files: string[] }[]) p.files = p.files.map((f) => resolve(HERE, f));
  edit(s);
  const only = opt('--subjects')?.split(',');
  if (only && name === 'pse.experiment.json') {
    s.programs = (s.programs as { name: string }[]).filter((p) => only.includes(p.name));
    type Strategy = { programs?: string[] };
    for (const st of s.strategies as Strategy[]) if (st.programs) st.programs = st.programs.filter((p) => only.includes(p));
    s.strategies = (s.strategies as Strategy[]).filter((st) => !st.programs || st.programs.length > 0);
  }
  mkdirSync(results, { recursive: true });
  const file = join(results, 'spec.json');
  writeFileSync(file, `${JSON.stringify(s, null, 2)}\n`);
  return file;
}

function experiment(spec: string): void {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), 'experiment', spec, '-j', jobs], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`harness: sympath experiment ${spec}: exit ${r.status ?? r.signal}`);
}

const folders = [smallResults];
if (!argv.includes('--report-only')) {
  experiment(writeSpec('pse.experiment.json', smallResults));
  const utils = utilities();
  if (utils.length > 0) {
    mkdirSync(cuResults, { recursive: true });
    const list = join(cuResults, 'utilities.txt');
    writeFileSync(list, `${utils.join('\n')}\n`);
    experiment(writeSpec('pse-coreutils.experiment.json', cuResults, (s) => (s.programs[0].each = list)));
  } else {
    process.stderr.write('harness: no Coreutils cells (not built, or --coreutils none)\n');
  }
}
if (existsSync(join(cuResults, 'cells'))) folders.push(cuResults);
const r = spawnSync(process.execPath, ['--import', 'tsx', join(HERE, 'report.ts'), ...folders.flatMap((f) => ['--results', f]), '--out', out], { stdio: 'inherit' });
process.exit(r.status ?? 1);
