// A secret kept in pieces that the file never joins, and encoded payloads under a secret's object: a JSON
// array of strings under a secret's name (`"token_parts": ["…", "…"]`) or as the `parts` of a secret-named
// object (`"apiKey": { "parts": ["…", "…"] }`), the same as a YAML block list (`password:` / `  - …` / `  - …`),
// and a hex or base64 scalar under a Secret object or a secret-named parent (`kind: Secret` … `data: <hex>`,
// `credentials:` / `  payload: <hex>`). Sibling keys holding halves (`apiKeyPart1`/`apiKeyPart2`, `token_a`,
// `secretPrefix`/`secretSuffix`) are read by the generic rule: names.ts PIECE names each half the secret.
// Threat: each piece reached the model whole, and the pieces together are the credential.
// The rules read only JSON or YAML texts (sniff.ts) that hold the shape's literal: every other text costs nothing.
import { base64Certificates } from '../blocks';
import { PUBLIC_NAME, classifyName, nameWords } from '../names';
import type { NameStrength } from '../entropy';
import { ALNUM, B64, HEX, j, rand } from '../samples';
import { KIND } from '../sniff';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { signatureDigest } from './generic';
import { addHit } from './hits';
import { enclosingObject, judge, lineOfPos } from './structure';

const PRIORITY = 1.5;
/** Key words that name the pieces of what their parent names (`"apiKey": { "parts": […] }`). */
const PIECE_KEY = /^(?:parts|pieces|chunks|segments|fragments|shards|halves)$/i;

let seed = 0x9e1500;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);

/** The secret strength of `name`; a pieces key (`parts`) answers with its parent's (`parent()`, read only then). */
function strengthOf(name: string, parent: () => string | null): NameStrength | null {
  const s = classifyName(name);
  if (s !== null) return s;
  if (!PIECE_KEY.test(name)) return null;
  const p = parent();
  return p === null ? null : classifyName(p);
}

/** The pieces joined are judged as the secret (each alone may be short); every piece is masked. */
function markPieces(text: string, index: LineIndex, out: BlockOutput, pieces: [number, number][], strength: NameStrength, rule: string): void {
  if (pieces.length === 0) return;
  const joined = pieces.map(([s, e]) => text.slice(s, e)).join('');
  // Short joins are names and words (`["env", "API_KEY"]`), not a credential's halves.
  if (joined.length < 16 || !judge(joined, strength, true)) return;
  const starts = index.starts();
  for (const [s, e] of pieces) {
    if (e <= s) continue;
    const li = lineOfPos(starts, s);
    addHit(out, li, { start: s - starts[li]!, end: e - starts[li]!, rule, priority: PRIORITY });
  }
}

// --- JSON: an array of strings under a secret's name, or as the parts of a secret-named object ---

const JSON_ARRAY = /"([A-Za-z_][\w.-]{0,80})"[ \t]*:[ \t\r\n]*\[/g;
const JSON_PARENT = /"([A-Za-z_][\w.-]*)"[ \t]*:[ \t]*$/;
/** The array's strings from `at` (after `[`), as content spans, or null when it holds anything but strings. */
function stringItems(text: string, at: number): [number, number][] | null {
  const items: [number, number][] = [];
  let i = at;
  for (let n = 0; n < 64; n++) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    const c = text.charCodeAt(i);
    if (c === 93) return items; // ]
    if (c !== 34) return null;
    let k = i + 1;
    while (k < text.length && text.charCodeAt(k) !== 34 && text.charCodeAt(k) !== 10) k += text.charCodeAt(k) === 92 ? 2 : 1;
    if (text.charCodeAt(k) !== 34) return null;
    items.push([i + 1, k]);
    i = k + 1;
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.charCodeAt(i) === 44) i++;
    else if (text.charCodeAt(i) !== 93) return null;
  }
  return null;
}

export const jsonPieces: BlockRule = {
  id: 'json-secret-pieces',
  description:
    'A JSON array of strings under a secret-named key, or as the parts of a secret-named object: "token_parts": ["…", "…"], "apiKey": {"parts": [...]}',
  gate: '',
  kinds: KIND.json,
  applies: (text) => text.includes('": [') || text.includes('":[') || text.includes('":\n'),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    JSON_ARRAY.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = JSON_ARRAY.exec(text)) !== null) {
      const at = m.index;
      const strength = strengthOf(m[1]!, () => {
        const obj = enclosingObject(text, at);
        if (obj === null) return null;
        const head = text.slice(Math.max(0, obj[0] - 200), obj[0]).replace(/\s+$/, '');
        return JSON_PARENT.exec(head)?.[1] ?? null;
      });
      if (strength === null) continue;
      const items = stringItems(text, m.index + m[0].length);
      // Pieces are two or more: one string in an array is a value, judged by the rules for values.
      if (items === null || items.length < 2) continue;
      markPieces(text, index, out, items, strength, 'json-secret-pieces');
    }
  },
  samples() {
    const a = rs(ALNUM, 16);
    const b = rs(ALNUM, 16);
    return {
      truePositives: [
        { text: `{\n  "apiKey": {\n    "parts": ["${a}", "${b}"]\n  }\n}\n`, secrets: [a, b] },
        { text: `{\n  "token_parts": [\n    "${a}",\n    "${b}"\n  ]\n}\n`, secrets: [a, b] },
      ],
      falsePositives: [
        '{\n  "parts": ["header", "body", "footer"],\n  "passwordRules": ["min-length-12", "one-digit"],\n  "apiKey": {\n    "parts": ["env", "API_KEY"]\n  }\n}\n',
        '{\n  "tokens": ["{{ .Values.token }}", "${TOKEN}"],\n  "keys": ["id", "name"]\n}\n',
      ],
    };
  },
};

