// Is a key name one that holds a secret? `DB_PASSWORD`, `client-key-data`, `_authToken`: yes.
// `API_KEY_HEADER`, `PASSWORD_MIN_LENGTH`, `FEATURE_SECRET_SANTA`, `secretName`, `password_file`,
// `key_id`, `public_key`: no — the last word decides what the value is.
import { detached } from './detach';
import { viewOf } from './decode';
import type { NameStrength } from './entropy';
import { ASCII_KEY_WORDS } from './foreign-key-words';
import { ASCII_MORE } from './password-words-more';

/** Split `AWS_SECRET_ACCESS_KEY`, `clientSecret`, `client-key-data`, `db.password` into lower-case words. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/**
 * The word for password (or secret) in other languages, as ASCII writes them: the one list the masker's
 * parts share (names.ts classifies a key so named, the pre-scan lets its line through, the generic rule
 * reads it). Each user adds its own extras: spellings a shorter keyword already reaches, or words only it
 * needs. Threat: a word one part knows and another does not is a key whose line no rule ever sees.
 */
/** Words after a secret's name that say it is disguised, not that it is something else (names.ts and the pre-scan share them). */
export const SECRET_DISGUISES: readonly string[] = ['reversed', 'obfuscated', 'encoded', 'scrambled', 'rot13', 'xored'];
/** Words after a secret's name that say it is another copy or version of it, or its bytes (names.ts and the pre-scan share them). */
export const SECRET_COPIES: readonly string[] = [
  'rev',
  'old',
  'new',
  'backup',
  'bak',
  'prev',
  'previous',
  'v1',
  'v2',
  'v3',
  'alt',
  'orig',
  'legacy',
  'bytes',
  'fallback',
  'override',
  'primary',
  'secondary',
  'default',
  'tmp',
  'temp',
  'copy',
  'spare',
  'rotated',
  'next',
  'current',
];

export const FOREIGN_PASSWORD_WORDS: readonly string[] = [
  'kennwort',
  'contrasena',
  'senha',
  'wachtwoord',
  'salasana',
  'heslo',
  'haslo',
  'sifre',
  'jelszo',
  'losenord',
  'adgangskode',
  'parola',
  'geheim',
  // Indonesian/Malay `kata_sandi`, Vietnamese `mat_khau` (the last word of the name decides), Spanish `clave`
  // (a password in Latin America), and the word for secret (`clave_secreta`, `chiave_segreta`, `sekret`).
  'sandi',
  'khau',
  'clave',
  'secreta',
  'secreto',
  'segreta',
  'segreto',
  'segredo',
  'sekret',
  'sifresi',
  // More languages' words (password-words-more.ts).
  ...ASCII_MORE,
];

