// Secrets whose value the file's layout places away from the line rules' reach: on the lines after its
// name (a plist `<key>` then `<string>` below it, an XML element or a TOML `"""` string over several
// lines), under a name written with escapes (`"p\u0061ss\u0077ord"`), in a Terraform state's
// attributes, in a HAR file's header and cookie records, or in a config value holding the characters a
// line rule ends a value at (`password = abc;def ghi`, a URL whose password holds a blank or a `#`).
// Threat: each of these left the value, or its tail, in the view the model reads.
import { isCodeValue } from '../code-value';
import { isPlaceholder, isReference, valueLooksSecret, type NameStrength } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, HEX, PASSWORD_CHARS, b64, rand } from '../samples';
import { KIND, sniff } from '../sniff';
import type { BlockOutput, BlockRule, Hit, LineIndex, RuleSamples } from '../types';
import { enclosingObject, judge, lineOfPos, valueFieldIn } from './structure';

/** As the structure rules: below the context rules, above the generic assignment. */
const PRIORITY = 1.5;
/**
 * A whole value that holds a character a line rule ends values at (`;` `,` `)` a blank): it must win
 * the overlap with the line rule's shorter span, or the value's tail stays visible.
 */
const WHOLE_PRIORITY = 0.5;

/** A value the line rules may read too (on one line, no character they stop at): theirs names it where they do. */
const FALLBACK_PRIORITY = 2.1;

