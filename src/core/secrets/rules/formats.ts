// Secrets that configuration and system files hold under names no line rule calls secret, or in shapes
// that name themselves: a Consul/Nomad gossip key (`encrypt = "…"`) and the ACL tokens under `tokens {}`
// (`agent = "…"`), a JSON Web Key's private members (`"d"`, `"p"`, `"k"` beside `"kty"`), redis'
// `requirepass`/`masterauth` and ACL `>password`, a Wi-Fi pre-shared key (`psk=`), password hashes
// (crypt(3) `$6$…`, bcrypt `$2y$…`, argon2, LDAP `{SSHA}`, MySQL `*…`) in
// .htpasswd, /etc/shadow and SQL dumps, Jenkins' encrypted secrets (`{AQAAAB…}`), and session cookies
// in `Cookie:` / `Set-Cookie:` headers of logs. A password hash is an offline-cracking target and a
// pass-the-hash credential; a session cookie is a live login.
// Threat: each of these reached the model's view in full through `agentguard mask`.
// Every rule is gated on a literal its files must hold, so a text without one costs one indexOf.
import { isPlaceholder, isReference, randomPartOk, valueLooksSecret } from '../entropy';
import { ALNUM, B64, B64URL, HEX, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../types';
import { enclosingObject, lineOfPos } from './structure';

/** Above the generic assignment (2), below vendor formats (0): these spans are the whole value. */
const PRIORITY = 1;

let seed = 0xf0a7;
const r = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);

function add(out: BlockOutput, line: number, start: number, end: number, rule: string): void {
  if (end <= start) return;
  const hit: Hit = { start, end, rule, priority: PRIORITY };
  const list = out.hits.get(line);
  if (list === undefined) out.hits.set(line, [hit]);
  else list.push(hit);
}

/** Masks `[s, e)` of the text, a span on one line. */
function mark(out: BlockOutput, index: LineIndex, s: number, e: number, rule: string): void {
  const starts = index.starts();
  const li = lineOfPos(starts, s);
  add(out, li, s - starts[li]!, e - starts[li]!, rule);
}

/** A value a config names by position or format, not by a secret word: not empty, not a reference or placeholder. */
function concrete(v: string): boolean {
  return v.length >= 6 && !isReference(v) && !isPlaceholder(v);
}

// --- Consul / Nomad gossip encryption key ---

/** `encrypt = "…"` (HCL), `"encrypt": "…"` (JSON), `encrypt: …` (YAML), `-encrypt=…` / `-encrypt …` (a flag). */
const ENCRYPT = /encrypt["']?(?:[ \t]*[=:][ \t]*|[ \t]+)["']?([A-Za-z0-9+/]{20,}={0,2})["']?/g;
/** What may stand before the name: a line start, a blank, `{` `,` `(`, a quote or the flag's dash. (A regex starting with that alternation tried every position.) */
function nameStartsAt(text: string, i: number): boolean {
  let k = i - 1;
  const q = text.charCodeAt(k);
  if (q === 34 || q === 39 || q === 45) k--;
  if (k < 0) return true;
  const c = text.charCodeAt(k);
  return c === 10 || c === 13 || c === 32 || c === 9 || c === 123 || c === 44 || c === 40;
}

/** Base64 of a 16-, 24- or 32-byte key: the sizes Serf's keyring accepts. */
function gossipKeyShape(v: string): boolean {
  const bytes = Math.floor((v.replace(/=+$/, '').length * 3) / 4);
  return (bytes === 16 || bytes === 24 || bytes === 32) && randomPartOk(v);
}

