// Vendor tokens recognised by their shape alone whose head gives the pre-scan nothing to anchor on (no `_`
// or `-` after a vendor prefix it knows, no rare letter): a Discord bot token (base64 of the bot's id, a
// timestamp, an HMAC), an Okta API token (`00` and 40), a crates.io token (`cio` and 32), LaunchDarkly's
// SDK, API and mobile keys (`sdk-`, `api-`, `mob-` and a UUID), Vercel's prefixed tokens (`vcp_`, `vci_`,
// `vca_`, `vcr_`, `vck_`). Found in prose, a log, under a key that says nothing (`item_1: "…"`).
// Each rule walks the text by one native search for its literal (`.`, `00`, `cio`, `-`, `vc`) and reads a
// few characters around each before any regex: a text without a token costs about one search per rule.
// Samples are built at run time.
import { randomPartOk } from '../entropy';
import { ALNUM, B64URL, HEX, j, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { addHit } from './hits';
import { lineOfPos } from './structure';
import { shapeSamples } from './vendor-shape';
import { DISCORD_EXAMPLE, snowflake } from './vendor-more';

let seed = 0x7a5100;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
const DIGITS = '0123456789';

/** A token character of base64url (`[A-Za-z0-9_-]`). */
function tokenChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
}
function alnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** `priority` just above a vendor format's 0 where a line rule reads the same token by its keyword (it keeps its name). */
function mark(text: string, index: LineIndex, out: BlockOutput, s: number, e: number, rule: string, priority = 0): void {
  const starts = index.starts();
  const li = lineOfPos(starts, s);
  addHit(out, li, { start: s - starts[li]!, end: e - starts[li]!, rule, priority });
}

// --- Discord bot token: base64(bot id).timestamp.hmac ---

const DISCORD = /[MNO][A-Za-z0-9]{22,26}\.[\w-]{6}\.[\w-]{27,40}(?![\w-])/y;
// The docs' example bot token's first part, and what a snowflake id looks like in base64: vendor-more.ts.

export const discordBotTokenShape: BlockRule = {
  id: 'discord-bot-token-shape',
  description: 'Discord bot token by its shape alone: base64 of the bot id (a snowflake), a timestamp, an HMAC',
  gate: '.',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    for (let p = text.indexOf('.'); p >= 0; p = text.indexOf('.', p + 1)) {
      // The timestamp is six characters between two dots.
      if (text.charCodeAt(p + 7) !== 46) continue;
      let s = p;
      while (s > 0 && p - s < 27 && alnum(text.charCodeAt(s - 1))) s--;
      if (p - s < 23 || (s > 0 && tokenChar(text.charCodeAt(s - 1)))) continue;
      DISCORD.lastIndex = s;
      const m = DISCORD.exec(text);
      if (m === null) continue;
      const parts = m[0].split('.');
      if (!snowflake(parts[0]!) || !randomPartOk(parts[2]!)) continue;
      mark(text, index, out, s, s + m[0].length, 'discord-bot-token-shape', 0.1);
      p = s + m[0].length;
    }
  },
  samples() {
    const id = rs(DIGITS.slice(1), 1) + rs(DIGITS, 18);
    const t = j(btoa(id).replace(/=+$/, ''), '.', rs(B64URL, 6), '.', rs(B64URL, 38));
    return shapeSamples(
      [t],
      [
        // The first part is base64 of letters, not of an id's digits; the docs' example bot.
        `ref = "${btoa('abcdefghijklmnopqr').replace(/=+$/, '')}.${'a'.repeat(6)}.${rs(B64URL, 38)}"`,
        `${DISCORD_EXAMPLE}.${rs(B64URL, 6)}.${rs(B64URL, 27)}`,
        'see docs.python.org/3.12/library/os.path.html and example.com.invalid.',
      ],
    );
  },
};

// --- Okta API token: 00 and 40 base64url characters ---

const OKTA = /00[A-Za-z0-9_-]{40}(?![\w-])/y;

export const oktaTokenShape: BlockRule = {
  id: 'okta-api-token',
  description: 'Okta API (SSWS) token: 00 and 40 characters of both cases and digits',
  gate: '00',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    for (let p = text.indexOf('00'); p >= 0; p = text.indexOf('00', p + 1)) {
      // A token's start (no token character before), its end 42 characters on, and a letter soon after `00`
      // (a run of digits, `1000000`, fails on the first check or the third).
      if ((p > 0 && tokenChar(text.charCodeAt(p - 1))) || tokenChar(text.charCodeAt(p + 42)) || !tokenChar(text.charCodeAt(p + 41))) continue;
      // `Authorization: SSWS 00…` is the auth-header rule's (it names the scheme).
      if (/SSWS[ \t]+$/.test(text.slice(Math.max(0, p - 12), p))) continue;
      OKTA.lastIndex = p;
      const m = OKTA.exec(text);
      if (m === null) continue;
      const r = m[0].slice(2);
      if (!/[a-z]/.test(r) || !/[A-Z]/.test(r) || !/\d/.test(r) || !randomPartOk(r)) continue;
      mark(text, index, out, p, p + 42, 'okta-api-token');
      p += 41;
    }
  },
  samples() {
    const t = j('0', '0', rs(ALNUM, 20), '-', rs(ALNUM, 19));
    return shapeSamples([t], ['id: 00' + '0'.repeat(40), 'count = 1000000000000000000000000000000000000000000', 'sha: 00' + rs(HEX, 40)]);
  },
};