let seed = 0x1a70;
const pw = (n = 20) => rand(PASSWORD_CHARS.replace(/[#'",;:<>&\\]/g, ''), n, seed++ * 7919);

function add(out: BlockOutput, line: number, start: number, end: number, rule: string, priority: number): void {
  if (end <= start) return;
  const hit: Hit = { start, end, rule, priority };
  const list = out.hits.get(line);
  if (list === undefined) out.hits.set(line, [hit]);
  else list.push(hit);
}

function isWs(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** Masks `[s, e)` (absolute offsets, maybe over several lines), line by line, blanks at each piece's ends left out. */
function addSpan(text: string, starts: number[], s: number, e: number, rule: string, out: BlockOutput, priority = PRIORITY): void {
  for (let li = lineOfPos(starts, s); li < starts.length && starts[li]! < e; li++) {
    const ls = starts[li]!;
    const le = li + 1 < starts.length ? starts[li + 1]! - 1 : text.length;
    let a = Math.max(s, ls);
    let b = Math.min(e, le);
    while (a < b && isWs(text.charCodeAt(a))) a++;
    while (b > a && isWs(text.charCodeAt(b - 1))) b--;
    add(out, li, a - ls, b - ls, rule, priority);
  }
}

/** A value over one or several lines judged as one: its lines' trimmed parts joined (without blanks when each is one token). */
function judgeSpan(text: string, s: number, e: number, strength: NameStrength, quoted: boolean): boolean {
  const parts = text
    .slice(s, e)
    .split('\n')
    .map((x) => x.trim())
    .filter((x) => x !== '');
  if (parts.length === 0) return false;
  const oneToken = parts.every((x) => !/\s/.test(x));
  return judge(parts.join(oneToken ? '' : ' '), strength, quoted);
}

/** Code, not a value: a call or an index (`getpass.getpass("Password: ")`, `config["api_key"]`, `os.environ.get(…)`). */
const CODE_VALUE = /^(?:new[ \t]+|await[ \t]+)?[A-Za-z_$][\w$.]*[ \t]*(?:\(.*\)|\[.*\])[ \t]*[;,]?$/;

/** A value with blanks or punctuation in it: secret if the whole is, or the whole without its blanks, or any of its words. */
function judgeLoose(v: string, strength: NameStrength): boolean {
  const t = v.trim();
  if (t === '' || isReference(t) || isPlaceholder(t) || CODE_VALUE.test(t) || closesCall(t)) return false;
  // A member access or a call in it (`request.resource_owner_key`, `fetch(x)`): judged as code is, unquoted.
  const codeLike = /[\w$]\.[A-Za-z_$]|[\w$]\(/.test(t);
  if (valueLooksSecret(t, strength, !codeLike)) return true;
  const joined = t.replace(/\s+/g, '');
  if (joined !== t && valueLooksSecret(joined, strength, !codeLike)) return true;
  if (strength === 'strong' && !codeLike)
    for (const w of t.split(/[\s;,()]+/)) if (w.length >= 6 && !isReference(w) && valueLooksSecret(w, strength, true)) return true;
  return false;
}

/** A keyword argument's value at the end of a call (`x=request.key):`, `flag=False)`): more `)` than `(`, the last closing the line. */
function closesCall(t: string): boolean {
  if (!/\)[ \t]*[:,;]?$/.test(t)) return false;
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 40) depth++;
    else if (c === 41) depth--;
  }
  return depth < 0;
}

// --- XML: elements named as a secret, their value on the lines after; a plist's <key> then <string> ---

/** `<key>NAME</key>` and the value element after it (a plist), blank lines between allowed. */
const KEY_THEN_VALUE = /<key>[ \t]*([^<>\s][^<>]*?)[ \t]*<\/key>\s*<(string|data|value|Value)>([^<]*)<\/\2>/g;
/** An opening tag (not self-closing) and its name. */
const OPEN_TAG = /<([A-Za-z_][\w.:-]*)(?:[ \t\r\n][^<>]*)?>/g;
const CDATA = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/;
const VALUE_CHILD = /<(value|Value|VALUE|string)>([^<]*)<\/\1>/;

export const xmlSecretElement: BlockRule = {
  id: 'xml-secret-element',
  description: 'An XML element named as a secret whose value is on the lines after the tag or in a <Value> child (Windows answer files)',
  gate: '',
  kinds: KIND.xml,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    let m: RegExpExecArray | null;
    OPEN_TAG.lastIndex = 0;
    while ((m = OPEN_TAG.exec(text)) !== null) {
      if (text.charCodeAt(m.index + m[0].length - 2) === 47) continue; // `<x/>`
      const name = m[1]!;
      const local = name.slice(name.lastIndexOf(':') + 1);
      // A plist's or a Hadoop file's name elements hold names, not values.
      if (local === 'key' || local === 'name' || local === 'Key' || local === 'Name') continue;
      const strength = classifyName(local);
      if (strength === null) continue;
      const from = m.index + m[0].length;
      const close = text.indexOf(`</${name}>`, from);
      if (close < 0 || close - from > 4096) continue;
      const inner = text.slice(from, close);
      let s: number, e: number;
      if (!inner.includes('<')) {
        s = from;
        e = close;
      } else {
        const c = CDATA.exec(inner);
        const v = c === null ? VALUE_CHILD.exec(inner) : null;
        if (c !== null) {
          s = from + inner.indexOf('<![CDATA[') + 9;
          e = s + c[1]!.length;
        } else if (v !== null) {
          s = from + v.index + v[1]!.length + 2;
          e = s + v[2]!.length;
        } else continue;
      }
      if (!judgeSpan(text, s, e, strength, true)) continue;
      // On the tag's own line the line rules read it too, and name it where they do.
      const oneLine = text.lastIndexOf('\n', e) < m.index;
      addSpan(text, (starts ??= index.starts()), s, e, 'xml-secret-element', out, oneLine ? FALLBACK_PRIORITY : PRIORITY);
    }
  },
  samples(): RuleSamples {
    const p = Array.from({ length: 7 }, () => pw());
    const xml = [
      '<config>',
      '  <db>',
      '    <user>admin</user>',
      '    <password>',
      `      ${p[1]}`,
      '    </password>',
      `    <apiToken><![CDATA[${p[2]}]]></apiToken>`,
      '  </db>',
      '</config>',
    ].join('\n');
    const unattend = [
      '<unattend xmlns="urn:schemas-microsoft-com:unattend">',
      '  <UserAccounts>',
      '    <AdministratorPassword>',
      `      <Value>${p[3]}</Value>`,
      '      <PlainText>true</PlainText>',
      '    </AdministratorPassword>',
      `    <LocalAccount><Password><Value>${p[4]}</Value><PlainText>true</PlainText></Password><Name>x</Name></LocalAccount>`,
      '  </UserAccounts>',
      '  <AutoLogon><Password>',
      `    <Value>${p[5]}</Value>`,
      '  </Password></AutoLogon>',
      '</unattend>',
    ].join('\n');
    return {
      truePositives: [
        { text: xml, secrets: [p[1]!, p[2]!] },
        { text: unattend, secrets: [p[3]!, p[4]!, p[5]!] },
      ],
      falsePositives: [
        '<plist version="1.0">\n<dict>\n\t<key>PasswordPolicy</key>\n\t<string>strict</string>\n\t<key>NSFaceIDUsageDescription</key>\n\t<string>Unlock your saved passwords</string>\n\t<key>api_key</key>\n\t<string>$(API_KEY)</string>\n</dict>\n</plist>',
        '<config>\n  <password>\n    ${DB_PASSWORD}\n  </password>\n  <tokenEndpoint>https://login.example.com/oauth2/token</tokenEndpoint>\n  <passwordMinLength>12</passwordMinLength>\n  <secret/>\n</config>',
        '<unattend>\n  <AdministratorPassword>\n    <Value></Value>\n    <PlainText>false</PlainText>\n  </AdministratorPassword>\n</unattend>',
      ],
    };
  },
};

/**
 * A plist's `<key>NAME</key>` and the value element after it (next line, same line, blank lines between), in any
 * text: a plist is pasted into Swift and Objective-C sources, notes, INI and shell files as often as it stands
 * alone, and the pair reads the same there. Gated by `</key>`; only the pairs are read.
 */
export const plistKeyValue: BlockRule = {
  id: 'plist-key-value',
  description: 'A plist <key> named as a secret and the <string> (or <data>) after it, on the same line or the next, in any file',
  gate: '</key>',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    let m: RegExpExecArray | null;
    KEY_THEN_VALUE.lastIndex = 0;
    while ((m = KEY_THEN_VALUE.exec(text)) !== null) {
      const strength = classifyName(m[1]!);
      if (strength === null) continue;
      const e = m.index + m[0].length - m[2]!.length - 3;
      const s = e - m[3]!.length;
      if (!judgeSpan(text, s, e, strength, true)) continue;
      addSpan(text, (starts ??= index.starts()), s, e, 'plist-key-value', out);
    }
  },
  samples(): RuleSamples {
    const v = [pw(), pw()];
    const p = [pw()];
    const hex = rand(HEX, 64, 0x1a71);
    const plist = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<plist version="1.0">',
      '<dict>',
      '\t<key>CFBundleName</key>',
      '\t<string>Demo</string>',
      '\t<key>API_SECRET</key>',
      `\t<string>${hex}</string>`,
      '\t<key>DBPassword</key>',
      '',
      `\t\t<string>${p[0]}</string>`,
      '</dict>',
      '</plist>',
    ].join('\n');
    return {
      truePositives: [
        { text: plist, secrets: [hex, p[0]!] },
        { text: `// Info.plist\nlet timeout = 30\n<key>password</key>\n<string>${v[0]}</string>\n`, secrets: [v[0]!] },
        { text: `[main]\n<key>api_token</key><string>${v[1]}</string>\n`, secrets: [v[1]!] },
      ],
      falsePositives: [
        'let x = 1\n<key>CFBundleName</key>\n<string>MyApp</string>\n<key>password</key>\n<string>$(DB_PASSWORD)</string>\n',
        '<key>PasswordPolicy</key><string>strict</string>\n<key>api_key</key>\n<string>changeme</string>\n',
      ],
    };
  },
};