export const gossipKey: BlockRule = {
  id: 'gossip-key',
  description: 'Consul / Nomad / Serf gossip encryption key (encrypt = "<base64 of 16/24/32 bytes>")',
  gate: 'encrypt',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    ENCRYPT.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = ENCRYPT.exec(text)) !== null) {
      const v = m[1]!;
      if (!nameStartsAt(text, m.index) || !gossipKeyShape(v)) continue;
      const s = m.index + m[0].indexOf(v, m[0].length - v.length - 2);
      mark(out, index, s, s + v.length, 'gossip-key');
    }
  },
  samples: () => {
    const k = r(B64, 43) + '=';
    const k2 = r(B64, 22) + '==';
    return {
      truePositives: [
        { text: `datacenter = "dc1"\nencrypt = "${k}"\n`, secrets: [k] },
        { text: `{\n  "encrypt": "${k2}",\n  "encrypt_verify_incoming": true\n}\n`, secrets: [k2] },
        { text: `consul agent -server -encrypt=${k} -data-dir=/opt/consul\n`, secrets: [k] },
      ],
      falsePositives: ['encrypt = true\nencrypt_verify_outgoing = false\n', '"encrypt": "${CONSUL_GOSSIP_KEY}"\n', 'encrypt: aes256gcm\n'],
    };
  },
};

// --- Consul ACL tokens under `tokens {}` ---

/** `tokens {` (HCL) or `"tokens": {` (JSON): the block whose every string value is a token. */
const TOKENS_OPEN = /tokens["']?[ \t]*[=:]?[ \t]*\{/g;
/** A member of that block: `name = "value"` or `"name": "value"`. */
const MEMBER = /["']?([A-Za-z_][\w-]*)["']?[ \t]*[=:][ \t]*"([^"\r\n]*)"/g;

export const consulAclTokens: BlockRule = {
  id: 'consul-acl-token',
  description: 'Consul ACL tokens in the agent config `tokens { agent = "…", default = "…" }`',
  gate: 'tokens',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    TOKENS_OPEN.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = TOKENS_OPEN.exec(text)) !== null) {
      if (!nameStartsAt(text, m.index)) continue;
      const from = m.index + m[0].length;
      // The block's end: the first `}` (its members are flat strings).
      const close = text.indexOf('}', from);
      if (close < 0 || close - from > 4096) continue;
      const body = text.slice(from, close);
      if (body.includes('{')) continue;
      MEMBER.lastIndex = 0;
      let v: RegExpExecArray | null;
      while ((v = MEMBER.exec(body)) !== null) {
        const value = v[2]!;
        if (!concrete(value) || !randomPartOk(value.replace(/-/g, ''))) continue;
        const s = from + v.index + v[0].length - 1 - value.length;
        mark(out, index, s, s + value.length, 'consul-acl-token');
      }
    }
  },
  samples: () => {
    const u = () => [8, 4, 4, 4, 12].map((n) => r(HEX, n)).join('-');
    const a = u();
    const d = u();
    const h = r(HEX, 32);
    return {
      truePositives: [
        { text: `acl {\n  enabled = true\n  tokens {\n    agent   = "${a}"\n    default = "${d}"\n  }\n}\n`, secrets: [a, d] },
        { text: `{"acl": {"tokens": {\n  "agent": "${a}",\n  "initial_management": "${h}"\n}}}\n`, secrets: [a, h] },
      ],
      falsePositives: [
        'acl {\n  tokens {\n    agent = "${CONSUL_AGENT_TOKEN}"\n  }\n}\n',
        'limits {\n  max_tokens = 10\n}\ntokens = { kind = "bpe", size = "small" }\n',
      ],
    };
  },
};

// --- JSON Web Key private members ---

