// The generic rule parses an assignment in two steps (names first, a secret name's value second); the
// split must read every assignment exactly as the single ASSIGN regex does: same name, operator,
// value, value start and quoting. Compared on the rule samples, the corpus sample and seeded mixes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ALL_RULES } from '../../../src/core/secrets';
import { ASSIGN, assignmentAt, assignmentHeads, headFrom, headFromRegex, namesItself } from '../../../src/core/secrets/rules/generic';
import { prng } from '../../../src/core/secrets/samples';

function viaAssign(line: string, at: number) {
  ASSIGN.lastIndex = at;
  const m = ASSIGN.exec(line)!;
  assert.equal(m.index, at, 'ASSIGN finds its match where the head starts');
  let group = 4;
  while (group <= 7 && m[group] === undefined) group++;
  return { name: m[1], nameStart: m.indices![1]![0], op: m[3], opEnd: m.indices![3]![1], value: m[group] ?? '', start: m.indices![group]![0], quoted: group < 7 };
}

function assertSameParse(line: string): number {
  // The operator-driven head finder answers as ASSIGN_NAME from every starting point (the rule goes on
  // after an operator, or after a value, which may end anywhere).
  for (let from = 0; from <= line.length; from++) assert.deepEqual(headFrom(line, from), headFromRegex(line, from), `${JSON.stringify(line)} from ${from}`);
  const heads = assignmentHeads(line);
  for (const h of heads) assert.deepEqual(assignmentAt(line, h), viaAssign(line, h.index), JSON.stringify(line));
  return heads.length;
}

describe('generic rule: assignment parsing', () => {
  it('reads every assignment of the rule samples and the corpus sample as ASSIGN does', () => {
    const texts: string[] = [];
    for (const r of ALL_RULES) {
      const s = r.samples();
      texts.push(...s.truePositives.map((t) => t.text), ...s.falsePositives);
    }
    const corpus = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/corpus/secrets.json'), 'utf8')) as { content_b64: string }[];
    for (const f of corpus) texts.push(Buffer.from(f.content_b64, 'base64').toString('utf8'));
    let n = 0;
    for (const t of texts) for (const line of t.split('\n')) n += assertSameParse(line);
    assert.ok(n > 300, `only ${n} assignments`);
  });

  it('reads every assignment of 3,000 seeded mixes as ASSIGN does (quotes, escapes, blanks, dashes)', () => {
    const parts = ['password', 'api_key', '--token', '-p', 'x', '$db', 'a.b', ' ', '\t', '=', ':', ':=', '=>', '==', '://', '"', "'", '`', ']', '\\"', '\\', 'abc123', '#', ',', ';', '\r', 'é',
      '---x', '-', '9', '_', '$', '.', '::', ':/', '=:', '"]', ']"', '[', 'K'];
    const r = prng(11);
    let n = 0;
    for (let k = 0; k < 3000; k++) {
      let line = '';
      for (let i = 0, len = 1 + Math.floor(r() * 14); i < len; i++) line += parts[Math.floor(r() * parts.length)];
      n += assertSameParse(line);
    }
    assert.ok(n > 500, `only ${n} assignments`);
  });
});

describe('namesItself (a value that spells its key: an enum, not a secret)', () => {
  const reference = (value: string, name: string) => value.replace(/[^A-Za-z0-9]/g, '').toLowerCase() === name.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  it('answers as the letters-and-digits comparison, case aside', () => {
    assert.equal(namesItself('msi-secret', 'MSI_SECRET'), true);
    assert.equal(namesItself('MSI_SECRET', 'MSI_SECRETS'), false);
    assert.equal(namesItself('', '--'), true);
    assert.equal(namesItself('Кsecret', 'secret'), true, 'non-ASCII letters are not letters here, as in [^A-Za-z0-9]');
    const r = prng(11);
    const pool = 'aAbB09_-. @[`{\u00e9\u212a';
    for (let k = 0; k < 20000; k++) {
      const pick = (n: number) => Array.from({ length: n }, () => pool[Math.floor(r() * pool.length)]).join('');
      const name = pick(Math.floor(r() * 6));
      // often a respelling of the name, so that true answers are common
      const value = r() < 0.5 ? name.replace(/./g, (c) => (r() < 0.2 ? pick(1) : r() < 0.5 ? c.toUpperCase() : c)) : pick(Math.floor(r() * 6));
      assert.equal(namesItself(value, name), reference(value, name), JSON.stringify([value, name]));
    }
  });
});
