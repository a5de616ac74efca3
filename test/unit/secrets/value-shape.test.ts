// valueLooksSecret decides the generic rules' hits. Its fast version (the entropy floor first, the
// anchored and unanchored alternatives of REFERENCE and PLACEHOLDER apart, regexes skipped when the
// value lacks a character they need) must give the answer of the plain version below, which is the
// code as it was written before: compared on references, placeholders, paths, URLs, versions, hashes,
// code, words, prose, tokens and non-ASCII values, alone and glued, for both strengths, quoted or not.
import assert from 'node:assert/strict';
import {
  PLACEHOLDER,
  PLACEHOLDER_PARTS,
  REFERENCE,
  REFERENCE_PARTS,
  REFERENCE_WHOLE,
  charClasses,
  distinctChars,
  isBenignShapeOf,
  isWordyCodeName,
  isWordyIdentifier,
  isPlaceholder,
  isPlaceholderNote,
  isReference,
  isUiLabel,
  isUuid,
  restLooksSecret,
  shannon,
  valueLooksSecret,
  withoutReferences,
} from '../../../src/core/secrets/entropy';
import type { NameStrength } from '../../../src/core/secrets/entropy';
import { nameWords } from '../../../src/core/secrets/names';
import { ALNUM, B64, HEX, PASSWORD_CHARS, prng, rand } from '../../../src/core/secrets/samples';