/** A key's members; the private ones are masked, the public ones (`n`, `e`, `x`, `y`, `kid`) kept. */
// A member's value is base64url; a writer that pads it (`…=`) or uses the standard alphabet (`+`, `/`) still writes the key.
const JWK_MEMBER = /(?<![\w$])(["']?)(d|p|q|dp|dq|qi|k|oth|r|t)\1[ \t]*[:=][ \t]*(["']?)([A-Za-z0-9_+/-]{16,}={0,2})\3/g;

/** The span of the object or YAML mapping holding a `kty` at `pos`. */
function jwkScope(text: string, pos: number): [number, number] {
  // JSON / JS: the enclosing braces (strings skipped).
  const obj = enclosingObject(text, pos, 8192);
  if (obj) return obj;
  // YAML: the lines around it at the same indentation.
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  const indent = /^[ \t]*(?:- )?/.exec(text.slice(lineStart, pos))![0].length;
  const sameBlock = (ls: number): boolean => {
    const le = text.indexOf('\n', ls);
    const line = text.slice(ls, le < 0 ? text.length : le);
    if (line.trim() === '') return false;
    return /^[ \t]*/.exec(line)![0].length >= indent;
  };
  let s = lineStart;
  while (s > 0) {
    const prev = text.lastIndexOf('\n', s - 2) + 1;
    if (!sameBlock(prev)) break;
    s = prev;
  }
  let e = lineStart;
  while (e < text.length) {
    const next = text.indexOf('\n', e);
    if (next < 0) {
      e = text.length;
      break;
    }
    if (next + 1 >= text.length || !sameBlock(next + 1)) {
      e = next;
      break;
    }
    e = next + 1;
  }
  return [s, e];
}

const KTY = /kty["']?[ \t]*[:=][ \t]*["']?(RSA|EC|oct|OKP)\b/g;

export const jwkPrivate: BlockRule = {
  id: 'jwk-private-key',
  description: 'JSON Web Key private members (d, p, q, dp, dq, qi; k of a symmetric key) beside "kty"',
  gate: 'kty',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    KTY.lastIndex = 0;
    let m: RegExpExecArray | null;
    let doneTo = -1;
    while ((m = KTY.exec(text)) !== null) {
      const [s, e] = jwkScope(text, m.index);
      if (e <= doneTo) continue;
      doneTo = e;
      JWK_MEMBER.lastIndex = 0;
      const body = text.slice(s, e);
      let v: RegExpExecArray | null;
      while ((v = JWK_MEMBER.exec(body)) !== null) {
        const name = v[2]!;
        // `k` is the key itself only in a symmetric key; `r`/`t` only in `oth` entries of a multi-prime key.
        if (name === 'k' && m[1] !== 'oct') continue;
        const value = v[4]!;
        if (!randomPartOk(value)) continue;
        const at = s + v.index + v[0].length - v[3]!.length - value.length;
        mark(out, index, at, at + value.length, 'jwk-private-key');
      }
    }
  },
  samples: () => {
    const n = r(B64URL, 342);
    const d = r(B64URL, 342);
    const p = r(B64URL, 171);
    const k = r(B64URL, 43);
    const x = r(B64URL, 43);
    const ecd = r(B64URL, 43);
    return {
      truePositives: [
        {
          text: `{\n  "kty": "RSA",\n  "kid": "k1",\n  "n": "${n}",\n  "e": "AQAB",\n  "d": "${d}",\n  "p": "${p}",\n  "qi": "${p.slice(3)}xyz"\n}\n`,
          secrets: [d, p],
        },
        { text: `{"kty":"oct","k":"${k}","alg":"HS256"}\n`, secrets: [k] },
        { text: `const priv = { kty: 'OKP', crv: 'Ed25519', x: '${x}', d: '${ecd}' };\n`, secrets: [ecd] },
        { text: `jwk:\n  kty: EC\n  crv: P-256\n  x: ${x}\n  d: ${ecd}\n`, secrets: [ecd] },
        // Padded, or in the standard alphabet: still the key.
        { text: `{"keys":[{"kty":"oct","k":"${k}=","alg":"HS256"}]}\n`, secrets: [k] },
        { text: `{"keys":[{"kty":"EC","crv":"P-256","x":"${x}","d":"${ecd.slice(0, 20)}+/${ecd.slice(20)}="}]}\n`, secrets: [ecd.slice(0, 20), ecd.slice(20)] },
      ],
      falsePositives: [
        `{"keys":[{"kty":"RSA","kid":"${r(ALNUM, 20)}","use":"sig","n":"${n}","e":"AQAB"}]}\n`,
        `{"kty":"EC","crv":"P-256","x":"${x}","y":"${k}"}\n`,
        `{"kty":"RSA","n":"${n}","e":"AQAB","k":"${k}"}\n`,
      ],
    };
  },
};

// --- redis ---

/** `requirepass X` / `masterauth X` first on a line (redis.conf). */
const REDIS_DIRECTIVE = /^[ \t]*(?:requirepass|masterauth)[ \t]+("?)([^\s"#][^\s"]*)\1[ \t]*\r?$/gm;
/** An ACL rule (users.acl, `ACL SETUSER`): `user alice on >password ~keys:* +@all`; `#<sha256>` is the password's hash. */
const REDIS_ACL = /^[ \t]*(?:ACL[ \t]+SETUSER|user)[ \t]+\S+((?:[ \t]+\S+)+)/gim;

function redisScan(text: string, index: LineIndex, out: BlockOutput, rule: string): void {
  REDIS_DIRECTIVE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = REDIS_DIRECTIVE.exec(text)) !== null) {
    const v = m[2]!;
    if (v.length < 4 || isReference(v) || isPlaceholder(v)) continue;
    const s = m.index + m[0].lastIndexOf(v);
    mark(out, index, s, s + v.length, rule);
  }
  REDIS_ACL.lastIndex = 0;
  while ((m = REDIS_ACL.exec(text)) !== null) {
    const rules = m[1]!;
    // An ACL rule line: `on`/`off` or a key or command pattern among its words.
    if (!/[ \t](?:on|off|nopass|resetpass|allkeys|allcommands|[~%+&-]\S*)(?=[ \t]|$)/.test(rules)) continue;
    const base = m.index + m[0].length - rules.length;
    const W = /[ \t]([>#])(\S+)/g;
    let w: RegExpExecArray | null;
    while ((w = W.exec(rules)) !== null) {
      const v = w[2]!;
      if (v.length < 4 || isReference(v) || isPlaceholder(v)) continue;
      const s = base + w.index + 2;
      mark(out, index, s, s + v.length, rule);
    }
  }
}

export const redisPassword: BlockRule = {
  id: 'redis-password',
  description: 'redis.conf requirepass / masterauth and an ACL user rule >password (#hash)',
  gate: 'requirepass',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    redisScan(text, index, out, 'redis-password');
  },
  samples: () => {
    const a = r(ALNUM, 22);
    const b = r(ALNUM, 18);
    return {
      truePositives: [
        { text: `port 6379\nrequirepass ${a}\nmasterauth ${b}\n`, secrets: [a, b] },
        { text: `requirepass ${b}\nuser worker on >${a} ~jobs:* +@all\n`, secrets: [a, b] },
      ],
      falsePositives: ['# requirepass foobared\nmasteruser replica\nuser default on nopass ~* +@all\n', 'user guide >here for more\n'],
    };
  },
};

/** The same, for a text holding `masterauth` and no `requirepass` (a replica's config). */
export const redisMasterauth: BlockRule = {
  ...redisPassword,
  id: 'redis-masterauth',
  gate: 'masterauth',
  applies: (text, has) => !has('requirepass'),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    redisScan(text, index, out, 'redis-masterauth');
  },
  samples: () => {
    const a = r(ALNUM, 22);
    return {
      truePositives: [{ text: `replicaof 10.0.0.1 6379\nmasterauth ${a}\n`, secrets: [a] }],
      falsePositives: ['masteruser replica\n# masterauth <master-password>\n'],
    };
  },
};
// --- Wi-Fi pre-shared keys ---

/** wpa_supplicant's `psk="…"` / `psk=<64 hex>`, hostapd's `wpa_psk=`, NetworkManager's `psk=` (keyfile), `wep_key0=`. */
const PSK = /^[ \t]*(?:wpa_psk|psk|wep_key[0-3]|sae_password|leap-password|wep-key[0-3])[ \t]*=[ \t]*("?)([^"\r\n]+)\1[ \t]*\r?$/gm;

