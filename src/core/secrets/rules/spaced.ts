// Secret-named keys whose value follows after blanks, with no `=` or `:`: the line rules never see such a line
// (the pre-scan wakes on an operator after the name). Fluent Bit (`[OUTPUT]` sections, `HTTP_Passwd value`),
// Fluentd (`<match **>` blocks, `api_key value`), and plain `name value` configs (`apikey …`, `secret_key<TAB>…`);
// and a here-string read into a secret-named variable (`read -r TOKEN <<< "…"`).
// Threat: the log shipper's or the service's credential reaches the model with the config.
import { isPlaceholder, isReference, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { PASSWORD_CHARS, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { addHit } from './hits';

/** Below the statement and context rules (1): where one of them reads the line too, its placeholder stands. */
const PRIORITY = 0.9;

/** A value of letters alone, maybe ending a sentence, is a word of prose (`password combination.`). */
const PROSE_WORD = /^[A-Za-z]+[.,;:!?]?$/;

/** The first significant line of a directive config: a `[SECTION]`, a Fluentd `<tag …>`, or `name value` (no operator). */
const HEAD =
  /^(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*(?:\[[A-Za-z_][\w. -]*\][ \t]*\r?(?=\n|$)|<(?:source|match|filter|system|label|worker)\b[^>\n]*>[ \t]*\r?(?=\n|$)|[A-Za-z_][\w.-]*[ \t]+[^\s=:]+[ \t]*\r?(?=\n|$))/;
/** A .netrc's first entry. */
const NETRC = /^(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*(?:machine|default)\b/;
/** A directive line: indentation, a name, blanks, one value. */
const LINE = /^[ \t]*([A-Za-z_][\w.-]*)[ \t]+([^\s=:"'][^\s]*)[ \t]*\r?$/d;

function directiveConfig(text: string): boolean {
  // Anchored at the text's start (no `m` flag: one attempt, not one at every line of the first KiB).
  // A .netrc (`machine h login u password X`) is the statement rule's (context-more.ts), which names it so.
  const head = text.slice(0, 1024);
  return HEAD.test(head) && !NETRC.test(head);
}

/** Whether `v` under the strong name is a secret. */
function secretValue(v: string): boolean {
  return !PROSE_WORD.test(v) && !isReference(v) && !isPlaceholder(v) && valueLooksSecret(v, 'strong', false);
}

export const spacedSecret: BlockRule = {
  id: 'spaced-secret',
  description: 'Secret-named directives whose value follows after blanks (Fluent Bit, Fluentd, `name value` configs)',
  gate: '',
  applies: (text) => directiveConfig(text),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const starts = index.starts();
    for (let li = 0; li < starts.length; li++) {
      const ls = starts[li]!;
      const nl = text.indexOf('\n', ls);
      const line = text.slice(ls, nl < 0 ? text.length : nl);
      const m = LINE.exec(line);
      if (m === null || classifyName(m[1]!) !== 'strong' || !secretValue(m[2]!)) continue;
      const [s, e] = m.indices![2]!;
      addHit(out, li, { start: s, end: e, rule: 'spaced-secret', priority: PRIORITY });
    }
  },
  samples: () => {
    const pw = rand(PASSWORD_CHARS, 20, 0x5a5101);
    const key = rand('0123456789abcdef', 32, 0x5a5102);
    const tok = rand('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 22, 0x5a5103);
    return {
      truePositives: [
        {
          text: ['[OUTPUT]', '    Name  es', '    HTTP_User elastic', `    HTTP_Passwd ${pw}`, '[OUTPUT]', '    Name datadog', `    apikey ${key}`].join('\n'),
          secrets: [pw, key],
        },
        { text: ['<match **>', '  @type elasticsearch', '  user elastic', `  password ${pw}`, `  api_key ${tok}`, '</match>'].join('\n'), secrets: [pw, tok] },
        { text: ['# key value style', `api_key     ${key}`, `secret_key\t${tok}`, 'port 8080'].join('\n'), secrets: [key, tok] },
      ],
      falsePositives: [
        ['[OUTPUT]', '    Name  es', '    HTTP_Passwd ${ES_PASSWORD}', '    tls.verify off'].join('\n'),
        ['<source>', '  @type forward', '  shared_key "#{ENV[\'FLUENT_KEY\']}"', '</source>'].join('\n'),
        ['Password reset instructions', 'password reset', 'token expired'].join('\n'),
        `const x = 1;\napi_key ${key}\n`,
      ],
    };
  },
};

/** `read [-r …] NAME <<< value`: a here-string into a variable. */
const HERE_STRING = /\bread\b(?:[ \t]+-[A-Za-z]+)*[ \t]+([A-Za-z_]\w*)[ \t]*<<<[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s;|&]+))/dg;

export const hereStringSecret: BlockRule = {
  id: 'here-string-secret',
  description: 'A here-string read into a secret-named variable (`read -r TOKEN <<< "…"`)',
  gate: '<<<',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    HERE_STRING.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = HERE_STRING.exec(text)) !== null) {
      if (classifyName(m[1]!) !== 'strong') continue;
      const g = m[2] !== undefined ? 2 : m[3] !== undefined ? 3 : 4;
      const v = m[g]!;
      if (isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, 'strong', g !== 4)) continue;
      const [s, e] = m.indices![g]!;
      const starts = index.starts();
      let li = 0;
      for (let lo = 0, hi = starts.length - 1; lo <= hi;) {
        const mid = (lo + hi) >> 1;
        if (starts[mid]! <= s) {
          li = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      addHit(out, li, { start: s - starts[li]!, end: e - starts[li]!, rule: 'here-string-secret', priority: PRIORITY });
    }
  },
  samples: () => {
    const tok = rand('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 22, 0x5a5104);
    return {
      truePositives: [
        { text: `#!/bin/sh\nread -r TOKEN <<< "${tok}"\n`, secrets: [tok] },
        { text: `read API_KEY <<< ${tok}`, secrets: [tok] },
      ],
      falsePositives: ['read -r TOKEN <<< "$(vault kv get -field=token secret/x)"', 'read -r name <<< "hello world"', 'cat <<< "$PASSWORD"'],
    };
  },
};
