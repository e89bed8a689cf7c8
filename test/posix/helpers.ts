// Helpers of the libc/POSIX-model tests: the built CLI (dist/, rebuilt by test/global-setup.ts, which
// also builds musl when it is missing), the fixtures' header fields, and programs compiled against musl
// for in-process runs.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { parseModule } from '../../src/ir/index.js';
import type { Module } from '../../src/ir/model.js';
import { compileToLL } from '../../src/toolchain/clang.js';

export const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
export const FIXTURES = join(ROOT, 'test', 'posix', 'fixtures');
const BIN = join(ROOT, 'bin', 'sympath.mjs');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `sympath ARGS` (the built CLI) in `cwd`. */
export async function sympath(args: string[], cwd: string, timeoutMs = 170_000): Promise<CliResult> {
  const r = await execa(process.execPath, [BIN, ...args], { cwd, reject: false, timeout: timeoutMs, env: { ...process.env, SYMPATH_DEBUG: '1' } });
  return { code: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

/** A fixture's header comment fields: ` * name: value` lines (all of them, in order). */
export function fixtureFields(file: string): Map<string, string[]> {
  const text = readFileSync(file, 'utf8');
  const header = text.slice(0, text.indexOf('*/'));
  const out = new Map<string, string[]>();
  for (const m of header.matchAll(/^ \* ([a-z-]+): ?(.*)$/gm)) {
    const list = out.get(m[1]!) ?? [];
    list.push(m[2]!);
    out.set(m[1]!, list);
  }
  return out;
}

/** C-like escapes of a fixture field (\0, \n, \xNN) to bytes. */
export function unescape(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== '\\') {
      out.push(c.charCodeAt(0));
      continue;
    }
    const n = text[++i]!;
    if (n === '0') out.push(0);
    else if (n === 'n') out.push(10);
    else if (n === 'x') {
      out.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(n.charCodeAt(0));
  }
  return Uint8Array.from(out);
}

/** Compiles `file` against musl and links it (bare layer, or the POSIX model); the parsed module. */
export async function muslModule(file: string, clangArgs: string[] = [], posixRuntime = false): Promise<Module> {
  const dir = mkdtempSync(join(tmpdir(), 'sympath-musl-mod-'));
  try {
    const out = join(dir, `${basename(file).replace(/\.c$/, '')}.ll`);
    await compileToLL([file], { libc: 'musl', posixRuntime, out, clangArgs, onDiagnostics: () => {} });
    return parseModule(readFileSync(out, 'utf8'), basename(out));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
