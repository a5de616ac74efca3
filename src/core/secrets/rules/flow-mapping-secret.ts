// A secret inside a YAML flow mapping under a secret-named key: Helm values' `auth: { username: app, password: "…" }`,
// `credentials: [{ user: a, password: "…" }]`. The generic rule reads `auth:` as the key, the whole `{…}` as its
// value (no secret as a whole), and goes on after it: the keys inside were never read.
// Threat: the password shown verbatim in a chart's values.
// How: on a line where a secret-named key's value opens a flow mapping or sequence, the generic rule reads the
// line from inside the brace (what stands before it blanked, columns kept); its hits are this rule's, the weakest line rule,
// so the rules that read such mappings already (credential-list, secret-by-structure) win ties.
// Cost: a line rule on lines holding `: {` or `: [` that the pre-scan offers (a secret-named key is on them).
import { classifyName } from '../names';
import { PASSWORD_CHARS, rand } from '../samples';
import type { Hit, LineRule } from '../types';
import { genericAssignment } from './generic';

const RULE = 'flow-mapping-secret';
/** A key, maybe quoted, `:`, blanks, then `{` or `[`. */
const HEAD = /(?:^|[\s{,[])["']?([\w.-]+)["']?[ \t]*:[ \t]*([{[])/g;

export const flowMappingSecret: LineRule = {
  id: RULE,
  description: 'A secret inside a YAML flow mapping under a secret-named key (Helm `auth: { username: app, password: "…" }`)',
  keywords: [': {', ':{', ': [', ':['],
  priority: 2.9,
  scan(line: string, out: Hit[]): void {
    if (line.length > 4096) return;
    HEAD.lastIndex = 0;
    for (let m = HEAD.exec(line); m !== null; m = HEAD.exec(line)) {
      if (classifyName(m[1]!) === null) continue;
      const brace = m.index + m[0].length;
      const view = ' '.repeat(brace) + line.slice(brace);
      const hits: Hit[] = [];
      genericAssignment.scan(view, hits);
      for (const h of hits) if (h.end > h.start && h.start >= brace) out.push({ start: h.start, end: h.end, rule: RULE, priority: 2.9 });
      return;
    }
  },
  samples() {
    let seed = 0xf10b;
    const pw = () => 'Q7' + rand(PASSWORD_CHARS.replace(/[#'"{}[\],]/g, ''), 16, seed++ * 7919);
    const [a, b] = [pw(), pw()];
    return {
      truePositives: [
        { text: `redis:\n  auth: { username: app, token: "${a}" }\n`, secrets: [a] },
        { text: `credentials: [{ user: app, secret: "${b}" }]\n`, secrets: [b] },
      ],
      falsePositives: [
        'auth: { enabled: true, existingSecret: redis-auth }\n',
        'auth: { username: app, password: "" }\n',
        'credentials: { secretName: db-creds, key: password }\n',
      ],
    };
  },
};
