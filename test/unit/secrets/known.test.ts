// The workspace's own secret values found in a tool's output in encodings no pattern rule recognises
// (core/secrets/known.ts), and the after-hook masking them (node/hookBridge/knownSecrets.ts) on a real workspace.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KnownSecrets, valuesOfSecretFile } from '../../../src/core/secrets/known';
import { CLI } from '../helpers/cli';

// Built at run time: no credential-shaped literal in the repository.
const V = ['sk', 'proj', 'Zq8xW2mN4pR7tY1uK9vB3cD6'].join('-');
const rot13 = (s: string) => s.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.charCodeAt(0) - (c <= 'Z' ? 65 : 97) + 13) % 26) + (c <= 'Z' ? 65 : 97)));
const hex = Buffer.from(V).toString('hex');
const FORMS: Record<string, string> = {
  hex: `out: ${hex}\n`,
  'hex upper': hex.toUpperCase(),
  'hex spaced': hex.match(/../g)!.join(' '),
  'hex colons': hex.match(/../g)!.join(':'),
  'hex \\x': hex
    .match(/../g)!
    .map((x) => '\\x' + x)
    .join(''),
  reversed: [...V].reverse().join(''),
  spaced: [...V].join(' '),
  'split over two lines': V.slice(0, 15) + '\n' + V.slice(15),
  'upper-cased': V.toUpperCase(),
  '\\u escapes': [...V].map((c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')).join(''),
  rot13: rot13(V),
  'HTML entities': [...V].map((c) => `&#${c.charCodeAt(0)};`).join(''),
  'octal escapes': [...Buffer.from(V)].map((b) => '\\' + b.toString(8).padStart(3, '0')).join(''),
  'first half': `src/config.ts:${V.slice(0, 14)}`,
  'second half': V.slice(14),
  'base64, offset 2': Buffer.from('xx' + V).toString('base64'),
  'URL-encoded bytes': [...Buffer.from(V)].map((b) => '%' + b.toString(16)).join(''),
};

describe('KnownSecrets', () => {
  const k = new KnownSecrets([V, 'production', 'localhost']);
  for (const [name, text] of Object.entries(FORMS))
    it(`masks the value ${name}`, () => {
      const m = k.mask(text);
      assert.ok(m.masked > 0 && m.text.includes('«secret:known-secret#1»'), m.text);
      assert.equal(m.text.split('\n').length, text.split('\n').length);
    });
  it('leaves other text byte-identical (common, low-entropy values are not searched)', () => {
    const t = 'production build on localhost:8080 done\r\nall good\n' + hex.slice(0, 10);
    assert.equal(k.mask(t).text, t);
  });
});

describe('valuesOfSecretFile: values, never names', () => {
  // The names of a secret file's lines are no secrets: searched for, `AWS_ACCESS_KEY_ID` masked the label
  // `AccessKeyId` of every `aws sts` output (and the words of every other name) while the value stayed.
  const id = ['AK', 'IA', 'Q7RZ3N5K2W4X6Y8V'].join('');
  const file = `AWS_ACCESS_KEY_ID=${id}\nDATABASE_PASSWORD_FALLBACK: ${V}\nexport GITHUB_TOKEN_FOR_CI="${V}x"\nSTANDALONE_NAME_ONLY\n`;
  it('keeps each value and drops each name', () => {
    const vs = valuesOfSecretFile(file);
    assert.ok(vs.includes(id) && vs.includes(V) && vs.includes(V + 'x'), vs.join(' '));
    for (const name of ['AWS_ACCESS_KEY_ID', 'DATABASE_PASSWORD_FALLBACK', 'GITHUB_TOKEN_FOR_CI', 'STANDALONE_NAME_ONLY'])
      assert.ok(!vs.includes(name), `${name} taken as a value: ${vs.join(' ')}`);
  });
  it('an output naming the key is left alone; the value in it is masked', () => {
    const k = new KnownSecrets(valuesOfSecretFile(file));
    const out = `AccessKeyId: ${id}\nDatabase password fallback is set\n`;
    const m = k.mask(out);
    assert.equal(m.text, `AccessKeyId: «secret:known-secret#1»\nDatabase password fallback is set\n`);
  });
});

describe('after-hook: known secret values masked in any encoding (real workspace, CLI)', () => {
  let ws: string;
  before(() => {
    ws = realpathSync(mkdtempSync(join(tmpdir(), 'ag-known-')));
    writeFileSync(join(ws, '.env'), `API_KEY=${V}\n`);
    mkdirSync(join(ws, 'src'));
    writeFileSync(join(ws, 'src/app.ts'), 'export const a = 1;\n');
  });
  after(() => rmSync(ws, { recursive: true, force: true }));
  for (const name of ['hex', 'reversed', 'split over two lines', 'rot13', 'octal escapes'])
    it(`Claude Code Bash output with the .env value ${name} is replaced`, () => {
      const payload = {
        session_id: 's',
        hook_event_name: 'PostToolUse',
        cwd: ws,
        tool_name: 'Bash',
        tool_input: { command: 'node scripts/dump.js' },
        tool_response: { stdout: FORMS[name], stderr: '', interrupted: false, isImage: false },
      };
      const r = spawnSync(process.execPath, [CLI, 'hook', '--host', 'claude', '--event', 'post', '--workspace', ws], {
        input: JSON.stringify(payload),
        encoding: 'utf8',
        cwd: ws,
      });
      const core = FORMS[name].replace(/\s/g, '').slice(0, 16);
      assert.ok(r.stdout.includes('updatedToolOutput'), r.stdout + r.stderr);
      assert.ok(!r.stdout.includes(core), r.stdout);
    });
});
