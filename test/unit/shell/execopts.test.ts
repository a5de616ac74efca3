// Commands and code handed to a program through an option its row does not list (`--onSuccess CMD`,
// `--setupFiles /tmp/x.js`), through a file it runs (`make -f /tmp/Makefile`), or run in each package of a
// monorepo after global options (`pnpm -r exec CMD`): judged as what they are, never read as inert words.
// The each-package claim is replayed in a real bash (npm workspaces, network off).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evalCalls } from '../helpers/cli';
import { makeWorkspace } from './workspace';

/** Options a loose row does not list, named for a command or code: the value is judged. */
const EXEC_OPTIONS_ASK = [
  "npx serve --onSuccess 'frobnicate dist' dist",
  'npx serve --onSuccess=frobnicate dist',
  "npx serve --onFailure 'rm -rf build' dist",
  "npx serve --on-success 'git push --force' dist",
  'npx jest --setupFiles /tmp/x.js',
  'npx jest --setupFilesAfterEnv=/tmp/x.js',
  'npx vitest --globalSetup /tmp/x.js',
  'npx vitest --global-teardown /tmp/x.js',
  'npx prettier --plugin /tmp/p.js --write src',
  'npx prettier --plugin=/tmp/p.js --check .',
  'npx lint-staged --shell=/tmp/x',
  'npx serve --exec frobnicate',
  "npx serve --cmd 'rm -rf build'",
  'npx serve --command "$CMD"',
  'npx serve --run=frobnicate',
  'npx serve --preload /tmp/x.js',
  'npx serve --require=/tmp/x.js',
  'npx serve --rcfile /tmp/rc',
  'npx serve --init-file=/tmp/rc',
  "npx serve --post-hook 'rm -rf build'",
  'npx serve --wrapper /tmp/w.sh',
  'make -f /tmp/Makefile',
  'make --file=/tmp/Makefile test',
  'tox -c /tmp/tox.ini',
  'npx jest -c /tmp/jest.config.js',
];

/** The same options with values that are project files, module names, shells and plain flags. */
const EXEC_OPTIONS_ALLOW = [
  'npx jest --setupFiles ./test/setup.js',
  'npx vitest --globalSetup ./test/global.ts',
  'npx vitest --run',
  'npx vitest --run src/a.test.ts',
  'npx prettier --plugin=prettier-plugin-tailwindcss --check src',
  'npx prettier --config .prettierrc.js --check .',
  'npx lint-staged --shell',
  'npx lint-staged --shell=/bin/bash',
  'npx mocha --require ts-node/register tests/x.js',
  'npx nyc --require ts-node/register mocha',
  'pip install --pre requests',
  'nodemon --exec "ts-node src/index.ts"',
  "nodemon --exec 'npm test'",
  'make -f build.mk',
  'make -f Makefile test',
  'npx jest --config jest.config.js',
  'npx webpack --config webpack.prod.js',
  'npx serve --onSuccess "node dist/index.js" dist',
  'npx serve --no-exec dist',
  'npx eslint --no-eslintrc src',
  'tox -e py311',
];

/** A command run in each package after global options: judged, in a folder the guard cannot know. */
const EACH_ASK = [
  'pnpm -r exec rm -rf src',
  'pnpm --filter app exec rm -rf src',
  'pnpm -F app exec rm -f index.ts',
  'pnpm --recursive exec frobnicate',
  'pnpm -r --parallel exec rm -f dist/index.js',
  'pnpm --filter=app exec frobnicate',
  'pnpm -r exec -- rm -f a.ts',
  'yarn workspaces foreach exec rm -rf src',
  'yarn workspaces foreach -A exec rm -f x.ts',
  'yarn workspaces foreach --all exec frobnicate',
  'yarn workspace app exec rm -rf dist',
  'npx lerna exec -- rm -rf src',
  'npx lerna exec rm -rf src',
  'npx lerna exec --scope app -- rm -f x.ts',
  'lerna exec --stream -- frobnicate',
  'npx nx exec -- rm -rf src',
  'npm -w app exec -- rm -f a.ts',
  'npm --workspaces exec -- rm -f a.ts',
  'npm exec --workspaces -- rm -rf src',
  'pnpm -r exec sh -c "rm -rf build"',
  'pnpm -r exec "$CMD"',
];

