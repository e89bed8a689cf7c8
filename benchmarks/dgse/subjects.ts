// The DGSE experiment's subjects and configurations (issue 15, "Experiment"). Every run is
// `sympath run` through the real CLI (run-one.ts); a subject is a program plus the options and program
// arguments it needs, grouped as the report shows them:
//   fig4      the paper's Fig. 4 family, N independent if/else blocks (generated, as
//             test/strategies/dgse/paper.test.ts does);
//   paper     the paper's Fig. 2 (from its first input (2, 0, 1), and from all-zero bytes) and Fig. 5;
//   small     the small programs of benchmarks/pse/programs (with their -D defines, reused from
//             ../pse/subjects.ts) and benchmarks/sgs/subjects (their input shrunk with -D so that
//             exhaustive search finishes);
//   planted   planted-error programs: test/fixtures/symbolic/err_*.c and test/fixtures/pse/traps/*.c;
//   coreutils GNU Coreutils 9.1 utilities (musl, --posix-runtime), at one or two input sizes.
// Configurations: `dfs` (the forking engine, --search dfs), `concolic` (--driver concolic, the
// reference exhaustive concolic driver), `dgse` (--driver dgse), `dgse-check` (the same with
// --check-pruning: its own exhaustive DFS, so its time is not DGSE's), `dgse-no-interactive`
// (--dgse-dependences control,data,potential; not on Coreutils) and `startup` (--search dfs
// --max-instructions 1: compiling, linking, parsing and starting the solver, without exploring).

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SMALL_SUBJECTS as PSE_SMALL } from '../pse/subjects.js';

export { ROOT };

export type Group = 'fig4' | 'paper' | 'small' | 'planted' | 'coreutils';

export interface Subject {
  name: string;
  group: Group;
  /** The program file (.c or .bc); absent for a generated one (`text`). */
  file?: string;
  /** Generated C (the Fig. 4 family), written to the run's work folder. */
  text?: string;
  /** `sympath run` options for this subject (e.g. --libc none, -D X, --posix-runtime). */
  options: string[];
  /** Program arguments after the program (the POSIX model's --sym-args …). */
  args: string[];
  /** The DGSE configurations' first input, as 32-bit little-endian integers (--dgse-first-input). */
  firstInput?: { name: string; value: number }[];
  /** What the input is, in words (the report's subject list). */
  input: string;
}

export interface Config {
  name: string;
  flags: string[];
  /** Runs only where this holds (default: every subject). */
  applies?: (s: Subject) => boolean;
}

export const CONFIGS: Config[] = [
  { name: 'startup', flags: ['--search', 'dfs', '--max-instructions', '1'], applies: (s) => s.group !== 'planted' },
  { name: 'dfs', flags: ['--search', 'dfs'] },
  { name: 'concolic', flags: ['--driver', 'concolic'] },
  { name: 'dgse', flags: ['--driver', 'dgse'] },
  // Not on Coreutils: its exhaustive baseline is the dfs run again; there the error sites of the dfs and
  // concolic runs are compared instead.
  { name: 'dgse-check', flags: ['--driver', 'dgse', '--check-pruning'], applies: (s) => s.group !== 'coreutils' },
  { name: 'dgse-no-interactive', flags: ['--driver', 'dgse', '--dgse-dependences', 'control,data,potential'], applies: (s) => s.group !== 'coreutils' && s.group !== 'planted' },
];

const NONE = ['--libc', 'none'];

/** The Fig. 4 program with N blocks (the same text as test/strategies/dgse/paper.test.ts). */
export function fig4Program(n: number): string {
  const lines = ['#include <klee/klee.h>', 'int main(void) {'];
  for (let k = 0; k < n; k++) lines.push(`  int x${k}, a${k}; klee_make_symbolic(&x${k}, sizeof x${k}, "x${k}");`);
  for (let k = 0; k < n; k++) lines.push(`  if (x${k} > 0) a${k} = 1; else a${k} = 2;`);
  lines.push('  return 0;', '}', '');
  return lines.join('\n');
}

const FIG4: Subject[] = [4, 8, 12, 16].map((n) => ({ name: `fig4-n${n}`, group: 'fig4', text: fig4Program(n), options: NONE, args: [], input: `${n} symbolic ints` }));

const DGSE_FIX = join(ROOT, 'test', 'fixtures', 'dgse');
const PAPER: Subject[] = [
  {
    name: 'fig2',
    group: 'paper',
    file: join(DGSE_FIX, 'fig2.c'),
    options: NONE,
    args: [],
    firstInput: [
      { name: 'x', value: 2 },
      { name: 'y', value: 0 },
      { name: 'z', value: 1 },
    ],
    input: "x, y, z; DGSE's first input (2, 0, 1) as in the paper",
  },
  { name: 'fig2-zero-input', group: 'paper', file: join(DGSE_FIX, 'fig2.c'), options: NONE, args: [], input: 'x, y, z; first input all zero' },
  { name: 'fig5', group: 'paper', file: join(DGSE_FIX, 'fig5.c'), options: NONE, args: [], firstInput: [{ name: 'x', value: 2 }], input: "x; first input x = 2 as in the paper" },
];

/** benchmarks/sgs/subjects with their input shrunk (sgs.h: SGS_MAX_ARGS args of SGS_ARG_LEN characters,
 *  SGS_IN_LEN bytes of input, at least 1), sizes picked so that exhaustive DFS finishes in seconds. */
