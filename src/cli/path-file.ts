// --replay-path FILE: a path file (engine/path-prefix.ts) read for the run; a missing or malformed file is a
// user error naming the file (and the line).

import { readFileSync } from 'node:fs';
import { parsePathFile, PathFileError } from '../engine/path-prefix.js';
import { UserError } from './user-error.js';

export function readPathFile(file: string): Int32Array {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UserError(`sympath run: --replay-path ${file}: no such file`);
  }
  try {
    return parsePathFile(text, file);
  } catch (e) {
    if (e instanceof PathFileError) throw new UserError(`sympath run: --replay-path ${e.message}`);
    throw e;
  }
}
