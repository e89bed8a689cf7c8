// A native version built by a shell command instead of from sources (`sympath kill --binary-build`,
// `sympath augment --binary-build`): for programs built by their own makefiles, such as a Coreutils
// utility (benchmarks/coreutils/mutant-build.sh). The command gets SYMPATH_SOURCE (the C file to build),
// SYMPATH_ORIGINAL (the original's path, from which a build script finds the source tree), SYMPATH_OUT
// (the executable to write), SYMPATH_MUTANT (the version's id) and SYMPATH_BUILD_DIR (a private empty
// directory) in its environment. The executable is run as `sympath replay --binary` runs one
// (binary.ts runOne): argv, files and stdin of POSIX-model tests, no replay library.

import { accessSync, constants as fsConstants } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import type { KTest } from '../engine/ktest.js';
import { runOne } from './binary.js';
import type { NativeBuild } from './build.js';
import { ReplayError } from './errors.js';
import type { RunObservation } from './execute.js';

export interface CommandBuild {
  /** The shell command (bash -c). */
  command: string;
  source: string;
  original: string;
  /** SYMPATH_MUTANT: 'original', a mutant id, 'old' or 'new'. */
  id: string;
  /** The build directory (emptied first); the executable is DIR/programName. */
  dir: string;
  programName: string;
  /** The command's name in messages (`sympath kill`). */
  who: string;
}

/** Runs the build command; a failure is a ReplayError with the command's output. */
export async function buildWithCommand(b: CommandBuild): Promise<NativeBuild> {
  await rm(b.dir, { recursive: true, force: true });
  await mkdir(b.dir, { recursive: true });
  const out = join(b.dir, b.programName);
  const r = await execa('bash', ['-c', b.command], {
    reject: false,
    all: true,
    stdin: 'ignore',
    env: { SYMPATH_SOURCE: b.source, SYMPATH_ORIGINAL: b.original, SYMPATH_OUT: out, SYMPATH_MUTANT: b.id, SYMPATH_BUILD_DIR: b.dir },
  });
  if (r.failed) {
    const text = String(r.all ?? '').trimEnd();
    throw new ReplayError(`${text === '' ? '' : `${text}\n`}${b.who}: --binary-build failed for ${b.id} (exit ${r.exitCode ?? r.signal})`);
  }
  try {
    accessSync(out, fsConstants.X_OK);
  } catch {
    throw new ReplayError(`${b.who}: --binary-build for ${b.id} exited 0 but wrote no executable $SYMPATH_OUT (${out})`);
  }
  return { dir: b.dir, binary: out, objects: [], sanitize: false, runtimeObjects: [], commandLine: b.command };
}

/**
 * Runs one test on an executable a build command made, as `sympath replay --binary` runs one (binary.ts
 * runOne): its scratch and gcov counters under `replayDir`, no scratch kept, no notes.
 */
export async function runOnCommandBuild(
  kt: KTest,
  testName: string,
  o: { binary: string; programName: string; posixRuntime: boolean; replayDir: string; timeoutSeconds: number },
): Promise<RunObservation> {
  await mkdir(join(o.replayDir, 'scratch'), { recursive: true });
  return runOne(kt, testName, {
    binary: o.binary,
    name: o.programName,
    posixRuntime: o.posixRuntime,
    replayDir: o.replayDir,
    counters: join(o.replayDir, 'gcov'),
    timeoutSeconds: o.timeoutSeconds,
    keepScratch: false,
    notes: [],
  });
}
