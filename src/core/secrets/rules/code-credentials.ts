// Credentials in shapes of code and commands that are not `name = value`, where the name that says what the value is
// stands apart from it (found by a blind red team, rt21mask):
// - a default inside a URL's password part: `` `postgres://u:${process.env.PW ?? 'literal'}@db` ``, `|| "literal"`,
//   (the literal is what connects when the variable is unset; Python's `os.getenv('PW', 'literal')` is call-secret's);
// - an argv list: `["curl", "-u", "admin:pw", …]`, `'--user', 'ci:pw'` (each word its own literal; `"--password", "pw"`
//   is cli-password's);
// - Jenkins' `new UsernamePasswordCredentialsImpl(scope, id, description, user, "pw")`: the last argument;
// - VB's and VBA's `Const DB_PASS As String = "…"` (`Dim`, `Private`, `Public`): the type stands between name and value;
// - SonarQube's token under `SONAR_LOGIN` / `sonarLogin` (the login property older scanners read the token from);
// - a secret header mid-line after a logger's name that is itself a secret word (`botocore.auth: X-Amz-Security-Token:
//   V`): the generic reader takes `X-Amz-Security-Token:` as the value of `auth` and reads no further.
// Threat: each of these values was shown to the model verbatim.
// Cost: line forms gated by their literals (`??`, `||`, `"-u"`, `--password`, `CredentialsImpl`, ` As String`,
// `SONAR_LOGIN`, the header names), each line alone.
import { isPlaceholder, isReference, randomPartOk, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, B64, PASSWORD_CHARS, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holdsAny, registerGates } from './gates';
import { formLiterals, scanForms, type Form } from './form-scan';

const RULE = 'code-credential';

/** A literal password: not a reference, placeholder, `$VAR`, template or flag. */
const literal = (v: string): boolean =>
  !v.startsWith('$') && !v.startsWith('-') && !v.includes('{') && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, 'strong', true);

/** The secret headers a log line prints mid-line (`Name: value`). */
const HEADERS = ['X-Amz-Security-Token', 'X-Vault-Token', 'X-Api-Key', 'X-Auth-Token', 'X-Access-Token', 'Private-Token', 'X-Amz-Session-Token'];
const HEADER_GATES = HEADERS.flatMap((h) => [h, h.toLowerCase(), h.toUpperCase()]);

const FORMS: Form[] = [
  {
    // `://user:${process.env.PW ?? 'literal'}@`, `|| "literal"`.
    gates: ['??', '||'],
    re: /:\/\/[^\s:/@'"`]{1,64}:\$\{[^}\n]{1,128}?(?:\?\?|\|\|)[ \t]*(["'])((?:(?!\1)[^\n\\]){1,128})\1[ \t]*\}@/dg,
    groups: [2],
    line: true,
    lineTest: (l) => l.includes('://'),
    judge: literal,
  },
  {
    // `"-u", "user:pw"` in an argv list (curl, wget's `--user`, `--proxy-user`).
    gates: ['"-u"', "'-u'", '"--user"', "'--user'", '"--proxy-user"', "'--proxy-user'"],
    re: /(["'])(?:-u|--user|--proxy-user)\1[ \t]*,[ \t]*(["'])[^:"'\s]{1,64}:((?:(?!\2)[^\n\\]){6,128})\2/dg,
    groups: [3],
    line: true,
    judge: literal,
  },
  {
    // Jenkins: `new UsernamePasswordCredentialsImpl(scope, "id", "description", "user", "pw")`: the last argument.
    gates: ['UsernamePasswordCredentialsImpl'],
    re: /UsernamePasswordCredentialsImpl[ \t]*\((?:[^()\n]|\([^()\n]*\))*?,[ \t]*(["'])((?:(?!\1)[^\n\\]){1,256})\1[ \t]*\)/dg,
    groups: [2],
    line: true,
    judge: literal,
  },
  {
    // VB/VBA: `Const DB_PASS As String = "…"`, `Private Const API_KEY As String = "…"`, `Dim pw As String = "…"`.
    gates: [' As String', ' as String', ' AS STRING', ' As string'],
    re: /\b(?:Const|Dim|Private|Public|Static|Friend|CONST|DIM)[ \t]+(?:(?:Const|CONST|ReadOnly|Shared)[ \t]+)?([A-Za-z_]\w{0,63})[ \t]+(?:As|as|AS)[ \t]+(?:String|string|STRING)[ \t]*=[ \t]*"((?:[^"\n]|"")*)"/dg,
    groups: [2],
    line: true,
    judge: (v, m) => {
      const strength = classifyName(m[1]!);
      return strength !== null && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, strength, true);
    },
  },
  {
    // SonarQube's token under its login's name (`SONAR_LOGIN=T`, `SONAR_LOGIN = 'T'` in a Jenkinsfile, `sonarLogin: T`).
    gates: ['SONAR_LOGIN', 'sonarLogin', 'sonar_login'],
    re: /(?:^|[^\w.])(?:SONAR_LOGIN|sonarLogin|sonar_login)["']?[ \t]*[=:][ \t]*(["']?)([A-Za-z0-9_]{20,})\1(?![\w.-])/dg,
    groups: [2],
    line: true,
    judge: (v) => !isReference(v) && !isPlaceholder(v) && (/^(?:sq[apu]_)?[0-9a-f]{40}$/.test(v) || randomPartOk(v)),
  },
  {
    // A secret header mid-line (`DEBUG botocore.auth: X-Amz-Security-Token: V`, `… x-vault-token=V`).
    gates: HEADER_GATES,
    re: new RegExp(String.raw`(?:^|[\s,;'"{(\[])(?:${HEADER_GATES.join('|')})["']?[ \t]*[:=][ \t]*["']?([A-Za-z0-9+/=_.%~-]{16,4096})`, 'dg'),
    groups: [1],
    line: true,
    judge: (v) => !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, 'strong', false),
  },
];
registerGates(formLiterals(FORMS));

