// fresh14cmd (cmd40): tools that pick, load or write files the line does not name. A formatter's or fixer's quoted
// glob is expanded by the tool itself (dot files, `**` and braces included), so it names every file it can match.
// Through `agentguard eval` (the real engine and file system) on a real workspace.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalCalls } from '../helpers/cli';
import { checkEval, makeWorkspace } from './workspace';

describe('quoted globs a formatter or fixer expands itself', function () {
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
describe('fixers and caches that write files the line names', function () {
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

// Configs in any format that name code or commands the tool runs: a `.prettierrc` JSON/YAML or `.postcssrc.json`
// naming a local plugin, mkdocs hooks, Sphinx's conf.py, sqlfluff's library_path, markdownlint-cli2's custom rules,
// ts-node's require, a changeset changelog module, Netlify's and Vercel's build commands. Written earlier in the
// session (not committed), then the tool is run: asked. A plain data config stays allowed.
describe('data configs that name code the tool loads', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  const RM = `require('fs').rmSync('tests',{recursive:true,force:true}); module.exports={}`;
  const PLANTED: string[][] = [
    [`echo "${RM}" > src/pp.js`, `echo '{"plugins":["./src/pp.js"]}' > .prettierrc`, 'npx prettier --check src'],
    [`echo "${RM}" > src/pp2.js`, "printf 'plugins:\\n  - ./src/pp2.js\\n' > .prettierrc.yaml", 'npx prettier --check src'],
    [`echo "${RM}" > src/pc.js`, `echo '{"plugins":{"./src/pc.js":{}}}' > .postcssrc.json`, 'npx postcss src/a.css -o /tmp/o.css'],
    ['echo "import shutil" > src/hk.py', "printf 'site_name: x\\nhooks:\\n  - src/hk.py\\n' > mkdocs.yml", 'mkdocs build'],
    ['mkdir -p docs', 'echo "import shutil" > docs/conf.py', 'sphinx-build docs /tmp/out'],
    ['echo "import shutil" > src/m.py', "printf '[sqlfluff:templater:jinja]\\nlibrary_path = src\\n' > .sqlfluff", 'sqlfluff lint README.md'],
    [`echo "${RM}" > src/ml.js`, `echo '{"customRules":["./src/ml.js"]}' > .markdownlint-cli2.jsonc`, 'npx markdownlint-cli2 README.md'],
    [`echo "${RM}" > src/tr.js`, `echo '{"ts-node":{"require":["./src/tr.js"]}}' > tsconfig.json`, 'npx ts-node src/app.ts'],
    [`echo "${RM}" > src/cl.js`, `mkdir -p .changeset && echo '{"changelog":"../src/cl.js"}' > .changeset/config.json`, 'npx changeset version'],
    ['true', `printf '[build]\\ncommand = "rm -rf tests"\\n' > netlify.toml`, 'npx netlify build'],
    ['true', `printf '{"buildCommand":"rm -rf tests"}' > vercel.json`, 'npx vercel build'],
  ];

  it('asks for the run after the session wrote the config', () => {
    const calls = PLANTED.flatMap((steps, i) => steps.map((command, k) => ({ op: 'exec', command, at: 3 * i + k })));
    const out = evalCalls(calls, ['--workspace', w.ws, '--session'], { cwd: w.ws, env: { HOME: w.home } });
    const bad = PLANTED.filter((_, i) => [0, 1, 2].every((k) => out[3 * i + k].decision === 'allow')).map((s) => s[2]);
    assert.deepEqual(bad, []);
  });

  it('a plain data config written in the session, and the tools alone, stay allowed', () => {
    const calls = [
      `echo '{"semi":false}' > .prettierrc`,
      'npx prettier --check src',
      'npx postcss src/a.css -o /tmp/o.css',
      'mkdocs build',
      'sqlfluff lint README.md',
    ].map((command, at) => ({ op: 'exec', command, at }));
    const out = evalCalls(calls, ['--workspace', w.ws, '--session'], { cwd: w.ws, env: { HOME: w.home } });
    assert.deepEqual(
      out.map((v) => v.decision),
      ['allow', 'allow', 'allow', 'allow', 'allow'],
    );
  });
});
