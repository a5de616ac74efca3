// Mocha reporter: the usual spec output, plus {passed, failed, skipped, failures} written to a file for
// test-all. A skipped (pending) test is counted apart: never as passed.
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');
const { EVENT_RUN_END, EVENT_TEST_FAIL, EVENT_TEST_PASS, EVENT_TEST_PENDING } = Mocha.Runner.constants;

class ResultsReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const output = (options.reporterOptions && options.reporterOptions.output) || 'out/unit-results.json';
    const res = { passed: 0, failed: 0, skipped: 0, failures: [] };
    runner.on(EVENT_TEST_PASS, () => res.passed++);
    runner.on(EVENT_TEST_PENDING, () => res.skipped++);
    runner.on(EVENT_TEST_FAIL, (test, err) => {
      res.failed++;
      res.failures.push({ title: test.fullTitle(), error: String(err && err.message).slice(0, 2000) });
    });
    runner.once(EVENT_RUN_END, () => {
      fs.mkdirSync(path.dirname(output), { recursive: true });
      fs.writeFileSync(output, JSON.stringify(res, null, 2));
    });
  }
}
module.exports = ResultsReporter;
