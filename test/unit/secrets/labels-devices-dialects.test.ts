// The blind red team's masking holes (round mask34), by class, in variants of our own: labels with words between the
// word for password and the value, and head-first names (1); network devices' configurations (2); a vendor client's
// positional credentials (6); T-SQL logins, setx, one-dash and slash flags, Go typed declarations (7); Twitch and
// ClickUp token shapes (8); and their benign neighbours, kept byte for byte. Every value is built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, HEX, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seed = 0x34d100;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
/** A password: a word, digits, a punctuation mark and a random tail. */
const pw = () => 'Vq' + rs('0123456789', 2) + '#' + rs(ALNUM, 10);

function masks(text: string, secrets: string[]): void {
  const r = maskText(text + '\nnext line\n');
  for (const s of secrets) assert.ok(!leaks(r.text, s), `left visible: ${JSON.stringify(r.text.slice(0, 240))}`);
  assert.equal(r.text.split('\n').length, text.split('\n').length + 2);
  assert.ok(r.text.endsWith('\nnext line\n'));
}
function keeps(text: string): void {
  assert.equal(maskText(text).text, text);
}
function each(name: string, cases: ((p: string) => string)[], value: () => string = pw): void {
  cases.forEach((c, i) =>
    it(`${name} #${i + 1}`, () => {
      const p = value();
      masks(c(p), [p]);
    }),
  );
}

describe('a password under a label of words, and head-first names (1)', () => {
  each('label', [
    (p) => `contraseña de la base de datos: ${p}`,
    (p) => `Passwort für den Admin-Zugang: ${p}`,
    (p) => `mot de passe du serveur = ${p}`,
    (p) => `senha do banco: ${p}`,
    (p) => `пароль от базы: ${p}`,
    (p) => `clave del servidor de correo: ${p}`,
    (p) => `Password for the staging admin account: "${p}"`,
    (p) => `  - wachtwoord van de database: ${p}`,
  ]);
  each('head first', [
    (p) => `password_db = "${p}"`,
    (p) => `PASSWORD_ADMIN=${p}`,
    (p) => `chave_de_acesso: "${p}"`,
    (p) => `contrasena_bd = '${p}'`,
    (p) => `  senha_do_banco: ${p}`,
    (p) => `secret-github: ${p}`,
  ]);
  it('keeps labels of other values, pointers to a vault, and names of other things', () => {
    for (const t of [
      'contraseña de la base de datos: ver el gestor de secretos',
      'Passwort für den Admin-Zugang: siehe Vault',
      'mot de passe du serveur = voir le coffre',
      'senha do banco: definida no cofre',
      'Password policy for users: strict',
      'password hash for the admin user: $PASSWORD_HASH',
      'password reset link expiry: 3600s',
      'password_db_host = "db.internal"',
      'PASSWORD_MIN_LENGTH=12',
      'token_url: https://auth.example.com/oauth/token',
      'secret_name = "prod/db"',
      'token_type: Bearer',
      'PASSWORD_ADMIN=${ADMIN_PASSWORD}',
    ])
      keeps(t);
  });
});

describe('network device configurations (2)', () => {
  const dev = () => 'Rt' + rs('abcdefghjkmnpqrstuvwxyz23456789', 10) + '9';
  each(
    'cisco',
    [
      (p) => `username admin privilege 15 password 0 ${p}`,
      (p) => `username ops secret 9 ${p}`,
      (p) => `enable password ${p}`,
      (p) => `snmp-server community ${p} RO`,
      (p) => `snmp-server community ${p} RW 10`,
      (p) => `tacacs-server key ${p}`,
      (p) => `radius-server host 10.0.0.5 auth-port 1812 key ${p}`,
      (p) => ` ip ospf message-digest-key 1 md5 ${p}`,
      (p) => ` neighbor 192.0.2.1 password ${p}`,
      (p) => ` key-string ${p}`,
    ],
    dev,
  );
  each('type 7 and hashes', [(p) => ` password 7 ${p}`, (p) => ` key 7 ${p}`, (p) => ` enable secret 5 $1$${p}`], () => rs(HEX.toUpperCase(), 12));
  each(
    'juniper and IKE',
    [
      (p) => `    secret "$9$${p}"; ## SECRET-DATA`,
      (p) => `    encrypted-password "$6$${p}";`,
      (p) => ` pre-shared-key ${p}`,
      (p) => `crypto isakmp key ${p} address 203.0.113.5`,
      (p) => ` pre-shared-key address 198.51.100.7 key ${p}`,
      (p) => `    set psksecret ${p}`,
    ],
    dev,
  );
  it('keeps the lines around them', () => {
    for (const t of [
      'username admin privilege 15',
      ' enable secret',
      'snmp-server community public RO',
      'snmp-server location DC1',
      ' key chain OSPF',
      'service password-encryption',
      ' password required',
      'no enable password',
      ' authentication-key-chain OSPF-KEYS',
    ])
      keeps(t);
  });
});

