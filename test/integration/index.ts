// Entry point VS Code loads as `extensionTestsPath` (under code-server here, under @vscode/test-electron
// where desktop VS Code can be downloaded): runs the mocha suites inside the extension host and writes a
// machine-readable result so scripts/test-all.mjs can sum the tiers.
import { writeFileSync } from 'node:fs';
import Mocha from 'mocha';
import { resultsFile } from './env';
import { LineReporter } from './reporter';

// Suites are required explicitly (not globbed from disk) so esbuild puts them all into this one bundle;
// they are loaded only after mocha has installed describe/it on the global object.
const SUITES: Array<() => unknown> = [
  () => require('./suite/smoke.test'),
  () => require('./suite/tools.test'),
  () => require('./suite/confirm.test'),
  () => require('./suite/policy.test'),
  () => require('./suite/hooks.test'),
  () => require('./suite/panel.test'),
  () => require('./suite/lockdown.test'),
];

export interface Failure {
  title: string;
  error: string;
}

export interface Results {
  tier: 'integration';
  passed: number;
  failed: number;
  failures: Failure[];
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: LineReporter });
  mocha.suite.emit('pre-require', globalThis, 'integration', mocha);
  const results: Results = { tier: 'integration', passed: 0, failed: 0, failures: [] };
  const write = () => writeFileSync(resultsFile(), JSON.stringify(results, null, 2) + '\n');

  return new Promise<void>((resolve, reject) => {
    try {
      for (const load of SUITES) load();
    } catch (err) {
      // A suite that cannot even load is a failure, never a silent skip.
      results.failed = 1;
      results.failures.push({ title: 'loading the integration suites', error: String((err as Error)?.stack ?? err) });
      write();
      reject(err);
      return;
    }
    const runner = mocha.run((failures) => {
      write();
      const total = results.passed + results.failed;
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
      else if (total === 0) reject(new Error('no integration test ran'));
      else resolve();
    });
    runner.on('pass', () => {
      results.passed += 1;
    });
    // 'fail' also fires for hooks; each counts, so a broken before() is not hidden.
    runner.on('fail', (test, err: Error) => {
      results.failed += 1;
      results.failures.push({ title: test.fullTitle(), error: String(err?.stack ?? err) });
    });
  });
}
