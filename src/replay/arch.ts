// The two native targets of `sympath replay`: the compiler that builds the program for each, how a
// binary of that target is started on this machine (directly, or under qemu-user with the target's
// libraries as the -L prefix: there is no binfmt set-up to rely on), and the gcov that reads its
// coverage. A missing tool is a ReplayError saying how to install it.

import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { ReplayError } from './errors.js';

export type Arch = 'x86_64' | 'aarch64';

export const ARCHES: readonly Arch[] = ['x86_64', 'aarch64'];

/** The Debian multiarch triple of a target. */
const TRIPLE: Record<Arch, string> = { x86_64: 'x86_64-linux-gnu', aarch64: 'aarch64-linux-gnu' };

/** The architecture this machine runs natively. */
export function hostArch(): Arch | undefined {
  if (process.arch === 'x64') return 'x86_64';
  if (process.arch === 'arm64') return 'aarch64';
  return undefined;
}

export interface Target {
  arch: Arch;
  /** The C compiler (gcc for the host, <triple>-gcc otherwise). */
  cc: string;
  /** Prepended to the binary's command line: [] natively, [qemu, -L, sysroot] for the other arch. */
  runner: string[];
  /** How runner sets the program's argv[0]: Node's argv0 option natively, qemu's -0 under qemu. */
  argv0Flag?: string;
  /** gcov for the .gcno/.gcda: plain gcov reads the cross build's files too (same gcc 12 format). */
  gcov: string;
  /** Whether gcc's ASan/UBSan work there. Under qemu-user they do (measured: qemu 7.2, gcc 12) except
   *  LeakSanitizer, which cannot run under qemu's ptrace-like emulation; leaks are not errors anyway. */
  sanitizers: boolean;
  /** One line for reports: the compiler and how programs run. */
  describe: string;
}

/** The executable `name` on PATH (or `name` itself when it is a path), if any. */
export function onPath(name: string): string | undefined {
  if (name.includes('/')) return isExecutable(name) ? name : undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir !== '' && isExecutable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function need(tool: string, why: string): string {
  const path = onPath(tool);
  if (path === undefined) {
    throw new ReplayError(`sympath replay: ${tool} not found on PATH (needed ${why}); run 'make setup' to install it`);
  }
  return path;
}

/** The target for `arch` on this machine; throws ReplayError when a tool it needs is missing. */
export function target(arch: Arch): Target {
  const host = hostArch();
  const gcov = need('gcov', 'to read coverage');
  if (arch === host) {
    need('gcc', `to build the program for ${arch}`);
    return { arch, cc: 'gcc', runner: [], gcov, sanitizers: true, describe: `gcc, run natively` };
  }
  const triple = TRIPLE[arch];
  const cc = `${triple}-gcc`;
  need(cc, `to build the program for ${arch} (Debian: gcc-${triple})`);
  const qemu = need(`qemu-${arch}`, `to run ${arch} binaries (Debian: qemu-user)`);
  const sysroot = `/usr/${triple}`;
  return {
    arch,
    cc,
    runner: [qemu, '-L', sysroot],
    argv0Flag: '-0',
    gcov,
    sanitizers: true,
    describe: `${cc}, run under qemu-${arch} -L ${sysroot}`,
  };
}

export function isArch(s: string): s is Arch {
  return (ARCHES as readonly string[]).includes(s);
}

/**
 * The target for a program built with extra flags (run.json `nativeCflags`): a `-m32` build on x86-64
 * (an ILP32 Test-Comp task) runs under qemu-i386 when it is installed, since a kernel without IA32
 * emulation (this machine class's) cannot exec i386 binaries at all; without qemu-i386 it runs directly.
 */
export function targetFor(t: Target, cflags: readonly string[]): Target {
  if (t.arch !== 'x86_64' || !cflags.includes('-m32')) return t;
  const qemu = onPath('qemu-i386');
  if (qemu === undefined) return { ...t, describe: 'gcc -m32, run natively' };
  return { ...t, runner: [qemu], argv0Flag: '-0', describe: 'gcc -m32, run under qemu-i386' };
}