// --- YAML: a block list of scalars under a secret's name ---

/** A key opening a block: `  password:` (nothing after it but a comment). */
const YAML_KEY = /^([ \t]*)(?:-[ \t]+)?["']?([A-Za-z_][\w.-]*)["']?[ \t]*:[ \t]*(?:#.*)?\r?$/;
/** A list item holding a scalar (quoted, or plain without `: `). */
const YAML_ITEM = /^([ \t]*)-[ \t]+(?:"((?:[^"\\\r\n]|\\.)*)"|'((?:[^'\r\n]|'')*)'|([^\s#'"|>&*!{[-](?:(?!:[ \t]|[ \t]#)[^\r\n])*?))[ \t]*(?:[ \t]#.*)?\r?$/d;

export const yamlPieces: BlockRule = {
  id: 'yaml-secret-pieces',
  description: 'A YAML block list of scalars under a secret-named key (or the parts of one): password: / - … / - …',
  gate: '',
  kinds: KIND.yaml,
  applies: (text) => text.includes('- '),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const starts = index.starts();
    const line = (li: number) => {
      const ls = starts[li]!;
      const nl = text.indexOf('\n', ls);
      return text.slice(ls, nl < 0 ? text.length : nl);
    };
    for (let li = 0; li + 1 < starts.length; li++) {
      const l = line(li);
      if (!l.endsWith(':') && !l.endsWith(':\r') && !l.includes('#')) continue;
      const k = YAML_KEY.exec(l);
      if (k === null) continue;
      const indent = k[1]!.length;
      const strength = strengthOf(k[2]!, () => {
        for (let up = li - 1; up >= 0 && up >= li - 24; up--) {
          const u = line(up);
          if (u.trim() === '' || u.trimStart().startsWith('#')) continue;
          if (u.length - u.trimStart().length >= indent) continue;
          return YAML_KEY.exec(u)?.[2] ?? null;
        }
        return null;
      });
      if (strength === null) continue;
      const pieces: [number, number][] = [];
      let next = li + 1;
      for (; next < starts.length && pieces.length < 64; next++) {
        const u = line(next);
        if (u.trim() === '' || u.trimStart().startsWith('#')) continue;
        const it = YAML_ITEM.exec(u);
        if (it === null || it[1]!.length < indent) break;
        const g = it[2] !== undefined ? 2 : it[3] !== undefined ? 3 : 4;
        const [s, e] = it.indices![g]!;
        pieces.push([starts[next]! + s, starts[next]! + e]);
      }
      markPieces(text, index, out, pieces, strength, 'yaml-secret-pieces');
      li = next - 1;
    }
  },
  samples() {
    const a = rs(ALNUM, 16);
    const b = rs(ALNUM, 16);
    return {
      truePositives: [
        { text: `password:\n  - ${a}\n  - ${b}\n`, secrets: [a, b] },
        { text: `api_key:\n  parts:\n    - "${a}"\n    - '${b}'\n`, secrets: [a, b] },
      ],
      falsePositives: [
        'passwordRules:\n  - min-length-12\n  - one-digit\nsecrets:\n  - name: db\n    key: password\ntokens:\n  - ${TOKEN}\n',
        'keys:\n  - id\n  - name\n',
      ],
    };
  },
};

// --- YAML: an encoded payload under a Secret object or a secret-named parent ---

/** `  key: <hex or base64>` (optionally quoted), the payload alone on its line. */
const PAYLOAD_LINE =
  /^([ \t]*)(?:-[ \t]+)?["']?([A-Za-z_][\w.-]*)["']?[ \t]*:[ \t]+(["']?)((?:[0-9a-fA-F]{32,}|[A-Za-z0-9+/]{24,}={0,2}|[A-Za-z0-9_-]{24,}))\3[ \t]*(?:[ \t]#.*)?\r?$/d;
const SECRET_KIND = /^kind:[ \t]*["']?(?:Secret|SealedSecret|ExternalSecret)["']?[ \t]*\r?$/m;
const SEALED_KIND = /^kind:[ \t]*["']?SealedSecret["']?[ \t]*\r?$/m;
/**
 * A Bitnami SealedSecret's ciphertext: base64 of a 2-byte length (`Ag…`: the RSA-OAEP-wrapped session key is 256 or
 * 512 bytes) and the key and the AES-GCM data — hundreds of characters. It is encrypted for the cluster's controller
 * alone and meant to be committed: public, kept (a short or hex value under `encryptedData` is no such ciphertext).
 */
const SEALED_CIPHERTEXT = /^Ag[A-Za-z0-9+/]{340,}={0,2}$/;

/** `v` reads as an encoded payload: hex of even length, or base64 with letters of both cases and a digit. */
function encodedPayload(v: string): boolean {
  if (/^[0-9a-fA-F]+$/.test(v)) return v.length % 2 === 0 && /[a-fA-F]/.test(v) && /\d/.test(v);
  return /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v);
}

export const yamlEncodedPayload: BlockRule = {
  id: 'yaml-secret-payload',
  description: 'A hex or base64 payload under a Kubernetes Secret (data: <hex>) or under a secret-named parent (credentials: / payload: <hex>)',
  gate: '',
  kinds: KIND.yaml,
  applies: (text) => /:[ \t]+["']?(?:[0-9a-fA-F]{32}|[A-Za-z0-9+/_-]{24})/.test(text),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const secretKind = SECRET_KIND.test(text);
    const starts = index.starts();
    // The keys that open blocks, by indent: the path of the line being read.
    const path: { indent: number; name: string }[] = [];
    for (let li = 0; li < starts.length; li++) {
      const ls = starts[li]!;
      const nl = text.indexOf('\n', ls);
      const l = text.slice(ls, nl < 0 ? text.length : nl);
      const t = l.trimStart();
      if (t === '' || t.startsWith('#')) continue;
      if (t.startsWith('---')) {
        path.length = 0;
        continue;
      }
      const indent = l.length - t.length;
      while (path.length > 0 && path[path.length - 1]!.indent >= indent) path.pop();
      const k = YAML_KEY.exec(l);
      if (k !== null) {
        path.push({ indent, name: k[2]! });
        continue;
      }
      const m = PAYLOAD_LINE.exec(l);
      if (m === null || PUBLIC_NAME.test(m[2]!) || !encodedPayload(m[4]!) || base64Certificates(m[4]!) || signatureDigest(m[2]!, m[4]!, l, m.indices![2]![0]))
        continue;
      // Under a Secret object, its data (top-level `data:`, or a key under `data`/`stringData`/`encryptedData`); else a secret-named key on the path.
      const top = path.length === 0 ? m[2]! : path[0]!.name;
      const underSecret = secretKind && /^(?:data|stringData|binaryData|encryptedData|spec)$/.test(top);
      const named = [m[2]!, ...path.map((p) => p.name)].some(
        (n) => classifyName(n) !== null || nameWords(n).some((w) => w === 'credentials' || w === 'secret' || w === 'secrets'),
      );
      if (!underSecret && !named) continue;
      // A SealedSecret's ciphertext is kept, and kept from the key-value rules (its key is `password:`, `api_key:`).
      if (SEALED_CIPHERTEXT.test(m[4]!) && path.some((p) => p.name === 'encryptedData') && SEALED_KIND.test(text)) {
        out.protect.add(li);
        continue;
      }
      const [s, e] = m.indices![4]!;
      addHit(out, li, { start: s, end: e, rule: 'yaml-secret-payload', priority: PRIORITY });
    }
  },
  samples() {
    const raw = rs(ALNUM, 20);
    let hex = '';
    for (const c of raw) hex += c.charCodeAt(0).toString(16).padStart(2, '0');
    const b = btoa(raw);
    return {
      truePositives: [
        { text: j('kind: Sec', 'ret\nmetadata:\n  name: db\ndata: ', hex, '\n'), secrets: [hex] },
        { text: `apiVersion: v1\nkind: Secret\ndata: ${b}\n`, secrets: [b] },
        { text: `credentials:\n  payload: ${hex}\n`, secrets: [hex] },
        { text: `kind: SealedSecret\nspec:\n  encryptedData:\n    password: ${hex}\n`, secrets: [hex] },
      ],
      falsePositives: [
        `kind: ConfigMap\ndata:\n  checksum: ${rs(HEX, 64)}\n  color: blue\n`,
        `kind: Secret\nmetadata:\n  name: db\n  annotations:\n    checksum: ${rs(HEX, 64)}\n`,
        `build:\n  commit: ${rs(HEX, 40)}\n  artifact: ${rs(HEX, 64)}\n`,
        `kind: SealedSecret\nspec:\n  encryptedData:\n    password: AgB${rs(B64, 400)}==\n`,
      ],
    };
  },
};

export const PIECE_RULES: readonly BlockRule[] = [jsonPieces, yamlPieces, yamlEncodedPayload];
