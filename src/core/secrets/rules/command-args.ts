// command-arg-secret: a password a command line hands over where no key-value rule and no flag rule reads it:
// - the short flag of a login command whose `-p` means password (`oc login -u U -p V`, `cf login -p V`,
//   `helm registry login -p V`, `buildah|skopeo|oras|ibmcloud login -p V`, `docker login -p=V`), and the
//   positional password of `cf auth U V` and `wpa_passphrase SSID V`;
// - a secret fed on standard input to a command that stores it: `vercel env add NAME <<< V`,
//   `echo V | wrangler secret put NAME`, `printf %s V | gh secret set NAME`, `… | docker login --password-stdin`;
// - the value on the line after a continued secret flag: `--password \` or `-p \` (mysql, sshpass, a login),
//   then `  V` on the next line (a shell line continuation: one command).
// Threat: found by a blind red team: shell histories, runbooks and CI scripts showed each to the model verbatim.
// How: the first two are line forms gated by their command's words (the gates' one pass); the continuation is
// found from each ` \` line end the text holds (a native search, only in a text holding one).
// Not: `-p 8080`, `docker run -p \` + `8080:80`, `--password-file \`, `--port`, `wpa_passphrase SSID >> conf`,
// `$VAR`/`"${VAR}"` (references), `-` (read from the terminal).
import { isPlaceholder, isReference, isVariableLed, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { PASSWORD_CHARS, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holds, registerGates } from './gates';
import { formLiterals, push, scanForms, type Form } from './form-scan';

const RULE = 'command-arg-secret';

/** A command's argument is data (`-p 'Copper0514.pls'` is the password, not member access). */
const judged = (v: string): boolean =>
  v.length >= 6 && !isVariableLed(v) && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, 'strong', true, false, true);

/** A value: quoted (group q + body) or bare; never a flag, a redirection, a reference or a comment. */
const VALUE = String.raw`(["']?)([^\s"'$<>|;&#-][^\s"']*)`;
/** Commands that store what they read on standard input as a secret. */
const STORE = String.raw`(?:vercel[ \t]+env[ \t]+add|wrangler[ \t]+(?:pages[ \t]+)?secret[ \t]+put|gh[ \t]+secret[ \t]+set|netlify[ \t]+env:set|supabase[ \t]+secrets[ \t]+set|firebase[ \t]+functions:secrets:set|doppler[ \t]+secrets[ \t]+set|(?:docker|podman)[ \t]+secret[ \t]+create|(?:docker|podman|nerdctl|buildah|skopeo|oras|helm[ \t]+registry|crane[ \t]+auth)[ \t]+login\b[^|\r\n]*--password-stdin)`;

const FORMS: Form[] = [
  // A login whose -p is the password (docker, podman, az, mongo: cli-password's; `-p=V` is this form's too).
  {
    gates: ['login'],
    re: new RegExp(
      String.raw`\b(?:oc|cf|ibmcloud|buildah|skopeo|oras|regctl[ \t]+registry|helm[ \t]+registry|crane[ \t]+auth|docker|podman|nerdctl)[ \t]+login\b[^\r\n|;&]*?[ \t]-p(?:[ \t]+|=)${VALUE}\1`,
      'dg',
    ),
    groups: [2],
    judge: judged,
    line: true,
  },
  // Cloud Foundry: `cf auth USER PASS`.
  {
    gates: ['cf auth'],
    re: new RegExp(String.raw`\bcf[ \t]+auth[ \t]+(["']?)[^\s"'-][^\s"']*\1[ \t]+${VALUE}\2`, 'dg'),
    groups: [3],
    judge: judged,
    line: true,
  },
  // `wpa_passphrase SSID PASSPHRASE` (a quoted SSID may hold blanks).
  {
    gates: ['wpa_passphrase'],
    re: new RegExp(String.raw`\bwpa_passphrase[ \t]+(?:"[^"\r\n]*"|'[^'\r\n]*'|[^\s"'<>|;&#]+)[ \t]+${VALUE}\1`, 'dg'),
    groups: [2],
    judge: judged,
    line: true,
  },
  // A here-string into a command that stores a secret: `vercel env add NAME production <<< V`.
  {
    gates: ['<<<'],
    re: new RegExp(String.raw`\b${STORE}[^<\r\n]*<<<[ \t]*(["']?)([^\s"'$<>|;&#][^\s"']*)\1`, 'dg'),
    groups: [2],
    judge: judged,
    line: true,
  },
  // `echo V | vercel env add NAME`, `printf '%s' V | wrangler secret put NAME`.
  {
    gates: ['echo', 'printf'],
    re: new RegExp(
      String.raw`\b(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)*(?:(["'])%s\1[ \t]+|%s[ \t]+)?(["']?)([^\s"'$<>|;&#-][^\s"']*)\2[ \t]*\|[ \t]*(?:sudo[ \t]+(?:-\S+[ \t]+)*)?(?:npx[ \t]+|bunx[ \t]+|pnpm[ \t]+(?:dlx[ \t]+)?)?${STORE}`,
      'dg',
    ),
    groups: [3],
    judge: (v) => judged(v.replace(/\\n$/, '')),
    line: true,
  },
];
registerGates(formLiterals(FORMS));