// --- JSON / YAML keys written with escapes ---

/** A quoted key holding `\uXXXX` or `\/`, and the operator after it. */
const ESCAPED_KEY = /"((?:[^"\\\n]|\\.)*?\\(?:u[0-9A-Fa-f]{4}|\/)(?:[^"\\\n]|\\.)*)"[ \t]*:[ \t]*/g;

function unescapeJson(raw: string): string | null {
  try {
    const v: unknown = JSON.parse(`"${raw}"`);
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

export const escapedKey: BlockRule = {
  id: 'escaped-key',
  description: 'A JSON or YAML key written with escapes ("p\\u0061ss\\u0077ord", "pass\\/word") whose decoded name names a secret',
  gate: '\\',
  kinds: KIND.json | KIND.yaml,
  applies: (text) => text.includes('\\u') || text.includes('\\/'),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    ESCAPED_KEY.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = ESCAPED_KEY.exec(text)) !== null) {
      const name = unescapeJson(m[1]!);
      if (name === null) continue;
      const strength = classifyName(name);
      if (strength === null) continue;
      const p = m.index + m[0].length;
      if (text.charCodeAt(p) !== 34) continue;
      let e = p + 1;
      while (e < text.length && text.charCodeAt(e) !== 34 && text.charCodeAt(e) !== 10) e += text.charCodeAt(e) === 92 ? 2 : 1;
      if (text.charCodeAt(e) !== 34) continue;
      const value = unescapeJson(text.slice(p + 1, e)) ?? text.slice(p + 1, e);
      if (!judge(value, strength, true)) continue;
      addSpan(text, (starts ??= index.starts()), p + 1, e, 'escaped-key', out);
    }
  },
  samples(): RuleSamples {
    const p = Array.from({ length: 4 }, () => pw());
    const key = rand(HEX, 32, 0x1a72);
    const json = [
      '{',
      '  "user": "app",',
      `  "p\\u0061ss\\u0077ord": "${p[0]}",`,
      `  "\\u0061pi_\\u006bey": "${key}",`,
      `  "sec\\u0072et": "${p[1]}",`,
      `  "pass\\u0077\\u006frd": "${p[2]}",`,
      `  "\\u0074oken": "${p[3]}"`,
      '}',
    ].join('\n');
    return {
      truePositives: [{ text: json, secrets: [...p, key] }],
      falsePositives: [
        '{\n  "url": "https:\\/\\/example.com\\/a",\n  "n\\u0061me": "My App \\u2014 Pro",\n  "p\\u0061ssword": "${DB_PASSWORD}",\n  "\\u0074oken_url": "https:\\/\\/login.example.com\\/token"\n}',
      ],
    };
  },
};

// --- Terraform state (terraform.tfstate, `terraform state pull`, `terraform show -json`) ---

/** A string member of a JSON object on one line. */
const MEMBER = /"([A-Za-z0-9_]+)"[ \t]*:[ \t]*"((?:[^"\\\n]|\\.)*)"/g;
/** Attribute words that hold a credential in providers' schemas. */
const STATE_SECRET_WORD =
  /(?:^|_)(?:password|passwd|secret|token|passphrase|private_key(?:_pem|_openssh|_pkcs8)?|bcrypt_hash|connection_string|primary_key|secondary_key|access_key|master_key|sas|kube_config_raw|kube_admin_config_raw|api_key|client_secret|auth_token|credentials?)(?:_|$)/;
