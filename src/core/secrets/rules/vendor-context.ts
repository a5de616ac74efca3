// Vendor token formats that may ask their line for context (issue 16), and webhook URLs whose path is the secret:
// seen bare, in `value = "…"`, in prose, as a URL path segment, inside `Map.of(…)` / `mapOf(… to …)` / arrays. Members of
// the vendor-token family (rules/vendor-more.ts), each with its published shape, an entropy floor on the
// random part and traps; samples are built at run time. Each head is reachable by the pre-scan: `BBDC-`,
// `xkeysib-`, `v1.0-`, `fc-`, `nvapi-`, `tvly-`, `production-`, `sandbox-` (DASH_PREFIXES; DeepSeek's `sk-`
// and Slack's `xoxe-` were there), `sk_`, `jina_`, `phx_`, `vc?_` (UNDERSCORE_PREFIXES; `glc_` was there),
// `AstraCS:` and Facebook's `EAA` (anchor A), Dropbox's `sl.` (anchor `.`).
import { isWordyIdentifier, randomPartOk } from '../entropy';
import { ALNUM, B64, B64URL, HEX, j, rand } from '../samples';
import type { Hit, LineRule } from '../types';
import type { ShapeMember } from './vendor-shape';

// Seeded: the shared sequence of rand() (other rules' sample values) stays as it was.
let seed = 0x9f9000;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const uuid = () => [rs(HEX, 8), rs(HEX, 4), '4' + rs(HEX, 3), '8' + rs(HEX, 3), rs(HEX, 12)].join('-');

/** A member of the vendor-token family that may also ask its line for context (`near`). */
export interface ContextMember extends ShapeMember {
  /** The line must match this (a shape that alone is ambiguous: a wallet key beside a transaction hash). */
  near?: RegExp;
  /** …and must not match this. */
  notNear?: RegExp;
  /** A further test of the whole token. */
  check?: (token: string) => boolean;
  /** The true-positive lines for a member with `near` (tokenSamples' lines name no key). */
  contexts?: (token: string) => string[];
}