/** The first bracket opens after names and operators only, no closer comes unopened, every name wordy (isBracketCode's definition). */
function bracketCode(v: string): boolean {
  const m = /^([^()[\]{}]*)[([{]/.exec(v);
  if (!m || !/^[\w$#.?!\s=<>:&|+-]*$/.test(m[1]!)) return false;
  if (!v.split(/[^A-Za-z0-9_]+/).every((x) => isWordyCodeName(x) || /^\d+$/.test(x))) return false;
  if (/[\w$.]\{/.test(m[0])) return false;
  if (/[)\]}][^)\]}([{.?,;:\s]/.test(v.slice(m[1]!.length))) return false;
  let u = v
    .slice(m[1]!.length)
    .replace(/[^()[\]{}]/g, '')
    .replace(/[([{]/g, '(')
    .replace(/[)\]}]/g, ')');
  for (let prev = ''; prev !== u;) {
    prev = u;
    u = u.replace(/\(\)/g, '');
  }
  return !u.includes(')');
}

/** `*alias` or `!tag` with isWordyIdentifier names. */
function yamlAliasOrTag(v: string): boolean {
  let m = /^\*([A-Za-z_][\w-]*)$/.exec(v);
  if (m) return m[1]!.split('-').every((x) => isWordyIdentifier(x));
  m = /^!!?([A-Za-z_][\w-]*)(?:\s|$)/.exec(v);
  return m !== null && !/^!!(?:str|binary)\b/.test(v) && m[1]!.split('-').every((x) => isWordyIdentifier(x));
}

function randomSegment(seg: string): boolean {
  return seg.length >= 12 && /[A-Z]/.test(seg) && /[a-z]/.test(seg) && /\d/.test(seg) && !isWordyIdentifier(seg);
}

function isBenignShapeDef(v: string, quoted: boolean, literal = false): boolean {
  if (/^(?:true|false|yes|no|on|off|null|nil|none|undefined|\d{1,9}(?:\.\d+)?[a-z]{0,3})$/i.test(v)) return true;
  if (
    /^(?:[A-Za-z][\w.-]*:(?=\/(?!\/)))?(?:\.{0,2}\/|~\/|[A-Za-z]:\\)[\w./\\ -]*$/.test(v) &&
    /[/\\]/.test(v.slice(1)) &&
    !v.split(/[/\\.]/).some(randomSegment)
  )
    return true;
  if (/^[a-z][\w+.-]*:\/\/[^@\s]*$/i.test(v)) return true;
  if (/^(?:sha(?:1|224|256|384|512)|md5)[-:]/i.test(v)) return true;
  if (/^(?:[\^~<>=v]|>=|<=)*\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?$/.test(v)) return true;
  if (/^\$(?:2[abxy]?|argon2(?:id|i|d)?|pbkdf2[\w-]*|scrypt|6|5|1)\$/.test(v)) return true;
  if (v.startsWith('«secret:')) return true;
  if (/^data:[\w.+/-]+;base64,/.test(v)) return true;
  if (!quoted) {
    if (/[()[\]{}]/.test(v) && bracketCode(v)) return true;
    if (!literal && yamlAliasOrTag(v)) return true;
    const core = v.replace(/[;,]+$/, '');
    if (
      !literal &&
      /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+$/.test(core) &&
      (/^(?:self|this|cls|super)\./.test(core) || core.split(/\??\./).every((x) => isWordyIdentifier(x)))
    )
      return true;
    if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]{1,12})+$/.test(core) && /(?:^|_)[A-Z]{3,}(?:_|$)/.test(core)) return true;
    if (!literal && /^[A-Za-z_$][\w$]*$/.test(core) && !/\d/.test(core) && isWordyIdentifier(core)) return true;
    if (core !== v && /^[A-Za-z_$][\w$.]*(?:<[^>]*>)?(?:\[\])?(?:\s*\|\s*[A-Za-z_$'"][\w$.'"]*(?:\[\])?)*$/.test(core)) return true;
  }
  if (v.length < 48 && /^[A-Z]?[a-z]+(?:[A-Z][a-z]+)*(?:[-_. ][A-Z]?[a-z]+(?:[A-Z][a-z]+)*)*$/.test(v) && v.split(/[-_. ]/).every((x) => isWordyIdentifier(x)))
    return true;
  if (/^[A-Za-z]+$/.test(v) && v.length >= 12) {
    const words = nameWords(v);
    if (words.length >= 2 && isWordyIdentifier(v)) return true;
  }
  if (/\s\S+\s/.test(v) && /^[A-Za-z ,.'!?:;-]+$/.test(v)) return true;
  const words = v.split(/\s+/).filter((w) => /[A-Za-z\d]/.test(w));
  return (
    / /.test(v.slice(1)) &&
    words.length >= 3 &&
    words.filter((w) => isWordyIdentifier(w.replace(/^[^A-Za-z\d]+|[^A-Za-z\d]+$/g, '').replace(/^\d+/, ''))).length >= words.length * 0.75
  );
}

/** isReference's definition: REFERENCE matches, and the value is a whole-value form or references and glue only. */
function isReferenceDef(v: string): boolean {
  return REFERENCE.test(v) && (REFERENCE_WHOLE.test(v) || !restLooksSecret(withoutReferences(v)));
}

function valueLooksSecretDef(raw: string, strength: NameStrength, quoted: boolean, literal = false): boolean {
  const v = raw.trim();
  if (v.length < (strength === 'strong' ? 6 : 16)) return false;
  if (distinctChars(v) <= 3) return false;
  // Prose in a script beyond ASCII (an i18n label) holds a letter beyond ASCII and no digit or sign.
  if (
    /[^\x00-\x7f]/.test(v) &&
    /^[\p{L}\p{M}][\p{L}\p{M} '\u2019.,!?-]*$/u.test(v) &&
    v.split(/[ '\u2019.,!?-]+/).every((w) => /^.[\p{Ll}\p{Lo}\p{M}]*$/u.test(w) || w === w.toUpperCase())
  )
    return false;
  if (isReferenceDef(v) || PLACEHOLDER.test(v) || isPlaceholderNote(v) || isBenignShapeDef(v, quoted, literal)) return false;
  // An interface label of a few words (`OTP code`, `API key:`).
  if (v.includes(' ') && isUiLabel(v)) return false;
  const h = shannon(v);
  if (strength === 'strong') {
    if (isUuid(v)) return true;
    return (charClasses(v) >= 2 && h >= 2.2) || (v.length >= 12 && h >= 3);
  }
  if (isUuid(v)) return false;
  return /\d/.test(v) && /[A-Za-z]/.test(v) && h >= 3;
}

/** Values of every shape the checks know, one of each. */
const PIECES = [
  // references
  '${DB_PASSWORD}',
  '${{ secrets.TOKEN }}',
  '$(cat /run/secret)',
  '$API_TOKEN',
  '%{token}',
  '%(pw)s',
  '{{ .Values.key }}',
  '<%= ENV["K"] %>',
  '#{token}',
  '@{token}',
  '[[token]]',
  'process.env.API_KEY',
  'os.environ["K"]',
  'os.getenv("K")',
  'getenv("K")',
  'ENV["K"]',
  'ENV[',
  'System.getenv("K")',
  'env(API_KEY)',
  'secrets.API_KEY',
  'secret.X',
  'vault:secret/data/x',
  '!Ref DbPassword',
  '!GetAtt X.Y',
  'ref+awsssm://x',
  'arn:aws:secretsmanager:x',
  'op://vault/item',
  'keyvault:x',
  'sm://x',
  'awssm:x',
  'file:/x',
  '%APPDATA%',
  '%APP_DATA%',
  // placeholders
  'changeme',
  'CHANGE_ME',
  'change-me',
  'replace me',
  'ReplaceMe',
  'your_api_key',
  'YOUR-TOKEN',
  'token_here',
  'KEY HERE',
  'placeholder',
  'REDACTED',
  'dummy',
  'Example',
  'xxxx',
  'XXXXXXXX',
  '***',
  '****',
  '...',
  '..',
  'todo',
  'to-do',
  'FIXME',
  'tbd',
  'n/a',
  'NA',
  'insert_key',
  'enter-password',
  'secret',
  'Password',
  'p@ssw0rd',
  'pa$$w0rd',
  'hunter2',
  'abc123',
  'qwerty',
  'api-key',
  'string',
  'false',
  '<your-key>',
  '[key]',
  '{key}',
  '----',
  '____',
  '####',
  '0000',
  // shapes
  '/etc/secrets/db',
  './a/b',
  '../x/y z',
  '~/key.pem',
  'C:\\keys\\a',
  'https://example.com/a?b=c',
  's3://bucket/key',
  'git+ssh://x',
  'mailto:x',
  'sha256-abc',
  'SHA512:Zm9v',
  'md5-x',
  '^1.2.3',
  '>=1.0.0-beta.1',
  '~2.3',
  'v1.2',
  '1.2.3+build',
  '$2b$12$abcdefghijklmnop',
  '$argon2id$v=19',
  '$6$salt$x',
  '«secret:generic-secret#1»',
  'data:image/png;base64,AAAA',
  'f(x)',
  'a[b]',
  '{a}',
  'this.token',
  'opts?.headers.key',
  'RESET_PASSWORD_V2_SUBMIT',
  'AB_CD',
  'someIdentifier',
  'ident_2',
  '_8203948571',
  '$48291735',
  '__9_7',
  'Foo<Bar>[]',
  'Foo | undefined',
  "'a' | 'b'",
  'string;',
  'token,',
  'x;;,',
  'client-secret',
  'Get-AzAccessToken',
  'accessToken',
  'platformAuthDOMGetToken',
  'abcdefghijklmnop',
  'The quick brown fox',
  'not a secret, really.',
  'a b c',
  'x\ty z',
  '00000000-0000-4000-8000-000000000000',
  'e6d4025d-136d-4a80-b667-7d2f7bc06207',
  'é',
  'ü€',
  '\u2028',
  '\u00a0',
  'Ⅻ',
  'ſ',
  'K',
  // separators
  ' ',
  ' ',
  '-',
  '_',
  '.',
  ':',
  '/',
  ';',
  ',',
  '=',
  '@',
  '#',
  '"',
  "'",
  '?',
  '&',
  '+',
];

/** Values of every shape the checks know, and random material; many long enough for a weak name. */
function values(): string[] {
  const r = prng(41);
  const pieces = PIECES;
  const out: string[] = [...pieces];
  for (let k = 0; k < 12000; k++) {
    let v = '';
    for (let i = 0, n = 1 + Math.floor(r() * 3); i < n; i++) {
      const t = r();
      v +=
        t < 0.55
          ? pieces[Math.floor(r() * pieces.length)]
          : t < 0.7
            ? rand(ALNUM, 4 + Math.floor(r() * 40), Math.floor(r() * 1e9))
            : t < 0.8
              ? rand(HEX, 8 + Math.floor(r() * 56), Math.floor(r() * 1e9))
              : t < 0.87
                ? rand(B64, 8 + Math.floor(r() * 60), Math.floor(r() * 1e9))
                : t < 0.94
                  ? rand(PASSWORD_CHARS, 6 + Math.floor(r() * 20), Math.floor(r() * 1e9))
                  : rand(t < 0.97 ? '0123456789' : '0123456789-+#!', 8 + Math.floor(r() * 24), Math.floor(r() * 1e9)); // no letters
    }
    if (r() < 0.15) v = ' ' + v + ' ';
    if (r() < 0.1) v += ';';
    out.push(v);
  }
  return out;
}

describe('valueLooksSecret against its plain definition', () => {
  const vs = values();

  it('isReference and isPlaceholder (anchored and unanchored alternatives apart) answer as the whole regexes', () => {
    let refs = 0,
      phs = 0;
    for (const v of vs) {
      const ref = isReferenceDef(v);
      assert.equal(isReference(v), ref, JSON.stringify(v));
      assert.equal(isPlaceholder(v), PLACEHOLDER.test(v) || distinctChars(v) <= 3 || isPlaceholderNote(v), JSON.stringify(v));
      if (ref) refs++;
      if (PLACEHOLDER.test(v)) phs++;
    }
    assert.ok(refs > 1000 && phs > 1000, `${refs} references, ${phs} placeholders`);
  });

  it('isBenignShape (regexes skipped by the characters held and the first one) answers as its definition', () => {
    let yes = 0;
    for (const v of vs)
      for (const quoted of [true, false]) {
        const want = isBenignShapeDef(v, quoted);
        assert.equal(isBenignShapeOf(v, quoted), want, `${JSON.stringify(v)} quoted ${quoted}`);
        if (want) yes++;
        if (!quoted) assert.equal(isBenignShapeOf(v, false, true), isBenignShapeDef(v, false, true), `${JSON.stringify(v)} literal`);
      }
    assert.ok(yes > 3000 && yes < 2 * vs.length - 3000, `${yes} benign`);
  });

  it('answers as the definition for both strengths, quoted or not', () => {
    const yes = { strong: 0, weak: 0 };
    const no = { strong: 0, weak: 0 };
    for (const v of vs) {
      for (const strength of ['strong', 'weak'] as const) {
        for (const quoted of [true, false]) {
          const want = valueLooksSecretDef(v, strength, quoted);
          assert.equal(valueLooksSecret(v, strength, quoted), want, `${JSON.stringify(v)} ${strength} quoted ${quoted}`);
          if (want) yes[strength]++;
          else no[strength]++;
          if (!quoted)
            assert.equal(valueLooksSecret(v, strength, false, true), valueLooksSecretDef(v, strength, false, true), `${JSON.stringify(v)} ${strength} literal`);
        }
      }
    }
    for (const s of ['strong', 'weak'] as const) assert.ok(yes[s] > 2000 && no[s] > 2000, `${s}: ${yes[s]} yes, ${no[s]} no`);
  });

  it('skips a regex by the first character only where the regex cannot match: every ASCII first character on every shape', () => {
    // Each shape with its first character replaced, and with one put before it: every ASCII code and
    // some beyond (case-folding letters among them). Long placeholders and references, so that the
    // anchored alternatives past 11 characters are asked too.
    const long = [
      '<your-api-key-goes-in>',
      '[fill-in-the-value]',
      '{replace-this-one}',
      'insert_the_key_now',
      'enter-the-password-now',
      'your_own_key_goes_in',
      '$(cat /run/secrets/db)',
      '%APP_DATA_VALUE%',
      'keyvault:prod/db/password',
      'awssm:prod/db/password',
      'file:/run/secrets/db',
      'op://vault/item/field',
      'sha256:Zm9vYmFyYmF6cXV4',
      'v1.22.333-beta.4',
      'data:text/plain;base64,Zm9v',
      '$2b$12$Zm9vYmFyYmF6cXV4',
      'undefined',
      'none_at_all',
      'C:\\keys\\prod\\a.pem',
      'RESET_PASSWORD_V2_SUBMIT',
      'Some words here, plainly.',
      'platformAuthDOMGetToken',
      'opts?.headers.key;',
      'Foo<Bar>[] | undefined;',
      'password123',
      'Secret123',
      'mypassword',
      'tRuE',
      'fALSE',
      'YeS',
      'nO',
      'oN',
      'oFf',
      'NuLl',
      'nIl',
      'NoNe',
      'uNdEfInEd',
      '12.5mB',
      'sHa1:x',
      'Md5-x',
    ];
    long.push(...long.map((v) => v.toUpperCase()), ...long.map((v) => v.toLowerCase()));
    const firsts = [
      ...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)),
      '\u0080',
      '\u00ab',
      '\u00e9',
      '\u00ff',
      '\u0130',
      '\u0131',
      '\u017f',
      '\u212a',
      '\u2028',
      '\ufeff',
    ];
    let benign = 0,
      secret = 0;
    for (const p of [...PIECES, ...long]) {
      for (const c of firsts) {
        for (const v of [c + p.slice(1), c + p]) {
          for (const quoted of [true, false]) {
            const shape = isBenignShapeDef(v, quoted);
            assert.equal(isBenignShapeOf(v, quoted), shape, `${JSON.stringify(v)} quoted ${quoted}`);
            if (shape) benign++;
            for (const strength of ['strong', 'weak'] as const) {
              const want = valueLooksSecretDef(v, strength, quoted);
              assert.equal(valueLooksSecret(v, strength, quoted), want, `${JSON.stringify(v)} ${strength} quoted ${quoted}`);
              if (want) secret++;
            }
          }
        }
      }
    }
    assert.ok(benign > 5000 && secret > 20000, `${benign} benign shapes, ${secret} secrets`);
  });

  // valueLooksSecret skips an anchored alternative by the value's first character (FIRST in entropy.ts,
  // written by hand). An example of every anchored alternative, with random material inside where the
  // alternative allows it (so that only the alternative makes the value no secret), checks those bits;
  // an alternative added without an example fails here, so its first characters get checked too.
  it('holds an example of every anchored REFERENCE and PLACEHOLDER alternative, and answers as the definition on each', () => {
    const t = 'Kq8Zm2vL9pW4xR';
    const examples: Record<string, string[]> = {
      '^\\$\\(': [`$(${t})`],
      '^\\$\\{[a-z][a-z0-9]*(?:\\([^()\\s]*\\))?:[^\\s{}]*\\}$': ['${ssm:/dd/key}', '${ssm(eu-west-1):/app/pw}', '${file(./s.yml):pw}', `\${s3:${t}/key}`],
      '^\\$__(?:env|file|vault)\\{[^\\s{}]+\\}$': [`$__env{${t}}`, `$__file{/run/secrets/${t}}`, `$__vault{secret/${t}:pw}`],
      '^env:(?:[A-Z_][A-Z0-9_]*|[a-z_][a-z0-9_]*)$': ['env:KQ_ZMVLPWXR_AB', 'env:kq_zmvlpwxr_ab'],
      '^\\$\\[[ \\t]*(?:variables|parameters|dependencies|stageDependencies)[.[][^\\s\\]]*(?:\\][^\\s\\]]*)*\\]$': [
        `$[variables.${t}]`,
        `$[dependencies.A.outputs['${t}.pw']]`,
      ],
      '^projects\\/[\\w.-]+\\/secrets\\/[\\w-]+(?:\\/versions\\/(?:latest|\\d+))?$': [
        `projects/${t}/secrets/db-password/versions/latest`,
        `projects/p/secrets/${t}`,
      ],
      '^(?:__[A-Z][A-Z0-9_]*[A-Z0-9]__|@@[A-Z][A-Z0-9_]*@@)$': ['__KQ8ZM2VL9PW4XR__', '@@KQ8ZM2VL9PW4XR@@'],
      '^\\$\\{[A-Za-z_]\\w*:?\\?[^{}]*\\}$': [`\${DB_PASSWORD?${t}}`, `\${${t}:?missing}`],
      '^\\$[A-Za-z_]\\w*(?:(?:->|::|[/.:\\-\\[\\]\'"@])[\\w./:\\-\\[\\]\'"@>]*)?$': [`$${t}`, `$_${t}`, `$${t}/.ssh`, `$_ENV['${t}']`, `$this->${t}`],
      '^%\\{': [`%{${t}}`],
      '^%\\(': [`%(${t})s`],
      '^#\\{': [`#{${t}}`],
      '^@\\{': [`@{${t}}`],
      '^\\[\\[': [`[[${t}]]`],
      '^env\\(': [`env(${t})`],
      '^secrets?\\.': [`secrets.${t}`, `secret.${t}`],
      '^vault:': [`vault:${t}`],
      '^!(?:Ref|Sub|GetAtt|ImportValue)': [`!Ref ${t}`, `!Sub ${t}`, `!GetAtt ${t}`, `!ImportValue ${t}`],
      '^ref\\+': [`ref+${t}`],
      '^arn:aws:': [`arn:aws:${t}`],
      '^op://': [`op://${t}`],
      '^keyvault:': [`keyvault:${t}`],
      '^sm://': [`sm://${t}`],
      '^awssm:': [`awssm:${t}`],
      '^file:': [`file:${t}`],
      '^%[A-Z_]+%$': ['%KQ_ZMVLPWXR_AB%'],
      '^%env\\((?:[a-z_]+:)*[A-Za-z_]\\w*\\)%$': ['%env(KQ_ZMVLPWXR_AB)%', '%env(resolve:KQ_ZMVLPWXR)%'],
      '^@Microsoft\\.KeyVault\\(': [`@Microsoft.KeyVault(SecretUri=https://${t}.vault.azure.net/secrets/db/)`],
      '^ENC\\[AES256_GCM,data:[A-Za-z0-9+/=]*,iv:[A-Za-z0-9+/=]*,tag:[A-Za-z0-9+/=]*,type:[a-z]+\\]$': [
        `ENC[AES256_GCM,data:${t}=,iv:${t}==,tag:${t},type:str]`,
        'ENC[AES256_GCM,data:,iv:,tag:,type:str]',
      ],
      '^(?:key::)?(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp(?:256|384|521)|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\\.com) AAAA[A-Za-z0-9+/]+=*(?: [^\\s]*)?$':
        [`key::ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${t} me@host`, `ssh-rsa AAAAB3NzaC1yc2E${t}==`],
      '^\\$ANSIBLE_VAULT;1\\.[12];AES256(?:;[\\w.-]+)?[0-9a-f \\t]*$': [
        '$ANSIBLE_VAULT;1.1;AES256' + '61626364'.repeat(8),
        '$ANSIBLE_VAULT;1.2;AES256;prod 6566',
      ],
      '^[xX]+$': ['xXxXxXxXxXxXxX'],
      '^\\*+$': ['**************'],
      '^\\.+$': ['..............'],
      '^-+$': ['--------------'],
      '^_+$': ['______________'],
      '^#+$': ['##############'],
      '^0+$': ['00000000000000'],
      '^<[^<>]*>$': [`<${t}>`],
      '^\\[[^\\]]*\\]$': [`[${t}]`],
      '^\\{[^{}]*\\}$': [`{${t}}`],
      '^your[_\\- ]': [`your_${t}`, `your-${t}`, `your ${t}`],
      '^to-?do$': ['todo', 'to-do'],
      '^fixme$': ['fixme'],
      '^tbd$': ['tbd'],
      '^n/?a$': ['n/a', 'na'],
      '^insert[_\\- ]': [`insert_${t}`],
      '^enter[_\\- ]': [`enter-${t}`],
      '^(?:secret|password|passwd|pass|token|test|testing|admin|root|guest|user|username|default|none|empty|null|nil|foo|bar|baz|abc123|123456|12345678|qwerty|letmein|mysecret|mypassword|secretkey|apikey|api_key|api-key|password123|secret123|s3cr3t|hunter2|pa\\$\\$w0rd|p@ssw0rd|key|value|string|required|optional|true|false)$':
        ['password123', 'secret123', 'p@ssw0rd', 'pa$$w0rd', 'mypassword', 'abc123', 'username'],
    };
    const anchored = (parts: readonly string[]) => parts.filter((p) => p.startsWith('^'));
    assert.deepEqual(
      Object.keys(examples).sort(),
      [...anchored(REFERENCE_PARTS), ...anchored(PLACEHOLDER_PARTS)].sort(),
      'every anchored alternative needs an example here (and its first characters in FIRST)',
    );
    let decided = 0;
    for (const [alt, values] of Object.entries(examples)) {
      const flags = (PLACEHOLDER_PARTS as readonly string[]).includes(alt) ? 'i' : '';
      for (const base of values) {
        assert.match(base, new RegExp(alt, flags), `the example ${base} does not match ${alt}`);
        // PLACEHOLDER ignores case: capitals first, and every letter capital.
        const variants = flags === 'i' ? [base, base[0]!.toUpperCase() + base.slice(1), base.toUpperCase()] : [base];
        for (const v of variants) {
          for (const strength of ['strong', 'weak'] as const) {
            for (const quoted of [true, false]) {
              assert.equal(
                valueLooksSecret(v, strength, quoted),
                valueLooksSecretDef(v, strength, quoted),
                `${JSON.stringify(v)} ${strength} quoted=${quoted}`,
              );
            }
          }
          // Without its first character the same material is a secret: the alternative is what decides.
          if (v.length > 12 && valueLooksSecretDef(v.slice(1), 'strong', true)) decided++;
        }
      }
    }
    assert.ok(decided >= 20, `only ${decided} examples where the alternative decides`);
  });
});