export const wifiPsk: BlockRule = {
  id: 'wifi-psk',
  description: 'Wi-Fi pre-shared key (wpa_supplicant psk=, hostapd wpa_psk=, NetworkManager keyfile psk=)',
  gate: 'psk',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    PSK.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = PSK.exec(text)) !== null) {
      const v = m[2]!.trim();
      if (v.length < 8 || isReference(v) || isPlaceholder(v)) continue;
      const s = m.index + m[0].lastIndexOf(v);
      mark(out, index, s, s + v.length, 'wifi-psk');
    }
  },
  samples: () => {
    const a = r(ALNUM, 20);
    const h = r(HEX, 64);
    return {
      truePositives: [
        { text: `network={\n    ssid="Home"\n    psk="${a}"\n}\nnetwork={\n    ssid="Lab"\n    psk=${h}\n}\n`, secrets: [a, h] },
        { text: `[wifi-security]\nkey-mgmt=wpa-psk\npsk=${a}\n`, secrets: [a] },
      ],
      falsePositives: ['[wifi-security]\nkey-mgmt=wpa-psk\npsk-flags=1\n', 'network={\n    key_mgmt=WPA-PSK\n    psk="<your-passphrase>"\n}\n'],
    };
  },
};

// --- password hashes ---

/**
 * crypt(3) and its kin, each in full: md5crypt/apr1 `$1$`/`$apr1$`, sha256/512crypt `$5$`/`$6$` (with
 * `rounds=`), bcrypt `$2a$`/`$2b$`/`$2y$`, yescrypt `$y$`, gost-yescrypt `$gy$`, scrypt `$7$`, argon2
 * `$argon2id$v=19$m=…` (also inside Django's `argon2$…`), passlib's `$pbkdf2-sha256$`.
 */
