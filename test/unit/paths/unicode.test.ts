// Unicode in paths: every default-ignorable code point is stripped (Unicode's own table, generated from
// DerivedCoreProperties.txt) and names are matched as the most folding file system would see them (full case
// folding plus the Turkic I's), without turning ordinary non-ASCII names into protected ones.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { foldForMatch } from '../../../src/core/paths/fold';
import { PathGuard } from '../../../src/core/paths/guard';
import { DEFAULT_IGNORABLE, IGNORABLE_RANGES } from '../../../src/core/paths/ignorable';
import { normalizePath } from '../../../src/core/paths/normalize';
import type { PathOp } from '../../../src/core/types';
import { nodeFsProbe } from '../../../src/node/fsProbe';
import { compilePolicy } from '../../../src/node/policyStore';
import { REPO } from '../helpers/cli';
import { buildLayout, type Layout } from '../helpers/corpusLayout';

const corpus = JSON.parse(fs.readFileSync(path.join(REPO, 'test/fixtures/corpus/paths.json'), 'utf8'));
const ch = (cp: number) => String.fromCodePoint(cp);
const stripped = (s: string) => {
  const n = normalizePath(s, { workspace: '/ws', home: '/home/u' });
  assert.ok(n.ok, `refused ${JSON.stringify(s)}`);
  return n.abs.slice('/ws/'.length);
};

describe('default-ignorable code points', () => {
  it('the generated table is exactly the engine’s Default_Ignorable_Code_Point property', () => {
    const inTable = (c: number) => IGNORABLE_RANGES.some(([a, b]) => c >= a && c <= b);
    const inRegex = new RegExp(`^${DEFAULT_IGNORABLE.source}$`, 'u');
    const engine = /^\p{Default_Ignorable_Code_Point}$/u;
    const diffs: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const e = engine.test(ch(c));
      if (inTable(c) !== e || inRegex.test(ch(c)) !== e) diffs.push(c.toString(16));
    }
    assert.deepEqual(diffs, [], 'regenerate with node scripts/gen-unicode.mjs');
  });

  const known: [number, string][] = [
    [0x00ad, 'soft hyphen'],
    [0x034f, 'combining grapheme joiner'],
    [0x061c, 'Arabic letter mark'],
    [0x115f, 'Hangul choseong filler'],
    [0x180e, 'Mongolian vowel separator'],
    [0x200b, 'zero width space'],
    [0x200c, 'zero width non-joiner'],
    [0x200d, 'zero width joiner'],
    [0x200e, 'left-to-right mark'],
    [0x202e, 'right-to-left override'],
    [0x2060, 'word joiner'],
    [0x2064, 'invisible plus'],
    [0x2065, 'unassigned, ignorable by reservation'],
    [0x3164, 'Hangul filler'],
    [0xfe0f, 'variation selector 16'],
    [0xfeff, 'byte order mark'],
    [0xffa0, 'halfwidth Hangul filler'],
    [0xfff0, 'unassigned specials'],
    [0x1bca0, 'shorthand format letter overlap'],
    [0x1d173, 'musical symbol begin beam'],
    [0xe0001, 'language tag'],
    [0xe0020, 'tag space'],
    [0xe0100, 'variation selector 17'],
    [0xe01ef, 'variation selector 256'],
    [0xe0400, 'unassigned tag plane'],
    [0xe0fff, 'last of the reserved block'],
  ];
  for (const [cp, name] of known) {
    it(`strips U+${cp.toString(16).toUpperCase()} (${name}) from a path`, () => {
      assert.equal(stripped(`.e${ch(cp)}nv`), '.env');
    });
  }

  for (const [cp, name] of [
    [0x00a0, 'no-break space (NFKC makes it a space, not nothing)'],
    [0x2010, 'hyphen'],
    [0xe1000, 'beyond the reserved block'],
    [0x0301, 'combining acute (a real letter part)'],
  ] as [number, string][]) {
    it(`keeps U+${cp.toString(16).toUpperCase()} (${name})`, () => {
      assert.notEqual(stripped(`a${ch(cp)}b`), 'ab');
    });
  }
});

