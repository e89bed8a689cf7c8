// `sympath mutate FILE.c [--operators LIST] [--lines A-B] [--function F] [--max N] [--seed S] --out DIR`:
// single-site source mutants of a C file, from clang's AST (src/mutation).

import { Command, InvalidArgumentError } from 'commander';
import { MutationError } from '../mutation/errors.js';
import { mutateFile } from '../mutation/mutate.js';
import { isOperatorName, OPERATORS, type OperatorName } from '../mutation/operators.js';
import { UserError } from './user-error.js';
import { collect, positive } from './option-values.js';

interface MutateFlags {
  out: string;
  operators?: OperatorName[];
  lines?: { from: number; to: number };
  function: string[];
  max?: number;
  seed?: number;
  I: string[];
  D: string[];
  jobs?: number;
  json?: boolean;
}

function operatorList(value: string): OperatorName[] {
  const names = value.split(',').map((s) => s.trim().toUpperCase()).filter((s) => s !== '');
  const bad = names.filter((n) => !isOperatorName(n));
  if (bad.length > 0 || names.length === 0) throw new InvalidArgumentError(`unknown operator ${bad.join(', ') || '(none)'}; expected a comma-separated list of ${OPERATORS.join(', ')}.`);
  return names as OperatorName[];
}

function lineRange(value: string): { from: number; to: number } {
  const m = /^(\d+)(?:-(\d+))?$/.exec(value.trim());
  if (!m) throw new InvalidArgumentError('expected A-B (or A), line numbers.');
  const from = Number(m[1]);
  const to = m[2] !== undefined ? Number(m[2]) : from;
  if (from < 1 || to < from) throw new InvalidArgumentError('expected A-B with 1 <= A <= B.');
  return { from, to };
}

function integer(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected an integer >= 0.');
  return n;
}

export function register(program: Command): void {
  program
    .command('mutate')
    .summary('single-site source mutants of a C file (DIR/mutants.json)')
    .description(
      "Find mutation sites in clang's AST of FILE.c (its own functions, not headers) and write one mutated " +
        'copy of the file per site and replacement to DIR/<id>/, with DIR/mutants.json listing id, operator, ' +
        'file, line, column, original text and replacement. Operators: RO (relational), AO (arithmetic), CO ' +
        '(&& <-> ||), LO (& | ^), SO (<< >>), AS (op= assignments), CR (integer constant c -> 0, 1, c+1, c-1), ' +
        'NEG (condition c -> !(c)), DL (statement deletion). Each mutant is compiled as `sympath compile` ' +
        'compiles; mutants that do not compile are dropped and counted, and mutants whose IR equals the ' +
        "original's (debug metadata aside) are marked equivalent.",
    )
    .argument('<file>', 'the C file to mutate')
    .requiredOption('--out <dir>', 'directory for the mutants and mutants.json (new, empty, or an earlier mutant set)')
    .option('--operators <list>', `comma-separated operators (default: all of ${OPERATORS.join(',')})`, operatorList)
    .option('--lines <A-B>', 'only sites on these lines', lineRange)
    .option('--function <name>', 'only sites in this function (repeatable)', collect, [])
    .option('--max <n>', 'at most N compiling mutants, chosen at random among the sites (see --seed)', positive)
    .option('--seed <s>', 'seed of the --max choice (default 1)', integer)
    .option('-I <dir>', 'include directory (repeatable)', collect, [])
    .option('-D <macro>', 'macro, NAME or NAME=VALUE (repeatable)', collect, [])
    .option('-j, --jobs <n>', 'parallel compiles (default: the number of cores)', positive)
    .option('--json', 'print mutants.json instead of the summary')
    .action(async (file: string, flags: MutateFlags) => {
      try {
        const set = await mutateFile(file, {
          outDir: flags.out,
          ...(flags.operators ? { operators: flags.operators } : {}),
          ...(flags.lines ? { lines: flags.lines } : {}),
          ...(flags.function.length > 0 ? { functions: flags.function } : {}),
          ...(flags.max !== undefined ? { max: flags.max } : {}),
          ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
          includes: flags.I,
          defines: flags.D,
          ...(flags.jobs !== undefined ? { jobs: flags.jobs } : {}),
          progress: process.stderr.isTTY ? (line) => process.stderr.write(`\r\x1b[Ksympath mutate: ${line}`) : undefined,
        });
        if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(set, null, 2)}\n`);
          return;
        }
        const lines = [
          `sympath mutate: ${set.mutants.length} mutants of ${file} in ${flags.out} (${set.candidates} sites found, ${set.compiled} compiled, ${set.notCompiling} did not compile and were dropped, ${set.equivalent} equivalent by construction)`,
          'operator  mutants  not compiling  equivalent',
          ...Object.entries(set.byOperator).map(([op, c]) => `${op.padEnd(8)}  ${String(c.mutants).padStart(7)}  ${String(c.notCompiling).padStart(13)}  ${String(c.equivalent).padStart(10)}`),
        ];
        process.stdout.write(`${lines.join('\n')}\n`);
      } catch (e) {
        if (e instanceof MutationError) throw new UserError(e.message);
        throw e;
      }
    });
}