/** Last words of attributes that describe a secret rather than hold it. */
const STATE_NOT_SECRET =
  /_(?:arn|id|ids|name|names|version|versions|wo_version|type|types|policy|path|length|count|enabled|rotation|ttl|expiration|expires|date|time|at|fingerprint|fingerprint_md5|fingerprint_sha256|algorithm|hint)$/;
/** Resources whose `result` (and `bcrypt_hash`, `b64_std`, `hex`) is the secret they generate. */
const RANDOM_TYPE = /"type"[ \t]*:[ \t]*"(random_password|random_string|random_bytes|random_id)"/g;
const SENSITIVE_TRUE = /"sensitive"[ \t]*:[ \t]*true/g;

export const terraformState: BlockRule = {
  id: 'terraform-state',
  description:
    'Terraform state: attributes holding a password, secret, token or private key, random_password results, outputs marked sensitive, and the attributes sensitive_attributes lists',
  gate: '',
  kinds: KIND.json,
  applies: (text) => text.includes('"terraform_version"') || (text.includes('"instances"') && text.includes('"attributes"')),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    const mask = (s: number, e: number) => addSpan(text, (starts ??= index.starts()), s, e, 'terraform-state', out);
    // Where the random_* resources start: their `result` belongs to the nearest `"type"` before it.
    const randomAt: number[] = [];
    const typeAt: number[] = [];
    let m: RegExpExecArray | null;
    RANDOM_TYPE.lastIndex = 0;
    while ((m = RANDOM_TYPE.exec(text)) !== null) randomAt.push(m.index);
    if (randomAt.length > 0) {
      const anyType = /"type"[ \t]*:[ \t]*"/g;
      while ((m = anyType.exec(text)) !== null) typeAt.push(m.index);
    }
    const isRandom = (pos: number): boolean => {
      let lo = 0,
        hi = typeAt.length - 1,
        best = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (typeAt[mid]! < pos) {
          best = typeAt[mid]!;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      return best >= 0 && randomAt.includes(best);
    };
    // Attributes a state lists as sensitive, by name.
    const listed = new Set<string>();
    for (let p = text.indexOf('"sensitive_attributes"'); p !== -1; p = text.indexOf('"sensitive_attributes"', p + 1)) {
      const open = text.indexOf('[', p);
      if (open < 0) break;
      let depth = 0,
        q = open;
      for (; q < text.length; q++) {
        const c = text.charCodeAt(q);
        if (c === 91) depth++;
        else if (c === 93 && --depth === 0) break;
      }
      for (const a of text.slice(open, q).matchAll(/"value"[ \t]*:[ \t]*"([A-Za-z0-9_]+)"/g)) if (a[1] !== 'value' && a[1] !== 'type') listed.add(a[1]!);
    }
    const found = new Set<string>();
    MEMBER.lastIndex = 0;
    while ((m = MEMBER.exec(text)) !== null) {
      const k = m[1]!;
      const v = m[2]!;
      if (v === '') continue;
      const s = m.index + m[0].length - 1 - v.length;
      let secret = false;
      if (k === 'result' || k === 'bcrypt_hash' || k === 'b64_std' || k === 'b64_url' || k === 'hex')
        secret = (k === 'bcrypt_hash' || isRandom(m.index)) && !isReference(v);
      else if (listed.has(k)) secret = !isReference(v);
      else if (!STATE_NOT_SECRET.test(k) && (STATE_SECRET_WORD.test(k) || classifyName(k) !== null))
        secret = judge(v, 'strong', true) || /private_key|-----BEGIN/.test(k + v);
      if (secret) {
        mask(s, s + v.length);
        found.add(v);
      }
    }
    // The same value elsewhere in the state (random_string's `id` is its `result`; a password in a connection string's attribute).
    if (found.size > 0) {
      MEMBER.lastIndex = 0;
      while ((m = MEMBER.exec(text)) !== null) {
        const v = m[2]!;
        if (v.length >= 6 && found.has(v)) {
          const s = m.index + m[0].length - 1 - v.length;
          mask(s, s + v.length);
        }
      }
    }
    // Outputs marked sensitive: their value.
    SENSITIVE_TRUE.lastIndex = 0;
    while ((m = SENSITIVE_TRUE.exec(text)) !== null) {
      const obj = enclosingObject(text, m.index);
      const v = obj === null ? null : valueFieldIn(text, obj[0], obj[1]);
      if (v !== null && v[2] && v[1] > v[0] && !isReference(text.slice(v[0], v[1]))) mask(v[0], v[1]);
    }
  },
  samples(): RuleSamples {
    const p = Array.from({ length: 5 }, () => pw(24));
    const key = b64(rand(ALNUM, 30, 0x1a73));
    const state = [
      '{',
      '  "version": 4,',
      '  "terraform_version": "1.6.0",',
      '  "outputs": {',
      `    "db_password": { "value": "${p[0]}", "type": "string", "sensitive": true },`,
      '    "endpoint": { "value": "db.internal:5432", "type": "string" }',
      '  },',
      '  "resources": [',
      '    { "mode": "managed", "type": "random_password", "name": "db",',
      '      "instances": [{ "attributes": {',
      `        "id": "${p[4]}",`,
      '        "length": 24,',
      `        "result": "${p[4]}",`,
      `        "bcrypt_hash": "${p[1]}",`,
      '        "special": true',
      '      }, "sensitive_attributes": [] }] },',
      '    { "mode": "managed", "type": "aws_iam_access_key", "name": "ci",',
      '      "instances": [{ "attributes": {',
      // AWS's documented example key id, joined at run time: no key-shaped literal in the source.
      `        "id": "${['AKIA', 'IOSFODNN7EXAMPLE'].join('')}",`,
      `        "ses_smtp_password_v4": "${key}",`,
      `        "private_key_openssh": "${p[2]}",`,
      '        "secret_arn": "arn:aws:secretsmanager:eu-west-1:123456789012:secret:db",',
      `        "custom_field": "${p[3]}",`,
      '        "status": "Active"',
      '      }, "sensitive_attributes": [[{ "type": "get_attr", "value": "custom_field" }]] }] }',
      '  ]',
      '}',
    ].join('\n');
    return {
      truePositives: [{ text: state, secrets: [p[0]!, p[1]!, key, p[2]!, p[3]!, p[4]!] }],
      falsePositives: [
        [
          '{',
          '  "version": 4,',
          '  "terraform_version": "1.6.0",',
          '  "outputs": { "url": { "value": "https://app.example.com", "type": "string" } },',
          '  "resources": [',
          '    { "mode": "managed", "type": "random_pet", "name": "n", "instances": [{ "attributes": { "id": "brave-otter", "result": "brave-otter" } }] },',
          '    { "mode": "managed", "type": "aws_secretsmanager_secret", "name": "db", "instances": [{ "attributes": {',
          '      "arn": "arn:aws:secretsmanager:eu-west-1:123456789012:secret:db-AbCdEf",',
          '      "name": "prod/db/password",',
          '      "password_length": "24",',
          '      "secret_string_wo_version": "1",',
          '      "token_ttl": "3600s"',
          '    } }] }',
          '  ]',
          '}',
        ].join('\n'),
      ],
    };
  },
};

