// Values that are code, not secrets: what a name's value is when the "value" is an identifier ending a
// statement (`: lastToken;`), a call (`getIdToken(`, `x.includes(a)`), a negation (`!options.allow`), a typed
// parameter closing a parameter list (`(token: string) =>`). A line of code masked hides the code from the model
// and blocks edits of that line (a placeholder cannot be written back); a secret is none of these shapes.

/** An identifier chain: `a`, `a.b`, `this.x?.y`, `$el` (ASCII names). */
const CHAIN = String.raw`[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*`;

/**
 * `ident;` / `a.b,` (a statement's or an argument's end), `!a.b` (a negation), `a.b(…` (a call), `${f(…` (a template
 * interpolating a call), `/*#__PURE__*\/…` (a comment before an expression), `async (a, b) => {` (an arrow function),
 * `function (…) {`.
 */
const CODE_VALUE = new RegExp(
  String.raw`^(?:!?${CHAIN}[ \t]*[;,]|!${CHAIN}[;,)]?|${CHAIN}[ \t]*\(.*|\$\{[ \t]*${CHAIN}[ \t]*\(.*|\/\*.*|(?:async[ \t]+)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)[ \t]*=>.*|(?:async[ \t]+)?function\b.*)$`,
);

/**
 * Whether a value is code: an identifier chain ending a statement or an argument (`lastToken;`, `request.account,`),
 * a negated chain (`!options.allowAll`), or a call (`this.cache.getIdToken(`, `ids.includes(x)`). A secret holds
 * no `(` right after a name and does not end in `;` after a plain name.
 */
export function isCodeValue(v: string): boolean {
  return CODE_VALUE.test(v.trim());
}

/** A type as a parameter names it: `Uint8Array`, `AST.Token`, `Map<string, X>`, `Buffer[]`, `string | null`. */
const TYPE_VALUE = new RegExp(String.raw`^${CHAIN}(?:<[^()]*>)?(?:\[\])*$`);

/**
 * Whether `line[at]` (a name's first character) sits inside a parenthesised list: the nearest bracket before it
 * that is not closed again is `(` (a parameter list `(secret: Uint8Array, n: number)`, a call's arguments). A YAML
 * flow mapping (`{user: a, password: P}`) opens with `{`, a list with `[`.
 */
export function inParentheses(line: string, at: number): boolean {
  let depth = 0;
  for (let i = at - 1; i >= 0 && at - i < 400; i--) {
    const c = line.charCodeAt(i);
    if (c === 41 || c === 93 || c === 125) depth++;
    else if (c === 40 || c === 91 || c === 123) {
      if (depth === 0) return c === 40;
      depth--;
    } else if (c === 34 || c === 39 || c === 96) return false;
  }
  return false;
}

/**
 * A typed parameter: `name: Type` inside a parameter list, the value an unquoted type (`Uint8Array`, `AST.Token`)
 * followed by `,`, `)`, `=` or `|`. A secret in code is a literal: a name's unquoted value there is code.
 */
export function isTypedParameter(line: string, nameStart: number, value: string, end: number): boolean {
  if (!TYPE_VALUE.test(value) || !inParentheses(line, nameStart)) return false;
  let i = end;
  while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  const c = line.charCodeAt(i);
  return c === 44 || c === 41 || c === 61 || c === 124;
}

/** A URN (`urn:ietf:params:oauth:grant-type:jwt-bearer`): a registered name, not a secret. */
const URN = /^urn:[a-z0-9][a-z0-9-]{0,31}:[\w()+,.:=@;$!*'%/?#-]+$/i;

/**
 * Constants a secret name may hold that are no secret: a URN, an alphabet (`ABC…XYZabc…xyz0123456789+/=`, base64's
 * or base32's: most characters follow the one before), a protocol's magic word ending in escapes (`'NTLMSSP\0'`:
 * judged without its escapes by `judge`).
 */
export function isNamedConstant(v: string, judge: (bare: string) => boolean): boolean {
  if (URN.test(v)) return true;
  if (v.length >= 16) {
    let steps = 0;
    for (let i = 1; i < v.length; i++) if (v.charCodeAt(i) === v.charCodeAt(i - 1) + 1) steps++;
    if (steps >= v.length * 0.75) return true;
  }
  const bare = v.replace(/(?:\\(?:[0abfnrtv]|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}))+$/, '');
  return bare !== v && bare.length > 0 && !judge(bare);
}

/**
 * A constant's or an environment variable's name (`AZURE_USERNAME`, `AZURE_CLIENT_CERTIFICATE_PATH`,
 * `REPLACE_WITH_USERNAME`): upper-case words of letters joined by `_`. A list of names beside a secret-named one
 * (`"AZURE_PASSWORD", "AZURE_USERNAME",`) names variables; it holds no value.
 */
export function isConstantName(v: string): boolean {
  return /^[A-Z]{2,}(?:_[A-Z]{2,})+$/.test(v);
}
