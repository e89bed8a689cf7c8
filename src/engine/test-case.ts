// What the engine hands to the output writer for every terminated path. The writer (src/engine/
// output-dir.ts) turns it into testNNNNNN.ktest (+ .err) files; the engine never touches the disk.

import type { ErrorKind } from './options.js';

/** One symbolic object, as a .ktest records it. */
export interface KTestObject {
  name: string;
  bytes: Uint8Array;
}

export interface PathError {
  kind: ErrorKind;
  message: string;
  /** Source location of the faulting instruction (C file and line), if it has one. */
  file: string;
  line: number;
  /** Call stack, innermost first, one line per frame: `#0 in fn (file:line)`. */
  stack: string[];
  /** Extra info lines for the .err file (e.g. the faulting address, object bounds). */
  info?: string[];
}

export type Termination = 'exit' | 'error' | 'partial' | 'pruned';

export interface TestCase {
  termination: Termination;
  /** Program exit code for 'exit'. */
  exitCode?: number;
  error?: PathError;
  /** In creation order of klee_make_symbolic calls (and POSIX-model objects). */
  objects: KTestObject[];
  /** Instructions the path executed. */
  instructions: number;
  /** Whether this path covered an instruction no earlier path had (for --only-output-states-covering-new). */
  coveredNew: boolean;
  /** What the path wrote to stdout and stderr, with --write-test-output. */
  output?: { stdout: Uint8Array; stderr: Uint8Array };
  /** The path's constraints as standalone SMT-LIB 2, with --write-smt2s. */
  smt2?: string;
  /** The path's symbolic decisions as a path file, with --write-paths (engine/path-prefix.ts). */
  path?: string;
  /** With --write-cov: the lines (FILE:LINE, one a line) the path covered first in the run (KLEE's .cov file). */
  cov?: string;
}

/** Receives every finished path; returns the test's file name (test000001.ktest) or null if not written. */
export interface TestSink {
  add(test: TestCase): string | null;
}
