// PSE's overhead (`npm run bench:pse`, issue 19): the postcondition pruner's weakest-precondition walks
// and subsumption checks on fixed workloads — the small subjects of benchmarks/pse/programs and, when
// their IR exists, Coreutils' echo and basename (the paper's setting, --sym-args 0 2 2 --sym-stdin 2) —
// for two builds of the engine in one run: the base commit (a git worktree of it, made on first use
// under the system's temp directory) and this tree, run alternately (base, new, new with the back-off,
// DFS; the order rotates per repetition) so the machine's load falls on all alike.
//
// Per run (benchmarks/pse/bench-worker.ts, a process of its own running the CLI of that tree): CPU
// seconds of the process (user + system; the native solver is a child process and not included), the
// pruner's own timers (wp = the backward walks, check = subsumption checks including the solver's
// answer; both wall clock inside the process), walk events, checks. Printed per subject: events per
// wp-second, µs per check, (wp + check) / CPU, and the ratios new/base and PSE/DFS in CPU time.
//
//   npm run bench:pse -- [--quick] [--reps R] [--base REF] [--subjects a,b] [--no-coreutils] [--max-time S]
//
// "new" runs with --no-pse-backoff when this tree has that option, so its walks are the same workload as
// the base's (same paths, same events) and events/s compare like for like; "new+backoff" is the default.
// A base that has the back-off runs without it too.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const quick = argv.includes('--quick');
const REPS = Number(opt('--reps') ?? (quick ? 1 : 2));
/** The commit issue 19's work started from (main before it). */
const BASE = opt('--base') ?? 'b3e9b5b';
const MAX_TIME = Number(opt('--max-time') ?? 300);

interface Subject {
  name: string;
  args: string[];
}

const PROGRAMS = join(ROOT, 'benchmarks', 'pse', 'programs');
const small = (name: string, file: string, defines: string[] = []): Subject => ({
  name,
  args: ['--libc', 'none', ...defines.flatMap((d) => ['-D', d]), join(PROGRAMS, file)],
});
const SMALL: Subject[] = [
  small('independent-4x4', 'independent.c', ['K=4', 'M=4']),
  small('independent-5x5-work', 'independent.c', ['K=5', 'M=5', 'WORK=200']),
  small('diamonds-6', 'diamonds.c', ['N=6']),
  small('args', 'args.c'),
  small('wc', 'wc.c'),
  small('tokens', 'tokens.c'),
  small('date', 'date.c'),
  small('machine', 'machine.c'),
];
const IR = join(ROOT, 'benchmarks', 'coreutils', 'build', 'ir');
const COREUTILS: Subject[] = ['echo', 'basename']
  .filter((u) => existsSync(join(IR, `${u}.bc`)))
  .map((u) => ({ name: `coreutils-${u}`, args: ['--posix-runtime', join(IR, `${u}.bc`), '--sym-args', '0', '2', '2', '--sym-stdin', '2'] }));

let subjects = quick ? SMALL.filter((s) => ['independent-5x5-work', 'args', 'wc', 'date'].includes(s.name)) : [...SMALL, ...(argv.includes('--no-coreutils') ? [] : COREUTILS)];
const only = opt('--subjects')?.split(',');
if (only) subjects = [...SMALL, ...COREUTILS].filter((s) => only.includes(s.name));

/** The paper's heuristics, all on (as benchmarks/pse's "dfs+pse"). */
const PSE = ['--prune', 'postcondition', '--pse-first-instance-only', '--pse-simplify', '--pse-reuse-wp', '--pse-max-summary-size', '200'];

interface Build {
  name: string;
  root: string;
  flags: string[];
}

/** A worktree of `ref` (detached), with this tree's dependencies and prebuilt runtimes linked in. */
function baseTree(ref: string): string {
  const sha = execFileSync('git', ['rev-parse', ref], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `sympath-pse-base-${sha.slice(0, 12)}`);
  if (!existsSync(join(dir, 'src'))) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: ROOT, stdio: 'ignore' });
  }
  const link = (rel: string): void => {
    const from = join(ROOT, rel);
    const to = join(dir, rel);
    if (existsSync(from) && !existsSync(to)) symlinkSync(resolve(from), to);
  };
  link('node_modules');
  for (const rel of ['build/musl', 'build/posix', 'benchmarks/coreutils/build']) {
    execFileSync('mkdir', ['-p', dirname(join(dir, rel))]);
    link(rel);
  }
  return dir;
}

/** Whether the tree at `root` has the back-off (then "base" and "new" both run without it: one workload). */
const backoffIn = (root: string): boolean => readFileSync(join(root, 'src', 'strategies', 'postcondition', 'manifest.ts'), 'utf8').includes('--no-pse-backoff');
const hasBackoff = backoffIn(ROOT);
const baseRoot = baseTree(BASE);
const builds: Build[] = [
  { name: 'base', root: baseRoot, flags: backoffIn(baseRoot) ? [...PSE, '--no-pse-backoff'] : PSE },
  { name: 'new', root: ROOT, flags: hasBackoff ? [...PSE, '--no-pse-backoff'] : PSE },
  ...(hasBackoff ? [{ name: 'new+backoff', root: ROOT, flags: PSE }] : []),
  { name: 'dfs', root: ROOT, flags: [] },
];

