// What the runner (scripts/vscode/run-tests.mjs) tells the tests running inside the extension host.
// The extension host inherits the server's environment under code-server and gets `extensionTestsEnv`
// under @vscode/test-electron, so plain environment variables reach it in both.
import * as path from 'node:path';
import pkg from '../../package.json';

/** `publisher.name` from package.json: the id VS Code knows the extension by. */
export const EXTENSION_ID = `${pkg.publisher}.${pkg.name}`;

/** The fresh temp copy of test/fixtures/workspace that this run opened as its first workspace folder. */
export function fixtureWorkspace(): string {
  const dir = process.env.AGENTGUARD_IT_WORKSPACE;
  if (!dir || !path.isAbsolute(dir)) {
    throw new Error('AGENTGUARD_IT_WORKSPACE is not set to an absolute path: run the suite through scripts/vscode/run-tests.mjs');
  }
  return dir;
}

/** Where run() writes {passed, failed, failures}; defaults to results.json beside the bundle. */
export function resultsFile(): string {
  return process.env.AGENTGUARD_IT_RESULTS || path.join(__dirname, 'results.json');
}
