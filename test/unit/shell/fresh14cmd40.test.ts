// fresh14cmd (cmd40): tools that pick, load or write files the line does not name. A formatter's or fixer's quoted
// glob is expanded by the tool itself (dot files, `**` and braces included), so it names every file it can match.
// Through `agentguard eval` (the real engine and file system) on a real workspace.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkEval, makeWorkspace } from './workspace';

describe('fresh14cmd40: quoted globs a formatter or fixer expands itself', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
    mkdirSync(join(w.ws, '.vscode'), { recursive: true });
    writeFileSync(join(w.ws, '.vscode', 'settings.json'), '{}\n');
    writeFileSync(join(w.ws, 'tests', 'a.css'), 'a {}\n');
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('judges the glob as every file it can match; narrow globs, reads and exclusions stay allowed', () => {
    checkEval(w, [
      ["npx prettier -w '*.yaml'", 'not-allow'],
      ["npx prettier -w '.*/*.json'", 'not-allow'],
      ['npx prettier --write "**/*"', 'not-allow'],
      ["npx prettier -w '{src,tests}/**'", 'not-allow'],
      ["npx prettier -w '*/*.ts'", 'not-allow'],
      ["npx eslint --fix '**/*.ts'", 'not-allow'],
      ["npx biome format --write '**/*.ts'", 'not-allow'],
      ["npx stylelint --fix '**/*.css'", 'not-allow'],
      ["npx prettier --write 'docs/**/*.md'", 'allow'],
      ["npx eslint --fix 'scripts/**/*.{js,mjs}'", 'allow'],
      ["npx prettier --write '*.md'", 'allow'],
      ["npx prettier --check '**/*.ts'", 'allow'],
      ["npx prettier --write scripts '!tests/**'", 'allow'],
    ]);
  });
});

// Writers the table did not know: prettier's and eslint's `--cache` (which abbreviated `--cache-location` and
// swallowed it), phpcbf (no verb: its operands are rewritten), `deno lint --fix`, `knip --fix`, DENO_DIR.
describe('fresh14cmd40: fixers and caches that write files the line names', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
    writeFileSync(join(w.ws, 'tests', 'FooTest.php'), '<?php\n');
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('judges what they write; reads and writes elsewhere stay allowed', () => {
    checkEval(w, [
      ['npx prettier --check --cache --cache-location tests/a.test.ts scripts', 'not-allow'],
      ['npx eslint --cache --cache-location tests/a.test.ts scripts', 'not-allow'],
      ['phpcbf tests', 'not-allow'],
      ['deno lint --fix', 'not-allow'],
      ['npx knip --fix --allow-remove-files', 'not-allow'],
      ['DENO_DIR=tests deno cache src/app.ts', 'not-allow'],
      ['npx eslint --cache scripts', 'allow'],
      ['npx prettier --cache --check scripts', 'allow'],
      ['phpcbf scripts', 'allow'],
      ['deno lint', 'allow'],
      ['npx knip', 'allow'],
    ]);
  });
});
