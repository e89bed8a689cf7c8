// What `sympath augment` and `sympath debug-regression` share about running two versions of a program:
// the C library and environment layer they are linked with (--libc, --posix-runtime: as `sympath run`,
// but --libc defaults to none here, the commands' setting before musl versions were supported), -I/-D
// for C versions and mutants, and the program's arguments after NEW (`--sym-args 0 1 2`, …), passed
// untouched as `sympath run` passes them. .ll/.bc versions are linked as `sympath run` links them.

import { basename } from 'node:path';
import { Command, Option } from 'commander';
import type { CompileOptions } from '../toolchain/clang.js';
import { loadVersionPair, VersionError, type VersionPair } from '../versions/index.js';
import { checkPosixArgs } from './posix-args.js';
import { POSIX_MODEL_OPTION } from './run-options.js';
import { UserError } from './user-error.js';

export interface VersionProgramFlags {
  base: string;
  libc: 'none' | 'musl';
  posixRuntime?: boolean;
  mutants?: string;
  I: string[];
  D: string[];
}

const collect = (v: string, acc: string[]): string[] => [...acc, v];

/** Adds the shared options; the command's positional arguments are `<new> [program-args...]`. */
export function versionProgramOptions(cmd: Command): Command {
  return cmd
    .argument('<new>', 'the new version: a C file, an .ll/.bc file or a mutant (DIR#mNNNN)')
    .argument('[program-args...]', "the program's arguments, as `sympath run` takes them after the program (e.g. --sym-args 0 1 2 with --posix-runtime)")
    .passThroughOptions()
    .requiredOption('--base <old>', 'the old version: a C file, an .ll/.bc file or a mutant')
    .addOption(new Option('--libc <name>', "C library of both versions: 'none' (the engine's built-ins) or 'musl' (as sympath run links it)").choices(['none', 'musl']).default('none'))
    .option('--posix-runtime', 'with --libc musl: link the POSIX model (symbolic arguments, files and stdin from the program arguments)')
    .option('--mutants <dir>', 'the mutant directory for bare mutant ids')
    .option('-I <dir>', 'include directory (repeatable)', collect, [] as string[])
    .option('-D <macro>', 'macro for C versions, NAME or NAME=VALUE (repeatable)', collect, [] as string[]);
}

/** Checks the flags and the program arguments, as `sympath run` does. */
export function checkVersionProgram(command: string, flags: VersionProgramFlags, programArgs: readonly string[]): void {
  if (flags.posixRuntime && flags.libc !== 'musl') throw new UserError(`sympath ${command}: --posix-runtime needs --libc musl (the POSIX model is C linked with musl)`);
  if (flags.posixRuntime) {
    try {
      checkPosixArgs(programArgs);
    } catch (e) {
      throw new UserError(`sympath ${command}: ${(e as Error).message.replace(/^sympath( run)?: /, '')}`);
    }
  } else if (programArgs.some((a) => POSIX_MODEL_OPTION.test(a))) {
    throw new UserError(`sympath ${command}: the program's arguments include POSIX model options (${programArgs.filter((a) => POSIX_MODEL_OPTION.test(a)).join(' ')}): add --libc musl --posix-runtime`);
  }
}

export function compileOptionsOf(flags: VersionProgramFlags): CompileOptions {
  return { libc: flags.libc, posixRuntime: flags.posixRuntime === true, includes: flags.I, defines: flags.D, log: () => {} };
}

/** Loads OLD and NEW, linked for execution. */
export async function loadExecutablePair(flags: VersionProgramFlags, newSpec: string): Promise<VersionPair> {
  try {
    return await loadVersionPair(flags.base, newSpec, { compile: compileOptionsOf(flags), linkIR: true, ...(flags.mutants ? { mutants: flags.mutants } : {}) });
  } catch (e) {
    if (e instanceof VersionError) throw new UserError(e.message);
    throw e;
  }
}

/** argv[0]: OLD's C file's name without extension (as `sympath run` names a program by its file). */
export function programNameOf(pair: VersionPair): string {
  return basename(pair.old.source).replace(/\.[^.]*$/, '');
}