const CRYPT =
  /(?:\$(?:1|apr1)\$[./0-9A-Za-z]{1,8}\$[./0-9A-Za-z]{22}|\$[56]\$(?:rounds=\d{1,9}\$)?[./0-9A-Za-z]{1,16}\$[./0-9A-Za-z]{43,86}|\$2[abxy]?\$\d\d\$[./0-9A-Za-z]{53}|\$g?y\$[./0-9A-Za-z]{1,20}\$[./0-9A-Za-z]{1,86}\$[./0-9A-Za-z]{43}|\$7\$[./0-9A-Za-z]{11,}\$[./0-9A-Za-z]{43}|\$argon2(?:id|i|d)\$(?:v=\d+\$)?m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{8,}\$[A-Za-z0-9+/]{16,}|\$pbkdf2(?:-sha\d+)?\$\d+\$[./0-9A-Za-z]{8,}\$[./0-9A-Za-z]{20,})/g;
/** LDAP / .htpasswd schemes: `{SSHA}…`, `{SHA}…`, `{SSHA512}…`, `{CRYPT}$6$…`, `{PBKDF2-SHA256}…`. */
const LDAP_HASH = /\{(?:SSHA|SHA|SMD5|MD5|SSHA256|SSHA512|SHA256|SHA512|CRYPT|PBKDF2(?:-SHA\d+)?|ARGON2)\}[A-Za-z0-9+/=$.,:-]{16,}/g;
/** MySQL's mysql_native_password hash quoted in a dump or a statement: `'*<40 hex>'`. */
const MYSQL_NATIVE = /(["'`])\*[0-9A-F]{40}\1/g;

/** A hash starts at `i`: not inside a word or after another `$` (Django's `argon2$argon2id$…` excepted). */
function hashStartsAt(text: string, i: number): boolean {
  if (i === 0) return true;
  const c = text.charCodeAt(i - 1);
  const word = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
  return !word || text.startsWith('argon2', i - 6);
}

function hashScan(text: string, index: LineIndex, out: BlockOutput, re: RegExp, quoted: boolean, rule: string, group = 0): void {
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (re === CRYPT && !hashStartsAt(text, m.index)) continue;
    let s = quoted ? m.index + 1 : m.index;
    let e = quoted ? m.index + m[0].length - 1 : m.index + m[0].length;
    if (group > 0) {
      e = m.index + m[0].lastIndexOf(m[group]!) + m[group]!.length;
      s = e - m[group]!.length;
    }
    if (!randomPartOk(text.slice(s, e).replace(/^\$[^$]*\$/, ''))) continue;
    mark(out, index, s, e, rule);
  }
}

const hashSamples = () => {
  const bc = '$2y$10$' + r('./' + ALNUM, 53);
  const sha = '$6$' + r(ALNUM, 16) + '$' + r('./' + ALNUM, 86);
  const apr = '$apr1$' + r(ALNUM, 8) + '$' + r('./' + ALNUM, 22);
  const argon = '$argon2id$v=19$m=65536,t=3,p=4$' + r(B64, 22) + '$' + r(B64, 43);
  const ssha = '{SSHA}' + r(B64, 32);
  const my = '*' + r('0123456789ABCDEF', 40);
  return {
    truePositives: [
      { text: `alice:${apr}\nbob:${bc}\ndev:$apr1$${bc.slice(7, 47)}\n`, secrets: [apr.slice(6), bc.slice(7)] },
      { text: `root:${sha}:19700:0:99999:7:::\ndaemon:*:19700:0:99999:7:::\n`, secrets: [sha.slice(3)] },
      { text: `INSERT INTO users VALUES (1, 'a@example.com', '${argon}');\n`, secrets: [argon.slice(31)] },
      { text: `userPassword: ${ssha}\n`, secrets: [ssha.slice(6)] },
      { text: `INSERT INTO \`user\` VALUES ('localhost','root','${my}','Y');\n`, secrets: [my.slice(1)] },
    ],
    falsePositives: [
      'bcrypt hashes look like $2y$10$<salt><hash>\n',
      'daemon:*:19700:0:99999:7:::\nnobody:!:19700:0:99999:7:::\n',
      'const price = `$${amount}`; echo "$1$2"\n',
      `SELECT '*${'0'.repeat(40)}';\n`,
    ],
  };
};

/**
 * A .htpasswd or /etc/shadow line, `user:<hash>`, whose hash carries a scheme tag but not the exact length
 * the full shapes above want (a truncated or hand-made entry): the rest of the field from the tag on.
 */
const PASSWD_LINE = /:(\$(?:apr1|1|2[abxy]?|5|6|g?y|7|argon2(?:id|i|d)|pbkdf2[\w-]*|sha1|md5)\$[^\s:]{16,})/g;
/** The user field before the `:` at `i` fills its line from the start. */
const USER_FIELD = /^[\w.@+-]{1,64}$/;

/** A hash scheme's tag, which every form CRYPT and PASSWD_LINE match starts with: it decides whether they run. */
const HASH_TAG = /\$(?:apr1|1|2[abxy]?|5|6|g?y|7|argon2|pbkdf2|sha1|md5)[$a-z-]/y;
/** The characters a tag's name starts with (after its `$`). */
const TAG_START = new Uint8Array(128);
for (const c of '12567gyaspm') TAG_START[c.charCodeAt(0)] = 1;
/**
 * A tag at some `$` of the text. Each `$` is found by indexOf and only one followed by a tag's first
 * character is tested there: a regex searching the whole text cost four times as much on code full of `$`.
 */
function hasHashTag(text: string): boolean {
  for (let p = text.indexOf('$'); p !== -1; p = text.indexOf('$', p + 1)) {
    const c = text.charCodeAt(p + 1);
    if (c >= 128 || TAG_START[c] !== 1) continue;
    HASH_TAG.lastIndex = p;
    if (HASH_TAG.test(text)) return true;
  }
  return false;
}

export const cryptHash: BlockRule = {
  id: 'password-hash',
  description: 'Password hashes: crypt(3) $1$/$5$/$6$/$y$, bcrypt $2y$, argon2, pbkdf2 (.htpasswd, /etc/shadow, SQL dumps)',
  gate: '$',
  // Most code holds a `$` (shell, PHP, templates): the two whole-text scans run only where a scheme's tag is.
  applies: (text) => hasHashTag(text),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    hashScan(text, index, out, CRYPT, false, 'password-hash');
    PASSWD_LINE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = PASSWD_LINE.exec(text)) !== null) {
      const ls = text.lastIndexOf('\n', m.index) + 1;
      if (m.index - ls > 64 || !USER_FIELD.test(text.slice(ls, m.index))) continue;
      const v = m[1]!;
      const tag = v.indexOf('$', 1) + 1;
      if (!randomPartOk(v.slice(tag))) continue;
      const s = m.index + m[0].length - v.length;
      mark(out, index, s, s + v.length, 'password-hash');
    }
  },
  samples: () => {
    const s = hashSamples();
    return { truePositives: s.truePositives.slice(0, 3), falsePositives: s.falsePositives };
  },
};

