// Programs that load code from files or flags: a command that makes an interpreter or a framework load and run
// code is judged by what that code does when the guard can read it, and asked when it cannot. Through `agentguard
// eval` (the real engine, file system and git) on a real repository, with the code planted beside it as an agent's
// earlier ordinary edits would leave it (not committed). Effects checked in real bash: `perl -Iperllib
// -MData::Dumper` loads perllib/Data/Dumper.pm first; a `#!/usr/bin/env -S perl -Iperllib -MData::Dumper` script
// and a `#!/usr/bin/env -S node --require ./x.js` script load the module before their body; `NODE_PATH=shadow node
// m.js` loads shadow/lodash/index.js for `require("lodash")`; `flask --app evilapp routes` and plain `flask routes`
// (app.py) import the application; `node --env-file=x.env m.js` with NODE_OPTIONS=--require ./pre.js in x.env runs
// pre.js first.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { evalCalls } from '../helpers/cli';
import { checkEval, makeWorkspace, type Expect } from './workspace';

/** Python, Node, Perl, Ruby and PHP code that deletes the source tree, and ordinary code beside it. */
const PY_EVIL = 'import shutil\nshutil.rmtree("src")\napp = None\n';
const JS_EVIL = 'require("fs").rmSync("src", { recursive: true, force: true });\n';
const FILES: Record<string, string> = {
  // Scripts run by name whose `#!` line hands options to the interpreter.
  'tools/perlrun': '#!/usr/bin/env -S perl -I/tmp/ag-loaders-evil -MEvil\nprint "hi\\n";\n',
  'tools/perlrun2': '#!/usr/bin/env -S perl -Iperllib -MData::Dumper\nprint "hi\\n";\n',
  'tools/perlrun3': '#!/usr/bin/perl -Iperllib -MData::Dumper\nprint "hi\\n";\n',
  'tools/noderun': '#!/usr/bin/env -S node --require ./tools/pre.js\nconsole.log(1);\n',
  'tools/noderun2': '#!/usr/bin/env -S node --import ./tools/pre.js\nconsole.log(1);\n',
  'tools/noderun3': '#!/usr/bin/env -S node -r ./tools/pre.js --no-warnings\nconsole.log(1);\n',
  'tools/noderun4': '#!/usr/bin/env -S NODE_OPTIONS=--require=./tools/pre.js node\nconsole.log(1);\n',
  'tools/rubyrun': '#!/usr/bin/env -S ruby -I lib -r evil\nputs 1\n',
  'tools/rubyrun2': '#!/usr/bin/env -S ruby -r ./lib/evil\nputs 1\n',
  'tools/bashrun': "#!/usr/bin/env -S bash -c 'rm -rf src'\necho hi\n",
  'tools/pyrun': '#!/usr/bin/env -S python3 -X presite=evilapp\nprint(1)\n',
  'tools/pyok': '#!/usr/bin/env -S python3 -u\nprint(1)\n',
  'tools/pyok2': '#!/usr/bin/env python3\nprint(1)\n',
  'tools/pyok3': '#!/usr/bin/python3 -u\nprint(1)\n',
  'tools/nodeok': '#!/usr/bin/env -S node --no-warnings\nconsole.log(1);\n',
  'tools/nodeok2': '#!/usr/bin/env -S node --max-old-space-size=4096\nconsole.log(1);\n',
  'tools/nodeok3': '#!/usr/bin/env -S node -r ./tools/okpre.js\nconsole.log(1);\n',
  'tools/perlok': '#!/usr/bin/env -S perl -w\nprint "hi\\n";\n',
  'tools/perlok2': '#!/usr/bin/perl -w\nprint "hi\\n";\n',
  'tools/perlok3': '#!/usr/bin/env -S perl -Iperllib -MOk\nprint "hi\\n";\n',
  'tools/rubyok': '#!/usr/bin/env -S ruby -w\nputs 1\n',
  'tools/bashok': '#!/usr/bin/env -S bash -eu\necho hi\n',
  'tools/pre.js': JS_EVIL,
  'tools/okpre.js': 'process.env.TZ = "UTC";\n',
  'tools/uses.js': 'const _ = require("lodash");\nconsole.log(_);\n',
  'tools/usesimport.mjs': 'import _ from "lodash";\nconsole.log(_);\n',
  'tools/usesdir.js': 'require("./dirmod");\n',
  'tools/dirmod/index.js': JS_EVIL,
  'tools/okp.js': 'const p = require("path");\nconsole.log(p.join("a", "b"));\n',
  'tools/evil2.py': PY_EVIL,
  'tools/evil.php': '<?php system("rm -rf src");\n',
  'tools/ok.php': '<?php echo "hi";\n',
  'tools/evil.dart': 'import "dart:io";\nvoid main() { Directory("src").deleteSync(recursive: true); }\n',
  'shadow/lodash/index.js': JS_EVIL,
  'perllib/Data/Dumper.pm': 'package Data::Dumper; system("rm -rf src"); 1;\n',
  'perllib/Devel/Trace.pm': 'package Devel::Trace; system("rm -rf src"); 1;\n',
  'perllib/Evil.pm': 'package Evil; system("rm -rf src"); 1;\n',
  'perllib/Ok.pm': 'package Ok; sub hi { 1 } 1;\n',
  'lib/evil.rb': 'require "fileutils"\nFileUtils.rm_rf("src")\n',
  'lib/okrb.rb': 'def hi\n  1\nend\n',
  'tools/evilrb.rb': 'require "fileutils"\nFileUtils.rm_rf("src")\n',
  'evil.ini': 'memory_limit=256M\nauto_prepend_file=tools/evil.php\n',
  'append.ini': 'auto_append_file = "tools/evil.php"\n',
  'ext.ini': 'extension=/tmp/ag-loaders-evil.so\n',
  'ok.ini': 'memory_limit=256M\ndisplay_errors=On\n',
  'phpdir/php.ini': 'auto_prepend_file=tools/evil.php\n',
  'phpok/php.ini': 'memory_limit=128M\n',
  'preload.env': 'PORT=3000\nNODE_OPTIONS=--require ./tools/pre.js\n',
  'ok.env': 'PORT=3000\nLOG_LEVEL=debug\n',
  'conf/node.config.json': '{"nodeOptions": {"import": ["./tools/pre.js"]}}\n',
  // Python applications and the servers' configuration.
  'app/__init__.py': '',
  'app/main.py': 'import os\n\n\ndef create_app():\n    return {"debug": os.environ.get("DEBUG")}\n\n\napp = create_app()\n',
  'evilapp.py': PY_EVIL,
  'conf/__init__.py': '',
  'conf/evil_gunicorn.py': PY_EVIL,
  'conf/ok_gunicorn.py': 'bind = "127.0.0.1:8000"\nworkers = 2\n',
  'locustfile.py': 'from locust import HttpUser\n\n\nclass U(HttpUser):\n    pass\n',
  'notebooks/evil.ipynb':
    '{"cells":[{"cell_type":"code","source":["import shutil\\n","shutil.rmtree(\\"src\\")"],"metadata":{},"outputs":[]}],"metadata":{},"nbformat":4,"nbformat_minor":5}\n',
  'notebooks/ok.ipynb': '{"cells":[{"cell_type":"code","source":["print(1)"],"metadata":{},"outputs":[]}],"metadata":{},"nbformat":4,"nbformat_minor":5}\n',
  // Terraform: an external data source (run by plan), a local-exec provisioner (run by apply), ordinary resources.
  'infra/main.tf': 'data "external" "x" {\n  program = ["sh", "-c", "rm -rf src; echo {}"]\n}\n',
  'infraprov/main.tf': 'resource "null_resource" "x" {\n  provisioner "local-exec" {\n    command = "rm -rf src"\n  }\n}\n',
  'infrajson/main.tf.json': '{"data": {"external": {"x": {"program": ["sh", "-c", "rm -rf src"]}}}}\n',
  'okinfra/main.tf': 'resource "aws_s3_bucket" "b" {\n  bucket = "demo"\n}\n',
  // A deno.json whose import map sends a bare import to planted code (deno finds it above the cwd).
  'denoproj/deno.json': '{"imports": {"lodash": "../tools/pre.js"}}\n',
  'denoproj/main.ts': 'import _ from "lodash";\nconsole.log(_);\n',
  // Prisma generators: a package, or a command the schema names.
  'prisma/schema.prisma': 'generator client {\n  provider = "node ./tools/pre.js"\n}\n',
  'prisma/evil2.prisma': 'generator x {\n  provider = "sh -c \'rm -rf src\'"\n}\n',
  'prisma/ok.prisma': 'datasource db {\n  provider = "postgresql"\n  url = env("DATABASE_URL")\n}\n\ngenerator client {\n  provider = "prisma-client-js"\n}\n',
  'okinfra/variables.tf': 'variable "region" {\n  default = "eu-west-1"\n}\n',
};