/** The literals one of which the text must hold for any of the rule's forms to run (the gates' one pass answers). */
const ANY_GATE = formLiterals(FORMS);

export const codeCredential: BlockRule = {
  id: RULE,
  description:
    'Credentials in code and command shapes: a URL\'s password default (`${env ?? \'pw\'}@`), argv lists (`"-u", "user:pw"`, `"--password", "pw"`), Jenkins UsernamePasswordCredentialsImpl, VB `Const X As String =`, SONAR_LOGIN, a secret header mid-line',
  gate: '',
  applies: (text) => holdsAny(text, ANY_GATE),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples() {
    let seed = 0x42c0de;
    const r = (a: string, n: number) => rand(a, n, seed++ * 7919);
    const pw = () => 'Q7' + r(PASSWORD_CHARS.replace(/[#'"\\,;:|()<>{}@/\s$?=.!-]/g, ''), 14) + 'k';
    const p = Array.from({ length: 9 }, pw);
    const son = r(ALNUM, 24);
    const sts = 'FwoGZXIvYXdzE' + r(B64, 200);
    return {
      truePositives: [
        { text: `export const url = \`postgres://ledger:\${process.env.PW ?? '${p[0]}'}@db:5432/ledger\`;\n`, secrets: [p[0]!] },
        { text: `const u = \`amqp://app:\${env.RABBIT_PASS || "${p[1]}"}@mq/\`;\n`, secrets: [p[1]!] },
        { text: `subprocess.check_call(["curl", "-u", "admin:${p[3]}", "https://jenkins/api/json"])\n`, secrets: [p[3]!] },
        { text: `cmd = ['wget', '--user', 'ci:${p[4]}', url]\n`, secrets: [p[4]!] },
        {
          text: `def c = new UsernamePasswordCredentialsImpl(CredentialsScope.GLOBAL, "deploy", "deploy", "deploy", "${p[5]}")\n`,
          secrets: [p[5]!],
        },
        { text: `Const DB_PASS As String = "${p[6]}"\nPrivate Const API_SECRET As String = "${p[7]}"\n`, secrets: [p[6]!, p[7]!] },
        { text: `  environment {\n    SONAR_LOGIN = '${son}'\n  }\n`, secrets: [son] },
        { text: `2024-11-20T10:00:01Z DEBUG botocore.auth: X-Amz-Security-Token: ${sts}\n`, secrets: [sts] },
      ],
      falsePositives: [
        "export const url = `postgres://ledger:${process.env.PW ?? ''}@db:5432/ledger`;\n",
        'const u = `amqp://app:${env.RABBIT_PASS || "changeme"}@mq/`;\n',
        'subprocess.run(["psql", "-p", "5432", "-h", "db"])\n',
        'subprocess.run(["curl", "-u", "admin:${JENKINS_TOKEN}", url])\n',
        'cmd = ["docker", "login", "-u", "AWS", "--password-stdin", registry]\n',
        'new UsernamePasswordCredentialsImpl(CredentialsScope.GLOBAL, "deploy", "deploy", "deploy", params.PASSWORD)\n',
        'Const DB_NAME As String = "ledger_reporting"\n',
        'Const PASSWORD_PROMPT As String = "Enter your password"\n',
        "SONAR_LOGIN = credentials('sonar-token')\n",
        'sonar_login: admin\n',
        'DEBUG botocore.auth: X-Amz-Security-Token: <redacted>\n',
        'log.debug("sending X-Api-Key: %s", masked)\n',
      ],
    };
  },
};
