// readFile / listDirectory / searchText on a real temp workspace, through GuardService.run.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRipgrep } from '../../../src/vscode/ripgrep';
import { type Fixture, makeFixture } from './fixture';

describe('tools: readFile', () => {
  let f: Fixture;
  beforeEach(() => (f = makeFixture()));
  afterEach(() => f.cleanup());

  it('returns the masked view of a file holding a secret, line for line', async () => {
    const a = await f.call('readFile', { path: 'src/config.ts' });
    assert.equal(a.status, 'ok', a.text);
    assert.ok(!a.text.includes(f.token), 'the token reached the model');
    assert.match(a.text, /«secret:[a-z0-9-]+#\d+»/);
    assert.match(a.text, /export const region = 'eu-west-1';/);
    assert.match(a.text, /lines 1-4 of 4/);
    assert.ok(f.read('src/config.ts').includes(f.token), 'the file on disk must be untouched');
    const rec = f.records().at(-1)!;
    assert.equal(rec.decision, 'allow');
    assert.equal(rec.op, 'read');
  });

  it('reads a line range', async () => {
    const a = await f.call('readFile', { path: 'src/app.ts', startLine: 2, endLine: 2 });
    assert.equal(a.status, 'ok', a.text);
    assert.match(a.text, /lines 2-2 of 4/);
    assert.ok(a.text.includes('  return a + b;'));
    assert.ok(!a.text.includes('export function'));
  });

  it('refuses .env with the rule, the reason and what to do instead; the audit records the denial', async () => {
    const a = await f.call('readFile', { path: '.env' });
    assert.equal(a.status, 'refused');
    assert.match(a.text, /Rule: path:secrets/);
    assert.match(a.text, /What to do instead:/);
    assert.ok(!a.text.includes(f.token));
    const rec = f.records().at(-1)!;
    assert.equal(rec.decision, 'deny');
    assert.equal(rec.rule, 'path:secrets');
    assert.equal(rec.outcome, 'not-run');
  });

  it('refuses a path outside the workspace', async () => {
    const a = await f.call('readFile', { path: '../audit.jsonl' });
    assert.equal(a.status, 'refused');
    assert.match(a.text, /Rule: outside-workspace/);
  });

  it('validates input at run time: a missing path or an unknown field is refused before anything runs, and recorded', async () => {
    const before = f.records().length;
    const a = await f.call('readFile', { file: 'src/app.ts' });
    assert.equal(a.status, 'refused');
    assert.match(a.text, /unknown input field/);
    const b = await f.call('readFile', { path: 42 });
    assert.match(b.text, /`path` must be a string/);
    const c = await f.call('readFile', { path: 'src/app.ts', startLine: 3, endLine: 1 });
    assert.match(c.text, /endLine/);
    // Refused input is recorded like any refused call, as on every channel.
    const recs = f.records().slice(before);
    assert.deepEqual(
      recs.map((r) => [r.tool, r.op, r.decision, r.rule, r.outcome]),
      Array.from({ length: 3 }, () => ['agentguard_readFile', 'read', 'deny', 'input:invalid', 'not-run']),
    );
    assert.match(recs[0].reason, /unknown input field/);
    assert.deepEqual(recs[1].args, { path: 42 });
  });

  it('says a binary file is binary instead of dumping it', async () => {
    fs.writeFileSync(path.join(f.ws, 'src/blob.bin'), Buffer.from([1, 2, 0, 3, 4]));
    const a = await f.call('readFile', { path: 'src/blob.bin' });
    assert.equal(a.status, 'ok');
    assert.match(a.text, /binary file \(5 bytes\)/);
  });
});

describe('tools: listDirectory', () => {
  let f: Fixture;
  beforeEach(() => (f = makeFixture()));
  afterEach(() => f.cleanup());

  it('lists the workspace root with directories marked', async () => {
    const a = await f.call('listDirectory', {});
    assert.equal(a.status, 'ok', a.text);
    for (const e of ['src/', 'tests/', 'docs/', '.env']) assert.ok(a.text.split('\n').includes(e), `${e} missing from\n${a.text}`);
  });

  it('refuses to list outside the workspace', async () => {
    const a = await f.call('listDirectory', { path: '/' });
    assert.equal(a.status, 'refused');
  });
});

const rg = findRipgrep(path.resolve(__dirname, '../../../.vscode-test/node_modules/code-server/lib/vscode'));
for (const engine of ['walk', 'ripgrep'] as const) {
  describe(`tools: searchText (${engine})`, () => {
    let f: Fixture;
    beforeEach(function () {
      if (engine === 'ripgrep' && !rg) this.skip(); // no ripgrep on this machine: the walk is covered above
      f = makeFixture({ ripgrep: engine === 'ripgrep' ? rg : undefined });
    });
    afterEach(() => f?.cleanup());

    it('finds a literal', async () => {
      const a = await f.call('searchText', { query: 'needle' });
      assert.equal(a.status, 'ok', a.text);
      assert.match(a.text, /docs\/guide\.md:2: searchable needle here/);
    });

    it('returns masked hit lines and skips files the policy does not let agents read', async () => {
      const a = await f.call('searchText', { query: 'githubToken' });
      assert.equal(a.status, 'ok', a.text);
      assert.match(a.text, /src\/config\.ts:2: export const githubToken = '«secret:/);
      assert.ok(!a.text.includes(f.token));
      const env = await f.call('searchText', { query: 'GITHUB_TOKEN' });
      assert.ok(!env.text.includes('.env:'), env.text);
      assert.match(env.text, /Files the policy does not let agents read were left out/);
    });

    it('is not an oracle on files it may not read: a regex that matches .env and one that does not get the same reply', async () => {
      const c = f.token[4];
      const wrong = c === 'A' ? 'B' : 'A';
      const ask = (ch: string) => f.call('searchText', { query: `^GITHUB_TOKEN=gh.?_${ch}[A-Za-z0-9]{35}$`, isRegex: true, ignoreCase: false });
      const right = await ask(c);
      const other = await ask(wrong);
      assert.equal(right.status, 'ok', right.text);
      assert.equal(right.text, other.text);
      assert.ok(!right.text.includes(f.token.slice(4)), right.text);
      // With the result limit at one, a hidden file's matches must not crowd out a readable hit either.
      // (The walk visits a folder's files before its subfolders: the hidden file's lines come first.)
      fs.writeFileSync(path.join(f.ws, '.env.many'), `GITHUB_TOKEN=${f.token}\n`.repeat(20));
      fs.mkdirSync(path.join(f.ws, 'z'));
      fs.writeFileSync(path.join(f.ws, 'z/zz.txt'), 'GITHUB_TOKEN=\n');
      const few = (q: string) => f.call('searchText', { query: q, isRegex: true, maxResults: 1 });
      const a = await few(`^GITHUB_TOKEN=($|gh.?_${c})`);
      const b = await few(`^GITHUB_TOKEN=($|gh.?_${wrong})`);
      assert.match(a.text, /z\/zz\.txt:1: GITHUB_TOKEN=/);
      assert.equal(a.text, b.text);
    });

    it('is not an oracle: searching for part of a secret finds nothing', async () => {
      const a = await f.call('searchText', { query: f.token.slice(0, 12) });
      assert.equal(a.status, 'ok', a.text);
      assert.ok(a.text.startsWith('No matches.'), a.text);
      assert.ok(!a.text.includes(f.token.slice(0, 12)));
    });

    it('honours include and path', async () => {
      const a = await f.call('searchText', { query: 'export', include: '*.md' });
      assert.ok(a.text.startsWith('No matches.'), a.text);
      const b = await f.call('searchText', { query: 'export', path: 'src' });
      assert.match(b.text, /src\/app\.ts:1:/);
      assert.ok(!b.text.includes('tests/'));
    });

    it('refuses an invalid regular expression with the parser message', async () => {
      const a = await f.call('searchText', { query: '(', isRegex: true });
      assert.equal(a.status, 'refused');
      assert.match(a.text, /not a valid regular expression/);
    });
  });
}
