// mask26: secrets whose place a structure names (dump-context): GnuPG agent keys, pg_dump COPY rows, MySQL with
// `\040` blanks, redis CONFIG SET, nginx/Apache directives, password-manager exports, escaped JSON, JWT secrets as
// JSON, PHP sessions, NuGet apikeys, PHP salts, ANSI-coloured names. Variants beyond the red team's own lines.
// Every value is built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, HEX, rand } from '../../../src/core/secrets/samples';
import { keeps, leaks, masks } from './helpers';

let seed = 0x26d0a5;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
const pw = () => 'Rk' + rs(ALNUM, 6) + '!' + rs(ALNUM, 6);

describe('GnuPG agent key files', () => {
  it('masks the private parts of RSA and ECC keys, keeps the public ones', () => {
    const [n, d, p, q, u] = [rs(HEX, 128), rs(HEX, 128), rs(HEX, 64), rs(HEX, 64), rs(HEX, 64)];
    const text = `Created: 20261203T101500\nKey: (private-key (rsa (n #00${n}#)\n (e #010001#)\n (d #${d}#)\n (p #00${p}#)\n (q #00${q}#)\n (u #${u}#)))`;
    const r = maskText(text);
    for (const s of [d, p, q, u]) assert.ok(!leaks(r.text, s));
    assert.ok(r.text.includes('(e #010001#)'));
    const ed = rs(HEX, 64);
    masks(`(private-key (ecc (curve Ed25519)(flags eddsa)\n  (q #40${rs(HEX, 64)}#)\n  (d #${ed}#)))`, [ed]);
    keeps(`(public-key (rsa (n #00${rs(HEX, 64)}#)(e #010001#)))`);
  });
});

describe('pg_dump COPY rows', () => {
  it('masks the field the column list names in every row up to \\.', () => {
    const [t1, t2, p1] = [rs(ALNUM, 40), rs(HEX, 64), pw()];
    masks(
      `COPY public.api_tokens (id, user_id, token, created_at) FROM stdin;\n1\t42\t${t1}\t2026-11-30 10:00:00\n2\t43\t${t2}\t2026-11-30 11:00:00\n\\.\nSELECT 1;`,
      [t1, t2],
    );
    masks(`COPY auth.accounts (login, "secret_key", note) FROM stdin;\nops\t${p1}\tfirst\nbot\t\\N\tnone\n\\.`, [p1]);
  });
  it('keeps rows whose columns are no secrets and the rows after \\.', () => {
    keeps('COPY public.users (id, email, name, token_expires_at) FROM stdin;\n1\ta@acme.io\tAda\t2026-01-01\n\\.\n1\t2\t3');
  });
});

describe('MySQL history and redis', () => {
  it('masks SET PASSWORD, GRANT and CREATE USER with \\040 blanks', () => {
    const [a, b, c] = [pw(), pw(), pw()];
    masks(`SET\\040PASSWORD\\040=\\040PASSWORD('${a}');`, [a]);
    masks(`CREATE\\040USER\\040'ro'@'localhost'\\040IDENTIFIED\\040WITH\\040mysql_native_password\\040BY\\040'${b}';`, [b]);
    masks(`ALTER USER 'app'@'%' IDENTIFIED BY '${c}';`, [c]);
  });
  it('masks redis CONFIG SET requirepass / masterauth', () => {
    const [a, b] = [pw(), pw()];
    masks(`config set requirepass "${a}"`, [a]);
    masks(`127.0.0.1:6379> CONFIG SET masterauth ${b}`, [b]);
    keeps('CONFIG SET maxmemory-policy allkeys-lru');
  });
});

