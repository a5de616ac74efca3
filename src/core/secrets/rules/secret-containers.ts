// Literal values inside a container named for secrets: `enum Secrets { Api = "…" }`, `class Keys:\n  STRIPE = "…"`,
// `object Credentials { const val DB = "…" }`, `enum class ApiKeys(val v: String) { STRIPE("…") }`,
// `public static class Tokens { public const string Github = "…"; }`, `SECRETS = {\n  "stripe": "…",\n}`,
// `module Keys\n  STRIPE = "…"\nend`, `enum Secrets: String { case stripe = "…" }`. The members' own names
// (`Api`, `STRIPE`, `db`) say nothing; the container's name says every member is a secret.
// Threat: each member's value was shown to the model verbatim (no key-value rule reads the container's name).
// Cost: only texts holding a secret word (the forms' one pass, gates.ts) are read; only the lines where such a
// word stands in a container's header line are tested, and only their members' lines after them.
import { isReference, isVariableLed, MEMBER_ACCESS, randomPartOk, valueLooksSecret } from '../entropy';
import { PUBLIC_NAME, classifyName } from '../names';
import { ALNUM, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holdsAny, registerGates } from './gates';
import { addHit } from './hits';
import { lineOfPos } from './structure';

const RULE = 'secret-container';
const PRIORITY = 2.3;

/** Secret words a container's name holds (case as written): each already one of the forms' gates or a word it holds. */
const WORDS = ['Secret', 'SECRET', 'secret', 'Key', 'KEY', 'key', 'Token', 'TOKEN', 'token', 'Credential', 'Password', 'PASSWORD', 'password'];
/** The forms' gates the text must hold one of (all registered already: no new pass). */
const GATES = ['Secret', 'SECRET', 'secret', 'Key', 'KEY', 'key', 'Token', 'TOKEN', 'token', 'Credential', 'Password', 'PASSWORD', 'password'];
registerGates(GATES);

/**
 * A container's header: a type, object, module or enum declaration, or a constant bound to an object or a dict
 * literal. Group 1 or 2 is its name.
 */
