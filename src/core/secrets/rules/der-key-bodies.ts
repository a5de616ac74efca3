// der-key-bodies: a private key's base64 DER body with no BEGIN/END marker, e.g. a YAML block scalar under
// `private_key_pkcs8_base64: |`, an env value, a JSON string. The DER head says what it is: a SEQUENCE whose first
// element is the INTEGER version 0 or 1 (`30 82 LL LL 02 01 00` → `MII???IBA`, `30 81 LL 02 01 0x` → `MIG?AgE`),
// which a private key (PKCS#1, PKCS#8, SEC1) has and a certificate, a CSR or a public key (a SEQUENCE first:
// `MII??CC`, `MIIB?jAN`) has not; EC and Ed25519 keys have fixed heads (`MHcCAQEE`, `MC4CAQAw`).
// The line holding the head is masked, and the base64 lines that continue it (no key, no other text).
// A head after any other prefix (`export NAME="…"`, `set NAME=…`, `$env:NAME = "…"`, a URL-safe alphabet, Ed448/X448
// keys, a PKCS#8 v2 key) is decoded and its DER read (keyStructure): a SEQUENCE whose length fits the bytes, then the
// version and what a private key has after it; a certificate, a public key, a CSR or a PKCS#12 file has none of them.
// Threat: found by blind red teams (rt21mask pem-base64-in-env); the key's every line but the marker-less ones was
// masked before, and a key after `export NAME=` or in base64url was left whole.
// Cost: gated by the heads' literal prefixes; a line is read only where one stands.
import { B64, rand } from '../samples';
import { registerGates } from './gates';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { addHit } from './hits';

const RULE = 'der-key-body';
const GATES = ['MII', 'MIG', 'MHcCAQEE', 'MC4CAQAw', 'MEcCAQAw', 'MEYCAQAw', 'MFMCAQEw', 'MFECAQEw'];
registerGates(GATES);

/** A head at the value's start: after blanks, an optional key and separator, a quote or a block scalar's `|`. */
const HEAD =
  /^[ \t]*(?:-[ \t]+)?(?:["']?[A-Za-z_][\w.-]*["']?[ \t]*[:=][ \t]*(?:[|>][-+]?[ \t]*)?)?(?:b?["'])?((?:MII[A-Za-z0-9+/]{2}[AQgw]IBA|MIG[A-Za-z0-9+/]AgE[AB]|MHcCAQEE|MC4CAQAw)[A-Za-z0-9+/]{24,}={0,2})/d;
/** A line that continues a base64 body: nothing but base64 (and a closing quote or comma). */
const MORE = /^[ \t]*(?:["'])?([A-Za-z0-9+/]{8,}={0,2})(?:\\n)?["']?,?[ \t]*\r?$/d;

/** A base64 or base64url run (64 characters at least, a short key's whole DER) at a head. */
const RUN = /[A-Za-z0-9+/_-]{64,}={0,2}/y;

/** `s` (base64 or base64url) as bytes, or null. */
function bytesOf(s: string): Uint8Array | null {
  const std = s.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (std.length % 4 === 1) return null;
  try {
    const bin = atob(std + '='.repeat((4 - (std.length % 4)) % 4));
    const out = new Uint8Array(bin.length);
    for (let k = 0; k < bin.length; k++) out[k] = bin.charCodeAt(k);
    return out;
  } catch {
    return null;
  }
}

/** A DER element's tag, content start and end at `at`, or null (a definite length within `end`). */
function element(b: Uint8Array, at: number, end: number): { tag: number; start: number; end: number } | null {
  if (at + 2 > end) return null;
  const tag = b[at]!;
  let len = b[at + 1]!;
  let start = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 3 || start + n > end) return null;
    len = 0;
    for (let k = 0; k < n; k++) len = len * 256 + b[start + k]!;
    start += n;
  }
  return start + len <= end ? { tag, start, end: start + len } : null;
}

/**
 * Whether DER of `length` bytes that starts with `der` (its head, 9 bytes at least; when `partial`, `length` is the
 * bytes on the first line of a body wrapped over lines) is a private key: a SEQUENCE holding INTEGER 0 or 1, then a
 * SEQUENCE (PKCS#8's algorithm), an INTEGER (PKCS#1, a raw DSA key) or, after version 1, an OCTET STRING (SEC1's EC
 * key). The SEQUENCE's length must be the bytes' (or reach past them when `partial`).
 */