export const ldapHash: BlockRule = {
  id: 'password-hash-ldap',
  description: 'LDAP and .htpasswd scheme-tagged password hashes ({SSHA}, {SHA}, {CRYPT}, …)',
  gate: '{S',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    hashScan(text, index, out, LDAP_HASH, false, 'password-hash-ldap');
  },
  samples: () => {
    const s = hashSamples();
    return { truePositives: s.truePositives.slice(3, 4), falsePositives: ['const x = {SHA};\n', 'algo: {SHA}\n'] };
  },
};

export const mysqlHash: BlockRule = {
  id: 'password-hash-mysql',
  description: "MySQL native password hash quoted in SQL ('*<40 hex>')",
  gate: "'*",
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    hashScan(text, index, out, MYSQL_NATIVE, true, 'password-hash-mysql');
  },
  samples: () => {
    const my = '*' + r('0123456789ABCDEF', 40);
    return {
      truePositives: [{ text: `INSERT INTO \`user\` VALUES ('localhost','root','${my}','Y');\n`, secrets: [my.slice(1)] }],
      falsePositives: [`SELECT '*${'0'.repeat(40)}';\n`, "SELECT '*' FROM t;\n"],
    };
  },
};

// --- Jenkins encrypted secrets ---

/** Jenkins' `Secret` serialisation (`{AQAAABAAAAAQ…}`): decryptable by anyone holding the controller's master key. */
const JENKINS = /\{AQAAAB[A-Za-z0-9+/]{20,}={0,2}\}/g;

