// Time and memory of the static analyses (src/analysis) against the time to parse the same module:
// `analyzeModule(m, { eager: true })` (points-to, call graph and mod/ref, CFG, control dependence,
// reaching definitions, data dependence of every function), and, reported apart, potential dependence
// of every function (the PESO/DGSE relation, computed on demand in normal use). Target (issue 9): the
// analyses well under the time of parsing the module twice.
//
// Data dependence is built factored: every instruction's `groups` (data-dependence.ts), immutable
// segments whose edges, concatenated, are its dependence list, as SVF's formal-in/actual-in nodes stand
// between a function's uses and its call sites. The flat relation is a product: a use of memory reached
// from the function entry depends on every call site for every such location, and a call reads hundreds
// of locations with the same definitions (1.2 million edges in du, 7.3 million in the libc, 6.1 million
// of them mem-in). A segment is such a product, locations × instructions, over lists the analyses
// already hold (reaching-definitions arrays, call sites, the locations an instruction reads): 50k
// segments over 221k list entries for du, 68k over 291k for the libc. Eager analysis used to flatten
// every instruction's list (`of`); that cost is still measured, apart, in the `flatten ms` column (every
// instruction's `of`, after the eager analysis, which makes each edge object then), beside the flat edge
// count, so the figures stay comparable with the earlier ones (analyze + flatten).
//
// Workloads, each skipped when its input is missing: a csmith program (seed 7, -O0, the brief's
// default), the corpus test/fixtures/*.c compiled at -O0 (total over the files), a printf program
// linked with the musl libc (`llvm-link --only-needed`, when build/musl/libc.bc is there), Coreutils
// `du` (the largest utility's IR, when benchmarks/coreutils has been built), and the whole musl libc
// module (build/musl/libc.ll: a library on its own, every entry point a root, the worst case for
// points-to). Each measurement is the minimum over `--runs` (default 3) fresh parses, in process CPU
// time (see `ms`).
//
//   NODE_OPTIONS=--expose-gc npx tsx benchmarks/analysis.bench.ts [--runs N] [--only NAME] [--json]
// (--expose-gc lets each phase start without the previous one's garbage; the numbers are comparable
// only within one run, on an otherwise idle machine. The first run of a workload is mostly JIT
// warm-up, up to twice the later ones: the minimum needs 3 runs to be stable.)

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseModule } from '../src/ir/index.js';
import type { Module } from '../src/ir/model.js';
import { analyzeModule } from '../src/analysis/index.js';
import { pointsToOf } from '../src/analysis/points-to.js';
import { callGraphOf } from '../src/analysis/call-graph.js';
import { potentialDependenceOf } from '../src/analysis/potential-dependence.js';
import { dataDependenceOf } from '../src/analysis/data-dependence.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 3) || 3;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const asJson = args.includes('--json');
const work = mkdtempSync(join(tmpdir(), 'sympath-analysis-bench-'));

interface Workload {
  readonly name: string;
  /** Textual IR modules (the corpus is several). */
  readonly texts: () => string[];
}

function clang(src: string, out: string, extra: string[] = []): void {
  execFileSync('clang-19', ['-S', '-emit-llvm', '-g', '-O0', '-Xclang', '-disable-O0-optnone', '-w', ...extra, src, '-o', out], { stdio: 'pipe' });
}

