// Whole-process time of `sympath run` on the test corpus and on Csmith programs (`npm run bench:whole-process`;
// issue 20 item 4): an older commit and this tree, alternately in one run, so both see the same load. KLEE is
// not on this machine, so the figures are sympath's own: absolute CPU and wall seconds of each process and
// the ratio new/old (KLEE's, measured elsewhere, are in the issue: 1.9-28x sympath's on these programs).
//
// Programs: every symbolic test program of test/fixtures/symbolic (exhaustive DFS, musl, as a user runs
// them) and Csmith programs of seeds 1..N (concrete; Debian's csmith, `-I /usr/include/csmith`). Engine
// throughput inside one process (instructions/s, concrete and symbolic) is `npm run bench:engine`.
//
// Options: --base REV (default: the merge base of HEAD and main), --runs N (rounds, default 3),
//          --csmith N (seeds 1..N, default 6), --out DIR (bench.md and bench.json there).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { comparisonCells, ensureCurrentBundle, geomean, git, measure, prepareBaseTree, resetCodeCaches, ROOT, sympathIn, type Sample, writeReport } from './lib/whole-process.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const baseRev = opt('--base') ?? git('merge-base', 'HEAD', 'main');
const runs = Number(opt('--runs') ?? 3);
const csmithSeeds = Number(opt('--csmith') ?? 6);
const outDir = opt('--out');
const CSMITH_INCLUDE = '/usr/include/csmith';

const work = mkdtempSync(join(tmpdir(), 'sympath-whole-process-'));
const base = prepareBaseTree(baseRev, work, 'bench:whole-process');
await ensureCurrentBundle();

interface Program {
  name: string;
  kind: 'symbolic' | 'csmith';
  args: string[];
}

const corpus = join(ROOT, 'test', 'fixtures', 'symbolic');
const programs: Program[] = readdirSync(corpus)
  .filter((f) => f.endsWith('.c'))
  // a fixture with an `// OPTIONS:` line needs engine options the CLI spells differently: left out
  .filter((f) => !/^\/\/ OPTIONS:/m.test(readFileSync(join(corpus, f), 'utf8')))
  .sort()
  .map((f) => ({ name: f, kind: 'symbolic' as const, args: ['--search', 'dfs', join(corpus, f)] }));
for (let seed = 1; seed <= csmithSeeds; seed++) {
  const src = join(work, `csmith-${seed}.c`);
  writeFileSync(src, execFileSync('csmith', ['--seed', String(seed)]));
  programs.push({ name: `csmith seed ${seed}`, kind: 'csmith', args: ['-I', CSMITH_INCLUDE, '--max-time', '120', src] });
}

let outN = 0;
const runOnce = (tree: string, p: Program): Sample =>
  // exit 0, or 5 never (no --exit-on-error): an error path is a finding, not a failure
  measure(sympathIn(tree, ['run', '--output-dir', join(work, `out-${++outN}`), ...p.args]), { cwd: work });

// One unmeasured run of each tree: the toolchain caches, the old tree's environment layer, and code caches
// written by the same run in both (resetCodeCaches).
for (const tree of [base, ROOT]) {
  resetCodeCaches(tree);
  runOnce(tree, programs[0]!);
}

const samples = new Map<string, { old: Sample[]; new: Sample[] }>(programs.map((p) => [p.name, { old: [], new: [] }]));
for (let i = 0; i < runs; i++) {
  for (const p of programs) {
    const order: ['old' | 'new', string][] = i % 2 === 0 ? [['old', base], ['new', ROOT]] : [['new', ROOT], ['old', base]];
    for (const [which, tree] of order) samples.get(p.name)![which].push(runOnce(tree, p));
  }
  for (let k = 1; k <= outN; k++) rmSync(join(work, `out-${k}`), { recursive: true, force: true });
  process.stderr.write(`bench:whole-process: round ${i + 1}/${runs}\n`);
}

const head = git('rev-parse', '--short', 'HEAD');
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '' ? ' (with uncommitted changes)' : '';
const lines = [
  `# Whole-process time: ${baseRev.slice(0, 7)} (old) against ${head}${dirty} (new)`,
  '',
  `Command: \`npm run bench:whole-process -- --base ${baseRev.slice(0, 7)} --runs ${runs} --csmith ${csmithSeeds}${outDir ? ` --out ${outDir}` : ''}\``,
  `(${new Date().toISOString()}, node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at the end).`,
  `${runs} rounds, old and new alternating (order swapped every round); medians; CPU = user + system of the`,
  'whole process tree (GNU time), in seconds. Symbolic programs: `sympath run --search dfs P.c` (musl);',
  'Csmith: `sympath run -I /usr/include/csmith --max-time 120 P.c`.',
  '',
  '| program | old CPU s | new CPU s | new/old CPU | old wall s | new wall s |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
];
const ratios: Record<string, number[]> = { symbolic: [], csmith: [] };
const json: Record<string, unknown> = { base: baseRev, head, runs, node: process.version, programs: {} };
for (const p of programs) {
  const s = samples.get(p.name)!;
  const { oldCpu, newCpu, cells } = comparisonCells(s);
  ratios[p.kind]!.push(newCpu / oldCpu);
  lines.push(`| ${p.name} | ${cells} |`);
  (json.programs as Record<string, unknown>)[p.name] = { kind: p.kind, old: s.old, new: s.new };
}
lines.push('', `Geometric mean of new/old CPU: symbolic programs ${geomean(ratios.symbolic!).toFixed(2)}, Csmith ${ratios.csmith!.length ? geomean(ratios.csmith!).toFixed(2) : '-'}.`);
writeReport(`${lines.join('\n')}\n`, json, outDir);
rmSync(work, { recursive: true, force: true });