const SGS_SIZES: Record<string, [number, number, number]> = {
  cut: [2, 2, 2],
  echo: [2, 2, 2],
  expr: [2, 2, 1],
  printf: [1, 3, 2],
  seq: [1, 2, 1], // [2, 2, 1]: dfs, concolic and dgse all cut by --max-time 300
  test: [2, 2, 1],
  tr: [2, 2, 2],
  wc: [1, 2, 3],
};

const SMALL: Subject[] = [
  // diamonds-8 is left out: its 24,576 paths take exhaustive DFS past a few minutes on this machine.
  ...PSE_SMALL.filter((s) => s.name !== 'diamonds-8').map((s) => ({ name: `pse-${s.name}`, group: 'small' as const, file: s.file, options: [...NONE, ...s.defines.flatMap((d) => ['-D', d])], args: [], input: s.defines.length ? `-D ${s.defines.join(' -D ')}` : 'as written' })),
  ...Object.entries(SGS_SIZES).map(([name, [args, len, stdin]]) => ({
    name: `sgs-${name}`,
    group: 'small' as const,
    file: join(ROOT, 'benchmarks', 'sgs', 'subjects', `${name}.c`),
    options: [...NONE, '-D', `SGS_MAX_ARGS=${args}`, '-D', `SGS_ARG_LEN=${len}`, '-D', `SGS_IN_LEN=${stdin}`],
    args: [],
    input: `0-${args} args of ${len} chars, ${stdin} bytes of input`,
  })),
];

/** Planted errors. err_model.c is left out: its error is the forking engine's bound on symbolic-pointer
 *  targets (an engine option the CLI does not expose), which drivers never meet by design. */
function planted(): Subject[] {
  const out: Subject[] = [];
  const sym = join(ROOT, 'test', 'fixtures', 'symbolic');
  for (const f of readdirSync(sym).filter((f) => /^err_.*\.c$/.test(f) && f !== 'err_model.c').sort()) {
    out.push({ name: `err-${f.slice(4, -2)}`, group: 'planted', file: join(sym, f), options: f === 'err_overshift.c' ? [...NONE, '--check-overshift'] : NONE, args: [], input: 'fixture' });
  }
  const traps = join(ROOT, 'test', 'fixtures', 'pse', 'traps');
  for (const f of readdirSync(traps).filter((f) => f.endsWith('.c')).sort()) {
    out.push({ name: `trap-${f.slice(0, -2)}`, group: 'planted', file: join(traps, f), options: NONE, args: [], input: 'fixture' });
  }
  return out;
}

/** Coreutils input sizes: "s" for every utility, "m" for those whose exhaustive runs finish in minutes. */
export const COREUTILS_SIZES: Record<string, string[]> = {
  s: ['--sym-args', '0', '1', '2', '--sym-stdin', '2'],
  m: ['--sym-args', '0', '2', '2', '--sym-stdin', '2'],
};

/** Utilities and the sizes they run at (picked by hand: see the report). */
export const COREUTILS: Record<string, string[]> = {
  basename: ['s', 'm'],
  dirname: ['s', 'm'],
  echo: ['s', 'm'],
  false: ['s', 'm'],
  true: ['s', 'm'],
  nice: ['s'],
  printenv: ['s'],
  pwd: ['s'],
  hostid: ['s'],
  tty: ['s'],
  // Left out: sleep (exhaustive DFS still running after 120 s at size s), yes (prints forever: no path
  // ends), and link, logname, sync, uname, unlink, whoami: exhaustive DFS finishes at size s (~390-430
  // paths, 13-20 CPU s) but they share hostid's and tty's option parsing, where DGSE runs the same paths
  // as the concolic driver and takes ~3 CPU minutes (static analysis and dynamic dependence): two of the
  // family are enough to show it, and the experiment's time went elsewhere.
};

function coreutils(): Subject[] {
  const dir = join(ROOT, 'benchmarks', 'coreutils', 'build', 'ir');
  const out: Subject[] = [];
  for (const [u, sizes] of Object.entries(COREUTILS)) {
    for (const size of sizes) {
      const args = COREUTILS_SIZES[size]!;
      out.push({ name: `cu-${u}-${size}`, group: 'coreutils', file: join(dir, `${u}.bc`), options: ['--posix-runtime'], args, input: args.join(' ') });
    }
  }
  return out;
}

export const SUBJECTS: Subject[] = [...FIG4, ...PAPER, ...SMALL, ...planted(), ...coreutils()];

/** One run's record (results/dgse/runs/<subject>/<config>.json). */
export interface RunRecord {
  subject: string;
  config: string;
  /** `git rev-parse --short HEAD` of the tree the run came from. */
  commit?: string;
  /** The `sympath run` arguments (program paths relative to the repository). */
  command: string;
  exitCode: number | null;
  /** GNU time: user + system CPU seconds of sympath and its children (clang, llvm-link, native Z3). */
  cpuSeconds: number;
  /** GNU time: elapsed seconds. */
  elapsedSeconds: number;
  peakRssMB: number;
  /** stats.json's wallSeconds: the exploration alone. */
  exploreSeconds: number;
  haltReason: string | null;
  paths: { completed: number; errors: number; partial: number; pruned: number };
  tests: number;
  instructions: number;
  /** `kind@file:line` of each error site (paths relative to the repository). */
  errors: string[];
  linesCovered: number;
  linesTotal: number;
  solver: { queries: number; z3Queries: number; cacheHits: number; seconds: number };
  /** stats.json's driver section (drivers only). */
  driver: Record<string, unknown> | null;
  /** check-pruning.json (dgse-check only). */
  checkPruning: { lostErrors: string[]; lostLines: string[]; baselineHalted?: string } | null;
  /** The last lines of stderr when the run failed (exit code other than 0 and 3). */
  failure?: string;
}
