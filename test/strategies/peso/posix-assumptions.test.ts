// A concolic driver under the POSIX model with symbolic stdin or files: the first input (all zero
// bytes) violates the model's klee_assume calls on each file's stat (its inode, its block size) and the
// model version. The driver re-solves the input for the assumption that ended the run, keeping the ones
// refuted before. Found by benchmarks/peso/coreutils.sh (cat, wc, comm, ... under --sym-stdin or
// --sym-files had one path, "invalid klee_assume call (provably false)"): the driver took the last
// condition the run found false, which was a klee_prefer_cex preference the error's test solving
// queried after the assumption, so the retries chased preferences and ran out.

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

test('--driver peso with two --sym-files satisfies every stat assumption and partitions by their bytes', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'sympath-peso-posix-'));
  const src = join(FIXTURES, '..', '..', 'fixtures', 'peso', 'two_files.c');
  const r = await sympath(['run', '--driver', 'peso', '--max-time', '120', '--posix-runtime', '--output-dir', 'out', src, 'A', 'B', '--sym-files', '2', '1'], cwd);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).not.toMatch(/invalid klee_assume/);
  const sig = JSON.parse(readFileSync(join(cwd, 'out', 'signature.json'), 'utf8'));
  const outputs = new Set<string>(sig.partitions.map((p: { output: string[] }) => p.output.join("; ")));
  for (const word of ['same', 'less', 'greater']) expect([...outputs].some((o) => o.includes(`stdout "${word}\\n"`)), [...outputs].join(' | ')).toBe(true);
}, 200_000);
