// The blind fresh9 red team's masking holes (issue 16), by class: vendor formats recognised nowhere (A), secrets in
// webhook URL paths and Telegram's `bot<token>` (B), secrets handed to CLIs by flag (G), key names with a suffix or
// a scheme's name (F); and the over-masks of keys public by design. Each in the contexts the red team used: bare,
// `value = "…"`, prose, a URL path segment, `Map.of(…)`, `mapOf(… to …)`, an object, an array. Every token is
// built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, B64, B64URL, HEX, j, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seed = 0x9f9100;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
const uuid = () => [rs(HEX, 8), rs(HEX, 4), '4' + rs(HEX, 3), '9' + rs(HEX, 3), rs(HEX, 12)].join('-');

/** Vendor, the token's literal head (spelt in pieces), its random body. */
const TOKENS: [string, string, string][] = [
  ['Astra', j('Astra', 'CS:'), rs(ALNUM, 24) + ':' + rs(HEX, 64)],
  ['Bitbucket DC', j('BB', 'DC-'), rs(B64, 44)],
  ['Brevo', j('xkey', 'sib-'), rs(HEX, 64) + '-' + rs(ALNUM, 16)],
  ['Cloudflare Origin CA', j('v1', '.0-'), rs(HEX, 24) + '-' + rs(HEX, 146)],
  ['DeepSeek', j('s', 'k-'), rs(HEX, 32)],
  ['Dropbox', j('s', 'l.'), rs(B64URL, 138)],
  ['ElevenLabs', j('s', 'k_'), rs(HEX, 48)],
  ['RevenueCat', j('s', 'k_'), rs(ALNUM, 31) + '7'],
  ['Facebook', j('EA', 'AG'), rs(ALNUM, 150)],
  ['Firecrawl', j('f', 'c-'), rs(HEX, 32)],
  ['Jina', j('ji', 'na_'), rs(HEX, 32) + rs(ALNUM, 28)],
  ['NVIDIA', j('nv', 'api-'), rs(B64URL, 64)],
  ['Plaid', j('access-', 'production-'), uuid()],
  ['Plaid sandbox', j('access-', 'sandbox-'), uuid()],
  ['PostHog personal', j('ph', 'x_'), rs(ALNUM, 43)],
  ['Tavily', j('tv', 'ly-'), rs(ALNUM, 32)],
  ['Vercel', j('vc', 'p_'), rs(ALNUM, 56)],
  ['Slack rotating', j('xo', 'xe.xoxp-1-'), rs(B64URL, 140)],
  ['Slack refresh', j('xo', 'xe-1-'), rs(B64URL, 140)],
  ['Grafana Cloud', j('gl', 'c_eyJ'), rs(B64URL, 120)],
];

const CONTEXTS: ((t: string, name: string) => string)[] = [
  (t) => t,
  (t) => `value = "${t}"`,
  (t) => `Our shared key is ${t} for now.`,
  (t) => `https://api.example.com/v1/${t}/status`,
  (t, n) => `static final Map<String, String> KEYS = Map.of("${n}", "${t}", "region", "us");`,
  (t) => `val headers = mapOf("X-Api-Key" to "${t}")`,
  (t, n) => `  { name: '${n}', key: '${t}' },`,
  (t) => `const pieces = ['${t}', 'x'];`,
];

function masks(text: string, secrets: string[]): void {
  const r = maskText(text + '\nnext line\n');
  for (const s of secrets) assert.ok(!leaks(r.text, s), `left visible: ${r.text.slice(0, 160)}`);
  assert.ok(r.text.endsWith('\nnext line\n'));
  assert.equal(r.text.split('\n').length, 3);
}
function keeps(text: string): void {
  assert.equal(maskText(text).text, text);
}

