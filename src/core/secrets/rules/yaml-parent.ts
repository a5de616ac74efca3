// A YAML value keyed by its parent's name: CloudFormation's and SAM's `Parameters: DBPassword: { NoEcho: true,
// Default: "…" }`, Serverless' params, OpenAPI's `password: { type: string, default: "…" }`, a chart's
// `adminPassword: { value: "…" }`. The line holding the value names only `Default` or `value`; the secret's
// name is the mapping key above it. Threat: the template's shipped default password reaches the model.
import { classifyName } from '../names';
import { PASSWORD_CHARS, rand } from '../samples';
import { KIND } from '../sniff';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { addHit } from './hits';
import { enclosingObject, judge, lineOfPos } from './structure';

const PRIORITY = 1.5;
/** `Default:` / `value:` and a scalar on the line (quoted, or plain up to a ` #` comment). */
const CHILD =
  /^([ \t]*)(?:Default|default|Value|value)[ \t]*:[ \t]+(?:"((?:[^"\\\r\n]|\\.)*)"|'((?:[^'\r\n]|'')*)'|([^\s#'"|>&*!{[][^\r\n]*?))[ \t]*(?:[ \t]#.*)?\r?$/d;
/** A mapping key that opens a block: `  DBPassword:` (nothing after it but a comment). */
const PARENT = /^([ \t]*)(?:-[ \t]+)?["']?([A-Za-z_][\w.-]*)["']?[ \t]*:[ \t]*(?:#.*)?\r?$/;
/** How far up the parent is looked for (a parameter's other fields stand between). */
const LOOK_UP = 24;

export const yamlParentValue: BlockRule = {
  id: 'yaml-parent-value',
  description: 'A YAML Default:/value: under a secret-named mapping key (CloudFormation NoEcho parameters, OpenAPI defaults, chart values)',
  gate: '',
  kinds: KIND.yaml,
  applies: (text) => text.includes('efault:') || text.includes('alue:'),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    const starts = index.starts();
    const lineAt = (li: number) => {
      const ls = starts[li]!;
      const nl = text.indexOf('\n', ls);
      return text.slice(ls, nl < 0 ? text.length : nl);
    };
    // Each occurrence once (a search from every line's start would read the text again per line).
    const at: number[] = [];
    for (const word of ['alue:', 'efault:']) for (let p = text.indexOf(word); p >= 0; p = text.indexOf(word, p + 1)) at.push(p);
    at.sort((a, b) => a - b);
    let last = -1;
    for (const p of at) {
      const li = lineOfPos(starts, p);
      if (li === last || li === 0) continue;
      last = li;
      const line = lineAt(li);
      const m = CHILD.exec(line);
      if (m === null) continue;
      const indent = m[1]!.length;
      let name: string | null = null;
      for (let k = li - 1; k >= 0 && k >= li - LOOK_UP; k--) {
        const up = lineAt(k);
        if (up.trim() === '' || up.trimStart().startsWith('#')) continue;
        const ind = up.length - up.trimStart().length;
        if (ind >= indent) continue;
        const p = PARENT.exec(up);
        if (p !== null) name = p[2]!;
        break;
      }
      if (name === null) continue;
      const strength = classifyName(name);
      if (strength === null) continue;
      const g = m[2] !== undefined ? 2 : m[3] !== undefined ? 3 : 4;
      const [s, e] = m.indices![g]!;
      if (!judge(line.slice(s, e), strength, g !== 4)) continue;
      addHit(out, li, { start: s, end: e, rule: 'yaml-parent-value', priority: PRIORITY });
    }
  },
  samples() {
    const p = Array.from({ length: 3 }, (_, i) => rand(PASSWORD_CHARS.replace(/[#'"\\,;:]/g, ''), 20, 0x9a70 + i));
    const cfn = [
      'AWSTemplateFormatVersion: "2010-09-09"',
      'Parameters:',
      '  DBPassword:',
      '    Type: String',
      '    NoEcho: true',
      `    Default: "${p[0]}"`,
      '  Stage:',
      '    Type: String',
      '    Default: prod',
    ].join('\n');
    const openapi = [
      'components:',
      '  schemas:',
      '    Login:',
      '      properties:',
      '        password:',
      '          type: string',
      `          default: ${p[1]}`,
    ].join('\n');
    const chart = ['auth:', '  adminPassword:', `    value: '${p[2]}'`, '  adminUser:', '    value: admin'].join('\n');
    return {
      truePositives: [
        { text: cfn, secrets: [p[0]!] },
        { text: openapi, secrets: [p[1]!] },
        { text: chart, secrets: [p[2]!] },
      ],
      falsePositives: [
        'Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: "{{resolve:secretsmanager:prod/db:SecretString:password}}"\n  PasswordLength:\n    Default: 24',
        'settings:\n  tokenTtl:\n    default: 3600\n  passwordPolicy:\n    value: strict',
      ],
    };
  },
};

// --- The same in JSON: ARM templates and parameter files, CloudFormation JSON, OpenAPI JSON ---

/**
 * `"defaultValue"` / `"value"` / `"default"` / `"Default"` and a JSON string; a stub's matcher (WireMock's
 * `"X-Api-Key": { "equalTo": "V" }`, `"matches"`, `"contains"`) holds the value the same way.
 */
const JSON_CHILD = /"(?:defaultValue|value|Value|default|Default|equalTo|matches|contains)"[ \t]*:[ \t]*"((?:[^"\\\r\n]|\\.)*)"/g;
/** The key whose object holds it: `"adminPassword": {` right before the object's `{`. */
const JSON_PARENT = /"([A-Za-z_][\w.-]*)"[ \t]*:[ \t]*$/;

export const jsonParentValue: BlockRule = {
  id: 'json-parent-value',
  description: 'A JSON "value"/"defaultValue" in an object under a secret-named key (ARM templates and parameter files, CloudFormation JSON, OpenAPI defaults)',
  gate: '',
  kinds: KIND.json,
  applies: (text) => text.includes('alue"') || text.includes('efault"') || text.includes('equalTo"') || text.includes('matches"') || text.includes('contains"'),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    JSON_CHILD.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = JSON_CHILD.exec(text)) !== null) {
      const obj = enclosingObject(text, m.index);
      if (obj === null) continue;
      // The key before the object's `{`, on its line or the one above (`"adminPassword":\n  {`).
      const head = text.slice(Math.max(0, obj[0] - 200), obj[0]).replace(/\s+$/, '');
      const p = JSON_PARENT.exec(head);
      if (p === null) continue;
      const strength = classifyName(p[1]!);
      if (strength === null || !judge(m[1]!, strength, true)) continue;
      starts ??= index.starts();
      const s = m.index + m[0].length - 1 - m[1]!.length;
      const li = lineOfPos(starts, s);
      addHit(out, li, { start: s - starts[li]!, end: s - starts[li]! + m[1]!.length, rule: 'json-parent-value', priority: PRIORITY });
    }
  },
  samples() {
    const p = Array.from({ length: 3 }, (_, i) => rand(PASSWORD_CHARS.replace(/[#'"\\,;:{}]/g, ''), 20, 0x15a0 + i));
    const wiremock = `{\n  "request": { "method": "POST", "url": "/v1/payments", "headers": { "X-Api-Key": { "equalTo": "${p[2]}" } } },\n  "response": { "status": 201 }\n}`;
    const arm = [
      '{',
      '  "parameters": {',
      `    "adminPassword": { "type": "securestring", "defaultValue": "${p[0]}" },`,
      '    "location": { "type": "string", "defaultValue": "westeurope" }',
      '  }',
      '}',
    ].join('\n');
    const params = [
      '{',
      '  "parameters": {',
      '    "sqlAdminPassword": {',
      `      "value": "${p[1]}"`,
      '    },',
      '    "sku": {',
      '      "value": "Standard_B1ms"',
      '    }',
      '  }',
      '}',
    ].join('\n');
    return {
      truePositives: [
        { text: wiremock, secrets: [p[2]!] },
        { text: arm, secrets: [p[0]!] },
        { text: params, secrets: [p[1]!] },
      ],
      falsePositives: [
        '[\n  { "request": { "headers": { "Content-Type": { "equalTo": "application/json" }, "X-Api-Key": { "matches": ".+" } } } }\n]',
        '{\n  "parameters": {\n    "adminPassword": { "type": "securestring" },\n    "passwordPolicy": { "value": "strict" },\n    "tokenLifetime": { "defaultValue": "3600" }\n  }\n}',
        '{\n  "adminPassword": {\n    "reference": { "keyVault": { "id": "/subscriptions/x/vaults/kv" }, "secretName": "sqlpw" }\n  }\n}',
      ],
    };
  },
};
