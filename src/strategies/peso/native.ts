// Native replay of a test on both versions, for `sympath augment` (a change-exposing test must make the
// two versions print or exit differently when run for real). Each version is built once, as `sympath
// kill` builds the original and a mutant: from its C file with the replay library (src/replay/build.ts;
// the library feeds klee_make_symbolic from the .ktest, and a POSIX-model test's argv, files and stdin
// are rebuilt as klee-replay does), or by a build command (--binary-build, for a program built by its
// own makefiles such as a Coreutils utility: src/replay/build-command.ts) whose executable is run as
// `sympath replay --binary` runs one.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { encodeKTest, type KTest } from '../../engine/ktest.js';
import { hostArch, target } from '../../replay/arch.js';
import { buildWithCommand, runOnCommandBuild } from '../../replay/build-command.js';
import { buildNative, type NativeBuild } from '../../replay/build.js';
import type { RunObservation } from '../../replay/execute.js';
import { prepare, runTest } from '../../replay/replay.js';
import type { ProgramInfo } from '../../replay/run-info.js';

export interface NativeSetup {
  /** The C files the two versions' debug locations name. */
  oldSource: string;
  newSource: string;
  /** argv[0] (the engine's programName). */
  programName: string;
  /** Whether tests come from the POSIX model (argv, files and stdin are in the .ktest). */
  posixRuntime: boolean;
  includes: readonly string[];
  defines: readonly string[];
  /** A build command (see build-command.ts); without it, the C files are built with the replay library. */
  binaryBuild?: string;
  /** Scratch space (the caller removes it). */
  work: string;
  timeoutSeconds?: number;
}

export interface NativePair {
  /** Runs the test on OLD, then on NEW. */
  run(kt: KTest): Promise<{ old: RunObservation; new: RunObservation }>;
}

/** Builds both versions; see the file comment. */
export async function nativePair(s: NativeSetup): Promise<NativePair> {
  const timeoutSeconds = s.timeoutSeconds ?? 10;
  const t = target(hostArch() ?? 'x86_64');
  const program = (source: string): ProgramInfo => ({
    sources: [source],
    coverageSources: [],
    // The original's directory too: a mutant's copy lives elsewhere and includes its neighbours.
    includes: [...new Set([dirname(source), dirname(s.oldSource), ...s.includes])],
    defines: [...s.defines],
    programArgs: [],
    posixRuntime: s.posixRuntime,
    programName: s.programName,
  });
  let runtimeObjects: readonly string[] | undefined;
  const build = async (id: 'old' | 'new', source: string): Promise<NativeBuild> => {
    const dir = join(s.work, id);
    if (s.binaryBuild !== undefined) {
      return buildWithCommand({ command: s.binaryBuild, source, original: s.oldSource, id, dir, programName: s.programName, who: 'sympath augment' });
    }
    const b = await buildNative(program(source), t, dir, false, { coverage: false, ...(runtimeObjects ? { runtimeObjects } : {}) });
    runtimeObjects ??= b.runtimeObjects;
    return b;
  };
  const builds = { old: await build('old', s.oldSource), new: await build('new', s.newSource) };
  let runs = 0;
  const runOn = async (id: 'old' | 'new', kt: KTest, file: string, name: string): Promise<RunObservation> => {
    const replayDir = join(s.work, `runs-${id}`);
    if (s.binaryBuild !== undefined) {
      return runOnCommandBuild(kt, name, { binary: builds[id].binary, programName: s.programName, posixRuntime: s.posixRuntime, replayDir, timeoutSeconds });
    }
    mkdirSync(join(replayDir, 'scratch'), { recursive: true });
    const p = program(id === 'old' ? s.oldSource : s.newSource);
    const { obs } = await runTest({ name, path: file, index: runs, mtimeMs: 0, partial: false }, prepare(kt, p), {
      build: builds[id],
      target: t,
      program: p,
      replayDir,
      timeoutSeconds,
      sanitize: false,
      keepScratch: false,
    });
    return obs;
  };
  return {
    async run(kt) {
      const name = `t${String(++runs).padStart(6, '0')}.ktest`;
      const file = join(s.work, name);
      writeFileSync(file, encodeKTest(kt));
      return { old: await runOn('old', kt, file, name), new: await runOn('new', kt, file, name) };
    },
  };
}
