// A mocha reporter for the extension host. Its console reaches the runner through the workbench's
// codeAutomationLog, which flattens format strings ("%s (%dms),title,12"), so every line here is one
// pre-formatted string, prefixed so run-tests.mjs can tell test output from the workbench's own chatter.
import Mocha from 'mocha';

export const LINE_PREFIX = '[agentguard-it] ';
const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING, EVENT_RUN_END } = Mocha.Runner.constants;

export class LineReporter extends Mocha.reporters.Base {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    let depth = 0;
    const out = (s: string) => console.log(`${LINE_PREFIX}${'  '.repeat(depth)}${s}`);
    const failures: Array<{ title: string; err: Error }> = [];
    runner.on(EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
      if (suite.title) out(suite.title);
      depth += 1;
    });
    runner.on(EVENT_SUITE_END, () => {
      depth -= 1;
    });
    runner.on(EVENT_TEST_PASS, (test: Mocha.Test) => out(`✔ ${test.title} (${test.duration ?? 0} ms)`));
    runner.on(EVENT_TEST_PENDING, (test: Mocha.Test) => out(`- ${test.title} (pending)`));
    runner.on(EVENT_TEST_FAIL, (test: Mocha.Runnable, err: Error) => {
      failures.push({ title: test.fullTitle(), err });
      out(`✖ ${test.title} (failure ${failures.length})`);
    });
    runner.once(EVENT_RUN_END, () => {
      depth = 0;
      const s = this.stats;
      out(`${s.passes} passing, ${s.failures} failing, ${s.pending} pending (${s.duration ?? 0} ms)`);
      failures.forEach((f, i) => out(`${i + 1}) ${f.title}\n${f.err?.stack ?? f.err}`));
    });
  }
}