describe("a vendor client's positional credentials (6)", () => {
  each(
    'client',
    [
      (k) => `const client = algoliasearch('ABCD1234EF', '${k}');`,
      (k) => `const pusher = new Pusher('1234567', '${rs(HEX, 20)}', '${k}');`,
      (k) => `const client = twilio('AC${rs(HEX, 32)}', '${k}');`,
    ],
    () => rs(HEX, 32),
  );
  it('keeps clients built from the environment', () => {
    keeps('const client = algoliasearch(process.env.ALGOLIA_APP_ID, process.env.ALGOLIA_KEY);');
    keeps("const client = algoliasearch('ABCD1234EF', 'search-only-key');");
  });
});

describe('T-SQL logins, setx, one-dash and slash flags, Go typed declarations (7)', () => {
  each('statement', [
    (p) => `CREATE LOGIN app_user WITH PASSWORD = N'${p}', CHECK_POLICY = OFF;`,
    (p) => `ALTER LOGIN sa WITH PASSWORD=N'${p}'`,
    (p) => `CREATE CREDENTIAL AzureCred WITH IDENTITY = 'SHARED ACCESS SIGNATURE', SECRET = N'${p}';`,
    (p) => `setx /M DB_PASSWORD ${p}`,
    (p) => `SETX API_TOKEN "${p}"`,
    (p) => `Connect-Thing -Token ${p}`,
    (p) => `tool.exe /password ${p} /user admin`,
    (p) => `Invoke-Deploy -ApiKey:${p} -Verbose`,
    (p) => `var apiKey string = "${p}"`,
    (p) => `const dbPassword string = \`${p}\``,
    (p) => `\tsigningSecret []byte = []byte("${p}")`,
  ]);
  it('keeps the benign neighbours', () => {
    for (const t of [
      'setx /M PATH "%PATH%;C:\\tools"',
      'var apiURL string = "https://api.example.com"',
      "ALTER LOGIN sa WITH PASSWORD = N'$(SA_PASSWORD)'",
      'Get-Token -Scope user.read',
      'tool.exe /password-file C:\\secrets\\pw.txt',
      'var tokenHeader string = "Authorization"',
    ])
      keeps(t);
  });
});

