// secret-by-directive: secrets reaching the model whole in directive-like forms no key-value rule reads:
// - a placeholder's default (`${DB_PASSWORD:P}`, Spring/Quarkus/Micronaut): the default is a literal secret;
//   the reference alone (`${DB_PASSWORD}`) is none;
// - a name and its value apart by a blank, not `=`: Gradle Groovy (`storePassword "P"`, `password 'P'`),
//   config directives (`bindpw P`, `rootpw P`, `requirepass P`, `masterauth P`, `rocommunity C`),
//   BIND TSIG (`secret "B64";`), .curlrc (`user = "u:P"`), a password in an error (`(password "P")`);
// - a name and its value as separate arguments: `buildConfigField("String", "API_KEY", "\"K\"")`, `resValue`;
// - key syntaxes other rules do not read: Jsonnet hidden fields (`webhookSecret:: 'S'`), Elixir keywords
//   (`signing_salt: "S"`, `default_signer: "S"`);
// - a key in a URL's query (`?appid=K`, `&api_key=K`, `?access_token=T`), a TOTP seed (`MFA_SEED=BASE32`).
// Threat: each of these lines was shown to the model verbatim.
// Cost: every form names literals the text must hold (one native search each) before its regex runs.
import { isPlaceholder, isReference, randomPartOk } from '../entropy';
import { ALNUM, HEX, PASSWORD_CHARS, rand } from '../samples';
import { registerGates } from './gates';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { named, password, token, type Form, formLiterals, scanForms } from './form-scan';

const RULE = 'secret-by-directive';

/** A password in a directive: no reference, no placeholder, at least 6 characters. */
const directive = (v: string, m: RegExpExecArray, t: string): boolean => v.length >= 6 && password(v, m, t);