export const jenkinsSecret: BlockRule = {
  id: 'jenkins-secret',
  description: 'Jenkins encrypted secret ({AQAAABAAAAAQ…}) in credentials.xml, config.xml, job configs',
  gate: '{AQAAAB',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    hashScan(text, index, out, JENKINS, false, 'jenkins-secret');
  },
  samples: () => {
    const v = '{AQAAABAAAAAQ' + r(B64, 64) + '=}';
    return {
      truePositives: [{ text: `  <password>${v}</password>\n`, secrets: [v.slice(13, -2)] }],
      falsePositives: ['  <password>{AQAAABAAAAAQ}</password>\n'],
    };
  },
};

// --- session cookies in headers ---

/** A `Cookie:` or `Set-Cookie:` header (also quoted as a JSON member, `"cookie": "…"`), up to the end of its value. */
const COOKIE_HEADER = /[Cc](?:ookie|OOKIE)(["']?)[ \t]*[:=][ \t]*(?:\1[ \t]*)?(["']?)([^\r\n]*)/g;
/** Cookie attributes (Set-Cookie), never secret. */
const ATTRIBUTES = new Set(['path', 'domain', 'expires', 'max-age', 'samesite', 'httponly', 'secure', 'priority', 'partitioned', 'version', 'comment']);
/** Cookie names that carry a login whatever their value looks like. */
const SESSION_NAME = /sess|sid$|^sid|token|auth|jwt|login|remember|csrf|xsrf|sso|saml|oidc|oauth|identity|credential|secret|key/i;

export const headerCookie: BlockRule = {
  id: 'header-cookie',
  description: 'Session cookie values in Cookie: / Set-Cookie: headers (logs, curl traces, HAR-like text)',
  gate: 'ookie',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    COOKIE_HEADER.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = COOKIE_HEADER.exec(text)) !== null) {
      const quote = m[2]!;
      let body = m[3]!;
      const bodyStart = m.index + m[0].length - body.length;
      if (quote !== '') {
        const q = body.indexOf(quote);
        if (q >= 0) body = body.slice(0, q);
      }
      // `name=value` pairs split at `;` (and `,` between Set-Cookie's own) .
      const PAIR = /(?:^|[;,])[ \t]*([^=;,\s]+)=("?)([^;,"\s]*)\2/g;
      let p: RegExpExecArray | null;
      let first = true;
      while ((p = PAIR.exec(body)) !== null) {
        const name = p[1]!;
        const value = p[3]!;
        const isAttr = ATTRIBUTES.has(name.toLowerCase());
        if (isAttr || value === '') {
          first = false;
          continue;
        }
        void first;
        const named = SESSION_NAME.test(name);
        const decoded = value.replace(/%[0-9A-Fa-f]{2}/g, 'x');
        const secret = named ? concrete(decoded) && randomPartOk(decoded) : valueLooksSecret(decoded, 'weak', false);
        if (!secret) continue;
        const s = bodyStart + p.index + p[0].length - p[2]!.length - value.length;
        mark(out, index, s, s + value.length, 'header-cookie');
      }
    }
  },
  samples: () => {
    const a = r('abcdefghijklmnopqrstuvwxyz0123456789', 32);
    const b = r(B64URL, 64);
    const c = r('0123456789ABCDEF', 32);
    return {
      truePositives: [
        { text: `10:00:01 GET /me Cookie: sessionid=${a}; theme=dark\n`, secrets: [a] },
        { text: `< Set-Cookie: session=${b}; Path=/; HttpOnly; Secure\n`, secrets: [b] },
        { text: `Set-Cookie: JSESSIONID=${c}; Path=/app\n`, secrets: [c] },
        { text: `headers: {"cookie": "connect.sid=s%3A${b}"}\n`, secrets: [b] },
      ],
      falsePositives: ['Set-Cookie: theme=dark; Path=/\n', 'Cookie: lang=en; tz=UTC\n', 'the Set-Cookie header carries the session id\n'],
    };
  },
};

