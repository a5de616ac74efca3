// Found by the fresh12 blind red team: a wrapper whose option table also has the inner command's options took them
// for its own (`entr sh -c 'cat .env'` was read as entr -c and a script file named `cat .env`). A wrapper's options
// end at the command it runs; for every runner of the table, the inner command's own `-c`/`-e` must reach the judge.
import { checkEval, suiteWorkspace } from './workspace';

/** Runners, each with the options a user puts before the command. */
const RUNNERS = [
  'entr',
  'entr -r',
  'entr -p',
  'entr -c',
  'entr -dnr',
  'watchexec -n',
  'watchexec -n --',
  'nodemon --exec',
  'nice -n 5',
  'timeout 5',
  'stdbuf -o0',
  'ionice -c3',
  'setsid',
  'nohup',
  'env -i',
  'flock /tmp/l',
  'chronic',
  'xvfb-run',
  'strace -f',
  'bundle exec',
  'poetry run',
  'uv run',
  'pipenv run',
  'npm exec --',
  'op run --',
  'doppler run --',
];

/** Inner commands whose danger is in their own `-c`/`-e` option. */
const INNER = [
  "sh -c 'cat .env'",
  "bash -c 'rm -rf src'",
  'python3 -c "import shutil; shutil.rmtree(\'src\')"',
  'node -e \'require("fs").rmSync("src",{recursive:true})\'',
];

describe('a wrapper does not take the inner command’s options for its own', function () {
  this.timeout(120_000);
  const w = suiteWorkspace();

  it('every runner with every inner -c/-e command is not allowed', () => {
    checkEval(
      w,
      RUNNERS.flatMap((r) => INNER.map((i): [string, 'not-allow'] => [`${r} ${i}`, 'not-allow'])),
    );
  });

  it('inner options of everyday commands stay the command’s own and are allowed', () => {
    checkEval(w, [
      ['ls src/*.ts | entr -r node src/index.js --port 8000', 'allow'],
      ['ls src/*.ts | entr -c make -j4', 'allow'],
      ['ls src/*.ts | entr npm test -- --watch=false', 'allow'],
      ['watchexec -e ts -- npm test', 'allow'],
      ['nodemon --exec "npm test"', 'allow'],
    ]);
  });

  it('a lone --version or --help of an installed program or interpreter prints and exits', () => {
    checkEval(w, [
      ['julia --version', 'allow'],
      ['julia -v', 'allow'],
      ['opam --version', 'allow'],
      ['quarto --help', 'allow'],
      ['julia', 'not-allow'],
      ['julia --versionx', 'not-allow'],
      ['opam --version extra', 'not-allow'],
      ['/tmp/x --version', 'not-allow'],
      ['PATH=/tmp:$PATH opam --version', 'not-allow'],
    ]);
  });

  it('options before a verb do not hide it from the rules that read the verb', () => {
    checkEval(w, [
      ['alembic -x tenant=all downgrade -1', 'not-allow'],
      ['alembic -c alembic.ini -x a=b downgrade base', 'not-allow'],
      ['alembic --name prod -x a=1 downgrade base', 'not-allow'],
      ['pulumi --cwd infra destroy --yes', 'not-allow'],
      ['heroku --app x pg:reset', 'not-allow'],
      ['git --no-pager log --oneline', 'allow'],
      ['git -c color.ui=never status', 'allow'],
      ['kubectl --namespace prod get pods', 'allow'],
      ['terraform -chdir=infra plan', 'allow'],
      ['ansible-playbook --check -i inventory.ini site.yml', 'allow'],
      ['ansible-playbook --syntax-check -i inventory.ini site.yml', 'allow'],
      ["sqlite3 -readonly app.db 'SELECT count(*) FROM users'", 'allow'],
    ]);
  });
});
