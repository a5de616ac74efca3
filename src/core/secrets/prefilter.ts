// The performance key: one cheap pre-scan finds the few lines worth a rule's attention.
// Most lines of a source tree hold no secret, and running 60 rule regexes on each would cost
// ~100x the read itself. Each pass below is anchored on a character and confirms the keyword with a
// look-behind, which V8 runs natively (a JS per-character loop measured ~4 ns/char here, too slow).
// Every rule keyword must be reachable from one of these passes; the rule samples test that.

/**
 * Secret-named keys in assignments: `password=`, `"api_key":`, `<token>`, `sig=`, `Authorization:`.
 * The keyword must end the name (optionally followed by a word like `_base`/`-data`), the same
 * rule classifyName applies, so the look-behind is short and bounded: no scan back over the name.
 */
const GENERIC = new RegExp(
  '[=:>](?<=(?:pass(?:word|wd|phrase)?|pwd|pswd|pw|pat|secrets?|token|keys?|auth(?:orization)?|cred(?:s|entials?)?|sig(?:nature)?)' +
    '(?:[_.-]?(?:base|data|value|b64|base64|hex|raw|str|string|plain|text|pem))?["\'`\\]]{0,2}[ \\t]*[=:>])',
  'gi',
);

/** Vendor prefixes ending in `_` or `-`, URL userinfo (`://…@`), command-line password flags. */
const PREFIXED = new RegExp(
  // A vendor separator only counts when a token-length run follows: most `_`/`-` in code fail here fast.
  '[_-](?=[A-Za-z0-9_+/=-]{16})(?<=' +
    [
      '(?:gh[pousr]|npm|hf|sk_live|sk_test|rk_live|rk_test|shp[a-z]{2}|do[por]_v1|github_pat|glc|glsa|sntry[su]|api_org|gsk|figd|lin_api|sbp|r8|fo1|fm2|dckr_pat|sq[pua]|bkua|ntn|secret)_',
      '(?:gl(?:pat|dt|rt|ptt|soat|ft|imt|cbt|oas|agent)|sk|ant|api\\d\\d|admin\\d\\d|proj|svcacct|pypi|xox[a-z]|xapp|key|PMAK|NRAK|pplx|xai|GOCSPX|HRKU|pul|sq0atp|sq0csp|AGE-SECRET-KEY)-',
    ].join('|') +
    ')' +
    // URL userinfo, and command-line password flags (`mysql -pX`, `curl -u a:b`, `--password X`).
    '|@(?<=:\\/\\/[^\\s\\/@]*@)' +
    '|-(?<=\\s-)(?=p[^\\s-]|u[\\s=]*\\S+:)' +
    '|-(?<=sshpass\\s+-)(?=p)' +
    '|-(?<=\\s--)(?=(?:password|passwd|pass|token|api-key|apikey|secret|client-secret|auth-token|access-token|user|proxy-user)[\\s=])',
  'g',
);

/** Vendor prefixes without a separator: AWS, Google, JWT, OpenAI's marker, SendGrid, Slack hooks, … */
const LETTERS =
  /A(?:KIA|SIA|BIA|CCA|Iza)|eyJ|T3BlbkFJ|SG\.|hooks\.slack|hv[sbr]\.|dp\.(?:pt|st|sa|ct|scim|audit)\.|\.atlasv1\.|ya29\.|LTAI|ATATT3|dapi[0-9a-f]|SK[0-9a-fA-F]{32}|:AA[\w-]{33}/g;

/** Dockerfile `ENV NAME value` has no `=`; only looked for when the text has an `ENV `. */
const DOCKER_ENV = /^[ \t]*ENV[ \t]/gm;

const PASSES: RegExp[] = [GENERIC, PREFIXED, LETTERS];

/** Start offsets of candidate lines, ascending, without duplicates. */
export function candidateLines(text: string): number[] {
  const out: number[] = [];
  const passes = text.includes('ENV ') ? [...PASSES, DOCKER_ENV] : PASSES;
  for (const re of passes) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      const start = text.lastIndexOf('\n', m.index - 1) + 1;
      out.push(start);
      const nl = text.indexOf('\n', m.index);
      if (nl < 0) break;
      re.lastIndex = nl + 1; // one hit per line is enough
    }
  }
  if (passes.length === 1) return out;
  out.sort((a, b) => a - b);
  let w = 0;
  for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[i - 1]) out[w++] = out[i]!;
  out.length = w;
  return out;
}
