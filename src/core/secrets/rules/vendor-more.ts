// More vendor token formats: the long tail of gitleaks' catalog that shows up in real repositories.
// Same discipline as vendor.ts: published shape, entropy floor on the random part, samples built at run time.
import { randomPartOk } from '../entropy';
import { ALNUM, B64, B64URL, HEX, j, rand } from '../samples';
import type { Hit, LineRule } from '../types';
import { regexRule, tokenSamples } from './make';
import { SHAPE_VENDORS } from './vendor-shape';
import { CONTEXT_VENDORS, type ContextMember } from './vendor-context';

interface Simple {
  id: string;
  description: string;
  keywords: string[];
  /** Regex source of the whole token (boundaries are added). */
  token: string;
  /** Where the random part starts. */
  prefixLen: number;
  make: () => string[];
  traps: string[];
  /** A word that may stand glued before the token (Telegram's `bot<id>:<token>` of its API paths). */
  glued?: string;
}

function simple(d: Simple): LineRule {
  const before = d.glued === undefined ? '(?<![A-Za-z0-9_])' : `(?:(?<![A-Za-z0-9_])|(?<=(?<![A-Za-z0-9_])${d.glued}))`;
  return regexRule({
    id: d.id,
    description: d.description,
    keywords: d.keywords,
    pattern: new RegExp(`${before}(${d.token})(?![A-Za-z0-9_])`, 'gd'),
    check: (s) => randomPartOk(s.slice(d.prefixLen)),
    samples: () => tokenSamples(d.make(), d.traps),
  });
}

const DIGITS = '0123456789';
// Seeded: the shared sequence of rand() (other rules' sample values) stays as it was.
let tailSeed = 0x7a1200;
const rs = (alphabet: string, n: number) => rand(alphabet, n, tailSeed++ * 7919);
const CROCKFORD = 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L';

/** A Discord bot token's three parts: base64 of a digit string (its first character M, N or O), 6, 27–40. */
const DISCORD = /(?<![\w-])([MNO][A-Za-z0-9]{22,26})\.([\w-]{6})\.([\w-]{27,40})(?![\w-])/g;
/** The docs' example bot token (the id of a bot in Discord's own guides). */
export const DISCORD_EXAMPLE = 'MTk4NjIyNDgzNDcxOTI1MjQ4';
/** `b64` is base64 (without padding) of 17–20 digits: a Discord snowflake id. */
export function snowflake(b64: string): boolean {
  if (b64 === DISCORD_EXAMPLE) return false;
  let s: string;
  try {
    s = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  } catch {
    return false;
  }
  return /^[1-9]\d{16,19}$/.test(s);
}