describe('vendor formats recognised nowhere (A)', () => {
  for (const [name, head, body] of TOKENS) {
    CONTEXTS.forEach((c, k) => {
      it(`masks ${name} (context ${k})`, () => masks(c(head + body, name.toLowerCase()), [body]));
    });
  }
  const key = rs(HEX, 64);
  for (const text of [`    mainnet: { url: "https://x.example", accounts: ["0x${key}"] },`, `  accounts: ['0x${key}'],`, `PRIVATE_KEY=0x${key}`])
    it(`masks a wallet key in ${JSON.stringify(text.replace(key, '…'))}`, () => masks(text, [key]));

  for (const text of [
    `const txHash = "0x${rs(HEX, 64)}";`,
    `Transaction 0x${rs(HEX, 64)} confirmed.`,
    `{"storageKeys": ["0x${rs(HEX, 64)}"]}`,
    `blockHash: 0x${rs(HEX, 64)}`,
    'release v1.0-rc1 done',
    'see rfc-7231 section 6',
    'const disk_usage_percentage_threshold = 90;',
    'task sk-1234 locale sk-SK',
    'access-control-allow-origin: *',
    'deploy to production-cluster-eu-west-1 now',
    'const sk_placeholder_value_for_tests = 1;',
    `const ${j('s', 'k_')}DefaultSessionKeyForTheTestSuite = 1;`,
    'import { jina_embeddings_helper_module } from "x";',
    'let vcp_count_of_all_the_items = 0;',
    'the fsl.config is read first',
    'CREATE TABLE EAA_STUFF (id int);',
  ])
    it(`keeps ${JSON.stringify(text)}`, () => keeps(text));
});

describe('over-masks: keys public by design stay, under any name', () => {
  for (const text of [
    `STRIPE_KEY=${j('pk', '_live_')}${rs(ALNUM, 99)}`,
    `NEXT_PUBLIC_STRIPE_KEY=${j('pk', '_test_')}${rs(ALNUM, 99)}`,
    `      publishable-key: ${j('pk', '_live_')}${rs(ALNUM, 99)}`,
    `  { name: 'mapbox', key: '${j('pk', '.eyJ1Ijoi')}${rs(B64URL, 40)}.${rs(B64URL, 22)}' },`,
    `MAPBOX_TOKEN=${j('pk', '.eyJ1Ijoi')}${rs(B64URL, 40)}.${rs(B64URL, 22)}`,
    `POSTHOG_KEY=${j('ph', 'c_')}${rs(ALNUM, 43)}`,
  ])
    it(`keeps ${JSON.stringify(text.slice(0, 40))}…`, () => keeps(text));
  it('still masks the secret halves under the same names', () => {
    const sk = rs(ALNUM, 99);
    masks(`STRIPE_KEY=${j('sk', '_live_')}${sk}`, [sk]);
  });
});

describe('secrets in URL paths (B)', () => {
  const bot = rs('0123456789', 10);
  const tg = rs(B64URL, 33);
  for (const text of [
    `https://api.telegram.org/bot${bot}:${j('A', 'A')}${tg}/sendMessage`,
    `TELEGRAM_URL=https://api.telegram.org/bot${bot}:${j('A', 'A')}${tg}/getMe`,
    `bot${bot}:${j('A', 'A')}${tg}`,
  ])
    it(`masks a Telegram bot token glued to "bot" (${text.slice(0, 20)}…)`, () => masks(text, [bot + ':', tg]));
  const zap = rs('abcdefghijklmnopqrstuvwxyz', 4) + '7' + rs('abcdefghijklmnopqrstuvwxyz0123456789', 1);
  const office = rs(HEX, 32);
  const ifttt = rs(B64URL, 22);
  for (const [text, secret] of [
    [`https://hooks.zapier${'.com'}/hooks/catch/${rs('0123456789', 8)}/${zap}/`, zap],
    [`https://acme.webhook.office${'.com'}/webhookb2/${uuid()}@${uuid()}/IncomingWebhook/${office}/${uuid()}`, office],
    [`https://outlook.office${'.com'}/webhook/${uuid()}@${uuid()}/IncomingWebhook/${office}/${uuid()}`, office],
    [`https://maker.ifttt${'.com'}/trigger/deploy/with/key/${ifttt}`, ifttt],
  ])
    it(`masks the secret of ${text.slice(8, 30)}…`, () => masks(text, [secret]));
  for (const text of [
    'https://hooks.zapier.com/hooks/catch/<account-id>/<hook-id>/',
    'https://maker.ifttt.com/trigger/{event}/with/key/{your_key}',
    'https://api.telegram.org/bot<token>/getMe',
    'the robot12345678 replied',
  ])
    it(`keeps ${JSON.stringify(text)}`, () => keeps(text));
});

