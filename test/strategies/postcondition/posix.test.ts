// The postcondition pruner on programs run through musl and the POSIX model (issue 19 item 3: the
// environment's artificial suffix dependences). Through the CLI, as a user runs Coreutils.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, sympath } from '../../posix/helpers.js';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'pse', 'posix');
const PSE = ['--search', 'dfs', '--prune', 'postcondition', '--pse-first-instance-only', '--pse-simplify', '--pse-reuse-wp', '--no-pse-backoff'];

interface Run {
  code: number;
  stderr: string;
  stats: { paths: { completed: number; pruned: number } };
  pse: { prunes: number; barriers: Record<string, number> } | null;
}

async function run(flags: string[], file: string, programArgs: string[]): Promise<Run> {
  const cwd = mkdtempSync(join(tmpdir(), 'sympath-pse-posix-'));
  const r = await sympath(['run', '--output-dir', 'out', '--posix-runtime', ...flags, join(FIXTURES, file), ...programArgs], cwd);
  const out = join(cwd, 'out');
  const read = (name: string): unknown => {
    try {
      return JSON.parse(readFileSync(join(out, name), 'utf8'));
    } catch {
      return null;
    }
  };
  return { code: r.code, stderr: r.stderr, stats: read('stats.json') as Run['stats'], pse: read('postcondition.json') as Run['pse'] };
}

describe('the POSIX model', () => {
  test('a non-symbolic stdout is unbuffered: a symbolic byte printed does not fork on being a newline', async () => {
    const unbuffered = await run(['--search', 'dfs'], 'putchar.c', ['--sym-arg', '1']);
    const buffered = await run(['--search', 'dfs'], 'putchar.c', ['--sym-arg', '1', '--buffered-stdout']);
    expect(unbuffered.code, unbuffered.stderr).toBe(0);
    expect(buffered.code, buffered.stderr).toBe(0);
    expect(unbuffered.stats.paths.completed).toBe(1);
    expect(buffered.stats.paths.completed).toBe(2);
  }, 120_000);
});

describe('PSE across the POSIX model writes', () => {
  test('summaries are learnt across writes: pruned, nothing lost, no write or concretisation barrier', async () => {
    const r = await run([...PSE, '--check-pruning'], 'writes.c', ['--sym-arg', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('check-pruning: nothing lost');
    const barriers = Object.keys(r.pse!.barriers);
    expect(barriers.filter((b) => /writev|concretize|klee_is_symbolic|host_write/.test(b))).toEqual([]);
    expect(r.pse!.prunes).toBeGreaterThan(0);
    expect(r.stats.paths.pruned).toBeGreaterThan(0);
  }, 120_000);
});