/** Twilio's account SID (`AC` and 32 hex digits) and, as the next argument, the auth token (32 hex digits). */
const TWILIO_PAIR = /(?<![A-Za-z0-9])(AC[0-9a-f]{32})(["'`])[ \t]*,[ \t]*(["'`])([0-9a-f]{32})\3/dg;

/**
 * Vendor tokens of the long tail in one rule: the pre-scan's selector has room for a bounded number of
 * rules, and each of these shapes is rare enough that trying them all on a line that names one costs nothing.
 * Each member keeps its own shape, entropy floor and samples; a hit is reported as `vendor-token`.
 */
function vendorFamily(members: (Simple & Partial<ContextMember>)[]): LineRule {
  // Each member's literal head (case as written), asked with includes first: the family wakes on common
  // keywords (`sk`, `pat`), and running every member's regex on each such line cost more than the rest.
  const patterns = members.map((d) => ({
    re: new RegExp(`(?<![A-Za-z0-9_])(?:${d.token})(?![A-Za-z0-9_])`, 'g'),
    prefixLen: d.prefixLen,
    head: /^[A-Za-z0-9_-]+/.exec(d.token.replace(/\\\./g, '.'))![0],
    near: d.near,
    notNear: d.notNear,
    check: d.check,
  }));
  return {
    id: 'vendor-token',
    description: `Vendor tokens of the long tail: ${members.map((d) => d.description).join('; ')}`,
    keywords: [...new Set(members.flatMap((d) => d.keywords))],
    priority: 0,
    scan(line: string, out: Hit[]): void {
      for (const { re, prefixLen, head, near, notNear, check } of patterns) {
        if (!line.includes(head)) continue;
        if (near !== undefined && (!near.test(line) || notNear!.test(line))) continue;
        re.lastIndex = 0;
        let m: RegExpExecArray | null;
        while ((m = re.exec(line)) !== null) {
          if (randomPartOk(m[0].slice(prefixLen)) && (check === undefined || check(m[0])))
            out.push({ start: m.index, end: m.index + m[0].length, rule: 'vendor-token', priority: 0 });
        }
      }
    },
    samples: () => {
      const parts = members.map((d) =>
        d.contexts === undefined
          ? tokenSamples(d.make(), d.traps)
          : { truePositives: d.make().flatMap((t) => d.contexts!(t).map((text) => ({ text, secrets: [t] }))), falsePositives: d.traps },
      );
      return { truePositives: parts.flatMap((x) => x.truePositives), falsePositives: parts.flatMap((x) => x.falsePositives) };
    },
  };
}

const TAIL_VENDORS: Simple[] = [
  {
    id: 'planetscale-token',
    description: 'PlanetScale database password, service token and OAuth token (pscale_pw_…, pscale_tkn_…)',
    keywords: ['pscale_'],
    token: 'pscale_(?:pw|tkn|oauth)_[A-Za-z0-9_.=-]{32,64}',
    prefixLen: 10,
    make: () => [j('pscale', '_pw_', rs(B64URL, 43)), j('pscale', '_tkn_', rs(B64URL, 43)), j('pscale', '_oauth_', rs(B64URL, 43))],
    traps: ['password: pscale_pw_<your-password>', 'PLANETSCALE_PASSWORD=pscale_pw_' + 'x'.repeat(43)],
  },
  {
    id: 'linear-oauth-token',
    description: 'Linear OAuth access token',
    keywords: ['lin_oauth_'],
    token: 'lin_oauth_[a-f0-9]{64}',
    prefixLen: 10,
    make: () => [j('lin', '_oauth_', rs(HEX, 64))],
    traps: ['LINEAR_TOKEN=lin_oauth_' + '0'.repeat(64)],
  },
  {
    id: 'render-key',
    description: 'Render API key',
    keywords: ['rnd_'],
    token: 'rnd_[A-Za-z0-9]{32}',
    prefixLen: 4,
    make: () => [j('rn', 'd_', rs(ALNUM, 32))],
    traps: ['const rnd_seed_for_the_generator = 1;', 'RENDER_API_KEY=rnd_' + 'X'.repeat(32)],
  },
  {
    id: 'netlify-token',
    description: 'Netlify personal access token (nfp_…)',
    keywords: ['nfp_'],
    token: 'nfp_[A-Za-z0-9]{36,40}',
    prefixLen: 4,
    make: () => [j('nf', 'p_', rs(ALNUM, 36))],
    traps: ['NETLIFY_AUTH_TOKEN=nfp_' + 'x'.repeat(36)],
  },
  {
    id: 'contentful-token',
    description: 'Contentful personal access token',
    keywords: ['pat'],
    token: 'CFPAT-[A-Za-z0-9_-]{43}',
    prefixLen: 6,
    make: () => [j('CF', 'PAT-', rs(B64URL, 43))],
    traps: ['CONTENTFUL_TOKEN=CFPAT-' + 'x'.repeat(43)],
  },
  {
    id: 'newrelic-ingest-key',
    description: 'New Relic ingest, browser and admin keys (NRII-, NRJS-)',
    keywords: ['nrii-', 'nrjs-'],
    token: 'NR(?:II|JS)-[A-Za-z0-9_-]{19,40}',
    prefixLen: 5,
    make: () => [j('NR', 'II-', rs(B64URL, 32)), j('NR', 'JS-', rs(HEX, 19))],
    traps: ['NEW_RELIC_LICENSE=NRII-' + 'x'.repeat(32)],
  },
  {
    id: 'shippo-token',
    description: 'Shippo API token',
    keywords: ['shippo_'],
    token: 'shippo_(?:live|test)_[a-f0-9]{40}',
    prefixLen: 12,
    make: () => [j('shippo', '_live_', rs(HEX, 40))],
    traps: ['SHIPPO_TOKEN=shippo_live_' + '0'.repeat(40)],
  },
  {
    id: 'onepassword-service-token',
    description: '1Password service account token (ops_ and base64url JSON)',
    keywords: ['eyj'],
    token: 'ops_eyJ[A-Za-z0-9_=-]{60,}',
    prefixLen: 4,
    make: () => [j('op', 's_', 'eyJzaWduSW5BZGRyZXNzIjoi', rs(B64URL, 300))],
    traps: ['OP_SERVICE_ACCOUNT_TOKEN=ops_eyJ' + 'x'.repeat(60)],
  },
  {
    id: 'mapbox-secret-token',
    description: 'Mapbox secret token (sk. and a base64url JSON head; pk. tokens are public)',
    keywords: ['eyj'],
    token: 'sk\\.eyJ[A-Za-z0-9_-]{20,}\\.[A-Za-z0-9_-]{20,}',
    prefixLen: 3,
    make: () => [j('sk', '.eyJ1Ijoi', rs(B64URL, 50), '.', rs(B64URL, 22))],
    traps: ['const style = "pk.eyJ1IjoiYWNtZSIsImEiOiJjbGZ4eHh4eHgifQ.publicpublicpublicpub";'],
  },
  {
    id: 'openrouter-key',
    description: 'OpenRouter API key',
    keywords: ['sk'],
    token: 'sk-or-v1-[a-f0-9]{64}',
    prefixLen: 9,
    make: () => [j('sk-', 'or-v1-', rs(HEX, 64))],
    traps: ['OPENROUTER_API_KEY=sk-or-v1-' + '0'.repeat(64)],
  },
  {
    id: 'cerebras-key',
    description: 'Cerebras API key',
    keywords: ['sk'],
    token: 'csk-[a-z0-9]{48}',
    prefixLen: 4,
    make: () => [j('cs', 'k-', rs('abcdefghijklmnopqrstuvwxyz0123456789', 48))],
    traps: ['CEREBRAS_API_KEY=csk-' + 'x'.repeat(48)],
  },
  {
    id: 'polar-token',
    description: 'Polar organisation and personal access tokens',
    keywords: ['polar_'],
    token: 'polar_[op]at_[A-Za-z0-9]{40,}',
    prefixLen: 10,
    make: () => [j('polar', '_oat_', rs(ALNUM, 43))],
    traps: ['POLAR_ACCESS_TOKEN=polar_oat_' + 'x'.repeat(43)],
  },
  {
    id: 'circleci-token',
    description: 'CircleCI personal API token',
    keywords: ['pat'],
    token: 'CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}',
    prefixLen: 7,
    make: () => [j('CCI', 'PAT_', rs(ALNUM, 22), '_', rs(HEX, 40))],
    traps: ['CIRCLE_TOKEN=CCIPAT_' + 'x'.repeat(22) + '_' + '0'.repeat(40)],
  },
  {
    id: 'bitbucket-app-password',
    description: 'Bitbucket app password / API token (ATBB…)',
    keywords: ['atbb'],
    token: 'ATBB[A-Za-z0-9_=.-]{32,}',
    prefixLen: 4,
    make: () => [j('AT', 'BB', rs(ALNUM, 40))],
    traps: ['const ATBB_PREFIX = "ATBB";'],
  },
  {
    id: 'neon-key',
    description: 'Neon API key (napi_…)',
    keywords: ['napi_'],
    token: 'napi_[a-z0-9]{64}',
    prefixLen: 5,
    make: () => [j('na', 'pi_', rs('abcdefghijklmnopqrstuvwxyz0123456789', 64))],
    traps: ['NEON_API_KEY=napi_' + 'x'.repeat(64), 'see napi_get_value_string_utf8 in the Node-API docs'],
  },
  {
    id: 'rubygems-key',
    description: 'RubyGems.org API key (rubygems_…)',
    keywords: ['rubygems_'],
    token: 'rubygems_[a-f0-9]{48}',
    prefixLen: 9,
    make: () => [j('ruby', 'gems_', rs(HEX, 48))],
    traps: [':rubygems_api_key: rubygems_' + '0'.repeat(48), 'gem push --key rubygems_api_key_name'],
  },
];

export const MORE_VENDOR_RULES: LineRule[] = [
  simple({
    id: 'vault-token',
    description: 'HashiCorp Vault service, batch and recovery tokens',
    keywords: ['hvs.', 'hvb.', 'hvr.'],
    token: 'hv[sbr]\\.[A-Za-z0-9_-]{24,}',
    prefixLen: 4,
    make: () => [j('hv', 's.', rand(B64URL, 90))],
    traps: ['VAULT_TOKEN=hvs.XXXXXXXXXXXXXXXXXXXXXXXX'],
  }),
  simple({
    id: 'terraform-cloud-token',
    description: 'Terraform Cloud / Enterprise API token',
    keywords: ['.atlasv1.'],
    token: '[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,}',
    prefixLen: 23,
    make: () => [j(rand(ALNUM, 14), '.atlas', 'v1.', rand(B64URL, 67))],
    traps: ['token = "xxxxxxxxxxxxxx.atlasv1.<token>"'],
  }),
  simple({
    id: 'doppler-token',
    description: 'Doppler service, personal, CLI and SCIM tokens',
    keywords: ['dp.'],
    // A service token names its config between the type and the key: `dp.st.prd.…`, `dp.st.dev_eu.…`.
    token: 'dp\\.(?:pt|st|sa|ct|scim|audit)\\.(?:[a-z0-9_-]{1,40}\\.)?[A-Za-z0-9]{40,}',
    prefixLen: 6,
    make: () => [j('dp', '.pt.', rand(ALNUM, 43)), j('dp', '.st.', 'prd.', rs(ALNUM, 43))],
    traps: ['DOPPLER_TOKEN=dp.pt.<token>'],
  }),
  simple({
    id: 'linear-key',
    description: 'Linear API key',
    keywords: ['lin_api_'],
    token: 'lin_api_[A-Za-z0-9]{40}',
    prefixLen: 8,
    make: () => [j('lin', '_api_', rand(ALNUM, 40))],
    traps: ['LINEAR_KEY=lin_api_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  }),
  // rt19mask: a bare Frame.io developer token (in prose, a JSON array, a CSV row, `redis:auth("…")`) was shown.
  simple({
    id: 'frameio-token',
    description: 'Frame.io developer token',
    keywords: ['fio-u-'],
    token: 'fio-u-[A-Za-z0-9_-]{64}',
    prefixLen: 6,
    make: () => [j('fio', '-u-', rs(B64URL, 64))],
    traps: ['FRAMEIO_TOKEN=fio-u-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  }),
  simple({
    id: 'postman-key',
    description: 'Postman API key',
    keywords: ['pmak-'],
    token: 'PMAK-[a-f0-9]{24}-[a-f0-9]{34}',
    prefixLen: 5,
    make: () => [j('PM', 'AK-', rand(HEX, 24), '-', rand(HEX, 34))],
    traps: ['POSTMAN_API_KEY=PMAK-<key>'],
  }),
  simple({
    id: 'newrelic-key',
    description: 'New Relic user API key',
    keywords: ['nrak-'],
    token: 'NRAK-[A-Z0-9]{27}',
    prefixLen: 5,
    make: () => [j('NR', 'AK-', rand('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 27))],
    traps: ['NEW_RELIC_API_KEY=NRAK-XXXXXXXXXXXXXXXXXXXXXXXXXXX'],
  }),
  simple({
    id: 'sentry-token',
    description: 'Sentry organisation and user auth tokens',
    keywords: ['sntrys_', 'sntryu_'],
    // An organisation token is `sntrys_<base64 of its claims>_<secret>`, the secret URL-safe base64 (`-` in it).
    token: 'sntry[su]_[A-Za-z0-9+/=_-]{40,}',
    prefixLen: 7,
    make: () => [
      j('sntr', 'ys_', rand(B64, 120)),
      j('sntr', 'ys_', rand(B64, 60), '_', rand(B64URL, 20), '-', rand(B64URL, 22)),
      j('sntr', 'yu_', rand(HEX, 64)),
    ],
    traps: ['SENTRY_AUTH_TOKEN=sntrys_<token>'],
  }),
  simple({
    id: 'grafana-token',
    description: 'Grafana Cloud and service account tokens',
    keywords: ['glc_', 'glsa_'],
    token: 'glc_[A-Za-z0-9+/]{32,}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}',
    prefixLen: 4,
    make: () => [j('gl', 'c_', rand(B64, 80)), j('gl', 'sa_', rand(ALNUM, 32), '_', rand(HEX, 8))],
    traps: ['GRAFANA_TOKEN=glc_<token>'],
  }),
  simple({
    id: 'age-secret-key',
    description: 'age encryption secret key',
    keywords: ['secret-key-1'],
    token: 'AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}',
    prefixLen: 16,
    make: () => [j('AGE-', 'SECRET-', 'KEY-1', rand(CROCKFORD, 58))],
    traps: ['# age keys begin with AGE-SECRET-KEY-1'],
  }),
  simple({
    id: 'groq-key',
    description: 'Groq API key',
    keywords: ['gsk_'],
    token: 'gsk_[A-Za-z0-9]{52}',
    prefixLen: 4,
    make: () => [j('gs', 'k_', rand(ALNUM, 52))],
    traps: ['GROQ_API_KEY=gsk_...'],
  }),
  simple({
    id: 'perplexity-key',
    description: 'Perplexity API key',
    keywords: ['pplx-'],
    token: 'pplx-[A-Za-z0-9]{48}',
    prefixLen: 5,
    make: () => [j('pp', 'lx-', rand(ALNUM, 48))],
    traps: ['PPLX_KEY=pplx-<key>'],
  }),
  simple({
    id: 'xai-key',
    description: 'xAI API key',
    keywords: ['xai-'],
    token: 'xai-[A-Za-z0-9]{80}',
    prefixLen: 4,
    make: () => [j('xa', 'i-', rand(ALNUM, 80))],
    traps: ['model: xai-grok-beta'],
  }),
  simple({
    id: 'replicate-token',
    description: 'Replicate API token',
    keywords: ['r8_'],
    token: 'r8_[A-Za-z0-9]{37}',
    prefixLen: 3,
    make: () => [j('r', '8_', rand(ALNUM, 37))],
    traps: ['const r8_count = 3;'],
  }),
  simple({
    id: 'databricks-token',
    description: 'Databricks personal access token',
    keywords: ['dapi'],
    token: 'dapi[a-f0-9]{32}(?:-\\d)?',
    prefixLen: 4,
    make: () => [j('da', 'pi', rand(HEX, 32))],
    traps: ['const dapiVersion = 2;'],
  }),
  simple({
    id: 'telegram-bot-token',
    description: 'Telegram bot token',
    keywords: [':aa'],
    token: '\\d{8,10}:AA[A-Za-z0-9_-]{33}',
    prefixLen: 13,
    make: () => [j(rand(DIGITS, 10), ':A', 'A', rand(B64URL, 33))],
    traps: ['at 12:AA meeting', 'robot12345678:AA' + 'x'.repeat(33)],
    // `bot<id>:<token>`: the Bot API's path (`https://api.telegram.org/bot…/getMe`) glues the word to the token.
    glued: 'bot',
  }),
  simple({
    id: 'square-token',
    description: 'Square access token and OAuth secret',
    keywords: ['sq0atp-', 'sq0csp-'],
    token: 'sq0(?:atp|csp)-[A-Za-z0-9_-]{22,60}',
    prefixLen: 7,
    make: () => [j('sq0', 'atp-', rand(B64URL, 22)), j('sq0', 'csp-', rand(B64URL, 43))],
    traps: ['SQUARE_TOKEN=sq0atp-XXXXXXXXXXXXXXXXXXXXXX'],
  }),
  simple({
    id: 'supabase-token',
    description: 'Supabase personal access token',
    keywords: ['sbp_'],
    token: 'sbp_[a-f0-9]{40}',
    prefixLen: 4,
    make: () => [j('sb', 'p_', rand(HEX, 40))],
    traps: ['SUPABASE_TOKEN=sbp_<token>'],
  }),
  simple({
    id: 'figma-token',
    description: 'Figma personal access token',
    keywords: ['figd_'],
    token: 'figd_[A-Za-z0-9_-]{40}',
    prefixLen: 5,
    make: () => [j('fi', 'gd_', rand(B64URL, 40))],
    traps: ['FIGMA_TOKEN=figd_<token>'],
  }),
  simple({
    id: 'pulumi-token',
    description: 'Pulumi access token',
    keywords: ['pul-'],
    token: 'pul-[a-f0-9]{40}',
    prefixLen: 4,
    make: () => [j('pu', 'l-', rand(HEX, 40))],
    traps: ['PULUMI_ACCESS_TOKEN=pul-<token>'],
  }),
  simple({
    id: 'sonar-token',
    description: 'SonarQube / SonarCloud tokens',
    keywords: ['sqp_', 'squ_', 'sqa_'],
    token: 'sq[pua]_[a-f0-9]{40}',
    prefixLen: 4,
    make: () => [j('sq', 'p_', rand(HEX, 40))],
    traps: ['SONAR_TOKEN=sqp_<token>'],
  }),
  simple({
    id: 'buildkite-token',
    description: 'Buildkite user access token',
    keywords: ['bkua_'],
    token: 'bkua_[a-f0-9]{40}',
    prefixLen: 5,
    make: () => [j('bk', 'ua_', rand(HEX, 40))],
    traps: ['BUILDKITE_TOKEN=bkua_<token>'],
  }),
  simple({
    id: 'notion-token',
    description: 'Notion integration token',
    keywords: ['ntn_', 'secret_'],
    token: 'ntn_[A-Za-z0-9]{46}|secret_[A-Za-z0-9]{43}',
    prefixLen: 4,
    make: () => [j('nt', 'n_', rand(ALNUM, 46)), j('sec', 'ret_', rand(ALNUM, 43))],
    traps: ['const secret_santa = true;'],
  }),
  simple({
    id: 'atlassian-token',
    description: 'Atlassian API token',
    keywords: ['atatt3'],
    token: 'ATATT3[A-Za-z0-9_=-]{180,}',
    prefixLen: 6,
    make: () => [j('ATA', 'TT3', rand(B64URL, 186))],
    traps: ['JIRA_TOKEN=ATATT3<token>'],
  }),
  simple({
    id: 'alibaba-key-id',
    description: 'Alibaba Cloud AccessKey id',
    keywords: ['ltai'],
    token: 'LTAI[A-Za-z0-9]{20}',
    prefixLen: 4,
    make: () => [j('LT', 'AI', rand(ALNUM, 20))],
    traps: ['const LTAI_PREFIX = "LTAI";'],
  }),
  simple({
    id: 'heroku-key',
    description: 'Heroku API key (new format)',
    keywords: ['hrku-'],
    token: 'HRKU-[A-Za-z0-9_-]{60}',
    prefixLen: 5,
    make: () => [j('HR', 'KU-', rand(B64URL, 60))],
    traps: ['HEROKU_API_KEY=HRKU-<key>'],
  }),
  simple({
    id: 'flyio-token',
    description: 'Fly.io access token (fo1_…; `FlyV1 fm2_…`: base64 macaroons with + / =, joined by commas)',
    keywords: ['fo1_', 'fm2_'],
    token: '(?:fo1|fm2)_[A-Za-z0-9_+/=-]{40,}(?:,(?:fo1|fm2)_[A-Za-z0-9_+/=-]{20,})*',
    prefixLen: 4,
    make: () => [
      j('fo', '1_', rand(B64URL, 43)),
      j('fm', '2_', rand(B64, 60, 0xf171), '+', rand(B64, 70, 0xf172), '/', rand(B64, 30, 0xf173), '==,fm', '2_', rand(B64, 50, 0xf174), '='),
    ],
    traps: ['FLY_TOKEN=fo1_<token>'],
  }),
  simple({
    id: 'azure-devops-pat',
    description: 'Azure DevOps personal access token (84 characters, the AZDO signature at 76)',
    keywords: ['azdo'],
    token: '[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4}',
    prefixLen: 0,
    make: () => [j(rand(ALNUM, 76), 'AZ', 'DO', rand(ALNUM, 4))],
    traps: ['const AZDO_ORG = "https://dev.azure.com/acme";', 'x'.repeat(76) + 'AZDOxxxx'],
  }),
  simple({
    id: 'twitter-bearer-token',
    description: 'Twitter / X app-only bearer token (twenty-odd A, then the key)',
    keywords: ['aaaaaaaaaaaaaaaaaaaa'],
    token: 'A{20,24}[A-Za-z0-9%]{40,}',
    prefixLen: 24,
    make: () => [j('AAAAAAAAAA', 'AAAAAAAAAAAA', rand(ALNUM, 30), '%3D', rand(ALNUM, 50))],
    traps: ['"data": "' + 'A'.repeat(64) + '"', 'iVBORw0KGgo' + 'A'.repeat(40) + 'NSUhEUgAAAAEAAAAB'],
  }),
  simple({
    id: 'braintree-token',
    description: 'Braintree access token',
    keywords: ['access_token$'],
    token: 'access_token\\$(?:production|sandbox)\\$[0-9a-z]{16}\\$[0-9a-f]{32}',
    prefixLen: 21,
    make: () => [j('access_to', 'ken$production$', rand('abcdefghijklmnopqrstuvwxyz0123456789', 16), '$', rand(HEX, 32))],
    traps: ['access_token$production$<merchant>$<token>'],
  }),
  simple({
    id: 'asana-pat',
    description: 'Asana personal access token (1/… or 2/…/…: and 32 characters)',
    keywords: ['0/', '1/', '2/', '3/', '4/', '5/', '6/', '7/', '8/', '9/'],
    token: '[0-9]{1,2}/(?:[0-9]{16}/)?[0-9]{16}:[A-Za-z0-9]{32}',
    prefixLen: 19,
    make: () => [j('1/', rand(DIGITS, 16), ':', rand(HEX, 32)), j('2/', rand(DIGITS, 16), '/', rand(DIGITS, 16), ':', rand(HEX, 32))],
    traps: ['see https://app.asana.com/0/1200000000000000/1200000000000001:list', 'ratio 1/1234567890123456:00000000000000000000000000000000'],
  }),
  simple({
    id: 'gitlab-runner-token',
    description: 'GitLab runner registration token (GR1348941…)',
    keywords: ['gr1348941'],
    token: 'GR1348941[A-Za-z0-9_-]{20,}',
    prefixLen: 9,
    make: () => [j('GR134', '8941', rand(B64URL, 20))],
    traps: ['GITLAB_RUNNER_TOKEN=GR1348941' + 'x'.repeat(20), 'the prefix is GR1348941 in runner 16'],
  }),
  simple({
    id: 'dockerhub-pat',
    description: 'Docker Hub personal access token',
    keywords: ['dckr_pat_'],
    token: 'dckr_pat_[A-Za-z0-9_-]{27}',
    prefixLen: 9,
    make: () => [j('dckr', '_pat_', rand(B64URL, 27))],
    traps: ['DOCKER_TOKEN=dckr_pat_<token>'],
  }),
  simple({
    id: 'tailscale-key',
    description: 'Tailscale auth, API, OAuth client and webhook keys (tskey-auth-…)',
    keywords: ['tskey-'],
    token: 'tskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,}',
    prefixLen: 11,
    make: () => [j('tskey', '-auth-', rand(ALNUM, 17), '-', rand(ALNUM, 34)), j('tskey', '-api-', rand(ALNUM, 12), '-', rand(ALNUM, 30))],
    // Built at run time: a key-shaped literal in the bundle trips secret scanners (vsce refuses to package it).
    traps: [j('TS_AUTHKEY=tskey', '-auth-', 'X'.repeat(12), '-', 'X'.repeat(24)), 'keys look like tskey-auth-<id>-<secret>'],
  }),
  simple({
    id: 'pinecone-key',
    description: 'Pinecone API key (pcsk_…)',
    keywords: ['pcsk_'],
    token: 'pcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9_]{40,}',
    prefixLen: 5,
    make: () => [j('pc', 'sk_', rand(ALNUM, 6), '_', rand(ALNUM, 63))],
    traps: ['PINECONE_API_KEY=pcsk_xxxxxx_' + 'x'.repeat(63)],
  }),
  simple({
    id: 'langsmith-key',
    description: 'LangSmith personal access token and service key (lsv2_pt_ / lsv2_sk_)',
    keywords: ['lsv2_'],
    token: 'lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}',
    prefixLen: 8,
    make: () => [j('lsv2', '_pt_', rand(HEX, 32), '_', rand(HEX, 10)), j('lsv2', '_sk_', rand(HEX, 32), '_', rand(HEX, 10))],
    traps: ['LANGSMITH_API_KEY=lsv2_pt_' + '0'.repeat(32) + '_' + '0'.repeat(10)],
  }),
  simple({
    id: 'resend-key',
    description: 'Resend API key (re_ and two random runs)',
    keywords: ['re_'],
    token: 're_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}',
    prefixLen: 3,
    make: () => [j('r', 'e_', rand(ALNUM, 8), '_', rand(ALNUM, 24))],
    traps: ['const re_compile = re_match_all_of_them_in_the_long_text;', 'RESEND_API_KEY=re_xxxxxxxx_xxxxxxxxxxxxxxxxxxxxxxxx'],
  }),
  // Twilio's auth token is 32 hex digits with nothing of its own; beside its account SID in a client's
  // constructor (`twilio("AC…", "…")`, `new Client("AC…", "…")`) the pair names it.
  {
    id: 'twilio-auth-token',
    description: 'Twilio auth token handed over right after its account SID (AC…)',
    keywords: ['ac'],
    priority: 0,
    scan(line: string, out: Hit[]): void {
      TWILIO_PAIR.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = TWILIO_PAIR.exec(line)) !== null) {
        if (!randomPartOk(m[4]!)) continue;
        for (const g of [1, 4]) {
          const [start, end] = m.indices![g]!;
          out.push({ start, end, rule: 'twilio-auth-token', priority: 0 });
        }
      }
    },
    samples: () => {
      // Seeded: the shared sequence of rand() (other rules' sample values) stays as it was.
      const sid = j('A', 'C', rand(HEX, 32, 0x7a1110));
      const tok = rand(HEX, 32, 0x7a1111);
      return {
        truePositives: [
          { text: `const twilio = require("twilio")("${sid}", "${tok}");`, secrets: [sid.slice(2), tok] },
          { text: `client = Client('${sid}', '${tok}')`, secrets: [sid.slice(2), tok] },
        ],
        falsePositives: [`client = Client('AC${'0'.repeat(32)}', auth_token)`, 'const ACTION_TYPES = ["ACTIVE", "ACCEPTED"];'],
      };
    },
  },
  simple({
    id: 'fcm-server-key',
    description: 'Firebase Cloud Messaging legacy server key (AAAA…:APA91b…)',
    keywords: [':apa91b'],
    token: '[A-Za-z0-9_-]{7,12}:APA91b[A-Za-z0-9_-]{100,}',
    prefixLen: 0,
    // Seeded: the shared sequence of rand() (other rules' sample values) stays as it was.
    make: () => [j('AAAA', rand(B64URL, 7, 0x7a1112), ':APA', '91b', rand(B64URL, 134, 0x7a1113))],
    traps: ['see https://firebase.google.com/docs/cloud-messaging for the :APA91b format'],
  }),
  simple({
    id: 'hubspot-token',
    description: 'HubSpot private app access token (pat-na1-… / pat-eu1-…)',
    keywords: ['pat-na', 'pat-eu'],
    token: 'pat-(?:na|eu)\\d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
    prefixLen: 8,
    make: () => [j('pat', '-na1-', rand(HEX, 8), '-', rand(HEX, 4), '-', rand(HEX, 4), '-', rand(HEX, 4), '-', rand(HEX, 12))],
    traps: ['HUBSPOT_TOKEN=pat-na1-00000000-0000-0000-0000-000000000000', 'region pat-na1 is the default'],
  }),
  // A Discord bot token: the bot's user id (a snowflake, 17–20 digits) in base64, a timestamp, an HMAC. Nothing
  // literal marks it, so the first part must decode to the digits of an id: random text of that shape does not.
  {
    id: 'discord-bot-token',
    description: 'Discord bot token (base64 of the bot id, timestamp, HMAC)',
    keywords: ['discord', 'bot'],
    priority: 0,
    scan(line: string, out: Hit[]): void {
      DISCORD.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = DISCORD.exec(line)) !== null) {
        if (!snowflake(m[1]!) || !randomPartOk(m[3]!)) continue;
        out.push({ start: m.index, end: m.index + m[0].length, rule: 'discord-bot-token', priority: 0 });
      }
    },
    samples: () => {
      const id = rs(DIGITS.slice(1), 1) + rs(DIGITS, 17);
      const t = j(btoa(id).replace(/=+$/, ''), '.', rs(B64URL, 6), '.', rs(B64URL, 38));
      const u = j(btoa(rs(DIGITS.slice(1), 1) + rs(DIGITS, 18)).replace(/=+$/, ''), '.', rs(B64URL, 6), '.', rs(B64URL, 27));
      return {
        truePositives: [
          { text: `    let discord = String::from("${t}");`, secrets: [t.slice(0, 24), t.slice(-38)] },
          { text: `    DISCORD_BOT: ${u}`, secrets: [u.slice(0, 24), u.slice(-27)] },
          { text: `bot = commands.Bot(command_prefix="!"); bot_token: "${t}"`, secrets: [t.slice(-38)] },
        ],
        falsePositives: [
          // The first part is base64 of letters, not of an id's digits.
          `let discord = "${btoa('abcdefghijklmnopqr').replace(/=+$/, '')}.${'a'.repeat(6)}.${rs(B64URL, 38)}";`,
          `bot = "${j(DISCORD_EXAMPLE, '.', rs(B64URL, 6), '.', rs(B64URL, 27))}"; // Discord's guides' example bot`,
          'discord: https://discord.gg/abcdef',
        ],
      };
    },
  },
  vendorFamily([...TAIL_VENDORS, ...SHAPE_VENDORS, ...CONTEXT_VENDORS]),
];
