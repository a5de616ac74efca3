// Parse and validate one `.agentguard.yaml` (or a shipped policy) into a layer.
// Never throws on a user's file: every problem becomes a located PolicyError, and one bad rule does not
// hide the others. Messages are written for the person editing the file.
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument, type Pair, type YAMLMap } from 'yaml';
import {
  type BreakerLayer,
  type LoadKit,
  type NarrowLayer,
  type PatternItem,
  type RateLayer,
  readBreaker,
  readPatternItem,
  readRates,
  readRisk,
  readRiskSection,
  readSelector,
  type RiskLayer,
} from '../context/load';
import type { Risk } from '../context/types';
import { type Decision, isDecision, PATH_OPS, type PathOp } from '../types';
import { PACK_SOURCES } from './packs.generated';
import type { PolicyError } from './types';

export interface PathRuleLayer extends NarrowLayer {
  globs?: string[];
  ops: Partial<Record<PathOp, Decision>>;
  reason?: string;
  disabled?: boolean;
  risk?: Risk;
  line?: number;
  column?: number;
}

export interface PolicyLayer {
  /** The shipped base this layer is written on (from `extends:`). */
  extends?: 'default' | 'strict';
  /** Ecosystem packs named in `extends:`, in the order written (see packs.ts). */
  packs?: string[];
  /** `extends:` names `auto`: the packs of the ecosystems detected in the folder apply too. */
  autoDetect?: boolean;
  /** Only in a shipped pack file: what the pack is and which root entries reveal its ecosystem. */
  pack?: PackMeta;
  paths: Record<string, PathRuleLayer>;
  outsideWorkspace?: Decision;
  commands: {
    benign?: Decision;
    destructive?: Decision;
    unknown?: Decision;
    rules?: Record<string, Decision>;
    allow?: PatternItem[];
    ask?: PatternItem[];
    deny?: PatternItem[];
    checkPaths?: boolean;
  };
  masking: { enabled?: boolean; patterns?: { name: string; regex: string }[]; allowValues?: string[]; allowPaths?: string[] };
  limits: Partial<Record<LimitKey, number>>;
  audit: { path?: string };
  snapshot: { ignore?: string[]; maxBaselineBytes?: number };
  undo: { maxFileBytes?: number; maxSessionBytes?: number };
  rates: Record<string, RateLayer>;
  breaker: BreakerLayer;
  risk: RiskLayer;
}

export interface PackMeta {
  name: string;
  title: string;
  /** Globs matched against the names at a folder's root (`package.json`, `*.csproj`). */
  detect: string[];
}

export type LimitKey = 'maxReadBytes' | 'maxListEntries' | 'maxSearchResults' | 'maxCommandOutputBytes' | 'commandTimeoutMs';
const LIMIT_KEYS: LimitKey[] = ['maxReadBytes', 'maxListEntries', 'maxSearchResults', 'maxCommandOutputBytes', 'commandTimeoutMs'];

const TOP_KEYS = [
  'version',
  'extends',
  'pack',
  'paths',
  'outsideWorkspace',
  'commands',
  'masking',
  'limits',
  'audit',
  'snapshot',
  'undo',
  'rates',
  'breaker',
  'risk',
];
const RULE_KEYS = ['match', 'read', 'write', 'delete', 'rename', 'all', 'reason', 'disabled', 'when', 'unless', 'risk'];
const COMMAND_KEYS = ['benign', 'destructive', 'unknown', 'rules', 'allow', 'ask', 'deny', 'checkPaths'];
const MASKING_KEYS = ['enabled', 'patterns', 'allowValues', 'allowPaths'];
const AUDIT_KEYS = ['path'];
const SNAPSHOT_KEYS = ['ignore', 'maxBaselineBytes'];
const UNDO_KEYS = ['maxFileBytes', 'maxSessionBytes'];
const RULE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Names `extends:` accepts besides the shipped packs: the two bases and `auto` (detect the ecosystems). */
const BASES = ['default', 'strict'] as const;
const PACK_KEYS = ['name', 'title', 'detect'];
const SHIPPED_PACK_NAMES = Object.keys(PACK_SOURCES);

export interface LoadOptions {
  /** Pack names `extends:` may use (the shipped packs). */
  packNames?: readonly string[];
  /** The text is a shipped pack: a `pack:` section is required and only `paths` may follow. */
  isPack?: boolean;
}

export interface LoadResult {
  layer: PolicyLayer;
  errors: PolicyError[];
}

