// musl's strtod/strtold make the digits they read concrete before the decimal-to-binary conversion
// (runtime/musl/patches/sympath.patch, floatscan.c), as KLEE's uClibc strtod does through long double
// arithmetic: the conversion's bignum products, divisions and remainders on symbolic digits gave seq
// queries no solver answered in 30 s. The forks on each character read stay; nothing after the
// conversion forks on the digits' values any more.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readKTest } from '../../src/engine/ktest.js';
import { ROOT } from '../engine/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'sympath-strtod-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Four characters, each '.', '0', '1' or '5': fractions like "1.05" take the bignum conversion (the
// short-integer shortcuts do not apply), and the comparison after it would fork on the digits' values.
const PROGRAM = `#include <klee/klee.h>
#include <stdlib.h>
int main(void) {
  char s[5];
  klee_make_symbolic(s, 4, "s");
  s[4] = 0;
  for (int i = 0; i < 4; i++) klee_assume((s[i] == '.') | (s[i] == '0') | (s[i] == '1') | (s[i] == '5'));
  long double v = strtold(s, 0);
  return v > 2.5L;
}
`;

it('strtold on symbolic digits: one path per pattern the character loop tells apart, no more', () => {
  writeFileSync(join(work, 'strtod4.c'), PROGRAM);
  const out = join(work, 'out');
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), 'run', '--progress', 'none', '--search', 'dfs', '--output-dir', out, join(work, 'strtod4.c')], { cwd: work, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const stats = JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
  expect(stats.haltReason).toBe('all paths explored');
  // decfloat's loop tells a '.' from a '0' from another digit (lnz, the radix point); which other
  // digit it was is decided once, by the concretisation. Before it, the conversion forked on the
  // values too: 75 paths and 26,755 queries against 35 and 246 here.
  const patterns = readdirSync(out)
    .filter((f) => f.endsWith('.ktest'))
    .map((f) => {
      const s = readKTest(join(out, f)).objects.find((o) => o.name === 's')!.bytes;
      return [...s].map((c) => (c === 0x2e ? '.' : c === 0x30 ? '0' : 'd')).join('');
    });
  expect(patterns.length).toBe(stats.paths.completed);
  expect(new Set(patterns).size).toBe(patterns.length);
}, 120_000);
