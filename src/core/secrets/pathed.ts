// Files whose path is the clue: the file holds a secret and nothing says so inside it. Rails' master key
// (`config/master.key`, `config/credentials/production.key`: one line of 32 hex digits), Docker and Compose
// secrets (`secrets/db_password.txt`, `*.secret`: the value alone), PgBouncer's `userlist.txt` (`"user"
// "password"` lines, or the password's md5/SCRAM hash, which is as good as the password to PgBouncer).
// Threat: a read of such a file hands the model the credential, since no rule sees a name beside the value.
// The rules mask first; the path then masks what they left of the value lines (a line a rule already masked
// stays as the rule masked it).
import { placeholder, PLACEHOLDER_OPEN } from './masker';
import type { MaskResult, SecretFinding } from './types';

/** What the path says about the file's lines. */
export enum PathKind {
  None = 0,
  /** Every value line is the secret (a key file, a Docker secret). */
  Whole = 1,
  /** PgBouncer's auth file: the second quoted field of each line. */
  Userlist = 2,
  /** OpenVPN's `auth-user-pass` file (and its kind): the user name on line 1, the password on line 2. */
  UserPass = 3,
}

/** Paths of files whose whole content is a secret value. */
const WHOLE =
  /(?:^|\/)config\/(?:master\.key|credentials\/[^/]+\.key)$|(?:^|\/)(?:run\/)?secrets\/[^/]+(?:\.(?:txt|secret|key|pw|pass|password|token))?$|(?:^|\/)[^/]*[_.-](?:password|passwd|pass|pw|secret|token|api[_-]?key)\.txt$|\.secret$/i;
/** A file of `secrets/` that is documentation or code, not a value. */
const NOT_VALUE =
  /\.(?:md|rst|adoc|ya?ml|json|toml|ini|cfg|conf|xml|js|ts|py|rb|go|sh|env|example|sample|template|tpl|gitignore|gitkeep|keep)$|(?:^|\/)(?:README|LICENSE|CHANGELOG)[^/]*$/i;
const USERLIST = /(?:^|\/)userlist\.txt$/i;
/**
 * A file named for a token or a key alone, no extension (`deploy/api-token`, `.vault-token`,
 * `github_token`): the name says what the whole content is. `passwd` and `pass` alone are not (`/etc/passwd`).
 */
const NAMED_VALUE = /(?:^|\/)\.?(?:[\w-]*[_-])?(?:token|secret|password|api[_-]?key|apikey|access[_-]?key)$/i;
/** OpenVPN's `auth-user-pass` file: in a VPN directory, or named for it. */
const USERPASS =
  /(?:^|\/)(?:open)?vpn\/(?:[^/]+\/)*(?:auth|login|credentials?|userpass|pass(?:word)?s?|creds)(?:[_.-][\w-]+)?\.(?:txt|conf|cfg)$|(?:^|\/)[^/]*auth[_-]user[_-]pass[^/]*$|\.auth$/i;

/**
 * The same file named for the VPN anywhere in the tree (`network/openvpn-auth.txt`, `vpn_creds.txt`,
 * `nordvpn-login.txt`, `office-vpn.pass`): a name holding `vpn` and a word for the login, a plain-text extension
 * or none. Only a file of exactly two value lines is read (pathSpans), so a VPN config so named stays as it is.
 */
const USERPASS_NAMED = /(?:^|\/)(?=[^/]*vpn)(?=[^/]*(?:auth|login|cred|userpass|pass))[^/]*?(?:\.(?:txt|conf|cfg|pass|auth|creds?))?$/i;
const USERPASS_NOT = /\.(?:md|rst|adoc|ya?ml|json|toml|ini|xml|js|ts|py|rb|go|sh|ovpn|example|sample|template|tpl)$/i;

export function pathKind(path: string): PathKind {
  const p = path.replace(/\\/g, '/');
  if (USERLIST.test(p)) return PathKind.Userlist;
  if (USERPASS.test(p) || (USERPASS_NAMED.test(p) && !USERPASS_NOT.test(p))) return PathKind.UserPass;
  if ((WHOLE.test(p) || NAMED_VALUE.test(p)) && !NOT_VALUE.test(p)) return PathKind.Whole;
  return PathKind.None;
}

