// What kind of file a text is, from its first lines: the structure rules (rules/structure.ts) run only
// on the kinds whose structure they read, so every other text costs them a look at its head.
// Cheap by design (it runs on every text masked): the first significant lines of the first 4 KiB,
// each read once by hand for the few characters that decide (a line of code is told apart by its
// first character or its first `(` `;` `{` before any regex runs); a regex confirms only a maybe.

export const KIND = {
  /** PuTTY private key file (`PuTTY-User-Key-File-2: ssh-rsa`). */
  ppk: 1,
  /** PostgreSQL password file: `host:port:db:user:password` lines. */
  pgpass: 2,
  /** Java .properties: `a.b.c=value`, `a.b.c: value`, `a.b.c value`, on two lines of the head. */
  properties: 4,
  yaml: 8,
  json: 16,
  xml: 32,
  /** Terraform / HCL: `variable "x" {`, `resource "a" "b" {`, `name = "…"`. */
  hcl: 64,
  sql: 128,
  /** Shell scripts and history: a shebang, a batch file's `@echo off`, or a command first (`cd`, `git`, `vault`, `$ `). */
  shell: 256,
  /** A .env file: `NAME=value` lines, the names in capitals. */
  env: 512,
} as const;

const HEAD_BYTES = 4096;
const HEAD_LINES = 3;

