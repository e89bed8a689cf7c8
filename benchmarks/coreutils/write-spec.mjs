// Writes an experiment spec of the Coreutils harnesses (osdi.experiment.json for run.sh,
// mutation-sgs.experiment.json for mutation-sgs.sh) again with one run's budget, utility list and results
// folder, the IR files named by absolute path: the committed specs keep relative paths and a default list.
//
//   node write-spec.mjs SRC OUT SECONDS LIST RESULTS IR_DIR [CELL_TIMEOUT]
import { readFileSync, writeFileSync } from 'node:fs';

const [src, out, time, list, results, ir, cellTimeout] = process.argv.slice(2);
if (!ir) {
  process.stderr.write('usage: node write-spec.mjs SRC OUT SECONDS LIST RESULTS IR_DIR [CELL_TIMEOUT]\n');
  process.exit(2);
}
const spec = JSON.parse(readFileSync(src, 'utf8'));
delete spec.$schema;
spec.results = results;
spec.budget = { maxTime: Number(time) };
if (cellTimeout !== undefined) spec.cellTimeout = Number(cellTimeout);
spec.programs[0].each = list;
spec.programs[0].files = [`${ir}/{}.bc`];
writeFileSync(out, `${JSON.stringify(spec, null, 2)}\n`);
