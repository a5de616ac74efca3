// The packaged extension, as a user installs it: `npm run package` builds agentguard.vsix, code-server installs
// it into a fresh extensions folder, and a workbench on the fixture workspace shows AgentGuard active (its
// status bar item) with its log saying it activated in Production mode.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, makeRunDirs, prepareWorkspace, removeRunDirs, startCodeServer } from '../../scripts/vscode/code-server.mjs';
import { CODE_SERVER_ENTRY, NODE_BIN, REPO_ROOT } from '../../scripts/vscode/paths.mjs';
import { screenshot, waitForWorkbench } from '../../scripts/vscode/workbench.mjs';

function logLines(dir, re) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.log'))
        out.push(
          ...readFileSync(p, 'utf8')
            .split('\n')
            .filter((l) => re.test(l)),
        );
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

describe('the .vsix installs into code-server and activates', function () {
  this.timeout(400_000);
  let dirs, server, browser;

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (dirs) removeRunDirs(dirs);
  });

  it('npm run package builds agentguard.vsix with the shipped files only', () => {
    execFileSync('npm', ['run', '--silent', 'package'], { cwd: REPO_ROOT, stdio: 'inherit' });
    const vsix = join(REPO_ROOT, 'agentguard.vsix');
    assert.ok(existsSync(vsix));
    // A .vsix is a zip; python3 is on every machine of this kind (no unzip needed).
    const listing = execFileSync('python3', ['-c', 'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', vsix], {
      encoding: 'utf8',
    });
    for (const f of [
      'extension/dist/extension.js',
      'extension/dist/guard.js',
      'extension/dist/cli.js',
      'extension/dist/hook.js',
      // the modules loaded on first use (src/core/lazyModules.ts): without them the guard fails closed
      'extension/dist/engine.js',
      'extension/dist/secrets.js',
      'extension/dist/policyLoader.js',
      'extension/dist/integrity.js',
      'extension/policies/default.yaml',
      'extension/policies/agentguard.schema.json',
    ]) {
      assert.ok(listing.includes(f), `${f} missing from the .vsix`);
    }
    assert.doesNotMatch(listing, /extension\/test\//, 'tests must not ship');
    assert.doesNotMatch(listing, /extension\/src\//, 'sources must not ship');
  });

  it('code-server --install-extension installs it, and the workbench shows AgentGuard enforcing', async () => {
    dirs = makeRunDirs('vsix');
    prepareWorkspace(dirs.workspace);
    const env = { ...process.env, HOME: dirs.home, XDG_CONFIG_HOME: dirs.xdgConfig, XDG_DATA_HOME: dirs.xdgData, EXTENSIONS_GALLERY: '{}' };
    for (const k of Object.keys(env)) if (k.startsWith('VSCODE_')) delete env[k];
    const out = execFileSync(
      NODE_BIN,
      [
        CODE_SERVER_ENTRY,
        '--user-data-dir',
        dirs.userData,
        '--extensions-dir',
        dirs.extensions,
        '--install-extension',
        join(REPO_ROOT, 'agentguard.vsix'),
        '--force',
      ],
      { env, encoding: 'utf8' },
    );
    assert.match(out, /agentguard.*successfully installed/i);
    server = await startCodeServer({ dirs });
    browser = await launchBrowser(dirs);
    await browser.page.goto(`http://127.0.0.1:${server.port}/?folder=${encodeURIComponent(dirs.workspace)}`);
    await waitForWorkbench(browser.page);
    await browser.page.locator('.statusbar-item', { hasText: 'AgentGuard' }).first().waitFor({ timeout: 120_000 });
    const until = Date.now() + 60_000;
    let lines = [];
    while (Date.now() < until && !(lines = logLines(dirs.userData, /AgentGuard activated in \d+ ms \(Production mode\)/)).length)
      await new Promise((r) => setTimeout(r, 500));
    assert.ok(lines.length > 0, 'no "AgentGuard activated … (Production mode)" line in the extension log');
    console.log(`      ${lines[0].trim().slice(0, 160)}`);
    console.log(`      screenshot: ${await screenshot(browser.page, 'vsix-installed')}`);
  });
});
