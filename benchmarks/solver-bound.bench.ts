// Solver-bound Coreutils runs (`npm run bench:solver-bound`; issue 20 item 2): an older commit and this
// tree on the same utilities with KLEE's OSDI'08 arguments,
//
//   --posix-runtime --only-output-states-covering-new UTIL.bc
//   --sym-args 0 1 10 --sym-args 0 2 2 --sym-files 1 8 --sym-stdin 8 --sym-stdout
//
// for --time seconds each (default 180), the two builds of one utility started together (-j 2, the
// default) so both see the same machine load, utilities one after another, the order of the pair
// alternating. Reported per run (from stats.json and GNU time): completed paths, partial paths,
// queries reaching the chain and Z3, solver seconds and their share of wall time, instructions,
// IR line coverage, CPU seconds (user + system of sympath and its z3), peak RSS. With --query-logs,
// each run's SYMPATH_QUERY_LOG is kept beside its output and replayed through `z3 -in` afterwards:
// the CPU seconds Z3 alone needs for the run's queries (the solver benchmark on a run's own queries).
//
// Needs benchmarks/coreutils/build/ir/UTIL.bc (benchmarks/coreutils/build.sh with COREUTILS_UTILS).
// The old commit is extracted with `git archive` into a scratch folder, given copies of this tree's
// node_modules and build/ (musl, the POSIX model), and built (about a minute); --base-dir DIR uses
// an already built tree instead.
//
// Options: --base REV (default: the merge base of HEAD and main) | --base-dir DIR, --time S,
//          --utils wc,seq (default), -j 1|2, --query-logs, --out DIR (bench.md, bench.json there).

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { git, ROOT, writeReport } from './lib/whole-process.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const time = Number(opt('--time') ?? 180);
const utils = (opt('--utils') ?? 'wc,seq').split(',');
const jobs = Number(opt('-j') ?? 2);
const queryLogs = argv.includes('--query-logs');
const outDir = opt('--out');
const KLEE_ARGS = ['--sym-args', '0', '1', '10', '--sym-args', '0', '2', '2', '--sym-files', '1', '8', '--sym-stdin', '8', '--sym-stdout'];

const work = mkdtempSync(join(tmpdir(), 'sympath-solver-bound-'));
let baseDir = opt('--base-dir');
let baseRev = baseDir ? `tree ${baseDir}` : (opt('--base') ?? git('merge-base', 'HEAD', 'main'));
if (!baseDir) {
  baseDir = join(work, 'base');
  mkdirSync(baseDir, { recursive: true });
  execFileSync('bash', ['-c', `git archive ${baseRev} | tar -x -C '${baseDir}'`], { cwd: ROOT });
  cpSync(join(ROOT, 'node_modules'), join(baseDir, 'node_modules'), { recursive: true });
  cpSync(join(ROOT, 'build'), join(baseDir, 'build'), { recursive: true });
  // The copied build/musl is this tree's: an older commit whose musl patches differ gets its own libc.
  const sameMusl = spawnSync('diff', ['-r', '-q', join(ROOT, 'runtime', 'musl'), join(baseDir, 'runtime', 'musl')]).status === 0;
  if (!sameMusl) {
    process.stderr.write(`bench:solver-bound: building ${baseRev}'s own musl (its patches differ)\n`);
    execFileSync('bash', [join(baseDir, 'scripts', 'musl', 'build.sh')], { cwd: baseDir, stdio: 'inherit', env: { ...process.env, MUSL_FORCE: '1' } });
  }
  process.stderr.write(`bench:solver-bound: building ${baseRev} in ${baseDir}\n`);
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: baseDir, stdio: 'inherit' });
  baseRev = git('rev-parse', '--short', baseRev);
}
execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
const headRev = git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') ? '+dirty' : '');

interface Run {
  util: string;
  build: 'base' | 'new';
  rev: string;
  command: string;
  exit: number | null;
  wall: number;
  cpu: number;
  peakRssMB: number;
  completed: number;
  partial: number;
  errors: number;
  tests: number;
  instructions: number;
  queries: number;
  z3Queries: number;
  solverSeconds: number;
  solverShare: number;
  linesCovered: number;
  linesTotal: number;
  z3ReplayCpu?: number;
}