export function emptyLayer(): PolicyLayer {
  return { paths: {}, commands: {}, masking: {}, limits: {}, audit: {}, snapshot: {}, undo: {}, rates: {}, breaker: {}, risk: {} };
}

/** Parse policy text. `file` is only used to label errors. */
export function loadPolicyText(text: string, file: string, opts: LoadOptions = {}): LoadResult {
  const packNames = opts.packNames ?? SHIPPED_PACK_NAMES;
  const lc = new LineCounter();
  const errors: PolicyError[] = [];
  const layer = emptyLayer();
  const at = (node: Node | Pair | null | undefined, message: string, severity: 'error' | 'warning' = 'error') => {
    const range = node && 'range' in node && node.range ? node.range : node && 'key' in node && isScalar(node.key) ? node.key.range : undefined;
    const pos = lc.linePos(range ? range[0] : 0);
    errors.push({ file, line: pos.line, column: pos.col, message, severity });
  };
  const kit: LoadKit = { at, keyOf, unknownKey, didYouMean };
  const posOf = (n: Pair) => lc.linePos(isScalar(n.key) && n.key.range ? n.key.range[0] : 0);

  let doc;
  try {
    doc = parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true });
  } catch (e) {
    errors.push({ file, line: 1, column: 1, message: `cannot parse the file: ${(e as Error).message}`, severity: 'error' });
    return { layer, errors };
  }
  for (const e of doc.errors) {
    const pos = lc.linePos(e.pos[0]);
    errors.push({ file, line: pos.line, column: pos.col, message: `YAML syntax: ${firstLine(e.message)}`, severity: 'error' });
  }
  if (doc.errors.length > 0) return { layer, errors };
  const root = doc.contents;
  if (root === null || (isScalar(root) && (root.value === null || root.value === ''))) {
    return { layer, errors }; // an empty file (or only comments) adds nothing to the default
  }
  if (!isMap(root)) {
    at(root, 'the policy must be a mapping of keys such as `version`, `paths` and `commands` (see policies/default.yaml)');
    return { layer, errors };
  }

  let sawVersion = false;
  for (const pair of root.items) {
    const key = keyOf(pair);
    const val = pair.value as Node | null;
    switch (key) {
      case 'version':
        sawVersion = true;
        if (!isScalar(val) || val.value !== 1) at(val ?? pair, 'unsupported `version`: this AgentGuard reads version 1');
        break;
      case 'extends':
        readExtends(val, pair, layer, packNames, at);
        break;
      case 'pack':
        if (!opts.isPack) at(pair, '`pack` belongs in a shipped pack file; a policy names packs in `extends`, e.g. `extends: [default, python]`');
        else layer.pack = readPackMeta(val, pair, at);
        break;
      case 'outsideWorkspace':
        layer.outsideWorkspace = decisionOf(val, pair, 'outsideWorkspace', at);
        break;
      case 'paths':
        readPaths(val, pair, layer, kit, posOf);
        break;
      case 'commands':
        readSection(val, pair, 'commands', COMMAND_KEYS, at, (k, v, p) => {
          if (k === 'benign' || k === 'destructive' || k === 'unknown') {
            const d = decisionOf(v, p, `commands.${k}`, at);
            if (k === 'unknown' && d === 'allow') {
              at(v ?? p, '`commands.unknown` cannot be `allow`: a command the guard cannot understand is never run unseen');
            } else if (d) layer.commands[k] = d;
          } else if (k === 'rules') {
            if (!isMap(v)) return at(v ?? p, '`commands.rules` must map a rule id or category to allow, ask or deny');
            const rules: Record<string, Decision> = {};
            for (const rp of v.items) {
              const rk = keyOf(rp);
              const d = decisionOf(rp.value as Node, rp, `commands.rules.${rk}`, at);
              if (rk && d) rules[rk] = d;
            }
            layer.commands.rules = rules;
          } else if (k === 'allow' || k === 'ask' || k === 'deny') {
            // A pattern is a string, or a mapping that narrows it to a context: {pattern, when, unless, risk}.
            const items: Node[] = isSeq(v) ? (v.items as Node[]) : v && isScalar(v) && typeof v.value === 'string' ? [v] : [];
            if (!isSeq(v) && items.length === 0) at(v ?? p, `\`commands.${k}\` must be a list of patterns`);
            else layer.commands[k] = items.map((it) => readPatternItem(it, `commands.${k}`, kit)).filter((x): x is PatternItem => x !== undefined);
          } else if (k === 'checkPaths') {
            layer.commands.checkPaths = boolOf(v, p, 'commands.checkPaths', at);
          }
        });
        break;
      case 'masking':
        readSection(val, pair, 'masking', MASKING_KEYS, at, (k, v, p) => {
          if (k === 'enabled') layer.masking.enabled = boolOf(v, p, 'masking.enabled', at);
          else if (k === 'allowValues' || k === 'allowPaths') layer.masking[k] = stringList(v, p, `masking.${k}`, at);
          else if (k === 'patterns') layer.masking.patterns = readPatterns(v, p, at);
        });
        break;
      case 'limits':
        readSection(val, pair, 'limits', LIMIT_KEYS, at, (k, v, p) => {
          const n = positiveInt(v, p, `limits.${k}`, at);
          if (n !== undefined) layer.limits[k as LimitKey] = n;
        });
        break;
      case 'audit':
        readSection(val, pair, 'audit', AUDIT_KEYS, at, (k, v, p) => {
          if (k === 'path') {
            if (isScalar(v) && typeof v.value === 'string') layer.audit.path = v.value;
            else at(v ?? p, '`audit.path` must be a string (an absolute path, or "" for the default location)');
          }
        });
        break;
      case 'snapshot':
        readSection(val, pair, 'snapshot', SNAPSHOT_KEYS, at, (k, v, p) => {
          if (k === 'ignore') layer.snapshot.ignore = stringList(v, p, 'snapshot.ignore', at);
          else if (k === 'maxBaselineBytes') layer.snapshot.maxBaselineBytes = positiveInt(v, p, 'snapshot.maxBaselineBytes', at);
        });
        break;
      case 'undo':
        readSection(val, pair, 'undo', UNDO_KEYS, at, (k, v, p) => {
          layer.undo[k as 'maxFileBytes' | 'maxSessionBytes'] = positiveInt(v, p, `undo.${k}`, at);
        });
        break;
      case 'rates':
        layer.rates = readRates(val, pair, kit, posOf) ?? {};
        break;
      case 'breaker':
        layer.breaker = readBreaker(val, pair, kit) ?? {};
        break;
      case 'risk':
        layer.risk = readRiskSection(val, pair, kit) ?? {};
        break;
      default:
        at(pair, unknownKey(key, TOP_KEYS, 'at the top level'));
    }
  }
  if (!sawVersion) at(root, 'missing `version: 1` at the top of the file', 'warning');
  if (opts.isPack) {
    if (!layer.pack) at(root, 'a pack file needs a `pack:` section with `name`, `title` and `detect`');
    for (const pair of root.items) {
      const key = keyOf(pair);
      if (!['version', 'pack', 'paths'].includes(key)) at(pair, `a pack may only hold \`paths\`, not \`${key}\``);
    }
  }
  return { layer, errors };
}