const PGPASS = /(?:[^:\s\\]|\\.)+:(?:\d+|\*):(?:[^:\s\\]|\\.)+:(?:[^:\s\\]|\\.)+:\S/y;
const YAML_KEY = /(?:---|%YAML|-(?=[ \t\r\n]|$)|(?:"[^"\n]*"|'[^'\n]*'|[A-Za-z_$][\w$./ -]*)[ \t]*:(?=[ \t\r\n]|$))/y;
const PROPERTIES = /[A-Za-z_][\w-]*(?:\.[\w-]+)+[ \t]*(?:[=:]|[ \t](?![ \t]*[=:(]))/y;
const HCL = /(?:(?:variable|resource|provider|module|locals|terraform|data|output)\b[ \t]*(?:"|\{)|[A-Za-z_][\w-]*[ \t]*=[ \t]*(?:"|\[|\{|\d|true|false))/y;
const SQL =
  /(?:(?:create|insert|alter|update|delete|select|grant|revoke|begin|drop|copy|comment|\\c|\\connect)\b|set[ \t]+[\w.]+[ \t]*(?:=|to\b)|do[ \t]+\$)/iy;

function test(re: RegExp, text: string, at: number): boolean {
  re.lastIndex = at;
  return re.test(text);
}

let lastText: string | undefined;
let lastKinds = 0;

/** The kinds (KIND bits) the head of `text` reads as; several may hold (`a.b: c` is YAML and .properties). */
export function sniff(text: string): number {
  if (text === lastText) return lastKinds;
  lastText = text;
  return (lastKinds = sniffNow(text));
}

/** Characters of a line's first token: a key, a command, a keyword (`[\w.$/-]`). */
const TOKEN = new Uint8Array(128);
for (let c = 0; c < 128; c++) TOKEN[c] = /[\w.$/@-]/.test(String.fromCharCode(c)) ? 1 : 0;

/** Commands that open a line of a shell script or history (`export` only as `export NAME=…`: JavaScript starts so too). */
const SHELL_WORDS = new Set(
  (
    'cd ls git npm npx yarn pnpm docker podman kubectl helm curl wget echo sudo ssh scp vault gh aws az gcloud heroku ' +
    'setenv setx source alias unalias unset pip pip3 python3 terraform mysql psql redis-cli mongosh rm mkdir ' +
    'cp mv chmod chown apt apt-get brew yum dnf systemctl openssl gpg tar unzip sqlplus printf doppler ' +
    'kubectx nvm rbenv pyenv bundle cargo dotnet mvn gradle rem @echo setlocal ' +
    // Administration commands that take a password (command-secret reads them on a script's lines).
    'htpasswd rabbitmqctl ssh-keygen keytool 7z influx mc smbclient ldapsearch sqlcmd rsync restic net'
  ).split(' '),
);
const EXPORT_ASSIGN = /export[ \t]+[A-Za-z_]\w*=/y;
const SQL_WORDS = new Set(['create', 'insert', 'alter', 'update', 'delete', 'select', 'grant', 'revoke', 'begin', 'drop', 'copy', 'comment', 'set', 'do']);

function sniffNow(text: string): number {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stop = Math.min(text.length, HEAD_BYTES);
  let kinds = 0;
  let seen = 0;
  let props = 0;
  let shellLines = 0;
  let sqlComment = false;
  for (let n = 0; i < stop && seen < HEAD_LINES && n < 32; n++) {
    let nl = text.indexOf('\n', i);
    if (nl < 0 || nl > stop) nl = stop;
    let s = i;
    let c = text.charCodeAt(s);
    while (s < nl && (c === 32 || c === 9 || c === 13)) c = text.charCodeAt(++s);
    const col0 = s === i;
    i = nl + 1;
    if (s >= nl) continue;
    if (seen === 0) {
      if (c === 80 && text.startsWith('PuTTY-User-Key-File-', s)) return KIND.ppk;
      if (c === 60 /* < */) kinds |= KIND.xml;
      else if (c === 123 /* { */ || (c === 91 /* [ */ && text.charCodeAt(s + 1) !== 91 && !sectionLine(text, s, nl))) kinds |= KIND.json;
    }
    const c1 = text.charCodeAt(s + 1);
    if (seen === 0 && c === 35 && c1 === 33 /* #! */ && /^#![^\n]*\b(?:ba|z|k|da|c|tc|fi)?sh\b/.test(text.slice(s, Math.min(nl, s + 80)))) kinds |= KIND.shell;
    // Comments say little, except SQL's.

    if (c === 35 /* # */ || c === 33 /* ! */ || c === 59 /* ; */ || (c === 47 && (c1 === 47 || c1 === 42)) || (c === 60 && c1 === 33)) continue;
    if (c === 45 && c1 === 45 && text.charCodeAt(s + 2) !== 45) {
      sqlComment = true;
      continue;
    }
    seen++;
    if (sqlComment && seen === 1) kinds |= KIND.sql;
    if (!col0) continue;
    if (c === 34 || c === 39 || c === 45 || c === 37) {
      if (test(YAML_KEY, text, s)) kinds |= KIND.yaml;
      continue;
    }
    // A shell prompt before a command: `$ vault login …`.
    if (c === 36 && (c1 === 32 || c1 === 9)) {
      kinds |= KIND.shell;
      continue;
    }
    // The first token, and what follows it: `:` (YAML, .pgpass), `=` (HCL, .properties, .env), a blank
    // (an SQL or HCL keyword, or a .properties key and its value), `.` inside it (a .properties key).
    let e = s;
    let dot = false;
    for (let d = c; e < nl && d < 128 && TOKEN[d] === 1; d = text.charCodeAt(++e)) if (d === 46) dot = true;
    if (e === s) continue;
    const after = text.charCodeAt(e);
    if (after === 58 /* : */ || after === 92 /* \ */) {
      if (test(YAML_KEY, text, s)) kinds |= KIND.yaml;
      if (test(PGPASS, text, s)) kinds |= KIND.pgpass;
    }
    if (dot && test(PROPERTIES, text, s) && !codeLine(text, e, nl)) props++;
    if (after === 61 && isEnvName(text, s, e)) kinds |= KIND.env;
    if (after === 61 || after === 32 || after === 9) {
      if (test(HCL, text, s)) kinds |= KIND.hcl;
      if (after !== 61 && e - s <= 7 && SQL_WORDS.has(text.slice(s, e).toLowerCase()) && test(SQL, text, s)) kinds |= KIND.sql;
    }
    if (
      (after === 32 || after === 9 || e === nl || after === 13) &&
      e - s <= 10 &&
      (SHELL_WORDS.has(text.slice(s, e).toLowerCase()) || (c === 101 && test(EXPORT_ASSIGN, text, s)))
    )
      shellLines++;
    // A line of code (`import x from`, `const a = f(`) decides nothing more: the head is code.
    if (seen === 1 && kinds === 0 && props === 0 && shellLines === 0) break;
  }
  // One dotted `a.b = c` is also a line of code; two in the head are a .properties file. Likewise two
  // commands (or a file of one) are a script or a history.
  if (props >= 2 || (props === 1 && seen === 1)) kinds |= KIND.properties;
  if (shellLines >= 2 || (shellLines === 1 && seen === 1)) kinds |= KIND.shell;
  return kinds;
}

/** A call or a statement's end on the rest of a line (`exports.a = f(x);`): code, not a .properties entry. */
function codeLine(text: string, from: number, nl: number): boolean {
  let last = 0;
  for (let k = from; k < nl; k++) {
    const d = text.charCodeAt(k);
    if (d === 40) return true;
    if (d !== 32 && d !== 9 && d !== 13) last = d;
  }
  // A statement's end, a block's opening, an assignment going on below (`Accepts.prototype.langs =`).
  return last === 59 || last === 123 || last === 61 || text.startsWith('prototype', from - 9);
}

/** `text[s, e)` is an environment variable's name: capitals, digits, `_`. */
function isEnvName(text: string, s: number, e: number): boolean {
  for (let k = s; k < e; k++) {
    const c = text.charCodeAt(k);
    if (!((c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95)) return false;
  }
  return true;
}

/** `[section]` (an INI file), not a JSON array. */
function sectionLine(text: string, s: number, nl: number): boolean {
  const close = text.indexOf(']', s);
  if (close < 0 || close > nl) return false;
  for (let k = close + 1; k < nl; k++) {
    const d = text.charCodeAt(k);
    if (d === 35 || d === 59) return true;
    if (d !== 32 && d !== 9 && d !== 13) return false;
  }
  return true;
}
