// Finding and running the external LLVM tools. Debian installs LLVM 19 as versioned names (`clang-19`,
// `llvm-link-19`, …) with no plain `clang`, so a tool is looked up as `<name>-<version>` on PATH, then in
// `/usr/lib/llvm-<version>/bin/<name>`, after what the environment names (SYMPATH_CLANG, SYMPATH_LLVM_BIN).
// A missing tool is a UserError that names it and says how to get
// it, never a spawn trace.

import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { UserError } from '../cli/user-error.js';

/** The LLVM tools sympath runs. */
export type LlvmTool = 'clang' | 'llvm-link' | 'llvm-dis' | 'llvm-as' | 'llvm-nm' | 'opt' | 'llvm-cov' | 'ld.lld';

/** The LLVM major version sympath is built around. */
export const LLVM_VERSION = 19;

const found = new Map<string, string | undefined>();

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The path of `tool` of LLVM `version`, or undefined when it is not installed. */
export function findTool(tool: LlvmTool, version: number = LLVM_VERSION): string | undefined {
  const key = `${tool}-${version}`;
  if (found.has(key)) return found.get(key);
  let path: string | undefined;
  // Given by the environment first: SYMPATH_CLANG (clang itself), SYMPATH_LLVM_BIN (a folder of LLVM
  // 19's tools under their plain names, e.g. /usr/lib/llvm-19/bin or Homebrew's llvm@19/bin).
  const clang = process.env.SYMPATH_CLANG;
  const bin = process.env.SYMPATH_LLVM_BIN;
  if (tool === 'clang' && clang && version === LLVM_VERSION && isExecutable(clang)) path = clang;
  else if (bin && version === LLVM_VERSION && isExecutable(join(bin, tool))) path = join(bin, tool);
  if (path !== undefined) {
    found.set(key, path);
    return path;
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir !== '' && isExecutable(join(dir, key))) {
      path = join(dir, key);
      break;
    }
  }
  if (path === undefined) {
    const candidate = `/usr/lib/llvm-${version}/bin/${tool}`;
    if (isExecutable(candidate)) path = candidate;
  }
  found.set(key, path);
  return path;
}

/** The path of `tool` of LLVM `version`; throws a UserError naming the tool when it is missing. */
export function toolPath(tool: LlvmTool, version: number = LLVM_VERSION): string {
  const path = findTool(tool, version);
  if (path === undefined) {
    throw new UserError(
      `sympath: ${tool}-${version} not found (looked on PATH and in /usr/lib/llvm-${version}/bin); ` +
        `run 'make setup' to install the LLVM ${version} toolchain, or name it with SYMPATH_CLANG / SYMPATH_LLVM_BIN`,
    );
  }
  return path;
}

/**
 * What identifies an installed tool for the toolchain cache (cache.ts): its real path, size and
 * modification time, as ccache's default compiler check does; an upgrade of the package changes it.
 * Asking the tool for its version would cost a process per run, the cost the cache is there to save.
 */
export function toolIdentity(tool: LlvmTool, version: number = LLVM_VERSION): string {
  const path = realpathSync(toolPath(tool, version));
  const st = statSync(path);
  return `${path}:${st.size}:${st.mtimeMs}`;
}

/** What a finished tool run printed. */
export interface ToolResult {
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `tool` with `args`. A non-zero exit becomes a UserError carrying the tool's own diagnostics
 * (stderr as printed) followed by one line saying which step failed.
 */
export async function runTool(
  tool: LlvmTool,
  args: readonly string[],
  what: string,
  options: { cwd?: string; version?: number } = {},
): Promise<ToolResult> {
  const version = options.version ?? LLVM_VERSION;
  const exe = toolPath(tool, version);
  // Loaded on first use: a run whose compile and link come from the toolchain cache spawns no tool, and
  // execa's initialisation showed in every start's profile (2-10 ms sampled; issue 20 item 1).
  const { execa } = await import('execa');
  const result = await execa(exe, args, {
    cwd: options.cwd,
    reject: false,
    stripFinalNewline: false,
    stdin: 'ignore',
    maxBuffer: 1 << 30,
  });
  const stdout = String(result.stdout ?? '');
  const stderr = String(result.stderr ?? '');
  if (result.failed) {
    const how =
      result.exitCode !== undefined
        ? `exit status ${result.exitCode}`
        : result.signal !== undefined
          ? `signal ${result.signal}`
          : (result.originalMessage ?? 'could not be started');
    const diagnostics = stderr.trimEnd();
    throw new UserError(
      `${diagnostics === '' ? '' : `${diagnostics}\n`}sympath: ${what} failed (${tool}-${version}: ${how})`,
    );
  }
  return { stdout, stderr };
}
