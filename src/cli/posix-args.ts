// The POSIX model's options among the program's arguments (`--sym-args MIN MAX N`, …), checked before
// the run as KLEE's klee_init_env checks them, so a malformed one is a usage error (exit 1, one line)
// rather than an error path of the program. The model (runtime/posix/env.c) parses them again at run
// time; the rules here are its rules: integers in decimal or 0x-hex, both spellings (-opt, --opt).

import { UserError } from './user-error.js';

/** Option name (without dashes) → the names of its integer operands. */
const OPERANDS: Record<string, readonly string[]> = {
  'sym-arg': ['<max-len>'],
  'sym-args': ['<min-argvs>', '<max-argvs>', '<max-len>'],
  'sym-files': ['<no-sym-files>', '<sym-file-len>'],
  'sym-stdin': ['<sym-stdin-len>'],
  'max-fail': ['<max-failures>'],
  'sym-stdout': [],
  'save-all-writes': [],
  'buffered-stdout': [],
  'fd-fail': [],
};

/** The model's limits (env.c: MAX_ARGS, files A to Z). */
const MAX_ARGS = 1024;
const MAX_SYM_FILES = 26;
/** Sizes past this cannot be symbolic objects the engine lays out (and env.c reads them as unsigned). */
const MAX_LEN = 0x7fffffff;

function integer(text: string | undefined): number | undefined {
  if (text === undefined || !/^(0[xX][0-9a-fA-F]+|[0-9]+)$/.test(text)) return undefined;
  return Number(text);
}

/** Throws a UserError for the first malformed POSIX model option in `programArgs`. */
export function checkPosixArgs(programArgs: readonly string[]): void {
  let argc = 1; // the program's name
  for (let k = 0; k < programArgs.length; ) {
    const a = programArgs[k]!;
    const m = /^--?([a-z-]+)$/.exec(a);
    const operands = m ? OPERANDS[m[1]!] : undefined;
    if (!m || operands === undefined) {
      argc++;
      k++;
      continue;
    }
    const name = `--${m[1]}`;
    const values: number[] = [];
    for (let i = 0; i < operands.length; i++) {
      const v = integer(programArgs[k + 1 + i]);
      if (v === undefined) {
        const got = programArgs[k + 1 + i];
        throw new UserError(
          `sympath run: ${name} expects ${operands.length === 1 ? 'an integer argument' : `${operands.length} integer arguments`} ${operands.join(' ')}` +
            (got === undefined ? ' (missing)' : ` (got '${got}')`),
        );
      }
      if (v > MAX_LEN) throw new UserError(`sympath run: ${name}: ${programArgs[k + 1 + i]} is too large`);
      values.push(v);
    }
    k += 1 + operands.length;
    if (m[1] === 'sym-arg') argc++;
    else if (m[1] === 'sym-args') {
      const [min, max] = values as [number, number];
      if (min > max) throw new UserError(`sympath run: --sym-args ${min} ${max}: <min-argvs> is larger than <max-argvs>`);
      argc += max;
    } else if (m[1] === 'sym-files' && values[0]! > MAX_SYM_FILES) {
      throw new UserError(`sympath run: --sym-files ${values[0]}: at most ${MAX_SYM_FILES} symbolic files (A to Z)`);
    }
    if (argc > MAX_ARGS) throw new UserError(`sympath run: too many arguments for the POSIX model (more than ${MAX_ARGS})`);
  }
}