describe('Twitch and ClickUp token shapes (8)', () => {
  each(
    'twitch',
    [(t) => `TWITCH_OAUTH=oauth:${t}`, (t) => `irc.send("PASS oauth:${t}")`, (t) => `  chat: "oauth:${t}"`],
    () => rs('abcdefghijklmnopqrstuvwxyz', 20) + rs('0123456789', 10),
  );
  each(
    'clickup',
    [(t) => `clickup: pk_12345678_${t}`, (t) => `headers: { Authorization: "pk_987654_${t}" }`],
    () => rs('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 16) + rs('0123456789', 16),
  );
  it('keeps words after oauth: and pk_ names', () => {
    keeps('scope = "oauth:read"');
    keeps('const pk_user_id = row.pk_12345;');
  });
});

describe("a private key's DER body without markers (5)", () => {
  /** A DER private key in base64 lines: `30 82 LL LL 02 01 00` and random bytes. */
  const der = (head: number[], n: number): string[] => {
    const b = Buffer.from(rs(ALNUM, n));
    head.forEach((x, i) => (b[i] = x));
    return b.toString('base64').match(/.{1,64}/g)!;
  };
  const pkcs8 = () => der([0x30, 0x82, 0x04, 0xbe, 0x02, 0x01, 0x00, 0x30, 0x0d], 1218);
  const pkcs1 = () => der([0x30, 0x82, 0x04, 0xa4, 0x02, 0x01, 0x00, 0x02, 0x82], 1192);
  const sec1 = () => der([0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20], 121);
  const cases: [string, () => string[], (body: string[]) => string][] = [
    ['YAML block scalar', pkcs8, (b) => `service:\n  private_key_pkcs8_base64: |\n${b.map((l) => '    ' + l).join('\n')}\n  region: eu-west-1`],
    ['YAML folded, PKCS#1', pkcs1, (b) => `rsa_key: >-\n${b.map((l) => '  ' + l).join('\n')}`],
    ['env value on one line', pkcs8, (b) => `SIGNING_KEY="${b.join('')}"`],
    ['EC key in a JSON string', sec1, (b) => `  "ec_key": "${b.join('')}",`],
    [
      'a list item',
      pkcs8,
      (b) =>
        `keys:\n  - ${b[0]}\n${b
          .slice(1)
          .map((l) => '    ' + l)
          .join('\n')}`,
    ],
  ];
  for (const [name, body, wrap] of cases)
    it(name, () => {
      const b = body();
      masks(
        wrap(b),
        b.filter((l) => l.length >= 16),
      );
    });
  it('keeps certificates and public keys', () => {
    const cert = der([0x30, 0x82, 0x03, 0x5a, 0x30, 0x82, 0x02, 0x42, 0xa0], 862);
    const spki = der([0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a], 294);
    keeps(`tls_crt: |\n${cert.map((l) => '  ' + l).join('\n')}\n`);
    keeps(`public_key: ${spki.join('')}\n`);
  });
});

describe("a SealedSecret's ciphertext is public (over-mask)", () => {
  /** Sealed data: a 2-byte length (0x0200: a 4096-bit key wraps 512 bytes), the wrapped key, the AES-GCM data. */
  const sealed = (n: number) => {
    const b = Buffer.from(rs(ALNUM, n));
    b[0] = 2;
    b[1] = 0;
    return b.toString('base64');
  };
  it('keeps encryptedData values', () => {
    keeps(
      `apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: db\nspec:\n  encryptedData:\n    password: ${sealed(560)}\n    api_key: ${sealed(600)}\n    token: ${sealed(545)}\n`,
    );
  });
  it('still masks the same value in a Secret and a short or hex one under encryptedData', () => {
    const v = sealed(560);
    masks(`apiVersion: v1\nkind: Secret\ndata:\n  password: ${v}`, [v]);
    const h = rs(HEX, 64);
    masks(`kind: SealedSecret\nspec:\n  encryptedData:\n    password: ${h}`, [h]);
  });
});

describe('a token as character codes, base32 or Ascii85 in a decode call (4)', () => {
  const gh = () => 'gh' + 'p_' + rs(ALNUM, 36);
  const sl = () => 'xo' + 'xb-' + rs('0123456789', 10) + '-' + rs('0123456789', 13) + '-' + rs(ALNUM, 24);
  const dec = (t: string) => [...t].map((c) => `&#${c.charCodeAt(0)};`).join('');
  const hex = (t: string) => [...t].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');
  const codes = (t: string) => [...t].map((c) => c.charCodeAt(0));
  const b32 = (t: string) => {
    const al = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    let bits = '';
    for (const b of Buffer.from(t)) bits += b.toString(2).padStart(8, '0');
    let o = '';
    for (let i = 0; i < bits.length; i += 5) o += al[parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)];
    return o + '='.repeat((8 - (o.length % 8)) % 8);
  };
  const a85 = (t: string) => {
    const b = Buffer.from(t);
    let o = '';
    for (let i = 0; i < b.length; i += 4) {
      const n = Math.min(4, b.length - i);
      let v = 0;
      for (let k = 0; k < 4; k++) v = v * 256 + (k < n ? b[i + k]! : 0);
      const d: string[] = [];
      for (let k = 0; k < 5; k++) (d.unshift(String.fromCharCode(33 + (v % 85))), (v = Math.floor(v / 85)));
      o += d.slice(0, n + 1).join('');
    }
    return o;
  };
  const cases: [string, () => string, (t: string) => string][] = [
    ['decimal entities', gh, (t) => `<span data-t="${dec(t)}"></span>`],
    ['hex entities', sl, (t) => `<p>${hex(t)}</p>`],
    ['SQL CHAR list', gh, (t) => `SELECT CHAR(${codes(t).join(',')});`],
    [
      'Oracle CHR chain',
      sl,
      (t) =>
        `SELECT ${codes(t)
          .map((c) => `CHR(${c})`)
          .join('||')} FROM dual;`,
    ],
    [
      'T-SQL CHAR sum',
      gh,
      (t) =>
        `SET @k = ${codes(t)
          .map((c) => `CHAR(${c})`)
          .join(' + ')};`,
    ],
    ['b32decode', gh, (t) => `tok = base64.b32decode("${b32(t)}")`],
    ['a85decode', sl, (t) => `tok = base64.a85decode(b'${a85(t).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}')`],
  ];
  for (const [name, tok, wrap] of cases)
    it(name, () => {
      const t = tok();
      const line = wrap(t);
      const r = maskText(line + '\n').text;
      assert.notEqual(r, line + '\n');
      // No 12-character window of the encoded run is left.
      const run = line.slice(line.indexOf(name.includes('decode') ? '(' : name.includes('entities') ? '&#' : 'CH'));
      for (let i = 0; i + 12 <= Math.min(run.length, 80); i += 6) assert.ok(!r.includes(run.slice(i, i + 12)), `left: ${r}`);
    });
  it('keeps entities, codes and base32 that decode to no token', () => {
    keeps('<p>&#169; 2024 &#8212; All rights reserved &#x2014; caf&#233; &#8230; &#8212; &#169; &#174; &#8482;</p>');
    keeps(`<a href="mailto:${dec('someone@example.com')}">mail</a>`);
    keeps('SELECT CHAR(72,101,108,108,111,32,119,111,114,108,100);');
    keeps(`data = base64.b32decode("${b32('hello world, how are you')}")`);
  });
});

