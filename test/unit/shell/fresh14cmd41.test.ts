// fresh14cmd (cmd41): effects the command guard did not account for. Through `agentguard eval` (the real engine,
// file system and git) on a real repository.
import { rmSync } from 'node:fs';
import { checkEval, makeWorkspace } from './workspace';

// `git sparse-checkout set src` leaves only src/ in the working tree (tests/ and every other tracked path go);
// add/init/reapply/disable rewrite the sparsity and add or remove tracked files too. `git switch --orphan x`
// empties the index and the working tree. Judged like the other rewrites of tracked files (asked).
describe('fresh14cmd41: commands that change which tracked files exist in the working tree', function () {
  this.timeout(120_000);
  let w: ReturnType<typeof makeWorkspace>;
  before(() => (w = makeWorkspace()));
  after(() => rmSync(w.root, { recursive: true, force: true }));

  it('asks for sparse-checkout changes and orphan switches; listing the sparsity stays allowed', () => {
    checkEval(w, [
      ['git sparse-checkout set src', 'ask'],
      ['git sparse-checkout set --cone docs', 'ask'],
      ['git sparse-checkout init --cone && git sparse-checkout set docs', 'ask'],
      ['git sparse-checkout add docs', 'ask'],
      ['git sparse-checkout reapply', 'ask'],
      ['git sparse-checkout disable', 'ask'],
      ['git -C . sparse-checkout set src', 'ask'],
      ['git switch --orphan empty', 'ask'],
      ['git switch --orphan=empty', 'ask'],
      ['git sparse-checkout list', 'allow'],
      ['git switch -c feature/x', 'allow'],
      ['git switch main', 'allow'],
    ]);
  });
});