/** `extends: default`, `extends: [default, python, go]`, `extends: [strict, auto]`. */
function readExtends(val: Node | null, pair: Pair, layer: PolicyLayer, packNames: readonly string[], at: At): void {
  const items: Node[] = isSeq(val) ? (val.items as Node[]) : val ? [val] : [];
  if (items.length === 0) {
    at(val ?? pair, '`extends` must name `default` or `strict`, optionally with packs, e.g. `extends: [default, python]`');
    return;
  }
  const known = [...BASES, 'auto', ...packNames];
  const packs: string[] = [];
  for (const item of items) {
    const name = isScalar(item) && typeof item.value === 'string' ? item.value : undefined;
    if (name === 'default' || name === 'strict') {
      if (layer.extends && layer.extends !== name) at(item, `\`extends\` names two bases (\`${layer.extends}\` and \`${name}\`); keep one`);
      else layer.extends = name;
    } else if (name === 'auto') layer.autoDetect = true;
    else if (name !== undefined && packNames.includes(name)) {
      if (!packs.includes(name)) packs.push(name);
    } else {
      const got = name === undefined ? 'a non-string value' : JSON.stringify(name);
      at(item, `\`extends\` cannot use ${got}${name ? didYouMean(name, known) : ''}; known: ${known.join(', ')}`);
    }
  }
  if (packs.length) layer.packs = packs;
}

