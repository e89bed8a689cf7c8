// `--driver peso` as the CLI runs it: the driver built from the run's flags, its stats.json section,
// its closing lines and the semantic signature (OUTPUT-DIR/signature.json, signature.ts).

import type { KTestInput } from '../../engine/concolic/driver-api.js';
import type { DriverPlugin, TechniqueFlags } from '../registry.js';
import { CRITERION_PARTS, DEFAULT_CRITERION, type CriterionPart } from './criterion.js';
import { PesoDriver } from './driver.js';
import { signatureOf } from './signature.js';
import { statsSection } from './stats.js';

export function createPlugin(flags: TechniqueFlags): DriverPlugin {
  const given = flags.outputCriterion as CriterionPart[] | undefined;
  const criterion = new Set<CriterionPart>(given ?? DEFAULT_CRITERION);
  const order = CRITERION_PARTS.filter((p) => criterion.has(p));
  const reorder = flags.pesoNoReorder !== true;
  const initial = flags.pesoFirstInput as KTestInput | undefined;
  // --check-pruning's baseline: exhaustive path exploration computing the same partitions per path.
  const baseline = flags.exhaustiveBaseline === true;
  // --peso-exhaustive: the same exploration as a run of its own, writing one test per partition.
  const exhaustive = baseline || flags.pesoExhaustive === true;
  const mode = exhaustive ? 'paths' : reorder ? 'reorder' : 'no-reorder';
  const driver = new PesoDriver({ criterion, mode, emit: !baseline, ...(initial ? { initial } : {}) });
  return {
    driver,
    statsSection: () => statsSection(driver.stats, order, reorder, exhaustive),
    partitions: () => new Map([...driver.partitions.values()].map((p) => [p.key, `${p.rscLines.length ? p.rscLines.join(' && ') : 'true'} => ${p.output.join('; ')}`])),
    report() {
      const s = driver.stats;
      return {
        lines: [
          `peso: ${s.partitions} output partitions (${s.distinctRsc} relevant-slice conditions) from ${s.executions} paths executed (${s.repeatedPartitions} in a partition found before); criterion ${order.join(',')}${exhaustive ? ', every path explored' : reorder ? '' : ', not reordered'}`,
          `peso: ${s.tasksPushed} tasks, ${s.tasksInfeasible} infeasible, ${s.tasksUnknown} unknown; ${s.solverCalls} solver calls, ${s.formulaBytes} bytes of SMT-LIB`,
          `peso: time: execution ${s.executionSeconds.toFixed(2)} s, static analysis ${s.staticAnalysisSeconds.toFixed(2)} s, slicing ${s.slicingSeconds.toFixed(2)} s, conditions ${s.conditionSeconds.toFixed(2)} s, reordering ${s.reorderSeconds.toFixed(2)} s, solving ${s.solvingSeconds.toFixed(2)} s`,
        ],
        file: { name: 'signature.json', json: signatureOf(driver, order, reorder) },
      };
    },
  };
}
