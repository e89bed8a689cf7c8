// The POSIX model's IR does not depend on where the checkout is: its `__FILE__` strings are relative
// (src/toolchain/musl.ts, -fmacro-prefix-map). They were absolute, so two checkouts of one commit built
// layers of different lengths, every later address moved, and runs from two worktrees explored
// different paths.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envLayerBitcode } from '../../src/toolchain/musl.js';
import { ROOT } from '../engine/helpers.js';

describe.skipIf(!existsSync(join(ROOT, 'build', 'musl', 'libc.bc')))('the POSIX model layer', () => {
  it("holds its source files' names relative to the checkout, not the checkout's path", async () => {
    const bc = await envLayerBitcode(ROOT, 'posix');
    const text = execFileSync('llvm-dis-19', ['-o', '-', bc], { encoding: 'utf8', maxBuffer: 64 << 20 });
    const strings = text.split('\n').filter((l) => /^@\.str.*c"/.test(l));
    expect(strings.some((l) => l.includes('c"runtime/posix/'))).toBe(true);
    expect(strings.filter((l) => l.includes(ROOT))).toEqual([]);
  }, 120_000);
});