function readPackMeta(val: Node | null, pair: Pair, at: At): PackMeta | undefined {
  if (!isMap(val)) {
    at(val ?? pair, '`pack` must be a mapping with `name`, `title` and `detect`');
    return undefined;
  }
  const meta: Partial<PackMeta> = {};
  for (const p of val.items) {
    const k = keyOf(p);
    const v = p.value as Node | null;
    if (!PACK_KEYS.includes(k)) at(p, unknownKey(k, PACK_KEYS, 'in `pack`'));
    else if (k === 'detect') meta.detect = stringList(v, p, 'pack.detect', at);
    else if (isScalar(v) && typeof v.value === 'string' && v.value.trim()) meta[k as 'name' | 'title'] = v.value.trim();
    else at(v ?? p, `\`pack.${k}\` must be a string`);
  }
  if (!meta.name || !RULE_NAME.test(meta.name) || !meta.title || !meta.detect?.length) {
    at(val, '`pack` needs `name` (letters, digits, - _ .), `title` and a non-empty `detect` list');
    return undefined;
  }
  return meta as PackMeta;
}

type At = (node: Node | Pair | null | undefined, message: string, severity?: 'error' | 'warning') => void;

function readPaths(val: Node | null, pair: Pair, layer: PolicyLayer, kit: LoadKit, lcPos: (n: Pair) => { line: number; col: number }): void {
  const at = kit.at;
  if (!isMap(val)) {
    at(val ?? pair, '`paths` must map rule names to rules, e.g.\n  paths:\n    tests:\n      match: ["tests/**"]\n      write: deny');
    return;
  }
  for (const rp of val.items) {
    const name = keyOf(rp);
    if (!name || !RULE_NAME.test(name)) {
      at(rp, `invalid rule name ${JSON.stringify(name)}: use letters, digits, '-', '_' or '.'`);
      continue;
    }
    const rv = rp.value as Node | null;
    if (!isMap(rv)) {
      at(rv ?? rp, `rule \`${name}\` must be a mapping with \`match\` and decisions such as \`write: deny\``);
      continue;
    }
    const rule: PathRuleLayer = { ops: {} };
    let ok = true;
    let allDecision: Decision | undefined; // `all` fills the ops not named explicitly, whatever the key order
    for (const fp of (rv as YAMLMap).items) {
      const k = keyOf(fp);
      const fv = fp.value as Node | null;
      if (k === 'match') {
        const globs = stringList(fv, fp, `paths.${name}.match`, at);
        if (!globs) ok = false;
        else {
          for (const [i, g] of globs.entries()) {
            const problem = globProblem(g);
            if (problem) {
              at(itemAt(fv, i) ?? fp, `paths.${name}.match: ${problem}`);
              ok = false;
            }
          }
          rule.globs = globs;
        }
      } else if (k === 'all' || (PATH_OPS as readonly string[]).includes(k)) {
        const d = decisionOf(fv, fp, `paths.${name}.${k}`, at);
        if (!d) ok = false;
        else if (k === 'all') allDecision = d;
        else rule.ops[k as PathOp] = d;
      } else if (k === 'reason') {
        if (isScalar(fv) && typeof fv.value === 'string' && fv.value.trim()) rule.reason = fv.value.trim();
        else {
          at(fv ?? fp, `paths.${name}.reason must be a sentence the agent will read`);
          ok = false;
        }
      } else if (k === 'disabled') {
        rule.disabled = boolOf(fv, fp, `paths.${name}.disabled`, at);
      } else if (k === 'when' || k === 'unless') {
        const sel = readSelector(fv, fp, `paths.${name}.${k}`, kit);
        if (sel) rule[k] = sel;
        else ok = false;
      } else if (k === 'risk') {
        const r = readRisk(fv, fp, `paths.${name}.risk`, kit);
        if (r) rule.risk = r;
        else ok = false;
      } else {
        at(fp, unknownKey(k, RULE_KEYS, `in rule \`${name}\``));
        ok = false;
      }
    }
    if (allDecision) for (const op of PATH_OPS) rule.ops[op] ??= allDecision;
    // Where the rule stands, for errors found when layers are merged (a new rule without `match`).
    const pos = lcPos(rp);
    rule.line = pos.line;
    rule.column = pos.col;
    if (ok) layer.paths[name] = rule;
  }
}

