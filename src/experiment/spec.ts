// An experiment spec (schemas/experiment.schema.json): read, validated with ajv against the schema, then
// checked for what a schema cannot say (names unique, program files present, the options the experiment
// sets itself not given again), with relative paths resolved against the spec's folder. Every problem is
// a UserError naming the file and the JSON path of what is wrong (`$.programs[1].files[0]`).

import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { parseDocument } from 'yaml';
import { UserError } from '../cli/user-error.js';
import { packageRoot } from '../toolchain/clang.js';
import { expandPrograms, type RawProgram, type RawReplay } from './program-list.js';

export interface Budget {
  maxTime?: number;
  maxInstructions?: number;
}

export interface ReplaySpec {
  binary?: string;
  coverageSources?: string[];
  dropEarlyTests?: boolean;
  timeout?: number;
  options?: string[];
}

export interface ProgramSpec {
  name: string;
  /** Absolute paths. */
  files: string[];
  args: string[];
  runOptions: string[];
  /** Paths absolute; null: no replay. */
  replay: ReplaySpec | null;
}

export interface StrategySpec {
  name: string;
  options: string[];
  /** Only these programs (undefined: all). */
  programs?: string[];
}

export interface ExperimentSpec {
  /** The spec file (absolute). */
  file: string;
  name: string;
  description?: string;
  /** The results folder (absolute). */
  results: string;
  programs: ProgramSpec[];
  strategies: StrategySpec[];
  seeds: number[];
  budgets: Budget[];
  runOptions: string[];
  /** Wall seconds after which a cell's run or replay is killed (undefined: the default per budget). */
  cellTimeout?: number;
  keepOutput: boolean;
  /** Files of the output directory copied into each result (.json parsed, others as their lines). */
  collect: string[];
}

/** Options every cell gets from the experiment itself: given again in a spec they would conflict. */
const OWN_OPTIONS = ['--output-dir', '--seed', '--max-time', '--max-instructions', '--progress'];

/** A JSON Pointer (ajv's instancePath, '/programs/0/files') as a JSON path ('$.programs[0].files'). */
export function jsonPath(pointer: string): string {
  let out = '$';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`;
  }
  return out;
}

/** One ajv error as a sentence about the JSON path it concerns. */
function describe(e: ErrorObject): string {
  const at = jsonPath(e.instancePath);
  switch (e.keyword) {
    case 'additionalProperties':
      return `${at}: unknown property '${(e.params as { additionalProperty: string }).additionalProperty}'`;
    case 'required':
      return `${at}: missing property '${(e.params as { missingProperty: string }).missingProperty}'`;
    case 'enum':
      return `${at}: must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${at}: must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    default:
      return `${at}: ${e.message}`;
  }
}

let validator: ReturnType<Ajv2020['compile']> | undefined;
function validate(doc: unknown): ErrorObject[] {
  if (!validator) {
    const schema = JSON.parse(readFileSync(join(packageRoot, 'schemas', 'experiment.schema.json'), 'utf8')) as object;
    validator = new Ajv2020({ allErrors: true }).compile(schema);
  }
  return validator(doc) ? [] : (validator.errors ?? []);
}

/**
 * The errors worth showing: of a `oneOf`'s alternatives ajv reports every branch's complaint; the
 * deepest (most specific) ones say what is wrong, so shallower errors under the same path are dropped.
 */
function mostSpecific(errors: ErrorObject[]): string[] {
  const out = new Set<string>();
  for (const e of errors) {
    const deeper = errors.some((o) => o !== e && o.instancePath.startsWith(`${e.instancePath}/`));
    // 'must be array' of a oneOf's other branch says nothing when the object branch found what is wrong inside.
    if (deeper && (e.keyword === 'oneOf' || e.keyword === 'type' || e.keyword === 'const')) continue;
    if (e.keyword === 'oneOf') continue;
    out.add(describe(e));
  }
  // A value none of a oneOf's branches accepts: its branches' complaints as one alternative.
  const byPath = new Map<string, string[]>();
  for (const line of out) {
    const [path, what] = [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)];
    byPath.set(path, [...(byPath.get(path) ?? []), what]);
  }
  return [...byPath].map(([path, whats]) => `${path}: ${whats.join(', or ')}`);
}