// --- HAR files and API-client exports: credentials in header and cookie records ---

/** Header names whose value is a credential. */
const HEADER_NAME =
  /(["'])(?:name|Name|key|Key|header|Header)\1[ \t]*:[ \t]*(["'])((?:proxy-)?authorization|(?:set-)?cookie|x-auth-token|x-access-token|x-api-key|x-apikey|api-key|apikey|x-csrf-token|x-xsrf-token|x-amz-security-token|private-token|x-vault-token)\2/gi;
/** Cookie names that carry a login (as the cookie-jar rule reads them). */
const SESSION_COOKIE = /sess|sid$|^sid|auth|login|remember|sso|jwt|token|credential|secret|passw|csrf|xsrf/i;
const COOKIE_NAME = /(["'])(?:name|Name)\1[ \t]*:[ \t]*(["'])((?:[^"'\\\n]|\\.)*)\2/;

export const httpCredentialRecord: BlockRule = {
  id: 'http-credential-record',
  description:
    'A HAR file or an API client export: the value of an Authorization, Cookie or API key header written as {"name": …, "value": …}, and the values of login cookies in "cookies" lists',
  gate: '',
  kinds: KIND.json,
  applies: (text) => /uthorization|ookie|pi-?key|-token/i.test(text),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    const mask = (s: number, e: number) => addSpan(text, (starts ??= index.starts()), s, e, 'http-credential-record', out);
    let m: RegExpExecArray | null;
    HEADER_NAME.lastIndex = 0;
    while ((m = HEADER_NAME.exec(text)) !== null) {
      const obj = enclosingObject(text, m.index);
      const v = obj === null ? null : valueFieldIn(text, obj[0], obj[1]);
      if (v === null || !v[2]) continue;
      const value = text.slice(v[0], v[1]);
      // `Bearer {{token}}`: the scheme word aside, a variable of the client, not a value.
      const cred = value.replace(/^(?:Bearer|Basic|Token|Digest|Negotiate|NTLM|AWS4-HMAC-SHA256)\s+/i, '');
      if (cred.length < 6 || isReference(cred) || isPlaceholder(cred)) continue;
      mask(v[0], v[1]);
    }
    for (let p = text.indexOf('"cookies"'); p !== -1; p = text.indexOf('"cookies"', p + 9)) {
      const open = text.indexOf('[', p);
      if (open < 0 || text.slice(p + 9, open).trim() !== ':') continue;
      let depth = 0,
        inStr = false,
        q = open;
      for (; q < text.length; q++) {
        const c = text.charCodeAt(q);
        if (inStr) {
          if (c === 92) q++;
          else if (c === 34) inStr = false;
        } else if (c === 34) inStr = true;
        else if (c === 91) depth++;
        else if (c === 93 && --depth === 0) break;
      }
      // Each cookie object in the list.
      for (let o = text.indexOf('{', open); o !== -1 && o < q;) {
        const obj = enclosingObject(text, o + 1);
        if (obj === null) break;
        const body = text.slice(obj[0], obj[1]);
        const name = COOKIE_NAME.exec(body)?.[3] ?? '';
        const v = valueFieldIn(text, obj[0], obj[1]);
        if (v !== null && v[2]) {
          const value = text.slice(v[0], v[1]);
          const strength: NameStrength = SESSION_COOKIE.test(name) ? 'strong' : 'weak';
          if (value.length >= 8 && !isReference(value) && !isPlaceholder(value) && (strength === 'strong' || valueLooksSecret(value, 'weak', true)))
            mask(v[0], v[1]);
        }
        o = text.indexOf('{', obj[1]);
      }
    }
  },
  samples(): RuleSamples {
    const t = Array.from({ length: 4 }, (_, k) => rand(HEX, 32, 0x1a74 + k));
    const basic = b64(`dev:${pw()}`);
    const har = [
      '{"log": {"entries": [{"request": {',
      '  "headers": [',
      '    {"name": "Host", "value": "api.example.com"},',
      `    {"name": "Authorization", "value": "Bearer ${t[0]}"},`,
      '    {',
      '      "name": "cookie",',
      `      "value": "sid=${t[1]}; theme=dark"`,
      '    }',
      '  ],',
      '  "cookies": [',
      `    {"name": "session", "value": "${t[2]}", "httpOnly": true},`,
      '    {"name": "theme", "value": "dark"}',
      '  ]},',
      `  "response": {"headers": [{"name": "Set-Cookie", "value": "auth=${t[3]}; Path=/; HttpOnly"}]}`,
      '}]}}',
    ].join('\n');
    const postman = `{"request": {"header": [{"key": "Authorization", "value": "Basic ${basic}", "type": "text"}]}}`;
    return {
      truePositives: [
        { text: har, secrets: t },
        { text: postman, secrets: [basic] },
      ],
      falsePositives: [
        '{"log": {"entries": [{"request": {"headers": [\n  {"name": "Authorization", "value": "Bearer {{access_token}}"},\n  {"name": "Accept", "value": "application/json"},\n  {"name": "Cookie", "value": ""}\n], "cookies": [\n  {"name": "theme", "value": "dark"},\n  {"name": "lang", "value": "en-GB"}\n]}}]}}',
      ],
    };
  },
};

