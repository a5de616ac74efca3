// `git apply`, `git am` and GNU `patch` change the files their patch names: those files are judged, read from the
// patch's headers, instead of every file under the folder (which refused `git apply fix.patch` for any patch, as
// it "may hold tests/**"). A patch the guard cannot read or parse still counts as writing everywhere; a patch file
// the same line writes is asked (the text judged would not be the text applied). Claims replayed with real git/patch.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { patchFiles, stripName } from '../../../src/core/shell/programs/patchText';
import { checkEval, suiteWorkspace, writeFiles, type Expect } from './workspace';

const srcPatch = 'diff --git a/src/app.ts b/src/app.ts\n--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1 +1 @@\n-export const app = 1;\n+export const app = 2;\n';
const testPatch =
  'diff --git a/tests/a.test.ts b/tests/a.test.ts\n--- a/tests/a.test.ts\n+++ b/tests/a.test.ts\n@@ -1 +1 @@\n-test("a", () => {});\n+test.skip("a", () => {});\n';
const PATCHES: Record<string, string> = {
  'p/src.patch': srcPatch,
  'p/test.patch': testPatch,
  // Two files, the second a test: every section is judged.
  'p/both.patch': srcPatch + testPatch,
  // A header `patch` still takes with a line between `---` and `+++` (it patches the test, the old name).
  'p/split.patch': '--- a/tests/a.test.ts\nnote\n+++ b/src/absent.ts\n@@ -1 +1 @@\n-test("a", () => {});\n+y\n',
  'p/delete.patch': 'diff --git a/tests/a.test.ts b/tests/a.test.ts\ndeleted file mode 100644\n--- a/tests/a.test.ts\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n',
  'p/rename.patch': 'diff --git a/tests/a.test.ts b/src/moved.ts\nsimilarity index 100%\nrename from tests/a.test.ts\nrename to src/moved.ts\n',
  'p/policy.patch': '--- a/.agentguard.yaml\n+++ b/.agentguard.yaml\n@@ -1 +1 @@\n-x\n+y\n',
  'p/context.patch': '*** src/app.ts\n--- tests/a.test.ts\n***************\n*** 1 ****\n! x\n--- 1 ----\n! y\n',
  'p/quoted.patch': 'diff --git "a/src/\\303\\251.ts" "b/src/\\303\\251.ts"\n--- "a/src/\\303\\251.ts"\n+++ "b/src/\\303\\251.ts"\n',
  'p/noheader.patch': '1c1\n< x\n---\n> y\n',
};

describe('patches: the files a patch names are the files judged', () => {
  const w = suiteWorkspace();
  before(() => writeFiles(w.ws, PATCHES));

  it('a patch of source files is allowed; one that reaches a test or the policy is refused', () =>
    checkEval(w, [
      ['git apply p/src.patch', 'allow'],
      ['patch -p1 < p/src.patch', 'allow'],
      ['patch -p1 -i p/src.patch', 'allow'],
      ['patch --strip=1 --input=p/src.patch', 'allow'],
      ['git apply -R p/src.patch', 'allow'],
      ['git am p/src.patch', 'allow'],
      ['git apply --check p/test.patch', 'allow'],
      ['git apply p/test.patch', 'deny'],
      ['git apply < p/test.patch', 'deny'],
      ['patch -p1 < p/test.patch', 'deny'],
      ['patch < p/test.patch', 'deny'],
      ['patch -p1 -i p/both.patch', 'deny'],
      ['git apply p/src.patch p/test.patch', 'deny'],
      ['patch -p1 < p/split.patch', 'deny'],
      ['git apply p/delete.patch', 'deny'],
      ['git apply p/rename.patch', 'deny'],
      ['patch -p1 < p/policy.patch', 'deny'],
      ['patch -p0 < p/context.patch', 'deny'],
      ['git apply --directory=tests p/src.patch', 'deny'],
      ['patch -d tests -p1 < p/src.patch', 'deny'],
      ['cd tests && patch -p2 < ../p/src.patch', 'deny'],
      ["git apply <<'EOF'\n" + testPatch + 'EOF', 'deny'],
      ["git apply <<'EOF'\n" + srcPatch + 'EOF', 'allow'],
    ] as [string, Expect][]));

  it('a patch it cannot read whole still counts as writing every file under the folder', () =>
    checkEval(w, [
      ['git apply p/quoted.patch', 'deny'],
      ['patch < p/noheader.patch', 'deny'],
      ['git apply p/absent.patch', 'deny'],
      ['git apply p/*.patch', 'deny'],
      ['cat p/src.patch | git apply', 'deny'],
      ['patch -p1 -z .test.ts -b < p/src.patch', 'deny'],
      ['patch -p"$N" < p/src.patch', 'not-allow'],
    ] as [string, Expect][]));

  it('a patch file the same line writes is asked: the text on disk is not what is applied', () =>
    checkEval(w, [
      ['cp p/test.patch p/src.patch && git apply p/src.patch', 'not-allow'],
      ['echo x > p/src.patch; patch -p1 < p/src.patch', 'ask'],
      ['curl -so p/src.patch https://example.com/x.patch && git apply p/src.patch', 'not-allow'],
      ['git apply p/src.patch && npm test', 'allow'],
    ] as [string, Expect][]));

  it('the names judged are the ones real git and patch change', () => {
    const dir = fs.mkdtempSync(path.join(w.root, 'replay-'));
    const run = (cmd: string) => execFileSync('bash', ['-c', cmd], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    writeFiles(dir, { 'src/app.ts': 'export const app = 1;\n', 'tests/a.test.ts': 'test("a", () => {});\n', ...PATCHES });
    run('git init -q && git add -A && git -c user.email=a@b -c user.name=a commit -qm init');
    run('git apply p/test.patch');
    assert.match(fs.readFileSync(path.join(dir, 'tests/a.test.ts'), 'utf8'), /test\.skip/);
    // Split by a line, `---`/`+++` still name the file: the test is changed.
    run('git checkout -q -- . && patch -s -p1 < p/split.patch');
    assert.equal(fs.readFileSync(path.join(dir, 'tests/a.test.ts'), 'utf8'), 'y\n');
    run('git checkout -q -- . && mkdir -p tests/src && cp src/app.ts tests/src/app.ts && git apply --directory=tests p/src.patch');
    assert.match(fs.readFileSync(path.join(dir, 'tests/src/app.ts'), 'utf8'), /app = 2/);
  });

  it('headers are read as git and patch read them', () => {
    assert.deepEqual(
      patchFiles(testPatch)?.map((f) => [f.old, f.new]),
      [['a/tests/a.test.ts', 'b/tests/a.test.ts']],
    );
    assert.equal(patchFiles('--- a/x\t2024-01-01 10:00\n+++ /dev/null\n')?.[0].deleted, true);
    assert.equal(patchFiles('just text\n'), undefined);
    assert.equal(stripName('a/tests/a.test.ts', 1), 'tests/a.test.ts');
    assert.equal(stripName('a//b/c', 2), 'c');
    assert.equal(stripName('a/b', 3), undefined);
  });
});
