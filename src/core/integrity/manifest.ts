// The test settings held in a JSON manifest — package.json's scripts and test-tool blocks (`jest`, `mocha`,
// `ava`, `nyc`, …), deno.json's tasks and `test`/`lint` blocks, composer.json's scripts — read by what they
// mean, not by how the file is laid out: `{"scripts":{"test":"jest"}}` on one line is the same setting as the
// pretty-printed one, and a key reordered or re-indented is no change. Pure: text in, settings out.
//
// Threat: the test script replaced by a command that runs nothing (`exit 0`, `true`, `echo`), narrowed to a
// pattern that matches nothing (`jest --passWithNoTests --testPathPattern=nothing`), or a test-tool block
// added that excludes the tests (`"jest":{"testPathIgnorePatterns":["tests"]}`): `npm test` then passes with
// the tests unrun. Any change to what a test script or a test-tool block says is a change to how the tests
// run, as a change to jest.config.js is; it is asked, with the keys that changed.

export type JsonManifest = 'package' | 'deno' | 'composer';

const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export function jsonManifestOf(path: string): JsonManifest | undefined {
  const b = base(path).toLowerCase();
  if (b === 'package.json') return 'package';
  if (b === 'deno.json' || b === 'deno.jsonc') return 'deno';
  if (b === 'composer.json') return 'composer';
  return undefined;
}

/** Top-level blocks that configure a test runner, coverage or lint, per manifest. */
const BLOCKS: Record<JsonManifest, readonly string[]> = {
  package: ['jest', 'mocha', 'ava', 'nyc', 'c8', 'vitest', 'jasmine', 'playwright', 'tap', 'tsd', 'eslintConfig', 'xo', 'standard'],
  deno: ['test', 'lint'],
  composer: [],
};

/** A script named for tests or checks (`test`, `test:unit`, `unit-test`, `pretest`, `lint`, `ci`, …). */
const CHECK_NAME =
  /^(?:pre|post)?(?:tests?|spec|e2e|unit|integration|coverage|cover|lint|typecheck|type-check|check-types|check|verify|validate|ci)(?:[:_.-].*)?$|(?:^|[:_.-])(?:tests?|spec|specs|e2e)(?:$|[:_.-])/i;