export const FORMS: Form[] = [
  // --- a placeholder's default: `${DB_PASSWORD:P}` (the name says what the default is) ---
  // (shell's `:-` / `:=` defaults too; `:?message` and `:+alternate` are none, nor a variable's name)
  {
    gates: ['${'],
    re: /\$\{([A-Za-z_][\w.-]*):[-=]?([^\s{}$"'?+][^\s{}$"']{3,})\}/dg,
    groups: [2],
    judge: (v, m, t) => !/^[A-Z_][A-Z0-9_]*$/.test(v) && named(1)(v, m, t),
  },
  // --- Gradle Groovy: a password property set without `=` ---
  {
    gates: ['assword'],
    // A statement of its own: at the line's start or after `{`/`;` (`credentials { password 'P' }`), the line or the
    // block ending after it; prose (`The password 'x' is not checked`) is none.
    re: /(?:^|[{;])[ \t]*((?:store|key|keystore|signing|truststore)?[Pp]assword)[ \t]+(["'])([^"'\n]+)\2[ \t]*(?=[;}]|$)/dgm,
    groups: [3],
    judge: directive,
  },
  // --- config directives: a secret-named word at the line's start, a blank, the value ---
  {
    gates: ['bindpw', 'rootpw', 'requirepass', 'masterauth', 'community', 'authpass', 'privpass'],
    // Kickstart's `rootpw --plaintext X`, `rootpw --iscrypted X`: the flags are not the value.
    re: /^[ \t]*(?:bindpw|rootpw(?:[ \t]+--(?:plaintext|iscrypted|allow-ssh))*|requirepass|masterauth|r[ow]community6?|com2sec[ \t]+\S+[ \t]+\S+)[ \t]+(?!--)(["']?)([^\s"']+)\1/dgm,
    groups: [2],
    judge: directive,
  },
  // --- snmpd createUser NAME SHA "AUTHPASS" AES "PRIVPASS" ---
  {
    gates: ['createUser'],
    re: /\bcreateUser[ \t]+\S+[ \t]+(?:MD5|SHA\S*)[ \t]+(["']?)([^\s"']+)\1(?:[ \t]+(?:DES|AES\S*)[ \t]+(["']?)([^\s"']+)\3)?/dg,
    groups: [2],
    judge: directive,
  },
  {
    gates: ['createUser'],
    re: /\bcreateUser[ \t]+\S+[ \t]+(?:MD5|SHA\S*)[ \t]+(["']?)[^\s"']+\1[ \t]+(?:DES|AES\S*)[ \t]+(["']?)([^\s"']+)\2/dg,
    groups: [3],
    judge: directive,
  },
  // --- BIND TSIG: `secret "B64";` ---
  { gates: ['secret '], re: /\bsecret[ \t]+"([A-Za-z0-9+/]{16,}={0,2})"[ \t]*;/dg, groups: [1], judge: token },
  // --- .curlrc: `user = "u:P"`, `--user u:P`, `proxy-user = …` ---
  {
    gates: ['user'],
    re: /^[ \t]*(?:--?)?(?:proxy-)?user[ \t]*(?:=|[ \t])[ \t]*(["']?)[^\s:"']+:([^\s"']+)\1[ \t]*\r?$/dgm,
    // Every match holds `user` on one line: read only the lines holding it (the `^` over the whole text was tried at every character).
    line: true,
    groups: [2],
    judge: directive,
  },
  // --- a password in an error message: `(password "P")`, `password: "P")` ---
  { gates: ['password "'], re: /\(password[ \t]+"([^"\n]+)"\)/dg, groups: [1], judge: password },
  // --- name and value as separate arguments: buildConfigField("String", "API_KEY", "\"K\""), resValue(…) ---
  {
    gates: ['buildConfigField', 'resValue'],
    re: /\b(?:buildConfigField|resValue)[ \t]*\(?[ \t]*["'][^"'\n]*["'][ \t]*,[ \t]*["']([^"'\n]+)["'][ \t]*,[ \t]*["'](?:\\["'])?([^"'\\\n]+)(?:\\["'])?["']/dg,
    groups: [2],
    judge: named(1),
  },
  // --- Jsonnet hidden / forced fields: `webhookSecret:: 'S'`, `token::: "T"` ---
  { gates: ['::'], re: /\b([A-Za-z_]\w*)[ \t]*:{2,3}[ \t]*(["'])([^"'\n]+)\2/dg, groups: [3], judge: named(1) },
  // --- Elixir keywords whose values are secrets ---
  {
    gates: ['salt:', 'signer:', 'secret_key_base:'],
    re: /\b(?:signing_salt|encryption_salt|default_signer|secret_key_base):[ \t]+"([^"\n]{8,})"/dg,
    groups: [1],
    judge: (v) => !isReference(v) && !isPlaceholder(v) && randomPartOk(v),
  },
  // --- chrony / ntp keys: `ID TYPE [HEX:|ASCII:]KEY` at a line's start ---
  {
    gates: ['MD5', 'SHA', 'AES', 'HEX:', 'ASCII:'],
    re: /^[ \t]*\d{1,10}[ \t]+(?:MD5|SHA1|SHA256|SHA384|SHA512|SHA3-\d+|AES128|AES256|RMD160|M|M5)[ \t]+(?:HEX:|ASCII:)?(\S{8,})[ \t]*(?:#.*)?\r?$/dgm,
    groups: [1],
    judge: (v) => !isReference(v) && !isPlaceholder(v) && randomPartOk(v),
  },
  // --- Zapier catch hooks: the account and hook ids in the path are the credential ---
  {
    gates: ['hooks.zapier.com'],
    re: /\bhooks\.zapier\.com\/hooks\/catch\/([A-Za-z0-9]+\/[A-Za-z0-9]{6,})/dg,
    groups: [1],
    judge: (v) => !isPlaceholder(v),
  },
  // --- a key in a URL's query ---
  {
    gates: ['appid=', 'api_key=', 'apikey=', 'key=', 'access_token=', 'token='],
    re: /[?&](?:appid|api_?key|apikey|key|access_token|auth_token|token)=([A-Za-z0-9_\-.~%]{16,})/dgi,
    groups: [1],
    judge: token,
  },
  // --- a TOTP / MFA seed: base32 under a name that says so ---
  {
    gates: ['SEED', 'seed', 'TOTP', 'totp', 'OTP', 'otp', 'MFA', 'mfa'],
    re: /\b\w*(?:mfa|totp|otp|2fa)\w*(?:seed|secret|key)\w*["']?[ \t]*[=:][ \t]*["']?([A-Z2-7]{16,}=*)/dgi,
    groups: [1],
    judge: (v) => /[2-7]/.test(v) && /[A-Z]/.test(v),
  },
];
// Their gates are found in one pass over a text (gates.ts), not a search of the text for each.
registerGates(formLiterals(FORMS));

export const secretByDirective: BlockRule = {
  id: RULE,
  description:
    'Placeholder defaults (${NAME:secret}), Gradle password properties without =, config directives (bindpw, rootpw, requirepass, masterauth, rocommunity, snmp createUser), BIND TSIG secrets, .curlrc user, passwords in error messages, buildConfigField/resValue, Jsonnet hidden fields, Elixir salts and signers, keys in URL queries, TOTP seeds',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples() {
    let seed = 0xf12000;
    const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
    const pw = () => 'Q7' + rs(PASSWORD_CHARS.replace(/[#'",;:|%\\()<>{}@/\s$?+=-]/g, ''), 18);
    const p = Array.from({ length: 8 }, () => pw());
    const hex = rs(HEX, 40);
    const b32 = rs('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 32);
    const tok = rs(ALNUM, 24);
    return {
      truePositives: [
        { text: `        storePassword "${p[1]}"`, secrets: [p[1]!] },
        { text: `rocommunity ${p[2]}`, secrets: [p[2]!] },
        { text: `user = "deploy:${p[3]}"`, secrets: [p[3]!] },
        { text: `FATAL: password authentication failed (password "${p[4]}")`, secrets: [p[4]!] },
        { text: `        buildConfigField("String", "API_KEY", "\\"${p[5]}\\"")`, secrets: [p[5]!] },
        { text: `  webhookSecret:: '${hex}',`, secrets: [hex] },
        { text: `  live_view: [signing_salt: "${tok}"]`, secrets: [tok] },
        { text: `https://api.openweathermap.org/data/2.5/weather?q=Berlin&appid=${hex}`, secrets: [hex] },
        { text: `MFA_SEED=${b32}`, secrets: [b32] },
      ],
      falsePositives: [
        '    password: ${DB_PASSWORD}',
        'AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY:?missing}',
        '  port: ${DB_PORT:5432}',
        'bindpw $LDAP_PASSWORD',
        '        resValue("string", "app_name", "Acme Shop")',
        "  name:: 'frontend',",
        'https://acme.io/search?q=berlin&page=2',
      ],
    };
  },
};
