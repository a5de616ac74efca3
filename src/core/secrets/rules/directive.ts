// Config files whose lines are directives and fields, not `key = value`: LDIF (`userPassword:: <base64>`),
// Postfix's and other mailers' SASL maps (`[smtp.example.com]:587 user@example.com:<password>`) and
// HAProxy (`user admin insecure-password <pw>`, `stats auth admin:<pw>`), Caddyfiles (`dns cloudflare <token>`,
// `api_token <token>`). No operator follows a secret-named
// key there (or the key names the line's first field), so the line rules never see them. Threat: the mail
// relay's, the directory's and the load balancer's admin passwords reach the model. Each format is told by
// the head of the text, then its lines are read by the format's own grammar.
import { isPlaceholder, isReference, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { PASSWORD_CHARS, b64, rand } from '../samples';
import { KIND } from '../sniff';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { addHit } from './hits';
import { lineOfPos } from './structure';

const PRIORITY = 1;

const LDIF_HEAD = /^(?:version:[ \t]*1[ \t]*\r?\n(?:#[^\n]*\n|[ \t]*\r?\n)*)?dn::?[ \t]/;
/** An LDIF attribute line: name, `:` (`::` base64, `:<` a URL), the value. */
const LDIF_LINE = /^([A-Za-z][\w;-]*)(::?)[ \t]*(\S[^\r\n]*?)[ \t]*\r?$/;
/** A SASL map line: `[host]:port` or `host`, blanks, `user:password`. */
const SASL_LINE = /^(\[[^\]\s]+\](?::\d+)?|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::\d+)?)[ \t]+([^\s:]+):(\S+?)[ \t]*\r?$/;
const HAPROXY_HEAD = /^(?:[ \t]*(?:#[^\n]*)?\r?\n)*(?:global|defaults|frontend|backend|listen|userlist|peers|resolvers)\b/;
/** HAProxy: `user NAME [insecure-]password X`, `stats auth USER:X`, a server's `password X` is not a directive. */
const HAPROXY_LINE = /^[ \t]*(?:user[ \t]+\S+[ \t]+(?:insecure-)?password[ \t]+(\S+)|stats[ \t]+auth[ \t]+[^\s:]+:(\S+))/;

function push(out: BlockOutput, li: number, start: number, end: number): void {
  if (end <= start) return;
  addHit(out, li, { start, end, rule: 'directive-secret', priority: PRIORITY });
}

/** A Caddyfile or another brace config of directives: its first significant line opens a block (`example.com {`, `http {`). */
const BRACE_HEAD = /^[^\s{}"'#=;(]+(?:[ \t]+[^\s{}"'#=;(]+)*[ \t]+\{[ \t]*\r?$/;
/** `dns <provider> <token>` (Caddy's ACME DNS challenge), or a secret-named directive and one value. */
const BRACE_LINE = /^[ \t]*(?:dns[ \t]+[\w.-]+[ \t]+([^\s{}]+)|([A-Za-z_][\w-]*)[ \t]+([^\s{};]+));?[ \t]*\r?$/;

function kindOf(text: string): 0 | 1 | 2 | 3 | 4 {
  const head = text.slice(0, 512);
  if (LDIF_HEAD.test(head)) return 1;
  if (HAPROXY_HEAD.test(head)) return 3;
  // A SASL map or a brace config: its first significant line is one.
  const first = /^(?:[ \t]*(?:#[^\n]*)?\r?\n)*([^\n]*)/.exec(head)![1]!;
  return SASL_LINE.test(first) ? 2 : BRACE_HEAD.test(first) ? 4 : 0;
}

export const directiveSecret: BlockRule = {
  id: 'directive-secret',
  description:
    'Passwords in directive configs: LDIF userPassword (plain or base64), SASL password maps (Postfix sasl_passwd), HAProxy users and stats auth, Caddyfile DNS tokens and secret-named directives',
  gate: '',
  applies: (text) => kindOf(text) !== 0,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const kind = kindOf(text);
    const starts = index.starts();
    for (let li = 0; li < starts.length; li++) {
      const ls = starts[li]!;
      const nl = text.indexOf('\n', ls);
      const line = text.slice(ls, nl < 0 ? text.length : nl);
      if (kind === 1) {
        const m = LDIF_LINE.exec(line);
        if (m === null || classifyName(m[1]!.split(';')[0]!) !== 'strong' || m[2] === ':<') continue;
        const v = m[3]!;
        if (isReference(v) || isPlaceholder(v)) continue;
        const s = line.indexOf(v, m[1]!.length + m[2]!.length);
        push(out, li, s, s + v.length);
      } else if (kind === 2) {
        const m = SASL_LINE.exec(line);
        if (m === null || isPlaceholder(m[3]!) || !valueLooksSecret(m[3]!, 'strong', false)) continue;
        const s = line.indexOf(':', line.indexOf(m[2]!, m[1]!.length)) + 1;
        push(out, li, s, s + m[3]!.length);
      } else if (kind === 4) {
        const m = BRACE_LINE.exec(line);
        if (m === null) continue;
        const v = m[1] ?? m[3]!;
        // `{env.CF_API_TOKEN}` and `{$TOKEN}` are Caddy's placeholders.
        if (v.startsWith('{') || isPlaceholder(v) || isReference(v)) continue;
        if (m[1] === undefined && classifyName(m[2]!) !== 'strong') continue;
        if (!valueLooksSecret(v, 'strong', false)) continue;
        const s = line.lastIndexOf(v);
        push(out, li, s, s + v.length);
      } else {
        const m = HAPROXY_LINE.exec(line);
        if (m === null) continue;
        const v = m[1] ?? m[2]!;
        if (isPlaceholder(v) || isReference(v)) continue;
        const s = line.lastIndexOf(v);
        push(out, li, s, s + v.length);
      }
    }
  },
  samples() {
    const p = Array.from({ length: 8 }, (_, i) => rand(PASSWORD_CHARS.replace(/[#'"\\,;:]/g, ''), 20, 0xd1e0 + i));
    const ldif = [
      'dn: uid=jdoe,ou=people,dc=example,dc=com',
      'objectClass: inetOrgPerson',
      'uid: jdoe',
      `userPassword: ${p[0]}`,
      '',
      'dn: uid=svc,ou=people,dc=example,dc=com',
      `userPassword:: ${b64(p[1]!)}`,
    ].join('\n');
    const sasl = `# relay\n[smtp.gmail.com]:587 alerts@example.com:${p[2]}\nsmtp.sendgrid.net apikey:${p[3]}`;
    const caddy = [
      'example.com {',
      '  tls {',
      `    dns cloudflare ${p[6]}`,
      '  }',
      '  reverse_proxy localhost:8080',
      '}',
      'other.example.com {',
      '  tls {',
      '    dns route53 {',
      `      secret_access_key ${p[7]}`,
      '    }',
      '  }',
      '}',
    ].join('\n');
    const haproxy = [
      'global',
      '  log stdout format raw local0',
      'userlist admins',
      `  user admin insecure-password ${p[4]}`,
      'listen stats',
      '  bind :8404',
      `  stats auth admin:${p[5]}`,
    ].join('\n');
    return {
      truePositives: [
        { text: ldif, secrets: [p[0]!, b64(p[1]!)] },
        { text: sasl, secrets: [p[2]!, p[3]!] },
        { text: haproxy, secrets: [p[4]!, p[5]!] },
        { text: caddy, secrets: [p[6]!, p[7]!] },
      ],
      falsePositives: [
        'dn: uid=jdoe,ou=people,dc=example,dc=com\nobjectClass: inetOrgPerson\ncn: John Doe\nmail: jdoe@example.com\npasswordPolicy: cn=default,ou=policies',
        'global\n  maxconn 4096\ndefaults\n  mode http\n  timeout connect 5s\nbackend app\n  server a 10.0.0.1:8080 check',
        'localhost:8080 ok',
        'example.com {\n  tls {\n    dns cloudflare {env.CF_API_TOKEN}\n  }\n  encode gzip\n  file_server\n  reverse_proxy localhost:8080\n}',
        'http {\n  server {\n    listen 443 ssl;\n    ssl_password_file /etc/keys/global.pass;\n    auth_basic "Restricted";\n  }\n}',
        '2026-12-01 INFO:started\n2026-12-01 INFO:ready',
        'www.example.com 10.0.0.1:8080',
      ],
    };
  },
};

// --- XML: a secret-named parent whose entries are keyed by the host they are for ---

/** An element's opening tag alone on its line, and its name. */
const PARENT_TAG = /<([A-Za-z_][\w.-]*)>[ \t]*\r?\n/g;
/** `<add key="…" value="…"/>` (either order). */
const ADD_ENTRY = /<add[ \t]+(?:key="([^"]*)"[ \t]+value="([^"]*)"|value="([^"]*)"[ \t]+key="([^"]*)")/g;
/** The words a parent's name ends in when its entries hold secrets (`apikeys` is one lower-case word to names.ts). */
const SECRET_PARENT_END = /(?:keys|tokens|secrets|passwords|credentials)$/i;

export const xmlParentEntry: BlockRule = {
  id: 'xml-parent-entry',
  description: 'XML entries keyed by a URL or host under a secret-named parent: NuGet <apikeys><add key="https://…" value="…"/>',
  gate: '',
  kinds: KIND.xml,
  applies: (text) => text.includes('<add '),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    PARENT_TAG.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = PARENT_TAG.exec(text)) !== null) {
      const tag = m[1]!;
      if (!SECRET_PARENT_END.test(tag) && classifyName(tag) !== 'strong') continue;
      // The body up to the closing tag, searched for only under a secret-named parent.
      const open = m.index + m[0].length;
      const close = text.indexOf(`</${tag}>`, open);
      if (close < 0 || close - open > 65536) continue;
      const body = text.slice(open, close);
      const base = open;
      ADD_ENTRY.lastIndex = 0;
      let a: RegExpExecArray | null;
      while ((a = ADD_ENTRY.exec(body)) !== null) {
        const key = a[1] ?? a[4]!;
        const value = a[2] ?? a[3]!;
        // Entries named for themselves (`Username`, `ClearTextPassword`) are the key rules'; here the key is where the secret is for.
        if (!/[./:]/.test(key) || classifyName(key) !== null || value === '' || isReference(value) || isPlaceholder(value)) continue;
        if (!valueLooksSecret(value, 'weak', true)) continue;
        const at = base + a.index + a[0].indexOf(`value="${value}"`) + 7;
        starts ??= index.starts();
        const li = lineOfPos(starts, at);
        addHit(out, li, { start: at - starts[li]!, end: at - starts[li]! + value.length, rule: 'xml-parent-entry', priority: PRIORITY });
      }
    }
  },
  samples() {
    const k = rand(PASSWORD_CHARS.replace(/[#'"\\,;:<>&]/g, ''), 32, 0xd1f0);
    const nuget = [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<configuration>',
      '  <apikeys>',
      `    <add key="https://api.nuget.org/v3/index.json" value="${k}" />`,
      '  </apikeys>',
      '</configuration>',
    ].join('\n');
    return {
      truePositives: [{ text: nuget, secrets: [k] }],
      falsePositives: [
        '<configuration>\n  <packageSources>\n    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />\n  </packageSources>\n  <packageSourceCredentials>\n    <internal>\n      <add key="Username" value="ci" />\n    </internal>\n  </packageSourceCredentials>\n</configuration>',
      ],
    };
  },
};
