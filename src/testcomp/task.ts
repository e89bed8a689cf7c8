// A Test-Comp task: sv-benchmarks' task-definition YAML (format_version 2.0: input_files, properties
// with property_file and expected_verdict, options.language and options.data_model), or a bare .c file
// (LP64 unless told otherwise). Bad input is a TaskError naming the file, the line where the YAML
// parser has one, and what is wrong.

import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { LineCounter, parseDocument, YAMLParseError } from 'yaml';

export type DataModel = 'ILP32' | 'LP64';
/** The two Test-Comp properties: Cover-Error (reach_error) and Cover-Branches. */
export type TestcompProperty = 'coverage-error' | 'coverage-branches';

export const PROPERTIES: readonly TestcompProperty[] = ['coverage-error', 'coverage-branches'];

/** The .prp file names sv-benchmarks uses for each property. */
const PROPERTY_FILES: Record<TestcompProperty, string> = {
  'coverage-error': 'coverage-error-call.prp',
  'coverage-branches': 'coverage-branches.prp',
};

/** The specification text of each property (the .prp file's content), used when the task names no file. */
export const DEFAULT_SPECIFICATION: Record<TestcompProperty, string> = {
  'coverage-error': 'COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )',
  'coverage-branches': 'COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )',
};

export interface PropertyEntry {
  /** The property file (absolute). */
  file: string;
  /** expected_verdict, when the task gives one (for reachability properties). */
  expectedVerdict?: boolean;
}

export interface Task {
  /** The task file (.yml or .c), absolute. */
  file: string;
  /** A short name: the task file's base name without extension. */
  name: string;
  /** The C files (absolute); Test-Comp tasks have one. */
  inputFiles: string[];
  dataModel: DataModel;
  properties: PropertyEntry[];
}

export class TaskError extends Error {}

function fail(file: string, line: number | null, what: string): never {
  throw new TaskError(`sympath testcomp: ${file}${line !== null ? `:${line}` : ''}: ${what}`);
}

/** Reads a task: a .yml/.yaml task definition or a .c file. */
export function readTask(path: string, cwd = process.cwd()): Task {
  const file = resolve(cwd, path);
  if (!existsSync(file)) fail(path, null, 'no such file');
  if (/\.(c|i)$/i.test(file)) {
    return { file, name: basename(file).replace(/\.[^.]*$/, ''), inputFiles: [file], dataModel: 'LP64', properties: [] };
  }
  if (!/\.ya?ml$/i.test(file)) fail(path, null, 'expected a task definition (.yml) or a C file (.c)');
  return parseTaskYaml(readFileSync(file, 'utf8'), file, path);
}

/** Parses task-definition YAML text; `shown` is the file name used in messages. */
export function parseTaskYaml(text: string, file: string, shown = file): Task {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    const e: YAMLParseError = doc.errors[0]!;
    fail(shown, lines.linePos(e.pos[0]).line, e.message.split('\n')[0]!);
  }
  const lineOf = (keyPath: (string | number)[]): number | null => {
    const node = doc.getIn(keyPath, true) as { range?: [number, number, number] } | undefined;
    return node?.range ? lines.linePos(node.range[0]).line : null;
  };
  const root: unknown = doc.toJS();
  if (root === null || typeof root !== 'object' || Array.isArray(root)) fail(shown, 1, 'a task definition is a mapping (format_version, input_files, properties, options)');
  const r = root as Record<string, unknown>;
  const dir = dirname(file);

  const inputs = typeof r.input_files === 'string' ? [r.input_files] : r.input_files;
  if (!Array.isArray(inputs) || inputs.length === 0 || !inputs.every((f) => typeof f === 'string')) {
    fail(shown, lineOf(['input_files']) ?? 1, "input_files must be a file name or a list of file names");
  }
  const inputFiles = (inputs as string[]).map((f) => resolve(dir, f));
  for (const [i, f] of inputFiles.entries()) {
    if (!existsSync(f)) fail(shown, lineOf(['input_files', ...(Array.isArray(r.input_files) ? [i] : [])]) ?? lineOf(['input_files']), `input file ${(inputs as string[])[i]} does not exist`);
  }

  const options = (r.options ?? {}) as Record<string, unknown>;
  if (options.language !== undefined && options.language !== 'C') fail(shown, lineOf(['options', 'language']), `language ${String(options.language)} is not supported (only C)`);
  const dm = options.data_model ?? 'LP64';
  if (dm !== 'ILP32' && dm !== 'LP64') fail(shown, lineOf(['options', 'data_model']), `data_model must be ILP32 or LP64, not ${String(dm)}`);

  const props = r.properties ?? [];
  if (!Array.isArray(props)) fail(shown, lineOf(['properties']), 'properties must be a list');
  const properties: PropertyEntry[] = props.map((p: unknown, i: number) => {
    const e = p as Record<string, unknown> | null;
    if (e === null || typeof e !== 'object' || typeof e.property_file !== 'string') fail(shown, lineOf(['properties', i]), 'each property needs a property_file');
    const v = e.expected_verdict;
    if (v !== undefined && typeof v !== 'boolean') fail(shown, lineOf(['properties', i, 'expected_verdict']), 'expected_verdict must be true or false');
    return { file: resolve(dir, e.property_file as string), ...(typeof v === 'boolean' ? { expectedVerdict: v } : {}) };
  });
  return { file, name: basename(file).replace(/\.ya?ml$/i, ''), inputFiles, dataModel: dm, properties };
}

/** The task's property file for `p`, if it lists one. */
export function propertyFile(task: Task, p: TestcompProperty): string | undefined {
  return task.properties.find((e) => basename(e.file) === PROPERTY_FILES[p])?.file;
}

/** Whether reach_error is expected to be reachable (unreach-call's expected_verdict false), if the task says. */
export function errorExpected(task: Task): boolean | undefined {
  const v = task.properties.find((e) => basename(e.file) === 'unreach-call.prp')?.expectedVerdict;
  return v === undefined ? undefined : !v;
}

/** The specification string the metadata names: the property file's text, or the standard one. */
export function specification(task: Task, p: TestcompProperty): string {
  const f = propertyFile(task, p);
  if (f !== undefined && existsSync(f)) return readFileSync(f, 'utf8').trim();
  return DEFAULT_SPECIFICATION[p];
}