const STRONG_EXACT = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'secret',
  'secrets',
  'token',
  'apikey',
  'credential',
  'credentials',
  'creds',
  'cred',
  'pat',
  'sig',
  'signature',
  'accountkey',
  'secretkey',
  'accesskey',
  'privatekey',
  'masterkey',
  'authkey',
  'signingkey',
  'encryptionkey',
  'sharedaccesskey',
  'pw',
  'pswd',
  // LDAP's bind and root passwords (`bindpw = …` in an ini file, not only the slapd directive).
  'bindpw',
  'rootpw',
  // PAM and SSSD's authentication token (`ldap_default_authtok = …`): a password.
  'authtok',
  // Other languages' words for password or secret (ASCII spellings; decode.ts folds the others onto `password`).
  'passwort',
  'passe',
  'motdepasse',
  ...FOREIGN_PASSWORD_WORDS,
  'passord',
  // A wallet's recovery phrase.
  'mnemonic',
  'phrase',
  // An HTTP credential by its scheme's name (`bearer: …`).
  'bearer',
  // A pre-shared key (`wpa_psk`, `WIFI_PSK`, `ipsec_psk`): the Wi-Fi or VPN password itself.
  'psk',
]);
/** The words that make a key strong on their own (the tests check the pre-scan lets each through). */
export const STRONG_WORDS: ReadonlySet<string> = STRONG_EXACT;
/** Compound words ending in a secret word: `identitytoken`, `authtoken`, `dbpassword`, `clientsecret`. */
const STRONG_SUFFIX = [
  'password',
  'passwd',
  'secret',
  'token',
  'apikey',
  'accesskey',
  'secretkey',
  'privatekey',
  'accountkey',
  'passwort',
  'kennwort',
  'wachtwoord',
];
/** `X_KEY` is strong when X says what kind of key it is. */
const KEY_QUALIFIERS = new Set([
  'api',
  'secret',
  'private',
  'access',
  'master',
  'encryption',
  'signing',
  'client',
  'auth',
  'app',
  'service',
  'account',
  'license',
  'webhook',
  'storage',
  'subscription',
  'admin',
  'shared',
  'hmac',
  'jwt',
  'session',
  'crypto',
  'aes',
  'enc',
  'decryption',
  'ssh',
  'stripe',
  'openai',
  'anthropic',
  'google',
  'sendgrid',
  'mailgun',
  'twilio',
  'github',
  'gitlab',
  'slack',
  'aws',
  'azure',
  'gcp',
  'license',
  'consumer',
  'server',
  'cookie',
  'csrf',
  'fernet',
  'django',
  'rails',
  'flask',
  'app_secret',
  'partner',
  'merchant',
  'deploy',
  'user',
  'dev',
  'prod',
  'live',
  'test',
  'sk',
  'rk',
  'secret_access',
  'sas',
  'primary',
  'secondary',
  'connection',
  'bot',
  'root',
  'rsa',
  'ec',
  'pgp',
  'gpg',
]);
/** `X_KEY` is not a secret when X says it is something else. */
const KEY_NOT_SECRET = new Set([
  'public',
  // reCAPTCHA's, hCaptcha's and Turnstile's site key is published in the page (`data-sitekey`); its secret key is `secret_key`.
  'site',
  'pub',
  'foreign',
  'sort',
  'partition',
  'cache',
  'hot',
  'short',
  'lookup',
  'map',
  'dict',
  'registry',
  'unique',
  'composite',
  'row',
  'hash',
  'idempotency',
  'object',
  'primary_',
  'index',
  'group',
  'i18n',
  'translation',
  'message',
  'state',
  'query',
  'storage_',
  'react',
  'list',
  'item',
  'column',
  'field',
  'attr',
  'event',
  'shortcut',
  'keyboard',
  'dedupe',
  'dedup',
  'lock',
  'meta',
  'search',
  'filter',
  'config',
  'setting',
  'settings',
  'local',
  'redis',
  'env',
  'label',
  'tag',
  'name',
  'type',
  'sub',
  'parent',
  'child',
  'next',
  'prev',
  'last',
  'first',
]);
/**
 * A key whose last word says the value is an identifier or a digest (`BUILD_ID`, `commit_sha`, `imageDigest`,
 * `trace_id`, `request_id`): public by nature, wherever it sits.
 */
export const PUBLIC_NAME =
  /(?:^|[_.-]|[a-z](?=[A-Z]))(?:checksum|sha\d*|hash|digest|etag|fingerprint|commit|revision|id|uid|uuid|guid|version|integrity|resourceversion|name|kind|build)$/i;

/** The form a secret's value is written in, after its name (`db_password_urlenc`, `API_KEY_HEX_UPPER`, `token_escaped`). */
export const SECRET_FORMS: readonly string[] = [
  'urlenc',
  'urlencoded',
  'enc',
  'escaped',
  'quoted',
  'upper',
  'lower',
  'uppercase',
  'lowercase',
  'utf8',
  'ascii',
];
/**
 * Words for how a secret's value is held, after its name (`SECRET_KEY_BASE`, `client-key-data`, `token_b64`), and a
 * key's encodings (`SIGNING_KEY_DER`, `JWT_KEY_PKCS8`: the key's bytes, base64 or hex, rt21mask pem-base64-in-env).
 */
