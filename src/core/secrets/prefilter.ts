// The performance key: one cheap pre-scan finds the few lines worth a rule's attention.
// Most lines of a source tree hold no secret, and running 60 rule regexes on each would cost
// ~100x the read itself. The pre-scan is defined by three regexes (GENERIC, PREFIXED, LETTERS
// below): a line is a candidate when one of them matches in it. Every rule keyword must be
// reachable from one of them; the rule samples test that.
//
// How it runs fast: GENERIC and PREFIXED are anchored on one character (`=`, `:`, `>`, `_`, `-`,
// `@`, the `d` of `password` and `IDENTIFIED`) and confirmed by a look-behind. Run over the whole
// text, V8 tries that look-behind at every `=` and `:` of the code, ~300 ns each (measured).
// Instead, `indexOf` finds the anchors (native, ~0.2 ns/char), a table lookup on the 3 characters
// before each anchor discards almost all of them (a necessary condition derived from the same word
// lists the regex is built from), and only the survivors are confirmed: by the original regex,
// sticky at the anchor on the whole text, so look-behind and look-ahead see exactly the context
// they would have seen — or, for GENERIC, by the same check written out (keyNameEndsAt), because
// its look-behind alone cost ~300 ns a try.
// The candidate lines are therefore the same as running the three regexes over the text
// (`candidateLinesReference`, which the tests compare on samples, corpus and seeded mixes).
// Threat: a line the pre-scan drops is never shown to a rule, so its secret reaches the model.
import { anchorScanner, TABLE_LAYOUT, TRIE_LAYOUT, type AnchorScanner, type ScannerTables } from './anchors';
import { isSpace } from './chars';
import { decodableBefore, foreignWordBefore } from './decode';
import { ASCII_KEY_WORDS } from './foreign-key-words';
import { FOREIGN_PASSWORD_WORDS, SECRET_COPIES, SECRET_DISGUISES, SECRET_FORMS, SECRET_VALUE_TAILS } from './names';
import { tailTable, type TailTable } from './tails';
import type { LiteralSet } from './literals';

/** Secret-named key words, and the words allowed after them (`SECRET_KEY_BASE`, `client-key-data`). */
const KEY_WORDS = [
  'pass',
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'pswd',
  'pw',
  'pat',
  'secret',
  'secrets',
  'token',
  'key',
  'keys',
  'auth',
  'authorization',
  'authtok',
  'cred',
  'creds',
  'credential',
  'credentials',
  'sig',
  'signature',
  // A numbered secret (names.ts drops the number): rclone's `password2`, `DB_PASSWORD_2`, `token1`.
  ...['password', 'pass', 'passwd', 'pwd', 'secret', 'token', 'key', 'passphrase'].flatMap((w) => [1, 2, 3].flatMap((n) => [`${w}${n}`, `${w}_${n}`])),
  // A secret kept in lettered pieces (`token_a`, `api_key_b`): names.ts reads the piece under the secret's name.
  ...['password', 'pass', 'secret', 'token', 'key'].flatMap((w) => ['a', 'b', 'c', 'd'].map((x) => `${w}_${x}`)),
  // The word for password in other languages, as ASCII writes them (names.ts classifies them alike; the
  // ones beyond ASCII are folded onto `password` by decode.ts's views).
  'passwort',
  'passe',
  'passord',
  ...FOREIGN_PASSWORD_WORDS,
  // Other languages' words for key, token and credentials, as ASCII writes them (foreign-key-words.ts).
  ...ASCII_KEY_WORDS.keys(),
  // A service's API credential named by the service alone (`datadog_api = "<hex>"`) and a wallet's `private:
  // 0x<hex>`: weak names in names.ts (the value must look like a secret).
  'api',
  'private',
  // A wallet's recovery phrase (bip39.ts judges the value).
  'mnemonic',
  'phrase',
  'seed',
  // A chat bot's token under the service's or the bot's name alone (`let discord = String::from("…")`,
  // `DISCORD_BOT: …`): the discord-bot-token rule judges the value by its own shape.
  'discord',
  'bot',
  // Account recovery codes and an HTTP credential by its scheme's name (names.ts).
  'recovery_code',
  'recovery_codes',
  'backup_codes',
  'bearer',
  // A pre-shared key (`wpa_psk`, `WIFI_PSK`): names.ts reads it as a password.
  'psk',
  // hardhat's and foundry's `accounts: ["0x…"]`: a wallet's private key (evm-private-key, rules/vendor-context.ts).
  'accounts',
];
/** An encoding word then a form word (`hex_upper`, `b64lower`), and the other way round (`upper_hex`). */
const TWO_TAILS = ((encodings: string[], forms: string[]) =>
  encodings.flatMap((e) => forms.flatMap((f) => [`${e}_${f}`, `${e}${f}`, `${f}_${e}`, `${f}${e}`])))(
  ['hex', 'b64', 'base64', 'str', 'raw'],
  ['upper', 'lower', 'uppercase', 'lowercase', 'encoded', 'escaped'],
);
// `ident`: yarn's `npmAuthIdent` (base64 of `user:password`), only after a key word (`auth`).
// `id`: Consul's `SecretID` and Vault AppRole's `secret_id` (names.ts names only those two secret).
// SECRET_DISGUISES: `secret_reversed`, `token_obfuscated` (names.ts reads them as the secret's name).
// The pieces of a secret kept in parts (`apiKeyPart1`, `secretPrefix`/`secretSuffix`, `token_parts`): names.ts PIECE.
const KEY_TAILS = [
  ...[...SECRET_VALUE_TAILS, 'ident', 'id', ...SECRET_DISGUISES, ...SECRET_COPIES, ...SECRET_FORMS],
  ...['part', 'part1', 'part2', 'part3', 'part4', 'parts', 'piece', 'pieces', 'chunk', 'chunks', 'half', 'prefix', 'suffix'],
  // Two such words (`API_KEY_HEX_UPPER`, `secretB64Lower`): names.ts reads up to two; one alone left the line unread.
  ...TWO_TAILS,
];

/**
 * Secret-named keys in assignments: `password=`, `"api_key":`, `<token>`, `sig=`, `Authorization:`.
 * The keyword must end the name (optionally followed by a word like `_base`/`-data`), the same
 * rule classifyName applies, so the look-behind is short and bounded: no scan back over the name.
 */
const GENERIC_SRC = `[=:>](?<=(?:${KEY_WORDS.join('|')})(?:[_.-]?(?:${KEY_TAILS.join('|')}))?["'\`\\]]{0,2}[ \\t]*(?:[?+!]=|[=:>]))`;

/** Vendor prefixes ending in `_` / `-` (regex sources of single words: literals, `[...]`, `{n}`, `\d`). */
const UNDERSCORE_PREFIXES = [
  'gh[pousr]',
  'npm',
  'hf',
  'sk_live',
  'sk_test',
  'rk_live',
  'rk_test',
  'shp[a-z]{2}',
  'do[por]_v1',
  'github_pat',
  'glc',
  'glsa',
  'sntry[su]',
  // Neon API keys, RubyGems.org API keys.
  'napi',
  'rubygems',
  'api_org',
  'gsk',
  'figd',
  'lin_api',
  'sbp',
  'r8',
  'fo1',
  'fm2',
  'dckr_pat',
  'sq[pua]',
  'bkua',
  'ntn',
  'secret',
  'whsec',
  // Pinecone, LangSmith, Resend.
  'pcsk',
  'lsv2_pt',
  'lsv2_sk',
  're',
  // PlanetScale, Linear OAuth, Render, Netlify, Shippo, Polar, CircleCI.
  'pscale_pw',
  'pscale_tkn',
  'pscale_oauth',
  'lin_oauth',
  'nfp',
  'rnd',
  'shippo_live',
  'shippo_test',
  'polar_[op]at',
  'CCIPAT',
  // Adafruit IO, Clojars, Sourcegraph, Prefect (rules/vendor-shape.ts).
  'aio',
  'CLOJARS',
  'sgp',
  'pnu',
  // ElevenLabs and RevenueCat (`sk_`), Jina, PostHog personal keys, Vercel (rules/vendor-context.ts).
  'sk',
  'jina',
  'phx',
  'vc[picrk]',
];
const DASH_PREFIXES = [
  'glpat',
  'gldt',
  'glrt',
  'glptt',
  'glsoat',
  'glft',
  'glimt',
  'glcbt',
  'gloas',
  'glagent',
  'sk',
  'ant',
  'api\\d\\d',
  'admin\\d\\d',
  'proj',
  'svcacct',
  'pypi',
  'xox[a-z]',
  'xapp',
  'key',
  'PMAK',
  'NRAK',
  'pplx',
  'xai',
  'GOCSPX',
  'HRKU',
  'pul',
  'sq0atp',
  'sq0csp',
  'AGE-SECRET-KEY',
  // Tailscale's auth, API and OAuth client keys (`tskey-auth-…`); HubSpot's private app tokens (`pat-na1-…`).
  'tskey',
  'na\\d',
  'eu\\d',
  // Contentful, New Relic's ingest and browser keys (OpenRouter's `sk-or-v1-` and Cerebras' `csk-` reach `sk`).
  'CFPAT',
  'NR[IJ][IS]',
  // Flutterwave's secret keys, Infracost (rules/vendor-shape.ts).
  'FLWSECK',
  'FLWSECK_TEST',
  'ico',
  // Bitbucket Data Center, Brevo, Cloudflare Origin CA, Firecrawl, NVIDIA, Tavily, Plaid (`access-production-`,
  // `access-sandbox-`) (rules/vendor-context.ts).
  'BBDC',
  'xkeysib',
  'v1\\.0',
  'fc',
  'nvapi',
  'tvly',
  'production',
  'sandbox',
  // Frame.io developer tokens (`fio-u-…`, rules/vendor-more.ts).
  'fio',
];
/** Flags whose next word is a secret: `--password X`, `--token=X`. */
const SECRET_FLAGS = [
  'password',
  'passwd',
  'pass',
  'token',
  'api-key',
  'apikey',
  'secret',
  'client-secret',
  'auth-token',
  'access-token',
  'user',
  'proxy-user',
  'requirepass',
  'with-token',
  'password-stdin',
  'registration-token',
  // Long flags whose name ends in a secret word (command-secret in rules/admin.ts reads the value).
  'api-secret',
  'api-token',
  'authkey',
  'auth-key',
  'secret-key',
  'access-key',
  // gpg's `--passphrase X`, Azure's `--account-key K` (command-secret).
  'passphrase',
  'account-key',
];

