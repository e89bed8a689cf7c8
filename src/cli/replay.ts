// `sympath replay OUTDIR [--arch x86_64|aarch64] [--sanitize] [--json] [--timeout S] [--binary PATH [--gcov-objdir DIR]]`: build the program
// an output directory was made from natively (gcc --coverage; aarch64 under qemu-user), run every test on
// it, say which errors reproduce, and measure gcov coverage of the program's own sources (src/replay).
// Directories KLEE wrote (no run.json) replay with --source FILE.c and -I/-D as needed. With --binary PATH
// the tests run on a prebuilt binary instead (klee-replay's way; src/replay/binary.ts): e.g. a Coreutils
// utility built with gcc --coverage beside the .bc sympath ran.

import { statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { ARCHES, formatReplayText, ReplayError, replayOutputDir, type Arch } from '../replay/index.js';
import { UserError } from './user-error.js';
import { collect } from './option-values.js';

interface ReplayFlags {
  arch: Arch;
  sanitize?: boolean;
  json?: boolean;
  timeout: number;
  source: string[];
  I: string[];
  D: string[];
  coverageSource: string[];
  posixRuntime?: boolean;
  html: boolean;
  keepScratch?: boolean;
  binary?: string;
  gcovObjdir?: string;
  failOnUnreproduced?: boolean;
}

/** The exit code of `replay --fail-on-unreproduced` when an error did not reproduce or a test diverged. */
export const EXIT_UNREPRODUCED = 6; // also in exit-codes.ts

/** Kinds that are limits of the engine, not failures of the program: nothing to reproduce natively. */
const ENGINE_LIMIT_KINDS = new Set(['exec', 'model']);

function seconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a number of seconds > 0.');
  return n;
}

export function register(program: Command): void {
  program
    .command('replay')
    .summary('run the tests of an output directory on a native build, with gcov coverage')
    .description(
      'Build the program OUTDIR was made from (run.json) with gcc --coverage -O0 -g for x86_64, or with ' +
        'aarch64-linux-gnu-gcc run under qemu-aarch64, linked with the replay library (runtime/replay) that ' +
        'feeds klee_make_symbolic from each .ktest. Run every test (POSIX-model tests get their argv, files and ' +
        'stdin rebuilt in a scratch directory, as klee-replay does), report per test its exit, signal or ' +
        'time-out and whether error tests reproduce natively, and measure line and branch coverage of the ' +
        "program's own sources. Writes OUTDIR/replay-<arch>[-sanitize]/ (replay.json, coverage.json, coverage.svg, " +
        'coverage/ HTML: each architecture and sanitizer setting side by side) and the latest coverage also to ' +
        'OUTDIR/coverage.json, OUTDIR/coverage.svg and OUTDIR/coverage/.',
    )
    .argument('<outdir>', 'an output directory of sympath run (or KLEE, with --source), or one test in it (OUTDIR/testNNNNNN.ktest: that test alone, its reports in OUTDIR/replay-<arch>/tests/testNNNNNN/)')
    .addOption(new Option('--arch <arch>', 'target to build and run').choices([...ARCHES]).default('x86_64'))
    .option('--sanitize', 'build with -fsanitize=address,undefined (errors then also reproduce as sanitizer reports)')
    .option('--json', 'print the Replay JSON instead of the text summary')
    .option('--timeout <s>', 'time limit per test in seconds', seconds, 10)
    .option('--source <file>', "the program's C file, for directories without run.json (repeatable)", collect, [])
    .option('-I <dir>', 'include directory for --source builds (repeatable)', collect, [])
    .option('-D <macro>', 'macro for --source builds, NAME or NAME=VALUE (repeatable)', collect, [])
    .option('--coverage-source <path>', 'count coverage of this file, or of every file under this directory (repeatable; default: the program\'s sources)', collect, [])
    .option('--posix-runtime', 'treat every test as a POSIX-model test (default: from run.json and each test)')
    .option('--no-html', 'skip the gcovr HTML report')
    .option('--binary <path>', 'run the tests on this prebuilt native binary (built with gcc --coverage for coverage) instead of rebuilding the program, as klee-replay does')
    .option('--gcov-objdir <dir>', "with --binary: the directory of its .gcno files, if not beside the .gcda paths baked into it")
    .option('--keep-scratch', "keep each test's scratch directory under OUTDIR/replay-<arch>/scratch")
    .option(
      '--fail-on-unreproduced',
      `exit ${EXIT_UNREPRODUCED} when an error test does not reproduce natively (exec and model errors, engine limits, excepted) or a non-error test diverges (for CI)`,
    )
    .action(async (target: string, flags: ReplayFlags) => {
      // `sympath replay OUTDIR/test000004.ktest`: one test, as klee-replay takes one.
      const oneTest = target.endsWith('.ktest') && statSync(target, { throwIfNoEntry: false })?.isFile() === true;
      const outDir = oneTest ? dirname(target) : target;
      try {
        const result = await replayOutputDir(outDir, {
          ...(oneTest ? { only: basename(target) } : {}),
          arch: flags.arch,
          sanitize: flags.sanitize === true,
          timeoutSeconds: flags.timeout,
          ...(flags.source.length > 0 ? { sources: flags.source } : {}),
          ...(flags.I.length > 0 ? { includes: flags.I } : {}),
          ...(flags.D.length > 0 ? { defines: flags.D } : {}),
          ...(flags.coverageSource.length > 0 ? { coverageSources: flags.coverageSource } : {}),
          ...(flags.posixRuntime ? { posixRuntime: true } : {}),
          html: flags.html,
          keepScratch: flags.keepScratch === true,
          ...(flags.binary !== undefined ? { binary: flags.binary } : {}),
          ...(flags.gcovObjdir !== undefined ? { gcovObjdir: flags.gcovObjdir } : {}),
          progress: process.stderr.isTTY ? (line) => process.stderr.write(`\r\x1b[Ksympath replay: ${line}`) : undefined,
        });
        if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
        process.stdout.write(flags.json ? `${JSON.stringify(result.json, null, 2)}\n` : formatReplayText(result));
        if (flags.failOnUnreproduced) {
          const missed = result.json.errors.filter((e) => !e.reproduced && !ENGINE_LIMIT_KINDS.has(e.kind)).length;
          const diverged = result.json.divergent.length;
          if (missed + diverged > 0) {
            process.stderr.write(`sympath replay: --fail-on-unreproduced: ${missed} error test(s) not reproduced, ${diverged} test(s) diverged\n`);
            process.exitCode = EXIT_UNREPRODUCED;
          }
        }
      } catch (e) {
        if (e instanceof ReplayError) throw new UserError(e.message);
        throw e;
      }
    });
}