// --- Config lines whose value holds the characters a line rule stops at ---

/** `key = value`, `key: value`, `export KEY=value`, a compose list's `- KEY=value`, `.yarnrc`'s `key "value"`. */
const ASSIGN = /^[ \t]*(?:export[ \t]+|-[ \t]+)?(["']?)([A-Za-z_/](?:[\w.\-/:@]*[\w.\-/@])?)\1[ \t]*(=|:(?=[ \t])|[ \t])[ \t]*/;
/** A first line of `key=value` or `key = value` (an INI file without a section, a .env file in lower case). */
const ASSIGN_HEAD = /^(?:[ \t]*(?:[#;].*)?\r?\n)*(?:[ \t]*-[ \t]+|export[ \t]+)?[A-Za-z_][\w.-]*[ \t]*=[^(\r\n]*[^\s(;]\r?(?:\n|$)/;
/** Names of npm and yarn registry credentials (`.npmrc`, `.yarnrc`, `.yarnrc.yml`), after any `//host/:` scope. */
const NPM_AUTH = /^(?:npmAuthIdent|npmAuthToken|_auth|_authToken|_password|npmPassword)$/;
/** Characters at which a line rule ends an unquoted value (the tail after one stayed visible). */
const CUT = /[\s;,()[\]{}`'"#<>|&]/;
/** A URL's user-info: the password runs from the user's `:` to the last `@` before the host. */
const URL_USERINFO = /^[A-Za-z][\w+.-]*:\/\/([^/@\s:?#]*):(.*)@([\w.-]+|\[[\w:.]+\])(?::\d+)?(?:[/?#].*)?$/;
const INI_HEAD = /^(?:[ \t]*(?:[#;].*)?\r?\n)*[ \t]*\[[^\]\n]+\][ \t]*\r?(?:\n|$)/;

export const assignedValue: BlockRule = {
  id: 'assigned-value',
  description:
    'INI, .env, .properties, TOML and compose values holding blanks or ; , ) (password = abc;def ghi), TOML """ strings under a secret name, npm/yarn registry credentials, URL passwords holding a blank, # or /',
  gate: '',
  applies: (text, has) =>
    (sniff(text) & (KIND.env | KIND.properties | KIND.hcl | KIND.yaml)) !== 0 ||
    INI_HEAD.test(text.slice(0, 4096)) ||
    ASSIGN_HEAD.test(text.slice(0, 1024)) ||
    (text.length < 65536 && (has('_auth') || has('npmAuth'))),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const starts = index.starts();
    const kinds = sniff(text);
    const yaml = (kinds & KIND.yaml) !== 0;
    const env = (kinds & KIND.env) !== 0;
    const props = (kinds & KIND.properties) !== 0 && !yaml && !env;
    const colonOk = props || INI_HEAD.test(text.slice(0, 4096));
    // YAML and HCL files are read only on the lines that can hold what this rule reads (a compose list's
    // `- KEY=value`, a `"""` string, a registry credential): every line of a large manifest cost a regex.
    let only: number[] | undefined;
    let skipTo = -1;
    if (!env && !colonOk && (yaml || (kinds & KIND.hcl) !== 0)) {
      const at = new Set<number>();
      for (const needle of yaml ? ['=', 'npmAuth', '_auth', '_password'] : ['"""', "'''", '_auth'])
        for (let q = text.indexOf(needle); q !== -1; q = text.indexOf(needle, q + needle.length)) at.add(lineOfPos(starts, q));
      only = [...at].sort((x, y) => x - y);
    }
    for (let n = 0, count = only === undefined ? starts.length : only.length; n < count; n++) {
      const li = only === undefined ? n : only[n]!;
      if (li <= skipTo) continue;
      const ls = starts[li]!;
      let le = li + 1 < starts.length ? starts[li + 1]! - 1 : text.length;
      if (text.charCodeAt(le - 1) === 10) le--;
      if (text.charCodeAt(le - 1) === 13) le--;
      const line = text.slice(ls, le);
      const m = ASSIGN.exec(line);
      if (m === null) continue;
      const key = m[2]!;
      const sep = m[3]!;
      const bare = key.slice(key.search(/[^/:@]*$/));
      const npm = NPM_AUTH.test(bare);
      // YAML's own `key: value` lines are the YAML rules' (block scalars, quoting); only a compose list's `- KEY=value` here, and registry credentials.
      if (yaml && sep !== '=' && !npm) continue;
      // `key: value` only where the file's grammar has it (.properties, INI); elsewhere it is YAML or code.
      if (sep === ':' && !npm && !colonOk) continue;
      if (sep.trim() === '' && !npm) continue;
      let p = m[0].length;
      let e = line.length;
      if (p >= e) continue;
      const q = line.charCodeAt(p);
      // TOML's multi-line strings: `key = """` … `"""`.
      if ((q === 34 || q === 39) && line.startsWith(String.fromCharCode(q).repeat(3), p)) {
        const strength = npm ? 'strong' : classifyName(bare);
        if (strength === null) continue;
        const delim = String.fromCharCode(q).repeat(3);
        const s = ls + p + 3;
        const close = text.indexOf(delim, s);
        if (close < 0 || close - s > 8192) continue;
        if (judgeSpan(text, s, close, strength, true))
          addSpan(text, starts, s, close, 'assigned-value', out, close <= ls + le - ls ? FALLBACK_PRIORITY : WHOLE_PRIORITY);
        skipTo = lineOfPos(starts, close);
        continue;
      }
      let quoted = false;
      if ((q === 34 || q === 39) && e - p >= 2 && line.charCodeAt(e - 1) === q) {
        p++;
        e--;
        quoted = true;
      } else if (!props) {
        // A comment after the value: ` #` (.env, YAML, INI), ` ;` (INI).
        const c = /[ \t][#;]/.exec(line.slice(p));
        if (c !== null && (line[p + c.index + 1] === '#' || !env)) e = p + c.index;
      }
      while (e > p && (line.charCodeAt(e - 1) === 32 || line.charCodeAt(e - 1) === 9)) e--;
      if (e <= p) continue;
      const value = line.slice(p, e);
      // YAML's tags, anchors, aliases and block headers (`!vault |`, `*default`).
      if (!quoted && /^[!&*|>]/.test(value)) continue;
      // A heredoc's opener (Ruby's `<<~EOS`, `<<-SQL.strip`, shell's `<<'EOF'`): the text comes on the lines after.
      if (!quoted && /^<<[~-]?(["'`]?)[A-Za-z_]\w*\1(?:[.,)\s]|$)/.test(value)) continue;
      // A statement of code (`x.token = "…";`): the line rules read its string.
      if (!quoted && /^(?:[A-Za-z]{1,2})?["'`].*["'`][ \t]*;?$/.test(value)) continue;
      // Code with blanks around its `=` (`exports.fetchToken = fetchToken;`, `this.revokeToken = async (c, r) => {`,
      // `validateKey = key.indexOf(P) === 0;`): a name, a call, a function is no value (a .env's `KEY=v` has no blanks).
      if (!quoted && !npm && sep === '=' && /[ \t]=[ \t]/.test(line.slice(0, p)) && isCodeValue(value)) continue;
      // A method called on a string literal (`''.join([`, `"".join(parts)`, `', '.join(x)`): code, not a value.
      if (!quoted && /^(["'`])[^"'`\n]*\1[ \t]*\.[A-Za-z_]\w*[ \t]*\(/.test(value)) continue;
      const u = quoted ? null : URL_USERINFO.exec(value);
      // A blank in the password: the URL rules end the user-info there (`#` `/` `?` and quotes they read through).
      if (u !== null && /\s/.test(u[2]!) && !isReference(u[2]!)) {
        const s = p + value.indexOf(':', value.indexOf('://') + 3) + 1;
        add(out, li, s, s + u[2]!.length, 'assigned-value', WHOLE_PRIORITY);
        continue;
      }
      const strength: NameStrength | null = npm ? 'strong' : classifyName(bare);
      if (strength === null) continue;
      if (!npm && !CUT.test(value)) continue;
      // A registry credential's name says what the value is: any value that is not a reference.
      if (!(npm ? value.length >= 8 && !isReference(value) && !isPlaceholder(value) : judgeLoose(value, strength))) continue;
      add(out, li, p, e, 'assigned-value', !quoted && CUT.test(value) ? WHOLE_PRIORITY : FALLBACK_PRIORITY);
    }
  },
  samples(): RuleSamples {
    const cut = (c: string) => `${pw(8)}${c}${pw(10)}`;
    const a = [cut(';'), cut(','), cut(')'), cut(' '), cut(' '), cut(' '), cut(','), cut(' ')];
    const toml = [pw(), rand(HEX, 32, 0x1a75)];
    const ident = b64(`dev:${pw()}`);
    const tok = rand(HEX, 32, 0x1a76);
    return {
      truePositives: [
        { text: `[db]\nhost = localhost\npassword = ${a[0]}\nsecret = ${a[1]}\napi_token = ${a[2]}\n`, secrets: a.slice(0, 3) },
        { text: `DB_PASSWORD=${a[3]}\nDATABASE_URL=postgres://app:${a[4]}@db:5432/app\nNAME=hello world\n`, secrets: [a[3]!, a[4]!] },
        { text: `spring.datasource.url=jdbc:postgresql://db/app\nspring.datasource.password=${a[5]}\napp.secret = ${a[6]}\n`, secrets: [a[5]!, a[6]!] },
        { text: `services:\n  web:\n    environment:\n      - DATABASE_URL=mysql://root:${a[7]}@db/app\n`, secrets: [a[7]!] },
        { text: `      - DATABASE_URL=mysql://root:${a[4]}@db/app\n`, secrets: [a[4]!] },
        { text: `password=${a[3]}\ntoken: ${a[0]}\n`, secrets: [a[3]!, a[0]!] },
        { text: `[database]\nuser = "app"\npassword = """\n${toml[0]}"""\napi_token = '''\n${toml[1]}\n'''\n`, secrets: toml },
        // (.yarnrc.yml's `npmAuthIdent:`/`npmAuthToken:` are secret names the line rules already mask: not this rule's.)
        { text: `registry "https://npm.example.com/"\n"//npm.example.com/:_authToken" ${tok}\n_auth "${ident}"\n`, secrets: [tok, ident] },
      ],
      falsePositives: [
        '[db]\nhost = localhost\nname = hello, world; (x)\npassword = ${DB_PASSWORD}\npassword_hint = ask the team lead, not me\n; password = see vault\n',
        'DATABASE_URL=postgres://app:${DB_PASSWORD}@db/app\nGREETING=hello world, again\nDB_PASSWORD=\n',
        'services:\n  web:\n    environment:\n      - DATABASE_URL=postgres://app@db/app\n      - TITLE=My App (beta)\n',
        '[tool.poetry]\nname = "demo"\ndescription = """\nA demo, with (parentheses); and words.\n"""\n',
        'npmRegistryServer: "https://npm.example.com"\nnpmAlwaysAuth: true\n',
        'password = getpass.getpass("Password: ")\ntoken = request.headers.get("Authorization")\napi_key = config["api_key"]\n',
        'x = 1\nexports.fetchToken = fetchToken;\nthis.revokeToken = async (client, request) => {\nvalidateKey = key.indexOf(Constants.THROTTLING_PREFIX) === 0;\n',
      ],
    };
  },
};

export const LAYOUT_RULES: BlockRule[] = [xmlSecretElement, plistKeyValue, escapedKey, terraformState, httpCredentialRecord, assignedValue];