export const SECRET_VALUE_TAILS: readonly string[] = [
  'base',
  'data',
  'value',
  'b64',
  'base64',
  'hex',
  'raw',
  'str',
  'string',
  'plain',
  'text',
  'pem',
  'der',
  'pkcs8',
  'pkcs1',
];
/** A secret word followed by one of these still names the secret: `SECRET_KEY_BASE`, `client-key-data`. */
const TRAILING_OK = new Set([
  ...SECRET_VALUE_TAILS,
  ...SECRET_FORMS,
  // The secret disguised, still the secret (`secret_reversed`, `token_obfuscated`, `api_key_encoded`).
  ...SECRET_DISGUISES,
  // Another copy or version of the secret, still a secret (`GH_TOKEN_REV`, `TOKEN_OLD`, `PASSWORD_BACKUP`,
  // `SECRET_V2`), and its bytes (`KEY_BYTES = b"…"`).
  ...SECRET_COPIES,
]);

/** The last word of a secret's name kept in pieces: `part1`, `parts`, `prefix`, `suffix`, `_a`/`_b`. */
const PIECE = /^(?:part|parts|piece|pieces|chunk|chunks|half|prefix|suffix|[a-d])\d{0,2}$/;

/** `smtppass`, `dbpass`, `rootpass`: a service's or a role's password run into one word (git's `sendemail.smtppass`). */
const PASS_PREFIXES =
  /^(?:smtp|db|mail|email|ftp|sftp|root|admin|user|sql|mysql|pg|postgres|redis|ldap|bind|proxy|vnc|rdp|ssh|wifi|wlan|api|app|web|imap|pop|pop3|sasl|auth|store|trust|key|master|sudo|login|acct|account|server|client|bot|rpc|mqtt|amqp|smb|cifs|nas|sa)pass$/;

/**
 * A secret's name written head first, as Romance languages and some conventions order it: the secret word, then
 * (after `de`/`do`/`of`…) only words that say whose or what it is for (`password_db`, `PASSWORD_ADMIN`,
 * `token_github`, `chave_de_acesso`, `contrasena_bd`, `senha_do_banco`). A word of any other kind after it says the
 * value is something else (`password_db_host`, `PASSWORD_MIN_LENGTH`, `token_url`, `secret_name`): not this form.
 */
