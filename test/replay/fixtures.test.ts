// Every fixture of test/fixtures/replay, replayed on x86-64 and under qemu-aarch64 from hand-made
// output directories (the .ktest files come from src/engine/ktest.ts, not from the engine): each case
// line's expectation per arch — exit status or signal, reproduced or not and why, diverged or not.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replayOutputDir } from '../../src/replay/index.js';
import type { Arch } from '../../src/replay/arch.js';
import { fixtureDir, fixtures, makeOutDir, readCases, removeTempDirs, tempDir, type Case } from './helpers.js';

afterAll(removeTempDirs);

const ARCHES: Arch[] = ['x86_64', 'aarch64'];

async function check(file: string, arch: Arch, sanitize: boolean): Promise<void> {
  const cases = readCases(join(fixtureDir, file)).filter((c) => c.sanitize === sanitize);
  if (cases.length === 0) return;
  const dir = makeOutDir(
    join(tempDir(), 'out'),
    [join(fixtureDir, file)],
    cases.map((c: Case) => ({ objects: c.objects, kind: c.kind, ...(c.message !== undefined ? { message: c.message } : {}) })),
  );
  const r = await replayOutputDir(dir, { arch, sanitize, html: false, timeoutSeconds: 20 });
  expect(r.json.tests).toHaveLength(cases.length);
  cases.forEach((c, i) => {
    const e = c.expect[arch];
    const name = `test${String(i + 1).padStart(6, '0')}.ktest`;
    const t = r.json.tests[i]!;
    const where = `${file} case ${c.name} on ${arch}${sanitize ? ' (sanitize)' : ''}`;
    expect(t.test, where).toBe(name);
    expect(t.timedOut, where).toBe(false);
    if (e.exit !== undefined) expect({ exit: t.exit, signal: t.signal }, where).toEqual({ exit: e.exit, signal: null });
    if (e.signal !== undefined) expect({ exit: t.exit, signal: t.signal }, where).toEqual({ exit: null, signal: e.signal });
    const err = r.json.errors.find((x) => x.test === name);
    const div = r.json.divergent.find((x) => x.test === name);
    if (c.kind !== null) {
      expect(err, where).toBeDefined();
      expect(err!.kind, where).toBe(c.kind);
      expect(err!.reproduced, `${where}: ${err!.reason}`).toBe(e.reproduced);
      if (e.reason !== undefined) expect(err!.reason, where).toContain(e.reason);
    } else {
      expect(err, where).toBeUndefined();
      expect(div !== undefined, `${where}: ${div?.reason}`).toBe(e.diverged === true);
      if (e.reason !== undefined) expect(div?.reason, where).toContain(e.reason);
    }
  });
}

describe.each(fixtures())('%s', (file) => {
  it.each(ARCHES)('replays on %s', (arch) => check(file, arch, false));
  if (readCases(join(fixtureDir, file)).some((c) => c.sanitize)) {
    it.each(ARCHES)('replays on %s with --sanitize', (arch) => check(file, arch, true));
  }
});
