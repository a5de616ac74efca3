// Vendor tokens recognised by their shape alone: in prose, a log line, under a key that says nothing
// (`item_1: "…"`). Each follows the vendor's published format (cross-checked against gitleaks' catalog);
// samples are built at run time.
// Two kinds of reach. Tokens with a literal head the pre-scan can anchor on (an `_` or `-` after a vendor
// prefix, a head holding `A`, `K`, `G` or `.`: prefilter.ts's tables) are members of the vendor-token family
// (rules/vendor-more.ts). Tokens whose head holds none of those characters (NuGet's `oy2…`, Google's `1//0…`,
// Azure AD's `…8Q~…`, Airtable's `pat….…`, Mailchimp's `…-us12`) are found by block rules gated on a literal,
// which the pre-scan's pass notes with the other gates (literals.ts): a text without it costs nothing more.
import { randomPartOk } from '../entropy';
import { lineOf } from '../blocks';
import { ALNUM, B64URL, HEX, j, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex, RuleSamples } from '../types';

// Seeded: the shared sequence of rand() (other rules' sample values) stays as it was.
let seed = 0x5a4e00;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const LOWER_DIGITS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The shape of a vendor-token family member (rules/vendor-more.ts). */
export interface ShapeMember {
  id: string;
  description: string;
  keywords: string[];
  /** Regex source of the whole token (boundaries are added). */
  token: string;
  /** Where the random part starts. */
  prefixLen: number;
  make: () => string[];
  traps: string[];
}

/**
 * Members of the vendor-token family. Each head is reachable by the pre-scan: `aio_`, `CLOJARS_`, `sgp_`,
 * `pnu_` (UNDERSCORE_PREFIXES), `FLWSECK-`, `FLWSECK_TEST-`, `ico-` (DASH_PREFIXES), `AKID`, `AQVN`,
 * `AKCp`, `EAAA` (anchor A), `EZAK`, `EZTK` (anchor K), `cmVmdGtuOjAxOj` (anchor G), `dt0c01.` and the
 * Discord webhook hosts (anchor `.`).
 */