/** A command that runs a test runner. */
export const RUNNER =
  /(?:^|[\s;&|(/'"`=])(?:jest|vitest|mocha|ava|tap|tape|uvu|jasmine|karma|playwright|cypress|nyc|c8|qunit|testcafe|nightwatch|cucumber-js|wtr|web-test-runner|ts-mocha|phpunit|pest|pytest|tox|node\s+(?:[^;&|]*\s)?--test|(?:bun|deno|go|cargo)\s+test)(?=$|[\s;&|)'"`])/i;

/** A command that does nothing and succeeds. */
const NO_OP = /^(?:exit(?:\s+0)?|true|:|echo(?:\s.*)?|printf(?:\s.*)?|node\s+-e\s+.{0,40}|)$/i;

/** Options and shell that let a run pass with fewer tests or with failures. */
export const PASSES_ANYWAY =
  /passWithNoTests|--testPathPattern|--testPathIgnorePatterns|--testNamePattern|--testMatch|--roots|--selectProjects|--onlyChanged|--findRelatedTests|--lastCommit|(?:^|\s)-[tko](?:\s|=|$)|--grep|--invert|--exclude|--ignore|--filter|--skip|--bail|--silent|--no-fail|--forbid-only=false|--allow-empty|\|\|\s*(?:true|exit(?:\s+0)?|:|echo)|;\s*(?:exit\s+0|true)\s*$/i;

export interface TestSettings {
  /** Every script (name → command, whitespace collapsed). */
  scripts: Map<string, string>;
  /** The test-tool blocks present, each as a canonical JSON text (key order does not count). */
  blocks: Map<string, string>;
}

/** The manifest's settings, or undefined when the text is not a JSON object (a fragment, a broken file). */
export function parseSettings(kind: JsonManifest, text: string): TestSettings | undefined {
  let obj: unknown;
  try {
    obj = JSON.parse(kind === 'deno' ? stripJsonComments(text.replace(/^\uFEFF/, '')) : text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  if (!isObject(obj)) return undefined;
  const scripts = new Map<string, string>();
  const src = kind === 'deno' ? obj.tasks : obj.scripts;
  if (isObject(src)) {
    for (const [k, v] of Object.entries(src)) {
      // composer: a list of commands; deno: { command, dependencies }.
      const cmd = Array.isArray(v)
        ? v.map(String).join(' && ')
        : isObject(v)
          ? [String(v.command ?? ''), ...(Array.isArray(v.dependencies) ? v.dependencies.map(String) : [])].join(' && ')
          : String(v);
      scripts.set(k, norm(cmd));
    }
  } else if (src !== undefined) scripts.set('(scripts)', canonical(src));
  const blocks = new Map<string, string>();
  for (const b of BLOCKS[kind]) if (Object.prototype.hasOwnProperty.call(obj, b)) blocks.set(b, canonical(obj[b]));
  return { scripts, blocks };
}

/** The scripts that run or lead to tests: named for tests or checks, running a runner, or run by one of those. */
export function testScripts(scripts: ReadonlyMap<string, string>): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of scripts) if (CHECK_NAME.test(k) || RUNNER.test(v)) out.add(k);
  const names = [...scripts.keys()];
  // Scripts a test script runs (`npm run unit`, `run-s test:*`, composer's `@unit`), and their pre/post.
  for (let grew = true; grew;) {
    grew = false;
    for (const k of [...out]) {
      for (const tok of (scripts.get(k) ?? '').split(/[^\w:.*@/-]+/)) {
        const t = tok.replace(/^@/, '');
        if (!t) continue;
        const re = t.includes('*') ? new RegExp(`^${t.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`) : undefined;
        for (const n of re ? names.filter((x) => re.test(x)) : scripts.has(t) ? [t] : []) {
          for (const m of [n, `pre${n}`, `post${n}`]) {
            if (scripts.has(m) && !out.has(m)) {
              out.add(m);
              grew = true;
            }
          }
        }
      }
    }
  }
  return out;
}

export interface SettingChange {
  /** `scripts.test`, `jest`, … */
  key: string;
  /** What the change does, for the person. */
  what: string;
}

/**
 * How the edit changes the test settings: each test script changed or removed, a pre/post hook added to one,
 * each test-tool block added, changed or removed. [] when the tests run as before.
 */
export function settingChanges(kind: JsonManifest, oldText: string, newText: string): SettingChange[] | undefined {
  const before = parseSettings(kind, oldText);
  const after = parseSettings(kind, newText);
  if (!before || !after) return undefined;
  const out: SettingChange[] = [];
  const label = kind === 'deno' ? 'tasks' : 'scripts';
  const tests = testScripts(before.scripts);
  for (const k of tests) {
    const o = before.scripts.get(k)!;
    const n = after.scripts.get(k);
    if (n === undefined) out.push({ key: `${label}.${k}`, what: `${label}.${k} (${show(o)}) removed` });
    else if (n !== o) out.push({ key: `${label}.${k}`, what: `${label}.${k} ${show(o)} → ${show(n)}${judge(o, n, after.scripts)}` });
  }
  // A pre/post hook added to a test script runs with it (`"pretest": "rm -rf tests"`, `"posttest": "exit 0"`).
  for (const [k, n] of after.scripts) {
    if (before.scripts.has(k)) continue;
    const m = /^(?:pre|post)(.+)$/.exec(k);
    if (m && tests.has(m[1])) out.push({ key: `${label}.${k}`, what: `${label}.${k} ${show(n)} added, run with ${label}.${m[1]}` });
  }
  for (const b of BLOCKS[kind]) {
    const o = before.blocks.get(b);
    const n = after.blocks.get(b);
    if (o === n) continue;
    out.push({
      key: b,
      what: o === undefined ? `"${b}" settings added: ${clip(n!)}` : n === undefined ? `"${b}" settings removed` : `"${b}" settings changed to ${clip(n)}`,
    });
  }
  return out;
}

/**
 * For texts that are not a whole manifest (the fragments of an edit the bridge could not place, a broken
 * file): the `"key": "value"` pairs and test-tool keys they hold, compared as they stand. Anything touching
 * a test script or a test-tool key counts (nothing else can be known).
 */
export function fragmentChanges(kind: JsonManifest, oldText: string, newText: string): SettingChange[] {
  if (squeeze(oldText) === squeeze(newText)) return [];
  const pairs = (t: string) => {
    const m = new Map<string, string>();
    for (const x of t.matchAll(/"((?:[^"\\]|\\.)*)"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) m.set(unescape(x[1]), norm(unescape(x[2])));
    return m;
  };
  const o = pairs(oldText);
  const n = pairs(newText);
  const out: SettingChange[] = [];
  for (const k of new Set([...o.keys(), ...n.keys()])) {
    const ov = o.get(k);
    const nv = n.get(k);
    if (ov === nv) continue;
    if (!(CHECK_NAME.test(k) || RUNNER.test(ov ?? '') || RUNNER.test(nv ?? ''))) continue;
    out.push({
      key: k,
      what: ov === undefined ? `"${k}": ${show(nv!)} added` : nv === undefined ? `"${k}" (${show(ov)}) removed` : `"${k}" ${show(ov)} → ${show(nv)}`,
    });
  }
  const keyRe = new RegExp(`"(?:${[...BLOCKS[kind], ...CONFIG_KEYS].join('|')})"\\s*:`);
  if (!out.length && (keyRe.test(oldText) || keyRe.test(newText))) out.push({ key: 'test settings', what: 'a test-tool setting changed' });
  return out;
}

/** Keys of a test runner's configuration (in a block whose own key may lie outside an edit's fragment). */
const CONFIG_KEYS = [
  'testPathIgnorePatterns',
  'testMatch',
  'testRegex',
  'roots',
  'testPathPattern',
  'modulePathIgnorePatterns',
  'coveragePathIgnorePatterns',
  'coverageThreshold',
  'passWithNoTests',
  'projects',
  'spec',
  'exclude',
  'ignore',
  'include',
  'files',
  'grep',
  'invert',
  'bail',
  'forbidOnly',
  'check-coverage',
];

function judge(o: string, n: string, scripts: ReadonlyMap<string, string>): string {
  const runsTests = (cmd: string) => RUNNER.test(cmd) || cmd.split(/[^\w:.*@/-]+/).some((t) => scripts.has(t.replace(/^@/, '')) || t.includes('*'));
  if (NO_OP.test(n) || (runsTests(o) && !runsTests(n))) return ' (runs no tests)';
  if (PASSES_ANYWAY.test(n) && !PASSES_ANYWAY.test(o)) return ' (passes with fewer tests or with failures)';
  return '';
}

const clip = (s: string) => (s.length > 80 ? s.slice(0, 80) + '…' : s);

const show = (s: string) => JSON.stringify(clip(s));

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

function unescape(s: string): string {
  try {
    return JSON.parse(`"${s}"`) as string;
  } catch {
    return s;
  }
}

/** The text without whitespace outside strings (layout is no change). */
function squeeze(t: string): string {
  return t.replace(/("(?:[^"\\]|\\.)*")|\s+/g, (_, str: string | undefined) => str ?? '');
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** JSON with its keys sorted at every depth. */
function canonical(x: unknown): string {
  return JSON.stringify(x, (_k, v: unknown) =>
    isObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** JSONC: `//` and `/* *\/` comments and trailing commas removed, strings kept. */
function stripJsonComments(t: string): string {
  return t
    .replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_, str: string | undefined) => str ?? '')
    .replace(/("(?:[^"\\]|\\.)*")|,(\s*[}\]])/g, (m, str: string | undefined, close: string | undefined) => str ?? close ?? m);
}