const HEAD_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'secret',
  'token',
  'passwort',
  'kennwort',
  'motdepasse',
  'passe',
  'passord',
  ...FOREIGN_PASSWORD_WORDS,
]);
/** A head word `key` (as `chave`, `clave`, `schlüssel` read) is a secret only when what follows says access or API. */
const HEAD_KEY_OWNERS = new Set([
  'acesso',
  'acceso',
  'accesso',
  'acces',
  'access',
  'zugang',
  'zugriff',
  'api',
  'secreta',
  'privada',
  'privata',
  'segreta',
  'secret',
  'private',
]);
const HEAD_CONNECTORS = new Set(['de', 'do', 'da', 'del', 'della', 'di', 'du', 'des', 'der', 'dos', 'das', 'of', 'for', 'fur', 'fuer', 'para', 'pour', 'per']);
// …and the other languages' (nl `van`/`voor`, es/fr/it `la`/`le`/`el`/`al`, sv `till`/`for`, pl `dla`, cs/sk `k`/`ke`/`pro`/`pre`, hu `az`).
for (const w of ['van', 'voor', 'la', 'le', 'el', 'al', 'till', 'dla', 'k', 'ke', 'pro', 'pre', 'az']) HEAD_CONNECTORS.add(w);
const HEAD_OWNERS = new Set([
  ...['db', 'bd', 'bdd', 'database', 'banco', 'base', 'datos', 'dados', 'donnees', 'admin', 'administrador', 'root', 'user', 'usuario'],
  ...['utilisateur', 'benutzer', 'prod', 'production', 'produccion', 'producao', 'dev', 'staging', 'mysql', 'postgres', 'pg', 'redis'],
  ...['mongo', 'mongodb', 'smtp', 'mail', 'email', 'correo', 'ldap', 'ftp', 'sftp', 'ssh', 'api', 'app', 'github', 'gitlab', 'slack'],
  ...['stripe', 'aws', 'azure', 'gcp', 'servidor', 'serveur', 'server', 'master', 'service', 'servico', 'servicio', 'bot'],
  ...['jenkins', 'docker', 'vault', 'wifi', 'vpn', 'proxy', 'sa', 'acesso', 'acceso', 'access', 'zugang', 'oracle', 'mssql', 'sql'],
  // The database, the user, the server and the administrator in the languages of FOREIGN_PASSWORD_WORDS (ASCII
  // spellings: names.ts reads a name beyond ASCII through its folded view): `wachtwoord_gebruiker`, `hasło_bazy`,
  // `salasana_kanta`, `parola_utente`, `heslo_k_databazi`, `jelszo_szerver`.
  ...['datenbank', 'databank', 'databas', 'databasen', 'database', 'baza', 'bazy', 'bazie', 'databaze', 'databazi', 'databazy'],
  ...['tietokanta', 'kanta', 'adatbazis', 'veritabani', 'banca', 'dati', 'gebruiker', 'beheerder', 'utente', 'uzytkownik'],
  ...['uzytkownika', 'kayttaja', 'anvandare', 'uzivatel', 'uzivatele', 'felhasznalo', 'kullanici', 'serwer', 'serwera', 'palvelin'],
  ...['szerver', 'sunucu', 'servidor', 'serveur', 'servizio', 'amministratore', 'administrateur', 'administrator', 'yllapitaja'],
]);
/** Whether `name` is a secret's name written head first (`password_db`, `chave_de_acesso`): see HEAD_WORDS. */
export const headFirstName = (name: string): boolean => {
  // A name beyond ASCII (`hasło_bazy`, `lösenord_db`): as its folded view reads (`password_bazy`), as classify does.
  if (/[^\x00-\x7f]/.test(name)) {
    const view = viewOf(name);
    if (view !== null && view.text !== name && !/[^\x00-\x7f]/.test(view.text)) return headFirstName(view.text);
  }
  const words = nameWords(name).map((w) => ASCII_KEY_WORDS.get(w) ?? w);
  return words.length > 1 && headFirst(words);
};
function headFirst(words: readonly string[]): boolean {
  // French `mot_de_passe_admin`: the three words are the one head word.
  if (words[0] === 'mot' && words[1] === 'de' && words[2] === 'passe') words = ['motdepasse', ...words.slice(3)];
  const head = words[0]!;
  const isKey = head === 'key' || head === 'chave' || head === 'clave' || head === 'chiave';
  if (!isKey && !HEAD_WORDS.has(head)) return false;
  let owners = 0;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (HEAD_CONNECTORS.has(w)) continue;
    if (isKey ? !HEAD_KEY_OWNERS.has(w) && !HEAD_OWNERS.has(w) : !HEAD_OWNERS.has(w)) return false;
    if (isKey && !HEAD_KEY_OWNERS.has(w) && owners === 0) return false;
    owners++;
  }
  return owners > 0;
}

// Key names repeat across a tree (`key`, `token`, `password`, `apiKey`): the answer is a pure function
// of the name, so it is remembered. Bounded: a stream of distinct names (a minified bundle) only
// restarts the memo, never grows it.
const MEMO_MAX = 4096;
const memo = new Map<string, NameStrength | null>();

export function classifyName(name: string): NameStrength | null {
  let v = memo.get(name);
  if (v === undefined) {
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(detached(name), (v = classify(name)));
  }
  return v;
}