export function keyStructure(der: Uint8Array, length: number, partial: boolean): boolean {
  if (length < 40 || der.length < 9 || der[0] !== 0x30) return false;
  let len = der[1]!;
  let start = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 3) return false;
    len = 0;
    for (let k = 0; k < n; k++) len = len * 256 + der[2 + k]!;
    start += n;
  }
  if (partial ? start + len < length : start + len !== length) return false;
  const limit = Math.min(der.length, start + len);
  const version = element(der, start, limit);
  if (version === null || version.tag !== 0x02 || version.end - version.start !== 1 || der[version.start]! > 1) return false;
  if (version.end >= limit) return false;
  const next = der[version.end]!;
  if (next === 0x30 || next === 0x02) return true;
  return next === 0x04 && der[version.start] === 1;
}

export const derKeyBody: BlockRule = {
  id: RULE,
  description: "A private key's base64 DER body without BEGIN/END markers (YAML block scalars, env values): PKCS#1, PKCS#8, SEC1 heads",
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    if (!GATES.some((g) => text.includes(g))) return;
    const starts = index.starts();
    const lineAt = (li: number): string => {
      const ls = starts[li]!;
      const nl = text.indexOf('\n', ls);
      return text.slice(ls, nl < 0 ? text.length : nl);
    };
    let done = -1;
    // The heads in the text's order (`done` skips the lines of a body already read, wherever its head's gate is listed).
    const heads: number[] = [];
    for (const g of GATES) for (let p = text.indexOf(g); p >= 0; p = text.indexOf(g, p + 1)) heads.push(p);
    heads.sort((x, y) => x - y);
    for (const p of heads) {
      // A head starts a value: not inside a longer base64 run (a blob, minified code).
      if (p > 0 && /[A-Za-z0-9+/]/.test(text[p - 1]!)) continue;
      let li = 0;
      for (let lo = 0, hi = starts.length - 1; lo <= hi;) {
        const mid = (lo + hi) >> 1;
        if (starts[mid]! <= p) ((li = mid), (lo = mid + 1));
        else hi = mid - 1;
      }
      if (li <= done) continue;
      const line = lineAt(li);
      const m = HEAD.exec(line);
      let s: number;
      let e: number;
      RUN.lastIndex = p - starts[li]!;
      const r = RUN.exec(line);
      if (m !== null) {
        [s, e] = m.indices![1]!;
        // A base64url body the head's alphabet stops in: the whole run.
        if (r !== null && r.index === s && r.index + r[0].length > e) e = r.index + r[0].length;
      } else {
        // Another prefix, or base64url: the run decoded, its DER read.
        if (r === null) continue;
        const more = li + 1 < starts.length && MORE.test(lineAt(li + 1));
        // The head's bytes (12 characters: the SEQUENCE's header, the version, the next tag) and the run's length.
        const head = bytesOf(r[0].slice(0, 12));
        const run = r[0].replace(/=+$/, '').length;
        if (head === null || !keyStructure(head, Math.floor((run * 3) / 4), more)) continue;
        s = r.index;
        e = r.index + r[0].length;
      }
      addHit(out, li, { start: s, end: e, rule: RULE, priority: 2.5 });
      let k = li + 1;
      for (; k < starts.length; k++) {
        const c = MORE.exec(lineAt(k));
        if (c === null) break;
        const [cs, ce] = c.indices![1]!;
        addHit(out, k, { start: cs, end: ce, rule: RULE, priority: 2.5 });
      }
      done = k - 1;
    }
  },
  samples() {
    const body = (head: string, seed: number) => head + rand(B64, 60, seed);
    const pk8 = body('MIIEv' + 'gIBADANBgkqhkiG9w0BAQEFAASC', 0x34e1);
    const more = rand(B64, 64, 0x34e2);
    const ec = body('MHcC' + 'AQEEI', 0x34e3);
    return {
      truePositives: [
        { text: `  private_key_pkcs8_base64: |\n    ${pk8}\n    ${more}\n  region: eu-west-1`, secrets: [pk8, more] },
        { text: `keys:\n  - ${ec}\n    ${more}`, secrets: [ec, more] },
      ],
      falsePositives: [
        '  tls.crt: |\n    MIIDWjCCAkKgAwIBAgIUFd2cQ5f1n0iPj3wY4kXg6L0pWmUwDQYJKoZIhvcNAQELBQAw\n    EjEQMA4GA1UEAwwHdGVzdC1jYTAeFw0yNDAxMDEwMDAwMDBaFw0zNDAxMDEwMDAwMDBa',
        'public_key: MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0',
      ],
    };
  },
};
