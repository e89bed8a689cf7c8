// The native build replay runs: each program source compiled with gcc `--coverage -O0 -g` into its own
// object (so its .gcno/.gcda sit beside it), the replay library (runtime/replay) compiled without
// coverage, all linked into BUILD/<program>. Options as `sympath run` compiled the program: its -I
// directories then runtime/include, its -D macros.
//
// Without --sanitize the program is built with `-fsanitize=unreachable -fsanitize-undefined-trap-on-error`:
// no sanitizer runtime, but __builtin_unreachable() (what the engine reports as `unreachable`) becomes a
// trap instruction, SIGILL on x86-64 (ud2) and SIGTRAP on aarch64 (brk), instead of falling into
// whatever code follows. With --sanitize: `-fsanitize=address,undefined -fno-sanitize-recover=undefined`.

import { mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { execa } from 'execa';
import type { Target } from './arch.js';
import { ReplayError } from './errors.js';
import type { ProgramInfo } from './run-info.js';
import { replayRuntimeDir, replayRuntimeSources, runtimeIncludeDir } from './runtime-contract.js';

export interface ObjectFile {
  source: string;
  object: string;
  /** The .gcno gcc writes beside the object; the runs write the .gcda beside it. */
  gcno: string;
  gcda: string;
}

export interface NativeBuild {
  dir: string;
  binary: string;
  objects: ObjectFile[];
  sanitize: boolean;
  /** The replay library's objects linked in (reusable by later builds for the same target). */
  runtimeObjects: string[];
  /** The compile command of the first source, for reports. */
  commandLine: string;
}

export const SANITIZE_FLAGS = ['-fsanitize=address,undefined', '-fno-sanitize-recover=undefined', '-fno-omit-frame-pointer'];
export const TRAP_FLAGS = ['-fsanitize=unreachable', '-fsanitize-undefined-trap-on-error'];

async function run(cc: string, args: string[], cwd: string, what: string): Promise<void> {
  const r = await execa(cc, args, { cwd, reject: false, stdin: 'ignore', all: true });
  if (r.failed) {
    const out = String(r.all ?? '').trimEnd();
    throw new ReplayError(`${out === '' ? '' : `${out}\n`}sympath replay: ${what} failed (${cc} ${args.join(' ')})`);
  }
}

/** Runs the jobs at most `limit` at a time. */
async function limited(jobs: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}

/** What a build other than replay's needs: no gcov instrumentation (mutation analysis only compares
 *  outcomes), and the replay library's objects of an earlier build reused instead of recompiled. */
export interface BuildVariant {
  /** Compile the program with --coverage (default true); the link always has libgcov. */
  coverage?: boolean;
  /** The replay library's objects, already compiled for this target with the same sanitize setting. */
  runtimeObjects?: readonly string[];
}

/**
 * Debian's gcc-multilib has no /usr/include/i386-linux-gnu: a `-m32` build finds glibc's headers but not
 * the kernel's <asm/...>, which linux-libc-dev installs bi-arch under the x86-64 triple only. Searched
 * last, so nothing else is shadowed.
 */
function multilibIncludes(cflags: readonly string[], t: Target): string[] {
  return cflags.includes('-m32') && t.arch === 'x86_64' ? ['-idirafter', '/usr/include/x86_64-linux-gnu'] : [];
}

/** Builds the program into `dir` (emptied first: old .gcda files must not count). */
export async function buildNative(program: ProgramInfo, t: Target, dir: string, sanitize: boolean, variant: BuildVariant = {}): Promise<NativeBuild> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'obj'), { recursive: true });
  mkdirSync(join(dir, 'bin'));
  const common = ['-O0', '-g', '-w', ...(program.cflags ?? []), ...multilibIncludes(program.cflags ?? [], t)];
  const coverage = variant.coverage !== false ? ['--coverage'] : [];
  const programFlags = [
    ...coverage,
    ...common,
    ...program.includes.flatMap((i) => ['-I', i]),
    '-I',
    runtimeIncludeDir,
    ...program.defines.map((d) => `-D${d}`),
    ...(sanitize ? SANITIZE_FLAGS : TRAP_FLAGS),
  ];
  const objects: ObjectFile[] = program.sources.map((source, i) => {
    const stem = join(dir, 'obj', `${i}-${basename(source).replace(/\.[^.]*$/, '')}`);
    return { source, object: `${stem}.o`, gcno: `${stem}.gcno`, gcda: `${stem}.gcda` };
  });
  const prebuilt = variant.runtimeObjects;
  const runtimeObjects = prebuilt ? [...prebuilt] : replayRuntimeSources.map((s) => join(dir, `sympath-replay-${basename(s, '.c')}.o`));
  const runtimeFlags = [...common, '-std=gnu11', '-I', runtimeIncludeDir, '-I', replayRuntimeDir, ...(sanitize ? ['-DSYMPATH_REPLAY_SANITIZE'] : [])];
  const jobs = [
    ...objects.map((o) => () => run(t.cc, [...programFlags, '-c', o.source, '-o', o.object], dir, `compiling ${o.source} for ${t.arch}`)),
    ...(prebuilt ? [] : replayRuntimeSources).map(
      (s, i) => () => run(t.cc, [...runtimeFlags, '-c', s, '-o', runtimeObjects[i]!], dir, `compiling the replay library (${s}) for ${t.arch}`),
    ),
  ];
  await limited(jobs, 4);
  const binary = join(dir, 'bin', program.programName);
  // Always linked with --coverage: the replay library calls libgcov's __gcov_dump (harmless when no
  // object is instrumented).
  const linkFlags = ['--coverage', ...(program.cflags ?? []), ...(sanitize ? SANITIZE_FLAGS : TRAP_FLAGS)];
  await run(t.cc, [...linkFlags, ...objects.map((o) => o.object), ...runtimeObjects, '-o', binary, '-lm'], dir, `linking the native build for ${t.arch}`);
  return {
    dir,
    binary,
    objects,
    sanitize,
    runtimeObjects,
    commandLine: `${t.cc} ${programFlags.join(' ')} -c ${objects[0]!.source}`,
  };
}
