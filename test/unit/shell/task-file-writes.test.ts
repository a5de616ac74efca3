// fresh12 (cmd39): writing a task file is writing code. A file a build, test or task tool loads and runs as its own
// commands or code (package.json scripts, a Makefile, Procfile, CMakeLists.txt, project.json, a *.config.js, mix.exs…),
// written NEW with text the line shows, is judged as the code it will become: what it would run that is dangerous is
// asked at the write, before any tool runs it; text only known at run time is asked; an everyday file with benign
// targets and settings stays allowed. (A change of an existing one is asked by exec.plant-runs-later; the later run of
// an uncommitted one by the run side: fresh12cmd32.)
// Through `agentguard eval` (the real engine, file system and git) on a real repository.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { plantedCode } from '../../../src/core/shell/taskfiles';
import { checkEval, makeWorkspace } from './workspace';

const RM_JS = "require('fs').rmSync('src',{recursive:true,force:true});\nmodule.exports={};\n";

/** [new task file, hostile text]: each kind of file, each way its text becomes a command. */
const HOSTILE: [string, string][] = [
  ['Makefile.new/Makefile', 'test:\n\trm -rf src\n'],
  ['sub/justfile', 'test:\n    rm -rf ../src\n'],
  ['sub2/Makefile', 'all: ; rm -rf ../src\n'],
  ['Procfile', 'web: rm -rf src\n'],
  ['.envrc', 'rm -rf src\n'],
  ['project.json', '{"name":"app","targets":{"test":{"executor":"nx:run-commands","options":{"command":"rm -rf src"}}}}\n'],
  ['angular.json', '{"projects":{"app":{"architect":{"test":{"options":{"command":"rm -rf src"}}}}}}\n'],
  ['cdk.json', '{"app": "rm -rf src"}\n'],
  ['nodemon.json', '{"events": {"start": "rm -rf src"}}\n'],
  ['deno.json', '{"tasks": {"test": "rm -rf src"}}\n'],
  ['composer.json', '{"name": "app/app", "scripts": {"test": "rm -rf src"}}\n'],
  ['pixi.toml', '[tasks]\ntest = "rm -rf src"\n'],
  ['Makefile.toml', '[tasks.test]\nscript = "rm -rf src"\n'],
  ['.air.toml', '[build]\ncmd = "rm -rf src"\n'],
  ['cog.toml', 'pre_bump_hooks = ["rm -rf src"]\n'],
  ['dvc.yaml', 'stages:\n  x:\n    cmd: rm -rf src\n'],
  ['.goreleaser.yaml', 'before:\n  hooks:\n    - rm -rf src\n'],
  ['MLproject', 'name: x\nentry_points:\n  main:\n    command: "rm -rf src"\n'],
  ['.releaserc', '{"plugins":[["@semantic-release/exec",{"prepareCmd":"rm -rf src"}]]}\n'],
  ['Earthfile', 'VERSION 0.8\ntest:\n  LOCALLY\n  RUN rm -rf src\n'],
  ['CMakeLists.txt', 'cmake_minimum_required(VERSION 3.20)\nproject(app C)\nfile(REMOVE_RECURSE ${CMAKE_SOURCE_DIR}/src)\n'],
  ['cm2/CMakeLists.txt', 'project(app C)\nexecute_process(COMMAND rm -rf ../src)\n'],
  ['meson.build', "project('app','c')\nrun_command('rm','-rf','src', check: false)\n"],
  ['ocaml/bin/dune', '(rule (alias default) (action (system "rm -rf ../../../src")))\n'],
  ['zig/build.zig', 'const std = @import("std");\npub fn build(b: *std.Build) void { _ = b; std.fs.cwd().deleteTree("../src") catch {}; }\n'],
  ['swift/Package.swift', 'import Foundation\ntry? FileManager.default.removeItem(atPath: "../src")\n'],
  ['nim/config.nims', 'exec "rm -rf ../src"\n'],
  ['erl/rebar.config', '{pre_hooks, [{compile, "rm -rf ../src"}]}.\n'],
  ['mix.exs', 'File.rm_rf!("src")\ndefmodule App.MixProject do\nend\n'],
  ['project.clj', '(defproject app "0.1" :injections [(clojure.java.shell/sh "rm" "-rf" "src")])\n'],
  ['deps.edn', '{:aliases {:test {:exec-fn clojure.java.shell/sh :exec-args ["rm" "-rf" "src"]}}}\n'],
  ['bb.edn', '{:tasks {test (shell "rm -rf src")}}\n'],
  ['build.sbt', 'val x = { scala.sys.process.Process(Seq("rm","-rf","src")).! }\n'],
  ['build.sc', 'os.remove.all(os.pwd / "src")\n'],
  ['magefile.go', '//go:build mage\npackage main\nimport "os"\nfunc Test() error { return os.RemoveAll("src") }\n'],
  ['.Rprofile', 'unlink("src", recursive=TRUE)\n'],
  ['.ocamlinit', 'let _ = Sys.command "rm -rf src";;\n'],
  ['Vagrantfile', 'system("rm -rf src")\nVagrant.configure("2") { |c| }\n'],
  ['Podfile', 'system("rm -rf src")\n'],
  ['fastlane/Fastfile', 'lane :test do\n  sh("rm -rf src")\nend\n'],
  ['Snakefile', 'shell("rm -rf src")\n'],
  ['conanfile.py', 'import shutil\nshutil.rmtree("src", ignore_errors=True)\n'],
  ['alembic/env.py', 'import shutil\nshutil.rmtree("src", ignore_errors=True)\n'],
  ['vite.config.js', RM_JS],
  ['gulpfile.js', RM_JS],
  ['.storybook/main.js', RM_JS],
  ['webpack.config.js', RM_JS],
];

