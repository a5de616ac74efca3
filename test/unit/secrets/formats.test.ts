// Config and system file formats whose secrets no secret-named key announces (red-team classes): each file
// is masked line for line, every secret line loses its value, every other line stays byte-identical. The
// fake values are built here at run time (no format-valid credential is stored in the repository).
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, B64, B64URL, HEX, j, rand } from '../../../src/core/secrets/samples';
import { leaks, linesOf } from './helpers';

const uuid = () => [8, 4, 4, 4, 12].map((n) => rand(HEX, n)).join('-');
const CRYPT = './' + ALNUM;

/** `@S` marks a secret line (the values after it must not survive); every other line must be kept. */
function check(name: string, rows: [string, ...string[]][]): void {
  it(name, () => {
    const text = rows.map((r) => r[0]).join('\n') + '\n';
    const out = linesOf(maskText(text).text);
    assert.equal(out.length, rows.length, 'line count');
    rows.forEach(([line, ...secrets], i) => {
      if (secrets.length === 0) assert.equal(out[i], line, `line ${i + 1} changed: ${out[i]}`);
      else {
        assert.notEqual(out[i], line, `line ${i + 1} kept: ${line}`);
        for (const s of secrets) assert.ok(!leaks(out[i]!, s), `line ${i + 1} leaks: ${out[i]}`);
      }
    });
  });
}

describe('config and system file formats', () => {
  const gossip = rand(B64, 43) + '=';
  const [t1, t2, t3] = [uuid(), uuid(), rand(HEX, 32)];
  check('Consul / Nomad: the gossip key and the ACL tokens under tokens {}; node ids kept', [
    ['datacenter = "dc1"'],
    [`encrypt = "${gossip}"`, gossip],
    ['encrypt_verify_incoming = true'],
    [`node_id = "${uuid()}"`],
    ['acl {'],
    ['  tokens {'],
    [`    agent   = "${t1}"`, t1],
    [`    default = "${t2}"`, t2],
    [`    initial_management = "${t3}"`, t3],
    ['  }'],
    ['}'],
  ]);

  const d = rand(B64URL, 342);
  const p = rand(B64URL, 171);
  const k = rand(B64URL, 43);
  check('JWK: private members masked, public members and kid kept', [
    ['{"keys": ['],
    ['  {'],
    ['    "kty": "RSA",'],
    [`    "kid": "${rand(B64URL, 43)}",`],
    [`    "n": "${rand(B64URL, 342)}",`],
    ['    "e": "AQAB",'],
    [`    "d": "${d}",`, d],
    [`    "p": "${p}",`, p],
    [`    "dq": "${p.slice(5)}abcde",`, p.slice(5)],
    ['  },'],
    [`  {"kty": "oct", "kid": "hmac-1", "k": "${k}"},`, k],
    [`  {"kty": "EC", "crv": "P-256", "x": "${rand(B64URL, 43)}", "y": "${rand(B64URL, 43)}"}`],
    [']}'],
  ]);

  const [rp, ma, acl] = [rand(ALNUM, 22), rand(ALNUM, 20), rand(ALNUM, 18)];
  check('redis: requirepass, masterauth and an ACL >password; the commented default kept', [
    ['port 6379'],
    [`requirepass ${rp}`, rp],
    [`masterauth ${ma}`, ma],
    ['# requirepass foobared'],
    ['masteruser replica'],
    [`user worker on >${acl} ~jobs:* +@all`, acl],
    ['user default on nopass ~* +@all'],
  ]);

  const [psk, hexpsk] = [rand(ALNUM, 20), rand(HEX, 64)];
  check('Wi-Fi: wpa_supplicant and NetworkManager psk=, psk-flags kept', [
    ['network={'],
    ['    ssid="Home"'],
    [`    psk="${psk}"`, psk],
    ['    key_mgmt=WPA-PSK'],
    ['}'],
    [`psk=${hexpsk}`, hexpsk],
    ['psk-flags=1'],
  ]);

  const bc = '$2y$10$' + rand(CRYPT, 53);
  const sha = '$6$' + rand(ALNUM, 16) + '$' + rand(CRYPT, 86);
  const ssha = '{SHA}' + rand(B64, 27) + '=';
  const my = '*' + rand('0123456789ABCDEF', 40);
  const argon = '$argon2id$v=19$m=65536,t=3,p=4$' + rand(B64, 22) + '$' + rand(B64, 43);
  check('password hashes: .htpasswd, shadow, SQL dumps; locked accounts and prose kept', [
    [`alice:${bc}`, bc.slice(7)],
    [`carol:${ssha}`, ssha.slice(5)],
    [`root:${sha}:19700:0:99999:7:::`, sha.slice(3)],
    ['daemon:*:19700:0:99999:7:::'],
    ['nobody:!:19700:0:99999:7:::'],
    [`INSERT INTO \`user\` VALUES ('localhost','root','${my}','Y');`, my.slice(1)],
    [`INSERT INTO accounts VALUES (7, 'b@example.com', '${argon}');`, argon.slice(31)],
    ['-- bcrypt hashes look like $2y$10$<salt><hash>'],
    ['echo "$1$2"'],
  ]);

  const jenkins = '{AQAAABAAAAAQ' + rand(B64, 64) + '}';
  check('Jenkins credentials.xml: encrypted secrets masked, ids kept', [
    ['<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>'],
    ['  <id>deploy</id>'],
    [`  <password>${jenkins}</password>`, jenkins.slice(13, -1)],
    ['</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>'],
  ]);

  const [sid, sess, js] = [rand('abcdefghijklmnopqrstuvwxyz0123456789', 32), rand(B64URL, 64), rand('0123456789ABCDEF', 32)];
  check('session cookies in logs; cookie names, attributes and non-secret cookies kept', [
    [`10:00:01 GET /me Cookie: sessionid=${sid}; theme=dark`, sid],
    [`10:00:02 Set-Cookie: session=${sess}; Path=/; HttpOnly; Secure`, sess],
    [`10:00:03 Set-Cookie: JSESSIONID=${js}; Path=/app`, js],
    ['10:00:04 Set-Cookie: theme=dark; Path=/'],
    ['10:00:05 the Set-Cookie header carries the session id'],
  ]);

  const v = [
    j('pscale', '_pw_', rand(B64URL, 43)),
    j('rn', 'd_', rand(ALNUM, 32)),
    j('nf', 'p_', rand(ALNUM, 36)),
    j('dp', '.st.', 'prd.', rand(ALNUM, 43)),
    j('sk-', 'or-v1-', rand(HEX, 64)),
  ];
  check('vendor tokens of the long tail under names that say nothing', [
    ['items:'],
    ...v.map((t) => [`  - value: ${t}`, t.slice(8)] as [string, string]),
    ['  - value: pscale_pw_<your-password>'],
  ]);
});
