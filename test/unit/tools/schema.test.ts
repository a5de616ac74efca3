// The JSON Schema shipped for `.agentguard.yaml` (editor completion and validation) against the shipped
// policies and the loader. A tiny structural validator (type, enum, const, required, properties,
// additionalProperties, items, oneOf, $ref, minimum, minLength, pattern, propertyNames) is enough for
// this schema and avoids a heavy dependency.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { loadPolicyText } from '../../../src/core/policy/load';

const root = path.resolve(__dirname, '../../..');
type Schema = Record<string, unknown>;
const schema = JSON.parse(fs.readFileSync(path.join(root, 'policies/agentguard.schema.json'), 'utf8')) as Schema;

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

export function validate(v: unknown, s: Schema, at = '$'): string[] {
  if (typeof s.$ref === 'string') {
    const target = s.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((o, k) => (o as Schema)[k], schema) as Schema;
    return validate(v, target, at);
  }
  const errs: string[] = [];
  if (s.oneOf) {
    const ok = (s.oneOf as Schema[]).filter((alt) => validate(v, alt, at).length === 0).length;
    if (ok !== 1) errs.push(`${at}: matches ${ok} of the oneOf alternatives`);
    return errs;
  }
  if ('const' in s && v !== s.const) errs.push(`${at}: must be ${JSON.stringify(s.const)}`);
  if (s.enum && !(s.enum as unknown[]).includes(v)) errs.push(`${at}: ${JSON.stringify(v)} not in ${JSON.stringify(s.enum)}`);
  if (s.type) {
    const t = typeOf(v);
    if (!(t === s.type || (s.type === 'number' && t === 'integer'))) return [...errs, `${at}: expected ${s.type}, got ${t}`];
  }
  if (typeof v === 'number' && typeof s.minimum === 'number' && v < s.minimum) errs.push(`${at}: below ${s.minimum}`);
  if (typeof v === 'string') {
    if (typeof s.minLength === 'number' && v.length < s.minLength) errs.push(`${at}: too short`);
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern).test(v)) errs.push(`${at}: does not match ${s.pattern}`);
  }
  if (Array.isArray(v) && s.items) v.forEach((item, i) => errs.push(...validate(item, s.items as Schema, `${at}[${i}]`)));
  if (typeOf(v) === 'object') {
    const o = v as Record<string, unknown>;
    for (const r of (s.required as string[] | undefined) ?? []) if (!(r in o)) errs.push(`${at}: missing ${r}`);
    const props = (s.properties as Record<string, Schema> | undefined) ?? {};
    for (const [k, val] of Object.entries(o)) {
      if (s.propertyNames) errs.push(...validate(k, s.propertyNames as Schema, `${at}.<${k}>`));
      if (props[k]) errs.push(...validate(val, props[k], `${at}.${k}`));
      else if (s.additionalProperties === false) errs.push(`${at}: unknown key ${k}`);
      else if (typeof s.additionalProperties === 'object') errs.push(...validate(val, s.additionalProperties as Schema, `${at}.${k}`));
    }
  }
  return errs;
}

describe('policy schema (policies/agentguard.schema.json)', () => {
  for (const name of ['default', 'strict', 'examples/context']) {
    it(`the shipped ${name}.yaml validates against it`, () => {
      const doc = parse(fs.readFileSync(path.join(root, 'policies', `${name}.yaml`), 'utf8'));
      assert.deepEqual(validate(doc, schema), []);
    });
  }

  it('rejects what the loader rejects: unknown keys, bad decisions, unknown-allow, bad globs, bad limits', () => {
    const cases: Array<[string, RegExp]> = [
      ['version: 1\npathz: {}\n', /unknown key pathz/],
      ['version: 1\npaths:\n  t:\n    match: ["tests/**"]\n    write: block\n', /not in/],
      ['version: 1\ncommands:\n  unknown: allow\n', /not in/],
      ['version: 1\npaths:\n  t:\n    match: ["/abs/**"]\n    write: deny\n', /oneOf/],
      ['version: 1\nlimits:\n  maxReadBytes: 0\n', /below 1/],
      ['version: 2\n', /must be 1/],
      ['paths: {}\n', /missing version/],
      ['version: 1\nrates:\n  c:\n    limit: 5\n    window: 5 minutes\n', /oneOf/],
      ['version: 1\nrates:\n  c:\n    limit: 5\n    window: 1m\n    over: allow\n', /not in/],
      ['version: 1\npaths:\n  t:\n    match: ["a/**"]\n    write: deny\n    when: {channel: ide}\n', /oneOf/],
      ['version: 1\ncommands:\n  allow:\n    - {pattern: "npm test", when: {agnet: cline}}\n', /oneOf/],
      ['version: 1\nrisk:\n  decisions: {severe: ask}\n', /unknown key severe/],
      ['version: 1\nbreaker: {refusals: 0}\n', /oneOf/],
    ];
    for (const [text, expected] of cases) {
      const errs = validate(parse(text), schema);
      assert.match(errs.join('\n'), expected, text);
      // The loader agrees that each is wrong (an error or, for a missing version, a warning).
      assert.ok(loadPolicyText(text, 'x.yaml').errors.length > 0, `the loader accepts what the schema rejects:\n${text}`);
    }
  });

  it('names every top-level key and section key the loader reads', () => {
    const props = schema.properties as Record<string, Schema>;
    const sectionKeys = (k: string) => Object.keys((props[k].properties as Schema) ?? {}).sort();
    // Every key of the shipped default is known to the schema, section by section.
    const doc = parse(fs.readFileSync(path.join(root, 'policies/default.yaml'), 'utf8')) as Record<string, unknown>;
    for (const k of Object.keys(doc)) assert.ok(props[k], `schema lacks top-level key ${k}`);
    for (const k of ['commands', 'masking', 'limits', 'audit', 'snapshot', 'risk']) {
      for (const sub of Object.keys(doc[k] as object)) assert.ok(sectionKeys(k).includes(sub), `schema lacks ${k}.${sub}`);
      // And the loader accepts every key the schema offers (completion must not suggest a key it rejects).
      for (const sub of sectionKeys(k)) {
        const errs = loadPolicyText(`version: 1\n${k}:\n  ${sub}: null\n`, 'x.yaml').errors;
        assert.ok(!errs.some((e) => /unknown key/.test(e.message)), `the loader does not know ${k}.${sub}`);
      }
    }
  });
});