export const SHAPE_VENDORS: ShapeMember[] = [
  {
    id: 'tencent-secret-id',
    description: 'Tencent Cloud SecretId (AKID…)',
    keywords: ['akid'],
    token: 'AKID[A-Za-z0-9]{32,34}',
    prefixLen: 4,
    make: () => [j('AK', 'ID', rs(ALNUM, 32))],
    // The AWS SigV4 test suite's example key id.
    traps: ['aws_access_key_id = AKIDEXAMPLE', 'const AKID_PREFIX = "AKID";'],
  },
  {
    id: 'yandex-api-key',
    description: 'Yandex Cloud API key (AQVN…)',
    keywords: ['aqvn'],
    token: 'AQVN[A-Za-z0-9_-]{35,38}',
    prefixLen: 4,
    make: () => [j('AQ', 'VN', rs(B64URL, 36))],
    traps: ['YC_API_KEY=AQVN' + 'x'.repeat(36)],
  },
  {
    id: 'dynatrace-token',
    description: 'Dynatrace API token (dt0c01.<24>.<64>)',
    keywords: ['dt0c01.'],
    token: 'dt0c01\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{64}',
    prefixLen: 7,
    make: () => [j('dt0', 'c01.', rs(UPPER_DIGITS, 24), '.', rs(UPPER_DIGITS, 64))],
    traps: ['DT_API_TOKEN=dt0c01.' + 'X'.repeat(24) + '.' + 'X'.repeat(64), 'tokens start with dt0c01.'],
  },
  {
    id: 'easypost-key',
    description: 'EasyPost production and test API keys (EZAK…, EZTK…)',
    keywords: ['ezak', 'eztk'],
    token: 'EZ[AT]K[A-Za-z0-9]{54}',
    prefixLen: 4,
    make: () => [j('EZ', 'AK', rs(ALNUM, 54)), j('EZ', 'TK', rs(ALNUM, 54))],
    traps: ['EASYPOST_API_KEY=EZAK' + 'x'.repeat(54)],
  },
  {
    id: 'flutterwave-secret-key',
    description: 'Flutterwave secret key (FLWSECK-…-X, FLWSECK_TEST-…-X)',
    keywords: ['flwseck'],
    token: 'FLWSECK(?:_TEST)?-[A-Ha-h0-9]{32}-X',
    prefixLen: 8,
    make: () => [j('FLW', 'SECK-', rs(HEX, 32), '-X'), j('FLW', 'SECK_TEST-', rs(HEX, 32), '-X')],
    traps: ['FLW_SECRET_KEY=FLWSECK-' + '0'.repeat(32) + '-X', 'FLWPUBK-' + rand(HEX, 32, 0x5a4eff) + '-X'],
  },
  {
    id: 'infracost-key',
    description: 'Infracost API key (ico-…)',
    keywords: ['ico-'],
    token: 'ico-[A-Za-z0-9]{32}',
    prefixLen: 4,
    make: () => [j('ic', 'o-', rs(ALNUM, 32))],
    traps: ['<link rel="icon" href="/fav-ico-32x32.png">', 'INFRACOST_API_KEY=ico-' + 'x'.repeat(32)],
  },
  {
    id: 'adafruit-io-key',
    description: 'Adafruit IO key (aio_…)',
    keywords: ['aio_'],
    token: 'aio_[A-Za-z0-9]{28}',
    prefixLen: 4,
    make: () => [j('ai', 'o_', rs(ALNUM, 28))],
    traps: ['import aio_pika_connection_helpers_for_x', 'AIO_KEY=aio_' + 'x'.repeat(28)],
  },
  {
    id: 'jfrog-key',
    description: 'JFrog Artifactory API key (AKCp…)',
    keywords: ['akcp'],
    token: 'AKCp[A-Za-z0-9]{69}',
    prefixLen: 4,
    make: () => [j('AK', 'Cp', rs(ALNUM, 69))],
    traps: ['ARTIFACTORY_KEY=AKCp' + 'x'.repeat(69)],
  },
  {
    id: 'jfrog-reference-token',
    description: 'JFrog reference token (base64 of `reftkn:01:`, then the token)',
    keywords: ['cmvmdgtuojaxoj'],
    token: 'cmVmdGtuOjAxOj[A-Za-z0-9]{50}',
    prefixLen: 14,
    make: () => [j('cmVmdGtu', 'OjAxOj', rs(ALNUM, 50))],
    traps: ['JFROG_TOKEN=cmVmdGtuOjAxOj' + 'x'.repeat(50)],
  },
  {
    id: 'square-access-token',
    description: 'Square access token (EAAA…)',
    keywords: ['eaaa'],
    token: 'EAAA[A-Za-z0-9_-]{60}',
    prefixLen: 4,
    make: () => [j('EA', 'AA', rs(B64URL, 60))],
    // A base64 body wrapped at 76 goes on past 64 characters.
    traps: ['SQUARE_TOKEN=EAAA' + 'x'.repeat(60), 'EAAA' + rand(ALNUM, 72, 0x5a4efe)],
  },
  {
    id: 'clojars-token',
    description: 'Clojars deploy token (CLOJARS_…)',
    keywords: ['clojars_'],
    token: 'CLOJARS_[A-Za-z0-9]{60}',
    prefixLen: 8,
    make: () => [j('CLO', 'JARS_', rs(LOWER_DIGITS, 60))],
    traps: ['CLOJARS_TOKEN=CLOJARS_' + 'x'.repeat(60), 'export CLOJARS_USERNAME=deploy'],
  },
  {
    id: 'sourcegraph-token',
    description: 'Sourcegraph access token (sgp_…)',
    keywords: ['sgp_'],
    token: 'sgp_(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}',
    prefixLen: 4,
    make: () => [j('sg', 'p_', rs(HEX, 16), '_', rs(HEX, 40)), j('sg', 'p_', rs(HEX, 40))],
    traps: ['SRC_ACCESS_TOKEN=sgp_' + '0'.repeat(40)],
  },
  {
    id: 'prefect-key',
    description: 'Prefect Cloud API key (pnu_…)',
    keywords: ['pnu_'],
    token: 'pnu_[A-Za-z0-9]{36}',
    prefixLen: 4,
    make: () => [j('pn', 'u_', rs(ALNUM, 36))],
    traps: ['PREFECT_API_KEY=pnu_' + 'x'.repeat(36)],
  },
];

/** A block rule finding one token shape at each occurrence of its literal (`gate`), which must stand in the token. */
interface LiteralShape {
  id: string;
  description: string;
  gate: string;
  /** Sticky regex of the token, tried at `occurrence - back` for each `back` (the gate's offsets in the token). */
  re: RegExp;
  backs: number[];
  /**
   * A necessary condition of `re` matching at `s`, cheaper than trying it (a common literal such as `pat`
   * of `path` and `pattern` is tried thousands of times in a source tree): false skips the regex.
   */
  quick?: (text: string, s: number) => boolean;
  /** Accepts the token (the random part's floor). */
  check: (token: string) => boolean;
  samples: () => RuleSamples;
}

function literalShape(d: LiteralShape): BlockRule {
  return {
    id: d.id,
    description: d.description,
    gate: d.gate,
    scan(text: string, lines: LineIndex, out: BlockOutput): void {
      let last = -1;
      for (let p = text.indexOf(d.gate); p !== -1; p = text.indexOf(d.gate, Math.max(p + 1, last))) {
        for (const back of d.backs) {
          const s = p - back;
          if (s < 0 || s < last || (d.quick !== undefined && !d.quick(text, s))) continue;
          d.re.lastIndex = s;
          const m = d.re.exec(text);
          if (m === null || !d.check(m[0])) continue;
          const starts = lines.starts();
          const li = lineOf(starts, s);
          const ls = starts[li]!;
          const hits = out.hits.get(li) ?? [];
          hits.push({ start: s - ls, end: s - ls + m[0].length, rule: d.id, priority: 0 });
          out.hits.set(li, hits);
          last = s + m[0].length;
          break;
        }
      }
    },
    samples: d.samples,
  };
}

