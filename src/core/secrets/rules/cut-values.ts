// A quoted value cut from a template expression by a quote inside it: `'{{ vault('secret/db') }}'` read up to the
// second `'` is `{{ vault(`, a piece of code, not a literal. Masked, it would leave the line half code, half
// placeholder (`'«secret»'secret/db') }}'`) and hide nothing a reader could use: the expression names where
// the secret lives, not the secret.
// Cost: asked of a quoted value only when it holds `{` or `<%`.

/**
 * An expression opened in `v` (`{{`, `{%`, `${`, `#{`, `<%`) and not closed in it, whose closing quote is followed by
 * more of the expression (`after`, the character after that quote: a name's, not a delimiter). A password holding `{{`
 * and closed by its quote (`"x{{Yz9"`, then `;`) is still a value.
 */
export function cutExpression(v: string, after: string): boolean {
  if ((!v.includes('{') && !v.includes('<%')) || !/^[\w$./-]/.test(after)) return false;
  return /\{\{(?![^]*\}\})|\{%(?![^]*%\})|[$#]\{(?![^]*\})|<%(?![^]*%>)/.test(v);
}

/** A prompt for a secret, not the secret: words then `:`, `?` or `>` (`"Password: "`, `"Enter passphrase:"`). */
export function isPrompt(v: string): boolean {
  return /^[A-Za-z][A-Za-z ()'-]{1,40}[:?>][ \t]*$/.test(v) && /[a-z]{3}/i.test(v);
}

/** The words before a bare `key` that say which key it is, none a secret's (`cache key=<sha256>` in a log line). */
const SPACED_NOT_SECRET = /(?:^|[^\w-])(?:cache|lookup|hash|sort|partition|primary|foreign|idempotency|dedupe?|row|object|map|index|route|storage)[ \t]+$/i;

/** A bare `key` name (at `nameStart` of `line`) after a word and a blank that says it is no secret's key. */
export function spacedPlainKey(line: string, nameStart: number, name: string): boolean {
  return (name === 'key' || name === 'Key' || name === 'KEY') && SPACED_NOT_SECRET.test(line.slice(Math.max(0, nameStart - 24), nameStart));
}
