// Secrets carried by a list, a call, an encoding or a sentence (issue #16; a blind red team found them whole):
// - option-list-value: a password option and its value as separate elements of an argument list, in any list
//   syntax (JSON/YAML flow arrays, YAML block lists, exec/ProcessBuilder/subprocess/spawn arguments):
//   `["-u", "root", "-p", "P"]`, `- "--token"` / `- "T"`;
// - credential-list: a list under a credentials' name holding a user and a password (`creds=(admin "P")`,
//   `users: [[root, "P"]]`), and a YAML flow mapping's plain value under a secret's name (`{user: a, pass: P#x}`);
// - encoded-url-credentials: a URL whose `://`, `:` and `@` are percent-encoded (`postgres%3A%2F%2Fu%3AP%40db`);
// - decoded-literal-secret: a secret-named variable set by a command that decodes a literal
//   (`DB_PASSWORD=$(echo B64 | base64 -d)`, `xxd -r -p`, `base64 -d <<< B64`), and a base32 copy of one (`…_B32=`);
// - webhook-path-secret: a webhook URL of any vendor whose path holds its secret (`/api/webhooks/ID/TOKEN`, `/hooks/T`);
// - admin-command-line: `net use … /user:d\u P`, `net user u P` (rules/admin.ts) in a file of any kind (PowerShell);
// - method-call-secret: a builder or setter named for a secret given a literal (`.apiSecret("S")`, `.bearerAuth("T")`);
// - named-token-prose: a token right after a secret's word in a comment or prose (`// TODO …: key T`, "Use token `T`");
// - salt-pepper-secret: an application salt or pepper (`HMAC_SALT=HEX`, `PASSWORD_PEPPER=…`);
// - bundler-source-credential: Bundler's per-host credential (`BUNDLE_GEMS__HOST__COM: "user:P"`).
// Threat: each of these lines was shown to the model verbatim.
// Cost: every form names literals the text must hold (found with the other gates in one pass, gates.ts) before its
// regex runs over the text.
import { isPrompt } from './cut-values';
import { isPlaceholder, isReference, randomPartOk } from '../entropy';
import { classifyName, nameWords } from '../names';
import { ALNUM, HEX, PASSWORD_CHARS, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex, RuleSamples } from '../types';
import { COMMAND_TRIGGERS, commandSecret } from './admin';
import { holds, registerGates } from './gates';
import { addHit } from './hits';
import { lineOfPos, lineText } from './structure';
import { named, password, token, type Form, type Judge, scanForms } from './form-scan';

/** A password a person chose: letters and a digit or a sign, 8 characters at least, no reference or placeholder. */
const typed: Judge = (v, m, t) => v.length >= 8 && /[A-Za-z]/.test(v) && /[\d\W_]/.test(v) && !/^[\w.+-]+@[\w-]+\.[\w.]+$/.test(v) && password(v, m, t);

/** Short options that take a password in the programs that read them so (mysql `-p`, sqlcmd `-P`, redis-cli `-a`, PuTTY `-pw`, RDP `/p:`). */
const SHORT_PASSWORD = /^(?:-p|-P|-a|-pw|-pass|\/p|\/pass|\/password)$/;
/**
 * A short option means a password only beside a user option or in such a program (`-p` is a port to ssh, a project
 * to docker compose, a plugin to pytest; `-a` is redis-cli's alone): the list's text before the option is read.
 */