/** A secret file holds a value or a few, not a document: past this many value lines it is something else. */
const WHOLE_MAX_LINES = 8;
const USERLIST_LINE = /^[ \t]*"(?:[^"]|"")*"[ \t]+"((?:[^"]|"")+)"/d;

/** [start, end) of the value on each line of `text` the path makes secret, by line index. */
function pathSpans(kind: PathKind, text: string): Map<number, [number, number]> {
  const out = new Map<number, [number, number]>();
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  if (kind === PathKind.Userlist) {
    lines.forEach((line, li) => {
      const m = USERLIST_LINE.exec(line);
      if (m !== null) out.set(li, m.indices![1]!);
    });
    return out;
  }
  const values: number[] = [];
  lines.forEach((line, li) => {
    const t = line.trim();
    if (t !== '' && !t.startsWith('#')) values.push(li);
  });
  if (values.length === 0 || values.length > WHOLE_MAX_LINES) return out;
  // OpenVPN reads the user name from the first line and the password from the second, and nothing else.
  if (kind === PathKind.UserPass) {
    if (values.length !== 2 || /\s/.test(lines[values[0]!]!.trim())) return out;
    values.shift();
  }
  for (const li of values) {
    const line = lines[li]!;
    const start = line.search(/\S/);
    const end = line.replace(/\s+$/, '').length;
    out.set(li, [start, end]);
  }
  return out;
}

/** The values the path makes secret on the lines the rules left unchanged: each with its line, span and placeholder. */
function pathValues(path: string, text: string, result: MaskResult): { li: number; s: number; e: number; value: string; placeholder: string; rule: string }[] {
  const kind = pathKind(path);
  if (kind === PathKind.None) return [];
  const spans = pathSpans(kind, text);
  if (spans.size === 0) return [];
  const rule = kind === PathKind.Userlist ? 'pgbouncer-password' : kind === PathKind.UserPass ? 'vpn-password' : 'secret-file';
  const numbers = new Map<string, number>();
  const masked = result.text.split('\n');
  const original = text.split('\n');
  const out: { li: number; s: number; e: number; value: string; placeholder: string; rule: string }[] = [];
  for (const [li, [s, e]] of spans) {
    // Lines keep their count (masking is line-for-line): a line the rules changed is theirs.
    if (masked[li] !== original[li] || e <= s) continue;
    const value = original[li]!.slice(s, e);
    if (value.includes(PLACEHOLDER_OPEN)) continue;
    let n = numbers.get(value);
    if (n === undefined) numbers.set(value, (n = numbers.size + 1));
    out.push({ li, s, e, value, placeholder: placeholder(rule, n), rule });
  }
  return out;
}

/**
 * `result` (the rules' masking of `text`) with the values the path makes secret masked too, on the lines the
 * rules left unchanged. Placeholders are `«secret:secret-file#n»`, numbered per distinct value.
 */
export function maskByPath(path: string, text: string, result: MaskResult): MaskResult {
  const values = pathValues(path, text, result);
  if (values.length === 0) return result;
  const masked = result.text.split('\n');
  const findings: SecretFinding[] = [...result.findings];
  for (const { li, s, e, placeholder: ph, rule } of values) {
    const line = masked[li]!;
    masked[li] = line.slice(0, s) + ph + line.slice(e);
    findings.push({ line: li + 1, rule, placeholder: ph, start: s, end: e });
  }
  findings.sort((a, b) => a.line - b.line || a.start - b.start);
  return { text: masked.join('\n'), findings };
}

/**
 * The placeholders maskByPath gives `text` read at `path` (after the rules' `result`), with the values they stand
 * for: what a write-back restores them from (restore.ts), numbered exactly as the read was.
 */
export function pathPlaceholders(path: string, text: string, result: MaskResult): Map<string, string> {
  const map = new Map<string, string>();
  for (const v of pathValues(path, text, result)) map.set(v.placeholder, v.value);
  return map;
}