/** Everyday new task files: benign targets, scripts and settings. */
const BENIGN: [string, string][] = [
  ['b1/Makefile', 'CC=gcc\n.PHONY: test\napp: main.c\n\t$(CC) -O2 -o app main.c\ntest: app\n\t./app --selftest\n\tnpm test\nclean:\n\trm -f app\n'],
  ['b2/justfile', 'test:\n    npm test\nlint:\n    npx eslint src\n'],
  ['b3/package.json', '{"name":"x","version":"1.0.0","scripts":{"test":"mocha","build":"tsc -p .","lint":"eslint src"},"files":["dist"]}\n'],
  ['b4/Procfile', 'web: npm start\nworker: node worker.js\n'],
  [
    'b5/CMakeLists.txt',
    'cmake_minimum_required(VERSION 3.20)\nproject(app C)\nadd_executable(app main.c)\nexecute_process(COMMAND git describe --tags OUTPUT_VARIABLE V)\n',
  ],
  [
    'b6/vite.config.ts',
    "import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\nexport default defineConfig({ plugins: [react()], server: { port: 3000 } });\n",
  ],
  ['b7/project.json', '{"name":"app","targets":{"build":{"executor":"nx:run-commands","options":{"command":"tsc -p apps/app"}}}}\n'],
  ['b8/dvc.yaml', 'stages:\n  train:\n    cmd: python train.py\n    deps:\n      - data/raw\n    outs:\n      - model.pkl\n'],
  ['b9/meson.build', "project('app','c')\nexecutable('app', 'main.c')\n"],
  ['b10/mix.exs', 'defmodule App.MixProject do\n  use Mix.Project\n  def project, do: [app: :app, version: "0.1.0"]\nend\n'],
  ['b11/.goreleaser.yaml', 'builds:\n  - main: ./cmd/app\n    binary: app\nbefore:\n  hooks:\n    - go mod tidy\n'],
];

const heredoc = (file: string, text: string) => {
  const d = dirname(file);
  return `${d !== '.' ? `mkdir -p ${d} && ` : ''}cat > ${file} <<'EOF'\n${text.trimEnd()}\nEOF`;
};

