// A Vitest reporter that names every test which passed only on a retry (the browser suites
// retry once: a shared machine can lose a click). It appends them to the file named by
// FLAKY_REPORT, with the first line of what failed before the retry, and `npm test` names
// them in its summary instead of hiding them: the CI log alone tells what to fix.
import { appendFileSync } from 'node:fs';

/** The error's message and the test file's line it came from, on one line. */
function firstFailure(testCase) {
  const error = testCase.result()?.errors?.[0];
  if (!error) return '';
  const message = String(error.message ?? error).split('\n')[0].slice(0, 300);
  const file = testCase.module.moduleId;
  const frame = (error.stacks ?? []).find((s) => s.file === file);
  return ` — ${message}${frame ? ` (line ${frame.line})` : ''}`;
}

export default class FlakyReporter {
  onTestCaseResult(testCase) {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky || !process.env.FLAKY_REPORT) return;
    const file = testCase.module.moduleId.split('/').slice(-2).join('/');
    appendFileSync(process.env.FLAKY_REPORT, `${file} > ${testCase.fullName} (retried ${diagnostic.retryCount}×)${firstFailure(testCase)}\n`);
  }
}
