// What kind of file a text is, from its first lines: the structure rules (rules/structure.ts) run only
// on the kinds whose structure they read, so every other text costs them a look at its head.
// Cheap by design: at most the first few lines of the first 4 KiB are read, once per text.

export const KIND = {
  /** PuTTY private key file (`PuTTY-User-Key-File-2: ssh-rsa`). */
  ppk: 1,
  /** PostgreSQL password file: `host:port:db:user:password` lines. */
  pgpass: 2,
  /** Java .properties: `a.b.c=value`, `a.b.c: value`, `a.b.c value`. */
  properties: 4,
  yaml: 8,
  json: 16,
  xml: 32,
  /** Terraform / HCL: `variable "x" {`, `resource "a" "b" {`, `name = "…"`. */
  hcl: 64,
  sql: 128,
} as const;

const HEAD_BYTES = 4096;
const HEAD_LINES = 8;

const PGPASS = /^(?:[^:\s\\]|\\.)+:(?:\d+|\*):(?:[^:\s\\]|\\.)+:(?:[^:\s\\]|\\.)+:\S/;
const YAML_KEY = /^(?:---|%YAML|- |-$|(?:"[^"\n]*"|'[^'\n]*'|[A-Za-z_$][\w$./ -]*)[ \t]*:(?:[ \t]|\r?$))/;
const PROPERTIES = /^[A-Za-z_][\w-]*(?:\.[\w-]+)+[ \t]*(?:[=:]|[ \t]\S)/;
const HCL = /^(?:variable|resource|provider|module|locals|terraform|data|output)\b[ \t]*(?:"|\{)|^[A-Za-z_][\w-]*[ \t]*=[ \t]*(?:"|\[|\{|\d|true|false)/;
const SQL =
  /^(?:(?:create|insert|alter|update|delete|select|grant|revoke|begin|drop|use|copy|with|comment|\\c|\\connect)\b|set[ \t]+[\w.]+[ \t]*(?:=|to\b)|do[ \t]+\$)/i;

let lastText: string | undefined;
let lastKinds = 0;

/** The kinds (KIND bits) the head of `text` reads as; several may hold (`a.b: c` is YAML and .properties). */
export function sniff(text: string): number {
  if (text === lastText) return lastKinds;
  lastText = text;
  return (lastKinds = sniffNow(text));
}

function sniffNow(text: string): number {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stop = Math.min(text.length, HEAD_BYTES);
  let kinds = 0;
  let seen = 0;
  let sqlComment = false;
  while (i < stop && seen < HEAD_LINES) {
    let nl = text.indexOf('\n', i);
    if (nl < 0 || nl > stop) nl = stop;
    let s = i;
    while (s < nl && (text.charCodeAt(s) === 32 || text.charCodeAt(s) === 9 || text.charCodeAt(s) === 13)) s++;
    const line = text.slice(s, nl);
    const col0 = s === i;
    i = nl + 1;
    if (line === '' || line === '\r') continue;
    const c = line.charCodeAt(0);
    if (seen === 0) {
      if (line.startsWith('PuTTY-User-Key-File-')) return KIND.ppk;
      if (c === 60 /* < */) kinds |= KIND.xml;
      else if (c === 123 /* { */ || (c === 91 /* [ */ && !/^\[[^\]]*\]\s*(?:[#;].*)?$/.test(line))) kinds |= KIND.json;
    }
    // Comments say little, except SQL's.
    if (c === 35 /* # */ || c === 33 /* ! */ || c === 59 /* ; */ || line.startsWith('//') || line.startsWith('/*') || line.startsWith('<!--')) {
      if (seen === 0 && line.startsWith('<!--')) kinds |= KIND.xml;
      continue;
    }
    if (line.startsWith('--')) {
      sqlComment = true;
      if (!line.startsWith('---')) continue;
    }
    seen++;
    if (col0 && YAML_KEY.test(line)) kinds |= KIND.yaml;
    if (col0 && PGPASS.test(line)) kinds |= KIND.pgpass;
    if (col0 && PROPERTIES.test(line)) kinds |= KIND.properties;
    if (col0 && HCL.test(line)) kinds |= KIND.hcl;
    if (SQL.test(line) || (sqlComment && seen === 1)) kinds |= KIND.sql;
  }
  return kinds;
}
