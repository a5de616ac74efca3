// False positives that make people switch a guard off, each fixed in the model, with the dangerous neighbours kept:
// - a verb, script or revision word read as a path: `npm run test`, `python manage.py test`, `cargo watch -x test`
//   (the `test/` folder), `npx commitlint --from HEAD~1` (an 8.3 short name of a protected file);
// - a link a tree walk stores as a link: `tar -czf out.tgz cfg` with cfg/e → ../.env (tar stores the link; -h and
//   zip read the target);
// - a literal in a new task file that is a URL, not a command (`source "https://rubygems.org"` in a Gemfile);
// - `make -n` runs nothing but `+` lines, $(MAKE) lines and $(shell …) (and -p is no dry run);
// - eval --session: `cd ..` from a known place lands at a known place; functions and aliases defined on one line
//   (a function called with words on the same line is judged by its body with them bound, not also as a program).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { evalCalls } from '../helpers/cli';
import { checkEval, suiteWorkspace, writeFiles } from './workspace';

const DJANGO_MANAGE =
  '#!/usr/bin/env python\nimport os\nimport sys\n\ndef main():\n    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site.settings")\n' +
  '    from django.core.management import execute_from_command_line\n    execute_from_command_line(sys.argv)\n\nmain()\n';

describe('words that are verbs, links kept as links, inert task files, dry runs, session state', function () {
  this.timeout(240_000);
  const w = suiteWorkspace();
  before(() => {
    writeFiles(w.ws, {
      // The JavaScript pack protects test/ (the word `test` names it).
      '.agentguard.yaml': 'version: 1\nextends: [default, javascript]\n',
      'test/t.test.js': 'it("t", () => {});\n',
      'manage.py': DJANGO_MANAGE,
      'tool.py': 'import sys\nprint(sys.argv)\n',
      'cli.py': 'import argparse\np = argparse.ArgumentParser()\nsub = p.add_subparsers()\nsub.add_parser("test")\np.parse_args()\n',
      'Cargo.toml': '[package]\nname = "x"\nversion = "0.1.0"\n',
      'cfg/app.ini': 'x=1\n',
      'dist/index.html': '<html></html>\n',
      'mk/Plus.mk': 'all:\n\t+rm -rf src\n',
      'mk/Plain.mk': 'all:\n\t@echo hi\n\trm -rf src\n',
      'mk/Rec.mk': 'all:\n\t$(MAKE) -f Plus.mk\n',
      'mk/Shell.mk': 'X := $(shell rm -rf src)\nall:\n\techo hi\n',
    });
    fs.symlinkSync('../.env', path.join(w.ws, 'cfg', 'e'));
    execFileSync('git', ['add', '-A'], { cwd: w.ws });
    execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'fixtures'], { cwd: w.ws });
  });

  it('a script, task or subcommand name is a verb, not the test/ folder', () => {
    checkEval(w, [
      ['npm run test', 'allow'],
      ['npm run-script test', 'allow'],
      ['yarn run test', 'allow'],
      ['pnpm run test', 'allow'],
      ['python3 manage.py test', 'allow'],
      ['python manage.py test app', 'allow'],
      ['python3 cli.py test', 'allow'],
      ['cargo watch -x test', 'allow'],
      ['cargo watch -x "test --lib" -x check', 'allow'],
      ['make test', 'allow'],
      ['go test ./...', 'allow'],
      ['dotnet test', 'allow'],
      // The words after the verb, and a script that does not dispatch on a command name, are still judged.
      ['npm run test -- .env', 'deny'],
      ['npm run test -- tests/a.test.ts', 'not-allow'],
      ['python manage.py test .env', 'deny'],
      ['python manage.py test tests', 'not-allow'],
      ['python3 tool.py test', 'not-allow'],
      ['python3 tool.py .env', 'deny'],
      ['cargo watch -s "rm -rf tests"', 'not-allow'],
      ['cargo watch -x "$CMD"', 'not-allow'],
      ['cargo watch -x "install --path /tmp/x"', 'not-allow'],
    ]);
  });

  it('a git revision is no 8.3 short name of a protected file; a short name that can be one is refused', () => {
    checkEval(w, [
      ['npx commitlint --from HEAD~1 --to HEAD', 'allow'],
      ['commitlint --from main~3', 'allow'],
      ['commitlint --from=HEAD~2 --to=HEAD', 'allow'],
      ['cat HEAD~1', 'allow'],
      ['commitlint --edit .env', 'deny'],
      ['cat SECRET~1/token.txt', 'deny'],
      ['cat ENV~1', 'deny'],
      ['cat TESTS~1/a.test.ts', 'deny'],
      ['echo x > TESTS~1/a.test.ts', 'deny'],
      ['cat KEY~1.PEM', 'deny'],
      ['cat CREDEN~1.JSO', 'deny'],
    ]);
  });

  it('tar stores a link under a folder as a link; -h, zip and a named link read the target', () => {
    checkEval(w, [
      ['tar -czf /tmp/out.tgz cfg', 'allow'],
      ['tar czf /tmp/out.tgz cfg', 'allow'],
      ['tar -cf - cfg | wc -c', 'allow'],
      ['tar -czhf /tmp/out.tgz cfg', 'deny'],
      ['tar -czf /tmp/out.tgz --dereference cfg', 'deny'],
      ['tar -czf /tmp/out.tgz cfg/e', 'deny'],
      ['tar -czf /tmp/out.tgz .', 'deny'],
      ['zip -r /tmp/out.zip cfg', 'deny'],
    ]);
  });

  it('a URL in a new task file is a value; commands in it are still judged', () => {
    checkEval(w, [
      [`printf 'source "https://rubygems.org"\\ngem "rails"\\n' > Gemfile`, 'allow'],
      [`printf 'source "https://rubygems.org"\\ngem "rails", "~> 7.0"\\n' > Gemfile`, 'allow'],
      [`printf 'source "https://rubygems.org"\\nsystem("rm -rf src")\\n' > Gemfile`, 'not-allow'],
      [`printf 'gem "x"\\n\`cat .env\`\\n' > Gemfile`, 'deny'],
      [`printf 'gem "x"\\n\`rm -rf tests\`\\n' > Gemfile`, 'deny'],
    ]);
  });

  it('make -n prints recipes; + lines, $(MAKE) lines and $(shell) still run, and -p is no dry run', () => {
    checkEval(w, [
      ['make -n', 'allow'],
      ['make --dry-run', 'allow'],
      ['make -n test', 'allow'],
      ['make -n -f Makefile', 'allow'],
      ['make -n -f mk/Plain.mk', 'allow'],
      ['make -n -f mk/Plus.mk', 'not-allow'],
      ['make -n -C mk -f Rec.mk', 'not-allow'],
      ['make -n -f mk/Shell.mk', 'not-allow'],
      ['make -f mk/Plain.mk', 'not-allow'],
      ['make -p -f mk/Plain.mk', 'not-allow'],
    ]);
  });

  /** Each session in one eval --session process (a `cd` back to the root between them); the last line of each is checked. */
  function lastOfSessions(sessions: [string[], 'allow' | 'not-allow'][]): string[] {
    const lines = sessions.flatMap(([l]) => [`cd ${w.ws}`, ...l]);
    const out = evalCalls(
      lines.map((command) => ({ op: 'exec', command })),
      ['--workspace', w.ws, '--session'],
      { cwd: w.ws, env: { HOME: w.home } },
    );
    const bad: string[] = [];
    let at = 0;
    for (const [l, want] of sessions) {
      at += 1 + l.length;
      const v = out[at - 1];
      if ((want === 'allow') !== (v.decision === 'allow')) bad.push(`${l.join(' ⏎ ')}: want ${want}, got ${v.decision} (${v.rule})`);
    }
    return bad;
  }

  it('eval --session: cd .. from a known place inside the workspace lands at a known place', () => {
    assert.deepEqual(
      lastOfSessions([
        [['cd src', 'ls', 'cd ..', 'git status'], 'allow'],
        [['cd src', 'cd ..', 'ls'], 'allow'],
        [['cd tests/__snapshots__', 'cd ../..', 'git diff'], 'allow'],
        [['pushd src', 'cd ..', 'git log -1'], 'allow'],
        // Above the root, or a terminal that may have ended, stays judged there.
        [['cd src', 'cd ..', 'cd ..', 'rm -rf project/src'], 'not-allow'],
        [['cd src', 'exit', 'cd ..', 'rm -rf project'], 'not-allow'],
        [['cd src', 'cd ..', 'cat .env'], 'not-allow'],
      ]),
      [],
    );
  });

  it('the same line: a function called with words is judged by its body only', () => {
    checkEval(w, [
      ['w(){ tee "$1"; }; echo x | w tests/a.test.ts', 'deny'],
      ['ll(){ ls -la "$@"; }; ll src', 'allow'],
      ['ll(){ ls -la "$@"; }; ll tests', 'allow'],
      ['f(){ cat "$@"; }; f .env', 'deny'],
      ['f(){ "$@"; }; f cat .env', 'deny'],
      ['f(){ shift; cat "$1"; }; f a .env', 'deny'],
      ['f(){ for x; do cat "$x"; done; }; f .env', 'not-allow'],
      ['f(){ g "$@"; }; g(){ rm -rf "$1"; }; f tests', 'not-allow'],
    ]);
  });
});
