// z3 and the LLVM tools named by the environment (installed sympath on machines without Debian's
// layout): SYMPATH_Z3, then z3 on PATH, then /usr/bin/z3 (src/solver/z3-path.ts); SYMPATH_CLANG and
// SYMPATH_LLVM_BIN before the versioned names on PATH (src/toolchain/tools.ts).

import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { findZ3, noZ3Reason } from '../../src/solver/z3-path.js';
import { findTool } from '../../src/toolchain/tools.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-tools-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

function executable(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}

test('findZ3: SYMPATH_Z3 first (and only it when set), then PATH', () => {
  const mine = executable(join(work, 'z3-given'), 'my-z3');
  expect(findZ3({ SYMPATH_Z3: mine, PATH: '' })).toBe(mine);
  expect(findZ3({ SYMPATH_Z3: join(work, 'none'), PATH: '' })).toBeUndefined();
  expect(noZ3Reason({ SYMPATH_Z3: join(work, 'none') })).toBe(`SYMPATH_Z3=${join(work, 'none')} is not an executable file`);
  const onPath = executable(join(work, 'bin'), 'z3');
  expect(findZ3({ PATH: `${join(work, 'empty')}:${join(work, 'bin')}` })).toBe(onPath);
});

test('findTool: SYMPATH_CLANG for clang, SYMPATH_LLVM_BIN for the others', () => {
  const clang = executable(join(work, 'cc'), 'clang-custom');
  const nm = executable(join(work, 'llvm', 'bin'), 'llvm-nm');
  process.env.SYMPATH_CLANG = clang;
  process.env.SYMPATH_LLVM_BIN = join(work, 'llvm', 'bin');
  expect(findTool('clang')).toBe(clang);
  expect(findTool('llvm-nm')).toBe(nm);
});