// --- crates.io API token: cio and 32 letters and digits ---

const CRATES = /cio[A-Za-z0-9]{32}(?![\w-])/y;

export const cratesTokenShape: BlockRule = {
  id: 'crates-io-token',
  description: 'crates.io API token (cio and 32 letters and digits)',
  gate: 'cio',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    for (let p = text.indexOf('cio'); p >= 0; p = text.indexOf('cio', p + 3)) {
      if ((p > 0 && tokenChar(text.charCodeAt(p - 1))) || tokenChar(text.charCodeAt(p + 35))) continue;
      CRATES.lastIndex = p;
      const m = CRATES.exec(text);
      if (m === null) continue;
      const r = m[0].slice(3);
      if (!/\d/.test(r) || !/[A-Za-z]/.test(r) || !randomPartOk(r)) continue;
      mark(text, index, out, p, p + 35, 'crates-io-token');
    }
  },
  samples() {
    return shapeSamples(
      [j('ci', 'o', rs(ALNUM, 32))],
      ['CARGO_REGISTRY_TOKEN=cio' + 'x'.repeat(32), 'ciosomethingveryspecificbutwordsonly here', 'the precious cio'],
    );
  },
};

// --- LaunchDarkly SDK, API and mobile keys: sdk- / api- / mob- and a UUID ---

const LAUNCHDARKLY = /(?:sdk|api|mob)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-])/y;

export const launchDarklyKeyShape: BlockRule = {
  id: 'launchdarkly-key',
  description: 'LaunchDarkly SDK key, API access token and mobile key (sdk-, api-, mob- and a UUID)',
  gate: '-',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    // At each `-` that ends one of the three heads and starts a UUID's 8 hex digits, the 9th a `-`.
    for (let p = text.indexOf('-'); p >= 0; p = text.indexOf('-', p + 1)) {
      if (text.charCodeAt(p + 9) !== 45 || p < 3) continue;
      const h = text.charCodeAt(p - 3);
      if (h !== 115 && h !== 97 && h !== 109) continue; // s a m
      const s = p - 3;
      if (s > 0 && tokenChar(text.charCodeAt(s - 1))) continue;
      LAUNCHDARKLY.lastIndex = s;
      const m = LAUNCHDARKLY.exec(text);
      if (m === null || !randomPartOk(m[0].slice(4).replace(/-/g, ''))) continue;
      mark(text, index, out, s, s + m[0].length, 'launchdarkly-key');
      p = s + m[0].length;
    }
  },
  samples() {
    const uuid = () => [rs(HEX, 8), rs(HEX, 4), rs(HEX, 4), rs(HEX, 4), rs(HEX, 12)].join('-');
    return shapeSamples(
      [j('sd', 'k-', uuid()), j('ap', 'i-', uuid()), j('mo', 'b-', uuid())],
      ['LD_SDK_KEY=sdk-00000000-0000-0000-0000-000000000000', 'the sdk-version header; api-v2 docs; mob-programming', 'request api-' + '1234567'],
    );
  },
};

// --- Vercel's prefixed tokens ---

const VERCEL = /vc[pikar]_[A-Za-z0-9]{24,}(?![\w-])/y;

export const vercelTokenShape: BlockRule = {
  id: 'vercel-token',
  description: "Vercel's prefixed tokens (vcp_ personal, vci_ integration, vca_ app access, vcr_ app refresh, vck_ AI Gateway key)",
  gate: 'vc',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    for (let p = text.indexOf('vc'); p >= 0; p = text.indexOf('vc', p + 2)) {
      if (text.charCodeAt(p + 3) !== 95 || (p > 0 && tokenChar(text.charCodeAt(p - 1)))) continue;
      VERCEL.lastIndex = p;
      const m = VERCEL.exec(text);
      if (m === null || !randomPartOk(m[0].slice(4))) continue;
      mark(text, index, out, p, p + m[0].length, 'vercel-token');
    }
  },
  samples() {
    return shapeSamples(
      [j('vc', 'p_', rs(ALNUM, 56)), j('vc', 'k_', rs(ALNUM, 48))],
      ['VERCEL_TOKEN=vcp_' + 'x'.repeat(56), 'const vcs_root = vcp_config_for_the_project;'],
    );
  },
};

export const TAIL_SHAPE_RULES: readonly BlockRule[] = [discordBotTokenShape, oktaTokenShape, cratesTokenShape, launchDarklyKeyShape, vercelTokenShape];
