// Concolic execution and drivers (issue 9 item 3): the engine's second plugin kind. Drivers register
// here by name for `sympath run --driver NAME`; DGSE and PESO will add theirs from src/strategies/.

import type { Module } from '../../ir/model.js';
import type { RunResult } from '../executor.js';
import type { EngineOptions } from '../options.js';
import type { Driver } from './driver-api.js';
import { runDriver, type DriverEnvironment } from './driver.js';
import { GenerationalSearch } from './generational.js';

export type * from './driver-api.js';
export { ConcolicSolver } from './concolic-solver.js';
export { ArrayPool, executeConcolic, runDriver, type ConcolicEnvironment, type ConcolicOutcome, type DriverEnvironment } from './driver.js';
export { GenerationalSearch, type GenerationalStats } from './generational.js';

/** Drivers by `--driver` name. */
export const DRIVERS: Readonly<Record<string, () => Driver>> = {
  concolic: () => new GenerationalSearch(),
};

export function driverNames(): string[] {
  return Object.keys(DRIVERS);
}

/** Runs the driver named `name` (one of driverNames()). */
export async function runNamedDriver(name: string, module: Module, opts: EngineOptions, env: DriverEnvironment): Promise<RunResult> {
  const make = DRIVERS[name];
  if (!make) throw new Error(`unknown driver '${name}' (available: ${driverNames().join(', ')})`);
  const { executions: _, ...r } = await runDriver(module, opts, env, make());
  return r;
}
