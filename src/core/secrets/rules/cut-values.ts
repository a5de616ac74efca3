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
