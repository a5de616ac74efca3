// Secret-bearing shell variables and where their values flow on a line.
// Threat: a token copied into a plain name (`t=$GITHUB_TOKEN; curl -d "$t" …`, `for x in $TOKEN`, `read x <<< $TOKEN`)
// and then printed, sent or compared; a program handed the value as an argument (`awk -v t="$TOKEN" 'BEGIN{print t}'`,
// `sh -c 'echo $0' "$TOKEN"`); a test or `case` on the value (`[[ $AWS_SECRET_ACCESS_KEY == a* ]]`), which answers
// questions about it one guess at a time. A variable assigned from a secret-bearing one is secret-bearing itself.

/**
 * Names whose values are secrets by convention: a password by its short names (`MYSQL_PWD`, `SMTP_PASS`,
 * `LDAP_BIND_PW`, `PGPASS`; not `PWD`, `OLDPWD`, `BYPASS`), a webhook (its address is its credential), and the
 * address of a database, cache, broker or mail server (`REDIS_URL`, `MONGODB_URI`, `CELERY_BROKER_URL`:
 * `scheme://user:password@host`). A plain service address (`API_URL`, `BASE_URL`) is not one.
 */
export const SECRET_NAME =
  /(SECRET|TOKEN|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIAL|CREDENTIALS|AUTH|SESSION|COOKIE|DATABASE_URL|_DSN|CONN(ECTION)?_STRING|_KEY|_PW|_PWD|_PASS|^PGPASS|WEBHOOK|WEBHOOK_URL|HOOK_URL|RESULT_BACKEND)$|^(AWS|GH|GITHUB|GITLAB|NPM|OPENAI|ANTHROPIC|STRIPE|SLACK|AZURE|GOOGLE|GCP|HF|HUGGINGFACE|DOCKER|VAULT)_|(^|_)(DB|DATABASE|SQL|SQLALCHEMY|MYSQL|MARIADB|POSTGRES|POSTGRESQL|PG|MONGO|MONGODB|REDIS|REDISCLOUD|VALKEY|MEMCACHE|MEMCACHED|AMQP|AMQPS|RABBIT|RABBITMQ|CLOUDAMQP|BROKER|CELERY|KAFKA|NATS|MQTT|ELASTIC|ELASTICSEARCH|OPENSEARCH|CLICKHOUSE|CASSANDRA|NEO4J|COUCHDB|SMTP|MAIL|LDAP|FTP|SFTP)(_\w+)?_(URL|URI|URLS)$/i;

/** A copy of a value into a variable, as written on the line: `name` gets what `from` (source text) expands to. */
export interface VarCopy {
  name: string;
  from: string;
  /** The command or construct it happens in, for explanations. */
  text: string;
  /**
   * The copy is itself a use: a shell variable that outlives the line in the agent's terminal (set at the top
   * level, where later commands of the session see it under a name the guard cannot follow), or a value handed
   * to a program under another name (`X=$T node …`). A copy inside a subshell, `sh -c` or a function is not:
   * its uses on the line are followed instead.
   */
  escapes: boolean;
}

/** A test or `case` the walker saw: its operands are compared, not printed. */
export interface Compare {
  kind: 'test' | 'case' | 'arith';
  text: string;
  /** For `case`: the subject word and the patterns. */
  subject?: string;
  patterns?: string[];
}

/** What the walk learned about variables: the secret-bearing names (closed over copies), the copies, the compares. */
export interface ShellVars {
  secret: ReadonlySet<string>;
  copies: readonly VarCopy[];
  compares: readonly Compare[];
  /** Words a wrapper consumed (its options, a shell's positional parameters), with the wrapper's name. */
  handed: readonly { word: string; by: string; text: string }[];
}

export function isSecretVar(name: string, secret: ReadonlySet<string> | undefined): boolean {
  return SECRET_NAME.test(name) || (secret !== undefined && secret.has(name));
}

const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;

/**
 * The first secret-bearing variable whose value the text expands (outside single quotes and ANSI-C strings):
 * `$T`, `${T}`, `${T:-x}`, `${T:2:1}`, `${!T}`, a bare name inside `$(( ))`. Expansions that tell nothing of
 * the value are not uses: `${#T}` (its length), `${T:+x}` / `${T+x}` (whether it is set).
 */
