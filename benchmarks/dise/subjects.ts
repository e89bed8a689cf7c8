// The version pairs of the DiSE experiment (issue 18): the paper's WBS pair, mutants of the small
// programs of the DiSE tests (`--libc none`), mutants of GNU Coreutils 9.1 utilities (whole-program
// bitcode built by util-ir.sh, `--libc musl --posix-runtime`) and the Debian-patch pairs (debian.ts).
// OLD is always the mutant (or the unpatched source), NEW the original: DiSE explores NEW.

import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface Pair {
  /** family/subject/version, e.g. small/grade/m0003 or coreutils/cut/m0007 */
  name: string;
  /** --base OLD: a .c, .bc or DIR#ID */
  base: string;
  /** The program DiSE runs (NEW). */
  program: string;
  /** OLD as a program of its own (its exhaustive run gives the old tests). */
  oldProgram: string;
  /** Options before the program (libc, runtime, budget). */
  runArgs: string[];
  /** The program's symbolic inputs, after it. */
  progArgs: string[];
  /** How the ground truth is built (sympath kill): the mutant set and its id, and a build command. */
  kill?: { mutantsDir: string; id: string; binaryBuild?: string };
  /** A mutant's operator and line, for the tables. */
  mutant?: { operator: string; line: number; original: string; replacement: string };
}

export interface Ctx {
  root: string;
  /** Generated, uncommitted things: coreutils mutants, bitcode, output directories. */
  work: string;
  /** Committed results. */
  results: string;
  mutantsPerSubject: number;
}

export function sh(cmd: string, args: string[], env?: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: env ? { ...process.env, ...env } : process.env });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('close', (code) => done({ code, out, err }));
  });
}

interface MutantSetFile {
  mutants: { id: string; path: string; operator: string; line: number; original: string; replacement: string }[];
  byOperator?: unknown;
}

async function mutantSet(ctx: Ctx, file: string, dir: string, extra: string[]): Promise<MutantSetFile> {
  if (!existsSync(join(dir, 'mutants.json'))) {
    const r = await sh('nice', ['-n', '10', process.execPath, join(ctx.root, 'bin/sympath.mjs'), 'mutate', file, '--out', dir, '--max', String(ctx.mutantsPerSubject), '--seed', '1', '-j', '2', ...extra]);
    if (r.code !== 0) throw new Error(`mutate ${file}: ${r.err}`);
  }
  return JSON.parse(readFileSync(join(dir, 'mutants.json'), 'utf8')) as MutantSetFile;
}

const info = (m: MutantSetFile['mutants'][number]): Pair['mutant'] => ({ operator: m.operator, line: m.line, original: m.original, replacement: m.replacement });

/** The paper's WBS pair as a one-mutant set of wbs_new.c (mutant v1 = wbs_old.c), so that
 *  `sympath kill` gives its ground truth as for the mutants. */
function wbsAsMutantSet(ctx: Ctx, oldC: string, newC: string): string {
  const dir = join(ctx.work, 'small', 'wbs', 'm');
  mkdirSync(join(dir, 'v1'), { recursive: true });
  copyFileSync(oldC, join(dir, 'v1', basename(newC)));
  const mutant = { id: 'v1', operator: 'paper', line: 0, column: 0, original: 'wbs_new.c', replacement: 'wbs_old.c', path: join('v1', basename(newC)) };
  const set = { version: 1, source: newC, includes: [], defines: [], operators: [], seed: null, candidates: 1, compiled: 1, notCompiling: 0, equivalent: 0, mutants: [mutant], byOperator: {} };
  writeFileSync(join(dir, 'mutants.json'), JSON.stringify(set, null, 2));
  return dir;
}

/** The small programs: grade.c and classify.c of the tests, `--libc none`, exhaustive. */
export async function smallPairs(ctx: Ctx): Promise<Pair[]> {
  const { root } = ctx;
  const runArgs = ['--libc', 'none'];
  const wbsOld = join(root, 'test/fixtures/dise/wbs_old.c');
  const wbsNew = join(root, 'test/fixtures/dise/wbs_new.c');
  const out: Pair[] = [
    { name: 'small/wbs/v1', base: wbsOld, program: wbsNew, oldProgram: wbsOld, runArgs, progArgs: [], kill: { mutantsDir: wbsAsMutantSet(ctx, wbsOld, wbsNew), id: 'v1' } },
  ];
  const programs: [string, string, string[]][] = [
    ['grade', join(root, 'test/fixtures/dise/grade.c'), []],
    ['classify', join(root, 'test/fixtures/mutation/classify.c'), ['--function', 'classify']],
  ];
  for (const [name, file, extra] of programs) {
    const dir = join(ctx.work, 'small', name, 'm');
    const set = await mutantSet(ctx, file, dir, extra);
    mkdirSync(join(ctx.results, 'mutants'), { recursive: true });
    copyFileSync(join(dir, 'mutants.json'), join(ctx.results, 'mutants', `small-${name}.json`));
    for (const m of set.mutants) {
      out.push({ name: `small/${name}/${m.id}`, base: `${dir}#${m.id}`, program: file, oldProgram: join(dir, m.path), runArgs, progArgs: [], kill: { mutantsDir: dir, id: m.id }, mutant: info(m) });
    }
  }
  return out;
}

