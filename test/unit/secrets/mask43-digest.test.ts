// Blind red team rt21mask (session 43): HTTP Digest authentication's response hash (rules/digest-response.ts).
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { HEX, rand } from '../../../src/core/secrets/samples';
import { checkKeptAndHidden, keeps } from './helpers';

let seed = 0x43fc0;
const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);
const check = checkKeptAndHidden;

describe('rt21mask: an HTTP Digest response hash', () => {
  it('response="<md5>" in a curl header (the kit), SHA-256 in a JSON log, Proxy-Authorization', () => {
    const [a, b, c] = [rs(HEX, 32), rs(HEX, 64), rs(HEX, 32)];
    check(
      `curl -H 'Authorization: Digest username="ops", realm="ledger", nonce="x", uri="/", response="${a}"' https://ledger.example\n` +
        `{"headers":{"authorization":"Digest username=\\"ops\\", realm=\\"api\\", algorithm=SHA-256, nonce=\\"7ypf\\", uri=\\"/\\", qop=auth, nc=00000001, cnonce=\\"0a4f\\", response=\\"${b}\\""}}\n` +
        `Proxy-Authorization: Digest username="u", realm="r", nonce="n", uri="/", response="${c}", opaque="5ccc069c"\n`,
      [],
      [a, b, c],
    );
  });
  it('the server challenge and a response that is a reference stay; the username and realm are kept', () => {
    keeps('WWW-Authenticate: Digest realm="api", qop="auth", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"\n');
    const r = maskText(`Authorization: Digest username="ops", realm="ledger", nonce="x", uri="/", response="${rs(HEX, 32)}"\n`);
    assert.match(r.text, /username="ops", realm="ledger", nonce="x", uri="\/", response="«secret:digest-response#1»"/);
  });
});
