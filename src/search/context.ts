// What a searcher may ask the engine beyond the states themselves: global coverage facts for the
// nurs:* weights and the run's seeded random numbers. The engine implements it (src/engine).

import type { Rng } from './rng.js';
import type { SearchState } from './searcher.js';

export interface SearcherContext {
  readonly rng: Rng;
  /** Has any state executed the instruction with this static id? */
  isCovered(instructionId: number): boolean;
  /** How many times the static instruction was executed, over all states (nurs:icnt). */
  executionCount(instructionId: number): number;
  /** Instructions executed under this call path (nurs:cpicnt). */
  callPathInstructionCount(callPathKey: string): number;
  /** Shortest distance, in instructions, from the state's next instruction to an uncovered one,
   *  following calls and returns; Infinity when none is reachable (nurs:md2u). */
  minDistanceToUncovered(state: SearchState): number;
}
