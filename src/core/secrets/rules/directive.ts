// Config files whose lines are directives and fields, not `key = value`: LDIF (`userPassword:: <base64>`),
// Postfix's and other mailers' SASL maps (`[smtp.example.com]:587 user@example.com:<password>`) and
// HAProxy (`user admin insecure-password <pw>`, `stats auth admin:<pw>`). No operator follows a secret-named
// key there (or the key names the line's first field), so the line rules never see them. Threat: the mail
// relay's, the directory's and the load balancer's admin passwords reach the model. Each format is told by
// the head of the text, then its lines are read by the format's own grammar.
import { isPlaceholder, isReference, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { PASSWORD_CHARS, b64, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';

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
  const hit = { start, end, rule: 'directive-secret', priority: PRIORITY };
  const list = out.hits.get(li);
  if (list === undefined) out.hits.set(li, [hit]);
  else list.push(hit);
}

function kindOf(text: string): 0 | 1 | 2 | 3 {
  const head = text.slice(0, 512);
  if (LDIF_HEAD.test(head)) return 1;
  if (HAPROXY_HEAD.test(head)) return 3;
  // A SASL map: its first significant line is one.
  const first = /^(?:[ \t]*(?:#[^\n]*)?\r?\n)*([^\n]*)/.exec(head)![1]!;
  return SASL_LINE.test(first) ? 2 : 0;
}

export const directiveSecret: BlockRule = {
  id: 'directive-secret',
  description: 'Passwords in directive configs: LDIF userPassword (plain or base64), SASL password maps (Postfix sasl_passwd), HAProxy users and stats auth',
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
    const p = Array.from({ length: 6 }, (_, i) => rand(PASSWORD_CHARS.replace(/[#'"\\,;:]/g, ''), 20, 0xd1e0 + i));
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
      ],
      falsePositives: [
        'dn: uid=jdoe,ou=people,dc=example,dc=com\nobjectClass: inetOrgPerson\ncn: John Doe\nmail: jdoe@example.com\npasswordPolicy: cn=default,ou=policies',
        'global\n  maxconn 4096\ndefaults\n  mode http\n  timeout connect 5s\nbackend app\n  server a 10.0.0.1:8080 check',
        'localhost:8080 ok',
        '2026-12-01 INFO:started\n2026-12-01 INFO:ready',
        'www.example.com 10.0.0.1:8080',
      ],
    };
  },
};
