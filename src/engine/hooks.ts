// Exploration hooks (DESIGN.md "Two plugin interfaces"): techniques that prune or observe exploration
// plug in here without touching the engine. The engine calls
//   onBranch     at every symbolic branch, once per feasible direction — returning false (or a promise
//                of false: a hook may ask the solver) vetoes that direction (the state that would take it
//                ends as 'pruned', with its condition added and a test for that prefix);
//   onFork       when a state is copied for the other side of a fork (per-state hook data follows it);
//   onInstruction / onBlock  only when a hook defines them (the engine then runs a slower loop; with no
//                such hook the hot path does not even test for them);
//   onResume     when the searcher selects a state that waited: neither the state that ran last nor one
//                its last step created (for DFS: a pending sibling, resumed at backtrack) — returning
//                false (or a promise of false) ends it as 'pruned' before it runs again (lazy pruning,
//                as DiSE's: the decision sees everything explored since the fork);
//   onTerminate  when a path ends, with its test (null when none was written) and how it ended.
// A hook that sets `wantsTrace` makes every state record its branch instances (state.trace: each
// symbolic branch decision with its condition, newest first, shared between forks), the trace a
// pruning technique learns from at termination.
// A hook sees states through ExecutionState (its constraints, stack and trace give the path).

import type { Expr } from '../expr/expr.js';
import type { BasicBlock, Instruction } from '../ir/model.js';
import type { ErrorKind } from './options.js';
import type { ExecutionState } from './state.js';
import type { TestCase, Termination } from './test-case.js';

export interface BranchEvent {
  readonly state: ExecutionState;
  /** The branching instruction (br, switch, indirectbr, a call through a symbolic pointer, …). */
  readonly inst: Instruction;
  /** The condition of the direction asked about (already known feasible). */
  readonly condition: Expr;
  /** For br: 0 = true side, 1 = false side; for multi-way forks the index of the target. */
  readonly direction: number;
}

/** One symbolic branch instance of a path (a persistent list: `prev` is the path before it). */
export interface TraceEntry {
  readonly inst: Instruction;
  /** The direction taken (as in BranchEvent) and the condition added for it. */
  readonly direction: number;
  readonly condition: Expr;
  /** Whether the other direction was feasible too (a fork point). */
  readonly forked: boolean;
  readonly prev: TraceEntry | null;
}

/** How a path ended, as the engine counted it (given to onTerminate). */
export interface TerminationInfo {
  /** 'partial' also for an exit or error path whose inputs the solver could not produce. */
  readonly termination: Termination;
  readonly error?: { readonly kind: ErrorKind; readonly message: string };
  /** The instruction the error happened at, when known. */
  readonly inst?: Instruction | null;
  /** The test's file name in the output directory (test000001.ktest), when one was written. */
  readonly testFile?: string;
}

export interface ExplorationHooks {
  readonly name: string;
  /** Record each state's branch trace (state.trace) for this hook. */
  readonly wantsTrace?: boolean;
  onBranch?(event: BranchEvent): boolean | Promise<boolean>;
  /** `child` was just copied from `parent` (a fork); called only when a hook defines it. */
  onFork?(parent: ExecutionState, child: ExecutionState): void;
  onInstruction?(state: ExecutionState, inst: Instruction): void;
  /**
   * While true, the executor does not call this hook's onInstruction (read at the start of each batch
   * of instructions; a hook must cope with instructions it did not see, e.g. by their count on the
   * state). The postcondition pruner pauses its recording this way while its back-off has it asleep.
   */
  readonly instructionsPaused?: boolean;
  onBlock?(state: ExecutionState, block: BasicBlock): void;
  /** A waiting state is about to run again (see the file comment); false prunes it. */
  onResume?(state: ExecutionState): boolean | Promise<boolean>;
  onTerminate?(state: ExecutionState, test: TestCase | null, end?: TerminationInfo): void;
}

/**
 * Forks decided by a recorded path prefix instead of the solver (`sympath run --workers N`, src/parallel/
 * prefix.ts): while active, the executor's fork and forkMany hand their decision to it.
 */
export interface PrefixFollower {
  active(): boolean;
  fork(s: ExecutionState, cond: Expr, inst: Instruction): [ExecutionState | null, ExecutionState | null];
  forkMany(s: ExecutionState, conds: readonly Expr[], inst: Instruction): (ExecutionState | null)[];
}
