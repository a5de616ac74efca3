// Multi-line secrets: private key blocks (PEM, OpenSSH, PGP) and Kubernetes Secret objects.
// Threat: a private key is the most valuable secret a repository can hold, and every line of its
// body is key material; masking only the BEGIN line would hand the model the key. Certificates and
// public keys next to it are not secret and must stay byte-identical (an agent may need them).
import { isPlaceholder, isReference, valueLooksSecret } from './entropy';
import { B64, b64, HEX, j, pemBlock, pemBody, rand } from './samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from './types';

const PRIORITY = 0;

/** 0-based index of the line holding offset `pos`. */
export function lineOf(starts: number[], pos: number): number {
  let lo = 0,
    hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Line `i` without its `\n` (the last line of a text ending in `\n` too: its `\n` ends it, it starts no line). */
function lineText(text: string, starts: number[], i: number): string {
  const end = i + 1 < starts.length ? starts[i + 1]! - 1 : text.endsWith('\n') ? text.length - 1 : text.length;
  return text.slice(starts[i]!, end);
}

function add(out: BlockOutput, line: number, hit: Hit): void {
  const list = out.hits.get(line);
  if (list === undefined) out.hits.set(line, [hit]);
  else list.push(hit);
}

/** The whole non-blank content of a line, without indentation and without a trailing `\r`. */
function contentSpan(line: string): [number, number] | null {
  const start = line.search(/\S/);
  if (start < 0) return null;
  let end = line.length;
  while (end > start && /\s/.test(line[end - 1]!)) end--;
  return [start, end];
}

const BEGIN = /-----BEGIN ([A-Za-z0-9][A-Za-z0-9 ]*?)-----/g;
/**
 * A block whose label names a key that is not a public one is key material: PEM's `… PRIVATE KEY`, PGP's
 * `PGP PRIVATE KEY BLOCK`, and the same armour around other keys (OpenVPN's `OpenVPN Static key V1`, a
 * shared HMAC key for tls-auth: whoever holds it joins the VPN's handshake).
 */
const PRIVATE_LABEL = /\bkey\b/i;
const PUBLIC_LABEL = /\bpublic\b/i;
const BODY_LIKE = /^\s*(?:[A-Za-z0-9+/=]+|[A-Za-z-]+: .*|=[A-Za-z0-9+/]{4})?\s*$/;

/** Key material: a run of base64 (or hex) characters as a body line holds (16 or more). */
const BODY_RUN = /[A-Za-z0-9+/]{16}/;
/** A line of a key's body: base64 (or hex), maybe quoted, `\n`-escaped or joined by `+` in code. */
const BODY_LINE = /^[\s"'`+]*[A-Za-z0-9+/=]{16,}(?:\\n)?[\s"'`+,;\\]*$/;
/** What may follow a marker on its line and still be the key's: blanks, base64, `\n` escapes, a closing quote and comma. */
const MARKER_TAIL = /^(?:[\sA-Za-z0-9+/=]|\\[nr])*["',]*\s*$/;

/** Whether text[from, to) holds key material (a marker alone, or with `...` between, holds none). */
function hasKeyBody(text: string, from: number, to: number): boolean {
  return BODY_RUN.test(text.slice(from, to));
}

export const privateKeyBlock: BlockRule = {
  id: 'private-key',
  description: 'Private key blocks: PEM (RSA, EC, DSA, PKCS#8, encrypted), OpenSSH, PGP — every line, also indented or JSON-escaped',
  // A literal every block holds (BEGIN needs `-----BEGIN `): the pre-scan notes it on its way (GATES).
  gate: '-BEGIN ',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const starts = index.starts();
    BEGIN.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = BEGIN.exec(text)) !== null) {
      const label = m[1]!;
      const isPrivate = PRIVATE_LABEL.test(label) && !PUBLIC_LABEL.test(label);
      const endMarker = `-----END ${label}-----`;
      const endPos = text.indexOf(endMarker, m.index + m[0].length);
      const first = lineOf(starts, m.index);
      const firstStart = starts[first]!;
      const firstLine = lineText(text, starts, first);
      const col = m.index - firstStart;
      const endLine = endPos < 0 ? -1 : lineOf(starts, endPos);
      if (endLine === first) {
        // One line: a JSON string with \n escapes (GCP service-account files), or a squashed key.
        if (isPrivate && hasKeyBody(text, m.index + m[0].length, endPos))
          add(out, first, { start: col, end: endPos - firstStart + endMarker.length, rule: 'private-key', priority: PRIORITY });
        out.protect.add(first);
        BEGIN.lastIndex = endPos + endMarker.length;
        continue;
      }
      let last = endLine;
      if (last < 0) {
        // No END (a truncated read): fail closed over the lines that still look like the block.
        last = first;
        while (last + 1 < starts.length && BODY_LIKE.test(lineText(text, starts, last + 1))) last++;
      }
      const afterMarker = firstLine.slice(col + m[0].length);
      // A marker with no key material after it (code comparing a line with it, a constant naming it, a
      // document's example with `...` for a body) is no key: nothing to hide, and masking it breaks the code.
      let material = isPrivate && BODY_RUN.test(afterMarker);
      for (let i = first + 1; !material && i <= last && isPrivate; i++) material = BODY_LINE.test(lineText(text, starts, i));
      // A read cut short after the marker (no END, nothing but body-like lines to the text's end, nothing but a body's
      // characters after the marker on its line): what follows may be the key; fail closed.
      if (isPrivate && endLine < 0 && last === starts.length - 1 && MARKER_TAIL.test(afterMarker)) material = true;
      if (isPrivate && !material) {
        BEGIN.lastIndex = m.index + m[0].length;
        continue;
      }
      for (let i = first; i <= last; i++) {
        out.protect.add(i);
        if (!isPrivate) continue;
        const line = i === first ? firstLine : lineText(text, starts, i);
        let span: [number, number] | null;
        // The marker's line: to its end when what follows the marker is the key's or holds key material (a squashed or
        // escaped body, fail closed), else the marker alone (code after it: `line.startswith("-----BEGIN …-----"):`).
        if (i === first) span = [col, MARKER_TAIL.test(afterMarker) || BODY_RUN.test(afterMarker) ? contentSpan(line)![1] : col + m[0].length];
        else if (i === endLine) {
          const c = line.indexOf(endMarker);
          span = [c, c + endMarker.length];
        } else span = contentSpan(line);
        if (span !== null) add(out, i, { start: span[0], end: span[1], rule: 'private-key', priority: PRIORITY });
      }
      BEGIN.lastIndex = last + 1 < starts.length ? starts[last + 1]! : text.length;
    }
  },
  samples: () => {
    const rsa = pemBlock(j('RSA PRIVATE', ' KEY'), 1190);
    const cert = pemBlock('CERTIFICATE', 700);
    const pub = pemBlock('PUBLIC KEY', 91);
    const ec = pemBlock(j('EC PRIVATE', ' KEY'), 121);
    const pkcs8 = pemBlock(j('PRIVATE', ' KEY'), 1218);
    const body = pemBody(1218).join('\\n');
    const gcp = `  "private_key": "${j('-----BEGIN PRIVATE', ' KEY-----')}\\n${body}\\n${j('-----END PRIVATE', ' KEY-----')}\\n",`;
    const yaml = ['tls:', '  key: |', ...ec.map((l) => '    ' + l), '  cert: |', ...cert.map((l) => '    ' + l)].join('\n');
    const ssh = [
      j('-----BEGIN OPENSSH PRIVATE', ' KEY-----'),
      ...pemBody(400, 70, undefined, 'b3BlbnNzaC1rZXktdjEAAAAA'),
      j('-----END OPENSSH PRIVATE', ' KEY-----'),
    ];
    const pgp = [j('-----BEGIN PGP PRIVATE', ' KEY BLOCK-----'), '', ...pemBody(500), '=' + rand(B64, 4), j('-----END PGP PRIVATE', ' KEY BLOCK-----')];
    const ovpn = [
      j('-----BEGIN OpenVPN Static', ' key V1-----'),
      ...Array.from({ length: 16 }, () => rand(HEX, 32)),
      j('-----END OpenVPN Static', ' key V1-----'),
    ];
    const secretsOf = (lines: string[]) => lines.filter((l) => !l.startsWith('-----') && l.trim() !== '');
    return {
      truePositives: [
        { text: rsa.join('\n') + '\n', secrets: secretsOf(rsa) },
        { text: ['# bundle', ...ec, ...cert, ...pub, ...pkcs8].join('\n'), secrets: secretsOf([...ec, ...pkcs8]) },
        { text: ['{', '  "type": "service_account",', gcp, '}'].join('\n'), secrets: [body.slice(0, 64)] },
        { text: yaml, secrets: secretsOf(ec) },
        { text: ssh.join('\r\n') + '\r\n', secrets: secretsOf(ssh) },
        { text: pgp.join('\n'), secrets: secretsOf(pgp) },
        { text: rsa.slice(0, 6).join('\n'), secrets: secretsOf(rsa.slice(0, 6)) },
        { text: ['<tls-auth>', '#', '# 2048 bit OpenVPN static key', '#', ...ovpn, '</tls-auth>'].join('\n'), secrets: secretsOf(ovpn) },
      ],
      falsePositives: [
        [...cert, ...pub].join('\n') + '\n',
        `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${rand(B64, 43)} deploy@ci`,
        'const header = "-----BEGIN CERTIFICATE-----";',
        pemBlock('PGP PUBLIC KEY BLOCK', 300).join('\n'),
      ],
    };
  },
};

