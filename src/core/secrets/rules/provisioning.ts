// Credentials in OS provisioning files, shorthand credential notation, and private-key material outside PEM (found
// by a blind red team, rt22mask: debian-preseed, cloud-init-chpasswd, wifi-qr-and-shorthand, cli-password-forms-2,
// private-key-hex-and-der, c-char-array-macro, csharp-verbatim-bytes, pem-base64-wrapped-whole):
// - Debian preseed `d-i passwd/root-password password X` (user-password, -again, grub-installer/password), the
//   value is the rest of the line (a passphrase of words too);
// - cloud-init `chpasswd: list: |` lines `user:X`;
// - `WIFI:T:WPA;S:net;P:X;;` (the Wi-Fi QR payload), `u/p: admin/X`, `nmcli … password X`, `lftp -u user,X`,
//   `mysql … \` continued by a line holding `-pX`;
// - key material: PKCS#8/PKCS#1/SEC1 DER as hex (`302e020100…`, `3082….020100…`), 64/128 hex or a WIF under a
//   comment naming a seed/private key, C `"\xNN…"` strings and `Convert.FromHexString("…")`/`bytes.fromhex("…")`
//   assigned to a name holding key/hmac/secret/seed, and the lines after a base64-wrapped PEM private key's first
//   (`TLS_KEY_B64=LS0tLS1CRUdJTi…` then bare base64 lines: every line of the blob).
// Threat: the model reads an installer answer file, a QR payload or a key dump and learns the credential.
// Cost: every form is gated by a rare literal (`d-i`, `chpasswd`, `WIFI:`, `u/p`, `nmcli`, `lftp`, `020100`,
// `\x`, `FromHexString`, `LS0tLS1CRUdJTi`); line forms read only the lines holding it.
import { isPlaceholder, isReference, valueLooksSecret } from '../entropy';
import { B64, HEX, j, PASSWORD_CHARS, rand } from '../samples';
import type { BlockRule } from '../types';
import { formsRule, token, type Form } from './form-scan';
import { classifyName } from '../names';

const RULE = 'provisioning-secret';
const PRIORITY = 2.6;

