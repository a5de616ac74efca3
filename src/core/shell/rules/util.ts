// Small accessors the rules share.
import { parseOpts, type Opt, type ParsedOpts } from '../options';
import type { Sub, W } from '../types';

export { O } from '../options';

export function args(s: Sub): W[] {
  return s.words.slice(1);
}

export function opts(s: Sub, spec: Opt[], from = 1): ParsedOpts {
  return parseOpts(s.words.slice(from), spec);
}

/** Positional values (options skipped with the given spec), null for dynamic. */
export function positionals(s: Sub, spec: Opt[] = [], from = 1): (string | null)[] {
  return opts(s, spec, from).positional.map((w) => w.value);
}

/** Global options that take a value in common CLIs (kubectl -n ns, helm --kube-context x, aws --profile p). */
const VALUE_OPTS = new Set([
  '-n',
  '--namespace',
  '--context',
  '--kube-context',
  '--kubeconfig',
  '--cluster',
  '--user',
  '-s',
  '--server',
  '--as',
  '--profile',
  '--region',
  '--project',
  '--app',
  '-a',
  '--config',
  '-c',
  '--chdir',
  '-C',
  '--token',
  '--subscription',
  '--output',
  '-o',
  '--account',
  '--org',
  '-R',
  '--repo',
  '--endpoint-url',
]);

/** The first word that is not an option or an option's value (a subcommand such as `push`, `delete`). */
// verb, bareWords and hasWord read s.words in place: rules call them for every matching sub-command.
export function verb(s: Sub, from = 1): string | undefined {
  const ws = s.words;
  for (let i = from; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) return undefined;
    if (VALUE_OPTS.has(v)) {
      i++;
      continue;
    }
    if (!v.startsWith('-')) return v;
  }
  return undefined;
}

/** All non-option words after `from` (cheap, for CLIs whose options we do not model). */
export function bareWords(s: Sub, from = 1): string[] {
  // Counted, then filled: a list grown by push gets 17 slots for a word or two.
  const out = new Array<string>(bare(s, from, undefined));
  bare(s, from, out);
  return out;
}

function bare(s: Sub, from: number, out: string[] | undefined): number {
  let n = 0;
  const ws = s.words;
  for (let i = from; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    if (VALUE_OPTS.has(v)) {
      i++;
      continue;
    }
    if (v.startsWith('-')) continue;
    if (out) out[n] = v;
    n++;
  }
  return n;
}

export function hasWord(s: Sub, ...vs: string[]): boolean {
  const ws = s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v !== null && vs.includes(v)) return true;
  }
  return false;
}

/** `--dry-run`, `--dry-run=client`, `-n` when the command defines it so, `--dryrun`, `--check`. */
// `--dry-run=false` (or =0/=no) turns the dry run off: the command does what it says.
const DRY_RUN = /^--dry-?run(=(?!(false|0|no|none)$).*)?$/i;
const NO_EXTRA: string[] = [];

/**
 * Publishers, deployers and cluster and cloud CLIs whose `--help` (and `-h`, `-help`) anywhere among their options
 * prints the usage of the verb and does nothing else (cobra, clap, argparse, commander, yargs, cleo, nopt, and
 * terraform's own `-help`): `npm publish --help`, `docker push --help`, `terraform apply -help`.
 */
const HELP_CLIS = new Set(
  (
    'npm pnpm yarn bun cargo twine poetry gem flit hatch uv pdm rye maturin lerna changeset vsce ovsx jsr deno docker podman nerdctl buildah ' +
    'crane skopeo oras cosign terraform tofu terragrunt pulumi kubectl oc helm gh glab vercel netlify fly flyctl heroku firebase wrangler ' +
    'railway serverless sls surge amplify eb sam kamal dokku render eas expo cdk dotnet nuget semantic-release'
  ).split(' '),
);

/**
 * The sub-command only asks for its usage: a `--help` (`-h`, `-help`) word before any `--`, not standing where an
 * option's value could be (the word before it is a verb or a value, not an option awaiting one: `gh release create
 * v1 --notes --help` makes a release whose notes read `--help`), every word before it known. Only for HELP_CLIS.
 */
export function helpAsked(s: Sub): boolean {
  if (s.name === null || !HELP_CLIS.has(s.name)) return false;
  const ws = s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null || v === '--') return false;
    if (v !== '--help' && v !== '-h' && v !== '-help') continue;
    const prev = ws[i - 1].value!;
    return i === 1 || !prev.startsWith('-') || prev.includes('=');
  }
  return false;
}

export function dryRun(s: Sub, extra: string[] = NO_EXTRA): boolean {
  const ws = s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v !== null && (DRY_RUN.test(v) || extra.includes(v))) return true;
  }
  return false;
}

export function named(s: Sub, ...names: string[]): boolean {
  // A plain loop, not includes(): once inlined, the rest array does not escape and V8 need not allocate it.
  const n = s.name;
  if (n === null) return false;
  for (let i = 0; i < names.length; i++) if (names[i] === n) return true;
  return false;
}

/** A number as seq reads it (`1e12`, `0x10`, `2.5`, `inf`), or undefined for a word that is none. */
function seqNumber(v: string): number | undefined {
  if (/^[+-]?inf(inity)?$/i.test(v)) return v.startsWith('-') ? -Infinity : Infinity;
  if (!/^[+-]?(0x[0-9a-f]+(\.[0-9a-f]*)?(p[+-]?\d+)?|(\d+\.?\d*|\.\d+)(e[+-]?\d+)?)$/i.test(v)) return undefined;
  const n = /^[+-]?0x/i.test(v) ? (v.startsWith('-') ? -1 : 1) * parseInt(v.replace(/^[+-]?0x/i, ''), 16) : Number(v);
  return Number.isNaN(n) ? undefined : n;
}

/**
 * `seq` arguments (values after the name) that print more than a hundred million lines, or without end (`seq inf`,
 * `seq 1e12`, `seq 0 0.000001 1000`); a word only known at run time counts as huge.
 */
export function seqHuge(values: readonly (string | null)[]): boolean {
  const nums: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null) return true;
    if (v === '-f' || v === '-s' || v === '--format' || v === '--separator') {
      i++;
      continue;
    }
    const n = seqNumber(v);
    if (n !== undefined) nums.push(n);
  }
  if (nums.length === 0 || nums.length > 3) return false;
  const last = nums[nums.length - 1];
  const first = nums.length >= 2 ? nums[0] : 1;
  const incr = nums.length === 3 ? nums[1] : 1;
  if (!Number.isFinite(last) || !Number.isFinite(first)) return true;
  if (incr === 0) return true; // seq refuses a zero increment; asked rather than judged
  const count = (last - first) / incr;
  return count > 1e8;
}