/** A regex source matching `word` (lower-case letters) in any casing, for PREFIXED, which has no `i` flag. */
function anyCase(word: string): string {
  return [...word].map((c) => `[${c.toUpperCase()}${c}]`).join('');
}

// A vendor separator only counts when a token-length run follows: most `_`/`-` in code fail here fast.
const VENDOR_SRC = `[_-](?=[A-Za-z0-9_+/=-]{16})(?<=(?:${UNDERSCORE_PREFIXES.join('|')})_|(?:${DASH_PREFIXES.join('|')})-)`;
const USERINFO_SRC =
  // A `/` may stand in the password itself (`postgres://app:pa/ss@db`): the walk back stops there.
  '@(?<=:\\/\\/[^\\s@]*@)' +
  // DSNs without a scheme: Go's `user:pw@tcp(host)`, Oracle's `thin:user/pw@host`, `sqlplus user/pw@db`.
  '|@(?=tcp\\(|unix\\()(?<=:[^\\s\\/@:]+@)' +
  '|@(?<=(?:thin:|sqlplus\\s+|expdp\\s+|impdp\\s+|sqlldr\\s+)[\\w.$-]+\\/[^\\s\\/@:"\'`]+@)';
const FLAG_SRC =
  '-(?<=\\s-)(?=p[^\\s-]|p-[^\\s-]|p[ \\t]+[^\\s$-]|u[\\s=]*\\S+:)' +
  // An item of an argument list, the password glued on: compose's `test: ["CMD", "mysqladmin", …, "-p<pw>"]`.
  '|-(?<=["\']-)(?=p[^\\s"\'-])' +
  // redis-cli's password flag; elsewhere `-a` is "all" (`ls -a`, `git commit -a`), so only after redis-cli.
  '|-(?<=\\bredis-cli\\s(?:[^\\n]*\\s)?-)(?=a[ \\t]+[^\\s$-])' +
  '|-(?<=sshpass\\s+-)(?=p)' +
  // fish: `set -x NAME value` (also -g -U -l and their mixes): a variable set to what may be a secret.
  // Options in any order and spelling: `set -gx`, `set -U -x`, `set --export --global` (a long one first: anchored
  // at its second `-`, which dashAt lets through by DASH_DASH_NEXT).
  '|-(?<=(?:^|[\\s;&|(])set[ \\t]+-)(?=[gUlxu]+(?:[ \\t]+-(?:[gUlxuf]+|-(?:export|global|universal|local|function|unexport|path|unpath)))*[ \\t]+[A-Za-z_]\\w*[ \\t]+\\S)' +
  '|-(?<=(?:^|[\\s;&|(])set[ \\t]+--)(?=(?:export|global|universal|local|function|unexport|path|unpath)(?:[ \\t]+-(?:[gUlxuf]+|-(?:export|global|universal|local|function|unexport|path|unpath)))*[ \\t]+[A-Za-z_]\\w*[ \\t]+\\S)' +
  `|-(?<=\\s--)(?=(?:${SECRET_FLAGS.join('|')})(?:[\\s=]|$))` +
  // Any long flag whose name ends in a secret word (`--admin-token T`, `--root-password P`, `--webhook-secret S`,
  // `["--admin-token", "…"]`): command-secret judges the name and the value.
  `|-(?<=(?:\\s|["'])--)(?=[a-z][\\w-]*-(?:token|password|passwd|secret|key|passphrase)(?:[\\s=]|["'][ \\t]*,))` +
  // A program's own password flag (command-secret): `ssh-keygen -P X -N Y`, `openssl … -k X`.
  `|-(?<=\\bssh-keygen\\s(?:[^\\n]*\\s)?-)(?=[PN][ \\t]*["']?[^\\s"'$-])` +
  `|-(?<=\\bopenssl\\s(?:[^\\n]*\\s)?-)(?=k[ \\t]+[^\\s$-])` +
  // The same flags as an argument list's items, the value the next item: compose's
  // `command: ["redis-server", "--requirepass", "<pw>"]`, a Kubernetes container's `args:`.
  `|-(?<=["']--)(?=(?:${SECRET_FLAGS.join('|')})["'][ \\t]*,[ \\t]*["'])` +
  // Flags that name their value a password only for one program family (elsewhere the letter means
  // something else: `scp -P` a port, `grep -P` Perl regexes, `curl -w` a format): keytool's store and key
  // passwords, OpenLDAP's bind password `-w`, sqlcmd/bcp's and zip's `-P`, htpasswd's batch mode `-b` (the
  // password is its last argument), Samba's `-U user%password`, `gh secret set --body`.
  '|-(?<=\\s-)(?=(?:src|dest)?(?:store|key)pass[ \\t]+[^\\s$-])' +
  '|-(?<=\\bldap[a-z]*\\s(?:[^\\n]*\\s)?-)(?=w[ \\t]+[^\\s$-])' +
  '|-(?<=\\b(?:sqlcmd|bcp|zip|unzip|zipcloak)\\s(?:[^\\n]*\\s)?-)(?=P[ \\t]+[^\\s$-])' +
  '|-(?<=\\bhtpasswd\\s+-)(?=[bcnmBdsip]*b)' +
  '|-(?<=\\s-)(?=U[ \\t]*[^\\s%]+%[^\\s$])' +
  // Go-style single-dash long flags named for a secret: consul's `-secret X`, `-password X`.
  '|-(?<=\\s-)(?=(?:secret|password)[ \\t=][ \\t]*[^\\s$-])' +
  '|-(?<=\\bgh\\s+secret\\s+set\\s[^\\n]*\\s-?-)(?=b[ \\t]|body[\\s=])';
/**
 * `password` with no `=` or `:` after it, anchored at its last letter: a .netrc entry (`password X` first
 * on its line, or after `machine …` / `default …`) or a setter handed a literal (`ds.setPassword("X")`).
 * The `d` reaches the check only after an `r` (`D`: after `R` or `E`). `password X` elsewhere is prose
 * (`@param password - The password for …`: 500 lines of the 64 MB bench tree), which the .netrc rule would
 * not read anyway.
 * SQL hands a password over in a statement: PostgreSQL's `CREATE ROLE app WITH LOGIN PASSWORD '…'` (a
 * string literal right after the word; none in the bench tree) and MySQL's `IDENTIFIED [WITH plugin] BY
 * '…'`. SQL keywords are case-insensitive, but the anchored word is matched in the casings SQL is written
 * in (`password`, `Password`, `PASSWORD`; `IDENTIFIED` in capitals only, as MySQL's own manual writes it:
 * letting the `e` of `…ed` through cost the SIMD pass ~5 ms per 64 MB, 236,000 `ed` pairs of the bench
 * tree), which the indexOf scan can search for; the words after it are folded by hand (PREFIXED has no `i`
 * flag).
 */
const WORD_SRC =
  'd(?<=(?:^|\\n)[ \\t]*(?:(?:machine|default)[ \\t][^\\n]*[ \\t])?password)(?=[ \\t]+\\S)|d(?<=\\bset[Pp]assword|\\.[Pp]assword)(?=\\([ \\t]*["\'])' +
  '|[dD](?<=\\b(?:[Pp]assword|PASSWORD))(?=[ \\t]+(?:[Ee]?\'|\\$\\w*\\$|"|`))' +
  // Prose handing a password over (prose-password in rules/context-more.ts): `the password is X`, `password was X`,
  // `password set to X`, `the root password for db01 is X`, `-- password for prod: X`; the value holds a digit or a sign, or is twelve letters
  // or more in both cases (`if password is None` and `the password is stored in Vault` are no candidates).
  '|d(?<=\\b[Pp]assword)(?=[ \\t]+(?:(?:is|was)[ \\t]+(?:now[ \\t]+)?|(?:set|changed|reset)[ \\t]+to[ \\t]+|for[ \\t]+[\\w.@-]+(?:[ \\t]+[\\w.@-]+){0,3}[ \\t]+(?:is|was)[ \\t]+(?:now[ \\t]+)?|(?:for|on|of)[ \\t]+[\\w.@-]+(?:[ \\t]+[\\w.@-]+){0,2}[ \\t]*:[ \\t]+)[\'"`]?(?:\\S*?[\\d!#$%&*+@^_~-]|(?=[A-Za-z]*[a-z][A-Za-z]*[A-Z]|[A-Za-z]*[A-Z][A-Za-z]*[a-z])[A-Za-z]{12}))' +
  `|D(?<=\\bIDENTIFIED)(?=[ \\t]+(?:${anyCase('with')}[ \\t]+\\S+[ \\t]+)?${anyCase('by')}[ \\t]+["'A-Za-z])`;
