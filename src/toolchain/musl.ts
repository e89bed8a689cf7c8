// The libc path of the toolchain: programs compiled against musl's headers and linked with musl in
// LLVM IR (build/musl, `make musl`; runtime/musl/README.md) and with the environment layer — the POSIX
// model (runtime/posix, --posix-runtime) or the same model built bare (no symbolic files; argv as
// given). A program links in two steps, as musl's README says: the program, crt1.bc and the layer whole,
// then `--only-needed` libc.bc (only the libc functions the program reaches).
//
// The layer's IR is built on demand into the cache's posix/ (a few seconds) and cached by modification
// time and by its flags (posix/<layer>.flags); when the cache's musl/ is missing it is built (about 40 s,
// once), with a message. The cache is the repository's build/ in a checkout, else a user cache
// directory (cache-dir.ts).

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { UserError } from '../cli/user-error.js';
import { cacheGet, cacheKey, cachePut } from './cache.js';
import { cachedLink } from './cached-link.js';
import { findTool, runTool, toolIdentity } from './tools.js';
import { cacheDir, withCacheLock } from './cache-dir.js';

/** Where the pieces live: the sources under the package root, what is built under the cache directory (cache-dir.ts). */
export function muslPaths(root: string): { dir: string; libc: string; crt1: string; include: string; posixSrc: string; posixOut: string } {
  const cache = cacheDir(root);
  return {
    dir: join(cache, 'musl'),
    libc: join(cache, 'musl', 'libc.bc'),
    crt1: join(cache, 'musl', 'crt1.bc'),
    include: join(cache, 'musl', 'include'),
    posixSrc: join(root, 'runtime', 'posix'),
    posixOut: join(cache, 'posix'),
  };
}

/** The environment layer linked with a musl program. */
export type EnvLayer = 'posix' | 'bare';

/**
 * The layer is compiled without optimisation (-O0, optnone off): at -O1 clang turns the model's small
 * branches on symbolic data (a permission bit, a file type) into `select`s, so one path would carry a
 * symbolic file descriptor or pointer where KLEE's model forks into one path per outcome.
 */
const LAYER_FLAGS = ['-O0', '-Xclang', '-disable-O0-optnone', '-fno-pic', '-fno-stack-protector', '-D_GNU_SOURCE', '-w'];
/**
 * __FILE__ relative to the checkout (`runtime/posix/fd.c`): the layer's strings held the absolute path,
 * so two checkouts' layers differed in length, and with it every later address and the exploration
 * (an A/B of two worktrees of one commit explored different paths until they shared posix.bc).
 */
const layerPathFlags = (root: string): string[] => [`-fmacro-prefix-map=${root}/=`];
/**
 * …but its locals are promoted to registers (opt's mem2reg, which changes no branch): at -O0 every
 * local and argument was a stack object of each state, spilled and reloaded at every use —
 * `__sympath_syscall` alone spilled its ten arguments on every system call. KLEE's POSIX runtime is
 * likewise built optimised.
 */
const LAYER_PASSES = 'mem2reg';

let resourceDir: string | undefined;

/**
 * clang-19's own header folder (compiler headers musl lacks: stdarg.h's builtins, intrinsics). Kept in
 * the toolchain cache under clang's identity: asking clang costs a process on every run.
 */
async function clangResourceInclude(): Promise<string> {
  if (resourceDir === undefined) {
    const key = cacheKey('clang-resource-dir', [toolIdentity('clang')]);
    resourceDir = cacheGet(key)?.data.toString('utf8');
    if (resourceDir === undefined) {
      resourceDir = (await runTool('clang', ['-print-resource-dir'], 'asking clang-19 for its resource folder')).stdout.trim();
      cachePut(key, resourceDir);
    }
  }
  return join(resourceDir, 'include');
}

