// VS Code's grep_search include pattern is a comma-separated list (VS Code splits it with splitGlobAware, outside
// braces and brackets, and searches each piece): every piece is judged, and a piece that names a folder reaches
// what is in it. Through the built CLI with the extension down; the pure splitting beside it.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { copilotIncludes, splitGlobAware } from '../../../src/core/hooks/hosts/vscode';
import { answerOf, type Sandbox, sandbox, vscodePre } from './helpers';

describe('hook bridge: VS Code grep_search include lists (extension down)', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
    fs.mkdirSync(path.join(sb.workspace, 'deploy', 'config'), { recursive: true });
    fs.writeFileSync(path.join(sb.workspace, 'deploy', 'config', '.env'), fs.readFileSync(path.join(sb.workspace, '.env')));
    fs.writeFileSync(path.join(sb.workspace, 'deploy', 'config', 'app.json'), '{}\n');
  });
  afterEach(() => sb.cleanup());

  const grep = (includePattern: string) => vscodePre(sb, 'grep_search', { query: 'TOKEN', isRegexp: false, includePattern });

  for (const inc of ['**/.env,src/**', 'src/**, .env', '{src,lib}/**,**/.env', 'tests/**,deploy/config', 'config,tests/**', ' **/*.ts ,.env']) {
    it(`${JSON.stringify(inc)}: the piece that reaches .env is taken out or the search refused`, async () => {
      const r = await grep(inc);
      assert.equal(r.code, 0, r.stderr);
      const out = answerOf(r).hookSpecificOutput ?? {};
      assert.ok(out.permissionDecision === 'deny' || out.updatedInput !== undefined, `${inc}: ${r.stdout}`);
      if (out.updatedInput) assert.doesNotMatch(String(out.updatedInput.includePattern), /\.env|,src\/\*\*/, r.stdout);
    });
  }

  it('a list of benign pieces is left as it is', async () => {
    const r = await grep('tests/**,**/app.json');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(answerOf(r), {}, r.stdout);
  });

  it('splits as VS Code does: top-level commas only, pieces trimmed, each also as a folder', () => {
    assert.deepEqual(splitGlobAware('{a,b}/**,[,]x,c', ','), ['{a,b}/**', '[,]x', 'c']);
    assert.deepEqual(copilotIncludes('**/.env,src/**'), ['**/.env', '**/.env/**', '**/src/**']);
    assert.deepEqual(copilotIncludes('{src,lib}/*.ts'), ['**/{src,lib}/*.ts', '**/{src,lib}/*.ts/**']);
    assert.equal(copilotIncludes('src/**,**'), undefined);
    assert.deepEqual(copilotIncludes('src/**,'), ['**/src/**']);
    assert.equal(copilotIncludes(',src/**'), undefined);
  });
});
