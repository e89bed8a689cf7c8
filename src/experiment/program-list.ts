// Programs from a list file: a spec's program with `"each": "FILE"` stands for one program per line of
// FILE (blank lines and lines starting with # skipped), `{}` in its name, files, args, run options and
// replay paths replaced by the line — e.g. every Coreutils utility `make coreutils` built
// (build/ir/utilities.txt). Each expanded program keeps the JSON path of its template for errors.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface RawReplay {
  binary?: string;
  coverageSources?: string[];
  dropEarlyTests?: boolean;
  timeout?: number;
  options?: string[];
}

export interface RawProgram {
  name: string;
  files: string[];
  each?: string;
  args?: string[];
  runOptions?: string[];
  replay?: RawReplay | false;
}

/** A program of the spec with the JSON path errors about it name. */
export interface LocatedProgram {
  where: string;
  program: RawProgram;
}

// `[` is a Coreutils utility (test's other name): build/ir/utilities.txt lists it.
const NAME = /^[A-Za-z0-9_.:+=\[-]+$/;

function fill(p: RawProgram, item: string): RawProgram {
  const f = (s: string): string => s.split('{}').join(item);
  const out: RawProgram = { name: f(p.name), files: p.files.map(f) };
  if (p.args) out.args = p.args.map(f);
  if (p.runOptions) out.runOptions = p.runOptions.map(f);
  if (p.replay === false) out.replay = false;
  else if (p.replay) {
    out.replay = { ...p.replay };
    if (p.replay.binary !== undefined) out.replay.binary = f(p.replay.binary);
    if (p.replay.coverageSources) out.replay.coverageSources = p.replay.coverageSources.map(f);
    if (p.replay.options) out.replay.options = p.replay.options.map(f);
  }
  return out;
}

/** The spec's programs with every `each` template expanded; problems (list unreadable, bad names) pushed. */
export function expandPrograms(programs: RawProgram[], base: string, problems: string[]): LocatedProgram[] {
  const out: LocatedProgram[] = [];
  programs.forEach((p, k) => {
    const where = `$.programs[${k}]`;
    if (p.each === undefined) {
      if (p.name.includes('{}')) problems.push(`${where}.name: '{}' without "each"`);
      out.push({ where, program: p });
      return;
    }
    if (!p.name.includes('{}')) problems.push(`${where}.name: with "each" the name needs '{}' (one program per line)`);
    const list = resolve(base, p.each);
    let text: string;
    try {
      text = readFileSync(list, 'utf8');
    } catch (e) {
      problems.push(`${where}.each: cannot read ${list}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      return;
    }
    text.split('\n').forEach((line, n) => {
      const item = line.trim();
      if (item === '' || item.startsWith('#')) return;
      if (!NAME.test(item)) problems.push(`${where}.each: ${list}:${n + 1}: '${item}' is not a name ([A-Za-z0-9_.:+=[-])`);
      else out.push({ where: `${where} (${item})`, program: fill(p, item) });
    });
  });
  return out;
}
