// A secret named by a neighbouring field: JSON objects whose one field says what kind of value the other holds
// (`{"type": "api_key", "data": "…"}`, `{"field": "password", "val": "…"}`, `{"kind": "token", "content": "…"}`),
// and Spring/Java property XML whose entry names the key and whose `<value>` holds it, on the same line or the
// next (`<entry key="secret">` / `<value>…</value>`). name-value-pair.ts reads `name`/`key` with `value`; these
// are the other field names the same pairing goes by: also `{"type": "password", "value": "…"}` (Keycloak's
// `credentials` array), `{"key": "STRIPE_SECRET", "val": "…"}`, `{"k": "api_token", "v": "…"}`, `{"id": "db_password",
// "data": "…"}` (found by rt21mask: sibling-type-value, json-credentials-array).
// Threat: the value shown verbatim; no key-value rule sees its name next to it.
// Cost: forms gated by their literals (`"data"`, `"val"`, `"content"`, `<value>`…), JSON read a line at a time.
import { isPlaceholder, isReference, isVariableLed, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, PASSWORD_CHARS, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { registerGates } from './gates';
import { formLiterals, scanForms, type Form } from './form-scan';

const RULE = 'named-by-field';

const NAME_FIELDS =
  'type|field|kind|label|param|parameter|setting|property|attribute|variable|var|secretType|credentialType|credential_type|secret_type|key|k|id';
const VALUE_FIELDS = 'data|val|content|contents|v|value|secretValue|secret_value|stringValue|string_value';

/** `"type": "api_key", "data": "…"` (either order is not read: the name comes first). */
const JSON_PAIR = new RegExp(
  String.raw`"(?:${NAME_FIELDS})"[ \t]*:[ \t]*"([\p{L}\p{N}_.\-/ ]{2,64})"[ \t]*,[ \t]*"(?:${VALUE_FIELDS})"[ \t]*:[ \t]*"((?:[^"\\\n]|\\.){1,512})"`,
  'dgu',
);
/** `<entry key="secret">` then `<value>…</value>` (blanks and one line break between). */
const XML_ENTRY = /<entry[ \t]+key="([\w.\-]{2,64})"[ \t]*>[ \t]*\r?\n?[ \t]*<value>([^<\n]{1,512})<\/value>/dg;

function judge(v: string, name: string, quoted: boolean): boolean {
  const strength = classifyName(name.replace(/ /g, '_'));
  return strength !== null && !isReference(v) && !isPlaceholder(v) && !isVariableLed(v) && valueLooksSecret(v, strength, quoted);
}

const FORMS: Form[] = [
  {
    gates: ['"data"', '"val"', '"content"', '"contents"', '"v"', '"value"', 'Value"', '_value"'],
    re: JSON_PAIR,
    groups: [2],
    line: true,
    judge: (v, m) => judge(v, m[1]!, true),
  },
  { gates: ['<entry'], re: XML_ENTRY, groups: [2], judge: (v, m) => judge(v, m[1]!, false) },
];
registerGates(formLiterals(FORMS));

export const namedByField: BlockRule = {
  id: RULE,
  description:
    'A secret named by a neighbouring field: JSON {"type": "api_key", "data": "…"}, {"field": "password", "val": "…"}; XML <entry key="secret"> with <value>…</value>',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples() {
    let seed = 0xf1e1d;
    const [a, b, c] = [rand(ALNUM, 32, seed++ * 7919), 'Q7' + rand(PASSWORD_CHARS.replace(/[#'"<>&]/g, ''), 14, seed++ * 7919), rand(ALNUM, 40, seed++ * 7919)];
    return {
      truePositives: [
        { text: `[{"type":"api_key","data":"${a}"}]\n`, secrets: [a] },
        { text: `{"field": "password", "val": "${b}"}\n`, secrets: [b] },
        { text: `    "credentials": [{ "type": "password", "value": "${b}", "temporary": false }]\n`, secrets: [b] },
        { text: `    { "key": "STRIPE_SECRET", "val": "${a}" }\n`, secrets: [a] },
        { text: `[{"k": "api_token", "v": "${c}"}, {"id": "db_password", "data": "${b}"}]\n`, secrets: [c, b] },
        { text: `<map>\n  <entry key="secret">\n    <value>${c}</value>\n  </entry>\n</map>\n`, secrets: [c] },
      ],
      falsePositives: [
        '{"type": "service_account", "data": "projects/demo/serviceAccounts/app"}\n',
        '{"field": "password", "val": ""}\n',
        '<entry key="timeout">\n  <value>30000</value>\n</entry>\n',
        '{"type":"api_key","data":"${API_KEY}"}\n',
        '{ "type": "password", "value": "" }\n',
        '{ "type": "text", "value": "Sunshine1982#" }\n',
        '{ "key": "theme", "val": "dark-mode-v2" }\n',
        '{ "id": "password", "value": "{{ vault_password }}" }\n',
      ],
    };
  },
};