function runOne(util: string, build: 'base' | 'new'): Promise<Run> {
  const tree = build === 'base' ? baseDir! : ROOT;
  const out = join(work, `${util}-${build}`);
  rmSync(out, { recursive: true, force: true });
  const bc = join(ROOT, 'benchmarks', 'coreutils', 'build', 'ir', `${util}.bc`);
  const args = [join(tree, 'bin', 'sympath.mjs'), 'run', '--output-dir', out, '--max-time', String(time), '--posix-runtime',
    '--only-output-states-covering-new', bc, ...KLEE_ARGS];
  const timeFile = join(work, `${util}-${build}.time`);
  const log = join(work, `${util}-${build}.log`);
  const env = { ...process.env };
  const qlog = join(work, `${util}-${build}.smt2`);
  if (queryLogs) env.SYMPATH_QUERY_LOG = qlog;
  const command = `/usr/bin/time -f '%e %U %S %M' -o TIME node ${args.join(' ')}`;
  return new Promise((done) => {
    const p = spawn('/usr/bin/time', ['-f', '%e %U %S %M', '-o', timeFile, process.execPath, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('exit', (code) => {
      writeFileSync(log, stderr);
      const [wall, user, sys, rssKb] = readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
      const s = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
      const run: Run = {
        util, build, rev: build === 'base' ? baseRev : headRev, command, exit: code, wall: wall!, cpu: user! + sys!,
        peakRssMB: Math.round(rssKb! / 1024), completed: s.paths.completed, partial: s.paths.partial, errors: s.paths.errors,
        tests: s.tests, instructions: s.instructions, queries: s.solver.queries, z3Queries: s.solver.z3Queries,
        solverSeconds: s.solver.seconds, solverShare: s.solver.seconds / s.wallSeconds,
        linesCovered: s.coverage.linesCovered, linesTotal: s.coverage.linesTotal,
      };
      if (queryLogs && existsSync(qlog)) {
        const t = join(work, `${util}-${build}.z3time`);
        execFileSync('bash', ['-c', `/usr/bin/time -f '%U %S' -o '${t}' z3 -in < '${qlog}' > /dev/null || true`]);
        const [u, sy] = readFileSync(t, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
        run.z3ReplayCpu = u! + sy!;
      }
      process.stderr.write(`bench:solver-bound: ${util} ${build}: ${run.completed} completed, ${run.z3Queries} z3 queries, solver ${run.solverSeconds.toFixed(1)} s\n`);
      done(run);
    });
  });
}

const runs: Run[] = [];
const load: number[] = [];
for (const [i, util] of utils.entries()) {
  const order: ('base' | 'new')[] = i % 2 === 0 ? ['base', 'new'] : ['new', 'base'];
  load.push(loadavg()[0]!);
  if (jobs >= 2) runs.push(...(await Promise.all(order.map((b) => runOne(util, b)))));
  else for (const b of order) runs.push(await runOne(util, b));
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const rows = runs.map((r) =>
  `| ${r.util} | ${r.build} (${r.rev}) | ${r.completed} | ${r.partial} | ${r.tests} | ${r.instructions} | ${r.queries} | ${r.z3Queries} | ${r.solverSeconds.toFixed(1)} (${pct(r.solverShare)}) | ${r.linesCovered}/${r.linesTotal} (${pct(r.linesCovered / r.linesTotal)}) | ${r.cpu.toFixed(1)} | ${r.wall.toFixed(1)} | ${r.peakRssMB} |${r.z3ReplayCpu !== undefined ? ` ${r.z3ReplayCpu.toFixed(1)} |` : ''}`,
);
const md = [
  `# Solver-bound Coreutils runs: ${baseRev} (base) against ${headRev} (new)`,
  '',
  `${time} s per run, KLEE's OSDI'08 arguments, default searcher; ${jobs >= 2 ? 'base and new of a utility started together' : 'one run at a time'}; load average at the start of each pair: ${load.map((l) => l.toFixed(1)).join(', ')}.`,
  '',
  `| utility | build | completed | partial | tests | instructions | queries | Z3 queries | solver s (share of wall) | IR lines covered | CPU s | wall s | peak RSS MB |${queryLogs ? ' Z3 replay CPU s |' : ''}`,
  `|---|---|---|---|---|---|---|---|---|---|---|---|---|${queryLogs ? '---|' : ''}`,
  ...rows,
  '',
  'Command per run (TIME: GNU time output; KLEE\'s arguments as above):',
  '',
  '```',
  runs[0]?.command.replace(/\/tmp\/[^ ]*/g, (m) => m.replace(work, '$WORK')) ?? '',
  '```',
  '',
].join('\n');
writeReport(md, { base: baseRev, head: headRev, time, load, runs }, outDir, 2);
process.stderr.write(`bench:solver-bound: outputs kept in ${work}\n`);