/** Boundaries of a token: no token character before or after. */
// A token starts where no word character stands before it, or where the one before it ends an escape: URL
// encoding (`token%3Dghp_…`), a backslash escape (`\nghp_…` in a JSON string), `\x3D`, `\u003D`.
const B = '(?<!(?<!%[0-9A-Fa-f]|\\\\|\\\\x[0-9A-Fa-f]|\\\\u[0-9A-Fa-f]{3})[A-Za-z0-9_])';
const E = '(?![A-Za-z0-9_])';

/** Token samples in prose, under an innocent key, and in a call (the shapes these rules exist for). */
export function shapeSamples(tokens: string[], traps: string[]): RuleSamples {
  return {
    truePositives: tokens.flatMap((t, i) => [
      { text: `note ${i}: saw ${t} in the paste`, secrets: [t] },
      { text: `  item_${i}: "${t}"`, secrets: [t] },
      { text: `const client = new Client('${t}');`, secrets: [t] },
    ]),
    falsePositives: traps,
  };
}

export const SHAPE_BLOCK_RULES: BlockRule[] = [
  literalShape({
    id: 'nuget-key',
    description: 'NuGet API key (oy2 and 43 lower-case letters and digits)',
    gate: 'oy2',
    re: new RegExp(`${B}oy2[a-z0-9]{43}${E}`, 'y'),
    backs: [0],
    check: (t) => randomPartOk(t.slice(3)),
    samples: () =>
      shapeSamples([j('oy', '2', rs(LOWER_DIGITS, 43))], ['NUGET_API_KEY=oy2' + 'x'.repeat(43), 'const boy2 = toy2.clone();', 'oy2' + 'abc'.repeat(14) + 'a']),
  }),
  literalShape({
    id: 'google-refresh-token',
    description: 'Google OAuth refresh token (1//0…)',
    gate: '1//0',
    re: new RegExp(`(?<![A-Za-z0-9_/])1//0[A-Za-z0-9_-]{35,}${E}`, 'y'),
    backs: [0],
    check: (t) => randomPartOk(t.slice(4)),
    samples: () => shapeSamples([j('1/', '/0', rs(B64URL, 99))], ['x = 1//0  # ZeroDivisionError', 'refresh_token=1//0' + 'x'.repeat(99)]),
  }),
  literalShape({
    id: 'azure-ad-client-secret',
    description: 'Azure AD (Entra ID) client secret (three characters, a digit, Q~, then 31–34)',
    gate: 'Q~',
    re: new RegExp(`(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])`, 'y'),
    backs: [4],
    check: (t) => randomPartOk(t.slice(6)),
    samples: () => shapeSamples([j(rs(ALNUM, 3), '8Q', '~', rs(ALNUM + '~._-', 34))], ['regex: [A-Z]{3}\\dQ~ matches secrets', 'abc8Q~' + 'x'.repeat(34)]),
  }),
  literalShape({
    id: 'airtable-token',
    description: 'Airtable personal access token (pat, 14 characters, a dot, 64 hex digits)',
    gate: 'pat',
    re: new RegExp(`${B}pat[A-Za-z0-9]{14}\\.[a-f0-9]{64}${E}`, 'y'),
    backs: [0],
    // The dot after the fourteen characters.
    quick: (text, s) => text.charCodeAt(s + 17) === 46,
    check: (t) => randomPartOk(t.slice(18)),
    samples: () =>
      shapeSamples(
        [j('pa', 't', rs(ALNUM, 14), '.', rs(HEX, 64))],
        ['const pattern = path.join(dir, file);', 'AIRTABLE_TOKEN=patXXXXXXXXXXXXXX.' + '0'.repeat(64)],
      ),
  }),
  literalShape({
    id: 'mailchimp-key',
    description: 'Mailchimp API key (32 hex digits, -us and the data centre)',
    gate: '-us',
    re: new RegExp(`${B}[a-f0-9]{32}-us\\d{1,2}${E}`, 'y'),
    backs: [32],
    check: (t) => randomPartOk(t.slice(0, 32)),
    samples: () =>
      shapeSamples(
        [j(rs(HEX, 32), '-u', 's', '12'), j(rs(HEX, 32), '-us', '6')],
        ['locale: en-us', 'MAILCHIMP_KEY=' + '0'.repeat(32) + '-us6', 'sha 0123456789abcdef0123456789abcdef-user'],
      ),
  }),
];
