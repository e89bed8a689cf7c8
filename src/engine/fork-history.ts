// The fork history each state carries (SearchState.forkHistory): which fork sites it went through and
// in which direction, newest last. Subpath search (src/search/subpath.ts) reads it; the executor appends
// to it at every real fork (both sides kept) and nowhere else, so this is off the per-instruction path.

import type { Instruction } from '../ir/model.js';
import type { ExecutionState } from './state.js';

/**
 * Fork decisions each state keeps (SearchState.forkHistory, newest last), for subpath search. Bounded:
 * the searcher sees every state after each of its forks and keeps longer windows (subpath:N for N > 64,
 * subpath:inf) itself, incrementally (src/search/subpath.ts), so 64 is plenty and a fork stays O(64).
 */
export const MAX_FORK_HISTORY = 64;
/** Directions per fork site in a fork key: 2^21 (more than the 2^20 + 1 a symbolic pointer may take). */
const FORK_DIRECTIONS = 2 ** 21;

/**
 * The forkHistory key of a real fork (both sides kept): equal exactly when the fork site and the
 * direction are. Site = the instruction's module-wide id (not `branchId`, a separate numbering that
 * overlaps instruction ids and exists only on br/switch/indirectbr, while division, shift, memory and
 * built-in checks fork too). A two-way fork (`fork`: conditional br and every implicit check) has
 * directions 0 (condition true) and 1; a multi-way fork (`forkMany`: one direction per feasible
 * successor of a symbolic switch — per distinct target, the default's target last — of an indirectbr or a
 * symbolic function pointer, and per object a symbolic pointer may resolve to, "no object" last) numbers
 * them by condition index and is told apart by the sign. Exact for ids < 2^32 (2^53 / 2^21).
 */
export function forkKey(inst: Instruction, direction: number, multiway: boolean): number {
  const k = inst.id * FORK_DIRECTIONS + direction;
  return multiway ? -k - 1 : k;
}

/**
 * The history of every state of a run whose searcher reads none (Searcher.readsForkHistory false):
 * shared, never appended to, so a fork copies nothing.
 */
export const NO_FORK_HISTORY: number[] = Object.freeze([]) as unknown as number[];

/** Records that `s` took a real fork: one level deeper, `key` appended to its bounded history (if kept). */
export function recordFork(s: ExecutionState, key: number): void {
  s.depth++;
  const h = s.forkHistory;
  if (h === NO_FORK_HISTORY) return;
  h.push(key);
  if (h.length > MAX_FORK_HISTORY) h.shift();
}