interface Sample {
  cpu: number;
  wp: number;
  check: number;
  events: number;
  checks: number;
  paths: number;
  pruned: number;
}

function runOnce(b: Build, s: Subject): Sample {
  const work = mkdtempSync(join(tmpdir(), 'sympath-pse-bench-'));
  try {
    const out = join(work, 'r.json');
    const args = ['run', '--output-dir', join(work, 'out'), '--search', 'dfs', '--max-time', String(MAX_TIME), ...b.flags, ...s.args];
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'benchmarks', 'pse', 'bench-worker.ts'), b.root, out, '--', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
      maxBuffer: 1 << 30,
    });
    if (!existsSync(out)) throw new Error(`${b.name} on ${s.name} failed:\n${r.stderr.slice(-2000)}`);
    const j = JSON.parse(readFileSync(out, 'utf8'));
    const p = j.stats?.paths ?? {};
    return {
      cpu: j.cpuSeconds,
      wp: j.pse?.wpSeconds ?? 0,
      check: j.pse?.checkSeconds ?? 0,
      events: j.pse?.walkEvents ?? 0,
      checks: j.pse?.checks ?? 0,
      paths: (p.completed ?? 0) + (p.errors ?? 0) + (p.partial ?? 0) + (p.pruned ?? 0),
      pruned: p.pruned ?? 0,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const f = (x: number, d = 2): string => (Number.isFinite(x) ? x.toFixed(d) : '-');

process.stdout.write(`bench:pse — base ${BASE.slice(0, 12)} (${builds[0]!.root}) vs this tree; ${REPS} repetition(s), alternating; CPU s of the sympath process\n\n`);
const rows: string[] = [];
const ratios: { events: number[]; cpu: number[]; vsDfs: number[]; vsDfsBackoff: number[] } = { events: [], cpu: [], vsDfs: [], vsDfsBackoff: [] };
for (const s of subjects) {
  const samples = new Map<string, Sample[]>(builds.map((b) => [b.name, []]));
  for (let rep = 0; rep < REPS; rep++) {
    for (let k = 0; k < builds.length; k++) {
      const b = builds[(k + rep) % builds.length]!;
      samples.get(b.name)!.push(runOnce(b, s));
    }
  }
  const med = (b: string, k: keyof Sample): number => median(samples.get(b)!.map((x) => x[k]));
  const first = rows.length;
  for (const b of builds) {
    const cpu = med(b.name, 'cpu');
    const wp = med(b.name, 'wp');
    const check = med(b.name, 'check');
    const events = med(b.name, 'events');
    const checks = med(b.name, 'checks');
    rows.push(
      `| ${s.name} | ${b.name} | ${med(b.name, 'paths')} | ${med(b.name, 'pruned')} | ${f(cpu)} | ${f(wp)} | ${events} | ${b.name === 'dfs' ? '-' : f(events / wp / 1000, 1)} | ${checks} | ${b.name === 'dfs' ? '-' : f((1e6 * check) / checks, 0)} | ${b.name === 'dfs' ? '-' : `${f((100 * (wp + check)) / cpu, 0)}%`} |`,
    );
  }
  const evs = (b: string): number => med(b, 'events') / med(b, 'wp');
  ratios.events.push(evs('new') / evs('base'));
  ratios.cpu.push(med('base', 'cpu') / med('new', 'cpu'));
  ratios.vsDfs.push(med('dfs', 'cpu') / med('new', 'cpu'));
  if (hasBackoff) ratios.vsDfsBackoff.push(med('dfs', 'cpu') / med('new+backoff', 'cpu'));
  process.stdout.write(
    `${rows.slice(first).join('\n')}\n${s.name}: events/s new/base ${f(evs('new') / evs('base'))}×, CPU base/new ${f(med('base', 'cpu') / med('new', 'cpu'))}×, speed vs DFS: base ${f(med('dfs', 'cpu') / med('base', 'cpu'))}× new ${f(med('dfs', 'cpu') / med('new', 'cpu'))}×${hasBackoff ? ` new+backoff ${f(med('dfs', 'cpu') / med('new+backoff', 'cpu'))}×` : ''}\n`,
  );
}
const geo = (xs: number[]): number => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
process.stdout.write('\n| subject | build | paths | pruned | CPU s | wp s | walk events | k events / wp s | checks | µs / check | (wp+check) / CPU |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n');
process.stdout.write(`${rows.join('\n')}\n\n`);
process.stdout.write(`geometric means: events/s new/base ${f(geo(ratios.events))}×; CPU base/new ${f(geo(ratios.cpu))}×; PSE speed vs DFS (new) ${f(geo(ratios.vsDfs))}×${hasBackoff ? `, with back-off ${f(geo(ratios.vsDfsBackoff))}×` : ''}\n`);
