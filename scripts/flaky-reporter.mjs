// A Vitest reporter that names every test which passed only on a retry (the browser suites
// retry once: a shared machine can lose a click). It appends them to the file named by
// FLAKY_REPORT, so that `npm test` repeats them in its summary instead of hiding them.
import { appendFileSync } from 'node:fs';

export default class FlakyReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    const diagnostic = testCase.diagnostic();
    if (diagnostic?.flaky) this.flaky.push(`${testCase.module.moduleId.split('/').slice(-2).join('/')} > ${testCase.fullName} (retried ${diagnostic.retryCount}×)`);
  }

  onTestRunEnd() {
    if (!this.flaky.length) return;
    console.log(`\npassed only on a retry:\n${this.flaky.map((name) => `  ${name}`).join('\n')}`);
    if (process.env.FLAKY_REPORT) appendFileSync(process.env.FLAKY_REPORT, this.flaky.map((name) => `${name}\n`).join(''));
  }
}