/** One problem on the error's line; several, one per line under it. */
function specError(path: string, problems: string[]): UserError {
  const head = `sympath experiment: ${path}: `;
  return new UserError(problems.length === 1 ? `${head}${problems[0]}` : `${head}${problems.length} problems:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}

/**
 * ':LINE:COL' of a JSON syntax error: V8 gives a character position for most errors but not all (an
 * unexpected token); then the yaml parser (JSON is YAML), whose errors carry line and column, is asked.
 */
function syntaxErrorAt(text: string, message: string): string {
  const m = /position (\d+)/.exec(message);
  if (m) return `:${lineCol(text, Number(m[1]))}`;
  const at = parseDocument(text).errors[0]?.linePos?.[0];
  return at ? `:${at.line}:${at.col}` : '';
}

/** Line and column (1-based) of a character offset. */
function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

interface RawSpec {
  name: string;
  description?: string;
  results?: string;
  programs: RawProgram[];
  strategies: StrategySpec[];
  seeds: number[];
  budget: Budget | Budget[];
  runOptions?: string[];
  replay?: RawReplay;
  cellTimeout?: number;
  keepOutput?: boolean;
  collect?: string[];
}

/** Reads and checks SPEC.json; `results` (the --results option) overrides the spec's folder. */
export function loadSpec(path: string, results?: string): ExperimentSpec {
  const file = resolve(path);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UserError(`sympath experiment: ${path}: cannot read the spec: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new UserError(`sympath experiment: ${path}${syntaxErrorAt(text, (e as Error).message)}: not valid JSON: ${(e as Error).message.split('\n')[0]}`);
  }
  const errors = mostSpecific(validate(doc));
  if (errors.length > 0) throw specError(path, errors);
  const raw = doc as RawSpec;
  const problems: string[] = [];
  const base = dirname(file);
  const at = (p: string): string => resolve(base, p);

  const unique = (what: string, names: string[]): void => {
    const seen = new Map<string, number>();
    names.forEach((n, k) => {
      const key = safeName(n);
      if (seen.has(key)) problems.push(`$.${what}[${k}].name: '${n}' is the name of $.${what}[${seen.get(key)}] (or the same once made a file name)`);
      else seen.set(key, k);
    });
  };
  const located = expandPrograms(raw.programs, base, problems);
  const seenProgram = new Map<string, string>();
  for (const { where, program } of located) {
    const key = safeName(program.name);
    if (seenProgram.has(key)) problems.push(`${where}.name: '${program.name}' is the name of ${seenProgram.get(key)} (or the same once made a file name)`);
    else seenProgram.set(key, where);
  }
  unique('strategies', raw.strategies.map((s) => s.name));
  const noOwn = (where: string, options: string[] | undefined): void =>
    (options ?? []).forEach((o, k) => {
      const own = OWN_OPTIONS.find((x) => o === x || o.startsWith(`${x}=`));
      if (own) problems.push(`${where}[${k}]: ${own} is set by the experiment for each cell (the spec's seeds and budget, the cell's output directory)`);
    });
  noOwn('$.runOptions', raw.runOptions);
  const programNames = new Set(located.map((p) => p.program.name));
  raw.strategies.forEach((s, k) => {
    noOwn(`$.strategies[${k}].options`, s.options);
    (s.programs ?? []).forEach((name, i) => {
      if (!programNames.has(name)) problems.push(`$.strategies[${k}].programs[${i}]: no program named '${name}' in $.programs`);
    });
  });

  const replayOf = (r: RawReplay, where: string): ReplaySpec => {
    const out: ReplaySpec = { ...r };
    if (r.binary !== undefined) {
      out.binary = at(r.binary);
      if (!existsSync(out.binary)) problems.push(`${where}.binary: no such file: ${out.binary}`);
    }
    if (r.coverageSources !== undefined) out.coverageSources = r.coverageSources.map(at);
    return out;
  };
  const defaultReplay = raw.replay !== undefined ? replayOf(raw.replay, '$.replay') : null;
  const programs: ProgramSpec[] = located.map(({ where, program: p }) => {
    noOwn(`${where}.runOptions`, p.runOptions);
    const files = p.files.map(at);
    files.forEach((f, i) => {
      if (!existsSync(f)) problems.push(`${where}.files[${i}]: no such file: ${f}`);
    });
    const replay = p.replay === false ? null : p.replay !== undefined ? replayOf(p.replay, `${where}.replay`) : defaultReplay;
    return { name: p.name, files, args: p.args ?? [], runOptions: p.runOptions ?? [], replay };
  });
  if (problems.length > 0) throw specError(path, problems);

  return {
    file,
    name: raw.name,
    ...(raw.description !== undefined ? { description: raw.description } : {}),
    results: results !== undefined ? resolve(results) : raw.results !== undefined ? at(raw.results) : join(base, `${basename(raw.name)}.results`),
    programs,
    strategies: raw.strategies,
    seeds: raw.seeds,
    budgets: Array.isArray(raw.budget) ? raw.budget : [raw.budget],
    runOptions: raw.runOptions ?? [],
    ...(raw.cellTimeout !== undefined ? { cellTimeout: raw.cellTimeout } : {}),
    keepOutput: raw.keepOutput ?? true,
    collect: raw.collect ?? [],
  };
}

/** A name as a file-name part. */
export function safeName(x: string): string {
  return x.replace(/[^A-Za-z0-9_.=+-]/g, '_');
}
