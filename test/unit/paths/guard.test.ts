// The path guard on families beyond the public sample, written from the evaluation model
// (test/fixtures/corpus/README.md §2), on the corpus's real layout: symlinks, a loop, a hard link.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PathGuard } from '../../../src/core/paths/guard';
import type { PathOp } from '../../../src/core/types';
import { nodeFsProbe } from '../../../src/node/fsProbe';
import { compilePolicy } from '../../../src/node/policyStore';
import { REPO } from '../helpers/cli';
import { buildLayout, type Layout } from '../helpers/corpusLayout';

const corpus = JSON.parse(fs.readFileSync(path.join(REPO, 'test/fixtures/corpus/paths.json'), 'utf8'));

type Case = [op: PathOp | 'rename', p: string, expected: 'allow' | 'deny', dest?: string];

const CASES: Case[] = [
  // invisible and compatibility characters
  ['read', '.e\u200Cnv', 'deny'],
  ['read', '\uFEFF.env', 'deny'],
  ['write', 'tests/a\u200B.test.ts', 'deny'],
  ['read', '\uFF0Eenv', 'deny'], // fullwidth full stop folds to '.'
  ['write', 'tests\uFF0Fhelper.ts', 'deny'], // fullwidth solidus
  ['write', 'src/café.ts', 'allow'],
  ['write', 'src/\u0430pp.ts', 'allow'], // Cyrillic a: a different file
  // case folding, without over-denying
  ['read', '.ENV', 'deny'],
  ['write', 'TESTS/helper.ts', 'deny'],
  ['write', '.AgentGuard.yaml', 'deny'],
  ['write', 'SRC/app.ts', 'allow'],
  ['write', 'src/Utils/Format.TEST.ts', 'deny'],
  // NTFS aliases
  ['write', 'tests /x.ts', 'deny'],
  ['read', 'secrets./prod.json', 'deny'],
  ['read', 'C:/x', 'deny'],
  ['read', 'GIT~1/config', 'deny'],
  // percent-encoding never decoded then allowed
  ['write', 'tests%2fhelper.ts', 'deny'],
  ['read', '%2e%2e/outside', 'deny'],
  // outside, home, prefix sibling
  ['read', '~/.bashrc', 'deny'],
  ['read', '~/code/ws/src/app.ts', 'allow'],
  ['read', '${WORKSPACE}-evil/notes.txt', 'deny'],
  ['read', '../ws-evil/notes.txt', 'deny'],
  ['read', '/etc/passwd', 'deny'],
  ['read', '~root/.bashrc', 'deny'],
  // symlinks: dual match, .. after a link, chains, loops, dangling
  ['read', 'deep-link/../token.txt', 'deny'],
  ['read', 'env-link', 'deny'],
  ['read', 'docs/server-key', 'deny'],
  ['write', 'cfg', 'deny'],
  ['write', 'src/fixtures/data.json', 'deny'],
  ['write', 'tests/src-link/app.ts', 'deny'],
  ['read', 'home-link/.bashrc', 'deny'],
  ['write', 'abs-inside/app.ts', 'allow'],
  ['write', 'ws-parent/ws/src/app.ts', 'allow'],
  ['read', 'loop-a', 'deny'],
  ['read', 'loop-a/x', 'deny'],
  ['write', 'dangling-out', 'deny'],
  ['delete', 'innocent/', 'deny'],
  ['read', 'chain1', 'deny'],
  // hard link to .env (deny preferred)
  ['read', 'notes-copy.txt', 'deny'],
  // directories
  ['delete', 'src/components', 'deny'],
  ['delete', '.', 'deny'],
  ['delete', 'secrets', 'deny'],
  ['delete', 'docs', 'deny'], // docs/id_rsa_howto.md matches **/id_rsa*
  ['delete', 'empty-dir', 'allow'],
  ['rename', 'src/legacy', 'deny', 'tests/legacy'],
  ['rename', 'src/legacy', 'deny', 'secrets/legacy'],
  ['rename', 'docs/guide.md', 'allow', 'docs/guide2.md'],
  ['rename', 'src/app.ts', 'deny', 'src/app.test.ts'],
  // new files matching protected globs
  ['write', 'src/new.test.ts', 'deny'],
  ['write', 'secrets/new.txt', 'deny'],
  ['write', 'id_rsa.pub', 'deny'],
  ['write', 'src/new-file.ts', 'allow'],
  // long paths
  ['write', 'src/' + 'a'.repeat(296), 'deny'], // a 296-byte segment is over NAME_MAX
  ['write', 'src/' + Array(30).fill('abcdefghi').join('/') + '.ts', 'allow'], // 300 chars, short segments
  ['write', 'src/' + 'a/'.repeat(2100) + 'x.ts', 'deny'], // over PATH_MAX
  // input rejects
  ['read', '', 'deny'],
  ['read', 'src/app.ts\0.png', 'deny'],
];

describe('path guard: evaluation model families', () => {
  let L: Layout;
  let guard: PathGuard;
  before(() => {
    L = buildLayout(corpus.layout);
    guard = new PathGuard(compilePolicy('version: 1\n', 'x', true).policy!.paths, 'deny');
  });
  after(() => L.cleanup());

  for (const [op, p, expected, dest] of CASES) {
    it(`${op} ${JSON.stringify(p).slice(0, 70)}${dest ? ' → ' + dest : ''} is ${expected}`, () => {
      const ctx = { workspace: L.workspace, home: L.home };
      const v = op === 'rename' ? guard.decideRename(L.subst(p), L.subst(dest!), ctx, nodeFsProbe) : guard.decide(op, L.subst(p), ctx, nodeFsProbe);
      assert.equal(v.decision === 'allow' ? 'allow' : 'deny', expected, `${v.rule}: ${v.reason}`);
      assert.ok(v.reason.length > 0);
    });
  }

  it('names the rule that decided', () => {
    const v = guard.decide('write', 'tests/a.test.ts', { workspace: L.workspace, home: L.home }, nodeFsProbe);
    assert.equal(v.rule, 'path:tests');
    const o = guard.decide('read', '/etc/passwd', { workspace: L.workspace, home: L.home }, nodeFsProbe);
    assert.equal(o.rule, 'outside-workspace');
  });

  it('fails closed when the filesystem probe throws', () => {
    const broken = {
      ...nodeFsProbe,
      lstat: () => {
        throw new Error('EIO');
      },
    };
    const v = guard.decide('read', 'src/app.ts', { workspace: L.workspace, home: L.home }, broken);
    assert.equal(v.decision, 'deny');
  });
});
