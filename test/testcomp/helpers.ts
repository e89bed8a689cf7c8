// Shared by the Test-Comp suites: the fixture tasks (benchmarks/testcomp/tasks), scratch directories,
// and validation of Test-Comp XML against the format's published DTDs (test/testcomp/dtd) with libxml2's
// xmllint (Debian libxml2-utils): TestCov itself is a PyPI package, and PyPI is not reachable here.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
export const tasksDir = join(root, 'benchmarks', 'testcomp', 'tasks');
export const dtdDir = join(root, 'test', 'testcomp', 'dtd');

const temps: string[] = [];
export function tempDir(prefix = 'sympath-testcomp-test-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
}
export function removeTempDirs(): void {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** xmllint's verdict on `file` against `dtd` (metadata or testcase): null when valid, its messages otherwise. */
export function dtdErrors(file: string, dtd: 'test-metadata' | 'testcase'): string | null {
  try {
    execFileSync('xmllint', ['--nonet', '--noout', '--dtdvalid', join(dtdDir, `${dtd}.dtd`), file], { stdio: ['ignore', 'pipe', 'pipe'] });
    return null;
  } catch (e) {
    const err = e as { stderr?: Buffer };
    // The DOCTYPE's URL cannot be fetched (--nonet): that warning is not a validity error.
    const lines = (err.stderr?.toString() ?? String(e)).split('\n').filter((l) => l.trim() !== '' && !/failed to load external entity|^\s|^\s*\^/.test(l));
    return lines.join('\n') || 'xmllint failed';
  }
}
