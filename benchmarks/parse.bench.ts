// `npm run bench:parse`: parsing speed of the IR front end in lines per second (parse + lowering), on
//  1. the linked musl libc module (build/musl/libc.ll, ~110,000 lines) when the libc build has run;
//  2. the C corpus (test/fixtures/*.c) compiled by clang-19 at -O0/-O1/-O2 and clang-14 at -O0 —
//     ~150 modules, together well over 50,000 lines, each parsed once per round.
// Each workload gets one cold round (includes JIT warm-up: what a single `sympath run` pays) and
// several warm rounds (median reported). CPU time is shown next to wall time because the machine may
// be shared. Target: ≥ 200,000 lines/s.
//
// Options: --dist measures the tsc build the CLI runs (dist/, `npm run build`) instead of the sources
// through tsx (tsx transforms file by file, so const enums are not inlined across files and the
// sources run somewhat slower than the build). --rounds N (default 5).

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const args = process.argv.slice(2);
const useDist = args.includes('--dist');
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 5;
const TARGET = 200_000;

type ParseModule = (text: string, file: string) => unknown;

async function loadParser(): Promise<ParseModule> {
  const path = useDist ? join(root, 'dist', 'ir', 'index.js') : join(root, 'src', 'ir', 'index.ts');
  if (!existsSync(path)) throw new Error(`${path} is missing (run 'npm run build' for --dist)`);
  const mod = (await import(pathToFileURL(path).href)) as { parseModule: ParseModule };
  return mod.parseModule;
}

/** Compiles the corpus into a cache directory (kept between runs, rebuilt when a source is newer). */
function buildCorpus(): string[] {
  const fixtures = join(root, 'test', 'fixtures');
  const cache = join(tmpdir(), 'sympath-bench-parse');
  mkdirSync(cache, { recursive: true });
  const configs: [string, string, string[]][] = [
    ['O0', 'clang-19', ['-O0', '-Xclang', '-disable-O0-optnone']],
    ['O1', 'clang-19', ['-O1']],
    ['O2', 'clang-19', ['-O2']],
  ];
  if (existsSync('/usr/bin/clang-14')) configs.push(['c14', 'clang-14', ['-O0']]);
  const out: string[] = [];
  for (const src of readdirSync(fixtures).filter((f) => f.endsWith('.c')).sort()) {
    const c = join(fixtures, src);
    for (const [tag, cc, flags] of configs) {
      const ll = join(cache, `${basename(src, '.c')}.${tag}.ll`);
      if (!existsSync(ll) || statSync(ll).mtimeMs < statSync(c).mtimeMs) {
        execFileSync(cc, ['-S', '-emit-llvm', '-g', '-w', ...flags, '-I', join(root, 'runtime', 'include'), c, '-o', ll]);
      }
      out.push(ll);
    }
  }
  return out;
}

function countLines(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

interface Round {
  wall: number;
  cpu: number;
}

function timeRound(parse: ParseModule, inputs: { text: string; file: string }[]): Round {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (const { text, file } of inputs) parse(text, file);
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1e6 };
}

function rate(lines: number, seconds: number): string {
  return `${Math.round(lines / seconds / 1000).toLocaleString('en-US')}k lines/s`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main(): Promise<void> {
  const parse = await loadParser();
  const workloads: { name: string; inputs: { text: string; file: string }[] }[] = [];
  const libc = join(root, 'build', 'musl', 'libc.ll');
  if (existsSync(libc)) workloads.push({ name: 'musl libc.ll (one module)', inputs: [{ text: readFileSync(libc, 'utf8'), file: libc }] });
  const corpus = buildCorpus();
  workloads.push({ name: `corpus (${corpus.length} modules)`, inputs: corpus.map((f) => ({ text: readFileSync(f, 'utf8'), file: f })) });

  console.log(`sympath parse benchmark — ${useDist ? 'dist/ (tsc build)' : 'src/ through tsx'}, node ${process.version}`);
  let worst = Infinity;
  for (const w of workloads) {
    const lines = w.inputs.reduce((n, i) => n + countLines(i.text), 0);
    const cold = timeRound(parse, w.inputs);
    const warm: Round[] = [];
    for (let r = 0; r < rounds; r++) warm.push(timeRound(parse, w.inputs));
    const wallMed = median(warm.map((r) => r.wall));
    const cpuMed = median(warm.map((r) => r.cpu));
    worst = Math.min(worst, lines / wallMed);
    console.log(`\n${w.name}: ${lines.toLocaleString('en-US')} lines`);
    console.log(`  cold  ${cold.wall.toFixed(3)} s  ${rate(lines, cold.wall)}  (cpu ${rate(lines, cold.cpu)})`);
    console.log(`  warm  ${wallMed.toFixed(3)} s  ${rate(lines, wallMed)}  (cpu ${rate(lines, cpuMed)}), median of ${rounds}`);
  }
  console.log(`\ntarget ${rate(TARGET, 1)} (warm, wall): ${worst >= TARGET ? 'met' : 'NOT met'}`);
}

await main();
