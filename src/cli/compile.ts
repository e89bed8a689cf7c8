// `sympath compile [-I DIR]... [-D X]... [-O0|-O1|-O2] FILE.c|.ll|.bc... -o OUT.ll`: C to one textual
// LLVM IR module (clang-19, llvm-link-19), with sympath's headers on the include path. The work is done
// by src/toolchain/clang.ts, which `sympath run` shares.

import { readFile, rm } from 'node:fs/promises';
import { basename, dirname, extname, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { compileToLL, type OptLevel } from '../toolchain/clang.js';
import { UserError } from './user-error.js';
import { collect } from './option-values.js';

interface CompileFlags {
  I: string[];
  D: string[];
  O: string;
  o?: string;
}

/** The output path when -o is not given: the first input's name with .ll, in the current folder. */
function defaultOut(files: readonly string[]): string {
  const first = basename(files[0]!);
  const out = `${first.slice(0, first.length - extname(first).length)}.ll`;
  if (files.some((f) => resolve(f) === resolve(out))) {
    throw new UserError(`sympath compile: the output would overwrite ${out}; name it with -o`);
  }
  return out;
}

export function register(program: Command): void {
  program
    .command('compile')
    .summary('compile C (and link .ll/.bc files) into one textual LLVM IR module')
    .description(
      'Compile C files with clang-19 (-S -emit-llvm -g -Xclang -disable-O0-optnone, runtime/include on the\n' +
        'include path for <klee/klee.h>) and link them with any .ll/.bc inputs into one .ll file.',
    )
    .argument('<files...>', 'C sources (.c), textual IR (.ll) or bitcode (.bc)')
    .option('-I <dir>', 'add a directory to the include path (repeatable)', collect, [])
    .option('-D <macro>', 'define a macro, NAME or NAME=VALUE (repeatable)', collect, [])
    .addOption(new Option('-O <level>', 'optimisation level: -O0, -O1 or -O2').choices(['0', '1', '2']).default('0'))
    .option('-o <out>', "output .ll file ('-' for stdout; default: the first input's name with .ll)")
    .action(async (files: string[], flags: CompileFlags) => {
      const optLevel = Number(flags.O) as OptLevel;
      const common = { includes: flags.I, defines: flags.D, optLevel };
      if (flags.o === '-') {
        const path = await compileToLL(files, common);
        try {
          process.stdout.write(await readFile(path, 'utf8'));
        } finally {
          await rm(dirname(path), { recursive: true, force: true });
        }
        return;
      }
      await compileToLL(files, { ...common, out: flags.o ?? defaultOut(files) });
    });
}
