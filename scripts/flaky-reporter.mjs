// A Vitest reporter that names every test which passed only on a retry (the browser suites
// retry once: a shared machine can lose a click). It appends them to the file named by
// FLAKY_REPORT, and `npm test` names them in its summary instead of hiding them.
import { appendFileSync } from 'node:fs';

export default class FlakyReporter {
  onTestCaseResult(testCase) {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky || !process.env.FLAKY_REPORT) return;
    const file = testCase.module.moduleId.split('/').slice(-2).join('/');
    appendFileSync(process.env.FLAKY_REPORT, `${file} > ${testCase.fullName} (retried ${diagnostic.retryCount}×)\n`);
  }
}