const PASSWORD_CONTEXT =
  /(?:^|[\s"'`,[(])(?:-[uU]|--user(?:name)?|-l|\/u(?:ser)?:?)(?=["'`\s,=:]|$)|\b(?:mysql\w*|mariadb\w*|sqlcmd|osql|isql|bcp|sqlplus|redis-cli|keydb-cli|mongo\w*|pscp|plink|psftp|influx|xfreerdp\w*)\b/;
const REDIS = /\b(?:redis|keydb)-cli\b/;

/** The option's value is a secret: a password option's value as a typed password (in its context), a secret-named long option's as its name says. */
const optionValue: Judge = (v, m, t) => {
  const opt = m[2]!;
  if (SHORT_PASSWORD.test(opt)) {
    const back = t.slice(Math.max(0, m.index - 200), m.index + 1);
    if (!(opt === '-a' ? REDIS : PASSWORD_CONTEXT).test(back)) return false;
    return typed(v, m, t) && !/^\d+(?::\d+)?$/.test(v);
  }
  const strength = classifyName(opt.replace(/^[-/]+/, ''));
  if (strength === null) return false;
  return strength === 'strong' ? password(v, m, t) && v.length >= 6 && !v.startsWith('-') : token(v, m, t);
};

/** Decodes `%XX` escapes; undefined when malformed. */
function percentDecoded(v: string): string | undefined {
  try {
    return decodeURIComponent(v);
  } catch {
    return undefined;
  }
}

/** Each path segment of a webhook URL after its `webhook(s)`/`hooks` segment. */
function pathSegments(g: string): [number, number][] {
  const out: [number, number][] = [];
  const re = /[^/]+/g;
  for (let m = re.exec(g); m !== null; m = re.exec(g)) out.push([m.index, m.index + m[0].length]);
  return out;
}

/** A list's items after the first (the user): each quoted or bare word. */
function laterItems(g: string): [number, number][] {
  const out: [number, number][] = [];
  const re = /(["'])([^"'\n]+)\1|([^\s"',()[\]]+)/g;
  let first = true;
  for (let m = re.exec(g); m !== null; m = re.exec(g)) {
    if (first) {
      first = false;
      continue;
    }
    const s = m[2] !== undefined ? m.index + 1 : m.index;
    out.push([s, s + (m[2] ?? m[3]!).length]);
  }
  return out;
}

/** Names of lists that hold logins (user and password pairs) without a secret's word. */
const LOGIN_LISTS = /^(?:users|logins|accounts|admins|basic_?auth|htpasswd)$/i;

interface RuleSpec {
  id: string;
  description: string;
  forms: Form[];
  samples: () => RuleSamples;
}

function formRule(spec: RuleSpec): BlockRule {
  registerGates(spec.forms.flatMap((f) => f.gates));
  return {
    id: spec.id,
    description: spec.description,
    gate: '',
    scan(text: string, index: LineIndex, out: BlockOutput): void {
      scanForms(spec.forms, text, index, out, spec.id);
    },
    samples: spec.samples,
  };
}

let seed = 0xf14000;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
const pw = () => 'Q7' + rs(PASSWORD_CHARS.replace(/[#'",;:|%\\()<>{}@/\s$?+=`[\]!&*^-]/g, ''), 6) + '#' + rs(ALNUM, 8);

export const optionListValue = formRule({
  id: 'option-list-value',
  description:
    'A password (or secret-named) option and its value as separate elements of an argument list: JSON/YAML arrays, YAML block lists, exec/subprocess/ProcessBuilder/spawn arguments',
  forms: [
    {
      gates: ['-p', '-P', '-a', '/p', '--'],
      // The option is an element: after `[`, `(`, `,` or a YAML list's `- `; its value the next element.
      re: /(?:[[(,][ \t]*|^[ \t]*-[ \t]+)(["'`]?)(-{1,2}[A-Za-z][\w-]*|\/p(?:ass(?:word)?)?)\1[ \t]*(?:,[ \t]*|\r?\n[ \t]*-[ \t]+)(["'`]?)([^\s"'`,()[\]]+)\3[ \t]*(?=[,)\]]|\r?$)/dgm,
      groups: [4],
      judge: optionValue,
    },
  ],
  samples: () => {
    const [a, b, c, t] = [pw(), pw(), pw(), rs(ALNUM, 32)];
    return {
      truePositives: [
        { text: `    args: ["-u", "root", "-p", "${a}"]`, secrets: [a] },
        { text: `cmd := exec.Command("mysql", "-u", "root", "-p", "${b}")`, secrets: [b] },
        { text: `spawn('redis-cli', ['-a', '${c}', 'ping'])`, secrets: [c] },
        { text: `  args: [--token, ${t}]`, secrets: [t] },
      ],
      falsePositives: [
        '    args: ["-p", "8080", "-v"]',
        'cmd := exec.Command("ssh", "-p", "2222", "host")',
        'subprocess.run(["docker", "run", "-p", "8080:80", "nginx"])',
        '  args: ["--token", "$(TOKEN)"]',
      ],
    };
  },
});

export const credentialList = formRule({
  id: 'credential-list',
  description:
    'A list under a credentials name holding a user and a password (bash arrays, YAML/JSON flow sequences), and a YAML flow mapping plain value under a secret name',
  forms: [
    {
      // A bash array (`NAME=(…)`) or a list of lists (`NAME: [[…]]`): each line holding one is read alone.
      gates: ['=(', ': [[', ':[[', '= [[', '=[['],
      re: /(?:^|[\s{,;])(?:(?:declare|local|typeset)[ \t]+-a[ \t]+)?([A-Za-z_][\w-]*)[ \t]*(?:=\(|[:=][ \t]*\[\[)((?:[ \t]*,?[ \t]*(?:(["'])[^"'\n]+\3|[^\s"',()[\]]+)){2,4})[ \t]*[\])]/dgm,
      line: true,
      groups: [2],
      judge: (v, m, t) => {
        const name = m[1]!;
        const s = classifyName(name);
        if (s === null && !LOGIN_LISTS.test(name)) return false;
        return typed(v, m, t);
      },
      pieces: laterItems,
    },
    {
      gates: ['{'],
      // A plain (unquoted) flow value runs to `,` or `}`; `#` inside it is no comment.
      re: /[{,][ \t]*([A-Za-z_][\w.-]*)[ \t]*:[ \t]+([^\s"'{[,}][^,}\n]*?)[ \t]*(?=[,}])/dg,
      groups: [2],
      // Inside a flow mapping (a `{` before it on its line, no `(`): a parameter's annotation (`f(self, key: T, …)`) is none.
      judge: (v, m, t) => {
        const pre = t.slice(t.lastIndexOf('\n', m.index) + 1, m.index + 1);
        return pre.includes('{') && !pre.includes('(') && named(1)(v, m, t);
      },
    },
  ],
  samples: () => {
    const [a, b, c] = [pw(), pw(), pw()];
    return {
      truePositives: [
        { text: `creds=(admin "${a}")`, secrets: [a] },
        { text: `users: [[root, "${b}"]]`, secrets: [b] },
        { text: `creds: {user: admin, pass: ${c.replace('#', '#x')}}`, secrets: [c.replace('#', '#x')] },
      ],
      falsePositives: [
        'ports=(8080 8443)',
        'users: [[alice, bob]]',
        'resources: {limits: {cpu: 500m, memory: 128Mi}}',
        'creds: {user: admin, pass: ${DB_PASS}}',
        'args=(--verbose "$@")',
      ],
    };
  },
});

export const encodedUrlCredentials = formRule({
  id: 'encoded-url-credentials',
  description: 'A URL whose :// : and @ are percent-encoded (a callback or redirect parameter, an .env value): the password decoded and judged',
  forms: [
    {
      gates: ['%3A%2F%2F', '%3a%2f%2f'],
      // The password runs to the last `%40` before the host's end (`%2F`, `%3F`, a blank, `&`, a quote).
      re: /\b[A-Za-z][\w+.-]{1,30}%3[Aa]%2[Ff]%2[Ff](?:[^\s%&"'<>/:@]|%(?!3[Aa]|40|2[Ff])[0-9A-Fa-f]{2})*%3[Aa]((?:[^\s%&"'<>/]|%(?!2[Ff]|3[Ff])[0-9A-Fa-f]{2})+)%40/dg,
      groups: [1],
      judge: (v, m, t) => {
        const d = percentDecoded(v);
        return d !== undefined && !/^\d{1,5}$/.test(d) && password(d, m, t);
      },
    },
  ],
  samples: () => {
    const a = rs(ALNUM, 6) + '%40' + rs(ALNUM, 10);
    return {
      truePositives: [{ text: `DATABASE_URL=postgres%3A%2F%2Fapp%3A${a}%40db%3A5432%2Fapp`, secrets: [a] }],
      falsePositives: ['redirect_uri=https%3A%2F%2Fapp.example.com%3A8443%2Fcallback', 'next=https%3A%2F%2Fexample.com%2Fa%40b'],
    };
  },
});

/** Commands that decode their input (base64, base32, hex). */
const DECODERS = String.raw`(?:base64|base32|basenc[ \t]+--base\w+)[ \t]+(?:-d|--decode|-D)\b|openssl[ \t]+(?:base64|enc[ \t]+-base64)[ \t]+-d\b|xxd[ \t]+-r[ \t]+-p\b|xxd[ \t]+-p[ \t]+-r\b`;

export const decodedLiteralSecret = formRule({
  id: 'decoded-literal-secret',
  description:
    'A secret-named variable set by a command that decodes a literal ($(echo B64 | base64 -d), xxd -r -p, base64 -d <<< B64), and a base32 copy under a secret name',
  forms: [
    {
      gates: ['base64', 'base32', 'basenc', 'xxd'],
      re: new RegExp(
        String.raw`\b([A-Za-z_][\w.-]*)[ \t]*[=:][ \t]*["']?(?:\$\(|\x60)[ \t]*(?:(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)*(?:(["'])%s\2[ \t]+)?(["']?)([A-Za-z0-9+/_=-]{8,})\3[ \t]*\|[ \t]*(?:${DECODERS})|(?:${DECODERS})[^\n<]*<<<[ \t]*(["']?)([A-Za-z0-9+/_=-]{8,})\5)`,
        'dg',
      ),
      groups: [4, 6],
      judge: (v, m) => classifyName(m[1]!) !== null && !isReference(v) && !isPlaceholder(v),
    },
    {
      gates: ['B32', 'b32', 'BASE32', 'base32', 'Base32'],
      re: /\b([A-Za-z_][\w.-]*?)[_.-]?(?:B32|b32|BASE32|base32|Base32)["']?[ \t]*[=:][ \t]*["']?([A-Z2-7]{8,}=*)/dg,
      groups: [2],
      judge: (v, m) => classifyName(m[1]!) !== null && !isPlaceholder(v),
    },
  ],
  samples: () => {
    const a = btoa(pw());
    const b = rs('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 24) + '====';
    return {
      truePositives: [
        { text: `export DB_PASSWORD=$(echo ${a} | base64 -d)`, secrets: [a] },
        { text: `API_TOKEN="$(base64 --decode <<< '${a}')"`, secrets: [a] },
        { text: `DB_PASSWORD_B32=${b}`, secrets: [b] },
      ],
      falsePositives: ['export LOGO=$(echo iVBORw0KGgo= | base64 -d)', 'export DB_PASSWORD=$(echo "$ENC" | base64 -d)', 'HOSTNAME_B32=NBSWY3DP'],
    };
  },
});

export const webhookUrlSecret = formRule({
  id: 'webhook-url-secret',
  description:
    'A webhook URL of any vendor whose path holds its secret: the random segments after /webhook(s)/ or /hooks/ (Discord, Mattermost, Rocket.Chat, Office, …)',
  forms: [
    {
      gates: ['/webhook', '/hooks/', '/hook/', '/webhookb2/'],
      re: /\bhttps?:\/\/[^\s/"'<>]+(?:\/[^\s/"'<>?#]+)*?\/(?:api\/)?(?:webhooks?|hooks?|webhookb2)\/([^\s"'<>?#]+)/dgi,
      groups: [1],
      // Letters and digits mixed: a page's slug (`creating-webhooks`) is no token.
      judge: (v) => v.length >= 16 && /\d/.test(v) && /[A-Za-z]/.test(v) && !isReference(v) && !isPlaceholder(v) && !/^[{<$]/.test(v) && randomPartOk(v),
      pieces: pathSegments,
    },
  ],
  samples: () => {
    const t = rs(ALNUM + '-_', 68);
    const m = rs('abcdefghijklmnopqrstuvwxyz0123456789', 26);
    return {
      truePositives: [
        { text: `const hook = "https://discord.com/api/webhooks/1234567890/${t}";`, secrets: [t] },
        { text: `url: https://chat.acme.io/hooks/${m}`, secrets: [m] },
      ],
      falsePositives: [
        'see https://docs.github.com/en/webhooks/using-webhooks/creating-webhooks',
        'https://example.com/api/webhooks/{id}/{token}',
        'https://git.acme.io/hooks/pre-receive',
      ],
    };
  },
});

/**
 * The administration commands that take a secret as a plain argument (rules/admin.ts: `net use … /user:d\\u P`,
 * `net user u P /add`, `rabbitmqctl add_user u P`, `mysqladmin password P`) in a file of any kind: shell-statement
 * reads their lines only in a text sniffed as a shell script, the pre-scan offers none of them, so a PowerShell or
 * batch script, a runbook or a README showed them whole.
 */
export const adminCommandLine: BlockRule = {
  id: 'admin-command-line',
  description:
    'Administration commands that take a secret as a plain argument (net use / net user, rabbitmqctl, mysqladmin, …) in a file of any kind: PowerShell, batch, Markdown',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    const seen = new Set<number>();
    const hits: Hit[] = [];
    for (const word of ADMIN_TRIGGERS) {
      if (!holds(text, word)) continue;
      for (let p = text.indexOf(word); p !== -1; p = text.indexOf(word, p + word.length)) {
        starts ??= index.starts();
        const li = lineOfPos(starts, p);
        if (seen.has(li)) continue;
        seen.add(li);
        hits.length = 0;
        commandSecret.scan(lineText(text, starts, li), hits);
        for (const h of hits) addHit(out, li, { start: h.start, end: h.end, rule: 'admin-command-line', priority: 2.5 });
      }
    }
  },
  samples: () => {
    const [a, b] = [pw().replace('#', '%'), pw().replace('#', '.')];
    return {
      truePositives: [
        { text: `$pass = ConvertTo-SecureString $env:P -AsPlainText -Force\nnet use \\\\srv\\share /u:corp\\admin ${a}`, secrets: [a] },
        { text: `Write-Host "x"\nNET USER svc_backup ${b} /add`, secrets: [b] },
      ],
      falsePositives: ['net use Z: \\\\srv\\share /persistent:yes', 'net use \\\\srv\\share /user:corp\\admin *', 'net user administrator /active:yes'],
    };
  },
};
/** The commands' words as written in scripts (`NET USE` too: cmd is case-blind). */
const ADMIN_TRIGGERS = [...COMMAND_TRIGGERS, 'NET USE', 'NET USER', 'Net Use', 'Net User', 'net.exe'];
registerGates(ADMIN_TRIGGERS);

export const methodCallSecret = formRule({
  id: 'method-call-secret',
  description: 'A builder or setter named for a secret given a literal: .apiSecret("S"), .bearerAuth("T"), .accessToken(\'T\'), setClientSecret("S")',
  forms: [
    {
      gates: ['ecret(', 'oken(', 'ey(', 'uth(', 'assword(', 'asswd(', 'wd(', 'hrase(', 'redential(', 'redentials('],
      // The method's name runs into its `(` (the match holds a gate): each line holding one is read alone.
      re: /\.([A-Za-z_]\w*)\([ \t]*(["'`])([^"'`\n\\]+)\2[ \t]*\)/dg,
      line: true,
      groups: [3],
      judge: (v, m, t) => {
        const name = m[1]!;
        // `console.readPassword("Password: ")`, `getpass("Passphrase:")`: a prompt for the secret, not the secret.
        if (isPrompt(v) || /^(?:read|prompt|ask)[A-Z_]/.test(name)) return false;
        const s = /auth$/i.test(name) && /bearer|token|api|key/i.test(name) ? 'strong' : classifyName(name);
        if (s === null) return false;
        return s === 'strong' ? password(v, m, t) && v.length >= 8 : token(v, m, t);
      },
    },
  ],
  samples: () => {
    const [a, b] = [rs(ALNUM, 40), rs(ALNUM, 32)];
    return {
      truePositives: [
        { text: `  Client c = Client.builder().apiSecret("${a}").build();`, secrets: [a] },
        { text: `  req.bearerAuth("${b}");`, secrets: [b] },
      ],
      falsePositives: [
        '  .tokenUrl("https://auth.example.com/token")',
        '  .apiSecretName("prod-api-secret")',
        '  .header("X-Api-Key")',
        '  cache.key("user-profile")',
        '  .bearerAuth(token)',
      ],
    };
  },
});

export const namedTokenProse = formRule({
  id: 'named-token-prose',
  description: 'A random token right after a secret word in a comment or prose: "// TODO remove: key T", "Use token `T` for staging", "# temp api key: T"',
  forms: [
    {
      gates: ['key', 'Key', 'KEY', 'token', 'Token', 'TOKEN', 'secret', 'Secret', 'SECRET'],
      // Each line holding a gate is read alone (the words in the cases the gates name).
      re: /(?<![\w.-])(?<!(?:[Pp]ublic|[Pp]ub|[Hh]ost|[Gg]pg|GPG|[Pp]gp|PGP|[Ss]sh|SSH|[Ii]d|[Ff]oreign|[Pp]rimary|[Ss]ort|[Pp]artition|[Ii]dempotency|[Cc]ache)[ \t])(?:(?:api|API|Api)[ _-]?)?(?:key|Key|KEY|token|Token|TOKEN|secret|Secret|SECRET)s?[ \t]*(?::[ \t]*)?(?:(?:is|was|=)[ \t]+)?(["'`]?)([A-Za-z0-9_+/=.-]{24,})\1(?=[\s.,;:)]|$)/dgm,
      line: true,
      groups: [2],
      // Random: both cases and two digits at least; an identifier (`idempotencyKeyForRequestsV2`) is none. A quoted
      // value after `key:` is code (`{ key: 'pk.…' }`): the assignment rules judge it, publishable keys included.
      judge: (v, m, t) =>
        !(m[1] === "'" || m[1] === '"') &&
        (v.match(/\d/g) ?? []).length >= 2 &&
        /[a-z]/.test(v) &&
        /[A-Z]/.test(v) &&
        !/^[a-z]+(?:[A-Z][a-z]+|\d+)+$/.test(v) &&
        !/^[a-z]+(?:[._-][a-z]+)+$/i.test(v) &&
        // A YAML key's value that reads as a SealedSecret's ciphertext is no prose: yaml-secret-payload decides it.
        !(v.length >= 340 && v.startsWith('Ag') && /^[ \t]+[\w.-]+:[ \t]/.test(t)) &&
        token(v, m, t),
    },
  ],
  samples: () => {
    const [a, b] = [rs(ALNUM, 40), rs(ALNUM, 40)];
    return {
      truePositives: [
        { text: `// TODO remove before commit: key ${a}`, secrets: [a] },
        { text: `Use token \`${b}\` for the staging API.`, secrets: [b] },
      ],
      falsePositives: [
        'The key idempotencyKeyForRequestsV2 is sent on retries.',
        'Set the token ACCESS_TOKEN_EXPIRES_IN_SECONDS in config.',
        'ssh-ed25519 public key AAAAC3NzaC1lZDI1NTE5AAAAIKx3wPq9Z7',
        '// The token is refreshed by the scheduler.',
      ],
    };
  },
});

export const saltPepperSecret = formRule({
  id: 'salt-pepper-secret',
  description: 'An application salt or pepper under its name: HMAC_SALT=HEX, PASSWORD_PEPPER=…, security.password_salt: …',
  forms: [
    {
      gates: ['SALT', 'salt', 'Salt', 'PEPPER', 'pepper', 'Pepper'],
      re: /\b([A-Za-z_][\w.-]*)["']?[ \t]*(?:=|:(?!:))[ \t]*(["']?)([^\s"',;]{12,})\2/dg,
      line: true,
      groups: [3],
      judge: (v, m) => {
        const last = nameWords(m[1]!).pop();
        if (last !== 'salt' && last !== 'pepper') return false;
        // Random: a digit in it; words (`generate-at-install-time`) are none.
        return /\d/.test(v) && !/^[a-z]+(?:[-_.][a-z]+)+$/i.test(v) && !isReference(v) && !isPlaceholder(v) && randomPartOk(v);
      },
    },
  ],
  samples: () => {
    const [a, b] = [rs(HEX, 32), rs(ALNUM, 40)];
    return {
      truePositives: [
        { text: `HMAC_SALT=${a}`, secrets: [a] },
        { text: `SECURITY_PASSWORD_PEPPER="${b}"`, secrets: [b] },
      ],
      falsePositives: ['SALT_ROUNDS=12', 'PASSWORD_SALT=${PASSWORD_SALT}', 'salt: generate-at-install-time'],
    };
  },
});

export const bundlerSourceCredential = formRule({
  id: 'bundler-source-credential',
  description: 'Bundler\'s per-host source credential: BUNDLE_GEMS__HOST__COM: "user:password" (the password part)',
  forms: [
    {
      gates: ['BUNDLE_'],
      re: /\bBUNDLE_[A-Z0-9_]*__[A-Z0-9_]+["']?[ \t]*[:=][ \t]*(["']?)[^\s"':]+:([^\s"']+)\1/dg,
      groups: [2],
      judge: (v) => v.length >= 4 && !isReference(v) && !isPlaceholder(v),
    },
  ],
  samples: () => {
    const a = rs(HEX, 8);
    return {
      truePositives: [{ text: `BUNDLE_GEMS__CONTRIBSYS__COM: "user:${a}"`, secrets: [a] }],
      falsePositives: [
        'BUNDLE_PATH: "vendor/bundle"',
        'BUNDLE_BUILD__NOKOGIRI: "--use-system-libraries"',
        'BUNDLE_GITHUB__COM: "x-access-token:${GITHUB_TOKEN}"',
      ],
    };
  },
});

export const CARRIER_RULES: readonly BlockRule[] = [
  optionListValue,
  credentialList,
  encodedUrlCredentials,
  decodedLiteralSecret,
  webhookUrlSecret,
  adminCommandLine,
  methodCallSecret,
  namedTokenProse,
  saltPepperSecret,
  bundlerSourceCredential,
];
