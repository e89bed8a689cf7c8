// `--driver dgse` as the CLI runs it: the driver built from the run's flags, its stats.json section and
// its closing lines.

import type { KTestInput } from '../../engine/concolic/driver-api.js';
import type { DriverPlugin, TechniqueFlags } from '../registry.js';
import { DGSE_DEPENDENCES, type DgseDependence } from './dependences.js';
import { DgseDriver } from './driver.js';
import { statsSection } from './stats.js';

export function createPlugin(flags: TechniqueFlags): DriverPlugin {
  const given = flags.dgseDependences as DgseDependence[] | undefined;
  const dependences = new Set<DgseDependence>(given ?? DGSE_DEPENDENCES);
  const initial = flags.dgseFirstInput as KTestInput | undefined;
  const limit = flags.dgseInteractiveLimit as number | undefined;
  const driver = new DgseDriver({ dependences, ...(initial ? { initial } : {}), ...(limit !== undefined ? { interactiveLimit: limit } : {}) });
  const order = DGSE_DEPENDENCES.filter((d) => dependences.has(d));
  return {
    driver,
    statsSection: () => statsSection(driver.stats, order),
    report() {
      const s = driver.stats;
      const solving = s.satSeconds + s.unsatSeconds + s.unknownSeconds;
      return {
        lines: [
          `dgse: ${s.executions} paths executed (${s.duplicatePaths} repeated), ${s.tasksPushed} tasks, ${s.tasksInfeasible} infeasible, ${s.tasksUnknown} unknown; dependences ${order.join(',')}`,
          ...(s.approximatedFunctions.length > 0
            ? [`dgse: interactive dependence over-approximated in ${s.approximatedFunctions.length} functions over the size limit: ${s.approximatedFunctions.join(', ')}`]
            : []),
          `dgse: time: static analysis ${s.staticAnalysisSeconds.toFixed(2)} s, dynamic dependence ${s.dynamicDependenceSeconds.toFixed(2)} s, solving ${solving.toFixed(2)} s (sat ${s.satSeconds.toFixed(2)}, unsat ${s.unsatSeconds.toFixed(2)}), execution ${s.executionSeconds.toFixed(2)} s`,
        ],
      };
    },
  };
}
