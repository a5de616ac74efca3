// client-literal: an opaque random literal of 40 characters or more handed positionally to a client's constructor
// or factory, where nothing names it: `new Client("V")`, `new ApiClient('V', {…})`, `Client("V")`,
// `Service.create("V")`, `sdk.connect("V")`, `bot.login("V")`. Any vendor: the evidence is the call's context and
// the literal's entropy, not a prefix.
// Threat: found by a blind red team: a token pasted into the code that builds the client reached the model whole.
// How: line forms gated by `new ` and by the call heads (the gates' one pass). The literal must read as random
// (randomPartOk, with upper case, lower case and digits, or 40+ hex under a client's name), and the callee must not
// say it holds a public value (`new PublicKey("…")`, `Address`, `Hash`, `Buffer.from`, `new URL`).
// Not: UUIDs, git SHAs (hex) outside a client's name, integrity hashes (`sha512-…`), URLs, dotted names.
import { isPlaceholder, isReference, isUuid, randomPartOk } from '../entropy';
import { ALNUM, B64URL, HEX, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { holds, registerGates } from './gates';
import { formLiterals, scanForms, type Form } from './form-scan';

const RULE = 'client-literal';

/** A callee whose name says the argument is public or data, not a credential. */
const NOT_CREDENTIAL_CALLEE =
  /(?:public|pubkey|address|hash|digest|sha|commit|checksum|uuid|guid|buffer|uint8array|array|string|regexp|url|uri|date|error|exception|blob|image|file|path|text|decoder|encoder|bignumber|bn|decimal|bigint|mint|program|signature|logger|log|event|message|tx|transaction|block|cid|version)$/i;
/** A callee whose name says it is a client: a hex literal there is a token (a Sonar or Mailgun key), not a SHA. */
const CLIENT_CALLEE = /(?:client|api|sdk|session|connection|service|auth|bot|gateway|connector|provider|bridge|driver|login|connect|authenticate)$/i;

/** A line holding a match holds a quote and 40 of the literal's characters: tried before the form's regex. */
const LONG_LITERAL = /["'\x60][A-Za-z0-9+/_=.-]{40}/;
const LITERAL = String.raw`(["'\x60])([A-Za-z0-9+/_=.-]{40,512})\2`;

function random(v: string, callee: string): boolean {
  if (isUuid(v) || isReference(v) || isPlaceholder(v)) return false;
  if (/^(?:sha(?:1|256|384|512)|md5)-/i.test(v) || (/^[\w-]+(?:\.[\w-]+){2,}$/.test(v.replace(/=+$/, '')) && !/\d/.test(v))) return false;
  const last = callee.split('.').pop()!;
  if (/public|pubkey|address/i.test(callee)) return false;
  if (NOT_CREDENTIAL_CALLEE.test(last) || NOT_CREDENTIAL_CALLEE.test(callee.replace(/\.\w+$/, ''))) return false;
  if (/^[0-9a-f]+$/i.test(v)) return CLIENT_CALLEE.test(last) && /[a-f]/i.test(v) && /\d/.test(v) && randomPartOk(v);
  return /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v) && randomPartOk(v);
}

const FORMS: Form[] = [
  {
    // `new Client("V")`, `new ns.ApiClient('V', …)`.
    gates: ['new '],
    re: new RegExp(String.raw`\bnew[ \t]+([A-Za-z_$][\w$.]*)[ \t]*\([ \t]*${LITERAL}[ \t]*[,)]`, 'dg'),
    groups: [3],
    judge: (v, m) => random(v, m[1]!),
    line: true,
    lineTest: (l) => LONG_LITERAL.test(l),
  },
  {
    // `Client("V")`, `OpenAI("V")`-style calls and factories named as clients: `Service.create("V")`, `x.connect("V")`.
    gates: ['Client(', 'client(', 'Api(', 'API(', 'Sdk(', 'SDK(', 'Session(', 'Service', 'Bot(', 'Auth(', 'connect(', 'login(', 'authenticate(', '.create('],
    re: new RegExp(
      String.raw`(?<![\w$])((?:[A-Za-z_$][\w$]*\.)*(?:[A-Za-z_$][\w$]*(?:Client|client|Api|API|Sdk|SDK|Session|Service|Bot|Auth)|[A-Za-z_$][\w$]*\.(?:connect|login|authenticate|create)|connect|login|authenticate))[ \t]*\([ \t]*${LITERAL}[ \t]*[,)]`,
      'dg',
    ),
    groups: [3],
    judge: (v, m) => random(v, m[1]!),
    line: true,
    lineTest: (l) => LONG_LITERAL.test(l),
  },
];
registerGates(formLiterals(FORMS));

/** The literals one of which the text must hold for any of the rule's forms to run (the gates' one pass answers). */
const ANY_GATE = formLiterals(FORMS);

export const clientLiteral: BlockRule = {
  id: RULE,
  description:
    'An opaque random literal (40+ characters) handed to a client constructor or factory: new Client("V"), Client("V"), Service.create("V"), bot.login("V")',
  gate: '',
  applies: (text) => ANY_GATE.some((g) => holds(text, g)),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples() {
    let seed = 0x39c11e;
    const t = (a: string, n: number) => 'Qa7' + rand(a, n, seed++ * 7919);
    const [a, b, c, d, e] = [t(ALNUM, 40), t(ALNUM, 45), t(B64URL, 41), t(ALNUM, 37), 'a1' + rand(HEX, 38, seed++ * 7919)];
    return {
      truePositives: [
        { text: `const client = new Client("${a}");`, secrets: [a] },
        { text: `  api = new acme.ApiClient('${b}', { retries: 3 })`, secrets: [b] },
        { text: `svc = Service.create("${c}")`, secrets: [c] },
        { text: `await bot.login(\`${d}\`);`, secrets: [d] },
        { text: `scanner = SonarClient("${e}")`, secrets: [e] },
      ],
      falsePositives: [
        'const c = new Client("550e8400-e29b-41d4-a716-446655440000");',
        `repo.checkout("${rand(HEX, 40, 0x39c1)}")`,
        `const commit = new Commit("${rand(HEX, 40, 0x39c2)}");`,
        `const mint = new PublicKey("${rand('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 44, 0x39c3)}");`,
        'const c = new Client("https://api.example.com/v1/resources/items");',
        'const log = new Logger("com.example.service.payments.internal.handler");',
        'const c = new Client(process.env.API_TOKEN);',
        `const sri = new Integrity("sha512-${rand(ALNUM, 86, 0x39c4)}==");`,
      ],
    };
  },
};