function have(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

const workloads: Workload[] = [];
if (have('csmith') && have('clang-19')) {
  workloads.push({
    name: 'csmith-seed7',
    texts: () => {
      const c = join(work, 'csmith7.c');
      writeFileSync(c, execFileSync('csmith', ['--seed', '7'], { encoding: 'utf8' }));
      clang(c, join(work, 'csmith7.ll'), ['-I/usr/include/csmith']);
      return [readFileSync(join(work, 'csmith7.ll'), 'utf8')];
    },
  });
}
const corpus = join(root, 'test', 'fixtures');
if (have('clang-19') && existsSync(corpus)) {
  workloads.push({
    name: 'corpus-O0',
    texts: () =>
      readdirSync(corpus)
        .filter((f) => f.endsWith('.c'))
        .map((f) => {
          const out = join(work, `${f}.ll`);
          clang(join(corpus, f), out, ['-I', join(root, 'runtime', 'include')]);
          return readFileSync(out, 'utf8');
        }),
  });
}
const libcBc = join(root, 'build', 'musl', 'libc.bc');
if (have('clang-19') && existsSync(libcBc)) {
  workloads.push({
    name: 'printf+libc',
    texts: () => {
      const c = join(work, 'hello.c');
      writeFileSync(
        c,
        '#include <stdio.h>\n#include <string.h>\nint main(int argc, char **argv) {\n  char buf[64];\n' +
          '  snprintf(buf, sizeof buf, "%s-%d", argc > 1 ? argv[1] : "none", argc);\n' +
          '  if (strlen(buf) > 5) printf("long %s\\n", buf); else puts(buf);\n  return 0;\n}\n',
      );
      const bc = join(work, 'hello.bc');
      execFileSync('clang-19', ['-c', '-emit-llvm', '-g', '-O0', '-Xclang', '-disable-O0-optnone', '-nostdinc', '-isystem', join(root, 'build', 'musl', 'include'), c, '-o', bc], { stdio: 'pipe' });
      const out = join(work, 'hello-linked.ll');
      execFileSync('llvm-link-19', ['--only-needed', bc, libcBc, '-S', '-o', out], { stdio: 'pipe' });
      return [readFileSync(out, 'utf8')];
    },
  });
}
// The largest Coreutils utility (benchmarks/coreutils/build.sh builds their IR), linked with the libc.
const duBc = join(root, 'benchmarks', 'coreutils', 'build', 'ir', 'du.bc');
if (have('llvm-dis-19') && existsSync(duBc)) {
  workloads.push({ name: 'coreutils-du', texts: () => [execFileSync('llvm-dis-19', [duBc, '-o', '-'], { encoding: 'utf8', maxBuffer: 1 << 30 })] });
}
const libcLl = join(root, 'build', 'musl', 'libc.ll');
if (existsSync(libcLl)) workloads.push({ name: 'musl-libc', texts: () => [readFileSync(libcLl, 'utf8')] });

/** Collects garbage when node runs with --expose-gc, so one phase's garbage is not charged to the next. */
const gc = (globalThis as { gc?: () => void }).gc ?? ((): void => {});

/**
 * The process CPU time (user + system, ms) that f takes. Not wall time: on the shared 2-core machine
 * the benchmarks run on, wall time mostly measures the other tenants (parsing under a load of 10 took
 * five times its CPU time, the analyses two to three times, so wall-time ratios meant little).
 */
function ms(f: () => void): number {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

interface Row {
  workload: string;
  lines: number;
  instructions: number;
  parseMs: number;
  analyzeMs: number;
  ratioToTwoParses: number;
  pointsToMs: number;
  callGraphMs: number;
  flattenMs: number;
  edges: number;
  potentialMs: number;
  /** (analyze + potential) / 2 parses: the ratio if every function's potential dependence were eager too. */
  ratioWithPotential: number;
  heapMB: number;
}

const rows: Row[] = [];
for (const w of workloads) {
  if (only && w.name !== only) continue;
  const texts = w.texts();
  const parseAll = (): Module[] => texts.map((t, i) => parseModule(t, `${w.name}-${i}.ll`));
  let parseMs = Infinity;
  let analyzeMs = Infinity;
  let pointsToMs = Infinity;
  let callGraphMs = Infinity;
  let potentialMs = Infinity;
  let flattenMs = Infinity;
  let edges = 0;
  let heapMB = 0;
  let instructions = 0;
  for (let r = 0; r < runs; r++) {
    let mods: Module[] = [];
    gc();
    parseMs = Math.min(parseMs, ms(() => (mods = parseAll())));
    gc();
    // the same modules, analysed in stages: points-to, call graph + mod/ref, then the rest
    const before = process.memoryUsage().heapUsed;
    let pt = 0;
    let cg = 0;
    const total = ms(() => {
      for (const m of mods) {
        pt += ms(() => pointsToOf(m));
        cg += ms(() => callGraphOf(m));
        analyzeModule(m, { eager: true });
      }
    });
    heapMB = Math.max(heapMB, (process.memoryUsage().heapUsed - before) / 1e6);
    analyzeMs = Math.min(analyzeMs, total);
    pointsToMs = Math.min(pointsToMs, pt);
    callGraphMs = Math.min(callGraphMs, cg);
    gc();
    // what eager analysis did before the factored relation: every instruction's flat list
    edges = 0;
    flattenMs = Math.min(
      flattenMs,
      ms(() => {
        for (const m of mods) {
          for (const fn of analyzeModule(m).index.defined) {
            const dd = dataDependenceOf(m, fn);
            for (const b of fn.blocks) for (const inst of b.instructions) edges += dd.of(inst).length;
          }
        }
      }),
    );
    gc();
    potentialMs = Math.min(
      potentialMs,
      ms(() => {
        for (const m of mods) for (const fn of m.functions) if (!fn.isDeclaration) potentialDependenceOf(m, fn);
      }),
    );
    instructions = mods.reduce((n, m) => n + analyzeModule(m).index.instCount, 0);
  }
  rows.push({
    workload: w.name,
    lines: texts.reduce((n, t) => n + t.split('\n').length, 0),
    instructions,
    parseMs: Math.round(parseMs),
    analyzeMs: Math.round(analyzeMs),
    ratioToTwoParses: Math.round((analyzeMs / (2 * parseMs)) * 100) / 100,
    pointsToMs: Math.round(pointsToMs),
    callGraphMs: Math.round(callGraphMs),
    flattenMs: Math.round(flattenMs),
    edges,
    potentialMs: Math.round(potentialMs),
    ratioWithPotential: Math.round(((analyzeMs + potentialMs) / (2 * parseMs)) * 100) / 100,
    heapMB: Math.round(heapMB),
  });
}

if (asJson) {
  process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
} else {
  const head = ['workload', 'IR lines', 'insts', 'parse ms', 'analyze ms', 'analyze / 2 parses', 'points-to ms', 'call graph ms', 'flatten ms', 'dd edges', 'potential ms', 'with potential / 2 parses', 'heap MB'];
  const out = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    out.push(
      `| ${[r.workload, r.lines, r.instructions, r.parseMs, r.analyzeMs, r.ratioToTwoParses, r.pointsToMs, r.callGraphMs, r.flattenMs, r.edges, r.potentialMs, r.ratioWithPotential, r.heapMB].join(' | ')} |`,
    );
  }
  process.stdout.write(`${out.join('\n')}\n\n(process CPU time, minimum of ${runs} runs; analyze = analyzeModule eager, points-to and call graph included, data dependence factored; flattening every instruction's data dependences and potential apart)\n`);
}
