// Secrets wrapped in base64: a blob that decodes to text holding a secret (`config: <base64 of
// "DB_PASSWORD=…">`, a Kubernetes-style `settings: eyJ…` of JSON with an api_key, a token encoded to pass
// a filter). The blob is decoded and the decoded text masked like any text; when that finds a secret,
// the whole blob is the secret.
// Threat: the model decodes base64 as easily as it reads it; masking only plain text hands it every
// secret one encoding away.
// Which blobs: base64 of a JSON object (it starts `eyJ`, one of the pre-scan's anchors), and blobs ending
// in `=` padding (the SIMD module reports a `=` after sixteen base64 characters). A blob is decoded only
// when its first characters decode to text, so hashes, keys and images cost a few characters each.
// A blob whose first bytes are a gzip or zlib header (`H4sI…`, `eJ…`: `ENV_BLOB=$(gzip | base64)`, a Helm
// release, a compressed config in a Kubernetes annotation) is inflated first, to at most INFLATE_MAX bytes:
// compression is one more encoding away, and the header gates it (other blobs pay two bytes' look).
import { constants as zlibConstants, gunzipSync, inflateSync } from 'node:zlib';

/** The masker's answer for a decoded text: does it hold a secret? Set by masker.ts (it imports the rules, which use this). */
let holdsSecret: ((text: string) => boolean) | undefined;
let depth = 0;

export function setSecretTest(test: (text: string) => boolean): void {
  holdsSecret = test;
}

const B64 = new Uint8Array(128).fill(255);
for (const [k, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries()) B64[c.charCodeAt(0)] = k;
B64[45] = 62; // `-` (base64url)
B64[95] = 63; // `_`

function isB64(c: number): boolean {
  return c < 128 && B64[c] !== 255;
}

/** The base64 run around offset `p` of `text` (its padding included): [start, end). */
export function base64Run(text: string, p: number): [number, number] {
  let s = p;
  while (s > 0 && isB64(text.charCodeAt(s - 1))) s--;
  let e = p;
  while (e < text.length && isB64(text.charCodeAt(e))) e++;
  while (e < text.length && text.charCodeAt(e) === 61) e++;
  return [s, e];
}

/** Bytes of the base64 text `text[s, e)` (padding ignored), or null when a character is not base64. */
function decodeBytes(text: string, s: number, e: number): Uint8Array | null {
  while (e > s && text.charCodeAt(e - 1) === 61) e--;
  const n = e - s;
  if (n % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((n * 3) / 4));
  let o = 0,
    acc = 0,
    bits = 0;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? B64[c]! : 255;
    if (v === 255) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 255;
    }
  }
  return out.subarray(0, o);
}

/** Text of the bytes (UTF-8), when at least 95% of its characters are printable or blanks; null otherwise. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function asText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return null;
  }
  let bad = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127 || c === 0xfffd) bad++;
  }
  return bad * 20 <= text.length ? text : null;
}

/** The shortest blob worth decoding: 16 characters (12 bytes) hold a short `key=value` or a token. */
const MIN_BLOB = 16;

/** The 12 bytes of the blob's first 16 characters are printable ASCII or blanks (text begins so; random bytes rarely do). */
function textHead(text: string, s: number): boolean {
  let acc = 0,
    bits = 0,
    bad = 0;
  for (let i = s; i < s + MIN_BLOB; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? B64[c]! : 255;
    if (v === 255) return false;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      const b = (acc >> bits) & 255;
      if (!((b >= 32 && b < 127) || b === 9 || b === 10 || b === 13)) bad++;
    }
  }
  return bad <= 1;
}

/** The first two bytes of the base64 at `text[s]` (16 bits of its first three characters), or -1. */
function firstTwoBytes(text: string, s: number): number {
  let acc = 0;
  for (let i = s; i < s + 3; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? B64[c]! : 255;
    if (v === 255) return -1;
    acc = (acc << 6) | v;
  }
  return acc >> 2;
}

/** gzip's magic (1f 8b), or zlib's header (deflate, a window up to 32 KiB, a check that divides by 31): 1 gzip, 2 zlib, 0 neither. */
function compressedHead(text: string, s: number): number {
  const two = firstTwoBytes(text, s);
  if (two === 0x1f8b) return 1;
  return two >= 0 && (two & 0x0f00) === 0x0800 && two >> 12 <= 7 && two % 31 === 0 ? 2 : 0;
}

/** The most a compressed blob is inflated to: a secret sits in a config's first KiBs; a bomb stops here. */
const INFLATE_MAX = 256 * 1024;

/** The text a gzip or zlib stream inflates to (what of it inflates when it is cut short), or null. */
function inflated(bytes: Uint8Array, kind: number): string | null {
  const opts = { maxOutputLength: INFLATE_MAX, finishFlush: zlibConstants.Z_SYNC_FLUSH };
  try {
    return asText(kind === 1 ? gunzipSync(bytes, opts) : inflateSync(bytes, opts));
  } catch {
    return null;
  }
}

/**
 * Whether the base64 blob `text[s, e)` decodes to text that holds a secret. Its first 16 characters are
 * read first, by hand: random bytes (a hash, a key, an image) fail there, unless they start as gzip or
 * zlib does; those are inflated.
 */
export function blobHoldsSecret(text: string, s: number, e: number): boolean {
  if (holdsSecret === undefined || e - s < MIN_BLOB || depth > 1) return false;
  const compressed = compressedHead(text, s);
  const head = textHead(text, s);
  if (compressed === 0 && !head) return false;
  const bytes = decodeBytes(text, s, e);
  // A text may open as zlib's header does (`x^`); what does not inflate is read as text.
  let decoded = bytes === null || compressed === 0 ? null : inflated(bytes, compressed);
  if (decoded === null && head && bytes !== null) decoded = asText(bytes);
  if (decoded === null) return false;
  depth++;
  try {
    return holdsSecret(decoded);
  } finally {
    depth--;
  }
}

/** `eyJ` and the base64 run it starts (JSON text, `{"`), not a JWT (whose runs are joined by dots). */
const EYJ = /(?<![A-Za-z0-9+/_-])eyJ[A-Za-z0-9+/_-]{13,}={0,2}(?![A-Za-z0-9+/_.-])/g;

/** The `eyJ…` blobs of a line that decode to JSON holding a secret: their spans. */
export function jsonBlobs(line: string): [number, number][] {
  // The blobs first, then each judged: judging masks the decoded text, which runs this again (EYJ's lastIndex).
  const found: [number, number][] = [];
  EYJ.lastIndex = 0;
  for (let m = EYJ.exec(line); m !== null; m = EYJ.exec(line)) found.push([m.index, m.index + m[0].length]);
  return found.filter(([s, e]) => blobHoldsSecret(line, s, e));
}

/** Whether a text decoded from another literal form (hex, character codes, escapes: rules/forms.ts) holds a secret. */
export function decodedHoldsSecret(decoded: string): boolean {
  if (holdsSecret === undefined || depth > 1) return false;
  depth++;
  try {
    return holdsSecret(decoded);
  } finally {
    depth--;
  }
}