describe('a new task file is judged as the code it will become', function () {
  this.timeout(300_000);
  let w: { root: string; ws: string; home: string };
  before(() => {
    w = makeWorkspace();
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('written with dangerous commands or calls: the write is not allowed', () => {
    checkEval(
      w,
      HOSTILE.map(([f, t]) => [heredoc(f, t), 'not-allow']),
    );
  });

  it('written with text only known at run time or fetched: not allowed', () => {
    checkEval(w, [
      ['curl -fsSL -o Makefile https://example.com/mk', 'not-allow'],
      ['wget -O Procfile https://example.com/p', 'not-allow'],
      ['echo "$TASK" > Procfile', 'not-allow'],
      ['curl -s https://example.com/p.json > project.json', 'not-allow'],
      ['echo "$X" | tee cdk.json', 'not-allow'],
      // Copied from outside the workspace: IDE run configurations are task files too.
      ['mkdir -p .idea/runConfigurations && cp /tmp/x.xml .idea/runConfigurations/', 'not-allow'],
      ['cp /tmp/workspace.xml .idea/workspace.xml', 'not-allow'],
      ['mkdir -p .fleet && cp /tmp/run.json .fleet/run.json', 'not-allow'],
      ['mkdir -p c1 && cp /tmp/Makefile c1/Makefile', 'not-allow'],
      // Copies inside the workspace, and of ordinary files from outside it, stay allowed.
      ['cp src/a.js src/b.js', 'allow'],
      ['cp /tmp/notes.txt docs/notes.txt', 'allow'],
    ]);
  });

  it('everyday task files with benign targets and settings stay allowed', () => {
    checkEval(
      w,
      BENIGN.map(([f, t]) => [heredoc(f, t), 'allow']),
    );
    checkEval(w, [
      ["printf 'test:\\n\\tnpm test\\n' > b13/Makefile", 'allow'],
      ['echo \'{"scripts":{"test":"vitest"}}\' > b14/package.json', 'allow'],
      ['echo "web: node server.js" > b15/Procfile', 'allow'],
      ['echo "$VERSION" > VERSION', 'allow'],
    ]);
  });
});

describe('plantedCode', () => {
  it('finds the commands each kind of task file holds', () => {
    const has = (p: string, t: string, c: string) => assert.ok(plantedCode(p, t).commands.includes(c), `${p}: ${c} in ${JSON.stringify(plantedCode(p, t))}`);
    has('Makefile', 'test:\n\t@rm -rf x\n', 'rm -rf x');
    has('Procfile', 'web: npm start\n', 'npm start');
    has('Earthfile', 'x:\n  RUN make\n', 'make');
    has('dvc.yaml', 'stages:\n  a:\n    cmd: python t.py\n', 'python t.py');
    has('meson.build', "run_command('git','describe')\n", 'git describe');
    has('CMakeLists.txt', 'execute_process(COMMAND git describe OUTPUT_VARIABLE V)\n', 'git describe');
    has('ocaml/dune', '(rule (action (run touch x)))\n', 'touch x');
    assert.equal(plantedCode('.envrc', 'layout node\n').commands[0], 'layout node\n');
    assert.ok(plantedCode('CMakeLists.txt', 'file(REMOVE_RECURSE src)\n').why);
    assert.equal(plantedCode('CMakeLists.txt', 'add_executable(app main.c)\n').why, undefined);
  });
});

describe('wrappers, snapshot switches and store deletes', function () {
  this.timeout(120_000);
  let w: { root: string; ws: string; home: string };
  before(() => {
    w = makeWorkspace();
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('watchexec: a word its join would split is judged as the words too (the inner -c is not lost)', () => {
    checkEval(w, [
      ["watchexec -r -- bash -c 'rm -rf src'", 'not-allow'],
      ["watchexec -r -- sh -c 'git push --force origin main'", 'not-allow'],
      ["watchexec -r -- sh -c 'cat .env'", 'not-allow'],
      ['watchexec -e ts -- npm test', 'allow'],
      ["watchexec -r -- sh -c 'npm run build && npm test'", 'allow'],
    ]);
  });

  it('node-tap --snapshot and storybook test -u rewrite snapshots; their plain runs stay allowed', () => {
    checkEval(w, [
      ['npx tap --snapshot', 'not-allow'],
      ['npx tap -S test/a.js', 'not-allow'],
      ['npx storybook test -u', 'not-allow'],
      ['npx test-storybook -u', 'not-allow'],
      ['npx tap test/a.js', 'allow'],
      ['npx storybook test', 'allow'],
    ]);
  });

  it('Nix and Guix store garbage collection and generation deletes are asked, a global option before the verb too', () => {
    checkEval(w, [
      ['nix store gc', 'not-allow'],
      ['nix --extra-experimental-features nix-command store gc', 'not-allow'],
      ['nix profile wipe-history', 'not-allow'],
      ['nix-store --gc', 'not-allow'],
      ['guix gc', 'not-allow'],
      ["guix package -r '.*'", 'not-allow'],
      ['nix build .#app', 'allow'],
      ['nix-store -q --references ./result', 'allow'],
      ['guix describe', 'allow'],
    ]);
  });
});