/** A value set there: anything but empty, a reference or a placeholder. */
const given = (v: string): boolean => v.trim().length >= 4 && !isReference(v.trim()) && !isPlaceholder(v.trim()) && !/^\$\{|^\{\{|^%\(/.test(v);
/**
 * A value behind a sigil (`!X`, `$X`) that reads as a random password: the rest has a lower, an upper and a digit,
 * is no all-caps variable name, no `${`/`$(` expansion, and looks secret.
 */
const sigilValue = (v: string): boolean => {
  const rest = v.slice(1);
  if (!/^[\w!#%*+.~^@-]+$/.test(rest) || /^[A-Z_][A-Z0-9_]*$/.test(rest)) return false;
  return /[a-z]/.test(rest) && /[A-Z]/.test(rest) && /\d/.test(rest) && valueLooksSecret(rest, 'strong', true);
};
/** The spans of the contents of each `"…"` literal in a group. */
const literalPieces = (g: string): [number, number][] => {
  const out: [number, number][] = [];
  const re = /"([^"\n\\]*)"/g;
  for (let m = re.exec(g); m !== null; m = re.exec(g)) if (m[1]!.length > 0) out.push([m.index + 1, m.index + 1 + m[1]!.length]);
  return out;
};

/** A shell variable's later piece: its first assignment, before it, reads as a token or the name says secret. */
const shellContinued = (v: string, m: RegExpExecArray, text: string): boolean => {
  const name = m[1]!;
  const before = text.slice(0, m.index);
  const first = new RegExp(String.raw`(?:^|\n)[ \t]*(?:export[ \t]+)?${name}=(["']?)([^\s"']{6,256})\1[ \t]*(?=\r?\n|$)`).exec(before);
  if (first === null) return false;
  const head = first[2]!;
  if (isReference(head) || isPlaceholder(head)) return false;
  const secretName = classifyName(name) !== null;
  return (secretName || token(head + v, m, text)) && /[A-Za-z]/.test(v) && /\d/.test(head + v);
};

/** The two pieces of a continued YAML string joined: under a secret name, or reading as a token, no blanks. */
const yamlContinued = (joined: string, m: RegExpExecArray): boolean =>
  !/\s/.test(joined) && !isReference(joined) && !isPlaceholder(joined) && (classifyName(m[1]!) !== null ? joined.length >= 8 : token(joined, m, ''));

/** Hex key material: long enough and not one repeated digit. */
const hexKey = (v: string): boolean => v.length >= 32 && new Set(v.toLowerCase()).size >= 8;
/** A name that says key material. */
const KEY_NAME = /key|hmac|secret|seed|priv|sign|salt|psk/i;

/** The base64 text a line of a wrapped blob holds (the spans of each following line's run). */
const blobLines = (group: string): [number, number][] => {
  const out: [number, number][] = [];
  const re = /[A-Za-z0-9+/]{2,}={0,2}/g;
  for (let m = re.exec(group); m !== null; m = re.exec(group)) out.push([m.index, m.index + m[0].length]);
  return out;
};

/** Whether a base64 head decodes to a PEM private key's BEGIN line. */
const pemPrivateHead = (head: string): boolean => {
  try {
    const s = atob(head.slice(0, 80 - (80 % 4)));
    return /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(s);
  } catch {
    return false;
  }
};

const FORMS: Form[] = [
  {
    // Debian preseed: `d-i passwd/root-password password X`, `d-i passwd/user-password-again password X`.
    gates: ['passwd/', 'grub-installer/password'],
    re: /^[ \t]*d-i[ \t]+(?:passwd\/(?:root|user)-password|grub-installer\/password)(?:-again|-crypted)?[ \t]+password[ \t]+(\S(?:.*\S)?)[ \t]*$/dg,
    groups: [1],
    line: true,
    judge: given,
  },
  {
    // cloud-init: `chpasswd:` then `list: |` and lines `user:X` (more indented).
    gates: ['list:'],
    requires: ['chpasswd'],
    re: /^([ \t]*)list:[ \t]*\|[-+]?[ \t]*\r?\n((?:\1[ \t]+[\w.@-]{1,64}:[^\s:][^\n]*(?:\r?\n|$))+)/dgm,
    groups: [2],
    pieces: (g) => {
      const out: [number, number][] = [];
      const re = /^[ \t]+[\w.@-]{1,64}:([^\s:][^\r\n]*?)[ \t]*$/gm;
      for (let m = re.exec(g); m !== null; m = re.exec(g)) {
        const s = m.index + m[0].indexOf(':') + 1;
        out.push([s, s + m[1]!.length]);
      }
      return out;
    },
    judge: (v) => given(v) && v !== 'RANDOM' && v !== 'R',
  },
  {
    // The Wi-Fi QR payload: `WIFI:T:WPA;S:AcmeGuest;P:X;;` (`\;` escapes a `;` in the value).
    gates: ['WIFI:'],
    re: /WIFI:(?:[A-Z]:(?:\\.|[^;\\\n])*;)*?P:((?:\\.|[^;\\\n])+);/dg,
    groups: [1],
    line: true,
    judge: given,
  },
  {
    // `u/p: admin/X`, `U/P admin / X`.
    gates: ['u/p', 'U/P', 'u/pw', 'U/PW'],
    re: /\b[uU]\/[pP][wW]?[ \t]*[:=-]?[ \t]*[\w.@-]{1,32}[ \t]*\/[ \t]*(["'\x60]?)([^\s"'\x60]{4,128})\1(?=$|[\s,;)])/dg,
    groups: [2],
    line: true,
    judge: given,
  },
  {
    // `nmcli dev wifi connect NET password X`, `nmcli con modify NET wifi-sec.psk X`.
    gates: ['nmcli'],
    re: /\bnmcli\b.*?[ \t](?:password|wifi-sec\.psk|802-11-wireless-security\.psk)[ \t]+(["']?)([^\s"']{4,128})\1/dg,
    groups: [2],
    line: true,
    judge: given,
  },
  {
    // `lftp -u backup,X sftp://host`.
    gates: ['lftp'],
    re: /\blftp\b.*?[ \t]-u[ \t]+(["']?)[^\s,"']+,([^\s"']{4,128})\1/dg,
    groups: [2],
    line: true,
    judge: given,
  },
  {
    // `mysql -h db -u app \` then a continued line holding `-pX`.
    gates: ['mysql', 'mariadb'],
    re: /\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mariadb|mariadb-dump)\b[^\n]*\\\r?\n(?:[^\n]*\\\r?\n){0,6}?[^\n]*?(?:^|[ \t])-p([^\s'"-][^\s'"]{3,127})/dgm,
    groups: [1],
    judge: given,
  },
  {
    // A password-named option whose value starts with `!` (a literal in a script, not a reference):
    // `restic --password=!X`, `helm … --set db.password=!X`, `--api-key='!X'`.
    gates: ['=!', '="!', "='!"],
    re: /(?:^|[\s'"])(?:--?|--set(?:-string)?[ \t]+)([\w.-]*(?:pass(?:word|wd|phrase)?|secret|token|api[-_]?key|pwd|psk)[\w.-]*)=(["']?)(![^\s'"]{7,127})\2(?=$|[\s;|&>)])/dgi,
    groups: [3],
    line: true,
    judge: (v) => sigilValue(v),
  },
  {
    // A JSON/YAML string under a password-named key whose value starts with `$` or `!` followed by a random run:
    // `{"password": "$gHwoMFPGHary9"}` (not `"$DB_PASSWORD"`, `"${PW}"`, `"$(cat f)"`).
    gates: ['": "$', '":"$', '": "!', '":"!', ": '$", ': "$'],
    re: /["']?([\w.-]*(?:pass(?:word|wd|phrase)?|secret|token|api[-_]?key|pwd|psk)[\w.-]*)["']?[ \t]*:[ \t]*(["'])([$!][^\s"'\\]{7,127})\2/dgi,
    groups: [3],
    line: true,
    judge: (v) => sigilValue(v),
  },
  {
    // Java/Kotlin building a secret: `key = new StringBuilder().append("sk_live_").append("…")…`, `buildString {
    // append("…") … }` — every piece, when the name says secret or the pieces joined read as a token.
    gates: ['buildString', 'StringBuilder'],
    requires: ['append('],
    re: /(?:\b([A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w.<>]+)?[ \t]*=|\breturn)[ \t]*(?:buildString[ \t]*\{|new[ \t]+StringBuilder\([ \t]*\))((?:\s*\.?append\([ \t]*"[^"\n\\]*"[ \t]*\)[ \t]*;?)+)/dg,
    groups: [2],
    pieces: literalPieces,
    judge: (_v, m) => {
      const joined = literalPieces(m[2]!)
        .map(([a, b]) => m[2]!.slice(a, b))
        .join('');
      return joined.length >= 12 && ((m[1] !== undefined && classifyName(m[1]) !== null) || token(joined, m, ''));
    },
  },
  {
    // YAML double-quoted scalar continued with a trailing `\\`: `stripe: "sk_live_…\\` then `  …"` — both pieces.
    gates: ['\\\n'],
    requires: [': "'],
    re: /^[ \t]*(?:-[ \t]+)?([\w.-]+):[ \t]+"([^"\n\\]{6,256})\\\r?\n[ \t]*([^"\n\\]{4,256})"[ \t]*(?=\r?\n|$)/dgm,
    groups: [2],
    pieces: (g) => [[0, g.length]],
    judge: (v, m) => yamlContinued(v + m[3]!, m),
  },
  {
    gates: ['\\\n'],
    requires: [': "'],
    re: /^[ \t]*(?:-[ \t]+)?([\w.-]+):[ \t]+"([^"\n\\]{6,256})\\\r?\n[ \t]*([^"\n\\]{4,256})"[ \t]*(?=\r?\n|$)/dgm,
    groups: [3],
    judge: (v, m) => yamlContinued(m[2]! + v, m),
  },
  {
    // The head of such a variable: `K=<piece>` when the next line goes on with `K+=…` / `K="${K}…"`.
    gates: ['+=', '="${', '=${', '="$', '=$'],
    re: /^[ \t]*(?:export[ \t]+)?([A-Za-z_]\w*)=(["']?)([A-Za-z0-9_+/=.~-]{6,256})\2[ \t]*;?[ \t]*\r?\n(?=[ \t]*(?:export[ \t]+)?\1(?:\+=|=["']?\$\{?\1\b)["']?([A-Za-z0-9_+/=.~-]{6,256}))/dgm,
    groups: [3],
    judge: (v, m) => /[A-Za-z]/.test(v) && /\d/.test(v + m[4]!) && (classifyName(m[1]!) !== null || token(v + m[4]!, m, '')),
  },
  {
    // Shell: `K=<token start>` then `K+=…` / `K="${K}…"` / `K=$K…` lines: every later piece of a variable whose
    // first value reads as a token or whose name says secret.
    gates: ['+=', '="${', '=${', '="$', '=$'],
    re: /^[ \t]*(?:export[ \t]+)?([A-Za-z_]\w*)(?:\+=|=["']?\$\{?\1\}?)(["']?)([A-Za-z0-9_+/=.~-]{6,256})\2[ \t]*;?[ \t]*$/dgm,
    groups: [3],
    judge: (v, m, text) => shellContinued(v, m, text),
  },
  {
    // A vendor token with its underscores escaped for markdown: `ghp\\_…`, `sk\\_live\\_…`, `github\\_pat\\_…`.
    gates: ['\\_'],
    re: /(?<![\w\\])((?:gh[pousr]|github\\_pat|[sr]k\\_(?:live|test)|whsec|npm|glpat|sk\\_ant|xox[abp])\\_[A-Za-z0-9]+(?:(?:\\_|-)[A-Za-z0-9]+)*)/dg,
    groups: [1],
    line: true,
    judge: (v) => {
      const t = v.replace(/\\_/g, '_');
      return t.length >= 24 && token(t.replace(/^[a-z]+_(?:[a-z]+_)?/, ''), {} as RegExpExecArray, '');
    },
  },
  {
    // A token broken by markup: `ghp_…<wbr>…<wbr>…`, `<span>sk_live_…</span><span>…</span>`.
    gates: ['<wbr', '</span><span'],
    re: /((?:gh[pousr]_|github_pat_|[sr]k_(?:live|test)_|sk-(?:proj-|ant-)?|xox[abp]-|glpat-|npm_)[A-Za-z0-9_-]*(?:(?:<wbr[ \t]*\/?>|<\/span><span[^>]*>)[A-Za-z0-9_-]+)+)/dg,
    groups: [1],
    line: true,
    judge: (v) => v.replace(/<[^>]*>/g, '').length >= 24,
  },
  {
    // PKCS#8 / PKCS#1 / SEC1 private keys as hex: SEQUENCE, then INTEGER 0 (or 1 for SEC1 with its OCTET STRING).
    gates: ['020100', '020101'],
    re: /(?<![0-9A-Fa-f])(30(?:[0-7][0-9A-Fa-f]|81[0-9A-Fa-f]{2}|82[0-9A-Fa-f]{4})(?:020100(?:30|02)|02010104)[0-9A-Fa-f]{48,})(?![0-9A-Fa-f])/dg,
    groups: [1],
    line: true,
    judge: hexKey,
  },
  {
    // `# ed25519 seed (hex)` / `// private key` then a line of 64 or 128 hex digits, or a WIF under `wallet import format`.
    gates: ['seed', 'rivate key', 'rivate_key', 'igning key', 'ecret key', 'WIF', 'allet import'],
    lineStart: '#',
    re: /^[ \t]*#[^\n]*?(?:\bseed\b|[Pp]rivate[ _-]?[Kk]ey|[Ss]igning[ _-]?[Kk]ey|[Ss]ecret[ _-]?[Kk]ey|\bWIF\b|[Ww]allet [Ii]mport)[^\n]*\r?\n[ \t]*([0-9A-Fa-f]{64}(?:[0-9A-Fa-f]{64})?|[5KL][1-9A-HJ-NP-Za-km-z]{50,51})[ \t]*(?=\r?\n|$)/dgm,
    groups: [1],
    judge: (v) => (/^[0-9A-Fa-f]+$/.test(v) ? hexKey(v) : true),
  },
  {
    // The same under a `//` comment.
    gates: ['seed', 'rivate key', 'rivate_key', 'igning key', 'ecret key', 'WIF', 'allet import'],
    lineStart: '/',
    re: /^[ \t]*\/\/[^\n]*?(?:\bseed\b|[Pp]rivate[ _-]?[Kk]ey|[Ss]igning[ _-]?[Kk]ey|[Ss]ecret[ _-]?[Kk]ey|\bWIF\b|[Ww]allet [Ii]mport)[^\n]*\r?\n[ \t]*([0-9A-Fa-f]{64}(?:[0-9A-Fa-f]{64})?|[5KL][1-9A-HJ-NP-Za-km-z]{50,51})[ \t]*(?=\r?\n|$)/dgm,
    groups: [1],
    judge: (v) => (/^[0-9A-Fa-f]+$/.test(v) ? hexKey(v) : true),
  },
  {
    // C `static const char *hmac = "\xda\xed…"` named as key material (16 bytes or more).
    gates: ['\\x'],
    re: /\b([A-Za-z_]\w*)(?:\[\w*\])?[ \t]*=[ \t]*(?:\(\w+\)[ \t]*)?[LuU8]*"((?:\\x[0-9A-Fa-f]{2}){16,})/dg,
    groups: [2],
    line: true,
    judge: (v, m) => KEY_NAME.test(m[1]!) && new Set(v.toLowerCase().split('\\x')).size >= 8,
  },
  {
    // `HmacKey = Convert.FromHexString("…")`, `key = bytes.fromhex("…")`, `hex::decode("…")`, `Hex.decodeHex("…")`.
    gates: ['FromHexString', 'fromhex', 'hex::decode', 'decodeHex', 'unhexlify', 'hex.DecodeString', 'hexToBytes'],
    re: /\b([A-Za-z_]\w*)[ \t]*(?::[^=\n]{1,40})?=[^"'\n]{0,60}?(?:FromHexString|fromhex|hex::decode|decodeHex|unhexlify|hex\.DecodeString|hexToBytes)\([ \t]*[bB]?["']([0-9A-Fa-f]{32,})["']/dg,
    groups: [2],
    line: true,
    judge: (v, m) => KEY_NAME.test(m[1]!) && hexKey(v),
  },
  {
    // Base64 of a whole PEM private key wrapped over lines: the lines after the first (which other rules mask).
    gates: ['LS0tLS1CRUdJTi'],
    re: /(LS0tLS1CRUdJTi[A-Za-z0-9+/]{20,}={0,2})[ \t"']*((?:\r?\n[ \t]*(?:[A-Za-z0-9+/]{16,}={0,2}|(?:[A-Za-z0-9+/]{4}){0,3}(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2}==))[ \t"'\\]*(?=\r?\n|$))+)/dg,
    groups: [2],
    pieces: blobLines,
    judge: (_v, m) => pemPrivateHead(m[1]!),
  },
];
export const provisioningSecret: BlockRule = formsRule(
  RULE,
  'Installer answer files (preseed d-i passwd, cloud-init chpasswd lists), Wi-Fi QR payloads, u/p shorthand, nmcli/lftp/continued mysql passwords, and private keys outside PEM (DER hex, seeds under a key comment, C \\x strings and FromHexString named as keys, base64-wrapped PEM lines)',
  FORMS,
  PRIORITY,
  () => {
    let seed = 0x42e44;
    const SAFE = PASSWORD_CHARS.replace(/[#'"\\,;:|()<>{}@/\s$?=.!-]/g, '');
    const p = Array.from({ length: 12 }, () => 'Q7' + rand(SAFE, 10, seed++ * 7919) + 'k');
    const hex = (n: number) => rand(HEX, n, seed++ * 7919);
    const bytes = (n: number) => Array.from({ length: n }, () => '\\x' + hex(2)).join('');
    const pemB64 = btoa(j('-----BEGIN ', 'PRIVATE KEY-----') + '\n' + rand(B64, 64, seed++ * 7919) + '\n' + rand(B64, 64, seed++ * 7919) + '\n');
    const wrapped = pemB64.match(/.{1,76}/g)!;
    const der = '302e020100300506032b657004220420' + hex(64);
    const seedHex = hex(64);
    const c = bytes(32);
    const fh = hex(64);
    const fh2 = hex(64);
    const tk = rand(B64.replace(/[+/]/g, ''), 36, seed++ * 7919);
    const tp: [string, string[]][] = [
      [`d-i passwd/root-password password ${p[0]}`, [p[0]!]],
      [`d-i passwd/user-password-again password orbit ${p[1]} lantern`, [p[1]!]],
      [`#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    root:${p[2]}\n    ana:${p[3]}\n`, [p[2]!, p[3]!]],
      [`WIFI:T:WPA;S:AcmeGuest;P:${p[4]};;`, [p[4]!]],
      [`u/p: admin/${p[5]}`, [p[5]!]],
      [`nmcli dev wifi connect AcmeHQ password ${p[6]}`, [p[6]!]],
      [`lftp -u backup,${p[7]} sftp://files.acme.io`, [p[7]!]],
      [`mysql -h db -u shop \\\n  -p${p[8]} shop < dump.sql`, [p[8]!]],
      [`# DER private key, hex dump\n${der}`, [der.slice(32)]],
      [`# ed25519 seed (hex), for the signer\n${seedHex}`, [seedHex]],
      [`static const char *hmac = "${c}";`, [c.slice(0, 40)]],
      [`static readonly byte[] HmacKey = Convert.FromHexString("${fh}");`, [fh]],
      [`TLS_KEY_B64=${wrapped.join('\n')}`, wrapped.slice(1)],
      [`restic --password=!${p[9]} --verbose > /backup/restic.out`, [p[9]!]],
      [`helm upgrade api ./chart --set db.password=!${p[10]} --set image.tag=1.2.3`, [p[10]!]],
      [`val k = buildString {\n    append("${p[9]}")\n    append("${p[10]}")\n}`, [p[9]!, p[10]!]],
      [`K=${p[11]}\nK+=${p[9]}`, [p[11]!, p[9]!]],
      [`CI uses \`ghp\\_${tk}\` (bot).`, [tk]],
      [`<code>ghp_${tk.slice(0, 12)}<wbr>${tk.slice(12, 24)}<wbr>${tk.slice(24)}</code>`, [tk.slice(0, 12), tk.slice(12, 24), tk.slice(24)]],
      [`SIGNER = bytes.fromhex("${fh2}")`, [fh2]],
    ];
    return {
      truePositives: tp.map(([text, secrets]) => ({ text: text + '\n', secrets })),
      falsePositives: [
        'd-i passwd/user-fullname string Ana Silva\n',
        'd-i passwd/root-password password ${ROOT_PASSWORD}\n',
        '#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    root:RANDOM\n',
        'packages:\n  list: |\n    nginx:latest\n',
        'WIFI:T:WPA;S:AcmeGuest;P:<password>;;\n',
        'nmcli dev wifi connect AcmeHQ --ask\n',
        'lftp -e "mirror -R" sftp://files.acme.io\n',
        'mysql -h db -u shop \\\n  -p shop < dump.sql\n',
        '# sha256 of the release\n' + 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n',
        'static const char *banner = "\\x1b[1m\\x1b[32m\\x1b[0m\\x1b[1m\\x1b[32m\\x1b[0m\\x1b[1m\\x1b[32m";\n',
        'var digest = Convert.FromHexString(expected);\n',
        'restic --password=!ignore-me --verbose\n',
        'Use `snake\\_case\\_names` for the `ghp\\_` prefix check.\n',
        'long<wbr>word<wbr>break and sk-<wbr>x\n',
        'PATH=/usr/bin\nPATH+=:/opt/bin\nFLAGS=-O2\nFLAGS+=-Wall\n',
        'val msg = buildString {\n    append("Hello, ")\n    append("world")\n}\n',
        'msg: "hello world \\\n  and more"\n',
        '{"password": "$DB_PASSWORD", "token": "${TOKEN}"}\n',
      ],
    };
  },
);