const EACH_ALLOW = [
  'pnpm -r exec tsc --noEmit',
  'pnpm --filter app exec tsc --noEmit',
  'pnpm exec tsc',
  'pnpm -r test',
  'pnpm -r build',
  'pnpm --filter app build',
  'yarn workspaces foreach run build',
  'yarn workspaces foreach -A run test',
  'yarn workspace app build',
  'npx lerna run test',
  'npx lerna run build --scope app',
  'npx nx run-many -t test',
  'npx nx build app',
  'npx turbo run build',
  'npm exec -- eslint .',
  'npm -w app run build',
  'npm run build --workspaces',
  'npx vite build',
  'npm test --workspaces',
  'pnpm -r exec node --version',
  'lerna exec --stream -- tsc --noEmit',
];

describe('commands and code in options, files that are run, each package, and device nodes replaced', function () {
  this.timeout(120_000);
  let w: { root: string; ws: string; home: string };
  let verdicts: Map<string, { decision: string; rule: string; reason: string }>;
  // agentguard eval on a real workspace: programs from scratch space are judged by the path rules there.
  before(() => {
    w = makeWorkspace();
    writeFileSync(join(w.ws, 'build.mk'), 'all:\n\techo ok\n');
    // The setup files the allowed runner lines name: a runner is judged by the code it loads (testimports.ts), and a
    // file it cannot find is asked.
    mkdirSync(join(w.ws, 'test'), { recursive: true });
    writeFileSync(join(w.ws, 'test/setup.js'), 'globalThis.ready = true;\n');
    writeFileSync(join(w.ws, 'test/global.ts'), 'export default function setup() {}\n');
    const lines = [...EXEC_OPTIONS_ASK, ...EXEC_OPTIONS_ALLOW, ...EACH_ASK, ...EACH_ALLOW, 'mv src/app.ts /dev/null', 'cp src/app.ts /dev/null'];
    const out = evalCalls(
      lines.map((command) => ({ op: 'exec', command })),
      ['--workspace', w.ws],
      { cwd: w.ws, env: { HOME: w.home } },
    );
    verdicts = new Map(lines.map((l, i) => [l, out[i]]));
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));
  const decide = (line: string) => verdicts.get(line)!;

  const table = (asks: string[], allows: string[]) => {
    for (const line of asks)
      it(`asks: ${line}`, () => {
        const v = decide(line);
        assert.notEqual(v.decision, 'allow', `${line}: ${v.rule} ${v.reason}`);
      });
    for (const line of allows)
      it(`allows: ${line}`, () => {
        const v = decide(line);
        assert.equal(v.decision, 'allow', `${line}: ${v.rule} ${v.reason}`);
      });
  };
  describe('options named for a command or code', () => table(EXEC_OPTIONS_ASK, EXEC_OPTIONS_ALLOW));
  describe('a command in each package', () => table(EACH_ASK, EACH_ALLOW));

  it('in real bash, npm -w a exec -- rm -f x.txt deletes in the package folder, not here (the folder is not the line’s)', function () {
    const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'ag-each-')));
    try {
      writeFileSync(join(tmp, 'package.json'), '{"name":"root","private":true,"workspaces":["packages/a"]}\n');
      mkdirSync(join(tmp, 'packages/a'), { recursive: true });
      writeFileSync(join(tmp, 'packages/a/package.json'), '{"name":"a","version":"1.0.0"}\n');
      writeFileSync(join(tmp, 'packages/a/x.txt'), 'x');
      writeFileSync(join(tmp, 'x.txt'), 'x');
      try {
        execFileSync('unshare', ['-n', 'bash', '-c', 'npm -w a exec --offline -- rm -f x.txt'], { cwd: tmp, stdio: 'ignore' });
      } catch {
        this.skip();
      }
      assert.ok(!existsSync(join(tmp, 'packages/a/x.txt')), 'the package file was not deleted');
      assert.ok(existsSync(join(tmp, 'x.txt')), 'the file in the current folder was deleted');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('in real bash (root, a private /dev), mv x /dev/null replaces the device with the file; the guard asks', function () {
    const v = decide('mv src/app.ts /dev/null');
    assert.notEqual(v.decision, 'allow', v.reason);
    assert.equal(decide('cp src/app.ts /dev/null').decision, 'allow');
    let out = '';
    try {
      out = execFileSync(
        'unshare',
        [
          '-m',
          '-n',
          'bash',
          '-c',
          'mount -t tmpfs none /dev && mknod -m 666 /dev/null c 1 3 && f=$(mktemp) && echo x > "$f" && mv "$f" /dev/null && stat -c %F /dev/null',
        ],
        { encoding: 'utf8' },
      );
    } catch {
      this.skip(); // needs root and mount namespaces
    }
    assert.equal(out.trim(), 'regular file');
  });
});
