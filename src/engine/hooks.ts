// Exploration hooks (DESIGN.md "Two plugin interfaces"): techniques that prune or observe exploration
// plug in here without touching the engine. The engine calls
//   onBranch     at every symbolic branch, once per feasible direction — returning false vetoes that
//                direction (the state that would take it ends as 'pruned');
//   onInstruction / onBlock  only when a hook defines them (the engine then runs a slower loop; with no
//                such hook the hot path does not even test for them);
//   onTerminate  when a path ends, with its test (null when none was written).
// A hook sees states through ExecutionState (its constraints, stack and forkHistory give the path).

import type { Expr } from '../expr/expr.js';
import type { BasicBlock, Instruction } from '../ir/model.js';
import type { ExecutionState } from './state.js';
import type { TestCase } from './test-case.js';

export interface BranchEvent {
  readonly state: ExecutionState;
  /** The branching instruction (br, switch, indirectbr, a call through a symbolic pointer, …). */
  readonly inst: Instruction;
  /** The condition of the direction asked about (already known feasible). */
  readonly condition: Expr;
  /** For br: 0 = true side, 1 = false side; for multi-way forks the index of the target. */
  readonly direction: number;
}

export interface ExplorationHooks {
  readonly name: string;
  onBranch?(event: BranchEvent): boolean;
  onInstruction?(state: ExecutionState, inst: Instruction): void;
  onBlock?(state: ExecutionState, block: BasicBlock): void;
  onTerminate?(state: ExecutionState, test: TestCase | null): void;
}
