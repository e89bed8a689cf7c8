// `--environ FILE`: main's environment, one NAME=VALUE per line (KLEE's option; its file format is the
// output of `env`). Empty lines are skipped; a line without `=` or with an empty name is a user error
// naming the file and line, since the program would see something no real environment holds.

import { readFileSync } from 'node:fs';
import { UserError } from './user-error.js';

export function readEnviron(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UserError(`sympath run: --environ ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (line === '') return;
    const eq = line.indexOf('=');
    if (eq <= 0) throw new UserError(`sympath run: ${path}:${i + 1}: not NAME=VALUE: ${JSON.stringify(line.slice(0, 80))}`);
    out.push(line);
  });
  return out;
}
