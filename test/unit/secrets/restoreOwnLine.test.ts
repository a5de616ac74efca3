// Write-back integrity, where a placeholder may go: only back onto its own unchanged line. Restoring it under a
// renamed key, on a copied line, in a comment, or on a second copy of its line would put the real secret where
// the masker no longer recognises it, and the next read would show it in clear (red team rt22hooks). Real files
// on disk; fake secrets built at run time.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { maskText, restoreEdit, restorePlaceholders } from '../../../src/core/secrets';
import { ALNUM, j, pemBlock, rand } from '../../../src/core/secrets/samples';

const OWN_LINE = /may only stay on its own unchanged line/;

describe('restorePlaceholders: a placeholder is restored only on its own unchanged line', () => {
  let dir: string;
  let file: string;
  let pw: string;
  let original: string;
  let view: string;
  let ph: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ag-ownline-'));
    pw = rand(ALNUM, 22);
    original = `# settings\nDB_PASSWORD = "${pw}"\nPORT = 8080\nDEBUG = False\n`;
    file = path.join(dir, 'settings.py');
    writeFileSync(file, original);
    view = maskText(readFileSync(file, 'utf8')).text;
    const m = /DB_PASSWORD = "(«secret:[^»]+»)"/.exec(view);
    assert.ok(m, view);
    ph = m[1]!;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Whole-file write-back as a host's Write/create_file would do it: refused leaves the file alone. */
  function writeBack(next: string): ReturnType<typeof restorePlaceholders> {
    const r = restorePlaceholders(next, readFileSync(file, 'utf8'));
    if (r.ok) writeFileSync(file, r.text);
    return r;
  }

  const launders: [string, (v: string) => string][] = [
    ['a renamed key', (v) => v.replace('DB_PASSWORD', 'GREETING')],
    ['a copy on a new line', (v) => v.replace('PORT = 8080', `GREETING = "${ph}"\nPORT = 8080`)],
    ['the placeholder moved into a comment', (v) => v.replace('# settings', `# settings ${ph}`)],
    ['the whole masked line duplicated', (v) => v.replace('PORT = 8080', `DB_PASSWORD = "${ph}"\nPORT = 8080`)],
    ['changed surroundings on its line', (v) => v.replace(`DB_PASSWORD = "${ph}"`, `DB_PASSWORD = "${ph}"  # was "${ph}"`)],
    ['the value concatenated into another string', (v) => v.replace(`DB_PASSWORD = "${ph}"`, `DB_PASSWORD = "${ph}"\nURL = "postgres://u:${ph}@db"`)],
    ['the placeholder moved into a call in place of its line', (v) => v.replace(`DB_PASSWORD = "${ph}"`, `print("${ph}")`)],
    ['a changed indentation', (v) => v.replace(`DB_PASSWORD = "${ph}"`, `    DB_PASSWORD = "${ph}"`)],
  ];
  for (const [name, edit] of launders) {
    it(`refuses ${name}, and the file on disk is unchanged`, () => {
      const next = edit(view);
      assert.notEqual(next, view);
      const r = writeBack(next);
      assert.equal(r.ok, false, r.ok ? r.text : '');
      if (!r.ok) assert.match(r.reason, OWN_LINE);
      assert.equal(readFileSync(file, 'utf8'), original);
    });
  }

  it('restores byte-exact after an edit elsewhere, next to the line, and a whole-file rewrite with one change', () => {
    for (const edit of [
      (v: string) => v.replace('DEBUG = False', 'DEBUG = True'),
      (v: string) => v.replace('PORT = 8080', 'PORT = 9090'), // the line right after the masked one
      (v: string) => v.replace('# settings', '# settings (prod)'), // the line right before it
      (v: string) => `import os\n${v}LOG = "info"\n`,
      (v: string) => v.replace(`DB_PASSWORD = "${ph}"\n`, '').replace('DEBUG = False\n', `DEBUG = False\nDB_PASSWORD = "${ph}"\n`), // moved whole
    ]) {
      writeFileSync(file, original);
      const next = edit(view);
      const r = writeBack(next);
      assert.ok(r.ok, r.ok ? '' : r.reason);
      const expected = next.split(ph).join(pw);
      assert.equal(readFileSync(file, 'utf8'), expected);
      assert.ok(readFileSync(file, 'utf8').includes(`DB_PASSWORD = "${pw}"\n`));
    }
  });

  it('counts lines: two identical masked lines may both stay, a third copy is refused', () => {
    const two = `A = 1\nDB_PASSWORD = "${pw}"\nB = 2\nDB_PASSWORD = "${pw}"\n`;
    const v = maskText(two).text;
    const line = v.split('\n')[1]!;
    assert.equal(v.split('\n')[3], line);
    const ok = restorePlaceholders(v.replace('B = 2', 'B = 3'), two);
    assert.ok(ok.ok && ok.text === two.replace('B = 2', 'B = 3'), ok.ok ? ok.text : ok.reason);
    const three = restorePlaceholders(`${v}${line}\n`, two);
    assert.equal(three.ok, false);
  });

  it('a PEM block and a YAML block scalar: each masked line stays, a line of either copied elsewhere is refused', () => {
    const key = pemBlock(j('RSA PRIVATE', ' KEY'), 600);
    const [a, b] = [rand(ALNUM, 24), rand(ALNUM, 24)];
    const yaml = ['tls:', '  key: |', ...key.map((l) => '    ' + l), 'auth:', '  token: |', `    ${a}`, `    ${b}`, '  enabled: true', ''].join('\n');
    const v = maskText(yaml).text;
    for (const s of [a, b, ...key.slice(1, -1)]) assert.ok(!v.includes(s), s);
    const ok = restorePlaceholders(v.replace('enabled: true', 'enabled: false'), yaml);
    assert.ok(ok.ok && ok.text === yaml.replace('enabled: true', 'enabled: false'), ok.ok ? '' : ok.reason);
    const lines = v.split('\n');
    const pemLine = lines.find((l) => l.includes('«secret:') && lines.indexOf(l) > 2 && lines.indexOf(l) < key.length)!;
    const tokLine = lines[key.length + 4]!;
    assert.match(tokLine, /«secret:/);
    for (const bad of [
      v.replace('  enabled: true', `  enabled: true\n  copy: ${pemLine.trim()}`),
      v.replace('  enabled: true', `  enabled: true\nnote:${tokLine}`),
      v.replace(tokLine, tokLine.replace('    ', '  x: ')),
    ]) {
      const r = restorePlaceholders(bad, yaml);
      assert.equal(r.ok, false, bad);
      if (!r.ok) assert.match(r.reason, OWN_LINE);
    }
  });

  it('restoreEdit judges a mid-line fragment on the whole file it leaves', () => {
    const text = readFileSync(file, 'utf8');
    // old_string/new_string starting mid-line: the fragment is not a line, the result is.
    const benign = restoreEdit((m) => m.replace(`${ph}"\nPORT = 8080`, `${ph}"\nPORT = 9090`), text);
    assert.ok(benign.ok && benign.text === original.replace('PORT = 8080', 'PORT = 9090'), benign.ok ? '' : benign.reason);
    // The key renamed by an edit that never touches the placeholder's own text.
    const renamed = restoreEdit((m) => m.replace('DB_PASSWORD = "', 'GREETING = "'), text);
    assert.equal(renamed.ok, false);
    // A copy made mid-line.
    const copied = restoreEdit((m) => m.replace('PORT = 8080', `PORT = 8080 # ${ph}`), text);
    assert.equal(copied.ok, false);
    // An edit whose result cannot be told is refused.
    assert.equal(restoreEdit(() => undefined, text).ok, false);
  });

  it('keeps the old refusals: unknown, damaged and literal-and-masked placeholders', () => {
    const text = readFileSync(file, 'utf8');
    assert.match((restorePlaceholders(view.replace(ph, ph.replace(/#\d+/, '#9')), text) as { reason: string }).reason, /does not match a secret/);
    assert.equal(restorePlaceholders(view.replace(ph, ph.slice(0, -1)), text).ok, false);
    const both = `${text}# docs mention ${ph}\n`;
    assert.equal(restorePlaceholders(maskText(both).text, both).ok, false);
  });
});
