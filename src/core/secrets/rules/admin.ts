// Secrets handed to administration commands as plain arguments or on their standard input, where no
// flag or key names them: `rabbitmqctl add_user app P`, `ngrok config add-authtoken T`, `echo "u:P" |
// chpasswd`, `mysqladmin -u root password P`, `net user NAME P /add`, `(echo P; echo P) | smbpasswd -s`,
// and long flags whose own name says secret (`--api-secret X`, `-secret X`, `--authkey=X`).
// Threat: a shell history or a provisioning script hands the model every password it ever set.
//
// The line rule runs on the lines the pre-scan selects (a flag in its SECRET_FLAGS, a `-secret`); the
// commands with no flag at all are read in shell scripts and histories (structure.ts shell-statement
// hands their lines here by the trigger words below).
import { isPlaceholder, isReference, isVariableLed, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, PASSWORD_CHARS, rand } from '../samples';
import type { Hit, LineRule } from '../types';
import { storedSecretName } from './references';

/** As in generic.ts: a context rule beats the generic assignment rule (2) and yields to a vendor format (0). */
const CONTEXT_PRIORITY = 1;

let seed = 0xad31;
/** A password-like sample value (no quotes, `;`, `|`, `:` or blanks: they would end it on a command line). */
const pw = (n = 18) => 'q7' + rand(PASSWORD_CHARS.replace(/[#'",;:|]/g, ''), n, seed++ * 7919);

/** The words of the commands read below; shell-statement looks for them in scripts and histories. */
export const COMMAND_TRIGGERS: readonly string[] = ['chpasswd', 'rabbitmqctl', 'ngrok', 'mysqladmin', 'smbpasswd', 'net user', 'net use', 'passwd', 'mc alias'];

/** `user:password` handed to chpasswd, or a password to smbpasswd / `passwd --stdin`: the program reads it from its input. */
const STDIN_READER = /\|[ \t]*(?:sudo[ \t]+(?:-\S+[ \t]+)*)?(?:(chpasswd)\b|smbpasswd\b|passwd[ \t]+(?:[^|;&\n]*[ \t])?--stdin\b)/;
const ECHO = /\b(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)*(?:(["'])((?:(?!\1)[^\r\n])*)\1|([^\s;|)"'][^\s;|)]*))/dg;
const HERESTRING = /\bchpasswd\b[^<\r\n]*<<<[ \t]*(?:(["'])((?:(?!\1)[^\r\n])*)\1|(\S+))/d;

interface Form {
  /** A literal the line must hold. */
  gate: string;
  re: RegExp;
  group: number;
}

/** Commands that take the secret as a positional argument. */
const FORMS: Form[] = [
  // RabbitMQ: `rabbitmqctl add_user USER PASS`, `change_password USER PASS`, `authenticate_user USER PASS`.
  {
    gate: 'rabbitmqctl',
    re: /\brabbitmqctl\b(?:[ \t]+-{1,2}[\w-]+(?:[ \t=]+[^\s-]\S*)?)*[ \t]+(?:add_user|change_password|authenticate_user)[ \t]+(["']?)[^\s"']+\1[ \t]+(["']?)([^\s"']+)\2/dg,
    group: 3,
  },
  // ngrok's account token: `ngrok config add-authtoken T`, the older `ngrok authtoken T`, `ngrok config add-api-key K`.
  {
    gate: 'ngrok',
    re: /\bngrok[ \t]+(?:config[ \t]+)?(?:add-authtoken|authtoken|add-api-key)[ \t]+(?:--[\w-]+(?:=\S*)?[ \t]+)*(["']?)([^\s"'-][^\s"']*)\1/dg,
    group: 2,
  },
  // `mysqladmin -u root password NEW` (and `mysqladmin … -p OLD password NEW`: -p is cli-password's).
  { gate: 'mysqladmin', re: /\bmysqladmin\b[^\r\n|;&]*?[ \t]password[ \t]+(["']?)([^\s"']+)\1/dg, group: 2 },
  // Windows: `net user NAME PASS [/add]` (`*` prompts), `net use \\host\share PASS /user:NAME`.
  { gate: 'net user', re: /\bnet[ \t]+user[ \t]+(["']?)[^\s"'/]+\1[ \t]+(["']?)([^\s"'/*][^\s"']*)\2/dgi, group: 3 },
  { gate: 'net use', re: /\bnet[ \t]+use[ \t]+(?:[A-Za-z]:[ \t]+)?\\\\\S+[ \t]+(["']?)([^\s"'/*][^\s"']*)\1(?=[ \t]+\/u(?:ser)?:)/dgi, group: 2 },
  // …and the password after the user: `net use Z: \\host\share /user:DOMAIN\user PASS`.
  { gate: 'net use', re: /\bnet[ \t]+use\b[^\r\n]*?[ \t]\/u(?:ser)?:\S+[ \t]+(["']?)([^\s"'/*][^\s"']*)\1/dgi, group: 2 },
  // Passphrases and passwords handed over by a program's own short flag (the letter means a password only there):
  // `ssh-keygen -P OLD -N NEW`, `openssl enc -k PASS` / `-pass pass:PASS`, `7z a -pPASS`, `influx setup -p PASS -t TOKEN`.
  { gate: 'ssh-keygen', re: /(?<=\bssh-keygen\b[^\r\n]*[ \t])-[PN][ \t]*(["']?)([^\s"']+)\1/dg, group: 2 },
  { gate: 'openssl', re: /(?<=\bopenssl\b[^\r\n]*[ \t])-k[ \t]+(["']?)([^\s"'-][^\s"']*)\1/dg, group: 2 },
  { gate: 'openssl', re: /(?<=\bopenssl\b[^\r\n]*[ \t])-pass(?:in|out)?[ \t]+(["']?)pass:([^\s"']+)\1/dg, group: 2 },
  { gate: '7z', re: /(?<=\b7z[az]?\b[^\r\n]*[ \t])-p(["']?)([^\s"'-][^\s"']*)\1/dg, group: 2 },
  // Sysinternals' PsExec and its clone PAExec: `psexec \\host -u USER -p PASS cmd` (`-p` with no value prompts).
  { gate: 'xec', re: /(?<=\b(?:[Pp][Ss]|[Pp][Aa])[Ee][Xx][Ee][Cc](?:64)?(?:\.exe)?\b[^\r\n]*[ \t])-p[ \t]+(["']?)([^\s"'-][^\s"']*)\1/dg, group: 2 },
  { gate: 'influx', re: /(?<=\binflux\b[^\r\n]*[ \t])(?:-p|--password|-t|--token)(?:[ \t]+|=)(["']?)([^\s"'$-][^\s"']*)\1/dg, group: 2 },
  // MinIO's client: `mc alias set NAME URL ACCESS_KEY SECRET_KEY` (and the older `mc config host add`).
  {
    gate: 'mc ',
    re: /\bmc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+\S+[ \t]+\S+[ \t]+(["']?)[^\s"']+\1[ \t]+(["']?)([^\s"'-][^\s"']*)\2/dg,
    group: 3,
  },
];

/** A flag whose own name is secret-named, and its value: `--api-secret X`, `-secret=X`, `--authkey X`. */
// The value after blanks, an `=`, or as the next item of an argument list (`["--admin-token", "…"]`).
const SECRET_FLAG = /(?:^|[\s"'])(--?)([A-Za-z][\w-]{2,40})(?:[ \t]+|["'][ \t]*,[ \t]*)(?:(["'])((?:(?!\3)[^\r\n])*)\3|([^\s"'$`-][^\s"'`;|&,\]]*))/dg;

function judged(v: string, quoted: boolean): boolean {
  // A command's argument is data: `-k 'Copper0514.pls'` is the password, not code's member access.
  return v.length >= 6 && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, 'strong', quoted, false, true);
}

function push(out: Hit[], start: number, end: number): void {
  out.push({ start, end, rule: 'command-secret', priority: CONTEXT_PRIORITY });
}

export const commandSecret: LineRule = {
  id: 'command-secret',
  description:
    'A secret handed to an administration command: rabbitmqctl add_user U P, ngrok config add-authtoken T, echo "u:P" | chpasswd, mysqladmin password P, net user U P, smbpasswd on standard input, --api-secret X / -secret X',
  keywords: ['chpasswd', 'rabbitmqctl', 'ngrok', 'mysqladmin', 'smbpasswd', 'net user', 'net use', 'passwd', ' -', '"-', "'-"],
  priority: CONTEXT_PRIORITY,
  scan(line: string, out: Hit[]): void {
    for (const f of FORMS) {
      if (!line.includes(f.gate) && !(f.gate.startsWith('net') && /\bnet[ \t]+use/i.test(line))) continue;
      f.re.lastIndex = 0;
      for (let m = f.re.exec(line); m !== null; m = f.re.exec(line)) {
        const v = m[f.group]!;
        if (judged(v, false)) push(out, m.indices![f.group]![0], m.indices![f.group]![1]);
      }
    }
    // A password fed on standard input: every echo / printf before the pipe into the reader.
    const r = STDIN_READER.exec(line);
    if (r !== null) {
      const colon = r[1] !== undefined;
      ECHO.lastIndex = 0;
      for (let m = ECHO.exec(line); m !== null && m.index < r.index; m = ECHO.exec(line)) {
        const g = m[2] !== undefined ? 2 : 3;
        let [s, e] = m.indices![g]!;
        // chpasswd reads `user:password` lines: the part after the first `:` of each.
        if (colon) {
          const c = line.indexOf(':', s);
          if (c < 0 || c >= e) continue;
          s = c + 1;
        }
        const v = line.slice(s, e).replace(/\\n.*$/, '');
        if (v.length >= 4 && !isReference(v) && !isVariableLed(v)) push(out, s, e);
      }
    }
    const h = line.includes('<<<') ? HERESTRING.exec(line) : null;
    if (h !== null) {
      const g = h[2] !== undefined ? 2 : 3;
      const [s, e] = h.indices![g]!;
      const c = line.indexOf(':', s);
      if (c >= 0 && c + 1 < e && !isReference(line.slice(c + 1, e))) push(out, c + 1, e);
    }
    // Flags named for a secret. `--token-file f`, `--password-stdin`, `--secret id=x,src=f` (docker build) name none.
    if (line.includes('-')) {
      SECRET_FLAG.lastIndex = 0;
      for (let m = SECRET_FLAG.exec(line); m !== null; m = SECRET_FLAG.exec(line)) {
        const name = m[2]!;
        if (classifyName(name) !== 'strong') continue;
        const g = m[4] !== undefined ? 4 : 5;
        const v = m[g]!;
        if (g === 5 && /[=,]/.test(v.replace(/=+$/, ''))) continue;
        // openssl's `-pass env:VAR` / `file:path` / `fd:3` / `stdin` name where the password is, not it.
        if (/^(?:env|file|fd):|^stdin$/.test(v) || v.startsWith('-')) continue;
        // `--secret-id prod/db/password`: the name a secrets manager keeps the secret under.
        if (storedSecretName(name, v)) continue;
        if (judged(v, g === 4)) push(out, m.indices![g]![0], m.indices![g]![1]);
      }
    }
  },
  samples: () => {
    const p = Array.from({ length: 12 }, () => pw());
    const t = rand(ALNUM, 43, seed++ * 7919);
    return {
      truePositives: [
        // The commands with no flag reach this rule on a shell script's or history's lines (shell-statement's samples and
        // test/unit/secrets/admin.test.ts hold them); on any line the pre-scan selects, the flags named for a secret.
        { text: `consul acl token create -secret ${p[8]}`, secrets: [p[8]!] },
        { text: `  --api-secret ${p[9]}`, secrets: [p[9]!] },
        { text: `sudo tailscale up --authkey ${p[10]}`, secrets: [p[10]!] },
        { text: `rabbitmqctl add_user app ${p[0]} --api-token ${t}`, secrets: [p[0]!, t] },
        { text: `ssh-keygen -p -P '${p[1]}' -N '${p[2]}' -f ~/.ssh/id_rsa`, secrets: [p[1]!, p[2]!] },
        { text: `openssl enc -aes-256-cbc -k '${p[3]}' -in backup.tar -out backup.tar.enc`, secrets: [p[3]!] },
        { text: `openssl enc -d -aes-256-cbc -pass pass:${p[4]} -in a.enc`, secrets: [p[4]!] },
        { text: `7z a -p${p[5]} backup.7z data/`, secrets: [p[5]!] },
        { text: `influx setup -u admin -p '${p[6]}' -t ${t} -o acme`, secrets: [p[6]!, t] },
        { text: `node server.js --admin-token ${p[7]}`, secrets: [p[7]!] },
        { text: `psexec \\\\host01 -u admin -p ${p[0]} cmd.exe`, secrets: [p[0]!] },
        { text: `    command: ["node", "server.js", "--admin-token", "${p[11]}"]`, secrets: [p[11]!] },
        { text: `az storage blob upload --account-key ${t}== -f a`, secrets: [t] },
        { text: `gpg --batch --passphrase '${p[1]}' -d f.gpg`, secrets: [p[1]!] },
      ],
      falsePositives: [
        'rabbitmqctl add_user app "$RABBIT_PASSWORD"',
        'rabbitmqctl list_users',
        'ngrok config add-authtoken $NGROK_AUTHTOKEN',
        'ngrok http 8080',
        'echo "deploy:$DEPLOY_PASSWORD" | sudo chpasswd',
        'mysqladmin -u root -p status',
        'net user deploy * /add',
        'psexec \\\\host01 -s -i -p cmd.exe',
        'psexec \\\\host01 -u admin -p $PSEXEC_PASSWORD cmd',
        'net user',
        'smbpasswd -a deploy',
        'cli --token-file /run/secrets/token --password-stdin',
        'kubectl create secret generic app --from-literal=user=admin',
        'tool --api-secret "${API_SECRET}"',
        'gcloud auth print-access-token',
        "ssh-keygen -t ed25519 -N '' -f ~/.ssh/id_ed25519",
        'ssh-keygen -p -P "$OLD_PASS" -N "$NEW_PASS" -f key',
        'openssl enc -aes-256-cbc -pass env:BACKUP_PASS -in a -out b',
        'openssl enc -aes-256-cbc -kfile /run/secrets/key -in a -out b',
        '7z a -p backup.7z data/',
        'influx setup -u admin -p "$INFLUX_PASSWORD" -t "$INFLUX_TOKEN" -o acme',
        'node server.js --admin-token "$ADMIN_TOKEN"',
        '    command: ["node", "server.js", "--admin-token", "${ADMIN_TOKEN}"]',
        'az storage blob upload --account-key "$KEY" -f a',
        'gpg --batch --passphrase-file pass.txt -d f.gpg',
        'mc alias set prod https://s3.example.com "$MC_ACCESS" "$MC_SECRET"',
      ],
    };
  },
};

// --- A secret-named key whose value is a literal wrapped in a call, or a password of a known shape ---

/**
 * `session_key: String::from("…")`, `password = Some("…")`, `token: SecretString::new("…")`, `key = str("…")`:
 * the value is one string literal handed to a constructor or a wrapper; the key's name decides as for an
 * assignment. Apple's app-specific passwords (`abcd-efgh-ijkl-mnop`) read as a slug to the generic rule's
 * value test, but under a password-named key they are one.
 */
const WRAPPED =
  /(?:^|[^\w$])([A-Za-z_$][\w$.-]*)["']?[ \t]*(?::[ \t]*[\w&'<>:]+[ \t]*=|:|=|=>|:=)[ \t]*(?:&?(?:[A-Z]\w*::(?:from|new)|Some|Ok|String|str|Buffer\.from|Secret\w*|SecureString|Zeroizing::new|[A-Z]\w*(?:Secret|Password|Token|Key)\w*(?:::new|\.of)?)[ \t]*\([ \t]*(["'])([^\s"'\\]{6,})\2[ \t]*\)|(["']?)([a-z]{4}-[a-z]{4}-[a-z]{4}-[a-z]{4})\4(?![\w-]))/dg;
const APP_PASSWORD_NAME = /pass|pwd|app[\W_]?(?:specific|password)/i;

export const wrappedSecret: LineRule = {
  id: 'wrapped-secret',
  description:
    'A secret-named key whose value is one literal in a call (String::from("…"), Some("…"), SecretStr("…")), or an Apple app-specific password under a password key',
  keywords: ['("', "('", 'pass', 'pwd'],
  priority: CONTEXT_PRIORITY,
  scan(line: string, out: Hit[]): void {
    WRAPPED.lastIndex = 0;
    for (let m = WRAPPED.exec(line); m !== null; m = WRAPPED.exec(line)) {
      const name = m[1]!;
      const strength = classifyName(name);
      if (strength === null) continue;
      if (m[3] !== undefined) {
        const v = m[3];
        if (!isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, strength, true)) push2(out, m.indices![3]!);
      } else if (m[5] !== undefined && APP_PASSWORD_NAME.test(name) && new Set(m[5].replace(/-/g, '')).size >= 8 && !isPlaceholder(m[5])) {
        push2(out, m.indices![5]!);
      }
    }
  },
  samples: () => {
    const v = rand(ALNUM, 32, seed++ * 7919);
    const app = [0, 1, 2, 3].map(() => rand('abcdefghijkmnopqrstuvwxyz', 4, seed++ * 7919)).join('-');
    return {
      truePositives: [
        { text: `        session_key: String::from("${v}"),`, secrets: [v] },
        { text: `let password = Some("${v}");`, secrets: [v] },
        { text: `apple_application_specific_password: ${app}`, secrets: [app] },
        { text: `  "appSpecificPassword": "${app}",`, secrets: [app] },
      ],
      falsePositives: [
        '        session_key: String::from("session"),',
        'token = t("auth.token.expired")',
        'password = getpass.getpass("Password: ")',
        'token = os.environ.get("GITHUB_TOKEN")',
        'secret_key = Secret::new(load_key())',
        'password: String::from(env!("DB_PASSWORD")),',
        'apple_application_specific_password: xxxx-xxxx-xxxx-xxxx',
        'slug: abcd-efgh-ijkl-mnop',
        'password_hint: "four-word-long-hint"',
      ],
    };
  },
};

function push2(out: Hit[], span: [number, number]): void {
  out.push({ start: span[0], end: span[1], rule: 'wrapped-secret', priority: CONTEXT_PRIORITY });
}