export const CONTEXT_VENDORS: ContextMember[] = [
  {
    id: 'astra-token',
    description: 'DataStax Astra DB application token (AstraCS:<24>:<64 hex>)',
    keywords: ['astracs:'],
    token: 'AstraCS:[A-Za-z0-9]{24}:[a-f0-9]{64}',
    prefixLen: 8,
    make: () => [j('Astra', 'CS:', rs(ALNUM, 24), ':', rs(HEX, 64))],
    traps: ['ASTRA_DB_APPLICATION_TOKEN=AstraCS:' + 'x'.repeat(24) + ':' + '0'.repeat(64), 'tokens start with AstraCS: and a client id'],
  },
  {
    id: 'bitbucket-dc-token',
    description: 'Bitbucket Data Center HTTP access token (BBDC-<44>)',
    keywords: ['bbdc-'],
    token: 'BBDC-[A-Za-z0-9+/]{44}',
    prefixLen: 5,
    make: () => [j('BB', 'DC-', rs(B64, 44))],
    traps: ['BITBUCKET_TOKEN=BBDC-' + 'x'.repeat(44), 'see BBDC-1234 for the upgrade notes'],
  },
  {
    id: 'brevo-key',
    description: 'Brevo (Sendinblue) API key (xkeysib-<64 hex>-<16>)',
    keywords: ['xkeysib-'],
    token: 'xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}',
    prefixLen: 8,
    make: () => [j('xkey', 'sib-', rs(HEX, 64), '-', rs(ALNUM, 16))],
    traps: ['BREVO_API_KEY=xkeysib-' + '0'.repeat(64) + '-' + 'x'.repeat(16)],
  },
  {
    id: 'cloudflare-origin-ca-key',
    description: 'Cloudflare Origin CA key (v1.0-<24 hex>-<146 hex>)',
    keywords: ['v1.0-'],
    token: 'v1\\.0-[a-f0-9]{24}-[a-f0-9]{146}',
    prefixLen: 5,
    make: () => [j('v1', '.0-', rs(HEX, 24), '-', rs(HEX, 146))],
    traps: ['release v1.0-rc1 of 2024-01-01', 'image: acme/api:v1.0-' + 'abcdef0123456789'],
  },
  {
    id: 'deepseek-key',
    description: 'DeepSeek API key (sk-<32 hex>)',
    keywords: ['sk-'],
    token: 'sk-[a-f0-9]{32}',
    prefixLen: 3,
    make: () => [j('s', 'k-', rs(HEX, 32))],
    traps: ['DEEPSEEK_API_KEY=sk-' + '0'.repeat(32), 'locale sk-SK and task sk-1234'],
  },
  {
    id: 'dropbox-token',
    description: 'Dropbox short-lived access token (sl.<130+>)',
    keywords: ['sl.'],
    token: 'sl\\.[A-Za-z0-9_-]{130,}',
    prefixLen: 3,
    make: () => [j('s', 'l.', rs(B64URL, 138))],
    traps: ['const x = model.fsl.config;', 'DROPBOX_TOKEN=sl.' + 'x'.repeat(138)],
  },
  {
    id: 'elevenlabs-key',
    description: 'ElevenLabs API key (sk_<48 hex>)',
    keywords: ['sk_'],
    token: 'sk_[a-f0-9]{48}',
    prefixLen: 3,
    make: () => [j('s', 'k_', rs(HEX, 48))],
    traps: ['ELEVENLABS_API_KEY=sk_' + '0'.repeat(48)],
  },
  {
    // Exactly 32 letters and digits after `sk_`, mixed (randomPartOk): `sk_live_…`/`sk_test_…` are Stripe's
    // (the `_` stops this shape), and a snake_case name after `sk_` holds `_` too.
    id: 'revenuecat-secret-key',
    description: 'RevenueCat secret API key (sk_<32 letters and digits>)',
    keywords: ['sk_'],
    token: 'sk_[A-Za-z0-9]{32}',
    prefixLen: 3,
    // Random letters and digits: a name in camelCase (`sk_DefaultSessionKeyForTheTests`) has no digit or reads as words.
    check: (t) => /\d/.test(t) && !isWordyIdentifier(t.slice(3)),
    make: () => [j('s', 'k_', rs(ALNUM, 32))],
    traps: [
      'const sk_placeholder_value_for_tests = 1;',
      'sk_' + 'abcdefghijklmnopqrstuvwxyzabcdef',
      'sk_' + 'DefaultSessionKeyForTheTestSuite',
      'REVENUECAT_KEY=sk_' + 'x'.repeat(32),
    ],
  },
  {
    id: 'facebook-access-token',
    description: 'Facebook / Meta Graph API access token (EAA…, 100+ letters and digits)',
    keywords: ['eaa'],
    token: 'EAA[A-Za-z0-9]{100,}',
    prefixLen: 4,
    make: () => [j('EA', 'AG', rs(ALNUM, 150)), j('EA', 'AB', rs(ALNUM, 180))],
    traps: ['FB_TOKEN=EAAG' + 'x'.repeat(150), 'const EAA_PREFIX = "EAA";'],
  },
  {
    id: 'firecrawl-key',
    description: 'Firecrawl API key (fc-<32 hex>)',
    keywords: ['fc-'],
    token: 'fc-[a-f0-9]{32}',
    prefixLen: 3,
    make: () => [j('f', 'c-', rs(HEX, 32))],
    traps: ['FIRECRAWL_API_KEY=fc-' + '0'.repeat(32), 'see rfc-7231 section 6'],
  },
  {
    id: 'jina-key',
    description: 'Jina AI API key (jina_<60>)',
    keywords: ['jina_'],
    token: 'jina_[A-Za-z0-9_-]{50,}',
    prefixLen: 5,
    make: () => [j('ji', 'na_', rs(HEX, 32), rs(ALNUM, 28))],
    traps: ['JINA_API_KEY=jina_' + 'x'.repeat(60), 'from jina_embeddings_client import make_the_client_for_tests'],
  },
  {
    id: 'nvidia-key',
    description: 'NVIDIA API key (nvapi-<64>)',
    keywords: ['nvapi-'],
    token: 'nvapi-[A-Za-z0-9_-]{60,}',
    prefixLen: 6,
    make: () => [j('nv', 'api-', rs(B64URL, 64))],
    traps: ['NVIDIA_API_KEY=nvapi-' + 'x'.repeat(64)],
  },
  {
    id: 'plaid-access-token',
    description: 'Plaid access token (access-production-<uuid>)',
    keywords: ['production-'],
    token: `access-production-${UUID}`,
    prefixLen: 18,
    make: () => [j('access-', 'production-', uuid())],
    traps: ['access-production-00000000-0000-0000-0000-000000000000', 'the access-production-<uuid> token'],
  },
  {
    id: 'plaid-sandbox-token',
    description: 'Plaid sandbox access token (access-sandbox-<uuid>)',
    keywords: ['sandbox-'],
    token: `access-sandbox-${UUID}`,
    prefixLen: 15,
    make: () => [j('access-', 'sandbox-', uuid())],
    traps: ['access-sandbox-00000000-0000-0000-0000-000000000000'],
  },
  {
    id: 'posthog-personal-key',
    description: 'PostHog personal API key (phx_<43>; the project key phc_ is public)',
    keywords: ['phx_'],
    token: 'phx_[A-Za-z0-9]{40,}',
    prefixLen: 4,
    make: () => [j('ph', 'x_', rs(ALNUM, 43))],
    traps: ['POSTHOG_PERSONAL_API_KEY=phx_' + 'x'.repeat(43)],
  },
  {
    id: 'tavily-key',
    description: 'Tavily API key (tvly-<32>, tvly-dev-…)',
    keywords: ['tvly-'],
    token: 'tvly-(?:dev-|prod-)?[A-Za-z0-9]{32}',
    prefixLen: 5,
    make: () => [j('tv', 'ly-', rs(ALNUM, 32)), j('tv', 'ly-', 'dev-', rs(ALNUM, 32))],
    traps: ['TAVILY_API_KEY=tvly-' + 'x'.repeat(32)],
  },
  {
    // Slack's refresh token (`xoxe-1-…`) and a rotating token (`xoxe.xoxp-1-…`): base64url, `_` included,
    // which the slack-token rule's body leaves out.
    id: 'slack-refresh-token',
    description: 'Slack refresh and rotating tokens (xoxe-1-…, xoxe.xoxp-1-…)',
    keywords: ['xoxe'],
    token: 'xoxe(?:\\.xox[a-z])?-\\d-[A-Za-z0-9_-]{40,}',
    prefixLen: 7,
    make: () => [j('xo', 'xe.', 'xoxp-1-', rs(B64URL, 140)), j('xo', 'xe-', '1-', rs(B64URL, 146))],
    traps: ['SLACK_REFRESH=xoxe-1-' + 'x'.repeat(140)],
  },
  {
    // Grafana Cloud's token is `glc_` and base64 of a JSON object: standard base64, and seen in base64url too
    // (grafana-token in vendor-more.ts stops at the first `-` or `_`): the whole body.
    id: 'grafana-cloud-token',
    description: 'Grafana Cloud access policy token (glc_eyJ…, base64 or base64url JSON)',
    keywords: ['glc_'],
    token: 'glc_eyJ[A-Za-z0-9+/_-]{32,}={0,2}',
    prefixLen: 4,
    make: () => [j('gl', 'c_', 'eyJ', rs(B64URL, 120))],
    traps: ['GRAFANA_TOKEN=glc_eyJ' + 'x'.repeat(120)],
  },
  {
    // A wallet's private key: 0x and 64 hex digits, the shape of a transaction or block hash too. Taken only
    // on a line that names a key (hardhat's and foundry's `accounts: ["0x…"]`, `PRIVATE_KEY=0x…`, a wallet, a
    // signer), never beside a storage slot's key (an access list's `storageKeys`).
    id: 'evm-private-key',
    description: 'EVM wallet private key (0x and 64 hex digits) on a line naming a key, an account or a wallet',
    keywords: ['0x'],
    token: '0x[a-fA-F0-9]{64}',
    prefixLen: 2,
    near: /accounts|priv|key|wallet|mnemonic|signer|deployer|secret/i,
    notNear: /Wallet\(|KeyToAccount\(|from_key\(|storage_?keys?|slot|hash|tx_?id|digest|root|topic|salt|selector|codehash|keyhash|keyid/i,
    make: () => [j('0', 'x', rs(HEX, 64))],
    contexts: (t) => [`      accounts: ["${t}"],`, `PRIVATE_KEY=${t}`, `networks: { sepolia: { url: RPC, accounts: ['${t}'] } },`],
    traps: [
      `const txHash = "0x${'ab12cd34'.repeat(8)}";`,
      `{"storageKeys": ["0x${rand(HEX, 64, 0x9f90ff)}"]}`,
      `blockHash: 0x${rand(HEX, 64, 0x9f90fe)} (the key block)`,
      `accounts: ["0x${'0'.repeat(64)}"]`,
    ],
  },
];

/**
 * Webhook URLs whose path holds the secret (whoever has the URL can post): Zapier's catch hook
 * (`hooks.zapier.com/hooks/catch/<account>/<secret>/`), Microsoft Teams' incoming webhook
 * (`….webhook.office.com/webhookb2/<group>@<tenant>/IncomingWebhook/<secret>/<owner>`, and the older
 * `outlook.office.com/webhook/…`), IFTTT's Maker key (`maker.ifttt.com/trigger/<event>/with/key/<key>`).
 * The pre-scan reaches each line by its host (the `.` anchor's heads in prefilter.ts).
 */
const WEBHOOK_PATHS: { re: RegExp; ok: (v: string) => boolean }[] = [
  // Zapier's secret is short (six letters and digits): a placeholder is none of those.
  { re: /hooks\.zapier\.com\/hooks\/(?:catch|standard)\/\d{3,12}\/([A-Za-z0-9]{5,40})(?![A-Za-z0-9])/g, ok: (v) => /\d/.test(v) && !/^(?:x+|X+)$/.test(v) },
  { re: /office\.com\/webhook(?:b2)?\/[^\s/]{8,100}\/IncomingWebhook\/([a-f0-9]{32})(?![A-Za-z0-9])/g, ok: randomPartOk },
  { re: /ifttt\.com\/trigger\/[^\s/]{1,80}\/with\/key\/([A-Za-z0-9_-]{16,64})(?![A-Za-z0-9_-])/g, ok: (v) => randomPartOk(v.replace(/[_-]/g, '')) },
];

export const webhookPathSecret: LineRule = {
  id: 'webhook-path-secret',
  description: "A webhook URL's secret path segment (Zapier catch hooks, Teams / Office 365 incoming webhooks, IFTTT Maker keys)",
  keywords: ['hooks.zapier.com/', 'office.com/webhook', 'ifttt.com/'],
  priority: 0,
  scan(line: string, out: Hit[]): void {
    for (const { re, ok } of WEBHOOK_PATHS) {
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(line)) !== null) {
        const v = m[1]!;
        if (!ok(v)) continue;
        const end = m.index + m[0].length;
        out.push({ start: end - v.length, end, rule: 'webhook-path-secret', priority: 0 });
      }
    }
  },
  samples: () => {
    const zap = j(rs('0123456789', 8), '/', rs('abcdefghijklmnopqrstuvwxyz', 3), rs('0123456789', 1), rs('abcdefghijklmnopqrstuvwxyz0123456789', 2));
    const office = rs(HEX, 32);
    const ifttt = rs(B64URL, 22);
    const u = () => uuid();
    return {
      truePositives: [
        { text: `ZAPIER_HOOK=https://hooks.zapier${'.com'}/hooks/catch/${zap}/`, secrets: [zap.slice(-6)] },
        {
          text: `  url: "https://acme.webhook.office${'.com'}/webhookb2/${u()}@${u()}/IncomingWebhook/${office}/${u()}"`,
          secrets: [office],
        },
        { text: `curl -X POST https://outlook.office${'.com'}/webhook/${u()}@${u()}/IncomingWebhook/${office}/${u()}`, secrets: [office] },
        { text: `fetch('https://maker.ifttt${'.com'}/trigger/deploy/with/key/${ifttt}')`, secrets: [ifttt] },
      ],
      falsePositives: [
        'https://hooks.zapier.com/hooks/catch/<account-id>/<hook-id>/',
        'see https://zapier.com/apps/webhook/integrations',
        `https://acme.webhook.office.com/webhookb2/{group}@{tenant}/IncomingWebhook/{id}/{owner}`,
        'https://maker.ifttt.com/trigger/{event}/with/key/{your_key}',
        'https://maker.ifttt.com/use/',
      ],
    };
  },
};