/** `kind: Secret` as a key of its line, at any indentation, maybe a list item's first key (`- kind: Secret`, a `kind: List`'s items). */
const KIND_SECRET = /^[ \t]*(?:-[ \t]+)?kind:[ \t]*["']?Secret["']?[ \t]*(?:#.*)?\r?$/m;
const KIND_SECRET_AT = /kind:[ \t]*["']?Secret["']?[ \t]*(?:#.*)?\r?$/my;

/** Blanks, then maybe `-` and blanks, from a line start (after \n, \r, U+2028, U+2029, or the text's start) up to `p`. */
function keyStartsLine(text: string, p: number): boolean {
  let i = p - 1;
  let c = text.charCodeAt(i);
  while (c === 32 || c === 9) c = text.charCodeAt(--i);
  if (c === 45 && i < p - 1) {
    c = text.charCodeAt(--i);
    while (c === 32 || c === 9) c = text.charCodeAt(--i);
  }
  return i < 0 || c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/**
 * Does the text hold a `kind: Secret` line (KIND_SECRET anywhere)? Code says `Secret` often
 * (`clientSecret`) and `kind:` now and then; the multiline regex over a whole file cost more than
 * finding each `kind:` and trying the regex there, where only blanks and a list item's `- ` stand
 * between it and a line start as `^` sees one (after `\n`, `\r`, U+2028 or U+2029).
 */
export function hasSecretKind(text: string): boolean {
  for (let p = text.indexOf('kind:'); p !== -1; p = text.indexOf('kind:', p + 1)) {
    if (!keyStartsLine(text, p)) continue;
    KIND_SECRET_AT.lastIndex = p;
    if (KIND_SECRET_AT.test(text)) return true;
  }
  return false;
}
const SECTION = /^(data|stringData):[ \t]*(?:#.*)?\r?$/;
const ENTRY = /^([ \t]+)([^\s:#][^:]*?):[ \t]+(.*?)[ \t]*\r?$/d;
/** Keys naming an account rather than its secret. */
const USER_NAME = /^["']?(?:user(?:name)?|login|email|user[_-]?id)["']?$/i;

/** A YAML line that is a key opening a mapping or a list, with nothing after it (a comment aside). */
const BARE_KEY = /^[ \t]*(?:-[ \t]+)?[A-Za-z_][\w.-]*:[ \t]*(?:#.*)?\r?$/;
/** A YAML `key: ` before a value on the same line (the value is what is masked). */
const KEY_VALUE = /^[ \t]*(?:-[ \t]+)?[A-Za-z_][\w.-]*:[ \t]+(?=[^\s#])/;

function indentOf(line: string): number {
  return line.search(/\S|$/);
}

/** The column of a YAML line's key, after a list item's `- ` (-1: a blank line). */
function keyColumn(line: string): number {
  const m = /^[ \t]*(?:-[ \t]+)*/.exec(line)!;
  return m[0].length < line.replace(/\r$/, '').length ? m[0].length : -1;
}

function isItemStart(line: string, col: number): boolean {
  return keyColumn(line) === col && /^[ \t]*-[ \t]/.test(line) && indentOf(line) < col;
}

/**
 * The lines of the YAML mapping whose key at `col` is on line `li`: back to its list item's `- ` line
 * (or its parent, or a `---`), on to a line indented less than `col` or the next item.
 */
function mappingRange(text: string, starts: number[], li: number, col: number): [number, number] {
  const skip = (line: string) => line.trim() === '' || line.trimStart().startsWith('#');
  let first = li;
  if (!isItemStart(lineText(text, starts, li), col))
    for (let k = li - 1; k >= 0; k--) {
      const line = lineText(text, starts, k);
      if (skip(line)) continue;
      if (/^---(?:\s|$)/.test(line) || (indentOf(line) < col && !isItemStart(line, col))) break;
      first = k;
      if (isItemStart(line, col)) break;
    }
  let last = li;
  for (let k = li + 1; k < starts.length; k++) {
    const line = lineText(text, starts, k);
    if (skip(line)) continue;
    if (/^---(?:\s|$)/.test(line) || indentOf(line) < col || isItemStart(line, col)) break;
    last = k;
  }
  return [first, last];
}

export const kubernetesSecret: BlockRule = {
  id: 'k8s-secret',
  description: 'Values under data: / stringData: in a Kubernetes Secret manifest (a document of its own or an item of a List)',
  // `kind:` is rarer than `Secret` in code (every `clientSecret` woke this rule up).
  gate: 'kind:',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    if (!hasSecretKind(text)) return;
    const starts = index.starts();
    for (let i = 0; i < starts.length; i++) {
      const line = lineText(text, starts, i);
      if (!KIND_SECRET.test(line)) continue;
      const col = keyColumn(line);
      const [first, last] = mappingRange(text, starts, i, col);
      scanSections(text, starts, first, last + 1, col, out);
    }
  },
  samples: () => {
    const pw = b64(rand(B64, 24));
    const tok = rand(B64, 40);
    const cfg = rand(B64, 30);
    const inList = b64(`{"user":"app","password":"${rand(B64, 20)}"}`);
    return {
      truePositives: [
        {
          text: [
            'apiVersion: v1',
            'kind: Secret',
            'metadata:',
            '  name: db',
            'type: Opaque',
            'data:',
            `  DB_CONN: ${pw}`,
            'stringData:',
            `  api-token: ${tok}`,
            '  config.yaml: |',
            `    upstream: ${cfg}`,
          ].join('\n'),
          secrets: [pw.slice(8), tok, cfg],
        },
        {
          text: [
            'apiVersion: v1',
            'kind: List',
            'items:',
            '  - apiVersion: v1',
            '    kind: Secret',
            '    data:',
            `      config.json: ${inList}`,
            '  - kind: ConfigMap',
            '    data:',
            '      LOG_LEVEL: debug',
          ].join('\n'),
          secrets: [inList.slice(8, 40)],
        },
      ],
      falsePositives: [
        ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: app', 'data:', '  LOG_LEVEL: debug', `  SEED: ${rand(B64, 40)}`].join('\n'),
        ['kind: Secret', 'stringData:', '  password: ${DB_PASSWORD}', '  user: ""'].join('\n'),
        ['kind: Secret', 'stringData:', '  username: deploy', '  email: ops@example.com'].join('\n'),
        ['items:', '  - kind: Secret', '    metadata:', '      name: a', '  - kind: ConfigMap', '    data:', `      SEED: ${rand(B64, 40)}`].join('\n'),
      ],
    };
  },
};

/**
 * The block scalar on the lines after `from` (deeper than `indent`, up to `to`) holds PEM certificates and
 * nothing else: the last such line, or -1. A bundle with a private key in it is no certificate.
 */
function certificatesOnly(text: string, starts: number[], from: number, to: number, indent: number): number {
  let last = -1;
  let inCert = false;
  for (let k = from; k < to; k++) {
    const line = lineText(text, starts, k);
    const t = line.trim();
    if (t !== '' && indentOf(line) <= indent) break;
    if (t === '') continue;
    if (t === '-----BEGIN CERTIFICATE-----') inCert = true;
    else if (t === '-----END CERTIFICATE-----' && inCert) inCert = false;
    else if (!inCert || !/^[A-Za-z0-9+/=]+$/.test(t)) return -1;
    last = k;
  }
  return inCert ? -1 : last;
}

/** base64 of `-----BEGIN CERTIFICATE-----`: a `data:` value of certificates (`tls.crt: LS0t…`), when it holds no private key. */
const B64_CERT = 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t';
export function base64Certificates(value: string): boolean {
  if (!value.startsWith(B64_CERT)) return false;
  try {
    const pem = atob(value);
    return !pem.includes('PRIVATE') && !pem.includes('BEGIN ENCRYPTED');
  } catch {
    return false;
  }
}

/** The `data:` / `stringData:` sections at `col` of the mapping on lines [from, to): every entry's value. */
function scanSections(text: string, starts: number[], from: number, to: number, col: number, out: BlockOutput): void {
  for (let i = from; i < to; i++) {
    const line = lineText(text, starts, i);
    const section = SECTION.exec(line.slice(col));
    if (keyColumn(line) !== col || section === null) continue;
    const plain = section[1] === 'stringData';
    const parentIndent = col;
    let childIndent = -1;
    for (let k = i + 1; k < to; k++) {
      const line = lineText(text, starts, k);
      if (line.trim() === '') continue;
      const ind = indentOf(line);
      if (ind <= parentIndent) break;
      if (childIndent < 0) childIndent = ind;
      if (ind !== childIndent) continue;
      const e = ENTRY.exec(line);
      if (e === null) continue;
      const value = e[3]!.replace(/^["']|["']$/g, '');
      if (/^[|>][-+]?\d*$/.test(value)) {
        // Block scalar: every deeper line is the value. Certificates alone (`tls.crt: |`, `ca.crt: |`) are public.
        const certs = certificatesOnly(text, starts, k + 1, to, childIndent);
        if (certs > k) {
          for (let c = k + 1; c <= certs; c++) out.protect.add(c);
          k = certs;
          continue;
        }
        while (k + 1 < to) {
          const next = lineText(text, starts, k + 1);
          if (next.trim() !== '' && indentOf(next) <= childIndent) break;
          k++;
          let span = contentSpan(next);
          // A file of YAML in the value (`config.yaml: |`): a key that only opens a mapping (`  db:`) holds
          // nothing and stays; a `key: value` line is masked from its value on, so the file's shape stays readable.
          if (span !== null && BARE_KEY.test(next)) {
            out.protect.add(k);
            continue;
          }
          const kv = span === null ? null : KEY_VALUE.exec(next);
          if (kv !== null && span !== null) span = [kv[0].length, span[1]];
          if (span !== null) {
            add(out, k, { start: span[0], end: span[1], rule: 'k8s-secret', priority: 1 });
            out.protect.add(k);
          }
        }
        continue;
      }
      if (value === '' || isReference(value) || isPlaceholder(value) || base64Certificates(value)) continue;
      // A user's name in plain text (`username: deploy`) names the account, not its secret.
      if (plain && USER_NAME.test(e[2]!) && !valueLooksSecret(value, 'weak', false)) continue;
      const [s, en] = e.indices![3]!;
      add(out, k, { start: s, end: en, rule: 'k8s-secret', priority: 1 });
    }
  }
}

export const BLOCK_RULES: BlockRule[] = [privateKeyBlock, kubernetesSecret];