describe('case folding for matching', () => {
  const same: [string, string, string][] = [
    ['.gıt', '.git', 'Turkic dotless i'],
    ['.GİT', '.git', 'Turkic dotted capital I'],
    ['settıngs.json', 'settings.json', 'dotless i inside a name'],
    ['ſecrets', 'secrets', 'long s'],
    ['\u212Aey.pem', 'key.pem', 'Kelvin sign'],
    ['\u212Bngstrom', 'ångstrom', 'Angstrom sign'],
    ['STRASSE', 'straße', 'sharp s folds to ss (full folding)'],
    ['\u1E9Ee', 'sse', 'capital sharp s'],
    ['ΣΟΦΊΑ', 'σοφία', 'Greek capitals'],
    ['σοφιας', 'σοφιασ', 'final sigma'],
    ['µ', 'μ', 'micro sign and mu'],
    ['ＴＥＳＴＳ', 'tests', 'fullwidth letters (NFKC, then fold)'],
    ['DONNÉES', 'données', 'Latin-1 capitals'],
    ['ДОКИ', 'доки', 'Cyrillic capitals'],
    ['.e\u200Bnv', '.env', 'a zero-width space in a name read from disk'],
  ];
  for (const [a, b, why] of same) {
    it(`${JSON.stringify(a)} matches ${JSON.stringify(b)}: ${why}`, () => {
      assert.equal(foldForMatch(a).toLowerCase(), foldForMatch(b).toLowerCase());
    });
  }
  const different: [string, string, string][] = [
    ['café', 'cafe', 'an accent is part of the name'],
    ['\u0430pp', 'app', 'a Cyrillic homoglyph is another name'],
    ['tests', 'test', 'no stemming'],
  ];
  for (const [a, b, why] of different) {
    it(`${JSON.stringify(a)} does not match ${JSON.stringify(b)}: ${why}`, () => {
      assert.notEqual(foldForMatch(a).toLowerCase(), foldForMatch(b).toLowerCase());
    });
  }

  it('leaves ASCII untouched (the matcher ignores ASCII case itself)', () => {
    const s = 'Src/App.TS';
    assert.equal(foldForMatch(s), s);
  });

  it('is at least as coarse as Unicode simple case folding, for every code point the engine knows', () => {
    // The engine's /iu matching is Unicode simple case folding (CaseFolding.txt C+S): whatever it equates, the
    // fold must equate too, or a name a case-insensitive disk opens as a protected one would slip past.
    const misses: string[] = [];
    for (let c = 0x80; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const s = ch(c);
      for (const other of [s.toLowerCase(), s.toUpperCase()]) {
        if (other === s || [...other].length !== 1) continue;
        if (!new RegExp(`^${s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')}$`, 'iu').test(other)) continue;
        if (foldForMatch(s).toLowerCase() !== foldForMatch(other).toLowerCase()) misses.push(`U+${c.toString(16)}`);
      }
    }
    assert.deepEqual(misses, []);
  });
});

describe('path guard: Unicode aliases of protected files (default policy, real layout)', () => {
  let L: Layout;
  let guard: PathGuard;
  before(() => {
    L = buildLayout(corpus.layout);
    guard = new PathGuard(compilePolicy('version: 1\n', 'x', true).policy!.paths, 'deny');
  });
  after(() => L.cleanup());

  const cases: [PathOp, string, 'allow' | 'deny'][] = [
    ['write', '.gıt/hooks/pre-commit', 'deny'],
    ['write', '.GİT/config', 'deny'],
    ['write', '.vscode/settıngs.json', 'deny'],
    ['write', '.vscode/ſettings.json', 'deny'],
    ['write', '.AGENTGUARD.YAML', 'deny'],
    ['write', '.agentguard.yaml\u{E0400}', 'deny'],
    ['read', '.e\u{E0FFF}nv', 'deny'],
    ['read', '.\u{E0001}ENV', 'deny'],
    ['read', '.ENV.LOCAL', 'deny'],
    ['read', 'deploy/keys/ıd_rsa', 'deny'],
    ['read', 'certs/server.PEM\u{E0100}', 'deny'],
    ['write', 'tests\u{E0041}/a.test.ts', 'deny'],
    ['write', 'TESTS/x.ts', 'deny'],
    ['write', 'src/utils/format.TEST.ts', 'deny'],
    ['read', 'ſecrets/prod.json', 'deny'],
    // ordinary names stay ordinary
    ['write', 'src/café.ts', 'allow'],
    ['write', 'src/\u0430pp.ts', 'allow'],
    ['write', '\u0441rc/app.ts', 'allow'],
    ['write', 'src/ıtem.ts', 'allow'],
    ['write', 'src/straße.ts', 'allow'],
    ['write', 'SRC/App.ts', 'allow'],
    ['write', 'docs/ΣΟΦΊΑ.md', 'allow'],
  ];
  for (const [op, p, expected] of cases) {
    it(`${op} ${JSON.stringify(p)} is ${expected}`, () => {
      const v = guard.decide(op, p, { workspace: L.workspace, home: L.home }, nodeFsProbe);
      assert.equal(v.decision === 'allow' ? 'allow' : 'deny', expected, `${v.rule}: ${v.reason}`);
    });
  }

  it('resolves the real file, not the folded name: a symlink whose target is `.gıt` is judged as .git', () => {
    fs.mkdirSync(path.join(L.workspace, '.git'), { recursive: true });
    fs.symlinkSync('.gıt', path.join(L.workspace, 'vcs'));
    const v = guard.decide('write', 'vcs/config', { workspace: L.workspace, home: L.home }, nodeFsProbe);
    assert.equal(v.decision, 'deny', `${v.rule}: ${v.reason}`);
  });
});
