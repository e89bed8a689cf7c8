// Prints one closing line for a vitest run from its JSON report: "vitest: N passed, N failed, N skipped"
// (the plain form CI reads). usage: node scripts/test-summary.mjs REPORT.json
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  console.log(`vitest: no report at ${file} (${e instanceof Error ? e.message : e})`);
  process.exit(0);
}
const passed = report.numPassedTests ?? 0;
// a test file that fails to load has no test results of its own: count it as one failure
const brokenFiles = (report.testResults ?? []).filter(
  (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0,
).length;
const failed = (report.numFailedTests ?? 0) + brokenFiles;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`vitest: ${passed} passed, ${failed} failed, ${skipped} skipped`);
