// Blind red team rt21mask (session 40): the classes of secrets that survived, each as whole files the way the kit wrote
// them, with variants and benign look-alikes that must stay byte-identical. Every secret value is built at run time.
import { ALNUM, B64, PASSWORD_CHARS, rand } from '../../../src/core/secrets/samples';
import { checkKeptAndHidden } from './helpers';

let seed = 0x42f00;
const rs = (a: string, n: number) => rand(a, n, seed++ * 7919);
const SAFE = PASSWORD_CHARS.replace(/[#'"\\,;:|()<>{}@/\s$?=.!-]/g, '');
const pw = () => 'Qx' + rs(SAFE, 10) + '7k';
/** A weak password as people pick them: a word, a year, a sign. */
const weak = () => ['Sunshine', 'Bailey', 'Princess', 'Charlie', 'Schatzi', 'Dragon'][seed % 6]! + (1960 + (seed++ % 60)) + '!&$*?%'[seed % 6]!;
const word = () => ['harbor', 'walnut', 'quarry', 'mosaic', 'orbit', 'saddle', 'lantern', 'meadow'][seed++ % 8]!;
const chunk = () => rs('bcdfghjklmnpqrstvwxz', 6);
const check = checkKeptAndHidden;

describe('rt21mask: a passphrase of words under a password key (any words)', () => {
  it('a repeated word and a random chunk, quoted, bare, YAML, INI, 5 to 7 words', () => {
    const w = word();
    const [a, b, c, d, e] = [
      [w, word(), w, word(), word(), chunk()].join(' '),
      [word(), word(), word(), word(), chunk()].join(' '),
      [word(), word(), word(), word(), word(), chunk()].join(' '),
      ['correct', 'horse', 'battery', 'staple', 'x'].join(' '),
      [word(), chunk(), word(), word(), word(), word(), word()].join(' '),
    ];
    check(
      `BACKUP_ENCRYPTION_PASSWORD='${a}'\nDB_PASSWORD="${b}"\ndb:\n  password: ${c}\n[vault]\npassphrase = ${d}\nexport GPG_PASSPHRASE=${e}  # yearly\n`,
      [3, 5],
      [a, b, c, d, e],
    );
  });
  it('prose under the same keys stays: a rule, a label, an aside, a prompt, another language', () =>
    check(
      'password: Contraseña\npassword_hint: Your favourite colour?\npassword: Enter your password\npassword: Mot de passe actuel\n' +
        'passphrase = ${BACKUP_PASSPHRASE}\n# DB_PASSWORD is read from the vault at start\npassword: Ask the ops team on call.\n',
      [1, 2, 3, 4, 5, 6, 7],
    ));
});

describe('rt21mask: the password named by a neighbouring field', () => {
  it("Keycloak's credentials array, type/value, key/val, k/v, id/data", () => {
    const [a, b, c, d] = [weak(), rs(ALNUM, 32), pw(), pw()];
    check(
      `{\n  "users": [{\n    "username": "admin",\n    "credentials": [{ "type": "password", "value": "${a}", "temporary": false }]\n  }],\n` +
        `  "secrets": [\n    { "key": "STRIPE_SECRET", "val": "${b}" },\n    {"k": "api_token", "v": "${c}"},\n    {"id": "db_password", "data": "${d}"}\n  ]\n}\n`,
      [1, 2, 3, 5, 6, 11, 12],
      [a, b, c, d],
    );
  });
  it('benign neighbours stay', () =>
    check(
      '{ "type": "text", "value": "Sunshine1982#" }\n{ "key": "theme", "val": "dark-mode-v2" }\n{ "type": "password", "value": "" }\n{ "id": "password", "value": "{{ vault_password }}" }\n',
      [1, 2, 3, 4],
    ));
  it("pgbouncer's userlist: a password and a SCRAM verifier; a file of other quoted pairs stays", () => {
    const [a, b] = [pw(), 'SCRAM-SHA-256$4096:' + rs(B64, 24) + '$' + rs(B64, 44) + ':' + rs(B64, 44)];
    check(`"ledger" "${a}"\n"reporting" "${b}"\n`, [], [a, b]);
    check('"name" "value"\nplain text line\n"en" "English"\n', [1, 2, 3]);
  });
});

describe('rt21mask: credentials in code and command shapes', () => {
  it("a URL's password default, an argv list's user:pw, Jenkins' credentials, VB's Const, SONAR_LOGIN", () => {
    const p = [pw(), pw(), weak(), pw(), pw(), rs(ALNUM, 24), rs(ALNUM, 24)];
    check(
      `export const url = \`postgres://ledger:\${process.env.PW ?? '${p[0]}'}@db:5432/ledger\`;\n` +
        `const u = \`amqp://app:\${env.RABBIT_PASS || "${p[1]}"}@mq/\`;\n` +
        `subprocess.check_call(["curl", "-u", "admin:${p[2]}", "https://jenkins/api/json"])\n` +
        `def c = new UsernamePasswordCredentialsImpl(CredentialsScope.GLOBAL, "deploy", "deploy", "deploy", "${p[3]}")\n` +
        `Const DB_PASS As String = "${p[4]}"\n` +
        `    SONAR_LOGIN = '${p[5]}'\nSONAR_LOGIN=${p[6]}\n`,
      [],
      p,
    );
  });
  it('the same shapes without a literal secret stay', () =>
    check(
      "export const url = `postgres://ledger:${process.env.PW ?? ''}@db:5432/ledger`;\n" +
        'const u = `amqp://app:${env.RABBIT_PASS || "changeme"}@mq/`;\n' +
        'subprocess.run(["psql", "-p", "5432", "-h", "db"])\nsubprocess.run(["curl", "-u", "admin:${JENKINS_TOKEN}", url])\n' +
        'cmd = ["docker", "login", "-u", "AWS", "--password-stdin", registry]\n' +
        'new UsernamePasswordCredentialsImpl(CredentialsScope.GLOBAL, "deploy", "deploy", "deploy", params.PASSWORD)\n' +
        'Const DB_NAME As String = "ledger_reporting"\nConst PASSWORD_PROMPT As String = "Enter your password"\n' +
        "SONAR_LOGIN = credentials('sonar-token')\nsonar_login: admin\n",
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    ));
});

describe('rt21mask: a secret header mid-line', () => {
  it('after a logger whose name is a secret word; at the line start; other headers', () => {
    const [a, b, c] = ['FwoGZXIvYXdzE' + rs(B64, 200), 'FwoGZXIvYXdzE' + rs(B64, 120), rs(ALNUM, 32)];
    check(
      `2024-11-20T10:00:01Z DEBUG botocore.auth: X-Amz-Security-Token: ${a}\nX-Amz-Security-Token: ${b}\nDEBUG auth: x-api-key: ${c}\n2024-11-20T10:00:06Z INFO  done\n`,
      [4],
      [a, b, c],
    );
  });
  it('a header named without its value stays', () =>
    check('DEBUG botocore.auth: X-Amz-Security-Token: <redacted>\nlog.debug("sending X-Api-Key: %s", masked)\n', [1, 2]));
});

describe('rt21mask: a password told in a sentence, in several languages, and in chat shorthand', () => {
  it('words between noun and value; German, Portuguese, Dutch, Italian, Polish, Turkish, Japanese, Czech, Danish', () => {
    const p = Array.from({ length: 14 }, weak);
    const lines = [
      `- fyi the root password on the old NAS box is still ${p[0]}`,
      `- API key for the reporting service (prod): ${p[1]}`,
      `- Das Passwort für den Server lautet ${p[2]}`,
      `- A senha do painel é ${p[3]}`,
      `- Het wachtwoord is ${p[4]}`,
      `- la password del server è ${p[5]}`,
      `- hasło do bazy to ${p[6]}`,
      `- sunucu şifresi: ${p[7]}`,
      `- パスワードは ${p[8]} です`,
      `- heslo je ${p[9]}`,
      `- adgangskoden er ${p[10]}`,
      `- Das Passwort für die Datenbank ist ${p[11]}`,
      `- fyi the wifi password changed to ${p[12]}`,
    ];
    check(lines.join('\n') + '\n', [], p.slice(0, 13));
  });
  it('chat shorthand: admin / X, pw X, login is user:X', () => {
    const p = [weak(), pw(), weak(), weak()];
    check(
      `creds for the grafana box: admin / ${p[0]}\nssh: deploy@10.0.4.2 pw ${p[1]}\njenkins login is ops:${p[2]}\n[10:02] erin: root / ${p[3]}\n[10:03] dave: and the vpn?\n`,
      [5],
      p,
    );
  });
  it('prose about a password stays', () =>
    check(
      [
        'The password for the admin account is stored in Vault.',
        'the password is at least 8 characters long',
        'The API key is 256-bit and base64-encoded.',
        'if password is None:',
        'Das Passwort ist erforderlich.',
        'la password del server è scaduta',
        'Het wachtwoord is verlopen.',
        'the token is ${GITHUB_TOKEN}',
        'read / write access for admin / viewers',
        'login is localhost:8080',
        'the password reset link expires in 24h',
        'API key for the service: see docs/keys.md',
        'password hashing uses bcrypt_v2 by default',
        'Das Passwort lautet wie folgt: siehe Vault.',
        'admin / (see 1Password)',
      ].join('\n') + '\n',
      Array.from({ length: 15 }, (_, k) => k + 1),
    ));
});

describe('rt21mask: the name on a line before the value', () => {
  it('a Markdown label then a fence; a label then an indented line; RST credentials::; recovery codes; a YAML list', () => {
    const [a, b, c, d] = [rs(ALNUM, 32), rs(ALNUM, 20), pw(), weak()];
    const codes = [
      rs('abcdefghijklmnopqrstuvwxyz', 5) + '-' + rs('abcdefghijklmnopqrstuvwxyz', 2) + rs('0123456789', 3),
      rs('abcdefghijklmnopqrstuvwxyz', 4) + rs('0123456789', 4),
    ];
    check(
      `# Onboarding\n\nThe staging API key is below (do not share):\n\n\`\`\`\n${a}\n\`\`\`\n\nRoot password for the lab box:\n\n    ${b}\n`,
      [1, 2, 3, 4, 5, 7, 8, 9, 10],
      [a, b],
    );
    check(`If login fails, the fallback admin credentials are::\n\n    svc-backup / ${c}\n\nOtherwise open a ticket.\n`, [1, 2, 4, 5], [c]);
    check(`MFA:\nRecovery codes:\n${codes[0]}\n${codes[1]}\n\nnext\n`, [1, 2, 5, 6], codes);
    check(`admin_passwords:\n  - ${d}\nallowed_hosts:\n  - ledger.example\n`, [1, 3, 4], [d]);
  });
  it('the same labels over text that is no value stay', () =>
    check(
      'The API key is read from the environment:\n\n```\nexport API_KEY=$(vault read -field=key secret/app)\n```\n' +
        'Password requirements:\n\n    - at least 12 characters\nRoot password for the lab box:\n\n    see the vault\n' +
        'Example token:\n\n    <your-token>\nThe key file path:\n\n    /etc/ssl/private/key.pem\n' +
        'def check_password(pw):\n    return verify_hash(pw)\nif token:\n    continue\nRecovery codes:\nsee the printout in the safe\n' +
        'allowed_hosts:\n  - ledger.example\n  - api.ledger.example\n',
      Array.from({ length: 28 }, (_, k) => k + 1),
    ));
});