function readPatterns(v: Node | null, p: Pair, at: At): { name: string; regex: string }[] | undefined {
  if (!isSeq(v)) {
    at(v ?? p, '`masking.patterns` must be a list of {name, regex}');
    return undefined;
  }
  const out: { name: string; regex: string }[] = [];
  for (const item of v.items as Node[]) {
    if (!isMap(item)) {
      at(item, 'each masking pattern must be a mapping with `name` and `regex`');
      continue;
    }
    const name = item.get('name');
    const regex = item.get('regex');
    for (const ip of item.items) {
      const k = keyOf(ip);
      if (k !== 'name' && k !== 'regex') at(ip, unknownKey(k, ['name', 'regex'], 'in a masking pattern'));
    }
    if (typeof name !== 'string' || !RULE_NAME.test(name)) {
      at(item, 'a masking pattern needs a `name` (letters, digits, - _ .)');
      continue;
    }
    if (typeof regex !== 'string' || regex === '') {
      at(item, `masking pattern \`${name}\` needs a \`regex\``);
      continue;
    }
    try {
      new RegExp(regex, 'g');
    } catch (e) {
      at(item.get('regex', true) as Node, `masking pattern \`${name}\`: invalid regular expression: ${(e as Error).message}`);
      continue;
    }
    out.push({ name, regex });
  }
  return out;
}

function readSection(
  val: Node | null,
  pair: Pair,
  section: string,
  keys: readonly string[],
  at: At,
  each: (key: string, value: Node | null, pair: Pair) => void,
): void {
  if (!isMap(val)) {
    at(val ?? pair, `\`${section}\` must be a mapping`);
    return;
  }
  for (const p of val.items) {
    const k = keyOf(p);
    if (!keys.includes(k)) at(p, unknownKey(k, keys, `in \`${section}\``));
    else each(k, p.value as Node | null, p);
  }
}

function keyOf(pair: Pair): string {
  return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}

function itemAt(v: Node | null, i: number): Node | undefined {
  return isSeq(v) ? (v.items[i] as Node) : undefined;
}

function decisionOf(v: Node | null | undefined, p: Pair, what: string, at: At): Decision | undefined {
  if (isScalar(v) && isDecision(v.value)) return v.value;
  const got = isScalar(v) ? JSON.stringify(v.value) : 'a non-scalar value';
  const hint = isScalar(v) && typeof v.value === 'string' ? didYouMean(v.value, ['allow', 'ask', 'deny']) : '';
  at(v ?? p, `\`${what}\` must be allow, ask or deny, not ${got}${hint}`);
  return undefined;
}

function boolOf(v: Node | null, p: Pair, what: string, at: At): boolean | undefined {
  if (isScalar(v) && typeof v.value === 'boolean') return v.value;
  at(v ?? p, `\`${what}\` must be true or false`);
  return undefined;
}

function positiveInt(v: Node | null, p: Pair, what: string, at: At): number | undefined {
  if (isScalar(v) && typeof v.value === 'number' && Number.isInteger(v.value) && v.value > 0) return v.value;
  at(v ?? p, `\`${what}\` must be a positive whole number`);
  return undefined;
}

function stringList(v: Node | null, p: Pair, what: string, at: At): string[] | undefined {
  if (isScalar(v) && typeof v.value === 'string') return [v.value]; // a single string is a list of one
  if (!isSeq(v)) {
    at(v ?? p, `\`${what}\` must be a list of strings`);
    return undefined;
  }
  const out: string[] = [];
  let ok = true;
  for (const item of v.items as Node[]) {
    if (isScalar(item) && typeof item.value === 'string') out.push(item.value);
    else {
      at(item, `\`${what}\` must contain only strings`);
      ok = false;
    }
  }
  return ok ? out : undefined;
}

function globProblem(g: string): string | undefined {
  if (g.trim() === '') return 'an empty glob matches nothing';
  if (g.startsWith('/')) return `glob ${JSON.stringify(g)} must be workspace-relative (no leading '/')`;
  if (g.startsWith('!')) return `glob ${JSON.stringify(g)}: negation is not supported; write a separate rule that allows it`;
  if (g.includes('\\')) return `glob ${JSON.stringify(g)}: use '/' as the separator`;
  if (g.split('/').includes('..')) return `glob ${JSON.stringify(g)} must not contain '..'`;
  return undefined;
}

function unknownKey(key: string, known: readonly string[], where: string): string {
  return `unknown key \`${key}\` ${where}${didYouMean(key, known)}; known keys: ${known.join(', ')}`;
}

export function didYouMean(word: string, options: readonly string[]): string {
  let best = '';
  let bestD = Infinity;
  for (const o of options) {
    const d = editDistance(word.toLowerCase(), o.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = o;
    }
  }
  return bestD <= Math.max(2, Math.floor(word.length / 3)) ? ` (did you mean \`${best}\`?)` : '';
}

function editDistance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0];
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j];
      dp[j] = Math.min(dp[j] + 1, dp[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length];
}

function firstLine(s: string): string {
  return s.split('\n')[0];
}
