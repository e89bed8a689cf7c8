// Coverage shared between the engines of `--workers N` (src/engine/coverage.ts): each engine counts
// executions in its own array; what any engine covered is one flag per instruction in shared memory,
// claimed by the first engine that executes it.

import { describe, expect, it } from 'vitest';
import { Coverage } from '../../src/engine/coverage.js';
import { parseModule } from '../../src/ir/index.js';
import { compileC } from './helpers.js';

const { ll } = compileC({ text: 'int main(void) { int x = 1; return x - 1; }\n' });
const module = parseModule(ll, 'prog.ll');

function twoEngines(): [Coverage, Coverage] {
  const a = new Coverage(module, [], () => 0);
  const b = new Coverage(module, [], () => 0);
  const shared = new Float64Array(new SharedArrayBuffer(a.size * Float64Array.BYTES_PER_ELEMENT));
  a.shareCoverage(shared);
  b.shareCoverage(shared);
  return [a, b];
}

describe('coverage shared between engines', () => {
  it('the first engine to execute an instruction claims it; the other sees it covered but not new', () => {
    const [a, b] = twoEngines();
    expect(a.isCovered(3)).toBe(false);
    expect(a.claim(3)).toBe(true);
    expect(b.isCovered(3)).toBe(true);
    expect(b.claim(3)).toBe(false);
    expect(b.isCovered(4)).toBe(false);
  });

  it("execution counts stay each engine's own", () => {
    const [a, b] = twoEngines();
    a.counts[2]! += 5;
    expect(b.counts[2]).toBe(0);
    expect(a.isCovered(2)).toBe(true);
  });

  it('alone, every first execution is new', () => {
    const c = new Coverage(module, [], () => 0);
    expect(c.claim(1)).toBe(true);
    expect(c.claim(1)).toBe(true);
  });

  it("refuses shared flags of another module's size", () => {
    const c = new Coverage(module, [], () => 0);
    expect(() => c.shareCoverage(new Float64Array(c.size + 1))).toThrow(/shared coverage flags/);
  });
});