describe('server directives apart by blanks', () => {
  it('masks nginx fastcgi/uwsgi params, set $var and Apache SetEnv under secret names', () => {
    const [a, b, c] = [pw(), rs(ALNUM, 32), pw()];
    masks(`    uwsgi_param STRIPE_SECRET_KEY ${b};`, [b]);
    masks(`set $auth_token "${rs(ALNUM, 4)}${a}";`, [a]);
    masks(`SetEnv DB_PASSWORD "${c}"`, [c]);
  });
  it('keeps directives with references and non-secret names', () => {
    keeps('fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;');
    keeps('set $backend_host api.internal;');
    keeps('SetEnv APP_ENV production');
    keeps('fastcgi_param HTTP_AUTHORIZATION $http_authorization;');
  });
});

describe('password-manager exports', () => {
  it('masks KeePass passwords (also with Key and Value on separate lines) and a Bitwarden totp', () => {
    const [a, b] = [pw(), pw()];
    masks(`<String><Key>Password</Key><Value ProtectInMemory="True">${a}</Value></String>`, [a]);
    masks(`<String>\n  <Key>Password</Key>\n  <Value>${b}</Value>\n</String>`, [b]);
    const t = rs('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 32);
    masks(`  "totp": "otpauth://totp/acme:ops?secret=${t}&issuer=acme"`, [t]);
    keeps('<String><Key>URL</Key><Value>https://vault.acme.io</Value></String>');
    keeps('  "totp": null,');
  });
});

describe('escaped JSON, JWT secrets as JSON, PHP sessions', () => {
  it('masks a secret in JSON escaped once or twice, whatever its characters', () => {
    const [a, b] = [pw() + '#+%', rs(ALNUM, 40)];
    masks(`INFO payload="{\\"user\\":\\"ops\\",\\"db_password\\":\\"${a}\\"}"`, [a]);
    masks(`"{\\\\\\"accessToken\\\\\\":\\\\\\"${b}\\\\\\"}"`, [b]);
    keeps('INFO payload="{\\"user\\":\\"ops\\",\\"status\\":\\"ok\\"}"');
  });
  it('masks a JWT secret given as JSON', () => {
    const k = rs(ALNUM, 40);
    masks(`JWT_SECRET='{"type":"HS512","key":"${k}","claims_namespace":"x"}'`, [k]);
    keeps(`JWT_SECRET='{"type":"RS256","jwk_url":"https://acme.io/.well-known/jwks.json"}'`);
  });
  it('masks a PHP session token and a redis session key', () => {
    const [a, b] = [rs(HEX, 64), rs(ALNUM, 32)];
    masks(`_token|s:40:"${b}";user|i:7;flash|a:0:{}`, [b]);
    masks(`a:2:{s:12:"access_token";s:64:"${a}";s:4:"role";s:5:"admin";}`, [a]);
    const sid = rs(ALNUM, 32);
    masks(`"GET" "sess:${sid}"`, [sid]);
    keeps('user|s:3:"ada";role|s:5:"admin";');
  });
});

describe('NuGet apikeys, PHP salts, ANSI colour codes', () => {
  it('masks an API key stored under a feed URL and a salt in a settings array', () => {
    const [a, b] = [rs(ALNUM, 46), rs(ALNUM, 43)];
    masks(`<apikeys>\n  <add key="https://nuget.pkg.github.com/acme/index.json" value="${a}" />\n</apikeys>`, [a]);
    masks(`$config['system.site']['cookie_salt'] = "${b}";`, [b]);
    keeps('<packageSources>\n  <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />\n</packageSources>');
  });
  it('masks a value after a name between ANSI colour codes', () => {
    const a = rs(ALNUM, 40);
    masks(`\x1b[1;32mDATABASE_PASSWORD\x1b[0m=${a}`, [a]);
    keeps('\x1b[32mNODE_ENV\x1b[39m: production');
  });
});

describe('a table word for no value is none', () => {
  it('keeps (none) in a TSV secret column, masks a value beside it', () => {
    keeps('service\towner\tsecret\tnotes\nlegacy-cron\tops\t(none)\t-\n');
    const a = rs(ALNUM, 32);
    masks(`service\towner\tsecret\tnotes\nbilling\tops\t${a}\t-\nlegacy-cron\tops\t(none)\t-`, [a]);
  });
});
