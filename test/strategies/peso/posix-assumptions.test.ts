// A concolic driver under the POSIX model with symbolic stdin: the first input (all zero bytes)
// violates the model's klee_assume calls on stdin_stat one after the other (its inode, its block size,
// the model version). The driver re-solves the input; it must keep every assumption refuted so far in
// the re-solve, otherwise the retries alternated between two assumptions and every run ended in
// "invalid klee_assume call (provably false)" (found by benchmarks/peso/coreutils.sh: cat, head, wc, ...
// under --sym-stdin had one path). Here PESO finds the abort planted behind stdin's content.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { FIXTURES, sympath } from '../../posix/helpers.js';

test('--driver peso with --sym-stdin satisfies the POSIX model assumptions and reaches stdin content', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'sympath-peso-posix-'));
  const r = await sympath(['run', '--driver', 'peso', '--max-time', '120', '--posix-runtime', '--output-dir', 'out', join(FIXTURES, 'stdin_content.c'), '--sym-stdin', '4'], cwd);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).not.toMatch(/invalid klee_assume/);
  const stats = JSON.parse(readFileSync(join(cwd, 'out', 'stats.json'), 'utf8'));
  expect(stats.errors).toEqual([expect.objectContaining({ kind: 'abort', line: 17 })]);
  // empty, "blank", "text" and the abort are distinct outputs: more than one partition.
  expect(stats.driver.partitions).toBeGreaterThanOrEqual(4);
}, 200_000);