describe('a token built from pieces after its head (3)', () => {
  const ant = () => 'sk-' + 'ant-api03-' + rs(ALNUM, 93) + 'AA';
  const gh = () => 'gh' + 'p_' + rs(ALNUM, 36);
  const sl = () => 'xo' + 'xb-' + rs('0123456789', 10) + '-' + rs('0123456789', 13) + '-' + rs(ALNUM, 24);
  const cut = (t: string, n: number) => t.match(new RegExp(`.{1,${n}}`, 'g'))!;
  const cases: [string, () => string, (p: string[]) => string][] = [
    ['Java StringBuilder', ant, (p) => p.map((x) => `    sb.append("${x}");`).join('\n')],
    ['C# StringBuilder', gh, (p) => p.map((x) => `    sb.Append("${x}");`).join('\n')],
    ['JS +=', gh, (p) => [`let T = "${p[0]}";`, ...p.slice(1).map((x) => `T += "${x}";`)].join('\n')],
    ['array of pieces', sl, (p) => `const parts = [\n${p.map((x) => `  "${x}",`).join('\n')}\n];`],
    [
      'one-line list, then pieces',
      sl,
      (p) =>
        `parts = ["${p.slice(0, 3).join('", "')}",\n${p
          .slice(3)
          .map((x) => `  "${x}",`)
          .join('\n')}]`,
    ],
    [
      'Python concatenation',
      ant,
      (p) =>
        `key = ("${p[0]}"\n${p
          .slice(1)
          .map((x) => `       + "${x}"`)
          .join('\n')})`,
    ],
  ];
  for (const [name, tok, wrap] of cases)
    it(name, () => {
      const t = tok();
      const p = cut(t, name.includes('array') || name.includes('list') ? 6 : 12);
      const text = wrap(p) + '\nString s = sb.toString();';
      const r = maskText(text).text;
      const kept = p.filter((x) => x.length >= 6 && r.includes(`"${x}"`));
      assert.equal(kept.length, 0, `pieces left: ${kept.join(' ')}\n${r}`);
      assert.ok(r.endsWith('\nString s = sb.toString();'));
    });
  it('keeps pieces of prose and a lone head', () => {
    keeps('sb.append("hello ");\nsb.append("world");\nsb.append("again");');
    keeps('const prefix = "ghp_";\nconst label = "GitHub token";');
    keeps('if (t.startsWith("ghp_") || t.startsWith("gho_")) return "github";\nreturn "unknown";');
    keeps('const HEADS = ["xoxb-", "xoxp-",\n  "xapp-", "ghp_"];');
  });
});

describe('an xxd -i dump of a secret with no offsets around it (7)', () => {
  const dump = (name: string, s: string) => {
    const b = [...Buffer.from(s)].map((x) => '0x' + x.toString(16).padStart(2, '0'));
    const rows: string[] = [];
    for (let i = 0; i < b.length; i += 12) rows.push('  ' + b.slice(i, i + 12).join(', ') + (i + 12 < b.length ? ',' : ''));
    return `unsigned char ${name}[] = {\n${rows.join('\n')}\n};\nunsigned int ${name}_len = ${b.length};`;
  };
  const rowsOf = (d: string) => d.split('\n').filter((l) => l.startsWith('  0x'));
  const cases: [string, () => string][] = [
    ['a bare GitHub token', () => 'gh' + 'p_' + rs(ALNUM, 36)],
    ['an .env line', () => `DB_PASSWORD=${pw()}\n`],
    ['a Slack token', () => 'xo' + 'xb-' + rs('0123456789', 10) + '-' + rs('0123456789', 13) + '-' + rs(ALNUM, 24)],
  ];
  for (const [name, value] of cases)
    it(name, () => {
      const d = dump('secret_txt', value());
      const r = maskText(d).text;
      for (const row of rowsOf(d)) assert.ok(!r.includes(row.trim()), `row left: ${row}`);
      assert.ok(r.startsWith('unsigned char secret_txt[] = {\n'));
    });
  it('keeps an image and an array of ordinary text', () => {
    keeps('static const unsigned char icon[] = {\n  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,\n};\n');
    keeps(dump('greeting_txt', 'Hello, world! This is a plain greeting.\n'));
  });
});