export function secretRef(text: string, secret: ReadonlySet<string> | undefined): string | undefined {
  if (!text.includes('$')) return undefined;
  let dq = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === "'" && !dq) {
      const j = text.indexOf("'", i + 1);
      if (j < 0) return undefined;
      i = j;
      continue;
    }
    if (c === '"') {
      dq = !dq;
      continue;
    }
    if (c !== '$') continue;
    const n = text[i + 1];
    if (n === "'" && !dq) {
      // $'…': backslash escapes inside, no expansion.
      let j = i + 2;
      while (j < text.length && text[j] !== "'") j += text[j] === '\\' ? 2 : 1;
      i = j;
      continue;
    }
    if (n === '(' && text[i + 2] === '(') {
      // Arithmetic: bare names are variables.
      const end = text.indexOf('))', i + 3);
      const body = text.slice(i + 3, end < 0 ? text.length : end);
      const hit = arithRef(body, secret);
      if (hit) return hit;
      continue;
    }
    if (n === '{') {
      let j = i + 2;
      if (text[j] === '#' && NAME_START.test(text[j + 1] ?? '')) continue; // ${#T}: the length only
      if (text[j] === '!') j++;
      const k = nameEnd(text, j);
      if (k === j) continue;
      const name = text.slice(j, k);
      const op = text.slice(k, k + 2);
      if (op.startsWith('+') || op === ':+') continue; // ${T+x}, ${T:+x}: set or not
      if (isSecretVar(name, secret)) return name;
      continue;
    }
    const k = nameEnd(text, i + 1);
    if (k > i + 1) {
      const name = text.slice(i + 1, k);
      if (isSecretVar(name, secret)) return name;
    }
  }
  return undefined;
}

/** A secret-bearing variable named in arithmetic text (`T`, `$T`, `${T}`; `${#T}` is its length). */
export function arithRef(body: string, secret: ReadonlySet<string> | undefined): string | undefined {
  for (const m of body.matchAll(/(\$\{#)?\b([A-Za-z_][A-Za-z0-9_]*)/g)) if (m[1] === undefined && isSecretVar(m[2], secret)) return m[2];
  return undefined;
}

function nameEnd(text: string, j: number): number {
  if (!NAME_START.test(text[j] ?? '')) return j;
  let k = j + 1;
  while (k < text.length && NAME_CHAR.test(text[k])) k++;
  return k;
}

/** The secret-bearing names: secret by name, or copied (through any chain of copies) from one that is. */
export function closeSecrets(copies: readonly VarCopy[]): Set<string> {
  const secret = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of copies) {
      if (secret.has(c.name) || SECRET_NAME.test(c.name)) continue;
      if (secretRef(c.from, secret) !== undefined) {
        secret.add(c.name);
        grew = true;
      }
    }
  }
  return secret;
}

/** Words of a test (`[ … ]`, `test …`, `[[ … ]]`) split outside quotes; the brackets dropped. */
function testWords(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let q: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) {
      cur += c;
      if (c === q) q = undefined;
      else if (c === '\\' && q === '"') cur += text[++i] ?? '';
      continue;
    }
    if (c === "'" || c === '"') {
      q = c;
      cur += c;
    } else if (c === '\\') cur += c + (text[++i] ?? '');
    else if (/\s/.test(c)) {
      if (cur) out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur) out.push(cur);
  return out.filter((w) => w !== '[' && w !== ']' && w !== '[[' && w !== ']]' && w !== 'test');
}

const JOINERS = new Set(['!', '(', ')', '\\(', '\\)', '&&', '||', '-a', '-o']);

/**
 * A test that compares a secret's value (`[[ $T == a* ]]`, `[ "$T" = x ]`, `test $T \> m`, `[ -f "$T" ]`) is an
 * oracle: each answer tells a little of it. Only whether it is set or empty (`-n`, `-z`, a lone operand) is not.
 */
export function testOracle(text: string, secret: ReadonlySet<string> | undefined): string | undefined {
  const ws = testWords(text);
  let group: string[] = [];
  const flush = (): string | undefined => {
    const g = group;
    group = [];
    const hit = g.map((w) => secretRef(w, secret)).find((x) => x !== undefined);
    if (hit === undefined) return undefined;
    if (g.length === 1) return undefined;
    if (g.length === 2 && (g[0] === '-n' || g[0] === '-z') && secretRef(g[0], secret) === undefined) return undefined;
    return hit;
  };
  for (const w of ws) {
    if (JOINERS.has(w)) {
      const h = flush();
      if (h) return h;
    } else group.push(w);
  }
  return flush();
}

/** `case $T in ghp_a*) …`: the patterns guess at the value, unless they only ask whether it is empty. */
export function caseOracle(c: Compare, secret: ReadonlySet<string> | undefined): string | undefined {
  const pats = c.patterns ?? [];
  const subj = secretRef(c.subject ?? '', secret);
  if (subj !== undefined && !pats.every((p) => p === '*' || p === "''" || p === '""' || p === '?*' || p === '*?')) return subj;
  for (const p of pats) {
    const h = secretRef(p, secret);
    if (h !== undefined) return h;
  }
  return undefined;
}
