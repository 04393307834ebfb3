// Adds up Vitest JSON reports in a folder and prints "N passed, N failed" (skipped shown too).
// Above that line it names each failed test with the start of its message: CI's log is often read
// only from its tail, so the last lines must say what failed, not only how many.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.ci/out';
let passed = 0;
let failed = 0;
let skipped = 0;
let files = 0;
const failures = [];
for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  files += 1;
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    const where = `${name}: ${path.relative(process.cwd(), file.name)}`;
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests)
      failures.push(`${where} > ${t.fullName}\n    ${firstLines(t.failureMessages?.[0])}`);
    // A file can fail with no failed test (an error while loading it, or in a hook).
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`${where}\n    ${firstLines(file.message)}`);
  }
}
if (files === 0) failed += 1;
if (failures.length > 0) console.log(`Failed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

/** The first lines of a failure message, without colour codes, short enough for a log's tail. */
function firstLines(message) {
  if (!message) return '(no message)';
  // eslint-disable-next-line no-control-regex
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  return plain.split('\n').slice(0, 4).join('\n    ').slice(0, 600);
}
