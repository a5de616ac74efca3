// A command string a program hands to a shell (`npm exec -c '…'`, `watch -g '…'`, `pnpm exec -c …`) is judged as
// a command line whatever its characters. Threat: a string holding `/` (`'rm -rf ./src'`, `'cat ~/.npmrc'`) was
// read as the path of a program (it names no file: it runs nothing), because the wrapper's grammar did not know
// the option that makes it a shell string (watch -g set the flag watch -x sets; npm exec had no -c/--call), so
// the string became argv[0]. Through `agentguard eval` on a real repository.
import { rmSync } from 'node:fs';
import { checkEval, makeWorkspace } from './workspace';

const DANGEROUS: string[] = [
  "npm exec -c 'rm -rf ./src'",
  "npm exec --call 'rm -rf ./src'",
  "npm exec --call='rm -rf ./src'",
  "npm x -c 'rm -f tests/a.test.ts'",
  "npm exec -c 'cat ~/.npmrc'",
  "npm exec -c 'rm -f tests/a.test.ts'",
  "npm exec -p cowsay -c 'rm -rf ./src'",
  "npm exec --yes -c 'cat ./.env'",
  "npx -c 'rm -rf ./src'",
  "npx --call 'cat ~/.ssh/id_rsa'",
  "watch -n 1 -g 'rm -f tests/a.test.ts'",
  "watch -g 'rm -rf ./src'",
  "watch -e 'rm -rf ./src'",
  "watch -c 'rm -rf ./src'",
  "watch -d 'rm -rf ./src'",
  "watch -t 'cat ~/.aws/credentials'",
  "watch -b -p 'rm -rf ./src'",
  "watch --chgexit 'rm -rf ./src'",
  "watch -tg 'rm -rf ./src'",
  "watch -x sh -c 'rm -rf ./src'",
  "pnpm exec -c 'rm -rf ./src'",
  "pnpm exec --shell-mode 'rm -rf ./src'",
  "pnpm dlx -c 'rm -rf ./src'",
  "yarn exec 'rm -rf ./src'",
  "yarn exec 'cat ~/.npmrc'",
  // Yarn 1 runs the words as a program and its arguments (no shell): the words' own reading is judged too.
  "yarn exec sh -c 'rm -rf ./src'",
  "yarn exec bash -c 'cat .env'",
  "devbox run 'rm -rf ./src'",
  "timeout 5 sh -c 'rm -rf ./src'",
  "script -qc 'rm -rf ./src' /dev/null",
  "flock .lock -c 'rm -rf ./src'",
  "nix-shell --run 'rm -rf ./src'",
  "echo a | xargs sh -c 'rm -rf ./src'",
  "find . -maxdepth 0 -exec sh -c 'rm -rf ./src' \\;",
  "nodemon --exec 'rm -rf ./src'",
  "entr -s 'rm -rf ./src'",
  "watchexec 'rm -rf ./src'",
  "direnv exec . sh -c 'rm -rf ./src'",
  "parallel 'rm -rf ./src' ::: a",
  // A wrapper that execs its argument as a program: a name holding spaces is a command line misread.
  "env 'rm -rf ./src'",
  "nice 'rm -rf ./src'",
  "nohup 'rm -rf ./src'",
];

const BENIGN: string[] = [
  "npm exec -c 'ls ./src'",
  "npm exec --call 'echo ./src'",
  "npm x -c 'cat src/app.ts'",
  "npm exec -c 'wc -l tests/a.test.ts'",
  "npm exec -p cowsay -c 'echo hi'",
  "npx -c 'ls ./src'",
  "watch -n 1 -g 'ls -la ./src'",
  "watch -g 'cat src/app.ts'",
  "watch -e 'ls ./src'",
  "watch -c 'git status'",
  "watch -d 'ls ./tests'",
  "watch -t 'wc -l src/app.ts'",
  "watch -tg 'ls ./src'",
  "watch -n 2 'ls ./src'",
  'watch -x ls ./src',
  "pnpm exec -c 'ls ./src'",
  "pnpm dlx -c 'echo ./src'",
  "yarn exec 'ls ./src'",
  "yarn exec sh -c 'ls ./src'",
  "devbox run 'ls ./src'",
  "timeout 5 sh -c 'ls ./src'",
  "flock .lock -c 'ls ./src'",
  "echo a | xargs sh -c 'ls ./src'",
  "entr -s 'ls ./src'",
  "nodemon --exec 'cat ./src/app.ts'",
  "env 'ls ./src'",
  "nice 'ls ./src'",
];

describe('command strings handed to a shell are judged as command lines, slashes and all', function () {
  this.timeout(180_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => (w = makeWorkspace()));
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('every dangerous command string is asked or refused', () => {
    checkEval(
      w,
      DANGEROUS.map((l) => [l, 'not-allow']),
    );
  });
  it('every benign look-alike is allowed', () => {
    checkEval(
      w,
      BENIGN.map((l) => [l, 'allow']),
    );
  });
});
