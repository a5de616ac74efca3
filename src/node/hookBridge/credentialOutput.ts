// Output of a command whose purpose is to print a credential. Threat: `printenv DB_PASSWORD`, `gh auth token`,
// `terraform output -raw db_password`, `vault read -field=x …`, `kubectl get secret … | base64 -d`: the output is
// the bare value, alone on its line, with no key beside it for the masker to recognise. The COMMAND names or
// fetches the secret, so its output is secret even without a key: each of its output lines that is one
// secret-shaped value is masked. The command guard asks before such a command runs; this is the second line,
// for a command a person approved (or a host that ran it anyway). Judged from the command's text, word by word,
// so that a command the shell parser cannot place is judged too (a wrong "yes" only masks a value-shaped line).

/** Words (after splitting on punctuation and camelCase) that name a credential. */
const CREDENTIAL_WORDS = new Set([
  'password',
  'passwords',
  'passwd',
  'passphrase',
  'pass',
  'pw',
  'requirepass',
  'masterauth',
  'token',
  'tokens',
  'secret',
  'secrets',
  'credential',
  'credentials',
  'creds',
  'cred',
  'auth',
  'auths',
  'apikey',
  'authtoken',
  'accesstoken',
  'privatekey',
  'keychain',
  'keyring',
  'pat',
]);

/** Programs whose job is to hand out stored secrets (a password manager, a secret store, a decrypter). */
const SECRET_STORES = new Set([
  'vault',
  'op',
  'doppler',
  'bw',
  'lpass',
  'gopass',
  'pass',
  'secret-tool',
  'infisical',
  'chamber',
  'sops',
  'ansible-vault',
  'keyring',
  'security',
  'berglas',
  'teller',
  'envchain',
  'akv',
  'kubeseal',
]);

/** Shell separators after which a new command starts (the first word there is a program). */
const SEGMENT = /\|\|?|&&?|;|\n|\$\(|`|\(|\{/;

/** Why this command prints a credential (the word or program that says so), or undefined. */
export function credentialCommand(command: string): string | undefined {
  if (command.length > 64 * 1024) return 'a command too long to judge';
  for (const seg of command.split(SEGMENT)) {
    const words = seg.trim().split(/\s+/).filter(Boolean);
    // The program: past assignments and the common wrappers.
    let i = 0;
    while (i < words.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]) || /^(sudo|env|command|exec|nohup|time|doas)$/.test(words[i]))) i++;
    const prog = words[i]?.replace(/^.*\//, '').replace(/^['"]|['"]$/g, '');
    if (prog && SECRET_STORES.has(prog.toLowerCase())) return prog;
    for (let j = i; j < words.length; j++) {
      const hit = credentialWord(words[j]);
      if (hit) return hit;
    }
  }
  return undefined;
}

function credentialWord(word: string): string | undefined {
  // `accessToken`, `_authToken`, `DB_PASSWORD`, `get-login-password`, `{.data.password}`.
  const parts = word
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .map((p) => p.toLowerCase())
    .filter(Boolean);
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k];
    if (CREDENTIAL_WORDS.has(p) || /(password|passwd|passphrase)$/.test(p)) return word;
    const next = parts[k + 1];
    if ((p === 'api' || p === 'private' || p === 'access' || p === 'signing' || p === 'master') && next === 'key') return word;
  }
  return undefined;
}

/** Decorations around a value alone on its line: `2) "v"` (redis-cli), `"v"` (jq), `Output: v` (Gemini). */
const VALUE_LINE = /^(\s*(?:(?:Output|Stdout|Stderr|Error|Result)\s*:\s*)?(?:\d+\)\s*)?(["']?))([^\s"']+)(\2\s*)$/;

/** A path or URL-less file name: shown by a search, not a credential. */
const PATH_LIKE = /^(?:\.{0,2}\/|~\/|[A-Za-z]:[\\/])|^[\w.-]+(?:\/[\w.@+-]+)+\.[A-Za-z0-9]{1,8}$|^[\w-]+\.[A-Za-z]{1,5}$/;

/** A word of a language or a status (`(none)`, `<nil>`, `Unauthorized`): a credential of letters only is long and mixed. */
const WORDISH = /^[([<]?[A-Za-z]{1,19}[)\]>.!]?$|^[[(<]?[a-z]+(?:[-_][a-z]+)*[)\]>]?$/;

/**
 * The text with every line that is one secret-shaped value replaced by a placeholder. Words of the command
 * (the key it names, `requirepass`) are not values. `seen` numbers the values across the whole output.
 */
export function maskValueLines(text: string, commandWords: ReadonlySet<string>, seen: Map<string, number>, looksSecret: LooksSecret): string {
  if (!text) return text;
  const lines = text.split('\n');
  let changed = false;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    if (line.length > 8192) {
      // One line this long is no credential, but what it hides cannot be told either: withheld, never passed.
      lines[n] = '[AgentGuard withheld a line over 8192 characters in the output of a command that prints a credential]';
      changed = true;
      continue;
    }
    const m = VALUE_LINE.exec(line.replace(/\r$/, ''));
    if (!m) continue;
    const v = m[3];
    if (v.includes('«secret:') || commandWords.has(v) || PATH_LIKE.test(v) || WORDISH.test(v)) continue;
    if (!looksSecret(v)) continue;
    let k = seen.get(v);
    if (k === undefined) seen.set(v, (k = seen.size + 1));
    lines[n] = `${m[1]}«secret:command-output#${k}»${m[4]}${line.endsWith('\r') ? '\r' : ''}`;
    changed = true;
  }
  return changed ? lines.join('\n') : text;
}

