// A secret named by a sibling field on the same line: `{ name = "API_TOKEN", value = "…" }` (Terraform's ECS
// container definitions), `{"name": "DB_PASSWORD", "value": "…"}` (a Kubernetes env or an ECS task definition in
// one line of JSON), `{name: DB_PASSWORD, value: …}` (YAML flow), `ParameterKey=DbPassword,ParameterValue=…`
// (CloudFormation's CLI), `Key`/`Value` pairs. The name says what the value is; no key-value rule sees them together.
// Threat: the value was shown to the model verbatim.
// Cost: a line form (form-scan.ts): only the lines holding `value`/`Value`/`VALUE` are read, each alone.
import { isPlaceholder, isReference, isVariableLed, isWordyCodeName, MEMBER_ACCESS, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, PASSWORD_CHARS, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { registerGates } from './gates';
import { formLiterals, scanForms, type Form } from './form-scan';

const RULE = 'name-value-pair';

/** Name, then value, as sibling fields: each key optionally quoted, `=` or `:`, the value quoted or bare. */
const PAIR =
  /(["']?)(?:name|Name|NAME|key|Key|KEY|ParameterKey|OptionName)\1[ \t]*[=:][ \t]*(["']?)([\p{L}\p{N}_.\-/]+)\2[ \t]*[,;]?[ \t]*(["']?)(?:value|Value|VALUE|ParameterValue)\4[ \t]*[=:][ \t]*(?:"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'|([^\s"',;}\]]+))/dgu;

const FORMS: Form[] = [
  {
    gates: ['value', 'Value', 'VALUE'],
    re: PAIR,
    groups: [5, 6, 7],
    line: true,
    judge: (v, m) => {
      const strength = classifyName(m[3]!);
      if (m[7] !== undefined && (MEMBER_ACCESS.test(v) || isWordyCodeName(v))) return false;
      return strength !== null && !isReference(v) && !isPlaceholder(v) && !isVariableLed(v) && valueLooksSecret(v, strength, m[7] === undefined);
    },
  },
];
registerGates(formLiterals(FORMS));

let seed = 0xf15c00;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);

export const nameValuePair: BlockRule = {
  id: RULE,
  description:
    'A secret named by a sibling field on its line: `{ name = "API_TOKEN", value = "…" }` (Terraform/ECS), `{"name": "DB_PASSWORD", "value": "…"}`, YAML flow, CloudFormation ParameterKey/ParameterValue',
  gate: '',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    scanForms(FORMS, text, index, out, RULE);
  },
  samples: () => {
    const [a, b, c, d] = [rs(ALNUM, 32), 'Q7' + rs(PASSWORD_CHARS, 14), 'P4' + rs(ALNUM, 12) + '_x', rs(ALNUM, 24)];
    return {
      truePositives: [
        { text: `  environment = [{ name = "API_TOKEN", value = "${a}" }]\n`, secrets: [a] },
        { text: `  secrets = [{ Key = "DbPassword", Value = "${b}" }]\n`, secrets: [b] },
        { text: `    env: [{name: DB_PASSWORD, value: ${c}}]\n`, secrets: [c] },
        { text: `aws cloudformation deploy --parameter-overrides ParameterKey=ApiSecret,ParameterValue=${d}\n`, secrets: [d] },
      ],
      falsePositives: [
        '  environment = [{ name = "LOG_LEVEL", value = "debug" }, { name = "DB_PASSWORD", value = var.db_password }]\n',
        'env: [{"name": "API_TOKEN", "valueFrom": {"secretKeyRef": {"name": "app", "key": "token"}}}]\n',
        '{"name": "DB_PASSWORD", "value": "${DB_PASSWORD}"}\n',
        '<option name="token" value="changeme"/>\n',
        'const field = { name: "password", value: password };\n',
      ],
    };
  },
};