// The continuation: a flag at the end of a line, ` \`, and its value at the head of the next line.
const CONT_GATES = [' \\\n', ' \\\r\n', '\t\\\n'];
registerGates(CONT_GATES);
/** The flag before a ` \` line end (the match ends at the backslash). */
const FLAG_BEFORE = /(?:^|[ \t])(--?[A-Za-z][\w-]*)[ \t]+\\$/;
/** The value at the head of the next line. */
const NEXT_VALUE = /^[ \t]*(["']?)([^\s"'$<>|;&#\\-][^\s"'\\]*)\1(?=[ \t]*(?:\\?\r?$|[ \t]))/d;
/** Programs whose `-p` (`-a`: redis-cli) takes the password: the flag means a port or a path elsewhere. */
const P_PROGRAMS =
  /(?:^|[\s;&|(])(?:mysql\w*|mariadb[\w-]*|sshpass|mongo\w*|psexec\w*|redis-cli|(?:oc|cf|docker|podman|nerdctl|buildah|skopeo|oras|az|ibmcloud|helm[ \t]+registry|crane[ \t]+auth)[ \t]+login)\b/i;

/** The logical command line (its continued lines joined) up to `end`, at most 16 lines back. */
function commandBefore(text: string, end: number): string {
  let s = text.lastIndexOf('\n', end - 1) + 1;
  for (let k = 0; k < 16 && s > 1; k++) {
    let e = s - 1;
    if (text.charCodeAt(e - 1) === 13) e--;
    if (text.charCodeAt(e - 1) !== 92) break;
    s = text.lastIndexOf('\n', e - 1) + 1;
  }
  return text.slice(s, end);
}

function scanContinued(text: string, index: LineIndex, out: BlockOutput): void {
  if (!CONT_GATES.some((g) => holds(text, g))) return;
  for (const eol of ['\\\n', '\\\r\n'])
    for (let p = text.indexOf(eol); p >= 0; p = text.indexOf(eol, p + eol.length)) {
      const ls = text.lastIndexOf('\n', p - 1) + 1;
      const f = FLAG_BEFORE.exec(text.slice(ls, p + 1));
      if (f === null) continue;
      const flag = f[1]!;
      if (flag.startsWith('--')) {
        if (classifyName(flag.slice(2)) !== 'strong') continue;
      } else if (!((flag === '-p' || flag === '-a') && P_PROGRAMS.test(commandBefore(text, ls + f.index)))) continue;
      const ns = p + eol.length;
      const ne = text.indexOf('\n', ns);
      const v = NEXT_VALUE.exec(text.slice(ns, ne < 0 ? text.length : ne));
      if (v === null || !judged(v[2]!)) continue;
      const [s, e] = v.indices![2]!;
      push(text, index, out, ns + s, ns + e, RULE);
    }
}

/** The literals one of which the text must hold for any of the rule's forms to run (the gates' one pass answers). */
const ANY_GATE = [...formLiterals(FORMS), ...CONT_GATES];

export const commandArgSecret: BlockRule = {
  id: RULE,
  description:
    'A password a command line hands over: oc/cf/helm registry login -p V, cf auth U V, wpa_passphrase SSID V, vercel env add NAME <<< V, echo V | wrangler secret put NAME, and the value on the line after a continued --password \\ or -p \\',
  gate: '',
  applies: (text) => ANY_GATE.some((g) => holds(text, g)),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
    scanContinued(text, index, out);
  },
  samples() {
    let seed = 0x39c0a1;
    const p = Array.from({ length: 12 }, () => 'Q7' + rand(PASSWORD_CHARS.replace(/[#'"\\,;:|%()<>{}@/\s$?=-]/g, ''), 14, seed++ * 7919) + 'k');
    return {
      truePositives: [
        { text: `oc login -u admin -p ${p[0]} https://api.example.com:6443`, secrets: [p[0]!] },
        { text: `cf login -a https://api.cf.example.com -u ops -p '${p[1]}'`, secrets: [p[1]!] },
        { text: `skopeo login -u ci -p=${p[2]} registry.example.com`, secrets: [p[2]!] },
        { text: `cf auth ops@example.com ${p[3]}`, secrets: [p[3]!] },
        { text: `wpa_passphrase "Home Wifi" ${p[4]} > /etc/wpa_supplicant/wpa_supplicant.conf`, secrets: [p[4]!] },
        { text: `vercel env add DATABASE_PASSWORD production <<< ${p[5]}`, secrets: [p[5]!] },
        { text: `echo "${p[6]}" | npx wrangler secret put API_KEY`, secrets: [p[6]!] },
        { text: `printf '%s' ${p[7]} | gh secret set STRIPE_KEY`, secrets: [p[7]!] },
        { text: `mytool deploy --env prod --api-key \\\n  ${p[8]} \\\n  --verbose`, secrets: [p[8]!] },
        { text: `mysql -h db -u root -p \\\n    "${p[9]}" shop`, secrets: [p[9]!] },
        { text: `vault login --token \\\r\n  ${p[10]}\r\n`, secrets: [p[10]!] },
      ],
      falsePositives: [
        'oc login -u admin https://api.example.com:6443',
        'oc login -u admin -p "$OC_PASSWORD" https://api.example.com:6443',
        'cf login -a https://api.cf.example.com --sso',
        'wpa_passphrase HomeWifi >> /etc/wpa_supplicant/wpa_supplicant.conf',
        '# wpa_passphrase "$SSID" "$PSK" writes the network block',
        'vercel env add DATABASE_PASSWORD production <<< "$DB_PASSWORD"',
        'echo "$TOKEN" | npx wrangler secret put API_KEY',
        'echo done | tee build.log',
        'docker run -p \\\n  8080:80 nginx',
        'ssh -p \\\n  2222 deploy@host',
        'mytool --password-file \\\n  /etc/secrets/db.txt',
        'psql --port \\\n  5432 -h db',
        'mytool --password \\\n  "$DB_PASSWORD"',
        'mysql -u root -p \\\n  shop',
      ],
    };
  },
};