/** `aws configure set aws_secret_access_key X`: a secret-named key and its value with a blank between (at the `_` before `key`). */
const AWS_SRC = '_(?<=secret_access_)(?=key[ \\t]+[^\\s$])';
/**
 * PHP's `define('DB_PASSWORD', 'X')` (wp-config.php): the name is a string argument followed by `,`, not
 * an operator. Anchored at an `_` inside an upper-case constant's name, after a letter or digit and
 * before P, K, S or T: the names defines hold by convention, whose secret-named ones end in a word
 * starting so (`_PASSWORD`, `_KEY`, `_SECRET`, `_SALT`, `_TOKEN`: every one of WordPress's keys and
 * salts). Filtering on the letter after (~22,000 `_P` `_K` `_S` `_T` in the bench tree) rather than on
 * the capital or digit before (~72,000) keeps most constants' underscores out of the SIMD pass's checks.
 */
const DEFINE_SRC =
  `_(?<=\\bdefine\\([ \\t]*["'][A-Z0-9_]*[A-Z0-9]_)(?=[PKST][A-Z0-9_]*["'][ \\t]*,)` +
  // C's `#define API_SECRET "…"`: the same constant's name, after `#define`, before a string literal.
  `|_(?<=(?:^|\\n)[ \\t]*#[ \\t]*define[ \\t]+[A-Z0-9_]*[A-Z0-9]_)(?=[PKST][A-Z0-9_]*[ \\t]+")` +
  // csh's `setenv API_TOKEN X`, cmd's `setx API_TOKEN X`: a variable and its value with a blank between.
  `|_(?<=(?:^|[\\s;&|(])(?:setenv|setx)[ \\t]+[A-Z0-9_]*[A-Z0-9]_)(?=[PKST][A-Z0-9_]*[ \\t]+\\S)`;
/** npm's token handed over as a command's argument: `npm config set //registry.example.com/:_authToken X`. */
const AUTHTOKEN_SRC = '_(?=authToken[ \\t]+[^\\s=])' + `|_(?<=access_)(?=token\\$(?:production|sandbox)\\$)`;
/**
 * An Asana personal access token, `1/1234567890123456:…` or `2/…/…:…`, anchored at its `:`: digits before
 * a `:` reach no key-name check, so this one is asked apart (asanaAt).
 */
const ASANA_SRC = ':(?<=(?<![\\w/])\\d{1,2}\\/(?:\\d{16}\\/)?\\d{16}:)(?=[A-Za-z0-9]{32})';
/**
 * Vendor prefixes, URL userinfo (`://…@`) and DSNs (`:pw@tcp(`, `thin:user/pw@`), command-line password
 * flags (`mysql -pX`, `docker login -p X`, `"-pX"`, `redis-cli -a X`, `curl -u a:b`, `--password X`), the word
 * `password` (WORD_SRC), `aws_secret_access_key X` (AWS_SRC), `define('DB_PASSWORD', …)` (DEFINE_SRC).
 */
const PREFIXED_SRC = `${VENDOR_SRC}|${USERINFO_SRC}|${FLAG_SRC}|${WORD_SRC}|${AWS_SRC}|${DEFINE_SRC}|${AUTHTOKEN_SRC}|${ASANA_SRC}`;

