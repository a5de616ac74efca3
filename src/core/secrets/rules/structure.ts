// Secrets found by the structure of a file, not by one line: the line rules see `value: …` and do not
// know that the `- name: DB_PASSWORD` above it names it.
// Threat: structured config puts the name of a secret in one field and the secret in another (an ECS
// task definition's `{"name": "DB_PASSWORD", "value": "…"}`, a Kubernetes env list, Hadoop's
// `<name>fs.s3a.secret.key</name><value>…</value>`, `<property name="db.password" value="…"/>`), or
// in a position only the file's grammar gives meaning to (a .pgpass line's fifth field, a .properties
// key and its value with a blank between, the lines after a PuTTY key file's `Private-Lines: 14`, the
// column of an SQL INSERT that is named `password`). Line by line, each of those reaches the model.
// Each rule here runs only on the kinds of file whose structure it reads (sniff.ts looks at the head
// of every text; nothing else is read on the others), and reads only what it needs of that structure.
import { isPlaceholder, isReference, isWordyIdentifier, valueLooksSecret, type NameStrength } from '../entropy';
import { followPieces, yamlKeyColumn } from '../follow';
import { PUBLIC_NAME, classifyName } from '../names';
import { ALNUM, B64, HEX, PASSWORD_CHARS, b64, rand } from '../samples';
import { COMMAND_TRIGGERS, commandSecret } from './admin';
import { addHit, eachMatchLine } from './hits';
import { lineOf as lineOfPos } from '../blocks';
import { statementSecret } from './context-more';
import { bip39Words, mnemonicRuns } from '../bip39';
import { blobHoldsSecret } from '../encoded';
import { genericAt } from '../prefilter';
import { KIND, sniff } from '../sniff';
import { FollowKind, type BlockOutput, type BlockRule, type Hit, type LineIndex, type RuleSamples } from '../types';

/**
 * Between a context rule (1) and the generic rule (2): where a line rule reads the same span (a line the
 * pre-scan selected), its placeholder names the form; where only the structure finds it, this one does.
 */
const PRIORITY = 1.5;

let seed = 0x57c0;
const pw = (n = 20) => rand(PASSWORD_CHARS.replace(/[#'",;:<>&\\]/g, ''), n, seed++ * 7907);

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

function add(out: BlockOutput, line: number, start: number, end: number, rule: string, priority = PRIORITY): void {
  if (end > start) addHit(out, line, { start, end, rule, priority });
}

/** Line `i`'s text without its `\n` (a `\r` stays). */
export function lineText(text: string, starts: number[], i: number): string {
  const end = i + 1 < starts.length ? starts[i + 1]! - 1 : text.endsWith('\n') ? text.length - 1 : text.length;
  return text.slice(starts[i]!, end);
}

/** 0-based index of the line holding offset `pos` (blocks.ts). */
export { lineOfPos };

/** Masks `[s, e)` of the text (absolute offsets, maybe over several lines), line by line, blanks at the ends of each piece left out. */
export function addSpan(text: string, starts: number[], s: number, e: number, rule: string, out: BlockOutput): void {
  for (let li = lineOfPos(starts, s); li < starts.length && starts[li]! < e; li++) {
    const ls = starts[li]!;
    const le = li + 1 < starts.length ? starts[li + 1]! - 1 : text.endsWith('\n') ? text.length - 1 : text.length;
    let a = Math.max(s, ls);
    let b = Math.min(e, le);
    while (a < b && /\s/.test(text[a]!)) a++;
    while (b > a && /\s/.test(text[b - 1]!)) b--;
    add(out, li, a - ls, b - ls, rule);
  }
}

/** A value of a secret-named field: not empty, not a reference or a placeholder, secret-looking for its name. */
export function judge(value: string, strength: NameStrength, quoted: boolean): boolean {
  const v = value.trim();
  return v !== '' && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, strength, quoted);
}

// --- PuTTY private key files ---

const PRIVATE_LINES = /^Private-Lines:[ \t]*(\d{1,4})[ \t]*\r?$/gm;
const PRIVATE_MAC = /^Private-MAC:[ \t]*([0-9a-fA-F]{40,64})\r?$/gm;

export const puttyPrivateKey: BlockRule = {
  id: 'putty-private-key',
  description: 'PuTTY private key file (.ppk): the lines after Private-Lines: N are the key',
  gate: '',
  kinds: KIND.ppk,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const starts = index.starts();
    PRIVATE_LINES.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = PRIVATE_LINES.exec(text)) !== null) {
      const first = lineOfPos(starts, m.index) + 1;
      const n = Number(m[1]);
      for (let li = first; li < first + n && li < starts.length; li++) {
        const line = lineText(text, starts, li);
        const t = /\S(?:.*\S)?/.exec(line);
        if (t === null) continue;
        add(out, li, t.index, t.index + t[0].length, 'putty-private-key', 0);
        out.protect.add(li);
      }
    }
    // The MAC over the key: with an encrypted key it is keyed by the passphrase, an offline oracle for guessing it.
    PRIVATE_MAC.lastIndex = 0;
    while ((m = PRIVATE_MAC.exec(text)) !== null) {
      const li = lineOfPos(starts, m.index);
      const at = m[0].length - m[1]!.length - (m[0].endsWith('\r') ? 1 : 0);
      add(out, li, at, at + m[1]!.length, 'putty-private-key', 0);
    }
  },
  samples: () => {
    const pub = [rand(B64, 64, 71), rand(B64, 40, 72)];
    const priv = [rand(B64, 64, 73), rand(B64, 64, 74), rand(B64, 28, 75)];
    const head = ['PuTTY-User-Key-File-2: ssh-rsa', 'Encryption: none', 'Comment: rsa-key-20240312', 'Public-Lines: 2', ...pub];
    return {
      truePositives: [
        { text: [...head, 'Private-Lines: 3', ...priv, 'Private-MAC: ' + rand(HEX, 40, 76)].join('\r\n') + '\r\n', secrets: [...priv, rand(HEX, 40, 76)] },
        {
          text: [
            'PuTTY-User-Key-File-3: ssh-ed25519',
            'Encryption: aes256-cbc',
            'Comment: ci',
            'Public-Lines: 1',
            pub[1],
            'Key-Derivation: Argon2id',
            'Private-Lines: 1',
            priv[2],
          ].join('\n'),
          secrets: [priv[2]!],
        },
      ],
      falsePositives: [head.join('\n'), 'Private-Lines: 2\nnot a key file\nat all'],
    };
  },
};

// --- .pgpass ---

/** The fifth field of `host:port:database:user:password` (`\:` and `\\` escaped), from where it starts. */
function pgpassField(line: string): number {
  let colons = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 58 && ++colons === 4) return i + 1;
  }
  return -1;
}

