// Mocha global setup: build the bundles once, so CLI tests exercise exactly what users run (dist/cli.js).
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

export function mochaGlobalSetup(): void {
  execFileSync(process.execPath, [path.join(__dirname, '..', '..', '..', 'esbuild.config.mjs')], {
    cwd: path.join(__dirname, '..', '..', '..'),
    stdio: 'inherit',
  });
}
