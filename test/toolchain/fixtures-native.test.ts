// The C fixture corpus (test/fixtures/*.c) is fit for differential testing: every program builds
// warning-free with gcc and clang-19, and gcc -O0/-O2, clang-19 -O0/-O2 and a gcc UBSan+ASan build
// all print the same output and exit with the same status (test/fixtures/check-native.sh does the work).

import { describe, expect, test } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { packageRoot } from '../../src/toolchain/clang.js';

const fixtures = join(packageRoot, 'test', 'fixtures');
const programs = readdirSync(fixtures).filter((f) => f.endsWith('.c')).sort();
const script = join(fixtures, 'check-native.sh');

describe('fixture corpus', () => {
  test('has at least 30 programs, each opening with a comment and using only freestanding headers', async () => {
    expect(programs.length).toBeGreaterThanOrEqual(30);
    const allowed = new Set(['stdarg.h', 'stddef.h', 'stdint.h', 'limits.h', 'stdbool.h']);
    const { readFile } = await import('node:fs/promises');
    for (const p of programs) {
      const text = await readFile(join(fixtures, p), 'utf8');
      expect(text.startsWith('/*'), `${p} starts with a comment`).toBe(true);
      for (const m of text.matchAll(/^#include\s*[<"]([^>"]+)[>"]/gm)) {
        expect(allowed.has(m[1]!), `${p} includes ${m[1]}`).toBe(true);
      }
      expect(text, `${p} has main`).toMatch(/\bint main\(void\)/);
    }
  });
});

describe.concurrent('gcc and clang-19 builds agree', () => {
  test.each(programs)('%s', async (file) => {
    const r = await execa('bash', [script, join(fixtures, file)], { reject: false, stdin: 'ignore' });
    expect(r.stdout + r.stderr).toMatch(/^ok /);
    expect(r.exitCode).toBe(0);
  });
});
