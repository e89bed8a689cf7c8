// sympath as a library: `import { run, replay, readKTest, writeKTest, analyze } from 'sympath'`.
// Each function is what the CLI command of the same name does, with options as an object, results as
// values and no console writes (messages through callbacks). The JSON files a run writes have JSON
// Schemas in the package's schemas/ folder (schemaPath). Importing this module loads no engine: each
// function loads what it needs when called.

import { fileURLToPath } from 'node:url';

export { run, type RunOptions, type RunReport } from './api/run.js';
export { replay, type ReplayApiOptions } from './api/replay.js';
export { analyze, type AnalyzeOptions, type AnalyzeJson } from './api/analyze.js';
export { readKTest, writeKTest, encodeKTest, decodeKTest, KTestFormatError, KTEST_VERSION, type KTest } from './engine/ktest.js';
export type { KTestObject } from './engine/test-case.js';
export { UserError as SympathError } from './cli/user-error.js';
export type { StatsJson, StatsError } from './engine/stats.js';
export type { ReplayJson, ReplayResult, TestJson, ErrorJson } from './replay/index.js';

/** The JSON documents sympath writes that have a schema in schemas/. */
export type SchemaName = 'stats' | 'run' | 'replay' | 'signature' | 'affected';

/** The path of the JSON Schema (draft 2020-12) of one of sympath's JSON documents. */
export function schemaPath(name: SchemaName): string {
  return fileURLToPath(new URL(`../schemas/${name}.schema.json`, import.meta.url));
}
