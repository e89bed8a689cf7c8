// Test-Comp's test-suite format (sosy-lab test-format 1.1): a folder `test-suite/` with metadata.xml
// (test-metadata.dtd) and one XML file per test (testcase.dtd) listing its <input> values in the order
// the program reads them, and that folder zipped as `test-suite.zip`, which is what Test-Comp collects
// and TestCov validates. The XML is written by hand (a fixed, flat shape with escaped text; the element
// order is the DTD's sequence); the zip by fflate (a well-kept, dependency-free zip library).

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { TestInput } from './inputs.js';

export const METADATA_DOCTYPE =
  '<!DOCTYPE test-metadata PUBLIC "+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN" "https://sosy-lab.org/test-format/test-metadata-1.1.dtd">';
export const TESTCASE_DOCTYPE =
  '<!DOCTYPE testcase PUBLIC "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN" "https://sosy-lab.org/test-format/testcase-1.1.dtd">';

export interface SuiteMetadata {
  /** The program file as given (its text is hashed). */
  programFile: string;
  /** The specification's text (the property file's content). */
  specification: string;
  producer: string;
  architecture: '32bit' | '64bit';
  entryFunction?: string;
  creationTime?: Date;
}

export interface SuiteTest {
  inputs: TestInput[];
  /** Whether the test reaches the error (Cover-Error's coversError attribute). */
  coversError: boolean;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An ISO-8601 time with the UTC offset, as the format's examples give it (2024-01-31T12:00:00Z). */
function isoSeconds(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

export function metadataXml(m: SuiteMetadata): string {
  const hash = createHash('sha256').update(readFileSync(m.programFile)).digest('hex');
  const field = (name: string, value: string): string => `  <${name}>${escape(value)}</${name}>\n`;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' +
    `${METADATA_DOCTYPE}\n` +
    '<test-metadata>\n' +
    field('sourcecodelang', 'C') +
    field('producer', m.producer) +
    field('specification', m.specification) +
    field('programfile', m.programFile) +
    field('programhash', hash) +
    field('entryfunction', m.entryFunction ?? 'main') +
    field('architecture', m.architecture) +
    field('creationtime', isoSeconds(m.creationTime ?? new Date())) +
    '</test-metadata>\n'
  );
}

export function testcaseXml(t: SuiteTest): string {
  const inputs = t.inputs.map((i) => `  <input type="${escape(i.type)}">${escape(i.value)}</input>\n`).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' +
    `${TESTCASE_DOCTYPE}\n` +
    `<testcase${t.coversError ? ' coversError="true"' : ''}>\n${inputs}</testcase>\n`
  );
}

/** test001.xml, test002.xml, …: three digits at least, as Test-Comp's examples number them. */
export function testFileName(i: number): string {
  return `test${String(i + 1).padStart(3, '0')}.xml`;
}

export interface WrittenSuite {
  dir: string;
  zip: string;
  files: string[];
}

/** Writes `outDir/test-suite/` and `outDir/test-suite.zip` (replacing earlier ones). */
export function writeTestSuite(outDir: string, meta: SuiteMetadata, tests: readonly SuiteTest[]): WrittenSuite {
  const dir = join(outDir, 'test-suite');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const entries: Record<string, Uint8Array> = {};
  const put = (name: string, text: string): void => {
    writeFileSync(join(dir, name), text);
    entries[`test-suite/${name}`] = Buffer.from(text, 'utf8');
  };
  put('metadata.xml', metadataXml(meta));
  tests.forEach((t, i) => put(testFileName(i), testcaseXml(t)));
  const zip = join(outDir, 'test-suite.zip');
  writeFileSync(zip, zipSync(entries, { level: 6 }));
  return { dir, zip, files: Object.keys(entries) };
}