/** Vendor prefixes without a separator: AWS, Google, JWT, OpenAI's marker, SendGrid, Slack hooks, … */
const LETTERS =
  /A(?:KIA|SIA|BIA|CCA|Iza)|eyJ|T3BlbkFJ|SG\.|hooks\.slack|hv[sbr]\.|dp\.(?:pt|st|sa|ct|scim|audit)\.|\.atlasv1\.|ya29\.|LTAI|ATATT3|dapi[0-9a-f]|SK[0-9a-fA-F]{32}|:AA[\w-]{33}|\.(?:[Ss]et|[Ww]ith)[A-Z]\w*\([ \t]*["'`]|AZDO|A{20}[A-Za-z0-9%]|GR1348941|ATBB|\.(?:getConnection|login|simple_bind(?:_s)?|bind_s|Bind|basic|auth|Credentials|createCredential|NewStaticCredentials\w*|NetworkCredential)\(|(?:Basic|Digest|Proxy)Auth\(|Authentication\w*\(|AWSCredentials\(|AwsBasicCredentials\.create\(|AC[0-9a-f]{32}["'`][ \t]*,|-(?:Api|API)-(?:Key|KEY)\b|Authorization["']?(?:[ \t]*,)?[ \t]+["']?[A-Za-z]|:APA91b[\w-]{20}|\.Wallet\(|KeyToAccount\(|\.from_key\(|(?:jwt|JWT|Jwt)\.(?:sign|verify|encode|decode)\(|JWT::(?:encode|decode)\(|crypto\.createHmac\(|(?:hmac|HMAC)\.(?:new|New|digest|hexdigest|base64digest)\(|SecretKeySpec\(|SymmetricSecurityKey\(|HMACSHA(?:1|256|384|512)\(|(?:En|De)codingKey::from_secret\(|\.signWith\(|\.SignedString\(|\.PlainAuth\(|pymysql\.connect\(|ENV\.fetch\(|Sys\.getenv\(|Deno\.env\.get\(|\.setdefault\(|-AsPlainText\b|useInMemoryPgpKeys\(|\.fromhex\(|\.b64decode\(|Buffer\.from\([ \t]*["'][0-9A-Za-z+/=_-]{16}|\.reverse\(\)\.join\(|["']\]\.join\(|(?:""|'')\.join\(|["']\.concat\([ \t]*["']|AKID[A-Za-z0-9]{32}|AQVN[\w-]{35}|AKCp[A-Za-z0-9]{69}|EAAA[\w-]{60}|EZ[AT]K[A-Za-z0-9]{54}|cmVmdGtuOjAxOj|dt0c01\.|discord(?:app)?\.com\/api\/webhooks\/|AstraCS:[A-Za-z0-9]{24}:|EAA[A-Za-z0-9]{100}|sl\.[\w-]{130}|hooks\.zapier\.com\/|ifttt\.com\/|webhook\.office\.com\/|outlook\.office\.com\/webhook/g;
/**
 * The literal head of every LETTERS alternative, filed under one of its rarer characters (the anchor):
 * an anchor at `p` with the head around it is confirmed by LETTERS, sticky at the head's start.
 * `dapi` has no rare character and is searched as a whole. A test checks every alternative is here.
 */
const LETTER_HEADS: Record<string, readonly string[]> = {
  // Azure DevOps's PAT signature (`…AZDO…`), Twitter's app-only bearer token (twenty-odd `A`s first).
  A: [
    'AKIA',
    'ASIA',
    'ABIA',
    'ACCA',
    'AIza',
    'ATATT3',
    'LTAI',
    ':AA',
    'AZDO',
    'AAAAAAAAAAAAAAAAAAAA',
    // Calls handed a password by position (rules/context-more.ts call-credential): `HTTPBasicAuth("u", "pw")`,
    // `new PasswordAuthentication("u", …)`, `new BasicAWSCredentials(id, "secret")`.
    'BasicAuth(',
    'DigestAuth(',
    'ProxyAuth(',
    'Authentication',
    'AWSCredentials(',
    'AwsBasicCredentials.',
    // Twilio's account SID and auth token side by side (`twilio("AC…", "…")`); a header's name and value as
    // two arguments or a directive's two words (`.Add("X-Api-Key", "…")`, nginx's `proxy_set_header
    // Authorization "Basic …"`): header-argument in rules/context-more.ts.
    'AC',
    '-Api-Key',
    '-API-Key',
    '-API-KEY',
    'Authorization',
    // Firebase Cloud Messaging's legacy server key (`AAAA…:APA91b…`).
    ':APA91b',
    // Bitbucket app passwords.
    'ATBB',
    // .NET's `new HMACSHA256(Encoding.UTF8.GetBytes("…"))`.
    'HMACSHA',
    // PowerShell's `ConvertTo-SecureString "…" -AsPlainText` (powershell-securestring in rules/context-more.ts):
    // the variable it is assigned to is named anything (`$secure = …`), so the flag is the anchor.
    '-AsPlainText',
    // Tencent Cloud, Yandex Cloud, JFrog and Square tokens (rules/vendor-shape.ts).
    'AKID',
    'AQVN',
    'AKCp',
    'EAAA',
    // DataStax Astra and Facebook tokens (rules/vendor-context.ts).
    'AstraCS:',
    'EAA',
  ],
  // PHP's firebase/php-jwt `JWT::encode($p, "…", "HS256")`.
  J: ['eyJ', 'T3BlbkFJ', 'JWT::'],
  // viem's and web3's `privateKeyToAccount("0x…")`.
  // viem's and web3's `privateKeyToAccount("0x…")`; an HMAC or JWT key made from a literal (`new SecretKeySpec("…".getBytes(), …)`).
  // Gradle's signing `useInMemoryPgpKeys(keyId, key, password)` (call-credential).
  // EasyPost's keys (rules/vendor-shape.ts).
  K: ['SK', 'EZAK', 'EZTK', 'KeyToAccount(', 'SecretKeySpec(', 'SymmetricSecurityKey(', 'EncodingKey::', 'DecodingKey::', 'useInMemoryPgpKeys('],
  // `.setToken("…")`, `.withApiKey('…')`: a setter handed a literal (statement-secret judges the name).
  '.': [
    'SG.',
    'hooks.slack',
    'hvs.',
    'hvb.',
    'hvr.',
    'dp.',
    '.atlasv1.',
    'ya29.',
    '.set',
    '.Set',
    '.with',
    '.With',
    // Methods handed a password by position (call-credential): JDBC's `.getConnection(url, "u", "pw")`,
    // smtplib's `.login("u", "pw")`, python-ldap's `.simple_bind_s(dn, "pw")`, OkHttp's `Credentials.basic(…)`.
    '.getConnection(',
    '.login(',
    '.simple_bind',
    '.bind_s(',
    '.Bind(',
    '.basic(',
    '.auth(',
    '.Credentials(',
    '.createCredential(',
    '.NewStaticCredentials',
    '.NetworkCredential(',
    // A wallet's private key handed to its constructor (ethers' `new ethers.Wallet("0x…")`, eth-account's `Account.from_key(…)`).
    '.Wallet(',
    '.from_key(',
    // Signing keys and connection passwords handed over by position (call-credential): `jwt.sign(p, "…")`,
    // `crypto.createHmac("sha256", "…")`, `hmac.new(b"…", …)`, `pymysql.connect(h, u, "…")`. Each head has
    // its anchor after two rarer characters where it can (`wt.`, `to.`), not before a common pair (`.get`,
    // `.co`): every `.` of code the neighbour filter lets through costs a walk over these heads.
    'jwt.',
    'JWT.',
    'Jwt.',
    'crypto.createHmac(',
    'hmac.',
    'HMAC.',
    '.signWith(',
    '.SignedString(',
    '.PlainAuth(',
    'pymysql.',
    // A secret-named variable read with a literal default (env-fallback): `ENV.fetch("API_KEY", "…")`,
    // R's `Sys.getenv("TOKEN", unset = "…")`, `Deno.env.get("X") ?? "…"` (`os.getenv`, `System.getenv`: `os.` and
    // `em.` are common pairs, and those calls are mostly assigned to a secret-named variable, a candidate already).
    'ENV.fetch(',
    'Sys.getenv(',
    'Deno.env.',
    '.setdefault(',
    // A string built from literals by code (joined-secret in rules/joined.ts) under a name that says nothing:
    // `bytes.fromhex("…")`, `base64.b64decode("…")`, `Buffer.from("…", "hex")`, `"…".split("").reverse().join("")`,
    // `["…", "…"].join("")`, `"".join([…])`, `"…".concat("…")`. Each head's `.` follows or precedes a rare pair.
    '.fromhex(',
    '.b64decode(',
    'Buffer.from(',
    '.reverse().join(',
    '"].join(',
    "'].join(",
    '"".join(',
    "''.join(",
    '".concat(',
    "'.concat(",
    // Dynatrace tokens and Discord webhook URLs (rules/vendor-shape.ts).
    'dt0c01.',
    'discord.com/api/webhooks/',
    'discordapp.com/api/webhooks/',
    // Dropbox access tokens; webhook URLs with a secret path (webhook-path-secret, rules/vendor-context.ts).
    'sl.',
    'hooks.zapier.com/',
    'ifttt.com/',
    'webhook.office.com/',
    'outlook.office.com/webhook',
  ],
  dapi: ['dapi'],
  // GitLab runner registration tokens.
  // JFrog's reference tokens (base64 of `reftkn:01:`, rules/vendor-shape.ts).
  G: ['GR1348941', 'cmVmdGtuOjAxOj'],
};

/** Dockerfile `ENV NAME value` has no `=`; only looked for when the text has an `ENV `. */
const DOCKER_ENV = /^[ \t]*ENV[ \t]/gm;

const GENERIC = new RegExp(GENERIC_SRC, 'gi');
const PREFIXED = new RegExp(PREFIXED_SRC, 'g');
const LETTERS_AT = new RegExp(LETTERS.source, 'y');
// PREFIXED at one position, by the anchor there: each alternative starts with its own character, so at
// an `_` only the vendor one can match, at an `@` only the userinfo ones, at a `-` the vendor or flag ones
// (the whole alternation, tried at every anchor, cost more as alternatives were added).
const VENDOR_AT = new RegExp(VENDOR_SRC, 'y');
const USERINFO_AT = new RegExp(USERINFO_SRC, 'y');
const DASH_AT = new RegExp(`${VENDOR_SRC}|${FLAG_SRC}`, 'y');
const WORD_AT = new RegExp(WORD_SRC, 'y');
const AWS_AT = new RegExp(AWS_SRC, 'y');
const DEFINE_AT = new RegExp(DEFINE_SRC, 'y');
const AUTHTOKEN_AT = new RegExp(AUTHTOKEN_SRC, 'y');
const ASANA_AT = new RegExp(ASANA_SRC, 'y');

/** ASANA_SRC at the `:` at `p`: sixteen digits before it (read by hand first: a `:` after a digit is common). */
export function asanaAt(text: string, p: number): boolean {
  for (let i = p - 16; i < p; i++) {
    const c = text.charCodeAt(i);
    if (!(c >= 48 && c <= 57)) return false;
  }
  return text.charCodeAt(p - 17) === 47 && matchesAt(ASANA_AT, text, p);
}

// What may stand right before an anchor, as tables of the last (up to) 3 characters.
const KEY_END = tailTable([...KEY_WORDS, ...KEY_TAILS], true);
const UNDERSCORE_END = tailTable(UNDERSCORE_PREFIXES, false);
const DASH_END = tailTable(DASH_PREFIXES, false);

function matchesAt(re: RegExp, text: string, pos: number): boolean {
  re.lastIndex = pos;
  return re.test(text);
}

/**
 * Words read backwards from their last character, as a trie: `endsAt(text, i)` walks back from `i`
 * one character a step (an ASCII capital folded to lower case, as the regex's `i` flag folds; never a
 * non-ASCII character onto ASCII) and answers whether one of the words ends at `i`. A few table
 * reads a call, where comparing each word filed under the last character cost ~140 ns.
 */
class ReverseTrie {
  /** node * 128 + code -> child node + 1 (0: none). */
  private readonly next: Int32Array;
  /** A word ends at this node. */
  private readonly word: Uint8Array;
  constructor(words: readonly string[]) {
    const next: number[] = [];
    const word: number[] = [0];
    let nodes = 1;
    for (const w of words) {
      let node = 0;
      for (let k = w.length - 1; k >= 0; k--) {
        const c = w.charCodeAt(k);
        if (c >= 128 || (c >= 65 && c <= 90)) throw new Error(`key word ${w} must be lower-case ASCII`);
        const at = node * 128 + c;
        if (!next[at]) {
          next[at] = ++nodes;
          word.push(0);
        }
        node = next[at]! - 1;
      }
      word[node] = 1;
    }
    this.next = Int32Array.from({ length: nodes * 128 }, (_, k) => next[k] ?? 0);
    this.word = Uint8Array.from(word);
  }
  endsAt(text: string, i: number): boolean {
    return this.anyEndingAt(text, i, null);
  }
  /** The trie for anchors.wat (TRIE_LAYOUT): `next` as u16 child + 1 (little-endian), then the word-end flags. */
  pack(out: Uint8Array, at: number): void {
    const nodes = this.word.length;
    if (nodes > TRIE_LAYOUT.maxNodes) throw new Error(`anchor scan: a key-name trie has ${nodes} nodes, more than the module's ${TRIE_LAYOUT.maxNodes}`);
    for (let k = 0; k < nodes * 128; k++) {
      out[at + 2 * k] = this.next[k]! & 0xff;
      out[at + 2 * k + 1] = this.next[k]! >> 8;
    }
    out.set(this.word, at + TRIE_LAYOUT.ends);
  }
  /** Whether a word ends at `i` and, when `each` is given, `each(text, start)` holds for one of them (shortest first). */
  anyEndingAt(text: string, i: number, each: ((text: string, start: number) => boolean) | null): boolean {
    let node = 0;
    for (let j = i; j >= 0; j--) {
      let c = text.charCodeAt(j);
      if (c >= 65 && c <= 90) c += 32;
      else if (!(c < 128)) return false;
      const n = this.next[node * 128 + c]!;
      if (n === 0) return false;
      node = n - 1;
      if (this.word[node] === 1 && (each === null || each(text, j))) return true;
    }
    return false;
  }
}
const KEY_WORD_TRIE = new ReverseTrie(KEY_WORDS);
const KEY_TAIL_TRIE = new ReverseTrie(KEY_TAILS);

/** A key word ends right before `start` (a tail's first character), or before a `_` `.` `-` there. */
function keyWordBefore(text: string, start: number): boolean {
  if (KEY_WORD_TRIE.endsAt(text, start - 1)) return true;
  const sep = text.charCodeAt(start - 1);
  return (sep === 95 || sep === 46 || sep === 45) && KEY_WORD_TRIE.endsAt(text, start - 2);
}

/**
 * The rest of GENERIC's look-behind once quotes and blanks are skipped: `KEY_WORD` or
 * `KEY_WORD[_.-]?KEY_TAIL` ends at `i`. Same answer as the regex (the tests compare the two), at a
 * fraction of the cost of V8's backtracking through both alternations.
 */
function keyNameEndsAt(text: string, i: number): boolean {
  return KEY_WORD_TRIE.endsAt(text, i) || KEY_TAIL_TRIE.anyEndingAt(text, i, keyWordBefore);
}

/**
 * Credentials before the `@` at `p`: URL userinfo (`scheme://user:pw@`, with no whitespace, `/` or `@`
 * in between), a Go DSN (`user:pw@tcp(`) or an Oracle one (`thin:user/pw@`). The walk back finds the
 * `/` the URL and Oracle forms need; PREFIXED decides.
 */
function userinfoAt(text: string, p: number): boolean {
  let i = p - 1;
  for (let c = text.charCodeAt(i); i >= 0 && c !== 47 && c !== 64 && !isSpace(c); c = text.charCodeAt(--i));
  const slash = i >= 0 && text.charCodeAt(i) === 47;
  return (slash || text.startsWith('tcp(', p + 1) || text.startsWith('unix(', p + 1)) && matchesAt(USERINFO_AT, text, p);
}

/**
 * An anchor of LETTER_HEADS with its heads and a filter on its neighbours built from the heads, so
 * most `.` and `A` of ordinary code cost two character reads (`this.x`: `s` may precede a head's
 * `.`, but `is` does not; `SG.` needs `SG`). A class with one scan method: every anchor runs the
 * same monomorphic loop.
 */
class LetterAnchor {
  /** Offset of the anchor in each head, and the head. */
  readonly ks: number[] = [];
  readonly heads: string[] = [];
  /** A head is the anchor itself (`dapi`): every hit goes to the heads. */
  unfiltered = false;
  /** The character right before the anchor in a head: 1 it is the head's first (enough), 2 the pair before must match `before2`. */
  readonly before1 = new Uint8Array(128);
  readonly before2 = new Uint8Array(1 << 14);
  /** Heads starting with the anchor, the character after it: 1 the head ends there, 2 the pair after must match `after2`. */
  readonly after1 = new Uint8Array(128);
  readonly after2 = new Uint8Array(1 << 14);
  /**
   * The heads that can start around an anchor, by the neighbour that decides it: heads with a character
   * before the anchor, by that character; heads starting with the anchor, by the character after it;
   * heads that are the anchor alone. A `.` of code passes the neighbour filter often (`.set…`, `.with…`),
   * and comparing every head there (28 for `.`) was half of the SIMD pass's JavaScript side.
   */
  private readonly byBefore: number[][] = Array.from({ length: 128 }, () => []);
  private readonly byAfter: number[][] = Array.from({ length: 128 }, () => []);
  private readonly whole: number[] = [];
  /** Every position of the anchor goes to the heads (no neighbour can rule one out). */
  get open(): boolean {
    return this.unfiltered;
  }
  constructor(
    readonly anchor: string,
    heads: readonly string[],
  ) {
    for (const head of heads) {
      const k = head.indexOf(anchor);
      if (k < 0) throw new Error(`LETTER_HEADS: ${head} does not contain its anchor ${anchor}`);
      if (/[^\x00-\x7f]/.test(head)) throw new Error(`LETTER_HEADS: ${head} is not ASCII`);
      const index = this.heads.length;
      this.ks.push(k);
      this.heads.push(head);
      const rest = k + anchor.length;
      if (k >= 1) this.byBefore[head.charCodeAt(k - 1)]!.push(index);
      else if (head.length > rest) this.byAfter[head.charCodeAt(rest)]!.push(index);
      else this.whole.push(index);
      if (k >= 2) {
        this.before1[head.charCodeAt(k - 1)]! |= 2;
        this.before2[(head.charCodeAt(k - 2) << 7) | head.charCodeAt(k - 1)] = 1;
      } else if (k === 1) this.before1[head.charCodeAt(0)]! |= 1;
      else if (head.length >= rest + 2) {
        this.after1[head.charCodeAt(rest)]! |= 2;
        this.after2[(head.charCodeAt(rest) << 7) | head.charCodeAt(rest + 1)] = 1;
      } else if (head.length === rest + 1) this.after1[head.charCodeAt(rest)]! |= 1;
      else this.unfiltered = true;
    }
  }

  scan(text: string, out: number[]): void {
    const anchor = this.anchor;
    for (let p = text.indexOf(anchor); p !== -1;) p = this.near(text, p) && this.headsAt(text, p) ? hit(text, p, anchor, out) : text.indexOf(anchor, p + 1);
  }

  /** The anchor at `p` (a position the SIMD scan reported: its text is checked here) confirmed. */
  at(text: string, p: number): boolean {
    const a = this.anchor;
    if (a.length > 1 && !text.startsWith(a, p)) return false;
    return this.near(text, p) && this.headsAt(text, p);
  }

  /** The neighbour filter: most anchors stop here. charCodeAt outside the string is NaN, which fails every `< 128`. */
  private near(text: string, p: number): boolean {
    if (this.unfiltered) return true;
    const { before1, before2, after1, after2 } = this;
    const b1 = text.charCodeAt(p - 1);
    const v = b1 < 128 ? before1[b1]! : 0;
    if (v !== 0) {
      if ((v & 1) !== 0) return true;
      const b2 = text.charCodeAt(p - 2);
      if (b2 < 128 && before2[(b2 << 7) | b1] === 1) return true;
    }
    const len = this.anchor.length;
    const n1 = text.charCodeAt(p + len);
    const w = n1 < 128 ? after1[n1]! : 0;
    if (w === 0) return false;
    if ((w & 1) !== 0) return true;
    const n2 = text.charCodeAt(p + len + 1);
    return n2 < 128 && after2[(n1 << 7) | n2] === 1;
  }

  /** A LETTERS match starting at one of the heads around the anchor at `p`? Only heads whose neighbour of the anchor is there can. */
  private headsAt(text: string, p: number): boolean {
    const b1 = text.charCodeAt(p - 1);
    if (b1 < 128 && this.anyHeadAt(text, p, this.byBefore[b1]!)) return true;
    const n1 = text.charCodeAt(p + this.anchor.length);
    if (n1 < 128 && this.anyHeadAt(text, p, this.byAfter[n1]!)) return true;
    return this.whole.length > 0 && this.anyHeadAt(text, p, this.whole);
  }

  private anyHeadAt(text: string, p: number, which: readonly number[]): boolean {
    const { heads, ks } = this;
    for (let w = 0; w < which.length; w++) {
      const h = which[w]!;
      const head = heads[h]!;
      const s = p - ks[h]!;
      if (s < 0) continue;
      let i = 0;
      while (i < head.length && text.charCodeAt(s + i) === head.charCodeAt(i)) i++;
      if (i === head.length && matchesAt(LETTERS_AT, text, s)) return true;
    }
    return false;
  }
}

const LETTER_ANCHORS: LetterAnchor[] = Object.entries(LETTER_HEADS).map(([anchor, heads]) => new LetterAnchor(anchor, heads));

function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

/** Records the line of a confirmed anchor; returns where to look for the next one (-1: done). One hit per line is enough. */
function hit(text: string, p: number, ch: string, out: number[]): number {
  out.push(lineStart(text, p));
  const nl = text.indexOf('\n', p);
  return nl < 0 ? -1 : text.indexOf(ch, nl + 1);
}

/** TOKEN_RUN characters (`[A-Za-z0-9_+/=-]`), the run a vendor separator needs after it. */
const TOKEN_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+/=-') TOKEN_CHAR[c.charCodeAt(0)] = 1;

/**
 * PREFIXED's vendor branch needs `(?=[A-Za-z0-9_+/=-]{16})` after the separator at `p`: checked
 * here before the sticky regex, which tries every alternative with its look-behinds (~300 ns), and
 * `disk-`, `task-`, `monkey_` in code end like a vendor prefix.
 */
function tokenFollows(text: string, p: number): boolean {
  for (let i = p + 1; i <= p + 16; i++) {
    const c = text.charCodeAt(i);
    if (!(c < 128) || TOKEN_CHAR[c] === 0) return false;
  }
  return true;
}

// What each anchor needs to make its line a candidate, one function per kind of anchor: the indexOf
// loops below and the SIMD path (candidateLinesSimd) ask the same functions, so the two cannot drift.
// Each rejects most anchors on a table of the last two characters before it (the tail table's first
// level, read inline) before any call. charCodeAt outside the string is NaN: `< 128` is then false.

/** GENERIC's look-behind from the anchor back: `[ \t]*`, up to two of `"'\`]`, then a key word. */
export function genericAt(text: string, p: number): boolean {
  let i = p - 1;
  let c = text.charCodeAt(i);
  // Make's other assignments (`DB_PASS ?= …`, `TOKEN += …`, `KEY != …`): the operator's first character.
  if ((c === 63 || c === 43 || c === 33) && text.charCodeAt(p) === 61) c = text.charCodeAt(--i);
  while (c === 32 || c === 9) c = text.charCodeAt(--i);
  if (c === 34 || c === 39 || c === 96 || c === 93) {
    c = text.charCodeAt(--i);
    if (c === 34 || c === 39 || c === 96 || c === 93) c = text.charCodeAt(--i);
  }
  const c2 = text.charCodeAt(i - 1);
  return c < 128 && c2 < 128 && KEY_END.two[(c2 << 7) | c] !== 0 && KEY_END.endsAt(text, i) && keyNameEndsAt(text, i);
}

function underscoreAt(text: string, p: number): boolean {
  const c1 = text.charCodeAt(p - 1);
  const c2 = text.charCodeAt(p - 2);
  if (
    c1 < 128 &&
    c2 < 128 &&
    UNDERSCORE_END.two[(c2 << 7) | c1] !== 0 &&
    UNDERSCORE_END.endsAt(text, p - 1) &&
    tokenFollows(text, p) &&
    matchesAt(VENDOR_AT, text, p)
  )
    return true;
  // AWS_SRC: `s` before (`access`), `key` after.
  if (c1 === 115 && text.startsWith('key', p + 1)) return matchesAt(AWS_AT, text, p);
  const n = text.charCodeAt(p + 1);
  if (n === 97 || n === 116) return (text.startsWith('authToken', p + 1) || text.startsWith('token$', p + 1)) && matchesAt(AUTHTOKEN_AT, text, p);
  return (n === 80 || n === 75 || n === 83 || n === 84) && ((c1 >= 65 && c1 <= 90) || (c1 >= 48 && c1 <= 57)) && defineAt(text, p);
}

/** DEFINE_SRC at the `_` at `p`, whose character before is a capital or a digit: the name back to a quote, blanks, `(`, `define`. */
function defineAt(text: string, p: number): boolean {
  let i = p - 1;
  let c = text.charCodeAt(i);
  while ((c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95) c = text.charCodeAt(--i);
  // C's `#define NAME "…"`, csh's `setenv NAME …`, cmd's `setx NAME …`: the name after blanks and a word.
  if (c === 32 || c === 9) {
    do c = text.charCodeAt(--i);
    while (c === 32 || c === 9);
    return (
      ((c === 101 && text.startsWith('define', i - 5)) || (c === 118 && text.startsWith('setenv', i - 5)) || (c === 120 && text.startsWith('setx', i - 3))) &&
      matchesAt(DEFINE_AT, text, p)
    );
  }
  if (c !== 34 && c !== 39) return false;
  do c = text.charCodeAt(--i);
  while (c === 32 || c === 9);
  return c === 40 && text.startsWith('define', i - 6) && matchesAt(DEFINE_AT, text, p);
}

/** The letters after ` -` that may start a flag of FLAG_SRC (anchors.wat's `$dash` lets the same through). */
const DASH_NEXT = codeSet('puaxgUlskdwPbcnmBi');
/** The letters after ` --` (or `"--`) that may start one of SECRET_FLAGS, `--body`, or fish's `set --export --global --local --function`. */
const DASH_DASH_NEXT = codeSet('ptascurwbegfl');
function codeSet(chars: string): Uint8Array {
  const set = new Uint8Array(128);
  for (const c of chars) set[c.charCodeAt(0)] = 1;
  return set;
}

function dashAt(text: string, p: number): boolean {
  const c1 = text.charCodeAt(p - 1);
  const c2 = text.charCodeAt(p - 2);
  let may = c1 < 128 && c2 < 128 && DASH_END.two[(c2 << 7) | c1] !== 0 && DASH_END.endsAt(text, p - 1) && tokenFollows(text, p);
  if (!may) {
    // `-(?<=\s-)(?=p|u…)`, `-(?<=["']-)(?=p…)`, `-(?<=redis-cli…\s-)(?=a…)`, `-(?<=sshpass\s+-)(?=p)`,
    // `-(?<=\s--)(?=password|token|api-key|secret|client-secret|user|requirepass…)`.
    const next = text.charCodeAt(p + 1);
    // (and the program-specific ones: -storepass -keypass -srcstorepass -deststorepass, -w, -P, -b…, -U u%pw,
    // --body; and `"--password", "…"` in an argument list.)
    may =
      (isSpace(c1) && DASH_NEXT[next] === 1) ||
      ((c1 === 34 || c1 === 39) && next === 112) ||
      (c1 === 45 && (isSpace(c2) || c2 === 34 || c2 === 39) && DASH_DASH_NEXT[next] === 1);
  }
  return may && matchesAt(DASH_AT, text, p);
}

/**
 * WORD_SRC at the `d` or `D` at `p`: a blank or `(` after it, and before it the rest of `password` /
 * `Password` / `PASSWORD` or of `IDENTIFIED`, told apart by the letter before the anchor; then the regex
 * (the look-behinds and look-aheads decide the rest).
 */
function wordAt(text: string, p: number): boolean {
  const n = text.charCodeAt(p + 1);
  if (!(n === 32 || n === 9 || n === 40)) return false;
  const r = text.charCodeAt(p - 1);
  let c: number;
  if (r === 114) c = text.startsWith('asswor', p - 6) ? text.charCodeAt(p - 7) | 32 : 0;
  else if (r === 82) c = text.startsWith('PASSWOR', p - 7) ? 112 : 0;
  else if (r === 69) c = text.startsWith('IDENTIFIE', p - 9) ? 105 : 0;
  else return false;
  // (`| 32` maps only `P` onto `p` among the characters that matter: the regex decides.)
  return (c === 112 || c === 105) && matchesAt(WORD_AT, text, p);
}

// One loop per kind of anchor rather than one loop calling a test function: each call site stays
// monomorphic and V8 inlines the check (measured: a shared loop's indirect call cost ~10%).
function scanGeneric(text: string, ch: string, out: number[]): void {
  for (let p = text.indexOf(ch); p !== -1;) p = genericAt(text, p) ? hit(text, p, ch, out) : text.indexOf(ch, p + 1);
}
function scanColon(text: string, out: number[]): void {
  for (let p = text.indexOf(':'); p !== -1;) p = genericAt(text, p) || asanaAt(text, p) ? hit(text, p, ':', out) : text.indexOf(':', p + 1);
}
function scanUnderscore(text: string, out: number[]): void {
  for (let p = text.indexOf('_'); p !== -1;) p = underscoreAt(text, p) ? hit(text, p, '_', out) : text.indexOf('_', p + 1);
}
function scanDash(text: string, out: number[]): void {
  for (let p = text.indexOf('-'); p !== -1;) p = dashAt(text, p) ? hit(text, p, '-', out) : text.indexOf('-', p + 1);
}
function scanUserinfo(text: string, out: number[]): void {
  for (let p = text.indexOf('@'); p !== -1;) p = userinfoAt(text, p) ? hit(text, p, '@', out) : text.indexOf('@', p + 1);
}
/**
 * WORD_SRC's anchors, found by the rest of their word in the casings the regex allows (`assword` finds
 * `password` and `Password`, `ASSWORD` finds `PASSWORD`; `d` alone is everywhere). An anchor is the
 * word's last character, at `p + last`.
 */
function scanWord(text: string, word: string, out: number[]): void {
  const last = word.length - 1;
  for (let p = text.indexOf(word); p !== -1;) p = wordAt(text, p + last) ? hit(text, p, word, out) : text.indexOf(word, p + 1);
}
function scanRegex(text: string, re: RegExp, out: number[]): void {
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    out.push(lineStart(text, m.index));
    const nl = text.indexOf('\n', m.index);
    if (nl < 0) break;
    re.lastIndex = nl + 1; // one hit per line is enough
  }
}

/**
 * The tables for anchors.wat: the first-level tables, laid out as TABLE_LAYOUT says, and the key-name
 * tries (TRIE_LAYOUT): the same arrays the checks below read, so the module can only ever reject what
 * they reject, and its key-name check (`keyName`) is keyNameEndsAt's.
 */
export function scannerTables(words: TableWords = {}): ScannerTables {
  const tries = new Uint8Array(TRIE_LAYOUT.size);
  const keyWords = words.keyWords === undefined ? KEY_WORD_TRIE : new ReverseTrie(words.keyWords);
  keyWords.pack(tries, TRIE_LAYOUT.words);
  KEY_TAIL_TRIE.pack(tries, TRIE_LAYOUT.tails);
  const tails: TailTables = {
    keyEnd: words.keyWords === undefined ? KEY_END : tailTable([...words.keyWords, ...KEY_TAILS], true),
    underscoreEnd: words.underscorePrefixes === undefined ? UNDERSCORE_END : tailTable(words.underscorePrefixes, false),
    dashEnd: DASH_END,
  };
  return { anchors: anchorTables(tails), tries };
}

/** Word lists in place of the pre-scan's own (only for tests of the module's capacity; the JavaScript checks keep theirs). */
export interface TableWords {
  /** KEY_WORDS: the key-word trie and, with KEY_TAILS, the tail table before `=` `:` `>`. */
  keyWords?: readonly string[];
  /** UNDERSCORE_PREFIXES: the tail table before `_`. */
  underscorePrefixes?: readonly string[];
}

interface TailTables {
  keyEnd: TailTable;
  underscoreEnd: TailTable;
  dashEnd: TailTable;
}

function anchorTables(tails: TailTables): Uint8Array {
  const L = TABLE_LAYOUT;
  const t = new Uint8Array(L.size);
  for (const [table, at] of [
    [tails.keyEnd, L.keyEnd],
    [tails.underscoreEnd, L.underscoreEnd],
    [tails.dashEnd, L.dashEnd],
  ] as const) {
    if (table.third.length > L.thirdMax)
      throw new Error(`anchor scan: a tail table has ${table.third.length >> 7} rows, more than the module's ${L.thirdMax >> 7}`);
    // u16 row numbers, little-endian as WebAssembly reads them.
    table.two.forEach((v, k) => {
      t[at.two + 2 * k] = v & 0xff;
      t[at.two + 2 * k + 1] = v >> 8;
    });
    t.set(table.third, at.third);
  }
  L.letterOrder.forEach((ch, k) => {
    const a = LETTER_ANCHORS.find((x) => x.anchor === ch);
    // The module filters these four on their neighbours; one without a filter would need another path.
    if (!a || a.open) throw new Error(`anchor scan: letter anchor ${ch} has no neighbour filter`);
    const base = L.letterAt[k]!;
    t.set(a.before1, base);
    t.set(a.before2, base + 128);
    t.set(a.after1, base + 16512);
    t.set(a.after2, base + 16640);
  });
  // Character → its letter table's offset (the module picks the table without a branch).
  const index = new Uint32Array(256);
  L.letterOrder.forEach((ch, k) => (index[ch.charCodeAt(0)] = L.letterAt[k]!));
  t.set(new Uint8Array(index.buffer), L.letterIndex);
  t.set(nibbleTables(tails), L.nibbles);
  // Anchors the module does not know would be missed: every letter anchor is one of those four, or dapi.
  for (const a of LETTER_ANCHORS)
    if (!(L.letterOrder as readonly string[]).includes(a.anchor) && a.anchor !== 'dapi') throw new Error(`anchor scan: ${a.anchor} unknown`);
  return t;
}

/** The module's anchor classes: one bit per kind of anchor (its character decides which check runs). */
const ANCHOR_CLASS: readonly (readonly [string, number])[] = [
  ['=', 1],
  [':', 1],
  ['>', 1],
  ['_', 2],
  ['-', 4],
  ['@', 8],
  ['A', 16],
  ['E', 16],
  ['J', 32],
  ['K', 32],
  ['G', 32],
  ['d', 64],
  ['D', 64],
  ['.', 128],
];
/** Anchors that are there only for a gate literal (GATES), with the character that must follow them. */
const GATE_ANCHORS: readonly (readonly [string, string])[] = [['E', 'N']];

/** A set of ASCII codes as a pair of nibble tables: `lo[c & 15] & hi[c >> 4]` has `bit` for every code of the set (and maybe others). */
function addToNibbles(lo: Uint8Array, hi: Uint8Array, codes: Iterable<number>, bit: number): void {
  for (const c of codes) {
    if (!(c >= 0 && c < 128)) throw new Error(`anchor scan: neighbour code ${c} is not ASCII`);
    lo[c & 15]! |= bit;
    hi[c >> 4]! |= bit;
  }
}

/** Codes `c1` with some `c2` such that a tail table's first level accepts the pair (c2, c1). */
function lastOfTails(two: Uint16Array): number[] {
  const out: number[] = [];
  for (let c1 = 0; c1 < 128; c1++)
    for (let c2 = 0; c2 < 128; c2++)
      if (two[(c2 << 7) | c1] !== 0) {
        out.push(c1);
        break;
      }
  return out;
}

const ALL_ASCII = Array.from({ length: 128 }, (_, c) => c);
const CODES = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/**
 * anchors.wat's classification tables: the anchor class of a character (exact: checked below for all
 * 256 byte values), and for each class what may stand right before and right after an anchor of it.
 * Those two sets come from the first-level checks the anchors then get, so they only over-approximate:
 *   = : >  before: a key word's last character (KEY_END's pairs), a blank, or a quote or `]` (GENERIC's look-behind);
 *   _ -    before: a vendor prefix's last character (the tail tables' pairs); for `-` also the blanks,
 *          quotes and the `-` of the command-line flag branches (`\s-p`, `"-p`, `\s--password`), and 0x00,
 *          which is what U+FEFF (a blank to `\s`) becomes in the module; `_` also passes on the character
 *          after it (the only after-set of these four classes): AWS_SRC's `k` (`access_key`) and
 *          DEFINE_SRC's P K S T;
 *   @      anything (the userinfo walk goes back further than a neighbour);
 *   A J K .  the letter tables' first level: the character before the anchor in a head, or after it
 *          when a head starts with it (every character when a head is the anchor alone); J and K share a class;
 *   d D    after: `a` (dapi, the one anchor that is a word; the module's check compares the whole word);
 *          before: `r` `R` `E` (the `d` or `D` ending `password` or `IDENTIFIED`, WORD_SRC);
 *   E      after: `N` (only for the gate `ENV `, in A's class).
 * A neighbour above 0x7F passes every class in the module itself (`i8x16.lt_s`).
 */
function nibbleTables(tails: TailTables): Uint8Array {
  const t = new Uint8Array(96);
  const [vlo, vhi, plo, phi, nlo, nhi] = [0, 16, 32, 48, 64, 80].map((o) => t.subarray(o, o + 16)) as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ];
  for (const [ch, bit] of ANCHOR_CLASS) addToNibbles(vlo, vhi, CODES(ch), bit);
  for (let x = 0; x < 256; x++) {
    const want = x < 128 ? ANCHOR_CLASS.filter(([ch]) => ch.charCodeAt(0) === x).reduce((a, [, b]) => a | b, 0) : 0;
    if (((vlo[x & 15]! & vhi[x >> 4]!) | 0) !== want) throw new Error(`anchor scan: the class tables misclassify byte ${x}`);
  }
  // `d`: the module notes the gate `kind:` at its `:` (GATES), which must therefore get through.
  // `?` `+` `!`: Make's `?=` `+=` `!=` (genericAt). Digits: an Asana token's `:` (ASANA_SRC). (A foreign key word's last character, decode.ts, is beyond
  // ASCII: such a neighbour passes every class in the module itself.)
  addToNibbles(plo, phi, [...lastOfTails(tails.keyEnd.two), ...CODES(' \t"\'`]d0123456789?+!')], 1);
  addToNibbles(plo, phi, lastOfTails(tails.underscoreEnd.two), 2);
  // `_` also when the next character is AWS_SRC's `k` (`access_key`), DEFINE_SRC's P K S T, or AUTHTOKEN_SRC's `a` and `t`
  // (the `a` also lets the gate `_auth` through).
  addToNibbles(nlo, nhi, CODES('kPKSTat'), 2);
  // 0: a NUL (which `\s` does not take, but costs nothing to let through); `-` (45) also
  // lets the gate `-BEGIN ` through (GATES); the quotes, an argument list's `"-p`.
  addToNibbles(plo, phi, [...lastOfTails(tails.dashEnd.two), 0, 9, 10, 11, 12, 13, 32, 34, 39, 45], 4);
  addToNibbles(plo, phi, ALL_ASCII, 8);
  for (const [ch, bit] of ANCHOR_CLASS.filter(([, b]) => b >= 16)) {
    const gate = GATE_ANCHORS.find(([g]) => g === ch);
    if (gate !== undefined) {
      addToNibbles(nlo, nhi, CODES(gate[1]), bit);
      continue;
    }
    const a = LETTER_ANCHORS.find((x) => x.anchor === ch);
    // `D`: only WORD_SRC's, in `d`'s class (set there).
    if (ch === 'D') continue;
    if (a === undefined) {
      // `d`: the anchor of a word (dapi), which passes when the word's next character follows.
      const word = LETTER_ANCHORS.find((x) => x.anchor.length > 1 && x.anchor[0] === ch);
      if (word === undefined) throw new Error(`anchor scan: no letter anchor for class ${ch}`);
      addToNibbles(nlo, nhi, [word.anchor.charCodeAt(1)], bit);
      // WORD_SRC ends `password` and `IDENTIFIED` in this `d` (`D` in upper case): its neighbour before is
      // the word's `r` (either case) or `E`.
      if (ch === 'd') addToNibbles(plo, phi, CODES('rRE'), bit);
      continue;
    }
    if (a.open) {
      addToNibbles(plo, phi, ALL_ASCII, bit);
      continue;
    }
    addToNibbles(
      plo,
      phi,
      ALL_ASCII.filter((c) => a.before1[c] !== 0),
      bit,
    );
    addToNibbles(
      nlo,
      nhi,
      ALL_ASCII.filter((c) => a.after1[c] !== 0),
      bit,
    );
  }
  // `A` also when `u` follows: the gate `npmAuth` (GATES), noted at its `A`.
  addToNibbles(nlo, nhi, CODES('u'), 16);
  // The module's gate literals are these, in this order (anchors.wat compares their bytes).
  if (GATES.join('|') !== 'kind:|-BEGIN |ENV |_auth|npmAuth') throw new Error('anchor scan: GATES differ from the literals anchors.wat notes');
  // Every letter anchor has a class: a word by its first character, the others by themselves.
  for (const a of LETTER_ANCHORS) if (!ANCHOR_CLASS.some(([ch]) => ch === a.anchor[0])) throw new Error(`anchor scan: letter anchor ${a.anchor} has no class`);
  return t;
}

/** Below this length the SIMD path's fixed cost (a copy and a call) is more than the passes it saves. */
const SIMD_MIN = 256;

/** The needles scanWord finds WORD_SRC's anchors by. */
const WORD_NEEDLES = ['assword', 'ASSWORD', 'DENTIFIED'];

/** Start offsets of candidate lines, ascending, without duplicates. */
export function candidateLines(text: string): number[] {
  return prescan(text).lines;
}

/**
 * Literals rules are gated on (the block rules', and the Dockerfile `ENV` lines' below), which the
 * SIMD pass notes on its way (anchors.wat), so nothing looks for each in another pass over the text
 * (~8 ms per 64 MB each). Bit i of
 * `Prescan.gates` is set when the text contains GATES[i].
 */
export const GATES: readonly string[] = ['kind:', '-BEGIN ', 'ENV ', '_auth', 'npmAuth'];
/** Bit of the Dockerfile `ENV` gate in Prescan.gates. */
const ENV_GATE = 1 << 2;

export interface Prescan {
  /** Start offsets of candidate lines, ascending, without duplicates. */
  lines: number[];
  /** Bit i: the text contains GATES[i]. */
  gates: number;
  /**
   * With a literal set (prescan's `literals`): bit i when the text holds its literal i, from the SIMD
   * pass; -1 where that pass did not run (short texts: the caller looks for the literals it needs).
   */
  literals: number;
  /** The same for the second literal set (prescan's `literals2`; -1 without one). */
  literals2: number;
  /** The same for the third literal set (prescan's `literals3`; -1 without one). */
  literals3: number;
  /**
   * With a selector (prescan's `selector`), where the SIMD pass selected: for lines[k], the rules the
   * keywords on it wake, as three masks at 4k (rules 0–31), 4k + 1 (rules 32–63) and 4k + 2 (rules 64–95),
   * and a hash of the line at 4k + 3 (AnchorScanner.select); or -1 at 4k where the line was left to keywordSelector.
   */
  selected?: number[];
  /**
   * What a decoded view may change (decode.ts), ascending: the starts of the 32-character blocks holding
   * a character beyond ASCII (or a NUL).
   */
  flagged: number[];
  /** Anchors after a `\u` or `\x` (an escape in a key's name), ascending: their lines need a view. */
  escapes: number[];
  /** `=` padding a base64 blob of 16 characters or more (paddingAt), ascending: the masker decodes the blobs (encoded.ts). */
  blobs: number[];
}

/** GATES present in `text`, by looking (the definition; the indexOf path and long texts use it). */
export function gatesOf(text: string): number {
  let g = 0;
  for (let i = 0; i < GATES.length; i++) if (text.includes(GATES[i]!)) g |= 1 << i;
  return g;
}

/**
 * The candidate lines of `text`, and which GATES it contains. With `selector` (keywords.ts
 * packKeywordTables), the SIMD pass also selects the rules for each candidate line while the text is
 * in its memory (`Prescan.selected`).
 */
export function prescan(text: string, selector?: Uint8Array, literals?: LiteralSet, literals2?: LiteralSet, literals3?: LiteralSet): Prescan {
  const simd = text.length >= SIMD_MIN ? anchorScanner(scannerTables) : undefined;
  if (simd) return prescanSimd(text, simd, selector, literals, literals2, literals3);
  const blobs: number[] = [];
  for (let p = text.indexOf('='); p !== -1; p = text.indexOf('=', p + 1)) if (paddingAt(text, p)) blobs.push(p);
  return {
    lines: candidateLinesIndexOf(text),
    gates: gatesOf(text),
    literals: -1,
    literals2: -1,
    literals3: -1,
    flagged: flaggedOf(text, WIDE_CHAR),
    escapes: flaggedOf(text, ESCAPE),
    blobs,
  };
}

/** Base64's characters (both alphabets). */
function base64Char(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 43 || c === 47 || c === 45 || c === 95;
}

/** The `=` at `p` pads a base64 blob: sixteen base64 characters before it, no base64 letter, digit, `+` or `/` after. */
export function paddingAt(text: string, p: number): boolean {
  if (text.charCodeAt(p) !== 61 || p < 16) return false;
  const n = text.charCodeAt(p + 1);
  if ((n >= 48 && n <= 57) || ((n | 32) >= 97 && (n | 32) <= 122) || n === 43 || n === 47) return false;
  for (let i = p - 16; i < p; i++) if (!base64Char(text.charCodeAt(i))) return false;
  return true;
}

const WIDE_CHAR = /[^\x01-\x7f]/g;
const ESCAPE = /\\[uUx]/g;

/** prescan's `flagged` and `escapes` where the SIMD pass does not run: the offsets of each match (a block's worth each). */
function flaggedOf(text: string, re: RegExp): number[] {
  const out: number[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(m.index);
    re.lastIndex = m.index + 32;
  }
  return out;
}

/** One indexOf pass per anchor (where WebAssembly SIMD is missing, and for short texts). */
export function candidateLinesIndexOf(text: string): number[] {
  const out: number[] = [];
  scanGeneric(text, '=', out);
  scanColon(text, out);
  scanGeneric(text, '>', out);
  scanUnderscore(text, out);
  scanDash(text, out);
  scanUserinfo(text, out);
  for (const a of LETTER_ANCHORS) a.scan(text, out);
  for (const word of WORD_NEEDLES) scanWord(text, word, out);
  if (text.includes('ENV ')) scanRegex(text, DOCKER_ENV, out);
  return sortedUnique(out);
}

const LETTER_BY_CODE: (LetterAnchor | undefined)[] = [];
for (const a of LETTER_ANCHORS) LETTER_BY_CODE[a.anchor.charCodeAt(0)] = a;
/** The module's `d` is both dapi's anchor and WORD_SRC's (the `d` of `password`, the `D` of `PASSWORD` and `IDENTIFIED`). */
const DAPI = LETTER_BY_CODE[100]!;

/** Every anchor from one SIMD pass (anchors.wat), each judged by the function its indexOf loop uses; non-ASCII text goes the indexOf way. */
export function candidateLinesSimd(text: string, scanner: AnchorScanner): number[] {
  return prescanSimd(text, scanner).lines;
}

export function prescanSimd(
  text: string,
  scanner: AnchorScanner,
  selector?: Uint8Array,
  literals?: LiteralSet,
  literals2?: LiteralSet,
  literals3?: LiteralSet,
): Prescan {
  const out: number[] = [];
  scanner.setLiterals(literals, 0);
  scanner.setLiterals(literals2, 1);
  scanner.setLiterals(literals3, 2);
  let selected: number[] | undefined;
  if (selector !== undefined) {
    scanner.setSelector(selector);
    selected = [];
  }
  // The line of the last hit: its other anchors need no check (positions ascend, so an earlier line is
  // never skipped, only the line already taken).
  let from = -1;
  let to = -1;
  let ordered = true;
  const flagged: number[] = [];
  const escapes: number[] = [];
  const blobs: number[] = [];
  const gates = scanner.scan(
    text,
    (p, exact) => {
      const c = text.charCodeAt(p);
      if (p >= from && p < to) {
        // The line is a candidate already, but a blob's padding on it is still a blob: the line rules read
        // `TOKEN = base64.b64decode("…==")` as a call, and the indexOf path (short texts) records it too.
        if (c === 61 && paddingAt(text, p)) blobs.push(p);
        return;
      }
      let ok: boolean;
      if (c === 61 || c === 58 || c === 62) {
        ok = exact || genericAt(text, p) || (c === 58 && asanaAt(text, p));
        // An escape, a foreign word or a character a view decodes in the name before it: the line's view
        // decides (decode.ts).
        if (!ok) {
          if (hasEscapeBefore(text, p) || foreignWordBefore(text, p) || decodableBefore(text, p)) escapes.push(p);
          else if (c === 61 && paddingAt(text, p)) blobs.push(p);
        }
      } else if (c === 95) ok = underscoreAt(text, p);
      else if (c === 45) ok = dashAt(text, p);
      else if (c === 64) ok = userinfoAt(text, p);
      else if (c === 100) ok = wordAt(text, p) || DAPI.at(text, p);
      else if (c === 68) ok = wordAt(text, p);
      else {
        const a = LETTER_BY_CODE[c];
        ok = a !== undefined && a.at(text, p);
      }
      if (!ok) return;
      const start = lineStart(text, p);
      if (start <= from) ordered = false; // (the module reports in ascending order; if ever not, sort below)
      from = start;
      const nl = text.indexOf('\n', p);
      to = nl < 0 ? text.length : nl + 1;
      out.push(from);
      if (selected !== undefined && !scanner.select(from, nl < 0 ? text.length : nl, selected)) selected.push(-1, 0, 0, 0);
    },
    flagged,
  );
  const known = gates < 0 ? gatesOf(text) : gates;
  const lits = literals === undefined ? -1 : scanner.literals(0);
  const lits2 = literals2 === undefined ? -1 : scanner.literals(1);
  const lits3 = literals3 === undefined ? -1 : scanner.literals(2);
  if ((known & ENV_GATE) === 0 && ordered)
    return { lines: out, gates: known, literals: lits, literals2: lits2, literals3: lits3, selected, flagged, escapes, blobs }; // ascending and distinct already
  // Dockerfile ENV lines join in order: the selections would no longer line up (rare: left to keywordSelector).
  if ((known & ENV_GATE) !== 0) scanRegex(text, DOCKER_ENV, out);
  return { lines: sortedUnique(out), gates: known, literals: lits, literals2: lits2, literals3: lits3, flagged, escapes, blobs };
}

/** A `\u` or `\x` among the 16 characters before `p` (a key's name may hold an escape). */
function hasEscapeBefore(text: string, p: number): boolean {
  for (let i = p - 2; i >= 0 && i >= p - 17; i--) {
    if (text.charCodeAt(i) !== 92) continue;
    const n = text.charCodeAt(i + 1);
    if (n === 117 || n === 85 || n === 120) return true;
  }
  return false;
}

/** The definition: the three regexes run over the whole text (slow; tests compare candidateLines with it). */
export function candidateLinesReference(text: string): number[] {
  const out: number[] = [];
  for (const re of [GENERIC, PREFIXED, LETTERS]) scanRegex(text, re, out);
  if (text.includes('ENV ')) scanRegex(text, DOCKER_ENV, out);
  return sortedUnique(out);
}

function sortedUnique(out: number[]): number[] {
  out.sort((a, b) => a - b);
  let w = 0;
  for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[i - 1]) out[w++] = out[i]!;
  out.length = w;
  return out;
}

/** The SIMD scanner with the pre-scan's tables, or undefined where it cannot run (tests compare both paths). */
export function simdScanner(): AnchorScanner | undefined {
  return anchorScanner(scannerTables);
}