/** clang arguments that compile against musl's headers instead of the system's. */
export async function muslClangArgs(root: string): Promise<string[]> {
  return ['-nostdinc', '-isystem', muslPaths(root).include, '-isystem', await clangResourceInclude()];
}

let building: Promise<void> | undefined;

/**
 * Makes sure the cache's musl/ holds libc.bc, crt1.bc and the headers: when they are missing, builds
 * them (fetches Debian's musl source once and builds it, ~40 s), telling `log` first — in a checkout
 * with `make musl` into build/, as before; elsewhere with scripts/musl/build.sh into the cache
 * directory. Under the cache's lock: a second process waits, then finds musl built.
 */
export async function ensureMusl(root: string, log: (text: string) => void = (t) => process.stderr.write(t)): Promise<void> {
  const p = muslPaths(root);
  const ready = (): boolean => existsSync(p.libc) && existsSync(p.crt1) && existsSync(join(p.include, 'stdio.h'));
  if (ready()) return;
  const cache = dirname(p.dir);
  const viaMake = cache === join(root, 'build');
  building ??= withCacheLock(cache, 'musl', async () => {
    if (ready()) return;
    log(`sympath: ${p.dir} is missing: building musl into LLVM IR (about 40 s, once)\n`);
    try {
      if (viaMake) await promisify(execFile)('make', ['--no-print-directory', '-C', root, 'musl'], { maxBuffer: 64 << 20 });
      else {
        await promisify(execFile)('bash', [join(root, 'scripts', 'musl', 'build.sh')], {
          maxBuffer: 64 << 20,
          // The script's tool names are Debian's; the ones sympath found (SYMPATH_CLANG, …) go with it.
          env: { ...process.env, SYMPATH_BUILD_ROOT: cache, ...toolEnv() },
        });
      }
    } catch (e) {
      const out = `${(e as { stdout?: string }).stdout ?? ''}${(e as { stderr?: string }).stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
      const how = viaMake ? `run \`make musl\` in ${root}` : `see the messages above (the cache directory is ${cache}; SYMPATH_CACHE_DIR moves it)`;
      throw new UserError(`${out}\nsympath: building musl failed; ${how} (it needs Debian's deb-src mirror and dpkg-dev), or use --libc none`);
    }
    if (!ready()) throw new UserError(`sympath: building musl did not produce ${p.libc}; ${viaMake ? `run \`make musl\` in ${root}` : `delete ${p.dir} and retry`} and check its output`);
  });
  try {
    await building;
  } finally {
    building = undefined;
  }
}

/** CLANG, LLVM_LINK, LLVM_DIS, LLVM_NM for scripts/musl/build.sh: the tools sympath itself runs. */
function toolEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, tool] of [['CLANG', 'clang'], ['LLVM_LINK', 'llvm-link'], ['LLVM_DIS', 'llvm-dis'], ['LLVM_NM', 'llvm-nm']] as const) {
    const path = findTool(tool);
    if (path !== undefined) env[name] = path;
  }
  return env;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}

/**
 * The environment layer's IR (build/posix/posix.bc or bare.bc), rebuilt when a runtime/posix source, the
 * KLEE header or musl's headers are newer. Written through a temporary name and renamed, so parallel
 * runs never read half a file.
 */
export async function envLayerBitcode(root: string, layer: EnvLayer): Promise<string> {
  const p = muslPaths(root);
  const out = join(p.posixOut, `${layer}.bc`);
  const sources = readdirSync(p.posixSrc).filter((f) => f.endsWith('.c')).sort();
  const inputs = [
    ...readdirSync(p.posixSrc).map((f) => join(p.posixSrc, f)),
    join(root, 'runtime', 'include', 'klee', 'klee.h'),
    join(p.include, 'stdio.h'),
  ];
  // The flags are recorded beside the layer (not judged by this file's date: in the bundled CLI that
  // changes with every build, and each change cost a rebuild of the layer).
  const flags = JSON.stringify([...LAYER_FLAGS, ...layerPathFlags('ROOT'), `opt -passes=${LAYER_PASSES}`, layer]);
  const flagsFile = join(p.posixOut, `${layer}.flags`);
  const upToDate = (): boolean => {
    const built = mtime(out);
    return built >= 0 && inputs.every((f) => mtime(f) <= built) && readText(flagsFile) === flags;
  };
  if (upToDate()) return out;
  // Under the cache's lock: a second process waits, then finds the layer built.
  return withCacheLock(p.posixOut, layer, async () => (upToDate() ? out : buildLayer(root, layer, out, sources, flags, flagsFile)));
}

async function buildLayer(root: string, layer: EnvLayer, out: string, sources: readonly string[], flags: string, flagsFile: string): Promise<string> {
  const p = muslPaths(root);
  mkdirSync(p.posixOut, { recursive: true });
  const tag = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const musl = await muslClangArgs(root);
  const objs = await Promise.all(
    sources.map(async (src) => {
      const obj = join(p.posixOut, `${layer}-${src.replace(/\.c$/, '')}.${tag}.bc`);
      await runTool(
        'clang',
        [...LAYER_FLAGS, ...layerPathFlags(root), ...(layer === 'bare' ? ['-DSYMPATH_BARE'] : []), ...musl, '-I', join(root, 'runtime', 'include'),
          '-emit-llvm', '-c', join(p.posixSrc, src), '-o', obj],
        `compiling the POSIX model (${src})`,
      );
      return obj;
    }),
  );
  const tmp = join(p.posixOut, `${layer}.${tag}.bc`);
  const linked = join(p.posixOut, `${layer}.${tag}.linked.bc`);
  await runTool('llvm-link', [...objs, '-o', linked], 'linking the POSIX model');
  await runTool('opt', [`-passes=${LAYER_PASSES}`, linked, '-o', tmp], 'promoting the POSIX model\'s locals to registers');
  rmSync(linked, { force: true });
  renameSync(tmp, out);
  const tmpFlags = `${flagsFile}.${tag}`;
  writeFileSync(tmpFlags, flags);
  renameSync(tmpFlags, flagsFile);
  for (const o of objs) rmSync(o, { force: true });
  return out;
}

/** Whether an IR file already holds musl's start-up code (a module sympath linked before). */
export async function isMuslLinked(file: string): Promise<boolean> {
  if (file.endsWith('.ll')) return /^define [^\n]*@__sympath_start\(/m.test(readFileSync(file, 'utf8'));
  const { stdout } = await runTool('llvm-nm', ['--defined-only', '--just-symbol-name', file], `listing the symbols of ${file}`);
  return stdout.split('\n').some((l) => l.trim() === '__sympath_start');
}

/**
 * Links the program's IR files (already compiled) with crt1, the environment layer and musl into one
 * textual module at `out`. With `mayBeLinked`, a single input that is already linked with musl (an
 * output directory's program.ll, say) is copied as it is.
 */
export async function linkWithMusl(
  root: string,
  inputs: readonly string[],
  out: string,
  layer: EnvLayer,
  work: string,
  mayBeLinked = false,
): Promise<void> {
  const p = muslPaths(root);
  if (mayBeLinked && inputs.length === 1 && (await isMuslLinked(inputs[0]!))) {
    await runTool('llvm-link', ['-S', inputs[0]!, '-o', out], `copying ${inputs[0]}`);
    return;
  }
  const env = await envLayerBitcode(root, layer);
  const whole = join(work, 'program.crt.bc');
  // Both steps through the toolchain cache: keyed by the contents of the program, crt1, the layer and
  // libc.bc, so a rebuilt musl or layer is a miss.
  await cachedLink('musl-crt', [...inputs, p.crt1, env], [], whole, 'linking the program with crt1 and the POSIX model');
  await cachedLink('musl-libc', [whole, p.libc], ['-S', '--only-needed'], out, 'linking the program with musl (libc.bc)');
}
