// A secret split into string constants that a line naming a secret joins in a form the split-variable rule
// (assembled.ts: `T = A + B`, shell `${A}${B}`) does not read: a template or f-string (`\`${A}${B}\``,
// `f"{A}{B}"`), a join or concat call (`"".join([A, B])`, `[A, B].join("")`, `A.concat(B)`), a format
// (`format!("{}{}", a, b)`, `"%s%s" % (A, B)`, `"{}{}".format(A, B)`, `fmt.Sprintf`), PHP's `$a . $b`, Go's
// `token := a + b`, a typed declaration (`String token = A + B;`), a join inside a call or a header
// (`Github(A + B)`, `"Bearer " + A + B`), and pieces declared with a type or `:=`.
// Threat: each piece alone looks like nothing; the model joins them as the program does.
// How: on a line holding a secret word and a join, the names of string constants are read in order; their values
// joined are judged as `NAME="value"` by the line rules (catalog.ts hands them over); a hit masks every piece.
// Cost: only lines holding a secret word (literal searches of the text) and a join are read; the text's constants
// are read once, when such a line is found.
import { classifyName } from '../names';
import { ALNUM, j, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../types';
import { holdsAny, registerGates } from './gates';
import { push } from './form-scan';

const RULE = 'joined-constants';

/** The rules the joined value is judged by (catalog.ts sets them). */
let viewScan: ((view: string, out: Hit[]) => void) | undefined;
export function setJoinedConstantScan(scan: (view: string, out: Hit[]) => void): void {
  viewScan = scan;
}

/** Secret words a joining line holds (case as written), each one of the forms' gates already. */
const WORDS = ['token', 'Token', 'TOKEN', 'secret', 'Secret', 'SECRET', 'key', 'Key', 'KEY', 'pass', 'ASS', 'auth', 'AUTH'];
registerGates(WORDS);

/** A join of two names on a line: `+`, `.`/`..` between names, `${A}${B}`, `{A}{B}`, `$a$b`, a join, concat or format call. */
const JOIN =
  /[\w$)\]][ \t]*(?:\+|\.\.?(?=[ \t]*\$)|\.\.)[ \t]*\$?[A-Za-z_]|\$\{?[A-Za-z_]\w*\}?["'`]?\$\{?[A-Za-z_]|\{[A-Za-z_]\w*\}#?\{[A-Za-z_]|\.join\(|\.concat\(|format!?\(|%s[ \t]*%s|%s%s|Sprintf\(|String\.format\(|\$[a-z_]\w*[ \t]*\.[ \t]*\$[a-z_]/;
/** A string constant's declaration: modifiers and a type, the name (PHP `$a`), `=` or `:=`, a quoted literal alone. */
const CONSTANT =
  /^[ \t]*(?:(?:export|readonly|local|declare|const|let|var|final|static|private|public|protected|internal|val|String|string|str|&str|&'static[ \t]+str|char\*?|auto)[ \t]+)*(\$?[A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w.&'[\]<>]+[ \t]*)?(?::=|=)[ \t]*(["'`])([^"'`\\\n$]{3,})\2[ \t]*[;,]?[ \t]*\r?$/dgm;
/** The name a joining line assigns to, if any. */
const TARGET = /^[ \t]*(?:(?:export|const|let|var|final|static|private|public|val|String|string|auto)[ \t]+)*\$?([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?(?::=|=(?!=))/;
const IDENT = /\$?[A-Za-z_]\w*/g;
/** How far before the join (in characters) its pieces may be declared. */
const NEAR = 8192;

interface Constant {
  value: string;
  s: number;
  e: number;
}

function scanJoined(text: string, index: LineIndex, out: BlockOutput): void {
  if (viewScan === undefined || !holdsAny(text, WORDS)) return;
  let constants: Map<string, Constant> | undefined;
  const seen = new Set<number>();
  for (const w of WORDS) {
    for (let p = text.indexOf(w); p >= 0; p = text.indexOf(w, p + w.length)) {
      const ls = text.lastIndexOf('\n', p - 1) + 1;
      if (seen.has(ls)) continue;
      seen.add(ls);
      const nl = text.indexOf('\n', p);
      const line = text.slice(ls, nl < 0 ? text.length : nl);
      if (line.length > 400 || !JOIN.test(line)) continue;
      if (constants === undefined) {
        constants = new Map();
        CONSTANT.lastIndex = 0;
        for (let c = CONSTANT.exec(text); c !== null; c = CONSTANT.exec(text)) {
          const [s, e] = c.indices![3]!;
          constants.set(c[1]!, { value: c[3]!, s, e });
        }
        if (constants.size < 2) return;
      }
      const target = TARGET.exec(line)?.[1];
      // The names of constants on the line, in order (a constant declared on this line is not a piece of it).
      const parts: Constant[] = [];
      for (const id of line.matchAll(IDENT)) {
        const c = constants.get(id[0]);
        if (c !== undefined && id[0] !== target && (c.s < ls || c.s > ls + line.length)) parts.push(c);
      }
      // Pieces of a token are token characters: a host, a path or words joined (`host + ":" + port`) are not one.
      // Words joined by `-` or `_` (`key-value-store`) are a name; a piece declared far from the join is another constant.
      if (parts.length < 2 || parts.some((c) => !/^[A-Za-z0-9_+/=-]+$/.test(c.value) || /^[a-z]+(?:[-_][a-z]+)+$/.test(c.value) || ls - c.s > NEAR)) continue;
      const joined = parts.map((c) => c.value).join('');
      if (joined.length < 16) continue;
      const name = target !== undefined && classifyName(target) !== null ? target : 'token';
      const head = `${name}="`;
      const hits: Hit[] = [];
      viewScan(`${head}${joined}"`, hits);
      if (!hits.some((h) => h.start < head.length + joined.length && h.end > head.length)) continue;
      for (const c of parts) push(text, index, out, c.s, c.e, RULE);
    }
  }
}

export const joinedConstants: BlockRule = {
  id: RULE,
  description:
    'A secret split into string constants joined by a template, f-string, join/concat/format call, PHP `.`, Go `:=` or inside a call, on a line naming a secret',
  gate: '',
  scan: scanJoined,
  samples: () => {
    const [a, b] = [j('gh', 'p_', rand(ALNUM, 10, 0x31c1)), rand(ALNUM, 26, 0x31c2)];
    const [c, d] = [rand(ALNUM, 16, 0x31c3), rand(ALNUM, 16, 0x31c4)];
    return {
      truePositives: [
        { text: `A = "${a}"\nB = "${b}"\napi_key = f"{A}{B}"\n`, secrets: [b] },
        { text: `const A = "${c}";\nconst B = "${d}";\nconst token = [A, B].join("");\n`, secrets: [c, d] },
      ],
      falsePositives: [
        'const A = "hello";\nconst B = "world";\nconst token = `${A}${B}`;\n',
        'PREFIX = "api"\nSUFFIX = "v2"\nkey = f"{PREFIX}{SUFFIX}"\n',
        'const HOST = "db.internal";\nconst PORT = "5432";\nconst key = [HOST, PORT].join(":");\n',
      ],
    };
  },
};
