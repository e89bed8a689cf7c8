// Concolic execution and drivers (issue 9 item 3): the engine's second plugin kind. The reference
// driver registers here by name for `sympath run --driver concolic`; the techniques' drivers (DGSE, …)
// come from the registry of src/strategies (src/strategies/registry.ts).

import type { Driver } from './driver-api.js';
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