// --- HashiCorp Vault's init output ---

/** `vault operator init` prints `Unseal Key 1: <base64>` … and `Initial Root Token: hvs.…`; saved to a file, every one is a secret. */
const VAULT_INIT = /^[ \t]*(?:Unseal Key \d{1,2}|Recovery Key \d{1,2}|Initial Root Token)(?: \(\w+\))?:[ \t]*(\S+)[ \t]*\r?$/gm;

export const vaultInit: BlockRule = {
  id: 'vault-init',
  description: "HashiCorp Vault's unseal keys, recovery keys and initial root token as `vault operator init` prints them",
  gate: 'nseal Key ',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    VAULT_INIT.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = VAULT_INIT.exec(text)) !== null) {
      const v = m[1]!;
      if (v.length < 16 || isReference(v) || isPlaceholder(v)) continue;
      const s = m.index + m[0].lastIndexOf(v);
      mark(out, index, s, s + v.length, 'vault-init');
    }
  },
  samples: () => {
    const k = [r(B64, 44), r(B64, 44), r(ALNUM, 24)];
    return {
      truePositives: [
        {
          text: `Unseal Key 1: ${k[0]}\nUnseal Key 2: ${k[1]}\n\nInitial Root Token: hvs.${k[2]}\n\nVault initialized with 5 key shares and a key threshold of 3.\n`,
          secrets: [k[0]!, k[1]!, `hvs.${k[2]}`],
        },
      ],
      falsePositives: ['Unseal Key 1: <paste the first key here>\nUnseal the vault with `vault operator unseal`.\n', 'Unseal Key (will be hidden):\n'],
    };
  },
};

export const FORMAT_RULES: BlockRule[] = [
  gossipKey,
  consulAclTokens,
  jwkPrivate,
  redisPassword,
  redisMasterauth,
  wifiPsk,
  cryptHash,
  ldapHash,
  mysqlHash,
  jenkinsSecret,
  headerCookie,
  vaultInit,
];
