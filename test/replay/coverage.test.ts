// Coverage equals what gcov reports by hand for the same runs: after a replay, gcov -b -c is run by the
// test itself on the build's .gcno/.gcda and its .gcov text (a different output than the JSON replay
// reads) is counted line by line. Also: a crashing test's lines count (the replay library dumps
// coverage before dying), coverage over time, the SVG and the gcovr HTML report.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { replayOutputDir } from '../../src/replay/index.js';
import { fixtureDir, makeOutDir, objectBytes, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

/** Line and branch counts of one source in gcov's text output, counted by hand. */
async function gcovByHand(objDir: string, gcno: string, source: string) {
  const cwd = tempDir('sympath-gcov-');
  await execa('gcov', ['-b', '-c', '-o', objDir, gcno], { cwd });
  const gcovFile = readdirSync(cwd).find((f) => f.endsWith('.gcov') && f.startsWith(source.slice(source.lastIndexOf('/') + 1)));
  const text = readFileSync(join(cwd, gcovFile!), 'utf8');
  let linesCovered = 0;
  let linesTotal = 0;
  let branchesCovered = 0;
  let branchesTotal = 0;
  const counts = new Map<number, number>();
  for (const line of text.split('\n')) {
    const l = /^\s*([^:]+):\s*(\d+):/.exec(line);
    if (l && l[2] !== '0') {
      const c = l[1]!.trim();
      if (c === '-') continue;
      linesTotal++;
      const n = /^(#####|=====)$/.test(c) ? 0 : Number(c.replace(/\*$/, ''));
      if (n > 0) linesCovered++;
      counts.set(Number(l[2]), n);
      continue;
    }
    const b = /^branch\s+\d+\s+(taken (\d+)|never executed)/.exec(line);
    if (b) {
      branchesTotal++;
      if (b[2] !== undefined && Number(b[2]) > 0) branchesCovered++;
    }
  }
  return { summary: { linesCovered, linesTotal, branchesCovered, branchesTotal }, counts };
}

describe('gcov coverage of a replay', () => {
  it.each(['x86_64', 'aarch64'] as const)('equals gcov by hand on %s, crashing tests included', async (arch) => {
    const source = join(fixtureDir, 'abort.c');
    // "small" and the aborting "boom": the `return 2` line stays uncovered.
    const dir = makeOutDir(join(tempDir(), 'out'), [source], [
      { objects: [{ name: 'x', bytes: objectBytes('i32:5') }] },
      { objects: [{ name: 'x', bytes: objectBytes('i32:1234') }], kind: 'abort' },
    ]);
    const r = await replayOutputDir(dir, { arch });
    const obj = r.build.objects[0]!;
    const hand = await gcovByHand(join(r.build.dir, 'obj'), obj.gcno, source);
    expect(r.json.coverage).toEqual(hand.summary);
    expect(r.json.coverage.linesTotal).toBeGreaterThan(0);
    expect(r.json.coverage.branchesTotal).toBeGreaterThan(0);
    const lines = readFileSync(source, 'utf8').split('\n');
    const abortLine = lines.findIndex((l) => l.includes('abort();')) + 1;
    const return2 = lines.findIndex((l) => l.includes('return 2;')) + 1;
    // Both runs executed the line; without the replay library's dump on SIGABRT only one would count.
    expect(hand.counts.get(abortLine)).toBe(2);
    expect(r.uncovered).toEqual([{ file: source, lines: [...hand.counts].filter(([, n]) => n === 0).map(([l]) => l) }]);
    expect(r.uncovered[0]!.lines).toContain(return2);

    // Coverage over time: one point per test at its creation time (1 s and 2 s after run.json).
    const cov = JSON.parse(readFileSync(join(dir, 'coverage.json'), 'utf8'));
    expect(cov.timeline.map((p: { test: string }) => p.test)).toEqual(['test000001.ktest', 'test000002.ktest']);
    expect(cov.timeline[0].seconds).toBeCloseTo(1, 1);
    expect(cov.timeline[1].seconds).toBeCloseTo(2, 1);
    expect(cov.timeline[0].branchesCovered).toBeLessThan(cov.timeline[1].branchesCovered); // the abort branch
    expect(cov.timeline[1].linesCovered).toBe(r.json.coverage.linesCovered);
    expect(cov.coverage).toEqual(r.json.coverage);
    const svg = readFileSync(join(dir, 'coverage.svg'), 'utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.trimEnd()).toMatch(/<\/svg>$/);
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    // The gcovr HTML report, with a page for the source.
    expect(existsSync(join(dir, 'coverage', 'index.html'))).toBe(true);
    expect(readdirSync(join(dir, 'coverage')).some((f) => f.startsWith('index.abort.c.') && f.endsWith('.html'))).toBe(true);
  });

  it('counts only the coverage sources: a directory means every file below it', async () => {
    const main = join(fixtureDir, 'twofiles', 'main.c');
    const helper = join(fixtureDir, 'twofiles', 'lib', 'helper.c');
    const tests = [{ objects: [{ name: 'x', bytes: objectBytes('i32:3') }] }];
    const all = await replayOutputDir(makeOutDir(join(tempDir(), 'out'), [main, helper], tests), { html: false });
    const libOnly = await replayOutputDir(
      makeOutDir(join(tempDir(), 'out'), [main, helper], tests, { coverageSources: [join(fixtureDir, 'twofiles', 'lib')] }),
      { html: false },
    );
    expect(libOnly.json.coverage.linesTotal).toBeGreaterThan(0);
    expect(libOnly.json.coverage.linesTotal).toBeLessThan(all.json.coverage.linesTotal);
    expect(libOnly.uncovered.every((u) => u.file === helper)).toBe(true);
    expect(all.json.tests[0]!.exit).toBe(1);
  });
});
