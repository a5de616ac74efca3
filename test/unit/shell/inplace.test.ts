// In-place edits that keep no content are overwrites with loss; everyday edits keep the rest of the file.
import assert from 'node:assert/strict';
import { awkPrintsNothing, exDestroys, lineCodeDestroys, matchesEveryLine, sedDestroys } from '../../../src/core/shell/programs/inplace';

describe('in-place edits that destroy content', () => {
  it('knows a regex that matches every line from one that picks lines', () => {
    for (const r of ['.*', '^', '$', '^.*$', '.', '\\(.*\\)']) assert.equal(matchesEveryLine(r), true, r);
    for (const r of ['^$', 'foo', '^#', 'a.*b', '']) assert.equal(matchesEveryLine(r), false, r);
  });

  it('sed: delete-all, keep-only, quit and quiet scripts wipe; substitutions and picked deletes do not', () => {
    const wipe: [string, boolean][] = [
      ['d', false],
      ['1,$d', false],
      ['/./d', false],
      ['s/.*//', false],
      ['/x/!d', false],
      ['5q', false],
      ['/never/p', true],
      ['#n\n/x/p', false],
    ];
    for (const [sc, n] of wipe) assert.equal(sedDestroys([sc], n), true, sc);
    const keep: [string, boolean][] = [
      ['s/a/b/', false],
      ['s/a;b/c/g', false],
      ['/^$/d', false],
      ['3d', false],
      ['/TODO/d', false],
      ['1i // header', false],
      ['p', true],
      ['/x/{s/a/b/;d}', false],
    ];
    for (const [sc, n] of keep) assert.equal(sedDestroys([sc], n), false, sc);
  });

  it('perl and ruby: code that prints nothing or empties each line wipes', () => {
    assert.equal(lineCodeDestroys('$_=""', true, 'perl'), true);
    assert.equal(lineCodeDestroys('s/.*//s', true, 'perl'), true);
    assert.equal(lineCodeDestroys('', false, 'perl'), true);
    assert.equal(lineCodeDestroys('print if /x/', false, 'perl'), true);
    assert.equal(lineCodeDestroys('$_ = nil', true, 'ruby'), true);
    assert.equal(lineCodeDestroys('s/a/b/', true, 'perl'), false);
    assert.equal(lineCodeDestroys('print unless /debug/', false, 'perl'), false);
    assert.equal(lineCodeDestroys('gsub(/a/,"b")', true, 'ruby'), false);
  });

  it('awk -i inplace: a program with no print and no live pattern prints nothing', () => {
    for (const p of ['NR<0', '0', '{}', 'BEGIN{}', '{ x++ }']) assert.equal(awkPrintsNothing(p), true, p);
    for (const p of ['{gsub(/a/,"b")}1', '{print}', 'NR>1', '/x/', '{ $1="" } 1']) assert.equal(awkPrintsNothing(p), false, p);
  });

  it('ex/vim/ed: deleting every line and writing wipes', () => {
    assert.equal(exDestroys(['%d|x']), true);
    assert.equal(exDestroys(['%d', 'wq']), true);
    assert.equal(exDestroys([',d\nw\nq']), true);
    assert.equal(exDestroys(['g/^/d', 'wq']), true);
    assert.equal(exDestroys(['%d']), false); // nothing written
    assert.equal(exDestroys(['%s/a/b/g|x']), false);
    assert.equal(exDestroys(['3d', 'wq']), false);
  });
});
