// DGSE's counts: the `driver` section of stats.json and the figures of the paper's Tables 5–7.

export interface DgseStats {
  /** Paths executed (feasible tasks, and the first path). */
  executions: number;
  /** Executed paths whose decisions and ending an earlier path already had (no second test). */
  duplicatePaths: number;
  tasksPushed: number;
  /** Tasks whose relevant path condition was unsatisfiable: the paper's infeasible paths. */
  tasksInfeasible: number;
  tasksUnknown: number;
  /** Tasks not pushed because the same task was pushed before. */
  tasksDuplicate: number;
  /** Paths that did not contain the decision their task negated (expanded as a first path). */
  divergences: number;
  solverCalls: number;
  /** Constraints over all solver calls (mean per query = queryConstraints / solverCalls). */
  queryConstraints: number;
  satSeconds: number;
  unsatSeconds: number;
  unknownSeconds: number;
  /** Static analyses (control, data, potential and interactive dependence) computed for the run. */
  staticAnalysisSeconds: number;
  /** Dynamic dependences, the dependence graph of each trace and the tasks built from it. */
  dynamicDependenceSeconds: number;
  /** Concolic execution of the paths. */
  executionSeconds: number;
  totalSeconds: number;
  /** Functions whose interactive dependence was computed. */
  interactiveFunctions: number;
  /** Functions over --dgse-interactive-limit (interactive dependence over-approximated). */
  approximatedFunctions: string[];
  /** The functions whose interactive dependence cost most, with seconds (at most five). */
  costliestInteractive: { name: string; seconds: number }[];
  /** Instances over all executed traces. */
  traceEvents: number;
  /** Dependence edges followed by the checks and closures. */
  dependenceVisits: number;
}

export function emptyStats(): DgseStats {
  return {
    executions: 0,
    duplicatePaths: 0,
    tasksPushed: 0,
    tasksInfeasible: 0,
    tasksUnknown: 0,
    tasksDuplicate: 0,
    divergences: 0,
    solverCalls: 0,
    queryConstraints: 0,
    satSeconds: 0,
    unsatSeconds: 0,
    unknownSeconds: 0,
    staticAnalysisSeconds: 0,
    dynamicDependenceSeconds: 0,
    executionSeconds: 0,
    totalSeconds: 0,
    interactiveFunctions: 0,
    approximatedFunctions: [],
    costliestInteractive: [],
    traceEvents: 0,
    dependenceVisits: 0,
  };
}

/** The `driver` section of stats.json. */
export function statsSection(s: DgseStats, dependences: readonly string[]): Record<string, unknown> {
  return {
    name: 'dgse',
    dependences,
    executedPaths: s.executions,
    duplicatePaths: s.duplicatePaths,
    tasksPushed: s.tasksPushed,
    tasksInfeasible: s.tasksInfeasible,
    tasksUnknown: s.tasksUnknown,
    tasksDuplicate: s.tasksDuplicate,
    divergences: s.divergences,
    solverCalls: s.solverCalls,
    meanConstraintsPerQuery: s.solverCalls > 0 ? s.queryConstraints / s.solverCalls : 0,
    satSeconds: s.satSeconds,
    unsatSeconds: s.unsatSeconds,
    unknownSeconds: s.unknownSeconds,
    solvingSeconds: s.satSeconds + s.unsatSeconds + s.unknownSeconds,
    staticAnalysisSeconds: s.staticAnalysisSeconds,
    dynamicDependenceSeconds: s.dynamicDependenceSeconds,
    executionSeconds: s.executionSeconds,
    interactiveFunctions: s.interactiveFunctions,
    approximatedFunctions: s.approximatedFunctions,
    costliestInteractive: s.costliestInteractive,
    traceEvents: s.traceEvents,
    dependenceVisits: s.dependenceVisits,
  };
}