const HEADER =
  /^[ \t]*(?:@\w+(?:\([^)]*\))?[ \t]+)*(?:(?:export|public|private|protected|internal|static|final|sealed|abstract|data|default|declare|pub(?:\(\w+\))?|frozen|const)[ \t]+)*(?:(?:enum(?:[ \t]+class)?|class|object|module|struct|namespace|mod|record)[ \t]+([A-Za-z_]\w*)\b[^\n=]*|(?:(?:const|let|var|val|final)[ \t]+)?([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*(?:Object\.freeze\([ \t]*\{|dict\(|\{)[ \t]*)\r?$/;

/**
 * A member holding a string literal: `NAME = "v"`, `name: "v"`, `"name": "v"`, `case name = "v"`,
 * `const val NAME = "v"`, `public const string Name = "v";`, `NAME("v"),`, `NAME: str = "v"`. Group 2 or 3 is the
 * member's name, 4–6 the value.
 */
const MEMBER =
  /^[ \t]*(?:(?:export|public|private|protected|internal|static|final|const|readonly|val|var|let|case|pub|override|open|string|String|str|&'static[ \t]+str|char\*?|NSString[ \t]*\*)[ \t]+)*(?:(["'])([\w.-]+)\1|([A-Za-z_]\w*))(?:[ \t]*:[ \t]*[\w.<>[\]|?& ']+?)?[ \t]*(?:=|:|=>|\()[ \t]*(?:"([^"\\\n]*)"|'([^'\\\n]*)'|`([^`\\\n$]*)`)/d;

/** Lines a container's members may take (a longer run is a file of its own, not a container of keys). */
const MAX_LINES = 400;

/** Whether `name` says its members are secrets (`Secrets`, `ApiKeys`, `Tokens`, `CREDENTIALS`, `Keys`). */
function secretContainer(name: string): boolean {
  return classifyName(name) !== null || (/s$/i.test(name) && classifyName(name.slice(0, -1)) !== null);
}

/** A member's value is a secret: under a secret name as the name says; under any other, random enough to be one. */
function memberSecret(v: string, member: string): boolean {
  if (v.length < 8 || isReference(v) || isVariableLed(v) || /\s/.test(v) || v.includes('://') || MEMBER_ACCESS.test(v)) return false;
  const s = classifyName(member);
  if (s !== null && valueLooksSecret(v, s, true)) return true;
  // A member named as an identifier or a digest (`trace_id`, `client_id`, `commitSha`, `image_digest`): what it is.
  if (s === null && PUBLIC_NAME.test(member)) return false;
  return v.length >= 12 && /[0-9]/.test(v) && /[A-Za-z]/.test(v) && randomPartOk(v) && valueLooksSecret(v, 'strong', true);
}

/** Whether the identifier holding a secret word that ends at `i` ends within two letters and a header's mark follows. */
function nameEndsHeader(text: string, i: number): boolean {
  let k = i;
  while (k < text.length && k - i <= 2 && /\w/.test(text[k]!)) k++;
  if (k - i > 2) return false;
  while (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9) k++;
  const c = text.charCodeAt(k);
  // { : ( = < \r \n, or the end
  return Number.isNaN(c) || c === 123 || c === 58 || c === 40 || c === 61 || c === 60 || c === 13 || c === 10;
}

/** The indentation of `line` (a tab counts as one). */
function indentOf(text: string, ls: number): number {
  let i = ls;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  return i - ls;
}

export const secretContainerRule: BlockRule = {
  id: RULE,
  description:
    'String literals inside an enum, class, object, module or dict named for secrets (enum Secrets { Api = "…" }, class Keys: STRIPE = "…"): the container names every member',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    if (!holdsAny(text, GATES)) return;
    const seen = new Set<number>();
    for (const w of WORDS) {
      for (let p = text.indexOf(w); p >= 0; p = text.indexOf(w, p + w.length)) {
        // A container's name ends at the word or a letter or two after it (`Keys`), then `{` `:` `(` `=` `<` or
        // the line's end follow: most of a text's secret words (`obj.key)`, `keyboard`, `token,`) fail here.
        if (!nameEndsHeader(text, p + w.length)) continue;
        const ls = text.lastIndexOf('\n', p - 1) + 1;
        if (seen.has(ls)) continue;
        seen.add(ls);
        const nl = text.indexOf('\n', p);
        const le = nl < 0 ? text.length : nl;
        if (le - ls > 300) continue;
        const m = HEADER.exec(text.slice(ls, le));
        if (m === null) continue;
        const name = m[1] ?? m[2]!;
        if (!name.includes(w) || !secretContainer(name)) continue;
        members(text, ls, le, index, out);
      }
    }
  },
  samples: () => {
    const r = (n: number, s: number) => rand(ALNUM, n - 2, s) + '7q';
    const [a, b, c, d, e, f] = [r(32, 0x3101), r(28, 0x3102), r(40, 0x3103), r(24, 0x3104), r(36, 0x3105), r(30, 0x3106)];
    return {
      truePositives: [
        { text: `enum Secrets {\n  Api = "${a}",\n}\n`, secrets: [a] },
        { text: `class Keys:\n    STRIPE = "${b}"\n`, secrets: [b] },
        { text: `object Credentials {\n    const val DB = "${c}"\n}\n`, secrets: [c] },
        { text: `enum class ApiKeys(val v: String) {\n    STRIPE("${d}"),\n}\n`, secrets: [d] },
        { text: `SECRETS = {\n    "stripe": "${e}",\n}\n`, secrets: [e] },
        { text: `module Tokens\n  GITHUB = '${f}'\nend\n`, secrets: [f] },
      ],
      falsePositives: [
        'enum Keys {\n  Enter = "Enter",\n  Escape = "Escape",\n}\n',
        'class SecretNames:\n    DB = "db-password"\n    API = "STRIPE_API_KEY"\n    URL = "https://vault.internal/v1/secret"\n',
        'const Tokens = {\n  primary: "#0a84ff",\n  spacing: "8px",\n  font: "Inter, sans-serif",\n};\n',
        'class Credentials:\n    user = "svc-deploy"\n    region = "us-east-1"\n    password = os.environ["DB_PASSWORD"]\n',
        `enum Colors {\n  Api = "${r(32, 0x3107)}",\n}\n`,
      ],
    };
  },
};

/** The members of the container whose header is the line [ls, le): the lines after it more indented than it. */
function members(text: string, ls: number, le: number, index: LineIndex, out: BlockOutput): void {
  const indent = indentOf(text, ls);
  let starts: number[] | undefined;
  let pos = le + 1;
  for (let n = 0; n < MAX_LINES && pos < text.length; n++) {
    const nl = text.indexOf('\n', pos);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(pos, end);
    if (line.trim() !== '') {
      // Allman style: the opening brace alone on the line after the header.
      if (n === 0 && /^[ \t]*\{[ \t]*\r?$/.test(line)) {
        pos = end + 1;
        continue;
      }
      if (indentOf(text, pos) <= indent) break;
      const m = MEMBER.exec(line);
      if (m !== null) {
        const g = m[4] !== undefined ? 4 : m[5] !== undefined ? 5 : 6;
        const v = m[g];
        if (v !== undefined && memberSecret(v, m[2] ?? m[3]!)) {
          starts ??= index.starts();
          const [s, e] = m.indices![g]!;
          addHit(out, lineOfPos(starts, pos), { start: s, end: e, rule: RULE, priority: PRIORITY });
        }
      }
    }
    pos = end + 1;
  }
}
