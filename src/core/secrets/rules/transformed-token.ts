// A vendor's token written rot13'd or reversed: `tcu_…` for `ghp_…`, `fx_yvir_…` for `sk_live_…`, `…_phg` for a
// GitHub token read backwards. A program undoes either in one call (`codecs.decode(s, "rot13")`,
// `s[::-1]`, `split("").reverse().join("")`), the model reading it as easily; no vendor pattern sees it.
// Threat: the token shown verbatim under a trivial reversible disguise.
// How: each vendor prefix, rot13'd and reversed, is a literal; at each one the run of token characters around it
// is undone (rot13, or reversed) and judged by the line rules as `token = "<value>"` (catalog.ts hands them over):
// only a value a vendor rule recognises is masked (the rot13 of an ordinary word holding `tcu_` is nothing).
// Base64 and hex are decoded elsewhere (rules/encoded.ts); base32 and reversed base64 are not read here.
// Cost: gated by those literals (rare in text: `tcu_`, `fx_yvir_`, `_phg`, `evil_ks`); only their runs are read.
import { ALNUM, rand } from '../samples';
import type { BlockOutput, BlockRule, Hit, LineIndex } from '../types';
import { push } from './form-scan';
import { holds, registerGates } from './gates';

const RULE = 'transformed-token';

let viewScan: ((view: string, out: Hit[]) => void) | undefined;
export function setTransformedTokenScan(scan: (view: string, out: Hit[]) => void): void {
  viewScan = scan;
}

/** Vendor prefixes whose disguise is looked for (GitHub, Stripe, Anthropic, OpenAI, Slack, GitLab, npm, PyPI). */
const PREFIXES = [
  'ghp_',
  'gho_',
  'ghu_',
  'ghs_',
  'ghr_',
  'github_pat_',
  'sk_live_',
  'rk_live_',
  'sk_test_',
  'sk-ant-',
  'sk-proj-',
  'xoxb-',
  'xoxp-',
  'xoxa-',
  'xapp-',
  'glpat-',
  'npm_',
  'pypi-',
];

export function rot13(s: string): string {
  let o = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const b = c >= 97 && c <= 122 ? 97 : c >= 65 && c <= 90 ? 65 : 0;
    o += b === 0 ? s[i] : String.fromCharCode(((c - b + 13) % 26) + b);
  }
  return o;
}
const reverse = (s: string) => [...s].reverse().join('');

/** [literal, undo]: each prefix rot13'd (it starts the run) and reversed (it ends the run). */
const GATES: [string, (s: string) => string][] = [
  ...PREFIXES.map((p) => [rot13(p), rot13] as [string, (s: string) => string]),
  ...PREFIXES.map((p) => [reverse(p), reverse] as [string, (s: string) => string]),
];
registerGates(GATES.map(([g]) => g));

function tokenChar(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 95 || c === 45;
}

function scan(text: string, index: LineIndex, out: BlockOutput): void {
  if (viewScan === undefined) return;
  const done = new Set<number>();
  for (const [gate, undo] of GATES) {
    if (!holds(text, gate)) continue;
    for (let at = text.indexOf(gate); at >= 0; at = text.indexOf(gate, at + gate.length)) {
      let s = at;
      while (s > 0 && tokenChar(text.charCodeAt(s - 1))) s--;
      let e = at + gate.length;
      while (e < text.length && tokenChar(text.charCodeAt(e))) e++;
      if (e - s < 20 || e - s > 300 || done.has(s)) continue;
      // A random body holds a digit (`kbko-widget-container-large`, which a loose Slack pattern takes, holds none).
      if (!/\d/.test(text.slice(s, e))) continue;
      const view = `token = "${undo(text.slice(s, e))}"`;
      const hits: Hit[] = [];
      viewScan(view, hits);
      if (!hits.some((h) => h.end > 9 && h.start < view.length - 1)) continue;
      done.add(s);
      push(text, index, out, s, e, RULE);
    }
  }
}

export const transformedToken: BlockRule = {
  id: RULE,
  description: "A vendor's token rot13'd (`tcu_…` for `ghp_…`) or reversed (`…_phg`): undone and judged by the line rules",
  gate: '',
  scan,
  samples() {
    let seed = 0x7a13;
    const r = (n: number) => rand(ALNUM, n, seed++ * 7919);
    const gh = 'ghp' + '_' + r(36);
    const sk = 'sk' + '_live_' + r(24);
    return {
      truePositives: [
        { text: `const s = "${rot13(gh)}";\n`, secrets: [rot13(gh)] },
        { text: `STRIPE = '${rot13(sk)}'\n`, secrets: [rot13(sk)] },
        { text: `  blob: ${reverse(gh)}\n`, secrets: [reverse(gh)] },
      ],
      falsePositives: ['name = "tcu_config_loader_module"\n', 'label: evil_ks_handler\n', 'x = "abc_phg"\n', 'const s = "fx_yvir_test_fixture_name_here";\n'],
    };
  },
};
