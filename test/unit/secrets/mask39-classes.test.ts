// Classes a blind red team's files still leaked (session 39): passwords told in chat lines, command lines'
// short flags and positional secrets, a value after a continued `--password \`, opaque literals handed to a
// client, minisign/signify secret keys, WIF keys, sonar.login, a Hadoop property with a description between
// its name and value, head-first foreign password names. Each class with variants of our own and benign
// look-alikes that must stay byte-identical. Values are built here at run time.
import { ALNUM, B64, B64URL, HEX, PASSWORD_CHARS, j, rand } from '../../../src/core/secrets/samples';
import { base58checkEncode } from '../../../src/core/secrets/rules/shapes-more';
import { keeps, masks } from './helpers';

let seed = 0x39a000;
const pw = () => 'Q7' + rand(PASSWORD_CHARS.replace(/[#'"\\,;:|%()<>{}@/\s$?=.!-]/g, ''), 14, seed++ * 7919) + 'k';
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Each form masks its value in a small file between benign lines. */
function eachMasks(title: string, forms: ((v: string) => string)[], value: () => string = pw): void {
  for (const [i, form] of forms.entries())
    it(`${title} (form ${i}: ${JSON.stringify(form('V').slice(0, 48))})`, () => {
      const v = value();
      masks(`# notes\n${form(v)}\nend\n`, [v]);
    });
}
function eachKeeps(texts: string[]): void {
  for (const t of texts) it(`keeps ${JSON.stringify(t.slice(0, 60))}`, () => keeps(`# notes\n${t}\nend\n`));
}

describe('mask39: passwords told in chat lines and sentences', () => {
  eachMasks('masks', [
    (v) => `use ${v} as the password`,
    (v) => `<bob> use ${v} as the root password`,
    (v) => `[10:42] <alice> use "${v}" as the staging db pw`,
    (v) => `Try ${v} for the wifi password.`,
    (v) => `[10:42] <alice> pw is ${v}`,
    (v) => `hey, root pw is ${v} fyi`,
    (v) => `alice  10:44 AM  the root pw is: ${v} (rotate friday)`,
    (v) => `12:01 carol: pass for the vpn = ${v}`,
    (v) => `12:02 dave: the pass was ${v} until friday`,
    (v) => `**pwd** is ${v}`,
  ]);
  eachKeeps([
    'use the password from the vault',
    'Use this as the password for now',
    '[10:43] <bob> pw is required for the admin page',
    'the root pw is stored in 1Password',
    'pass is ok, moving on',
    'char[] pw = System.console().readPassword("Enter passphrase:");',
    'pw = os.environ["DB_PASSWORD"]',
    'use $DB_PASSWORD as the password',
    'password: see vault',
    'the db password is stored in vault',
    'use <password> as the password',
  ]);
});

describe('mask39: command-line short flags and positional secrets', () => {
  eachMasks('masks', [
    (v) => `oc login -u admin -p ${v} https://api.example.com:6443`,
    (v) => `oc login https://api.example.com:6443 -u kubeadmin -p '${v}' --insecure-skip-tls-verify`,
    (v) => `cf login -a https://api.cf.example.com -u ops -p ${v}`,
    (v) => `helm registry login registry.example.com -u ci -p=${v}`,
    (v) => `skopeo login quay.io -u bot -p ${v}`,
    (v) => `cf auth ops@example.com "${v}"`,
    (v) => `wpa_passphrase HomeWifi ${v}`,
    (v) => `sudo wpa_passphrase "Home Wifi 5G" '${v}' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf`,
    (v) => `vercel env add DATABASE_PASSWORD production <<< ${v}`,
    (v) => `vercel env add API_KEY <<< "${v}"`,
    (v) => `npx wrangler secret put API_KEY <<< '${v}'`,
    (v) => `echo ${v} | vercel env add DB_PASS production`,
    (v) => `printf '%s' "${v}" | wrangler secret put STRIPE_KEY`,
    (v) => `echo -n ${v} | docker secret create db_password -`,
    (v) => `echo ${v} | sudo -S apt-get update`,
    (v) => `sshpass -p ${v} ssh root@10.0.0.5`,
    (v) => `htpasswd -b /etc/nginx/.htpasswd admin ${v}`,
    (v) => `smbclient //fs/share -U admin%${v}`,
    (v) => `net use Z: \\\\fs\\share /user:corp\\admin ${v}`,
    (v) => `mysql -u root -p${v} shop`,
  ]);
  eachKeeps([
    'oc login -u admin https://api.example.com:6443',
    'oc login -u admin -p "$OC_PASSWORD" https://api.example.com:6443',
    'docker run -p 8080:80 nginx',
    'ssh -p 2222 deploy@host',
    'mysql -u root -p shop',
    'psql --port 5432 -h db',
    '# wpa_passphrase HomeWifi >> /etc/wpa_supplicant/wpa_supplicant.conf',
    'wpa_passphrase HomeWifi < /root/psk.txt',
    '# see wpa_supplicant.conf(5): network={ ssid="HomeWifi" psk=... }',
    'vercel env add DATABASE_PASSWORD production <<< "$DB_PASSWORD"',
    'vercel env add DATABASE_URL production',
    'cat <<< "hello world" | wc -c',
    'echo "$TOKEN" | npx wrangler secret put API_KEY',
    'echo building | tee build.log',
    'htpasswd -c .htpasswd admin',
    'sudo -S true',
  ]);
});

describe('mask39: the value on the line after a continued secret flag', () => {
  const cont: ((v: string) => string)[] = [
    (v) => `mytool deploy --password \\\n  ${v}`,
    (v) => `mytool deploy --user x --db-password \\\n  ${v} \\\n  --verbose`,
    (v) => `vault login --token \\\n    "${v}"`,
    (v) => `oc login -u admin -p \\\n    '${v}' https://api:6443`,
    (v) => `sshpass -p \\\n  ${v} ssh deploy@host`,
    (v) => `mysql -h db \\\n  -u root -p \\\n  ${v} shop`,
    (v) => `redis-cli -h cache -a \\\n  ${v} ping`,
  ];
  for (const [i, form] of cont.entries())
    it(`masks the next line's value (form ${i})`, () => {
      const v = pw();
      masks(`#!/bin/sh\n${form(v)}\necho done\n`, [v]);
    });
  it('masks it with Windows line ends', () => {
    const v = pw();
    masks(`mytool --api-key \\\r\n  ${v}\r\nrem done\r\n`, [v]);
  });
  eachKeeps([
    'docker run -p \\\n  8080:80 nginx',
    'ssh -p \\\n  2222 deploy@host',
    'mytool --password-file \\\n  /etc/secrets/db.txt',
    'psql --port \\\n  5432 -h db',
    'mytool --password \\\n  "$DB_PASSWORD"',
    'mytool --password \\\n  --verbose',
    'tar -c -p \\\n  build_output_directory',
  ]);
});

describe('mask39: an opaque random literal handed to a client', () => {
  let s = 0x39b000;
  const t = (a: string, n: number) => () => 'Qa7' + rand(a, n, s++ * 7919);
  eachMasks(
    'masks',
    [
      (v) => `const client = new Client("${v}");`,
      (v) => `const c = new ApiClient('${v}', { retries: 3 });`,
      (v) => `svc = Service.create("${v}")`,
      (v) => `await bot.login(\`${v}\`);`,
      (v) => `client = OpenWeatherClient("${v}")`,
      (v) => `const sdk = new acme.Sdk("${v}")`,
      (v) => `db = connect("${v}")`,
    ],
    t(ALNUM, 41),
  );
  eachMasks('masks a base64url literal', [(v) => `new GatewayClient("${v}")`], t(B64URL, 44));
  eachMasks('masks a hex token under a client name', [(v) => `scanner = SonarClient("${v}")`], () => 'a1' + rand(HEX, 38, s++ * 7919));
  eachKeeps([
    'const c = new Client("550e8400-e29b-41d4-a716-446655440000");',
    `repo.checkout("${rand(HEX, 40, 0x39b1)}")`,
    `const commit = new Commit("${rand(HEX, 40, 0x39b2)}");`,
    `const mint = new PublicKey("${rand(B58, 44, 0x39b3)}");`,
    `fetch("sha512-${rand(B64, 86, 0x39b4)}==")`,
    `const sri = new Integrity("sha512-${rand(ALNUM, 86, 0x39b5)}==");`,
    'const c = new Client("https://api.example.com/v1/resources/items");',
    'const log = new Logger("com.example.service.payments.internal.handler");',
    'const c = new Client(process.env.API_TOKEN);',
    'const c = new Client("short-key");',
  ]);
});

describe('mask39: key files and settings', () => {
  it('masks a minisign encrypted secret key, keeps the comment', () => {
    const k = j('RWRTY0Iy', rand(B64, 150, 0x39c1));
    masks(`untrusted comment: minisign encrypted secret key\n${k}\n`, [k]);
  });
  it('masks a signify secret key (CRLF)', () => {
    const k = j('RWRCSwAAAA', rand(B64, 130, 0x39c2), '==');
    const text = `untrusted comment: signify secret key\r\n${k}\r\n`;
    masks(text, [k]);
  });
  eachKeeps([
    `untrusted comment: minisign public key 5A3C1B2D\nRWQ${rand(B64, 53, 0x39c3)}`,
    `untrusted comment: verify with key.pub\nRWQ${rand(B64, 100, 0x39c4)}`,
  ]);
  const wif = (compressed: boolean) => () =>
    base58checkEncode(Uint8Array.from([0x80, ...(rand(HEX, 64, seed++ * 7919).match(/../g) ?? []).map((h) => parseInt(h, 16)), ...(compressed ? [1] : [])]));
  eachMasks(
    'masks a WIF private key',
    [(v) => `WIF: ${v}`, (v) => `bitcoin-cli importprivkey ${v} "cold" false`, (v) => `# paper wallet backup\n${v}`, (v) => `Private key: ${v}`],
    wif(false),
  );
  eachMasks('masks a compressed WIF key', [(v) => `wallet.import("${v}")`, (v) => `{"wif": "${v}"}`, (v) => `electrum restore ${v}`], wif(true));
  it('keeps a WIF-shaped run whose checksum fails', () => {
    const w = wif(true)();
    keeps(`bitcoin-cli importprivkey ${w.slice(0, -1)}${w.endsWith('a') ? 'b' : 'a'}\n`);
  });
  eachKeeps([
    `wallet address: 1${rand(B58, 33, 0x39c5)}`,
    `wallet ipfs: Qm${rand(B58, 44, 0x39c6)}`,
    'wallet: KeepThisLongReadableIdentifierNameForTheWalletConfigurationX',
  ]);
  eachMasks('masks sonar.login', [(v) => `sonar.login=${v}`, (v) => `mvn sonar:sonar -Dsonar.login=${v}`, (v) => `  sonar.login: "${v}"`], () =>
    rand(HEX, 40, seed++ * 7919),
  );
  eachKeeps(['sonar.login=admin', 'sonar.login=${SONAR_TOKEN}', 'sonar.host.url=https://sonar.example.com']);
});

describe('mask39: a Hadoop/Hive property with elements between its name and value', () => {
  it('masks the value after a description', () => {
    const v = pw();
    const text = `<?xml version="1.0"?>\n<configuration>\n  <property>\n    <name>hadoop.security.keystore.password</name>\n    <description>keystore</description>\n    <value>${v}</value>\n  </property>\n</configuration>\n`;
    masks(text, [v]);
  });
  it('masks the value after a final flag and a description', () => {
    const v = pw();
    const text = `<?xml version="1.0"?>\n<configuration>\n<property>\n<name>javax.jdo.option.ConnectionPassword</name>\n<final>true</final>\n<description>metastore db</description>\n<value>${v}</value>\n</property>\n</configuration>\n`;
    masks(text, [v]);
  });
  it('keeps a path under a password-file name and a plain property', () => {
    keeps(
      `<?xml version="1.0"?>\n<configuration>\n<property>\n<name>hive.metastore.uris</name>\n<description>uris</description>\n<value>thrift://meta:9083</value>\n</property>\n<property>\n<name>dfs.password.file</name>\n<value>/etc/hadoop/pw.txt</value>\n</property>\n</configuration>\n`,
    );
  });
});

describe('mask39: head-first password names in other languages', () => {
  for (const w of [
    'wachtwoord_db',
    'WACHTWOORD_PROD',
    'salasana_db',
    'heslo_admin',
    'haslo_db',
    'parola_db',
    'jelszo_root',
    'losenord_smtp',
    'passord_db',
    'hasło_bazy',
    'mot_de_passe_admin',
    'MOT_DE_PASSE_DU_SERVEUR',
    'parola_utente',
    'wachtwoord_gebruiker',
    'wachtwoord_van_de_database',
    'salasana_kanta',
    'heslo_k_databazi',
    'jelszo_szerver',
    'contraseña_de_la_api',
    'HASŁO_BAZY',
    'lösenord_db',
    'jelszó_admin',
    'şifre_db',
    'adgangskode_admin',
  ])
    eachMasks(`masks ${w}=V`, [(v) => `${w}=${v}`, (v) => `${w}: "${v}"`]);
  for (const w of ['wachtwoord', 'contraseña_api', 'mot_de_passe', 'senha', 'parola', 'hasło', 'lösenord', 'salasana', 'heslo', 'jelszó'])
    eachMasks(`masks ${w}=V`, [(v) => `${w}=${v}`]);
  eachKeeps([
    'parola_chiave=ricerca',
    'salasana_min_pituus=12',
    'senha_minima=8',
    'wachtwoord_db_host=db.internal',
    'mot_de_passe_longueur=12',
    'wachtwoord_gebruiker_naam=bob',
    'parola_utente_id=42',
    'hasło_bazy_host: db.internal',
  ]);
});
