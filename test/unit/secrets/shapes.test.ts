// Unquoted values whose shape once passed for code or a path: a password with a `.` read as member
// access, letters only read as an identifier, a bracket read as a call, a key starting with `/` read as
// a path, a `;` or `'` that cut a .env value short. Each shape is generated many times (fixed seeds),
// beside the code and YAML lines the same checks must still keep.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { isWordyIdentifier } from '../../../src/core/secrets/entropy';
import { ALNUM, B64, LETTERS, prng, rand } from '../../../src/core/secrets/samples';
import { assertMasked, buildCase, checkMasked, type Case } from './helpers';

const N = 60;
let seed = 1;
const r = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 104729);
/** A run that starts with a letter (what the identifier and member-access shapes need). */
const word = (n: number) => r(LETTERS, 1) + r(ALNUM, n - 1);

function cases(): Case[] {
  const out: Case[] = [];
  for (let k = 0; k < N; k++) {
    const dotted = `${word(9)}.${word(10)}`;
    const semi = `${r(ALNUM, 9)};${r(ALNUM, 10)}`;
    const quote = `${r(ALNUM, 9)}'${r(ALNUM, 10)}`;
    const paren = `${r(ALNUM, 8)}(${r(ALNUM, 5)})${r(ALNUM, 6)}`;
    const brace = `${r(ALNUM, 8)}{${r(ALNUM, 5)}${r(ALNUM, 6)}`;
    const slash = '/' + r(ALNUM, 20) + '/' + r(B64.replace('+', ''), 22);
    const typed = r(ALNUM, 24);
    out.push(
      buildCase(`unquoted shapes #${k}`, [
        [`DB_PASSWORD=${dotted}`, 'S', dotted],
        [`spring.datasource.password=${dotted}`, 'S', dotted],
        [`DB_PASSWORD=${semi}`, 'S', semi],
        [`      - DB_PASSWORD=${semi}`, 'S', semi],
        [`DB_PASSWORD=${quote}`, 'S', quote],
        [`DB_PASSWORD=${paren}`, 'S', paren],
        [`  password: ${brace}`, 'S', brace],
        [`jwt.secret=${slash}`, 'S', slash],
        [`api_token: str = "${typed}"`, 'S', typed],
        // What the same checks keep: code, references, YAML aliases and tags, ARNs, templates.
        ['password = config.db.password', 'K'],
        ['  token: this.tokenService.current(user),', 'K'],
        ['  api_key: Rails.application.credentials.dig(:stripe, :secret_key),', 'K'],
        ['const token = await fetchToken(user);', 'K'],
        ['password = getpass.getpass("Password: ")', 'K'],
        ['password=getpass()', 'K'],
        ['secret=os.urandom(32)', 'K'],
        ['  secret = clientSecret', 'K'],
        ['                    secret: serializedIdT.secret,', 'K'],
        ['  apiKey: config.api_key', 'K'],
        ['\t\tconst paramKey = this.#matchResult[0][this.routeIndex]?.[1][key];', 'K'],
        ['    keys = map(flatten$1(keys, false, false), String);', 'K'],
        ['    const tokenValue = collectASequenceOfBytes(', 'K'],
        ['    var signature = buffer.readUInt32LE(0);', 'K'],
        ['          var token = this$1$1.getToken();', 'K'],
        // Python from the standard library and dist-packages that an earlier version of these checks masked.
        ['        key = self._lib.d2i_PrivateKey_bio(bio_data.bio, self._ffi.NULL)', 'K'],
        ['                nid_key = self._lib.NID_pbe_WithSHA1And3_Key_TripleDES_CBC', 'K'],
        ['        private_key = ed25519.Ed25519PrivateKey.from_private_bytes(secret)', 'K'],
        ['        self, private_key: ed25519.Ed25519PrivateKey, f_priv: _FragList', 'K'],
        ['                            key_password=certs[0][2],', 'K'],
        ['            access_token=AccessToken("access.key", "access.secret"),', 'K'],
        ['                 request_token=request.resource_owner_key):', 'K'],
        ['                                                   exclude_oauth_signature=False)', 'K'],
        ['                       resource_owner_secret: str = None):', 'K'],
        ['                proxy_password=self._socks_options["password"],', 'K'],
        ['  password: *default_password', 'K'],
        ['  password: !env_var DB_PASSWORD', 'K'],
        ['  db_password: !vault |', 'K'],
        ['DB_SECRET_ARN=arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-AbCdEf', 'K'],
        ['SHOPIFY_TOKEN=shpat_<token>', 'K'],
        ['DB_PASSWORD_FILE=/run/secrets/db_password', 'K'],
        ['api_token: str = os.environ["API_TOKEN"]', 'K'],
      ]),
    );
  }
  return out;
}

describe('secret values in code-like and path-like shapes (generated)', () => {
  const all = cases();
  it(`masks every secret shape and keeps every code line, ${N} times over`, () => {
    for (const c of all) assertMasked(c, maskText(c.text).text);
  });
  it('(checker self-test) fails every secret line left unmasked', () => {
    for (const c of all) assert.equal(checkMasked(c, c.text).length, c.secretLines.size);
  });
});

// Where a value may be code (a YAML-looking line is also a JS object member: `password: config.db.password`),
// the dotted and letters-only shapes are told apart from names by isWordyIdentifier, which a random
// run fails most of the time, not always (letters only, even in a literal: `API_TOKEN=accessTokenValue`
// is a name): the rate is what is held.
describe('secret values that may be code: dotted and letters-only (rates)', () => {
  it('masks at least 97% of 500 passwords of either shape (YAML, .env), and keeps the member access beside them', () => {
    let masked = 0;
    for (let k = 0; k < 500; k++) {
      const v = k % 2 === 0 ? `${word(9)}.${word(10)}` : r(LETTERS, 20);
      const line = k % 4 < 2 ? `  password: ${v}` : `API_TOKEN=${v}`;
      const c = buildCase(`#${k}`, [
        [line, 'S', v],
        ['  password: config.db.password', 'K'],
        ['  token: this.tokenService.current', 'K'],
      ]);
      const p = checkMasked(c, maskText(c.text).text);
      assert.ok(
        p.every((x) => !x.includes('must be kept')),
        p.join('\n'),
      );
      if (p.length === 0) masked++;
    }
    assert.ok(masked >= 485, `${masked} of 500 masked`);
  });
});

describe('isWordyIdentifier', () => {
  it('takes names as people write them', () => {
    for (const s of [
      's3Client',
      'mPassword',
      'xApiKey',
      'XMLHttpRequest',
      'JSONWebKey',
      'apiKey',
      'SECRET_KEY',
      'db_password',
      'dbPassword2',
      'getAPIKey',
      'OAuth2Client',
      'userId',
      'DBPassword',
      'HttpClient',
      'getSqlPassword',
      'passwordInput',
      'accessToken',
      'clientSecret',
      'AES_256_GCM',
      '_privateKey',
      '$scope',
    ]) {
      assert.ok(isWordyIdentifier(s), s);
    }
  });
  it('refuses random runs: under 5% at 16 characters, under 2% at 20', () => {
    const next = prng(7);
    for (const [n, most] of [
      [16, 0.05],
      [20, 0.02],
    ] as const) {
      let yes = 0;
      for (let i = 0; i < 5000; i++) {
        const s = rand(LETTERS, 1, Math.floor(next() * 1e9)) + rand(ALNUM, n - 1, Math.floor(next() * 1e9));
        if (isWordyIdentifier(s)) yes++;
      }
      assert.ok(yes / 5000 < most, `${n} characters: ${yes} of 5000 pass`);
    }
  });
});
