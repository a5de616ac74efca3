// Vendor token formats. Each pattern follows the vendor's published shape (cross-checked against
// gitleaks' rule catalog); each rule carries true- and false-positive samples built at run time.
// Threat: a token pasted into code or config reaches the model with every read; these formats are
// recognisable anywhere, even without a secret-named key (a minified bundle, a shell history line).
import { createHmac } from 'node:crypto';
import { randomPartOk } from '../entropy';
import { ALNUM, B64, B64URL, HEX, LETTERS, UPPER_B32, fakeJwt, j, rand } from '../samples';
import type { LineRule } from '../types';
import { regexRule, tokenSamples } from './make';

/**
 * The HMAC keys documentation signs its example JWTs with (jwt.io's debugger: `your-256-bit-secret`): a token whose
 * HS256 signature verifies under one is forgeable by anyone, so it grants nothing and is no secret (jwt.io's
 * example in a test fixture). Any other signature, or another algorithm, is judged as before.
 */
const PUBLIC_JWT_KEYS = ['your-256-bit-secret'];
function signedWithPublicSecret(t: string): boolean {
  if (!t.startsWith('eyJhbGciOiJIUzI1NiIs') || t.length > 4096) return false;
  const dot = t.lastIndexOf('.');
  const sig = t.slice(dot + 1);
  return PUBLIC_JWT_KEYS.some((k) => createHmac('sha256', k).update(t.slice(0, dot)).digest('base64url') === sig);
}
/** jwt.io's example token, signed at run time with its public key (a sample). */
function publicExampleJwt(): string {
  const body = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify({ sub: '1234567890' })).toString('base64url')}`;
  return `${body}.${createHmac('sha256', PUBLIC_JWT_KEYS[0]!).update(body).digest('base64url')}`;
}

// A token starts where no word character stands before it, or where the one before it ends an escape: URL
// encoding (`token%3Dghp_…`), a backslash escape (`\nghp_…` in a JSON string), `\x3D`, `\u003D`.
const B = '(?<!(?<!%[0-9A-Fa-f]|\\\\|\\\\x[0-9A-Fa-f]|\\\\u[0-9A-Fa-f]{3})[A-Za-z0-9_])'; // token start boundary
const E = '(?![A-Za-z0-9_])'; // token end boundary
const re = (src: string, flags = 'gd') => new RegExp(src, flags);
/** The random part is what follows the first `_`/`-`/`.` after the prefix, or the whole token. */
const tail = (prefixLen: number) => (s: string) => randomPartOk(s.slice(prefixLen));

const AWS_EXAMPLES = new Set([j('AKIA', 'IOSFODNN7', 'EXAMPLE'), j('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY')]);

export const VENDOR_RULES: LineRule[] = [
  regexRule({
    id: 'aws-access-key-id',
    description: 'AWS access key id (AKIA long-term, ASIA temporary)',
    keywords: ['akia', 'asia', 'abia', 'acca'],
    // Real ids are base32 (A-Z, 2-7), but every scanner (gitleaks, trufflehog) and every fake-key generator takes
    // [A-Z0-9]: a leaked id with a 0, 1, 8 or 9 is still an AWS-shaped credential to whoever reads it.
    pattern: re(`(?<![A-Z0-9])((?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})(?![A-Z0-9])`),
    check: (s) => !AWS_EXAMPLES.has(s) && randomPartOk(s.slice(4)),
    samples: () =>
      tokenSamples(
        [j('AK', 'IA', rand(UPPER_B32, 16)), j('AS', 'IA', rand(UPPER_B32, 16)), j('AK', 'IA', '0189', rand(UPPER_B32, 12))],
        [
          `aws_access_key_id = ${j('AKIA', 'IOSFODNN7', 'EXAMPLE')}`,
          `export const ZERO_KEY = "${j('AKIA', '0'.repeat(16))}";`,
          `const tz = "Asia/Tokyo"; // ASIATIC`,
        ],
      ),
  }),
  // The secret right after its key id, with only a separator between (`"AKIA…:<secret>"`, a credentials CSV's
  // `AKIA…,<secret>`, `AKIA… <secret>`): no name stands before the secret, the key id names it.
  regexRule({
    id: 'aws-key-pair',
    description: 'AWS secret access key right after its access key id',
    keywords: ['akia', 'asia'],
    pattern: re(`(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}["']?[ \\t]*[:;,|/ \\t][ \\t]*["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])`),
    check: (s) => !AWS_EXAMPLES.has(s) && randomPartOk(s),
    samples: () => {
      const id = j('AK', 'IA', rand(UPPER_B32, 16, 0xa75001));
      const k = rand(B64, 40, 0xa75002);
      return {
        truePositives: [
          { text: `my $aws = "${id}:${k}";`, secrets: [k] },
          { text: `deploy,${id},${k}`, secrets: [k] },
        ],
        falsePositives: [`${j('AKIA', 'IOSFODNN7', 'EXAMPLE')}:${j('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY')}`],
      };
    },
  }),
  regexRule({
    id: 'aws-secret-key',
    description: 'AWS secret access key next to its key name',
    keywords: ['secret'],
    pattern: re(`(?:aws_?)?secret_?access_?key["']?\\s*(?:[:=]|=>)\\s*["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])`, 'gdi'),
    check: (s) => !AWS_EXAMPLES.has(s) && randomPartOk(s),
    samples: () => {
      const k = rand(B64, 40);
      return {
        truePositives: [
          { text: `aws_secret_access_key = ${k}`, secrets: [k] },
          { text: `AWS_SECRET_ACCESS_KEY="${k}"`, secrets: [k] },
          { text: `  secretAccessKey: '${k}',`, secrets: [k] },
        ],
        falsePositives: [`aws_secret_access_key = ${j('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY')}`, 'aws_secret_access_key = ${AWS_SECRET}'],
      };
    },
  }),
  regexRule({
    id: 'aws-session-token',
    description: 'AWS session token (STS) next to its key name',
    keywords: ['session_token', 'sessiontoken', 'security_token'],
    pattern: re(`(?:aws_?session_?token|session_?token|security_?token)["']?\\s*(?:[:=]|=>)\\s*["']?([A-Za-z0-9/+=]{100,})`, 'gdi'),
    check: (s) => randomPartOk(s),
    samples: () => {
      const t = j('IQoJb3JpZ2luX2Vj', rand(B64, 300));
      return {
        truePositives: [
          { text: `aws_session_token = ${t}`, secrets: [t.slice(16)] },
          { text: `"SessionToken": "${t}",`, secrets: [t.slice(16)] },
        ],
        falsePositives: ['aws_session_token =', 'AWS_SESSION_TOKEN=${{ secrets.AWS_SESSION_TOKEN }}'],
      };
    },
  }),
  regexRule({
    id: 'github-token',
    description: 'GitHub personal, OAuth, user-to-server, server-to-server and refresh tokens',
    keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
    pattern: re(`${B}(gh[pousr]_[A-Za-z0-9]{36,251})${E}`),
    check: tail(4),
    samples: () =>
      tokenSamples(
        ['p', 'o', 'u', 's', 'r'].map((c) => j('gh', c, '_', rand(ALNUM, 36))),
        [
          `export const PLACEHOLDER_TOKEN = "${j('gh', 'p_', 'X'.repeat(36))}";`,
          'const re = /ghp_[A-Za-z0-9]{36}/;',
          `// the prefix ${j('gh', 'p_')}short is not a token`,
        ],
      ),
  }),
  regexRule({
    id: 'github-fine-grained-pat',
    description: 'GitHub fine-grained personal access token',
    keywords: ['github_pat_'],
    pattern: re(`${B}(github_pat_[A-Za-z0-9_]{50,255})${E}`),
    check: tail(11),
    samples: () =>
      tokenSamples(
        [j('github', '_pat_', rand(ALNUM, 22), '_', rand(ALNUM, 59))],
        [`GITHUB_PAT=${j('github', '_pat_', 'x'.repeat(82))}`, 'See https://github.com/settings/tokens for github_pat_ tokens.'],
      ),
  }),
  regexRule({
    id: 'gitlab-token',
    description: 'GitLab personal, deploy, runner, pipeline-trigger and other tokens',
    keywords: ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'glsoat-', 'glft-', 'glimt-', 'glcbt-', 'gloas-', 'glagent-'],
    pattern: re(`${B}((?:glpat|gldt|glrt|glptt|glsoat|glft|glimt|glcbt|gloas|glagent)-[A-Za-z0-9_-]{20,})(?![A-Za-z0-9_-])`),
    check: (s) => randomPartOk(s.slice(s.indexOf('-') + 1)),
    samples: () =>
      tokenSamples(
        [j('gl', 'pat-', rand(ALNUM, 20)), j('gl', 'rt-', rand(B64URL, 26))],
        [`GITLAB_TOKEN=${j('gl', 'pat-', 'x'.repeat(20))}`, 'tokens look like glpat-<20 chars>'],
      ),
  }),
  regexRule({
    id: 'slack-token',
    description: 'Slack bot, user, app, refresh and configuration tokens',
    keywords: ['xox', 'xapp-'],
    pattern: re(`${B}((?:xox[abeoprs](?:\\.xox[a-z])?|xapp)-[A-Za-z0-9-]{20,250})(?![A-Za-z0-9-])`),
    check: (s) => randomPartOk(s.slice(5)),
    samples: () =>
      tokenSamples(
        [
          j('xo', 'xb-', rand('0123456789', 12), '-', rand('0123456789', 13), '-', rand(ALNUM, 24)),
          j('xo', 'xp-', rand('0123456789', 11), '-', rand('0123456789', 12), '-', rand('0123456789', 13), '-', rand(HEX, 32)),
        ],
        [`SLACK_BOT_TOKEN=${j('xo', 'xb-')}XXXXXXXXXXXX-XXXXXXXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXX`, 'token prefix xoxb- is for bots'],
      ),
  }),
  regexRule({
    id: 'slack-webhook',
    description: 'Slack incoming webhook URL (the path is the credential)',
    keywords: ['hooks.slack.com'],
    pattern: re(`hooks\\.slack\\.com/((?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,})`),
    check: (s) => randomPartOk(s.slice(s.indexOf('/') + 1)),
    samples: () => {
      const p = j('services/T', rand(UPPER_B32, 10), '/B', rand(UPPER_B32, 10), '/', rand(ALNUM, 24));
      return {
        truePositives: [{ text: `SLACK_WEBHOOK=https://hooks.slack.com/${p}`, secrets: [p.slice(9)] }],
        falsePositives: [
          'SLACK_WEBHOOK=https://hooks.slack.com/services/XXXXXXXXX/XXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX',
          'Docs: https://api.slack.com/messaging/webhooks',
        ],
      };
    },
  }),
  regexRule({
    id: 'stripe-key',
    description: 'Stripe secret and restricted keys, live and test mode (test keys are live credentials for test data), and webhook signing secrets',
    keywords: ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_', 'whsec_'],
    pattern: re(`${B}((?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,247}|whsec_[A-Za-z0-9]{24,128})${E}`),
    check: (s) => randomPartOk(s.slice(s.charCodeAt(0) === 119 ? 6 : 8)),
    samples: () =>
      tokenSamples(
        [j('sk', '_live_', rand(ALNUM, 24)), j('sk', '_test_', rand(ALNUM, 99)), j('rk', '_live_', rand(ALNUM, 24)), j('wh', 'sec_', rand(ALNUM, 32))],
        [
          `STRIPE_PUBLISHABLE=${j('pk', '_live_', rand(ALNUM, 24))}`,
          `STRIPE_KEY=${j('sk', '_test_', 'x'.repeat(24))}`,
          `STRIPE_WEBHOOK_SECRET=${j('wh', 'sec_', 'x'.repeat(32))}`,
        ],
      ),
  }),
  regexRule({
    id: 'openai-key',
    description: 'OpenAI API keys (legacy, project, service account, admin)',
    keywords: ['t3blbkfj', 'sk-proj-', 'sk-svcacct-', 'sk-admin-'],
    pattern: re(
      `${B}(sk-(?:(?:proj|svcacct|admin|None)-)?[A-Za-z0-9_-]{16,}T3BlbkFJ[A-Za-z0-9_-]{16,}|sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,})(?![A-Za-z0-9_-])`,
    ),
    check: (s) => randomPartOk(s.slice(3)),
    samples: () =>
      tokenSamples(
        [
          j('sk-', 'proj-', rand(B64URL, 74), 'T3Blbk', 'FJ', rand(B64URL, 74)),
          j('sk-', rand(ALNUM, 20), 'T3Blbk', 'FJ', rand(ALNUM, 20)),
          j('sk-', 'svcacct-', rand(B64URL, 60)),
        ],
        ['OPENAI_API_KEY=sk-...', `const example = "${j('sk-', 'proj-')}your-key-here";`],
      ),
  }),
  regexRule({
    id: 'anthropic-key',
    description: 'Anthropic API and admin keys',
    keywords: ['sk-ant-'],
    pattern: re(`${B}(sk-ant-(?:api|admin|oat|ort|sid)\\d{2}-[A-Za-z0-9_-]{40,200})(?![A-Za-z0-9_-])`),
    check: (s) => randomPartOk(s.slice(14)),
    samples: () =>
      tokenSamples(
        [j('sk-', 'ant-', 'api03-', rand(B64URL, 93), 'AA'), j('sk-', 'ant-', 'admin01-', rand(B64URL, 93), 'AA')],
        [`export const REDACTED = "${j('sk-', 'ant-', 'api03-')}REDACTED";`, 'Keys start with sk-ant-api03- and end with AA.'],
      ),
  }),
  regexRule({
    id: 'google-api-key',
    description: 'Google / Firebase API key (referrer restrictions cannot be checked, so masked)',
    keywords: ['aiza'],
    pattern: re(`(?<![A-Za-z0-9_-])(AIza[A-Za-z0-9_-]{35})(?![A-Za-z0-9_-])`),
    check: tail(4),
    samples: () => {
      const k = j('AI', 'za', rand(B64URL, 35));
      const s = tokenSamples([k], ['const key = "AIzaXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX";', 'AIza keys are browser keys']);
      s.truePositives.push({ text: `!function(e){var t={apiKey:"${k}",authDomain:"x.firebaseapp.com"};e.init(t)}(window);`, secrets: [k] });
      return s;
    },
  }),
  regexRule({
    id: 'google-oauth',
    description: 'Google OAuth client secret and access token',
    keywords: ['gocspx-', 'ya29.'],
    pattern: re(`${B}(GOCSPX-[A-Za-z0-9_-]{28}|ya29\\.[A-Za-z0-9_-]{30,})(?![A-Za-z0-9_-])`),
    check: (s) => randomPartOk(s.slice(7)),
    samples: () =>
      tokenSamples([j('GOC', 'SPX-', rand(B64URL, 28)), j('ya', '29.', rand(B64URL, 120))], ['client_secret: GOCSPX-xxxxxxxxxxxxxxxxxxxxxxxxxxxx']),
  }),
  regexRule({
    id: 'sendgrid-key',
    description: 'SendGrid API key',
    keywords: ['sg.'],
    pattern: re(`${B}(SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])`),
    check: tail(3),
    samples: () => tokenSamples([j('S', 'G.', rand(B64URL, 22), '.', rand(B64URL, 43))], ['const SG = require("sendgrid"); SG.send(msg);']),
  }),
  regexRule({
    id: 'npm-token',
    description: 'npm access token',
    keywords: ['npm_'],
    pattern: re(`${B}(npm_[A-Za-z0-9]{36})${E}`),
    check: tail(4),
    samples: () => tokenSamples([j('np', 'm_', rand(ALNUM, 36))], ['process.env.npm_config_registry', `NPM_TOKEN=${j('np', 'm_')}${'0'.repeat(36)}`]),
  }),
  regexRule({
    id: 'pypi-token',
    description: 'PyPI / TestPyPI upload token (macaroon)',
    keywords: ['pypi-'],
    pattern: re(`${B}(pypi-AgE[A-Za-z0-9_-]{50,})(?![A-Za-z0-9_-])`),
    check: tail(8),
    samples: () => tokenSamples([j('py', 'pi-', 'AgEIcHlwaS5vcmc', rand(B64URL, 150))], ['password = pypi-<your token>', 'pip install pypi-simple']),
  }),
  regexRule({
    id: 'huggingface-token',
    description: 'Hugging Face user and organisation tokens',
    keywords: ['hf_', 'api_org_'],
    pattern: re(`${B}((?:hf|api_org)_[A-Za-z0-9]{30,40})${E}`),
    check: (s) => randomPartOk(s.slice(s.lastIndexOf('_') + 1)),
    samples: () => tokenSamples([j('h', 'f_', rand(LETTERS, 34))], ['HF_HOME=/data/hf_cache', `HF_TOKEN=${j('h', 'f_')}${'x'.repeat(34)}`]),
  }),
  regexRule({
    id: 'jwt',
    description: 'JSON Web Token (header.payload.signature)',
    keywords: ['eyj'],
    pattern: re(`(?<![A-Za-z0-9_-])(eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{16,})(?![A-Za-z0-9_-])`),
    check: (s) => randomPartOk(s.slice(s.lastIndexOf('.') + 1)) && !signedWithPublicSecret(s),
    samples: () =>
      tokenSamples(
        [fakeJwt('HS256'), fakeJwt('RS256')],
        [
          'export const EXAMPLE_JWT_HEADER = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9";',
          'const parts = token.split("."); // eyJ... header',
          `{"example_jwt": "${publicExampleJwt()}"}`,
        ],
      ),
  }),
  regexRule({
    id: 'azure-storage-key',
    description: 'Azure storage / service bus account key in a connection string',
    keywords: ['accountkey', 'sharedaccesskey'],
    pattern: re(`(?:AccountKey|SharedAccessKey)\\s*=\\s*([A-Za-z0-9+/]{40,88}={0,2})`, 'gdi'),
    check: (s) => randomPartOk(s),
    samples: () => {
      const k = rand(B64, 86) + '==';
      return {
        truePositives: [{ text: `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${k};EndpointSuffix=core.windows.net`, secrets: [k] }],
        falsePositives: ['AccountKey=${STORAGE_KEY};AccountName=acme', 'UseDevelopmentStorage=true'],
      };
    },
  }),
  regexRule({
    id: 'azure-sas',
    description: 'Azure shared access signature (sig= in a SAS URL or connection string)',
    keywords: ['sig='],
    // The whole query (sv, se, sp, … and sig): its parameters scope the grant and are masked with the signature.
    pattern: re(`(?:[?&;]|SharedAccessSignature=)((?:[a-z]{2,5}=[^&\\s;"'<>]*&)*sig=[A-Za-z0-9%+/=]{30,}(?:&[a-z]{2,5}=[^&\\s;"'<>]*)*)`, 'gd'),
    check: (s) => randomPartOk(/sig=([^&]*)/.exec(s)![1]!),
    samples: () => {
      const s = encodeURIComponent(rand(B64, 44));
      return {
        truePositives: [{ text: `https://acme.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&sp=r&sig=${s}`, secrets: [s] }],
        falsePositives: ['https://acme.blob.core.windows.net/c/f.txt?sv=2022-11-02&sig=<signature>'],
      };
    },
  }),
  regexRule({
    id: 'twilio-key',
    description: 'Twilio API key SID',
    keywords: ['sk'],
    pattern: re(`(?<![A-Za-z0-9])(SK[0-9a-fA-F]{32})(?![A-Za-z0-9])`),
    check: tail(2),
    samples: () => tokenSamples([j('S', 'K', rand(HEX, 32))], ['TWILIO_KEY_SID=SK00000000000000000000000000000000']),
  }),
  regexRule({
    id: 'mailgun-key',
    description: 'Mailgun private API key',
    keywords: ['key-'],
    pattern: re(`${B}(key-[0-9a-f]{32})${E}`),
    check: tail(4),
    samples: () => tokenSamples([j('ke', 'y-', rand(HEX, 32))], ['const k = "key-value-store";', 'MAILGUN_KEY=key-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx']),
  }),
  regexRule({
    id: 'digitalocean-token',
    description: 'DigitalOcean personal, OAuth and refresh tokens',
    keywords: ['dop_', 'doo_', 'dor_'],
    pattern: re(`${B}(do[opr]_v1_[a-f0-9]{64})${E}`),
    check: tail(7),
    samples: () => tokenSamples([j('do', 'p_v1_', rand(HEX, 64))], [`DO_TOKEN=${j('do', 'p_v1_')}${'0'.repeat(64)}`]),
  }),
  regexRule({
    id: 'shopify-token',
    description: 'Shopify access, custom app, private app and shared secret tokens',
    keywords: ['shp'],
    pattern: re(`${B}(shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32})${E}`),
    check: tail(6),
    samples: () => tokenSamples([j('shp', 'at_', rand(HEX, 32)), j('shp', 'ss_', rand(HEX, 32))], ['SHOPIFY_TOKEN=shpat_<token>']),
  }),
];