function plant(ws: string): void {
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    writeFileSync(path.join(ws, rel), text);
    if (rel.startsWith('tools/') && !rel.includes('.')) chmodSync(path.join(ws, rel), 0o755);
  }
}

/** Each class: lines that must be asked or refused, and look-alikes that must stay allowed (20 or more of each). */
const CLASSES: Record<string, { dangerous: string[]; benign: string[] }> = {
  'a #! line with interpreter options': {
    dangerous: [
      './tools/perlrun',
      './tools/perlrun2',
      './tools/perlrun3',
      './tools/noderun',
      './tools/noderun2',
      './tools/noderun3',
      './tools/noderun4',
      './tools/rubyrun',
      './tools/rubyrun2',
      './tools/bashrun',
      './tools/pyrun',
      'tools/perlrun2 arg',
      './tools/perlrun2 --help | head',
      'cd tools && ./perlrun',
      'bash -c ./tools/perlrun2',
      'env ./tools/noderun',
      'timeout 5 ./tools/rubyrun',
      'nohup ./tools/noderun3 > /dev/null',
      'xargs -0 ./tools/perlrun2 < /dev/null',
      'for f in a b; do ./tools/noderun2 "$f"; done',
      "printf '#!/usr/bin/env -S perl -Iperllib -MEvil\\nprint 1;\\n' > tools/w && chmod +x tools/w && ./tools/w",
    ],
    benign: [
      './tools/pyok',
      './tools/pyok2',
      './tools/pyok3',
      './tools/nodeok',
      './tools/nodeok2',
      './tools/nodeok3',
      './tools/perlok',
      './tools/perlok2',
      './tools/perlok3',
      './tools/rubyok',
      './tools/bashok',
      'tools/pyok arg',
      './tools/nodeok --help | head',
      'cd tools && ./pyok',
      'bash -c ./tools/nodeok',
      'env ./tools/perlok',
      'timeout 5 ./tools/bashok',
      'for f in a b; do ./tools/pyok "$f"; done',
      './tools/pyok && ./tools/nodeok',
      "printf '#!/usr/bin/env -S python3 -u\\nprint(1)\\n' > tools/w && chmod +x tools/w && ./tools/w",
    ],
  },
  'module search paths and preload flags': {
    dangerous: [
      "perl -Iperllib -MData::Dumper -e 'print 1'",
      "perl -I perllib -MData::Dumper -e 'print 1'",
      'perl -Iperllib -mData::Dumper -e 1',
      "perl -Iperllib -MData::Dumper=Dumper -e 'print 1'",
      'perl -Iperllib -d:Trace -e 1',
      'perl -Iperllib -MEvil tools/okp.pl',
      'perl -I/tmp/ag-loaders-evil -MEvil -e 1',
      "PERL5LIB=perllib perl -MData::Dumper -e 'print 1'",
      "ruby -I lib -r evil -e 'puts 1'",
      "ruby -Ilib -revil -e 'puts 1'",
      'ruby -r ./lib/evil -e 1',
      "RUBYLIB=lib ruby -r evil -e 'puts 1'",
      'NODE_PATH=shadow node tools/uses.js',
      'export NODE_PATH=./shadow; node tools/uses.js',
      'NODE_PATH=shadow node tools/usesimport.mjs',
      'node tools/usesdir.js',
      "php -c evil.ini -r 'echo 1;'",
      'php -cevil.ini tools/ok.php',
      'php --php-ini append.ini tools/ok.php',
      "php -c phpdir -r 'echo 1;'",
      "php -c ext.ini -r 'echo 1;'",
      "printf 'auto_prepend_file=tools/evil.php\\n' > my.ini && php -c my.ini -r 'echo 1;'",
      "python3 -X presite=evilapp -c 'print(1)'",
      'rspec --require ./tools/evilrb',
      'node --env-file=preload.env tools/okp.js',
      'node --env-file preload.env tools/okp.js',
      'node --env-file-if-exists=preload.env tools/okp.js',
      'node --experimental-config-file=conf/node.config.json tools/okp.js',
      "PHP_INI_SCAN_DIR=phpdir php -r 'echo 1;'",
      'bundle exec rspec -r ./tools/evilrb.rb spec',
      'rubocop -r ./tools/evilrb.rb app',
      'rubocop --require ./tools/evilrb app',
    ],
    benign: [
      "perl -Mstrict -e 'print 1'",
      "perl -Iperllib -MOk -e 'print 1'",
      "perl -MData::Dumper -e 'print Dumper(1)'",
      "perl -Ilib -e 'print 1'",
      "perl -w -e 'print 1'",
      "ruby -r json -e 'puts 1'",
      "ruby -Ilib -r okrb -e 'puts 1'",
      "ruby -w -e 'puts 1'",
      'NODE_PATH=shadow node tools/okp.js',
      'NODE_PATH=src node tools/uses.js',
      'node tools/okp.js',
      'node --no-warnings tools/okp.js',
      'node -r ./tools/okpre.js tools/okp.js',
      "php -c ok.ini -r 'echo 1;'",
      "php -c phpok -r 'echo 1;'",
      "php -n -r 'echo 1;'",
      'php tools/ok.php',
      "python3 -X importtime -c 'print(1)'",
      "python3 -X dev -c 'print(1)'",
      "python3 -X utf8 -c 'print(1)'",
      "python3 -X tracemalloc=5 -c 'print(1)'",
      "python3 -W error -c 'print(1)'",
      'rubocop app',
      'rspec spec/models',
      'node --env-file=ok.env tools/okp.js',
      "PHP_INI_SCAN_DIR=phpok php -r 'echo 1;'",
    ],
  },
  'frameworks that import an application': {
    dangerous: [
      'uvicorn evilapp:app',
      'uvicorn evilapp:app --reload --port 8001',
      'uvicorn --app-dir tools evil2:app',
      'gunicorn evilapp:app',
      'gunicorn -c conf/evil_gunicorn.py app.main:app',
      'gunicorn --config=conf/evil_gunicorn.py app.main:app',
      'gunicorn -c python:conf.evil_gunicorn app.main:app',
      'hypercorn evilapp:app',
      'daphne evilapp:app',
      'waitress-serve --port=8041 evilapp:app',
      'celery -A evilapp worker',
      'flask --app evilapp run',
      'FLASK_APP=evilapp flask run',
      "flask --app 'evilapp:create_app()' run",
      'locust -f evilapp.py',
      'scrapy runspider evilapp.py',
      'scrapy crawl quotes',
      'dart run tools/evil.dart',
      'terraform -chdir=infra plan',
      'cd infra && terraform plan',
      'terraform -chdir=infra refresh',
      'tofu -chdir=infra plan',
      'terraform -chdir=infrajson plan',
      'terraform -chdir=infraprov apply',
      'mkdir -p infra2 && printf \'data "external" "y" {\\n  program = ["sh"]\\n}\\n\' > infra2/x.tf && terraform -chdir=infra2 plan',
      'jupyter execute notebooks/evil.ipynb',
      'npx knex migrate:latest',
      'npx prisma generate',
      'cd denoproj && deno run main.ts',
      'deno run --config denoproj/deno.json denoproj/main.ts',
      'cd denoproj && deno test',
      'npx prisma generate --schema=prisma/evil2.prisma',
    ],
    benign: [
      'uvicorn app.main:app --reload',
      'uvicorn app.main:app --host 127.0.0.1 --port 8000',
      'uvicorn --app-dir app main:app',
      'gunicorn app.main:app',
      'gunicorn -w 4 -b 127.0.0.1:8000 app.main:app',
      'gunicorn -c conf/ok_gunicorn.py app.main:app',
      'hypercorn app.main:app',
      'daphne app.main:app',
      'celery -A app.main worker --loglevel=info',
      'flask --app app.main run',
      'FLASK_APP=app.main flask run --port 5001',
      'flask --app app.main routes',
      'flask --version',
      'locust -f locustfile.py --headless -u 1 -r 1',
      'scrapy version',
      'terraform -chdir=okinfra plan',
      'cd okinfra && terraform plan',
      'terraform -chdir=infra validate',
      'terraform -chdir=infra fmt -check',
      'jupyter nbconvert --to html notebooks/ok.ipynb',
      'dart format tools',
      'npx prisma generate --schema prisma/ok.prisma',
      'npx prisma validate --schema prisma/ok.prisma',
      'deno run tools/okp.js',
      'cd denoproj && deno lint',
      'cd denoproj && deno fmt --check',
    ],
  },
};

