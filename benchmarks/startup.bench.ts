// Start-up cost of the CLI (`npm run bench:startup`; issue 20 item 1): whole `sympath` processes of an
// older commit and of this tree, alternately in one run, so both see the same machine load.
//
// Cases: `sympath --help`; `sympath run` on `int main(void){return 0;}` with musl (the default) with a
// warm toolchain cache and with an empty one (cold: clang and llvm-link run again), the cache being
// SYMPATH_TOOLCHAIN_CACHE alone — SYMPATH_CACHE_DIR would also move musl and the environment layer out
// of the tree's build/, and every cold run would build musl again; the same program with `--libc none`,
// warm. The old commit has no toolchain cache, so its warm and cold are the same work. Figures are CPU
// seconds (user + system of sympath and every process it waited for: clang, llvm-link, z3), from GNU
// time, and wall seconds; the table gives medians and the ratio new/old of the median CPU. Bare
// `node -e 0` is measured alongside as the floor.
//
// The old commit is extracted with `git archive` into a scratch folder, given this tree's node_modules
// and build/musl by symbolic links, and built with tsc (about 40 s).
//
// Options: --base REV (default: the merge base of HEAD and main), --runs N (default 7),
//          --out DIR (write bench.md and bench.json there, e.g. benchmarks/results/startup).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { comparisonCells, ensureCurrentBundle, git, measure as measureIn, prepareBaseTree, resetCodeCaches, ROOT, sympathIn, type Sample, writeReport } from './lib/whole-process.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const baseRev = opt('--base') ?? git('merge-base', 'HEAD', 'main');
const runs = Number(opt('--runs') ?? 7);
const outDir = opt('--out');

const work = mkdtempSync(join(tmpdir(), 'sympath-startup-bench-'));
const trivial = join(work, 'trivial.c');
writeFileSync(trivial, 'int main(void){return 0;}\n');

// --- the old tree, and this tree's bundle current --------------------------------------------------
const base = prepareBaseTree(baseRev, work, 'bench:startup');
await ensureCurrentBundle();

const measure = (cmd: string[], env: Record<string, string> = {}): Sample => measureIn(cmd, { cwd: work, env });

const warmCache = join(work, 'cache-warm');
let coldN = 0;
let outN = 0;
const sympath = sympathIn;
const runArgs = (extra: string[] = []): string[] => ['run', '--output-dir', join(work, `out-${++outN}`), ...extra, trivial];

interface Case {
  name: string;
  command: string;
  make(tree: string): { cmd: string[]; env: Record<string, string> };
}

const cases: Case[] = [
  { name: 'node -e 0 (floor)', command: 'node -e 0', make: () => ({ cmd: [process.execPath, '-e', '0'], env: {} }) },
  { name: '--help', command: 'sympath --help', make: (t) => ({ cmd: sympath(t, ['--help']), env: {} }) },
  {
    name: 'run trivial.c, warm cache',
    command: 'sympath run --output-dir OUT trivial.c',
    make: (t) => ({ cmd: sympath(t, runArgs()), env: { SYMPATH_TOOLCHAIN_CACHE: warmCache } }),
  },
  {
    name: 'run trivial.c, cold cache',
    command: 'sympath run --output-dir OUT trivial.c (empty SYMPATH_TOOLCHAIN_CACHE)',
    make: (t) => ({ cmd: sympath(t, runArgs()), env: { SYMPATH_TOOLCHAIN_CACHE: join(work, `cache-cold-${++coldN}`) } }),
  },
  {
    name: 'run --libc none trivial.c, warm',
    command: 'sympath run --libc none --output-dir OUT trivial.c',
    make: (t) => ({ cmd: sympath(t, runArgs(['--libc', 'none'])), env: { SYMPATH_TOOLCHAIN_CACHE: warmCache } }),
  },
];

// One unmeasured run of each tree first: the old tree's layer (build/posix), the warm cache, and code
// caches written by the same runs in both (resetCodeCaches).
for (const tree of [base, ROOT]) {
  resetCodeCaches(tree);
  for (const c of cases.slice(2)) measure(c.make(tree).cmd, c.make(tree).env);
}

const samples = new Map<string, { old: Sample[]; new: Sample[] }>(cases.map((c) => [c.name, { old: [], new: [] }]));
for (let i = 0; i < runs; i++) {
  for (const c of cases) {
    const order: ['old' | 'new', string][] = i % 2 === 0 ? [['old', base], ['new', ROOT]] : [['new', ROOT], ['old', base]];
    for (const [which, tree] of order) {
      const { cmd, env } = c.make(tree);
      samples.get(c.name)![which].push(measure(cmd, env));
    }
  }
  for (let k = 1; k <= outN; k++) rmSync(join(work, `out-${k}`), { recursive: true, force: true });
  process.stderr.write(`bench:startup: round ${i + 1}/${runs}\n`);
}

const head = git('rev-parse', '--short', 'HEAD');
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '' ? ' (with uncommitted changes)' : '';
const lines = [
  `# Start-up: ${baseRev.slice(0, 7)} (old) against ${head}${dirty} (new)`,
  '',
  `Command: \`npm run bench:startup -- --base ${baseRev.slice(0, 7)} --runs ${runs}${outDir ? ` --out ${outDir}` : ''}\``,
  `(${new Date().toISOString()}, node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at the end).`,
  `${runs} rounds, old and new alternating (order swapped every round); medians; CPU = user + system of the`,
  'whole process tree (GNU time), in seconds.',
  '',
  '| case | command | old CPU s | new CPU s | new/old CPU | old wall s | new wall s |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
];
const json: Record<string, unknown> = { base: baseRev, head, runs, node: process.version, cases: {} };
for (const c of cases) {
  const s = samples.get(c.name)!;
  lines.push(`| ${c.name} | \`${c.command}\` | ${comparisonCells(s).cells} |`);
  (json.cases as Record<string, unknown>)[c.name] = { command: c.command, old: s.old, new: s.new };
}
writeReport(`${lines.join('\n')}\n`, json, outDir);
rmSync(work, { recursive: true, force: true });
