// A token split inside a template literal by constant interpolations: `` `ghp_abc${""}def…` ``,
// `` `sk_live_ab${"cd"}ef…` ``, `` `xoxb-12${''}34…` ``. JavaScript joins the constant pieces, so the template's
// value is the whole token; written out, no vendor pattern sees it (the `${…}` breaks the run), and the line,
// named anything, is no candidate of the pre-scan (nothing in it is a key word or a vendor's whole format).
// Threat: the token shown verbatim around a `${""}`.
// How: the lines holding a constant interpolation (`${"` or `${'`) are handed to joined-secret (rules/joined.ts),
// which reads a template's constant pieces as one value and judges it by the line rules; its hits are this rule's
// (a hair weaker, so that joined-secret's own hits win where the pre-scan offered it the line).
// Cost: gated by those two literals (rare outside such templates); only their lines are read.
import { ALNUM, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../types';
import { holds, registerGates } from './gates';
import { joinedSecret } from './joined';
import { addHit } from './hits';
import { lineOfPos } from './structure';

const RULE = 'template-pieces';
const GATES = ['${"', "${'", '${ "', "${ '"];
registerGates(GATES);

function scan(text: string, index: LineIndex, out: BlockOutput): void {
  let starts: number[] | undefined;
  for (const gate of GATES) {
    if (!holds(text, gate)) continue;
    let last = -1;
    for (let at = text.indexOf(gate); at >= 0; at = text.indexOf(gate, at + 3)) {
      const s = text.lastIndexOf('\n', at - 1) + 1;
      if (s === last) continue;
      last = s;
      let e = text.indexOf('\n', at);
      if (e < 0) e = text.length;
      const hits: Hit[] = [];
      joinedSecret.scan(text.slice(s, e), hits);
      if (hits.length === 0) continue;
      starts ??= index.starts();
      const li = lineOfPos(starts, s);
      for (const h of hits) if (h.end > h.start) addHit(out, li, { start: h.start, end: h.end, rule: RULE, priority: h.priority + 0.01 });
    }
  }
}

export const templatePieces: BlockRule = {
  id: RULE,
  description: 'A token split inside a template literal by constant interpolations (`${""}`, `${"…"}`): the constant pieces joined and judged',
  gate: '',
  scan,
  samples() {
    let seed = 0x7e3b1a;
    const r = (n: number) => rand(ALNUM, n, seed++ * 7919);
    const gh = 'ghp' + '_' + r(36);
    const sk = 'sk' + '_live_' + r(24);
    return {
      truePositives: [
        { text: 'const t = `' + gh.slice(0, 10) + '${""}' + gh.slice(10) + '`;\n', secrets: [gh.slice(0, 10), gh.slice(10)] },
        { text: 'const k = `' + sk.slice(0, 10) + '${"' + sk.slice(10, 14) + '"}' + sk.slice(14) + '`;\n', secrets: [sk.slice(14)] },
      ],
      falsePositives: [
        'const msg = `Hello ${"world"}, you have ${count} new messages`;\n',
        'const sep = `a${""}b`;\n',
        "const css = `${'margin'}-top: 4px`;\n",
      ],
    };
  },
};
