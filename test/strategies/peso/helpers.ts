// Helpers for the PESO tests: run a program under the PESO driver (bare engine, real solver), print its
// paths and conditions in the paper's notation (a branch is its source line with T or F: "9F"), and
// run PESO and exhaustive path exploration in one driver run so both speak of the same symbolic arrays.

import { runDriver } from '../../../src/engine/concolic/index.js';
import type { ConcolicInput, Driver, DriverContext } from '../../../src/engine/concolic/driver-api.js';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from '../../../src/engine/options.js';
import type { TestCase } from '../../../src/engine/test-case.js';
import type { Trace, TraceConstraint } from '../../../src/engine/trace/model.js';
import type { Module } from '../../../src/ir/model.js';
import { parseCriterion } from '../../../src/strategies/peso/criterion.js';
import { PesoDriver, type PesoMode } from '../../../src/strategies/peso/driver.js';
import { solver } from '../../engine/helpers.js';

export async function runWith(module: Module, driver: Driver, opts: Partial<EngineOptions> = {}): Promise<{ tests: TestCase[]; paths: { completed: number; errors: number } }> {
  const tests: TestCase[] = [];
  const r = await runDriver(
    module,
    { ...DEFAULT_ENGINE_OPTIONS, ...opts },
    { solver: await solver(), sink: { add: (t) => (tests.push(t), `test${tests.length}`) }, stdout: () => {}, stderr: () => {} },
    driver,
  );
  return { tests, paths: r.paths };
}

export function peso(mode: PesoMode, criterion = 'stdout,exit', initial?: ConcolicInput): PesoDriver {
  return new PesoDriver({ mode, criterion: parseCriterion(criterion), record: true, ...(initial ? { initial } : {}) });
}

/** Runs several drivers one after the other in the same driver run (one pool of symbolic arrays). */
export class Sequence implements Driver {
  readonly name = 'sequence';
  constructor(readonly drivers: readonly Driver[]) {}
  async run(ctx: DriverContext): Promise<void> {
    for (const d of this.drivers) await d.run(ctx);
  }
}

/** A branch decision as the paper writes it: line and T/F (other decisions: line and kind). */
export function decision(t: Trace, c: TraceConstraint): string {
  const line = t.inst(c.instance).loc?.line ?? 0;
  return c.kind === 'branch' ? `${line}${c.direction === 0 ? 'T' : 'F'}` : `${line}:${c.kind}`;
}

/** The branch decisions of the path made in function `fn`. */
export function path(t: Trace, fn: string): string[] {
  return t.constraints.filter((c) => c.negatable && t.inst(c.instance).parent.fn.name === fn).map((c) => decision(t, c));
}

export function int32(bytes: Uint8Array | undefined): number {
  return bytes ? new DataView(bytes.buffer, bytes.byteOffset, 4).getInt32(0, true) : 0;
}