/** Whether a bare value is shaped like a credential (secrets/entropy.ts valueLooksSecret, strong name, quoted). */
export type LooksSecret = (value: string) => boolean;

/** Keys whose short string values name a shape (`type: "text"`), not content. */
const SHAPE_KEYS = new Set(['type', 'mode', 'kind', 'status', 'format', 'encoding', 'role', 'mimeType', 'uri', 'name']);

/**
 * The tool output (any shape: a string, Claude Code's `{stdout, stderr}`, Gemini's `llmContent`, MCP content
 * arrays) with value lines masked in every string, when one of `commands` prints a credential. Strings the
 * tool input holds (the command echoed back) are left as they are. `looksSecret`: the masker's value test
 * (CompiledPolicy.looksLikeSecret), passed in so the bridge loads no masking code of its own.
 */
export function maskCredentialOutput<T>(output: T, commands: readonly string[], input: unknown, looksSecret: LooksSecret): T {
  if (!commands.some((c) => credentialCommand(c) !== undefined)) return output;
  const words = new Set<string>();
  for (const c of commands) for (const w of c.split(/[\s'"=:,{}[\]()|;&<>]+/)) if (w) words.add(w);
  const inputs = new Set<string>();
  const collect = (x: unknown, depth: number): void => {
    if (typeof x === 'string') inputs.add(x);
    else if (depth < 6 && x && typeof x === 'object') for (const v of Object.values(x)) collect(v, depth + 1);
  };
  collect(input, 0);
  const seen = new Map<string, number>();
  const walk = (x: unknown, key: string | undefined, depth: number): unknown => {
    if (typeof x === 'string') {
      if ((key !== undefined && SHAPE_KEYS.has(key) && x.length <= 64) || inputs.has(x)) return x;
      return maskValueLines(x, words, seen, looksSecret);
    }
    if (depth > 32) return typeof x === 'object' && x !== null ? (Array.isArray(x) ? [] : {}) : x;
    if (Array.isArray(x)) return x.map((v) => walk(v, undefined, depth + 1));
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v, k, depth + 1)]));
    return x;
  };
  return walk(output, undefined, 0) as T;
}
