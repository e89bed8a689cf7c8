// Reading sv-benchmarks' task definitions (src/testcomp/task.ts): the fields a run needs, and bad input
// reported with the file, the line and what is wrong.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorExpected, parseTaskYaml, readTask, specification, TaskError } from '../../src/testcomp/task.js';
import { removeTempDirs, tasksDir, tempDir } from './helpers.js';

afterAll(removeTempDirs);

describe('task definitions', () => {
  it('reads input files, data model and properties of a fixture task', () => {
    const t = readTask(join(tasksDir, 'ilp32-wrap.yml'));
    expect(t.name).toBe('ilp32-wrap');
    expect(t.inputFiles).toEqual([join(tasksDir, 'ilp32-wrap.c')]);
    expect(t.dataModel).toBe('ILP32');
    expect(t.properties.map((p) => p.file.split('/').pop())).toEqual(['unreach-call.prp', 'coverage-error-call.prp', 'coverage-branches.prp']);
    expect(errorExpected(t)).toBe(true);
    expect(specification(t, 'coverage-error')).toBe('COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )');
    expect(specification(t, 'coverage-branches')).toBe('COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )');
    expect(errorExpected(readTask(join(tasksDir, 'no-error-parity.yml')))).toBe(false);
  });

  it('takes a bare C file as an LP64 task with no properties', () => {
    const t = readTask(join(tasksDir, 'long-loop.c'));
    expect(t.dataModel).toBe('LP64');
    expect(t.properties).toEqual([]);
    expect(errorExpected(t)).toBeUndefined();
  });

  const bad = (text: string): string => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.c'), 'int main(void){return 0;}\n');
    const f = join(dir, 'bad.yml');
    writeFileSync(f, text);
    try {
      parseTaskYaml(text, f, 'bad.yml');
    } catch (e) {
      expect(e).toBeInstanceOf(TaskError);
      return (e as Error).message;
    }
    throw new Error('no error');
  };

  it('names the file, line and problem of a bad task', () => {
    expect(bad("format_version: '2.0'\ninput_files: 'a.c'\noptions:\n  language: C\n  data_model: ILP64\n")).toBe(
      'sympath testcomp: bad.yml:5: data_model must be ILP32 or LP64, not ILP64',
    );
    expect(bad("input_files: 'missing.c'\n")).toBe('sympath testcomp: bad.yml:1: input file missing.c does not exist');
    expect(bad("input_files: 'a.c'\nproperties:\n  - expected_verdict: true\n")).toBe('sympath testcomp: bad.yml:3: each property needs a property_file');
    expect(bad("input_files: 'a.c'\noptions:\n  language: Java\n")).toBe('sympath testcomp: bad.yml:3: language Java is not supported (only C)');
    expect(bad('input_files: [a.c\n')).toMatch(/^sympath testcomp: bad\.yml:\d+: /);
    expect(() => readTask('/nonexistent/task.yml')).toThrow('sympath testcomp: /nonexistent/task.yml: no such file');
  });
});
