// `sympath signature OUTDIR`: the semantic signature a partitioning driver wrote (OUTDIR/signature.json,
// `sympath run --driver peso`): per output partition, the condition by source line, the symbolic
// output and the test reaching it; --json prints the file itself.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { formatSignature, SIGNATURE_FILE } from '../strategies/peso/signature.js';
import { UserError } from './user-error.js';

export function readSignature(dir: string): unknown {
  const path = join(dir, SIGNATURE_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UserError(`sympath signature: ${dir}: no ${SIGNATURE_FILE} (made by sympath run --driver peso)`);
    throw new UserError(`sympath signature: ${path}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UserError(`sympath signature: ${path}: not valid JSON (${(e as Error).message})`);
  }
}

export function register(program: Command): void {
  program
    .command('signature')
    .summary('print the semantic signature of a run (output partitions: condition, symbolic output, test)')
    .argument('<dir>', 'output directory of sympath run --driver peso')
    .option('--json', 'print signature.json itself')
    .action((dir: string, flags: { json?: boolean }) => {
      const json = readSignature(dir);
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
        return;
      }
      let lines: string[];
      try {
        lines = formatSignature(json, join(dir, SIGNATURE_FILE));
      } catch (e) {
        throw new UserError(`sympath signature: ${(e as Error).message}`);
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
