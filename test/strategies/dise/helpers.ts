// Helpers of the DiSE suites: `sympath run` through the real CLI, and what affected.json says.

import { execa } from 'execa';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../engine/helpers.js';

export const FIXTURES = join(ROOT, 'test', 'fixtures', 'dise');

/** `sympath ARGS` in a child process (asynchronously: a blocked test worker misses vitest's heartbeats). */
export async function sympath(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const r = await execa(process.execPath, [join(ROOT, 'bin', 'sympath.mjs'), ...args], { reject: false, stdin: 'ignore' });
  return { status: r.exitCode ?? null, stdout: String(r.stdout), stderr: String(r.stderr) };
}

export interface AffectedJson {
  mode: string;
  impactAnalysis: string;
  impactSet: { node: number; kind: string; op: string; newLine?: number; oldLine?: number; function: string; origin: string }[];
  paths: number;
  affectedPathConditions: number;
  affected: { test?: string; termination: string; impactedNodes: number[]; sequence: number[]; newLines: number[]; oldLines: number[]; pathCondition: string[] }[];
}

export function affected(out: string): AffectedJson {
  return JSON.parse(readFileSync(join(out, 'affected.json'), 'utf8')) as AffectedJson;
}

export function stats(out: string): { paths: { completed: number; errors: number; partial: number; pruned: number }; prune: string[]; search: string; pruning?: { dise?: Record<string, unknown> } } {
  return JSON.parse(readFileSync(join(out, 'stats.json'), 'utf8'));
}

export function ktests(out: string): string[] {
  return readdirSync(out).filter((f) => f.endsWith('.ktest')).sort();
}

/** Source line -> the paper's node name, from the fixture's `/* nK` comments. */
export function nodeNames(file: string): Map<number, string> {
  const out = new Map<number, string>();
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((l, k) => {
      const m = /\/\* (n\d+)\b/.exec(l);
      if (m) out.set(k + 1, m[1]!);
    });
  return out;
}