describe('secrets handed to CLIs by flag (G)', () => {
  const p = () => 'q7' + rs(ALNUM, 14) + '!';
  const cases: [string, string][] = [];
  const add = (f: (v: string) => string) => {
    const v = p();
    cases.push([f(v), v]);
  };
  add((v) => `ssh-keygen -p -P '${v}' -N '' -f ~/.ssh/id_rsa`);
  add((v) => `openssl enc -aes-256-cbc -k '${v}' -in backup.tar -out backup.tar.enc`);
  add((v) => `openssl enc -d -aes-256-cbc -pass pass:${v} -in a.enc`);
  add((v) => `7z a -p${v} backup.7z data/`);
  add((v) => `gpg --batch --passphrase '${v}' -d f.gpg`);
  add((v) => `influx setup -u admin -p '${v}' -o acme`);
  add((v) => `node server.js --admin-token ${v}`);
  add((v) => `    command: ["node", "server.js", "--admin-token", "${v}"]`);
  add((v) => `az storage blob upload --account-key ${v}== -f a`);
  for (const [text, v] of cases) it(`masks ${JSON.stringify(text.replace(v, '<pw>'))}`, () => masks(text, [v]));
  // Commands with no flag, on a script's lines.
  const a = p();
  const b = p();
  const c = p();
  it('masks net use /user:, rabbitmqctl add_user and mc alias set in a script', () => {
    const text = [
      `net use Z: \\\\files\\share /user:CORP\\svc ${a}`,
      `rabbitmqctl add_user svc ${b}`,
      `mc alias set prod https://s3.example.com admin ${c}`,
    ].join('\n');
    const r = maskText(text + '\n');
    for (const v of [a, b, c]) assert.ok(!leaks(r.text, v), r.text);
  });
  for (const text of [
    "ssh-keygen -t ed25519 -N '' -f ~/.ssh/id_ed25519",
    'openssl enc -aes-256-cbc -pass env:BACKUP_PASS -in a -out b',
    'openssl enc -aes-256-cbc -kfile /run/secrets/key -in a -out b',
    'node server.js --admin-token "$ADMIN_TOKEN"',
    '    command: ["node", "server.js", "--admin-token", "${ADMIN_TOKEN}"]',
    'gpg --batch --passphrase-file pass.txt -d f.gpg',
    'cli --token-file /run/secrets/token --verbose',
  ])
    it(`keeps ${JSON.stringify(text)}`, () => keeps(text));
});

describe('key names (F)', () => {
  for (const name of ['GH_TOKEN_REV', 'TOKEN_OLD', 'PASSWORD_BACKUP', 'SECRET_V2', 'bearer', 'recovery_code']) {
    const v = rs(ALNUM, 21) + '4';
    it(`masks ${name} = "…" and ${name}: …`, () => {
      masks(`${name} = "${v}"`, [v]);
      masks(`${name}: ${v}`, [v]);
    });
  }
  for (const text of [
    'seed = 42',
    '  seed: 1337',
    'random_seed = "test-seed"',
    'token_old_format: true',
    'authorization: required',
    'PASSWORD_BACKUP_DIR=/var/backups',
  ])
    it(`keeps ${JSON.stringify(text)}`, () => keeps(text));
});