/** Coreutils utilities and their symbolic inputs (small enough for exhaustive DFS of most pairs). */
// (Single-file utilities only: cut also needs src/set-fields.c, which neither util-ir.sh nor
// mutant-build.sh link; its IR built without it left set_fields undefined.)
export const COREUTILS: { util: string; progArgs: string[] }[] = [
  { util: 'echo', progArgs: ['--sym-args', '0', '2', '2'] },
  { util: 'fold', progArgs: ['--sym-args', '0', '1', '2', '--sym-stdin', '2'] },
  { util: 'head', progArgs: ['--sym-args', '0', '1', '2', '--sym-stdin', '2'] },
  { util: 'wc', progArgs: ['--sym-args', '0', '1', '2', '--sym-stdin', '2'] },
  { util: 'paste', progArgs: ['--sym-args', '0', '1', '2', '--sym-stdin', '2'] },
];
/** Wall-clock budget of every Coreutils run (--max-time), in seconds. */
export const COREUTILS_MAX_TIME = '60';

/** Bitcode of SOURCE (a UTIL.c) into OUT, once. */
async function utilIR(ctx: Ctx, source: string, out: string): Promise<void> {
  if (existsSync(out)) return;
  mkdirSync(join(out, '..'), { recursive: true });
  const r = await sh('nice', ['-n', '10', 'bash', join(ctx.root, 'benchmarks/dise/util-ir.sh'), source, out]);
  if (r.code !== 0) throw new Error(`util-ir ${source}: ${r.err}`);
}

export async function coreutilsPairs(ctx: Ctx, utils: string[]): Promise<Pair[]> {
  const { root, work } = ctx;
  const S = join(root, 'build/src/coreutils-9.1');
  const O = join(root, 'benchmarks/coreutils/build/obj-ir');
  const includes = [O, S, join(O, 'lib'), join(S, 'lib'), join(O, 'src'), join(S, 'src'), join(root, 'build/musl/include')].flatMap((d) => ['-I', d]);
  const perUtil: Pair[][] = [];
  for (const { util, progArgs } of COREUTILS.filter((c) => utils.includes(c.util))) {
    const out: Pair[] = [];
    perUtil.push(out);
    const src = join(S, 'src', `${util}.c`);
    const dir = join(work, 'coreutils', util);
    const set = await mutantSet(ctx, src, join(dir, 'm'), includes);
    mkdirSync(join(ctx.results, 'mutants'), { recursive: true });
    copyFileSync(join(dir, 'm', 'mutants.json'), join(ctx.results, 'mutants', `coreutils-${util}.json`));
    const newBc = join(dir, 'new', `${util}.bc`);
    await utilIR(ctx, src, newBc);
    for (const m of set.mutants) {
      // Named UTIL.bc: `sympath kill --binary-build` checks the tests' program has the mutated file's name.
      const oldBc = join(dir, m.id, `${util}.bc`);
      await utilIR(ctx, join(dir, 'm', m.path), oldBc);
      out.push({
        name: `coreutils/${util}/${m.id}`,
        base: oldBc,
        program: newBc,
        oldProgram: oldBc,
        runArgs: ['--libc', 'musl', '--posix-runtime', '--max-time', COREUTILS_MAX_TIME],
        progArgs,
        kill: { mutantsDir: join(dir, 'm'), id: m.id, binaryBuild: join(root, 'benchmarks/coreutils/mutant-build.sh') },
        mutant: info(m),
      });
    }
  }
  // Round-robin over the utilities (m0001 of each, then m0002, ...): a run cut short by the deadline
  // still covers every utility.
  const longest = Math.max(0, ...perUtil.map((x) => x.length));
  return Array.from({ length: longest }, (_, k) => perUtil.map((x) => x[k]).filter((p): p is Pair => p !== undefined)).flat();
}

/** A mutant set holding only mutant `id` of DIR (a copy), so `sympath kill` builds only it. */
export function oneMutantSet(dir: string, id: string, into: string): string {
  const set = JSON.parse(readFileSync(join(dir, 'mutants.json'), 'utf8')) as MutantSetFile;
  const m = set.mutants.find((x) => x.id === id);
  if (!m) throw new Error(`${dir}: no mutant ${id}`);
  mkdirSync(join(into, id), { recursive: true });
  copyFileSync(join(dir, m.path), join(into, id, basename(m.path)));
  writeFileSync(join(into, 'mutants.json'), JSON.stringify({ ...set, mutants: [{ ...m, path: join(id, basename(m.path)) }] }, null, 2));
  return into;
}
