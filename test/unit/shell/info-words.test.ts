// A program that takes verbs, asked only what it is (`helm --help`, `uv --version`): it prints and exits, so the
// missing verb is no unknown. Through `agentguard eval` on a real repository.
import { rmSync } from 'node:fs';
import { checkEval, makeWorkspace } from './workspace';

describe('info words: a verb-taking program asked its version or usage', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => (w = makeWorkspace()));
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('allows --version/--help alone; the bare program, other options and what follows are judged as before', () => {
    checkEval(w, [
      ['npx playwright --version', 'allow'],
      ['playwright -h', 'allow'],
      ['helm --help', 'allow'],
      ['uv --version', 'allow'],
      ['deno --version', 'allow'],
      ['deno -V', 'allow'],
      ['terraform -version', 'allow'],
      // The bare program (a REPL, or whatever its default is) is still unknown, and so are options beside the info word.
      ['deno', 'not-allow'],
      ['helm', 'not-allow'],
      ['helm --kubeconfig /tmp/k --help', 'not-allow'],
      ['deno --version "$(cat .env)"', 'not-allow'],
      ['uv --version && rm -rf src', 'not-allow'],
    ]);
  });
});
