// PESO's counts: the `driver` section of stats.json (the paper's Table IV columns: partitions against
// paths, tests, time, formula size and solver calls).

export interface PesoStats {
  /** Paths executed (the first one and every feasible task). */
  executions: number;
  /** Distinct output partitions found: ⟨relevant-slice condition, symbolic output⟩ pairs. */
  partitions: number;
  /** Distinct relevant-slice conditions found. */
  distinctRsc: number;
  /** Executions that landed in a partition found before (no test written for them). */
  repeatedPartitions: number;
  tasksPushed: number;
  /** Tasks not pushed because the same formula was pushed before. */
  tasksDuplicate: number;
  tasksInfeasible: number;
  tasksUnknown: number;
  /** Continuation tasks of multi-way decisions (a switch's further cases). */
  tasksContinuation: number;
  /** Tasks at a position ≤ n of their path's sequence that are not continuations: the paper's
   *  Execute(t, n) would not push them (the prefix property of Lemma 3.13 failed; tasks.ts). */
  tasksBeforeN: number;
  /** Tasks not solved because their conjuncts include an RSC found before (tasks.ts). */
  tasksCovered: number;
  /** Re-solves of a task whose input landed in an RSC found that reaches outside its task (leaky.ts). */
  tasksReblocked: number;
  solverCalls: number;
  /** Constraints over all solver calls. */
  queryConstraints: number;
  /** SMT-LIB bytes of the solved task formulas (the paper's "formula size"). */
  formulaBytes: number;
  /** Constraints over the relevant-slice conditions of executed paths, and over their path conditions. */
  rscConstraints: number;
  pathConstraints: number;
  executionSeconds: number;
  /** Static analyses: dependences of the traces and the criterion's output effects. */
  staticAnalysisSeconds: number;
  /** Dynamic dependences and the relevant-slice graph of each trace. */
  slicingSeconds: number;
  /** Criterion instances, relevant-slice conditions and symbolic outputs. */
  conditionSeconds: number;
  reorderSeconds: number;
  solvingSeconds: number;
  totalSeconds: number;
}

export function emptyStats(): PesoStats {
  return {
    executions: 0,
    partitions: 0,
    distinctRsc: 0,
    repeatedPartitions: 0,
    tasksPushed: 0,
    tasksDuplicate: 0,
    tasksInfeasible: 0,
    tasksUnknown: 0,
    tasksContinuation: 0,
    tasksBeforeN: 0,
    tasksCovered: 0,
    tasksReblocked: 0,
    solverCalls: 0,
    queryConstraints: 0,
    formulaBytes: 0,
    rscConstraints: 0,
    pathConstraints: 0,
    executionSeconds: 0,
    staticAnalysisSeconds: 0,
    slicingSeconds: 0,
    conditionSeconds: 0,
    reorderSeconds: 0,
    solvingSeconds: 0,
    totalSeconds: 0,
  };
}

/** The `driver` section of stats.json. */
export function statsSection(s: PesoStats, criterion: readonly string[], reorder: boolean, exhaustive = false): Record<string, unknown> {
  return {
    name: 'peso',
    outputCriterion: criterion,
    reorder,
    /** --peso-exhaustive: every path explored (the partitions computed per path). */
    exhaustive,
    executedPaths: s.executions,
    partitions: s.partitions,
    distinctRsc: s.distinctRsc,
    repeatedPartitions: s.repeatedPartitions,
    tasksPushed: s.tasksPushed,
    tasksDuplicate: s.tasksDuplicate,
    tasksInfeasible: s.tasksInfeasible,
    tasksUnknown: s.tasksUnknown,
    tasksContinuation: s.tasksContinuation,
    tasksBeforeN: s.tasksBeforeN,
    tasksCovered: s.tasksCovered,
    tasksReblocked: s.tasksReblocked,
    solverCalls: s.solverCalls,
    meanConstraintsPerQuery: s.solverCalls > 0 ? s.queryConstraints / s.solverCalls : 0,
    formulaBytes: s.formulaBytes,
    meanFormulaBytes: s.solverCalls > 0 ? s.formulaBytes / s.solverCalls : 0,
    rscConstraints: s.rscConstraints,
    pathConstraints: s.pathConstraints,
    executionSeconds: s.executionSeconds,
    staticAnalysisSeconds: s.staticAnalysisSeconds,
    slicingSeconds: s.slicingSeconds,
    conditionSeconds: s.conditionSeconds,
    reorderSeconds: s.reorderSeconds,
    solvingSeconds: s.solvingSeconds,
    totalSeconds: s.totalSeconds,
  };
}