export const pgpassPassword: BlockRule = {
  id: 'pgpass-password',
  description: 'PostgreSQL password file (.pgpass): the fifth field of host:port:database:user:password',
  gate: '',
  kinds: KIND.pgpass,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const starts = index.starts();
    for (let li = 0; li < starts.length; li++) {
      const line = lineText(text, starts, li);
      if (/^\s*(?:#|$)/.test(line)) continue;
      const at = pgpassField(line);
      if (at < 0) continue;
      let end = line.length;
      while (end > at && /\s/.test(line[end - 1]!)) end--;
      const v = line.slice(at, end);
      if (v === '' || isReference(v) || isPlaceholder(v)) continue;
      add(out, li, at, end, 'pgpass-password');
    }
  },
  samples: () => {
    const p = [pw(), pw()];
    return {
      truePositives: [{ text: `# hostname:port:database:username:password\ndb.example.com:5432:app:app:${p[0]}\n*:*:*:replicator:${p[1]}\n`, secrets: p }],
      falsePositives: ['localhost:5432:app:app:changeme\n# nothing here\n', 'db:5432:app:app:${PGPASSWORD}\n'],
    };
  },
};

// --- .properties with a blank between key and value ---

/** A .properties line whose key and value are separated by blanks only (`=` and `:` lines are the generic rule's). */
const PROPERTY_SPACE = /^[ \t]*((?:[^\s=:#!\\]|\\.)+)[ \t]+(?![=:])(\S(?:.*\S)?)[ \t]*\r?$/;

export const propertiesSpace: BlockRule = {
  id: 'properties-secret',
  description: 'Java .properties entry with a blank as its separator: db.password s3cret',
  gate: '',
  kinds: KIND.properties,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    for (let ls = 0; ls < text.length;) {
      let nl = text.indexOf('\n', ls);
      if (nl < 0) nl = text.length;
      const at = ls;
      ls = nl + 1;
      // The key runs to its first unescaped blank, `=` or `:`; only a blank separator is this rule's, and
      // only a key whose name ends in a secret word (the pre-scan's own test, at the value's start).
      let e = at;
      while (e < nl && isBlank(text.charCodeAt(e))) e++;
      const c0 = text.charCodeAt(e);
      if (c0 === 35 || c0 === 33) continue;
      for (let c = text.charCodeAt(e); e < nl && !isBlank(c) && c !== 61 && c !== 58; c = text.charCodeAt(e)) e += c === 92 ? 2 : 1;
      if (e >= nl || !isBlank(text.charCodeAt(e))) continue;
      let v = e;
      while (v < nl && isBlank(text.charCodeAt(v))) v++;
      if (v >= nl || text.charCodeAt(v) === 61 || text.charCodeAt(v) === 58 || !genericAt(text, v)) continue;
      starts ??= index.starts();
      const li = lineOfPos(starts, at);
      const line = lineText(text, starts, li);
      const m = PROPERTY_SPACE.exec(line);
      if (m === null) continue;
      const strength = classifyName(m[1]!.replace(/\\(.)/g, '$1'));
      if (strength === null) continue;
      let value = m[2]!;
      const start = line.length - line.trimStart().length + m[0].trimStart().indexOf(value, m[1]!.length);
      let end = start + value.length;
      // A value continued on the next lines with `\`.
      const more = value.endsWith('\\');
      if (more) {
        value = value.slice(0, -1);
        end--;
      }
      const pieces = more
        ? followPieces(text, starts[li]! + line.length, { kind: FollowKind.Backslash, strength, judged: false, spans: [], value: '', arg: 0 })
        : [];
      const joined = value + pieces.map((p) => text.slice(p.line + p.start, p.line + p.end)).join('');
      if (!judge(joined, strength, false)) continue;
      add(out, li, start, end, 'properties-secret');
      for (const p of pieces) add(out, lineOfPos(starts, p.line), p.start, p.end, 'properties-secret');
    }
  },
  samples: () => {
    const p = [pw(), pw(), pw()];
    return {
      truePositives: [
        { text: `spring.datasource.url=jdbc:mysql://db/app\nspring.datasource.password ${p[0]}\n`, secrets: [p[0]!] },
        {
          text: `app.name=demo\njwt.secret\t${p[1]}\nmail.smtp.token ${p[2]!.slice(0, 8)}\\\n    ${p[2]!.slice(8)}\n`,
          secrets: [p[1]!, p[2]!.slice(0, 8), p[2]!.slice(8)],
        },
      ],
      falsePositives: ['server.port 8080\napp.title My Application\nspring.datasource.password ${DB_PASSWORD}\n', 'db.password.min.length 12\n'],
    };
  },
};

// --- Name/value records: the secret's name in one field, the secret in another ---

/** Fields that name an entry (`name`, `key`, CloudFormation's `ParameterKey`, …) with the name given after `:` `=` `=>`, from the field's start. */
const NAME_AT =
  /(["']?)(name|Name|key|Key|ParameterKey|ParameterName|OptionName|SettingName|secretName|SecretName|variable|Variable|envName)\1[ \t]*(?::|=>|=)\s*(["']?)([A-Za-z_$/][\w.$:/-]*)\3/y;
/** The literals the fields hold, and how far before each one its fields start. */
const FIELD_NEEDLES: readonly (readonly [string, readonly number[]])[] = [
  ['ame', [1, 10, 7, 8, 4]],
  ['ey', [1, 10]],
  ['ariable', [1]],
];

/** Where a field may start before `at` (start of text, a blank or `{ , ; ( <`). */
function fieldBoundary(text: string, at: number): boolean {
  if (at === 0) return true;
  const c = text.charCodeAt(at - 1);
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 123 || c === 44 || c === 59 || c === 40 || c === 60;
}

/**
 * The name fields of `text` in order, as NAME_AT matches (index at the field's quote or first letter).
 * Found by the literals every field holds (`ame`, `ey`, `ariable`) and an operator after the field
 * (a quote and blanks between), so that a file's other words cost an indexOf hit and two reads: a regex
 * with a leading alternation tried at every position cost ~10 ns a character.
 */
function nameFields(text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  for (const [needle, backs] of FIELD_NEEDLES) {
    for (let p = text.indexOf(needle); p !== -1; p = text.indexOf(needle, p + needle.length)) {
      let q = p + needle.length;
      const c = text.charCodeAt(q);
      if (c === 34 || c === 39) q++;
      while (text.charCodeAt(q) === 32 || text.charCodeAt(q) === 9) q++;
      const op = text.charCodeAt(q);
      if (op !== 58 && op !== 61) continue;
      // The name given: read by hand, and judged before any regex runs (most fields name something else).
      let v = q + 1;
      if (text.charCodeAt(v) === 62) v++;
      // The name may stand on the next line (`"name":` then `"DB_PASSWORD"` below it).
      while (isSpaceOrBreak(text.charCodeAt(v))) v++;
      const vq = text.charCodeAt(v);
      if (vq === 34 || vq === 39) v++;
      let e = v;
      while (e < text.length && e - v < 128 && isNameValueChar(text.charCodeAt(e))) e++;
      if (e === v || classifyName(text.slice(v, e)) === null) continue;
      for (const back of backs) {
        let at = p - back;
        if (at < 0) continue;
        const b = text.charCodeAt(at - 1);
        if (b === 34 || b === 39) at--;
        if (!fieldBoundary(text, at)) continue;
        NAME_AT.lastIndex = at;
        const m = NAME_AT.exec(text);
        if (m !== null) {
          found.push(m);
          break;
        }
      }
    }
  }
  return found.length > 1 ? found.sort((a, b) => a.index - b.index) : found;
}

function isSpaceOrBreak(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** `[\w.$:/-]`: the characters NAME_AT takes in a name. */
function isNameValueChar(c: number): boolean {
  return (c >= 48 && c <= 58) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 95 || c === 46 || c === 36 || c === 47 || c === 45;
}

/** Fields that hold the entry's value. */
const VALUE_FIELD =
  /(?:^|[\s{,;(<])(["']?)(value|Value|VALUE|ParameterValue|OptionValue|secretValue|SecretValue|SecretString|default|Default)\1[ \t]*(?::|=>|=)\s*/g;
/** Hadoop / Spring XML: the name and the value as elements of one parent. */
const NAME_ELEMENT = /<(name|key)>[ \t]*([A-Za-z_$][\w.$:/-]*)[ \t]*<\/\1>/g;
/** Terraform: `variable "db_password" {` with its `default = …` inside. */
const HCL_VARIABLE = /^[ \t]*variable[ \t]+"([^"\n]+)"[ \t]*\{/gm;

/** Where a quoted or plain scalar at `p` ends (its content): quoted → [p+1, close), plain → up to a delimiter. */
function scalarAt(text: string, p: number, stops: RegExp): [number, number, boolean] | null {
  const q = text.charCodeAt(p);
  if (q === 34 || q === 39) {
    for (let i = p + 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 92 && q === 34) i++;
      else if (c === q) return [p + 1, i, true];
      else if (c === 10) return null;
    }
    return null;
  }
  stops.lastIndex = p;
  const m = stops.exec(text);
  let e = m === null ? text.length : m.index;
  while (e > p && /\s/.test(text[e - 1]!)) e--;
  return e > p ? [p, e, false] : null;
}

/** The innermost `{ … }` around `pos` (strings skipped), within `limit` characters each way: [open, close] or null. */
export function enclosingObject(text: string, pos: number, limit = 4096): [number, number] | null {
  let depth = 0;
  let open = -1;
  for (let i = pos - 1; i >= Math.max(0, pos - limit); i--) {
    const c = text.charCodeAt(i);
    if (c === 125) depth++;
    else if (c === 123) {
      if (depth === 0) {
        open = i;
        break;
      }
      depth--;
    }
  }
  if (open < 0) return null;
  depth = 0;
  let inStr = 0;
  for (let i = open + 1; i < Math.min(text.length, open + 2 * limit); i++) {
    const c = text.charCodeAt(i);
    if (inStr !== 0) {
      if (c === 92) i++;
      else if (c === inStr) inStr = 0;
      continue;
    }
    if (c === 34) inStr = c;
    else if (c === 123) depth++;
    else if (c === 125) {
      if (depth === 0) return [open, i];
      depth--;
    }
  }
  return null;
}

/** A value field inside `[from, to)`, at depth 0 of that object: the value's span and whether it was quoted. */
export function valueFieldIn(text: string, from: number, to: number): [number, number, boolean] | null {
  VALUE_FIELD.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = VALUE_FIELD.exec(text)) !== null && m.index < to) {
    // At the object's own depth: no unclosed `{` between its start and the field.
    let depth = 0;
    for (let i = from + 1; i < m.index; i++) {
      const c = text.charCodeAt(i);
      if (c === 123) depth++;
      else if (c === 125) depth--;
    }
    if (depth !== 0) continue;
    const v = scalarAt(text, m.index + m[0].length, /[,}\r\n]/g);
    if (v !== null && v[1] <= to) return v;
  }
  return null;
}

/** A YAML item's lines: the line `li` holds a key at `col`; its siblings are the lines at that column up to a dedent or the next item. */
function yamlSiblings(text: string, starts: number[], li: number, col: number): [number, number] {
  const itemLine = (k: number) => {
    const line = lineText(text, starts, k);
    const ind = line.search(/\S/);
    return ind >= 0 && line[ind] === '-' && /[ \t]/.test(line[ind + 1] ?? '') && yamlKeyColumn(line, 0, line.length) === col;
  };
  let first = li;
  // Back to the item's `- ` line (or the mapping's first line) at this column.
  while (!itemLine(first) && first > 0) {
    const prev = lineText(text, starts, first - 1);
    const ind = prev.search(/\S/);
    if (ind < 0 || prev.trimStart().startsWith('#')) {
      first--;
      continue;
    }
    if (yamlKeyColumn(prev, 0, prev.length) !== col) {
      if (ind > col) {
        first--;
        continue;
      }
      break;
    }
    first--;
  }
  let last = li;
  for (let k = li + 1; k < starts.length; k++) {
    const line = lineText(text, starts, k);
    const ind = line.search(/\S/);
    if (ind < 0 || line.trimStart().startsWith('#')) continue;
    if (ind < col || itemLine(k)) break;
    last = k;
  }
  return [first, last];
}

const YAML_VALUE_KEY = /^(value|Value|VALUE|ParameterValue|OptionValue|default|Default)[ \t]*:(?:[ \t]+|(?=\r?$))/;

/** The value of a sibling `value:` key of a YAML item: its pieces (absolute offsets per line) and whether it was quoted. */
function yamlValueOf(text: string, starts: number[], first: number, last: number, col: number): { pieces: [number, number][]; quoted: boolean } | null {
  for (let k = first; k <= last; k++) {
    const line = lineText(text, starts, k);
    if (yamlKeyColumn(line, 0, line.length) !== col) continue;
    const m = YAML_VALUE_KEY.exec(line.slice(col));
    if (m === null) continue;
    const ls = starts[k]!;
    let p = col + m[0].length;
    const end = line.replace(/\r$/, '').length;
    const rest = line.slice(p, end);
    if (/^[|>][1-9+-]{0,2}[ \t]*(?:#.*)?$/.test(rest) || rest.trim() === '') {
      const kind = rest.trim() === '' ? FollowKind.YamlPlain : FollowKind.YamlBlock;
      const pieces = followPieces(text, ls + line.length, { kind, strength: 'strong', judged: false, spans: [], value: '', arg: col });
      return pieces.length === 0 ? null : { pieces: pieces.map((x) => [x.line + x.start, x.line + x.end]), quoted: true };
    }
    const q = line.charCodeAt(p);
    if (q === 34 || q === 39) {
      const close = line.indexOf(String.fromCharCode(q), p + 1);
      if (close < 0) {
        const pieces = followPieces(text, ls + line.length, { kind: FollowKind.Quoted, strength: 'strong', judged: false, spans: [], value: '', arg: q });
        return { pieces: [[ls + p + 1, ls + end], ...pieces.map((x): [number, number] => [x.line + x.start, x.line + x.end])], quoted: true };
      }
      return { pieces: [[ls + p + 1, ls + close]], quoted: true };
    }
    let e = end;
    const hash = rest.search(/[ \t]#/);
    if (hash >= 0) e = p + hash;
    while (e > p && /\s/.test(line[e - 1]!)) e--;
    while (p < e && /\s/.test(line[p]!)) p++;
    return { pieces: [[ls + p, ls + e]], quoted: false };
  }
  return null;
}

/** The element's text after the tag at `[tagStart, tagEnd]` up to `</name>`, or a `<value>` child's text before it. */
function xmlElementValue(text: string, name: string, tagEnd: number): [number, number] | null {
  const close = text.indexOf(`</${name}>`, tagEnd);
  if (close < 0 || close - tagEnd > 4096) return null;
  const inner = text.slice(tagEnd + 1, close);
  if (!inner.includes('<')) return inner.trim() === '' ? null : [tagEnd + 1, close];
  const v = /<(value|Value)>([^<]*)<\/\1>/.exec(inner);
  return v === null ? null : [tagEnd + 1 + v.index + v[1]!.length + 2, tagEnd + 1 + v.index + v[1]!.length + 2 + v[2]!.length];
}

/** A value span judged and masked: the value's text is the span's text, blanks at the line ends aside. */
function maskJudged(text: string, starts: number[], s: number, e: number, strength: NameStrength, quoted: boolean, out: BlockOutput): void {
  const raw = text.slice(s, e);
  const joined = raw
    .split('\n')
    .map((x) => x.trim())
    .filter((x) => x !== '');
  const oneToken = joined.every((x) => !/\s/.test(x));
  if (!judge(joined.join(oneToken ? '' : ' '), strength, quoted)) return;
  addSpan(text, starts, s, e, 'named-value', out);
}

export const namedValue: BlockRule = {
  id: 'named-value',
  description:
    'A secret whose name is in a neighbouring field: {"name": "DB_PASSWORD", "value": "…"} (ECS, Kubernetes env lists), <property name="db.password" value="…"/>, <name>…secret.key</name><value>…</value>, variable "db_password" { default = "…" }',
  gate: '',
  kinds: KIND.yaml | KIND.json | KIND.xml | KIND.hcl,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] = [];
    let m: RegExpExecArray | null;
    const kinds = sniff(text);
    for (const f of nameFields(text)) {
      m = f;
      const strength = classifyName(m[4]!);
      if (strength === null) continue;
      if (starts.length === 0) starts = index.starts();
      const at = m.index + m[0].length - m[4]!.length - m[3]!.length;
      // XML: the name is an attribute of a tag (the last `<` before it comes after the last `>`).
      const lt = text.lastIndexOf('<', at);
      if (lt >= 0 && lt > text.lastIndexOf('>', at)) {
        // `<add key="…" value="…"/>` is xml-key-value's (a line rule: the line is a candidate by its `key=`).
        if (m[2] === 'key' || m[2] === 'Key' || m[2] === 'KEY') continue;
        const gt = text.indexOf('>', at);
        if (gt < 0) continue;
        const attr = /\b(?:value|Value|VALUE)[ \t]*=[ \t]*(["'])([^"'<>]*)\1/.exec(text.slice(lt, gt));
        if (attr !== null) {
          const s = lt + attr.index + attr[0].length - 1 - attr[2]!.length;
          maskJudged(text, starts, s, s + attr[2]!.length, strength, true, out);
        } else if (text.charCodeAt(gt - 1) !== 47) {
          const tag = /^<([\w.:-]+)/.exec(text.slice(lt, gt));
          const v = tag === null ? null : xmlElementValue(text, tag[1]!, gt);
          if (v !== null) maskJudged(text, starts, v[0], v[1], strength, true, out);
        }
        continue;
      }
      // An object on one line or over several (`{ … }`: JSON, HCL, YAML flow) holding a value field.
      const obj = enclosingObject(text, at);
      const v = obj === null ? null : valueFieldIn(text, obj[0], obj[1]);
      if (v !== null) {
        maskJudged(text, starts, v[0], v[1], strength, v[2], out);
        continue;
      }
      // A YAML item whose key on this line is the name field: its sibling `value:`.
      const li = lineOfPos(starts, at);
      const line = lineText(text, starts, li);
      const col = yamlKeyColumn(line, 0, line.length);
      if (col < 0 || !line.startsWith(m[1]! + m[2]!, col)) continue;
      const [first, last] = yamlSiblings(text, starts, li, col);
      const y = yamlValueOf(text, starts, first, last, col);
      if (y === null) continue;
      const joined = y.pieces.map(([s, e]) => text.slice(s, e)).join('');
      if (judge(joined, strength, y.quoted)) for (const [s, e] of y.pieces) addSpan(text, starts, s, e, 'named-value', out);
    }
    // Hadoop's <property><name>…</name><value>…</value></property>.
    if ((kinds & KIND.xml) !== 0 && (text.includes('</name>') || text.includes('</key>'))) {
      if (starts.length === 0) starts = index.starts();
      NAME_ELEMENT.lastIndex = 0;
      while ((m = NAME_ELEMENT.exec(text)) !== null) {
        const strength = classifyName(m[2]!);
        if (strength === null) continue;
        const after = m.index + m[0].length;
        // The value element, maybe after siblings that describe the property (`<description>`, `<final>`, `<source>`).
        const v = /^(?:\s*<(?!\/|[Vv]alue>|[Nn]ame>|[Kk]ey>)([\w.-]+)>[^<]*<\/\1>)*\s*<(value|Value)>([^<]*)<\/\2>/.exec(text.slice(after, after + 4096));
        let s: number;
        if (v !== null) s = after + v[0].length - v[2]!.length - 3 - v[3]!.length;
        else {
          // The value element before the name element.
          const before = text.slice(Math.max(0, m.index - 4096), m.index);
          const b = /<(value|Value)>([^<]*)<\/\1>\s*$/.exec(before);
          if (b === null) continue;
          s = m.index - before.length + b.index + b[1]!.length + 2;
          maskJudged(text, starts, s, s + b[2]!.length, strength, true, out);
          continue;
        }
        maskJudged(text, starts, s, s + v[3]!.length, strength, true, out);
      }
    }
    // Terraform variables.
    if ((kinds & KIND.hcl) !== 0 && text.includes('variable')) {
      if (starts.length === 0) starts = index.starts();
      HCL_VARIABLE.lastIndex = 0;
      while ((m = HCL_VARIABLE.exec(text)) !== null) {
        const strength = classifyName(m[1]!);
        if (strength === null) continue;
        const open = m.index + m[0].length - 1;
        const obj = enclosingObject(text, open + 1);
        if (obj === null) continue;
        const v = valueFieldIn(text, obj[0], obj[1]);
        if (v !== null) maskJudged(text, starts, v[0], v[1], strength, v[2], out);
      }
    }
  },
  samples: namedValueSamples,
};

function namedValueSamples(): RuleSamples {
  const p = Array.from({ length: 12 }, () => pw());
  const ecs = [
    '{',
    '  "containerDefinitions": [{',
    '    "environment": [',
    '      { "name": "LOG_LEVEL", "value": "info" },',
    `      { "name": "DB_PASSWORD", "value": "${p[0]}" },`,
    '      {',
    '        "name": "STRIPE_API_KEY",',
    `        "value": "${p[1]}"`,
    '      },',
    `      { "value": "${p[2]}", "name": "JWT_SECRET" }`,
    '    ]',
    '  }]',
    '}',
  ].join('\n');
  const helm = [
    'env:',
    '  - name: LOG_LEVEL',
    '    value: info',
    '  - name: DB_PASSWORD',
    `    value: ${p[3]}`,
    '  - name: API_TOKEN',
    '    value: |',
    `      ${p[4]}`,
    `  - value: "${p[5]}"`,
    '    name: SMTP_PASSWORD',
  ].join('\n');
  const xml = [
    '<configuration>',
    `  <property name="db.password" value="${p[6]}"/>`,
    '  <property>',
    '    <name>fs.s3a.secret.key</name>',
    `    <value>${p[7]}</value>`,
    '  </property>',
    `  <setting name="SmtpPassword" serializeAs="String"><value>${p[8]}</value></setting>`,
    `  <param name="password">${p[9]}</param>`,
    '</configuration>',
  ].join('\n');
  const tf = ['variable "db_password" {', '  type      = string', `  default   = "${p[10]}"`, '  sensitive = true', '}'].join('\n');
  const hcl = ['container_env = [', `  { name = "API_TOKEN", value = "${p[11]}" },`, '  { name = "REGION", value = "eu-west-1" },', ']'].join('\n');
  return {
    truePositives: [
      { text: ecs, secrets: [p[0]!, p[1]!, p[2]!] },
      { text: helm, secrets: [p[3]!, p[4]!, p[5]!] },
      { text: xml, secrets: [p[6]!, p[7]!, p[8]!, p[9]!] },
      { text: tf, secrets: [p[10]!] },
      { text: hcl, secrets: [p[11]!] },
    ],
    falsePositives: [
      [
        'env:',
        '  - name: DB_PASSWORD',
        '    valueFrom:',
        '      secretKeyRef:',
        '        name: db',
        '        key: password',
        '  - name: API_TOKEN',
        '    value: $(API_TOKEN)',
        '  - name: SECRET_NAME',
        '    value: prod-db-credentials',
        '  - name: DB_PASSWORD_FILE',
        '    value: /run/secrets/db',
      ].join('\n'),
      '{ "secrets": [{ "name": "API_TOKEN", "valueFrom": "arn:aws:ssm:eu-west-1:123456789012:parameter/api-token" }] }',
      '<project>\n  <property name="password.policy" value="strict"/>\n  <property name="db.user" value="app"/>\n</project>',
      'variable "db_password" {\n  type      = string\n  sensitive = true\n}',
      '[\n  { "name": "token", "value": "" },\n  { "name": "password", "value": "${DB_PASSWORD}" }\n]',
    ],
  };
}

// --- SQL: a column named as a secret in an INSERT ---

const INSERT = /\binsert[ \t]+into[ \t]+[^\s(]+[ \t]*\(([^)]*)\)\s*values\s*/gi;

/** The values of a VALUES list from `p`: tuples of literals, each literal's span (content) or null for a non-string. */
function sqlTuples(text: string, p: number): ([number, number] | null)[][] {
  const tuples: ([number, number] | null)[][] = [];
  for (;;) {
    while (p < text.length && /\s/.test(text[p]!)) p++;
    if (text[p] !== '(') break;
    p++;
    const tuple: ([number, number] | null)[] = [];
    for (;;) {
      while (p < text.length && /\s/.test(text[p]!)) p++;
      let c = text[p];
      if (c === 'E' || c === 'e' || c === 'N' || c === 'n') {
        if (text[p + 1] === "'") c = text[++p];
      }
      if (c === "'") {
        let i = p + 1;
        for (; i < text.length; i++) {
          if (text[i] === '\\') i++;
          else if (text[i] === "'") {
            if (text[i + 1] === "'") i++;
            else break;
          }
        }
        tuple.push([p + 1, i]);
        p = i + 1;
      } else if (c === '$') {
        const tag = /^\$(\w*)\$/.exec(text.slice(p, p + 64));
        if (tag === null) return tuples;
        const close = text.indexOf(tag[0], p + tag[0].length);
        if (close < 0) return tuples;
        tuple.push([p + tag[0].length, close]);
        p = close + tag[0].length;
      } else {
        // A number, NULL, a call: up to the next `,` or `)` at this depth.
        let depth = 0;
        for (; p < text.length; p++) {
          const d = text[p];
          if (d === '(') depth++;
          else if (d === ')') {
            if (depth === 0) break;
            depth--;
          } else if (d === ',' && depth === 0) break;
          else if (d === "'") p = text.indexOf("'", p + 1);
          if (p < 0) return tuples;
        }
        tuple.push(null);
      }
      while (p < text.length && /\s/.test(text[p]!)) p++;
      if (text[p] === ',') {
        p++;
        continue;
      }
      if (text[p] === ')') {
        p++;
        break;
      }
      return tuples;
    }
    tuples.push(tuple);
    while (p < text.length && /\s/.test(text[p]!)) p++;
    if (text[p] !== ',') break;
    p++;
  }
  return tuples;
}

export const sqlInsert: BlockRule = {
  id: 'sql-secret-column',
  description: "SQL INSERT into a column named as a secret: INSERT INTO users (name, password) VALUES ('admin', '…')",
  gate: '',
  kinds: KIND.sql,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    INSERT.lastIndex = 0;
    let m: RegExpExecArray | null;
    let starts: number[] | undefined;
    while ((m = INSERT.exec(text)) !== null) {
      const cols = m[1]!.split(',').map((c) => classifyName(c.trim().replace(/^["`[]|["`\]]$/g, '')));
      if (cols.every((c) => c === null)) continue;
      starts ??= index.starts();
      for (const tuple of sqlTuples(text, m.index + m[0].length)) {
        tuple.forEach((span, k) => {
          const strength = cols[k];
          if (span === null || strength === undefined || strength === null) return;
          const v = text.slice(span[0], span[1]).replace(/''/g, "'");
          if (judge(v, strength, true)) addSpan(text, starts!, span[0], span[1], 'sql-secret-column', out);
        });
      }
    }
  },
  samples: () => {
    const p = [pw(), pw(), pw()];
    return {
      truePositives: [
        {
          text: `-- seed\nINSERT INTO users (name, password) VALUES ('admin', '${p[0]}');\nINSERT INTO users (name, api_token) VALUES\n  ('ops', '${p[1]}'),\n  ('ci', E'${p[2]}');\n`,
          secrets: p,
        },
      ],
      falsePositives: [
        "INSERT INTO users (name, password_hash) VALUES ('bob', NULL);\n",
        "INSERT INTO settings (key, value) VALUES ('theme', 'dark');\n",
        "INSERT INTO users (name, password) VALUES ('guest', '');\n",
      ],
    };
  },
};

// --- SQL statements on lines the pre-scan does not select (lower-case `identified by`, Oracle's unquoted password) ---

const SQL_WORDS = /identified|password/gi;

export const sqlStatement: BlockRule = {
  id: 'sql-statement',
  description:
    "In an SQL file, every line with IDENTIFIED or PASSWORD in any casing read as statement-secret reads it: create user r identified by '…', IDENTIFIED BY tiger",
  gate: '',
  kinds: KIND.sql,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    eachMatchLine(SQL_WORDS, text, index, (li, starts) => {
      const hits: Hit[] = [];
      statementSecret.scan(lineText(text, starts, li), hits);
      for (const h of hits) add(out, li, h.start, h.end, 'sql-statement');
    });
  },
  samples: () => {
    const p = [pw(), pw(), pw()];
    const ora = rand(ALNUM, 14, 79);
    return {
      truePositives: [
        {
          text: `-- roles\ncreate user reporting identified by '${p[0]}';\nCREATE USER scott IDENTIFIED BY ${ora};\nalter role etl with password $$${p[1]}$$;\n`,
          secrets: [p[0]!, ora, p[1]!],
        },
      ],
      falsePositives: ["-- roles\nCREATE USER app IDENTIFIED EXTERNALLY;\ncreate user x identified by values 'S:00';\nGRANT SELECT ON t TO app;\n"],
    };
  },
};

// --- Kubernetes Secret objects written as JSON (kubectl get secret -o json) ---

const JSON_SECRET_KIND = /"kind"[ \t]*:[ \t]*"Secret"/g;
const JSON_SECTION = /"(?:data|stringData)"[ \t]*:[ \t]*\{/g;
const JSON_MEMBER = /"((?:[^"\\\n]|\\.)*)"[ \t]*:[ \t]*"((?:[^"\\\n]|\\.)*)"/g;

export const k8sSecretJson: BlockRule = {
  id: 'k8s-secret-json',
  description: 'Values under "data" / "stringData" of a Kubernetes Secret written as JSON',
  gate: '',
  kinds: KIND.json,
  applies: (text) => text.includes('"Secret"'),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const starts = index.starts();
    JSON_SECRET_KIND.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = JSON_SECRET_KIND.exec(text)) !== null) {
      const obj = enclosingObject(text, m.index, 1 << 20);
      if (obj === null) continue;
      JSON_SECTION.lastIndex = obj[0];
      let sec: RegExpExecArray | null;
      while ((sec = JSON_SECTION.exec(text)) !== null && sec.index < obj[1]) {
        const inner = enclosingObject(text, sec.index + sec[0].length, 1 << 20);
        if (inner === null) continue;
        JSON_MEMBER.lastIndex = inner[0];
        let e: RegExpExecArray | null;
        while ((e = JSON_MEMBER.exec(text)) !== null && e.index < inner[1]) {
          const v = e[2]!;
          if (v === '' || isReference(v) || isPlaceholder(v)) continue;
          const s = e.index + e[0].length - 1 - v.length;
          addSpan(text, starts, s, s + v.length, 'k8s-secret-json', out);
        }
      }
    }
  },
  samples: () => {
    const v = [b64(pw()), b64(`{"auths":{"r.example.com":{"auth":"${b64('ci:' + pw())}"}}}`), pw()];
    return {
      truePositives: [
        {
          text: [
            '{',
            '  "apiVersion": "v1",',
            '  "kind": "Secret",',
            '  "data": {',
            `    "db-pass": "${v[0]}",`,
            `    "config.json": "${v[1]}"`,
            '  },',
            `  "stringData": { "token": "${v[2]}" }`,
            '}',
          ].join('\n'),
          secrets: [v[0]!.slice(4, 20), v[1]!.slice(20, 60), v[2]!],
        },
      ],
      falsePositives: [['{', '  "kind": "ConfigMap",', `  "data": { "seed": "${rand(B64, 40, 80)}" }`, '}'].join('\n')],
    };
  },
};

// --- Shell scripts and history: every line read for the statements that hand a secret to a command ---

/** Words of the commands statement-secret reads that no pre-scan anchor selects: `vault login T`, `setenv PASSWORD T`, `setx TOKEN T`. */
const SHELL_TRIGGERS = ['vault', 'setenv', 'setx', 'set -', ...COMMAND_TRIGGERS];

export const shellStatement: BlockRule = {
  id: 'shell-statement',
  description:
    'In a shell script or history, every line read as statement-secret reads it: vault login T, gh auth login --with-token <<< T, set -x / setenv / setx NAME T, npm config set …:_authToken T',
  gate: '',
  kinds: KIND.shell,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    // Only the lines of the commands no pre-scan anchor reaches (the others are candidates already).
    let starts: number[] | undefined;
    const seen = new Set<number>();
    const hits: Hit[] = [];
    for (const word of SHELL_TRIGGERS) {
      for (let p = text.indexOf(word); p !== -1; p = text.indexOf(word, p + word.length)) {
        starts ??= index.starts();
        const li = lineOfPos(starts, p);
        if (seen.has(li)) continue;
        seen.add(li);
        hits.length = 0;
        const line = lineText(text, starts, li);
        statementSecret.scan(line, hits);
        // The administration commands that take a secret as a plain argument or on standard input (rules/admin.ts).
        commandSecret.scan(line, hits);
        for (const h of hits) add(out, li, h.start, h.end, 'shell-statement');
      }
    }
  },
  samples: () => {
    const p = [pw(), rand(ALNUM, 24, 81), pw()];
    return {
      truePositives: [
        { text: `cd ~/src/app\nvault login ${p[1]}\nsetenv DB_PASSWORD "${p[2]}"\ngit push\n`, secrets: [p[1]!, p[2]!] },
        { text: `cd /srv\nrabbitmqctl add_user app ${p[0]}\necho "deploy:${p[2]}" | sudo chpasswd\n`, secrets: [p[0]!, p[2]!] },
      ],
      falsePositives: [
        'cd ~/src/app\nvault login -method=oidc\nset -x PATH $HOME/bin $PATH\nsetenv LANG en_US.UTF-8\nsetx JAVA_HOME "C:\\Java"\n',
        'set -gx EDITOR vim\nset --export --global API_TOKEN $API_TOKEN\nset --global --export PATH $HOME/bin $PATH\nset --local token_count 3\n',
      ],
    };
  },
};

// --- Netscape cookie jars (curl -c, wget, browser exports) ---

/** A cookie line: domain (curl writes `#HttpOnly_` before it), TRUE/FALSE, path, TRUE/FALSE, expiry, name, value. */
const COOKIE_LINE = /^(?:#HttpOnly_)?[^\t#\s][^\t\n]*\t(?:TRUE|FALSE)\t[^\t\n]*\t(?:TRUE|FALSE)\t-?\d+\t([^\t\n]+)\t([^\t\r\n]+)\r?$/gm;
/** Cookie names that carry a login: a session, an auth or a remember-me cookie, a token or a JWT. */
const SESSION_COOKIE = /sess|sid$|^sid|auth|login|remember|sso|jwt|token|credential|secret|passw/i;

export const cookieJar: BlockRule = {
  id: 'cookie-jar',
  description: 'Netscape cookie jar (curl -c, wget, browser exports): the value of a session or auth cookie is a login',
  gate: '',
  // Every writer of the format starts the file with this header; without it tab-separated rows are anything.
  applies: (text) => text.startsWith('# Netscape HTTP Cookie File') || text.startsWith('# HTTP Cookie File'),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    COOKIE_LINE.lastIndex = 0;
    for (let m = COOKIE_LINE.exec(text); m !== null; m = COOKIE_LINE.exec(text)) {
      const name = m[1]!;
      const value = m[2]!;
      const strength = classifyName(name) ?? (SESSION_COOKIE.test(name) ? 'strong' : null);
      if (strength === null || !judge(value, strength, true)) continue;
      starts ??= index.starts();
      const li = lineOfPos(starts, m.index);
      const vs = m.index + m[0].lastIndexOf('\t' + value) + 1 - starts[li]!;
      add(out, li, vs, vs + value.length, 'cookie-jar');
    }
  },
  samples: () => {
    const [a, b, c] = [rand(ALNUM + '-_', 48), rand(HEX, 64), rand(ALNUM, 32)];
    const head = '# Netscape HTTP Cookie File\n# https://curl.se/docs/http-cookies.html\n\n';
    return {
      truePositives: [
        {
          text: head + `.example.com\tTRUE\t/\tTRUE\t1893456000\tsessionid\t${a}\napp.example.com\tFALSE\t/\tTRUE\t0\t__Host-auth_token\t${b}\n`,
          secrets: [a, b],
        },
        { text: head + `#HttpOnly_.example.com\tTRUE\t/api\tFALSE\t1893456000\tremember_user_token\t${c}\r\n`, secrets: [c] },
      ],
      falsePositives: [
        head + '.example.com\tTRUE\t/\tFALSE\t1893456000\tlang\tde\n.example.com\tTRUE\t/\tFALSE\t1893456000\t_ga\tGA1.2.9238614885.3005610469\n',
        // The same row without the header: tab-separated data of any kind.
        `example.com\tTRUE\t/\tTRUE\t1893456000\tsessionid\t${'x'.repeat(8)}-${rand(HEX, 12)}\n`,
      ],
    };
  },
};

// --- A recovery phrase anywhere in a small text ---

/** The largest text read for a phrase that no key names (a wallet's backup note is small; a whole file of code is not read). */
const PHRASE_TEXT_MAX = 2048;

export const bip39Phrase: BlockRule = {
  id: 'bip39-phrase',
  description:
    'A wallet recovery phrase: 12 to 24 words of the BIP-39 list in a row (one line or one per line, in quotes or numbered), in a text of up to 2 KiB',
  gate: '',
  applies: (text) => text.length <= PHRASE_TEXT_MAX,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const runs = mnemonicRuns(text);
    if (runs.length === 0) return;
    const starts = index.starts();
    for (const run of runs) {
      // One span per line: from the run's first word on the line to its last.
      let li = -1;
      let s = 0,
        e = 0;
      for (const [a, b] of run) {
        const l = lineOfPos(starts, a);
        if (l !== li) {
          if (li >= 0) add(out, li, s, e, 'bip39-phrase', 2.5);
          li = l;
          s = a - starts[l]!;
        }
        e = b - starts[l]!;
      }
      if (li >= 0) add(out, li, s, e, 'bip39-phrase', 2.5);
    }
  },
  samples: () => {
    const words = [...bip39Words()];
    const pick = (n: number, seed: number) =>
      Array.from(
        { length: n },
        (_, k) =>
          words[
            Math.floor(
              rand('0123456789', 6, seed + k * 31)
                .split('')
                .reduce((x, d) => x * 10 + Number(d), 0) % 2048,
            )
          ]!,
      );
    const p12 = pick(12, 901);
    const p24 = pick(24, 902);
    return {
      truePositives: [
        { text: `Wallet backup, 2024-02-01\n${p12.join(' ')}\n`, secrets: p12.filter((w) => w.length >= 8).concat(p12.slice(0, 2).join(' ')) },
        {
          text: `{\n  "words": ["${p24.slice(0, 12).join('", "')}",\n            "${p24.slice(12).join('", "')}"]\n}\n`,
          secrets: [p24.slice(0, 2).join('", "'), p24.slice(12, 14).join('", "')],
        },
        { text: `seed:\n${p12.map((w, i) => `  ${i + 1}. ${w}`).join('\n')}\n`, secrets: p12.filter((w) => w.length >= 8) },
      ],
      falsePositives: [
        'The recovery phrase above restores the hot wallet: keep it offline, never in a file like this one.\n',
        'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\n',
        'apple banana cherry\n',
      ],
    };
  },
};

// --- Base64 blobs as values of config files (without padding the pre-scan does not see them) ---

/** Base64's characters (both alphabets). */
function isB64Char(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 43 || c === 47 || c === 45 || c === 95;
}

/** The shortest base64 run encoded-value reads. */
const RUN_MIN = 24;

/**
 * Runs of 24 base64 characters or more (and their padding), found by hand: a regex tried every short run at
 * every start. Every maximal run, in order, read with a skip: a run of 24 starting at or after `i` holds
 * the character at `i + 23`, so when that one is not base64 the window is passed over unread (code's
 * identifiers are shorter than a window; most of a text is read one character in 24).
 */
function base64Runs(text: string): [number, number][] {
  const out: [number, number][] = [];
  const len = text.length;
  // A run may start at `i`: `i` is 0 or the character before it is not base64.
  for (let i = 0; i + RUN_MIN <= len;) {
    const j = i + RUN_MIN - 1;
    if (!isB64Char(text.charCodeAt(j))) {
      i = j + 1;
      continue;
    }
    let s = j;
    while (s > i && isB64Char(text.charCodeAt(s - 1))) s--;
    let e = j + 1;
    while (e < len && isB64Char(text.charCodeAt(e))) e++;
    if (e - s >= RUN_MIN) {
      let p = e;
      while (text.charCodeAt(p) === 61) p++;
      out.push([s, p]);
      i = p > e ? p : e + 1;
    } else i = e + 1;
  }
  return out;
}

export const encodedValue: BlockRule = {
  id: 'encoded-value',
  description: 'In a config file (YAML, JSON, .env, .properties, HCL, XML), a base64 value whose decoded text holds a secret',
  gate: '',
  kinds: KIND.yaml | KIND.json | KIND.env | KIND.properties | KIND.hcl | KIND.xml,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    const found = base64Runs(text);
    for (const [s, e] of found) {
      if (!blobHoldsSecret(text, s, e)) continue;
      starts ??= index.starts();
      const li = lineOfPos(starts, s);
      // Below the line rules' (encoded-secret reads a padded blob or JSON's `eyJ…` under its own name).
      add(out, li, s - starts[li]!, e - starts[li]!, 'encoded-value', 2.5);
    }
  },
  samples: () => {
    const env = b64(`DB_USER=app\nDB_PASSWORD=${pw()}\n`).replace(/=+$/, '');
    return {
      truePositives: [{ text: `config:\n  env_file: ${env}\n  level: info\n`, secrets: [env.slice(16, 48)] }],
      falsePositives: [`config:\n  banner: ${b64('Hello from the build server, have a nice day.')}\n  sha: ${rand(HEX, 64, 91)}\n`],
    };
  },
};

/**
 * Delimited tables (CSV, TSV, `;`- or `|`-separated) whose header names a column a secret: `…,password,…`,
 * `api_key`. Every value in that column is the secret its header names, in rows the line rules see only as
 * commas (`3,svc-app,app@example.com,<password>,2026-01-03`). The header is the text's first line (a
 * spreadsheet export, a seed file, a credentials dump); a row whose field count differs is not read.
 * Values that are empty, references or placeholders stay, and each must look like a secret for its name.
 */
const CSV_HEAD_MAX = 2048;
const CSV_NAME = /^[ \t]*(["']?)([A-Za-z_][\w .-]{0,63})\1[ \t]*$/;

/** The first line's delimiter and its secret-named columns (maybe none), or null (not a table). */
function csvHeader(text: string): CsvHeader | null {
  let nl = text.indexOf('\n');
  if (nl < 0 || nl > CSV_HEAD_MAX) return null;
  if (nl > 0 && text.charCodeAt(nl - 1) === 13) nl--;
  const head = text.slice(text.charCodeAt(0) === 0xfeff ? 1 : 0, nl);
  let sep = '';
  for (const c of [',', '\t', ';', '|'])
    if (head.includes(c)) {
      sep = c;
      break;
    }
  if (sep === '') return null;
  return csvHeaderOf(head, sep);
}
interface CsvHeader {
  sep: string;
  width: number;
  secret: Map<number, NameStrength>;
  names: string[];
}

/** `head` read as a header row with the delimiter `sep`: its width and secret-named columns, or null. */
function csvHeaderOf(head: string, sep: string): CsvHeader | null {
  const names = head.split(sep);
  if (names.length < 2) return null;
  const secret = new Map<number, NameStrength>();
  const trimmed: string[] = [];
  for (let k = 0; k < names.length; k++) {
    const m = CSV_NAME.exec(names[k]!);
    if (m === null) return null;
    trimmed.push(m[2]!.trim());
    const strength = classifyName(trimmed[k]!);
    if (strength !== null) secret.set(k, strength);
  }
  return { sep, width: names.length, secret, names: trimmed };
}

/** Words a table names its columns with (a header row's fields), besides the secret names names.ts knows. */
const COLUMN_WORDS = new Set(
  (
    'id name names email mail user username login account host hostname server port region zone service services endpoint url uri ' +
    'notes note description desc type kind status state created updated modified date time version commit branch value values key ' +
    'keys role roles env environment owner team group comment comments title label path file size count enabled expires expiry scope ' +
    'source target first last phone address city country org organization project app application'
  ).split(' '),
);

/**
 * A row after the first that starts another table (a second table after a blank line, a section's own header
 * row): every field a name made of words, half of them or more column words or secret names
 * (`service,endpoint,region`, `version\tcommit\tnotes`). A data row of names (`alice,sunshine,admin`) holds few
 * column words, and one with an empty field is none; the caller also requires that the row holds nothing the
 * table it was in would mask.
 */
function csvNextHeader(line: string, sep: string): CsvHeader | null {
  const h = csvHeaderOf(line, sep);
  if (h === null) return null;
  let columns = 0;
  for (const n of h.names) {
    const words = n.split(/[ ._-]+/).filter((w) => w !== '');
    if (words.length === 0 || !words.every((w) => isWordyIdentifier(w))) return null;
    if (classifyName(n) !== null || words.some((w) => COLUMN_WORDS.has(w.toLowerCase()))) columns++;
  }
  return columns * 2 >= h.names.length ? h : null;
}

/** A field that names a secret in a row of names and values (`DB_PASSWORD,V,prod`): an identifier, no blank. */
const ROW_NAME = /^[A-Za-z_][\w.-]{1,63}$/;

/** A row's fields as [start, end) spans of `line` (RFC 4180 quoting: `"a,b"`, `""` inside), or null if a quote is left open. */
function csvFields(line: string, sep: string): number[] | null {
  const spans: number[] = [];
  const code = sep.charCodeAt(0);
  let i = 0;
  for (;;) {
    const start = i;
    if (line.charCodeAt(i) === 34) {
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) return null;
        if (line.charCodeAt(q + 1) === 34) i = q + 2;
        else {
          i = q + 1;
          break;
        }
      }
      while (i < line.length && line.charCodeAt(i) !== code) i++;
    } else {
      const e = line.indexOf(sep, i);
      i = e < 0 ? line.length : e;
    }
    spans.push(start, i);
    if (i >= line.length) return spans;
    i++;
  }
}

const EMPTY_WORD = /^[([<](?:none|null|nil|empty|unset|blank|n\/a|not set|redacted)[)\]>]$/i;

export const csvColumn: BlockRule = {
  id: 'csv-secret-column',
  description:
    'Delimited table (CSV/TSV) whose header names a column password, secret, token, api_key…: every value in it; and a row whose field names a secret, the value in the next field (NAME,VALUE,env)',
  gate: '',
  applies: (text) => csvHeader(text) !== null,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const first = csvHeader(text);
    if (first === null) return;
    let h: CsvHeader = first;
    const starts = index.starts();
    /** Field k of `line` as [start, end), blanks and RFC 4180 quotes aside. */
    const field = (line: string, f: number[], k: number): [number, number] => {
      let a = f[2 * k]!;
      let b = f[2 * k + 1]!;
      while (a < b && isBlank(line.charCodeAt(a))) a++;
      while (b > a && isBlank(line.charCodeAt(b - 1))) b--;
      if (b - a >= 2 && line.charCodeAt(a) === 34 && line.charCodeAt(b - 1) === 34) {
        a++;
        b--;
      }
      return [a, b];
    };
    // `(none)`, `(empty)`, `(n/a)`: a table's word for no value, not a value.
    const secretValue = (v: string, strength: NameStrength) =>
      v !== '' && !EMPTY_WORD.test(v) && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, strength, true);
    // The first line is read as a row too: a table of names and values needs no header (`DB_PASSWORD,V,prod`).
    for (let li = 0; li < starts.length; li++) {
      let line = lineText(text, starts, li);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line.trim() === '') continue;
      let f = csvFields(line, h.sep);
      if (f === null) continue;
      if (li > 0) {
        // Another table's header (a second table after a blank line, a section's own header row): its columns
        // name the rows below it, not the first header's (`service,endpoint,region` under `user,password,role`).
        const rowHits: [number, number][] = [];
        if (f.length === 2 * h.width)
          for (const [k, strength] of h.secret) {
            const [a, b] = field(line, f, k);
            if (secretValue(line.slice(a, b), strength)) rowHits.push([a, b]);
          }
        const next: CsvHeader | null = rowHits.length === 0 ? csvNextHeader(line, h.sep) : null;
        if (next !== null) {
          h = next;
          f = csvFields(line, h.sep)!;
        } else {
          if (f.length !== 2 * h.width) continue;
          for (const [a, b] of rowHits) add(out, li, a, b, 'csv-secret-column');
        }
      } else if (f.length !== 2 * h.width) continue;
      // A field that names a secret and the value in the field after it: an export of names and values
      // (`name,value,env`, `key;value`, a TSV of variables).
      for (let k = 0; k + 1 < h.width; k++) {
        const [na, nb] = field(line, f, k);
        if (nb - na < 2 || nb - na > 64) continue;
        const name = line.slice(na, nb);
        if (!ROW_NAME.test(name)) continue;
        const strength = classifyName(name);
        // A header naming the next column an id or a digest (`id,name,sha`): its values are no secret.
        if (strength === null || h.secret.has(k + 1) || (h.names[k + 1] !== undefined && PUBLIC_NAME.test(h.names[k + 1]!))) continue;
        const [a, b] = field(line, f, k + 1);
        if (secretValue(line.slice(a, b), strength)) add(out, li, a, b, 'csv-secret-column');
      }
    }
  },
  samples: () => {
    const p = [pw(), pw(), rand(ALNUM, 32, 0x5c51)];
    return {
      truePositives: [
        {
          text: `id,name,email,password,created\n1,app,app@example.com,${p[0]},2026-01-01\n2,ci,"ci, build",${p[1]},2026-01-02\n3,old,old@example.com,,2025-12-31\n`,
          secrets: [p[0]!, p[1]!],
        },
        { text: `service\tapi_key\tregion\nbilling\t${p[2]}\teu-west-1\n`, secrets: [p[2]!] },
        { text: `name,value,env\nLOG_LEVEL,info,prod\nDB_PASSWORD,${p[0]},prod\n`, secrets: [p[0]!] },
      ],
      falsePositives: [
        'id,name,password,notes\n1,app,${APP_PASSWORD},rotated monthly\n2,ci,<password>,\n3,old,changeme,\n',
        'service\towner\tsecret\tnotes\nlegacy-cron\tops\t(none)\t-\n',
        'key,en,de\npassword,Password,Passwort\ntoken_expired,Your session expired,Sitzung abgelaufen\n',
        'id,name,email\n1,app,app@example.com\n',
        'name,value,env\nPASSWORD_MIN_LENGTH,12,prod\nAPI_KEY_HEADER,X-Api-Key,prod\nDB_PASSWORD,${DB_PASSWORD},prod\n',
        '// a, b, password\nconst x = 1;\n',
      ],
    };
  },
};

export const STRUCTURE_RULES: BlockRule[] = [
  encodedValue,
  bip39Phrase,
  cookieJar,
  shellStatement,
  puttyPrivateKey,
  pgpassPassword,
  propertiesSpace,
  namedValue,
  sqlInsert,
  sqlStatement,
  k8sSecretJson,
  csvColumn,
];