function classify(name: string): NameStrength | null {
  // A name written beyond ASCII (`密码`, `пароль`, `contraseña`, `$パスワード`): judged as the decoded view reads it
  // (decode.ts folds the word for password, token, secret or key onto its English one), as the line rules judge
  // such a key through the line's view. The block rules read names with this function alone.
  if (/[^\x00-\x7f]/.test(name)) {
    const view = viewOf(name);
    if (view !== null && view.text !== name && !/[^\x00-\x7f]/.test(view.text)) return classify(view.text);
  }
  // Other languages' words for key, token and credentials, as their English word (foreign-key-words.ts).
  const words = nameWords(name).map((w) => ASCII_KEY_WORDS.get(w) ?? w);
  if (words.length === 0) return null;
  if (words.length > 1 && headFirst(words)) return 'strong';
  let end = words.length - 1;
  // A numbered secret (`password2` beside `pass` in rclone's config, `DB_PASSWORD_2`, `token1`).
  if (end > 0 && /^\d{1,2}$/.test(words[end]!)) end--;
  // A secret kept in pieces (`apiKeyPart1`/`apiKeyPart2`, `token_a`, `secretPrefix`/`secretSuffix`, `password_parts`):
  // each piece is part of the secret, judged under the secret's name.
  if (end > 0 && PIECE.test(words[end]!)) end--;
  if (end > 0 && /^\d{1,2}$/.test(words[end]!)) end--;
  // Two such words at most (`API_KEY_HEX_UPPER`).
  if (end > 0 && TRAILING_OK.has(words[end]!)) end--;
  if (end > 0 && TRAILING_OK.has(words[end]!)) end--;
  let last = words[end]!;
  if (/^[a-z]{3,}\d{1,2}$/.test(last)) last = last.replace(/\d+$/, '');
  if (PASS_PREFIXES.test(last)) return 'strong';
  const prev = end > 0 ? words[end - 1]! : '';
  if (last === 'key' || last === 'keys') {
    if (KEY_NOT_SECRET.has(prev)) return null;
    if (prev === '') return 'weak';
    if (KEY_QUALIFIERS.has(prev) || STRONG_SUFFIX.some((s) => prev.endsWith(s))) return 'strong';
    return 'weak';
  }
  // yarn's `npmAuthIdent`: `user:password` in base64.
  if (last === 'ident' && prev === 'auth') return 'strong';
  // Account recovery codes (`recovery_code`, `backup_codes`).
  if ((last === 'code' || last === 'codes') && (prev === 'recovery' || prev === 'backup')) return 'strong';
  // Consul's ACL token (`"SecretID": "<uuid>"`), Vault AppRole's `secret_id`; other ids are identifiers.
  if (last === 'id' && prev === 'secret') return 'strong';
  // A service's API credential named by the service alone (`datadog_api = "<hex>"`, `stripe_api`), and a wallet's
  // `private: 0x<hex>`: weak names, so only a value that looks like a secret is masked (`rest_api = "https://…"`,
  // `"private": true` stay).
  if (last === 'api' && prev !== '' && prev !== 'rest' && prev !== 'public' && prev !== 'graphql' && prev !== 'internal') return 'weak';
  if (last === 'private' && words.length === 1) return 'weak';
  // A key pair's private half named after the key (`MJ_APIKEY_PRIVATE`, `API_KEY_PRIVATE`, `SIGNING_KEY_PRIVATE`).
  if (last === 'private' && (prev === 'apikey' || prev === 'key' || prev.endsWith('key'))) return 'strong';
  if (last === 'auth') return prev === 'basic' || prev === 'http' || prev === '' || prev === 'proxy' ? 'weak' : 'weak';
  if (STRONG_EXACT.has(last)) {
    // `public_token`, `csrf_token_name` are handled by the last word; `page_token`/`next_token` are cursors.
    if (
      last === 'token' &&
      (prev === 'page' ||
        prev === 'next' ||
        prev === 'continuation' ||
        prev === 'cancellation' ||
        prev === 'max' ||
        prev === 'csrf' ||
        prev === 'xsrf' ||
        prev === 'public')
    )
      return null;
    return 'strong';
  }
  if (STRONG_SUFFIX.some((s) => last.endsWith(s) && last.length > s.length)) return 'strong';
  return null;
}