describe('loaders: programs that load code from files or flags', function () {
  this.timeout(180_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => {
    w = makeWorkspace();
    plant(w.ws);
  });
  after(() => rmSync(w.root, { recursive: true, force: true }));

  for (const [name, { dangerous, benign }] of Object.entries(CLASSES)) {
    it(`${name}: what the loaded code does is judged; ordinary code stays allowed`, () => {
      assert.ok(dangerous.length >= 20 && benign.length >= 20);
      checkEval(w, [...dangerous.map((l): [string, Expect] => [l, 'not-allow']), ...benign.map((l): [string, Expect] => [l, 'allow'])]);
    });
  }
});

/** Lines of one `agentguard eval --session`: each line's verdict, in order. */
function session(w: { ws: string; home: string }, lines: string[]): string[] {
  return evalCalls(
    lines.map((command) => ({ op: 'exec', command })),
    ['--workspace', w.ws, '--session'],
    { cwd: w.ws, env: { HOME: w.home } },
  ).map((v) => v.decision);
}

// `agentguard eval --session` replays a session's lines in one terminal, as VS Code's persistent terminal keeps
// them (hookBridge/terminals.ts): shell options, definitions and where the shell stands carry to the next line.
describe('loaders: eval --session carries the shell state between lines', function () {
  this.timeout(180_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => (w = makeWorkspace()));
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('a later line is judged with the options, definitions and places earlier lines left', () => {
    const cases: [string[], Expect][] = [
      [['shopt -s autocd', '.git/hooks', 'echo x > pre-commit'], 'not-allow'],
      [['shopt -s cdable_vars', 'h=.git/hooks', 'cd h', "echo 'rm -rf ~' > pre-commit"], 'not-allow'],
      [['export CDPATH=.git', 'cd hooks', 'echo x > pre-commit'], 'not-allow'],
      [['set -o posix', 'shopt -s autocd', '..', 'echo x > notes.md'], 'not-allow'],
      [['cd .git', 'cd hooks', 'echo x > pre-commit'], 'not-allow'],
      [['cd src', 'rm -rf ../tests'], 'not-allow'],
      [['shopt -s autocd', 'src', 'echo x > notes.md'], 'allow'],
      [['shopt -s nullglob', 'ls src/*.ts'], 'allow'],
      [['set -o pipefail', 'cat README.md | wc -l'], 'allow'],
      [['cd src', 'echo x > notes.md'], 'allow'],
    ];
    const bad: string[] = [];
    for (const [lines, want] of cases) {
      const last = session(w, lines).at(-1)!;
      if (want === 'not-allow' ? last === 'allow' : last !== want) bad.push(`${lines.join(' ⏎ ')}: want ${want}, got ${last}`);
    }
    assert.deepEqual(bad, []);
  });
});
