// Generated cases per family, in the corpus' semantics (README §3), beyond the public sample: each
// file mixes secret lines (with the values that must not survive) and must-keep traps. Values are
// random per run seed, so the rules are tested on shapes, not on particular strings.
import { maskText } from '../../../src/core/secrets';
import { ALNUM, B64, B64URL, HEX, PASSWORD_CHARS, UPPER_B32, b64, fakeJwt, j, pemBlock, pemBody, rand } from '../../../src/core/secrets/samples';
import assert from 'node:assert/strict';
import { assertMasked, buildCase, checkMasked, type Case } from './helpers';

const pw = (n = 20) => rand(PASSWORD_CHARS.replace(/[#'"~]/g, ''), n);
const urlpw = (n = 20) => rand(ALNUM + '-_.', n);
const gh = (c = 'p') => j('gh', c, '_', rand(ALNUM, 36));
const akia = (p = 'AKIA') => j(p.slice(0, 2), p.slice(2), rand(UPPER_B32, 16));
const uuid = () => [8, 4, 4, 4, 12].map((n) => rand(HEX, n)).join('-');

function cases(): Case[] {
  const out: Case[] = [];
  {
    const [a, b, c, d, e, f] = [pw(), pw(), pw(24), pw(), pw(32), rand(HEX, 64)];
    out.push(
      buildCase('.env (LF)', [
        ['# app settings', 'K'],
        [`DB_PASSWORD=${a}`, 'S', a],
        [`export API_SECRET="${b}"`, 'S', b],
        [`STRIPE_SECRET = '${c}'`, 'S', c],
        [`SESSION_SECRET = ${d}`, 'S', d],
        [`JWT_SIGNING_KEY="${e}"`, 'S', e],
        [`ENCRYPTION_KEY=${f}`, 'S', f],
        ['API_KEY_HEADER=X-Api-Key', 'K'],
        ['PASSWORD_MIN_LENGTH=12', 'K'],
        ['FEATURE_SECRET_SANTA=true', 'K'],
        ['DB_PASSWORD_FILE=/run/secrets/db_password', 'K'],
        ['SMTP_PASSWORD=', 'K'],
        ['REDIS_PASSWORD=${REDIS_PASSWORD}', 'K'],
        ['API_TOKEN=${API_TOKEN:-changeme}', 'K'],
        ['OAUTH_CLIENT_SECRET=<your-client-secret>', 'K'],
        ['SLACK_TOKEN=your_slack_token_here', 'K'],
        ['GITHUB_TOKEN=YOUR_TOKEN_HERE', 'K'],
        ['ADMIN_PASSWORD=********', 'K'],
        ['SECRET_KEY=xxxxxxxxxxxxxxxxxxxxxxxx', 'K'],
        ['TOKEN_EXPIRY_SECONDS=3600', 'K'],
        ['NODE_ENV=production', 'K'],
        ['APP_URL=https://app.example.com', 'K'],
        [`REQUEST_ID=${uuid()}`, 'K'],
      ]),
    );
  }
  {
    const [a, b] = [pw(), pw()];
    out.push(
      buildCase(
        '.env.production (CRLF)',
        [
          [`DATABASE_URL=postgres://app:${urlpw()}@db.internal:5432/app`, 'S'],
          [`MAIL_PASSWORD=${a}`, 'S', a],
          ['MAIL_FROM=noreply@example.com', 'K'],
          [`export AWS_SECRET_ACCESS_KEY=${rand(B64, 40)}`, 'S'],
          [`PAYMENT_API_KEY="${b}"`, 'S', b],
          ['CDN_HOST=cdn.example.com', 'K'],
        ],
        '\r\n',
      ),
    );
  }
  {
    const p = Array.from({ length: 8 }, () => urlpw());
    const qs = rand(ALNUM, 32);
    out.push(
      buildCase('urls.txt', [
        [`postgres://app:${p[0]}@db.example.com:5432/app`, 'S', p[0]!],
        [`mysql://root:${p[1]}@127.0.0.1:3306/shop`, 'S', p[1]!],
        [`mongodb+srv://svc:${p[2]}@cluster0.x1y2z.mongodb.net/prod?retryWrites=true&w=majority`, 'S', p[2]!],
        [`REDIS_URL=redis://:${p[3]}@cache.internal:6379/0`, 'S', p[3]!],
        [`git clone https://ci-bot:${p[4]}@git.example.com/acme/app.git`, 'S', p[4]!],
        [`git remote set-url origin https://oauth2:${j('gl', 'pat-', rand(ALNUM, 20))}@gitlab.com/acme/app.git`, 'S'],
        [`curl "https://api.example.com/v2/export?format=csv&access_token=${qs}"`, 'S', qs],
        [`amqp://app:${p[5]}@mq.example.com:5672/vhost`, 'S', p[5]!],
        ['amqp://guest:guest@localhost:5672', 'U'],
        ['https://example.com/docs/getting-started', 'K'],
        ['postgres://app:${DB_PASSWORD}@db:5432/app', 'K'],
        ['git clone git@github.com:acme/app.git', 'K'],
        ['https://registry.npmjs.org/@types%2fnode/-/node-20.0.0.tgz', 'K'],
      ]),
    );
    out.push(
      buildCase(
        '.git-credentials',
        [
          [`https://octocat:${gh()}@github.com`, 'S'],
          [`https://deploy:${p[6]}@bitbucket.org`, 'S', p[6]!],
        ],
        '\n',
        false,
      ),
    );
  }
  {
    const k1 = rand(B64, 40),
      k2 = rand(B64, 40);
    const st = 'IQoJb3JpZ2luX2Vj' + rand(B64, 360);
    out.push(
      buildCase('.aws/credentials', [
        ['[default]', 'K'],
        [`aws_access_key_id=${akia()}`, 'S'],
        [`aws_secret_access_key=${k1}`, 'S', k1],
        ['[temp]', 'K'],
        [`aws_access_key_id = ${akia('ASIA')}`, 'S'],
        [`aws_secret_access_key = ${k2}`, 'S', k2],
        [`aws_session_token = ${st}`, 'S', st.slice(16)],
        ['[example]', 'K'],
        [`aws_access_key_id = ${j('AKIA', 'IOSFODNN7', 'EXAMPLE')}`, 'K'],
        [`aws_secret_access_key = ${j('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY')}`, 'K'],
        ['region = eu-west-1', 'K'],
      ]),
    );
  }
  {
    const toks = {
      gho: gh('o'),
      ghs: gh('s'),
      pat: j('github', '_pat_', rand(ALNUM, 22), '_', rand(ALNUM, 59)),
      glpat: j('gl', 'pat-', rand(B64URL, 20)),
      hf: j('h', 'f_', rand(ALNUM.slice(0, 52), 34)),
      xoxb: j('xo', 'xb-', rand('0123456789', 12), '-', rand('0123456789', 13), '-', rand(ALNUM, 24)),
      live: j('sk', '_live_', rand(ALNUM, 24)),
      live99: j('sk', '_live_', rand(ALNUM, 99)),
      test: j('sk', '_test_', rand(ALNUM, 24)),
      proj: j('sk-', 'proj-', rand(B64URL, 74), 'T3Blbk', 'FJ', rand(B64URL, 74)),
      legacy: j('sk-', rand(ALNUM, 20), 'T3Blbk', 'FJ', rand(ALNUM, 20)),
      ant: j('sk-', 'ant-', 'api03-', rand(B64URL, 93), 'AA'),
      aiza: j('AI', 'za', rand(B64URL, 35)),
      sg: j('S', 'G.', rand(B64URL, 22), '.', rand(B64URL, 43)),
      npm: j('np', 'm_', rand(ALNUM, 36)),
      pypi: j('py', 'pi-', 'AgEIcHlwaS5vcmc', rand(B64URL, 150)),
      hook: j('https://hooks.slack.com/services/T', rand(UPPER_B32, 10), '/B', rand(UPPER_B32, 10), '/', rand(ALNUM, 24)),
    };
    const tail = (t: string, n: number) => t.slice(n);
    out.push(
      buildCase('src/config/tokens.ts', [
        ['// FAKE credentials for tests - not real', 'K'],
        [`export const GITHUB_OAUTH = "${toks.gho}";`, 'S', tail(toks.gho, 4)],
        [`const appToken = '${toks.ghs}';`, 'S', tail(toks.ghs, 4)],
        [`  pat: "${toks.pat}",`, 'S', tail(toks.pat, 11)],
        [`gitlab: { token: \`${toks.glpat}\` },`, 'S', tail(toks.glpat, 6)],
        [`const HF = "${toks.hf}"; // hub`, 'S', tail(toks.hf, 3)],
        [`slack.init("${toks.xoxb}")`, 'S', tail(toks.xoxb, 5)],
        [`const stripe = new Stripe("${toks.live}");`, 'S', tail(toks.live, 8)],
        [`const stripeOld = Stripe("${toks.live99}")`, 'S', tail(toks.live99, 8)],
        [`export const FAKE_STRIPE_KEY = "${toks.test}";`, 'S', tail(toks.test, 8)],
        [`openai = OpenAI(api_key="${toks.proj}")`, 'S', tail(toks.proj, 8)],
        [`client = OpenAI("${toks.legacy}")`, 'S', tail(toks.legacy, 3)],
        [`new Anthropic({ apiKey: "${toks.ant}" })`, 'S', tail(toks.ant, 14)],
        [`sgMail.setApiKey('${toks.sg}');`, 'S', tail(toks.sg, 3)],
        [`const npmToken = "${toks.npm}"`, 'S', tail(toks.npm, 4)],
        [`PYPI = "${toks.pypi}"`, 'S', tail(toks.pypi, 20)],
        [`post("${toks.hook}", msg)`, 'S', toks.hook.slice(40)],
        [`export const PLACEHOLDER = "${j('gh', 'p_', 'X'.repeat(36))}";`, 'K'],
        [`export const REDACTED = "${j('sk-', 'ant-', 'api03-')}REDACTED";`, 'K'],
        [`export const ZERO = "${j('AKIA', '0'.repeat(16))}";`, 'K'],
        [`export const PUBLISHABLE = "${j('pk', '_live_', rand(ALNUM, 24))}";`, 'U'],
        ['export const EXAMPLE_JWT_HEADER = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9";', 'K'],
        [`export const USER_ID = "${uuid()}";`, 'K'],
        ['const token = process.env.GITHUB_TOKEN;', 'K'],
        ['const key = os.environ["OPENAI_API_KEY"]', 'K'],
      ]),
    );
    const minified =
      `!function(){"use strict";var e={apiKey:"${toks.aiza}",authDomain:"acme.firebaseapp.com",projectId:"acme"};` +
      'function t(n){return n&&n.__esModule?n:{default:n}}'.repeat(40) +
      '}();';
    out.push(
      buildCase('dist/bundle.min.js', [
        [minified, 'S', tail(toks.aiza, 4)],
        ['//# sourceMappingURL=bundle.min.js.map', 'K'],
      ]),
    );
  }
  {
    const [hs, rs] = [fakeJwt('HS256'), fakeJwt('RS256')];
    out.push(
      buildCase('requests.http', [
        ['GET https://api.example.com/me', 'K'],
        [`Authorization: Bearer ${hs}`, 'S', hs.slice(hs.lastIndexOf('.') + 1)],
        [`{"id_token": "${rs}"}`, 'S', rs.slice(rs.lastIndexOf('.') + 1)],
        ['Authorization: Bearer {{token}}', 'K'],
        ['Accept: application/json', 'K'],
      ]),
    );
  }
  {
    const p = Array.from({ length: 10 }, () => pw());
    const accountKey = rand(B64, 86) + '==';
    const secretKeyBase = rand(HEX, 128);
    out.push(
      buildCase('config/mixed', [
        ['# YAML', 'K'],
        ['database:', 'K'],
        [`  password: ${p[0]}`, 'S', p[0]!],
        [`  password: "${p[1]}"`, 'S', p[1]!],
        ['  password: ""', 'K'],
        ['  password: <%= ENV["DB_PASSWORD"] %>', 'K'],
        ['  password_file: /run/secrets/db', 'K'],
        ['# JSON', 'K'],
        [`{"db": {"user": "app", "password": "${p[2]}"}}`, 'S', p[2]!],
        ['# TOML', 'K'],
        [`secret = "${p[3]}"`, 'S', p[3]!],
        ['secretName = "prod/payments/stripe-key"', 'K'],
        ['# INI / properties', 'K'],
        [`password=${p[4]}`, 'S', p[4]!],
        [`spring.datasource.password=${p[5]}`, 'S', p[5]!],
        [`app.jwt.secret: ${p[6]}`, 'S', p[6]!],
        ['# HCL', 'K'],
        [`  master_password = "${p[7]}"`, 'S', p[7]!],
        ['  master_password = var.db_password', 'K'],
        ['# connection strings', 'K'],
        [`Server=tcp:sql.example.com,1433;Database=app;User ID=app;Password=${p[8]!.replace(/;/g, '')};Encrypt=True;`, 'S', p[8]!.replace(/;/g, '')],
        [`jdbc:postgresql://db:5432/app?user=app&password=${p[9]!.replace(/[&;]/g, '')}`, 'S', p[9]!.replace(/[&;]/g, '')],
        [`DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${accountKey};EndpointSuffix=core.windows.net`, 'S', accountKey],
        [`SECRET_KEY_BASE=${secretKeyBase}`, 'S', secretKeyBase],
        [`SECRET_KEY = 'django-insecure-${pw(40)}'`, 'S'],
        ['AUTH_PASSWORD_VALIDATORS = [', 'K'],
      ]),
    );
  }
  {
    const ckd = b64(pemBlock(j('RSA PRIVATE', ' KEY'), 300).join('\n'));
    const cad = b64(pemBlock('CERTIFICATE', 300).join('\n'));
    const ccd = b64(pemBlock('CERTIFICATE', 300).join('\n'));
    const tok = rand(ALNUM, 40),
      kpw = pw();
    out.push(
      buildCase('kubeconfig', [
        ['apiVersion: v1', 'K'],
        ['clusters:', 'K'],
        ['- cluster:', 'K'],
        [`    certificate-authority-data: ${cad}`, 'K'],
        ['    server: https://k8s.example.com:6443', 'K'],
        ['  name: prod', 'K'],
        ['users:', 'K'],
        ['- name: admin', 'K'],
        ['  user:', 'K'],
        [`    client-certificate-data: ${ccd}`, 'K'],
        [`    client-key-data: ${ckd}`, 'S', ckd.slice(20, 60)],
        ['- name: bot', 'K'],
        ['  user:', 'K'],
        [`    token: ${tok}`, 'S', tok],
        ['- name: basic', 'K'],
        ['  user:', 'K'],
        ['    username: admin', 'K'],
        [`    password: ${kpw}`, 'S', kpw],
      ]),
    );
  }
  {
    const auth = b64('ci:' + gh());
    const dpw = pw(),
      idt = rand(B64URL, 64);
    out.push(
      buildCase('.docker/config.json', [
        ['{', 'K'],
        ['  "auths": {', 'K'],
        ['    "ghcr.io": {', 'K'],
        [`      "auth": "${auth}"`, 'S', auth.slice(8)],
        ['    },', 'K'],
        ['    "registry.example.com": {', 'K'],
        ['      "username": "deploy",', 'K'],
        [`      "password": "${dpw}",`, 'S', dpw],
        [`      "identitytoken": "${idt}"`, 'S', idt],
        ['    }', 'K'],
        ['  },', 'K'],
        ['  "credsStore": "desktop"', 'K'],
        ['}', 'K'],
      ]),
    );
  }
  {
    const d1 = b64(pw(24)),
      s1 = rand(ALNUM, 40),
      s2 = pw(),
      tlsKey = b64(rand(B64, 90));
    out.push(
      buildCase('k8s/secret.yaml', [
        ['apiVersion: v1', 'K'],
        ['kind: Secret', 'K'],
        ['metadata:', 'K'],
        ['  name: app-secrets', 'K'],
        ['type: Opaque', 'K'],
        ['data:', 'K'],
        [`  DATABASE_CONN: ${d1}`, 'S', d1.slice(4)],
        [`  tls.key: ${tlsKey}`, 'S', tlsKey.slice(4)],
        ['stringData:', 'K'],
        [`  api-token: ${s1}`, 'S', s1],
        [`  smtp_pass: "${s2}"`, 'S', s2],
        ['---', 'K'],
        ['apiVersion: v1', 'K'],
        ['kind: ConfigMap', 'K'],
        ['data:', 'K'],
        ['  LOG_LEVEL: info', 'K'],
        [`  BUILD_ID: ${rand(HEX, 40)}`, 'K'],
      ]),
    );
  }
  {
    const envKey = rand(ALNUM, 40);
    out.push(
      buildCase('Dockerfile', [
        ['FROM node:20-alpine', 'K'],
        ['ARG NPM_TOKEN', 'K'],
        [`ENV API_KEY=${envKey}`, 'S', envKey],
        [`ENV SENTRY_AUTH_TOKEN ${rand(HEX, 64)}`, 'S'],
        ['ENV NODE_ENV=production PORT=8080', 'K'],
        ['RUN echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci && rm -f .npmrc', 'K'],
        ['CMD ["node", "server.js"]', 'K'],
      ]),
    );
  }
  {
    const [a, b, c, d, e] = [pw(), pw(), rand(B64, 40), pw(), pw()];
    out.push(
      buildCase('.bash_history', [
        ['cd ~/src/app', 'K'],
        [`export GITHUB_TOKEN=${gh()}`, 'S'],
        [`mysql -h db -u root -p${a} shop`, 'S', a],
        [`curl -u admin:${b} https://ci.example.com/api/json`, 'S', b],
        [`AWS_ACCESS_KEY_ID=${akia()} AWS_SECRET_ACCESS_KEY=${c} aws s3 ls`, 'S', c],
        [`PGPASSWORD=${d} psql -h db -U app`, 'S', d],
        [`docker login -u deploy --password ${e} registry.example.com`, 'S', e],
        ['echo $API_KEY', 'K'],
        ['mysql -u root -p', 'K'],
        ['git push -u origin main', 'K'],
        ['grep -r password src/', 'K'],
        ['npm test', 'K'],
      ]),
    );
  }
  {
    const rsa = pemBlock(j('RSA PRIVATE', ' KEY'), 1190),
      pk8 = pemBlock(j('PRIVATE', ' KEY'), 1218);
    const enc = pemBlock(j('ENCRYPTED PRIVATE', ' KEY'), 1300),
      cert = pemBlock('CERTIFICATE', 800),
      pub = pemBlock('PUBLIC KEY', 294);
    const rows: Parameters<typeof buildCase>[1] = [['# keys', 'K']];
    for (const l of rsa) rows.push([l, 'S', ...(l.startsWith('-----') ? [] : [l])]);
    for (const l of cert) rows.push([l, 'K']);
    for (const l of pk8) rows.push([l, 'S', ...(l.startsWith('-----') ? [] : [l])]);
    for (const l of pub) rows.push([l, 'K']);
    for (const l of enc) rows.push([l, 'S', ...(l.startsWith('-----') ? [] : [l])]);
    out.push(buildCase('certs/bundle.pem', rows));
    const ssh = [
      j('-----BEGIN OPENSSH PRIVATE', ' KEY-----'),
      ...pemBody(400, 70, undefined, 'b3BlbnNzaC1rZXktdjEAAAAA'),
      j('-----END OPENSSH PRIVATE', ' KEY-----'),
    ];
    out.push(
      buildCase(
        '.ssh/id_ed25519',
        ssh.map((l) => [l, 'S', ...(l.startsWith('-----') ? [] : [l])] as [string, 'S', ...string[]]),
      ),
    );
    const pgpBody = pemBody(700);
    const pgp: Parameters<typeof buildCase>[1] = [
      [j('-----BEGIN PGP PRIVATE', ' KEY BLOCK-----'), 'S'],
      ['', 'U'],
      ...pgpBody.map((l) => [l, 'S', l] as [string, 'S', string]),
      ['=' + rand(B64, 4), 'S'],
      [j('-----END PGP PRIVATE', ' KEY BLOCK-----'), 'S'],
    ];
    out.push(buildCase('keys/backup.asc', pgp));
    const ec = pemBlock(j('EC PRIVATE', ' KEY'), 121),
      ca = pemBlock('CERTIFICATE', 500);
    const yamlRows: Parameters<typeof buildCase>[1] = [
      ['tls:', 'K'],
      ['  key: |', 'K'],
      ...ec.map((l) => ['    ' + l, 'S', ...(l.startsWith('-----') ? [] : [l])] as [string, 'S', ...string[]]),
      ['  cert: |', 'K'],
      ...ca.map((l) => ['    ' + l, 'K'] as [string, 'K']),
      ['  enabled: true', 'K'],
    ];
    out.push(buildCase('values.yaml', yamlRows));
    const gbody = pemBody(1218);
    const gline = `  "private_key": "${j('-----BEGIN PRIVATE', ' KEY-----')}\\n${gbody.join('\\n')}\\n${j('-----END PRIVATE', ' KEY-----')}\\n",`;
    out.push(
      buildCase('service-account.json', [
        ['{', 'K'],
        ['  "type": "service_account",', 'K'],
        ['  "project_id": "acme-prod",', 'K'],
        [`  "private_key_id": "${rand(HEX, 40)}",`, 'U'],
        [gline, 'S', ...gbody.slice(0, 3)],
        ['  "client_email": "deploy@acme-prod.iam.gserviceaccount.com",', 'K'],
        ['  "client_id": "1234567890",', 'K'],
        ['}', 'K'],
      ]),
    );
  }
  {
    out.push(
      buildCase('traps (must stay untouched)', [
        [`commit ${rand(HEX, 40)}`, 'K'],
        [`      "integrity": "sha512-${rand(B64, 86)}==",`, 'K'],
        [`"resolved": "https://registry.npmjs.org/x/-/x-1.0.0.tgz#${rand(HEX, 40)}"`, 'K'],
        [`  integrity sha1-${rand(B64, 27)}=`, 'K'],
        [`<script src="/app.js" integrity="sha384-${rand(B64, 64)}" crossorigin="anonymous"></script>`, 'K'],
        [`image: ghcr.io/acme/web@sha256:${rand(HEX, 64)}`, 'K'],
        [`const traceId = "${rand(HEX, 32)}";`, 'K'],
        [`const id = "${uuid()}";`, 'K'],
        [`<img src="data:image/png;base64,${rand(B64, 400)}">`, 'K'],
        [`<meta http-equiv="Content-Security-Policy" content="script-src 'nonce-${rand(B64, 24)}'">`, 'K'],
        [`{"kty":"RSA","e":"AQAB","n":"${rand(B64URL, 342)}","kid":"${rand(B64URL, 20)}"}`, 'K'],
        [`ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ${rand(B64, 300)} deploy@ci`, 'K'],
        [`ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${rand(B64, 43)} alice@laptop`, 'K'],
        ['Never commit your password or API token; use the secret manager instead.', 'K'],
        ['The token: a short-lived credential issued by the identity provider.', 'K'],
        ['password: ${{ secrets.DB_PASSWORD }}', 'K'],
        ['token: ${{ secrets.GITHUB_TOKEN }}', 'K'],
        ['const apiKey = process.env.API_KEY ?? "";', 'K'],
        ['api_key = os.environ.get("API_KEY")', 'K'],
        ['password = getpass.getpass()', 'K'],
        ['if (password.length < PASSWORD_MIN_LENGTH) throw new Error("too short");', 'K'],
        ['const tokens = tokenizer.tokenize(source);', 'K'],
        ['"secretName": "prod/payments/stripe-key",', 'K'],
        ['max_tokens: 4096', 'K'],
        ['public_key: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB"', 'K'],
      ]),
    );
  }
  return out;
}

describe('secret families (generated at run time)', () => {
  for (const c of cases()) {
    it(`masks ${c.name}`, () => assertMasked(c, maskText(c.text).text));
    it(`(checker self-test) fails every secret line of ${c.name} left unmasked`, () => {
      assert.equal(checkMasked(c, c.text).length, c.secretLines.size);
    });
  }
});
