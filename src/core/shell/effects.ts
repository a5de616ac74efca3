// What each sub-command reads, writes, deletes or renames, as literal paths (the engine sends them through
// the path guard: `echo x > tests/a.test.ts` and `cat .env` are judged like the file tools' calls).
import { absPath, isHarmlessSink } from './fsfacts';
import { ALL_OPTS, O, parseOpts, type Opt } from './options';
import type { CommandEnv, Redir, Sub, W } from './types';
import { codePaths } from './codepaths';
import { lit } from './words';
import { NO_EFFECTS, NO_WORDS } from './empty';

export interface Effect {
  op: 'read' | 'write' | 'delete' | 'rename';
  path: string;
  sub: Sub | undefined;
  subText: string;
  /** How: `>`, `>>`, `tee`, `cp`, `mv`, `ln`, `truncate`, `dd`, `sed -i`, `rm`, … */
  how: string;
  /** The write replaces whatever is there with nothing (`: > f`, `cp /dev/null f`, `truncate -s 0`). */
  contentless: boolean;
  append: boolean;
  force: boolean;
}

// Flags of add(): bits, not an options object per effect (effects are made for every command line).
const APPEND = 1;
const FORCE = 2;
const CONTENTLESS = 4;

/** One effect; every Effect has the same fields in the same order (one hidden class for the rules' reads). */
function effect(op: Effect['op'], path: string, sub: Sub | undefined, subText: string, how: string, flags: number): Effect {
  return { op, path, sub, subText, how, contentless: (flags & CONTENTLESS) !== 0, append: (flags & APPEND) !== 0, force: (flags & FORCE) !== 0 };
}

/** Record that `sub` does `op` on a path word (or a path string); dynamic and empty paths are the rules' business. */
function add(out: Effect[], sub: Sub, env: CommandEnv, op: Effect['op'], w: W | string | undefined, how: string, flags = 0): void {
  const p = typeof w === 'string' ? w : pathOf(w);
  if (p === undefined || p === '') return;
  out.push(effect(op, absPath(p, sub.cwd!, env.home), sub, sub.text, how, flags));
}

/** A path word the guard can see, or undefined (dynamic words are judged by the rules, not here). */
function pathOf(w: W | undefined): string | undefined {
  if (!w || w.glob) return undefined;
  return w.path ?? w.value ?? undefined;
}

const READERS = new Set([
  'cat',
  'tac',
  'nl',
  'head',
  'tail',
  'less',
  'more',
  'bat',
  'batcat',
  'wc',
  'uniq',
  'cut',
  'diff',
  'cmp',
  'md5sum',
  'sha1sum',
  'sha256sum',
  'sha512sum',
  'xxd',
  'od',
  'hexdump',
  'strings',
  'base64',
  'source',
  '.',
  'paste',
  'column',
  'fold',
  'rev',
  'iconv',
  'tr',
  'comm',
  'join',
  'split',
  'csplit',
  'expand',
  'unexpand',
  'fmt',
  'pr',
  'zcat',
  'gunzip',
  'bzcat',
  'xzcat',
  'openssl',
  'gpg',
  'vim',
  'vi',
  'nano',
  'emacs',
  'code',
]);
const PATTERN_FIRST = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'zgrep']);
const HEAD_TAIL_OPTS = [O('n', 'ncC', ['lines', 'bytes', 'max-count', 'context'], true)];
const GREP_OPTS = [
  O('e', 'ef', ['regexp', 'file'], true),
  O(
    'm',
    'mABCgtT',
    [
      'max-count',
      'after-context',
      'before-context',
      'context',
      'include',
      'exclude',
      'exclude-dir',
      'glob',
      'type',
      'type-not',
      'label',
      'color',
      'colour',
      'max-depth',
      'sort',
    ],
    true,
  ),
];

// Option specs are module constants: parseOpts indexes each spec once (options.ts).
/** git restore's options (the git rules read the same spec). */
export const GIT_RESTORE_OPTS = [
  O('s', 's', ['source'], true),
  O('S', 'S', ['staged']),
  O('W', 'W', ['worktree']),
  O('x', 'pq', [
    'patch',
    'quiet',
    'progress',
    'ours',
    'theirs',
    'merge',
    'conflict',
    'overlay',
    'no-overlay',
    'ignore-unmerged',
    'recurse-submodules',
    'pathspec-from-file',
  ]),
];
const RM_OPTS = [O('x', 'rRfidvIu', ['recursive', 'force', 'interactive', 'dir', 'verbose', 'one-file-system', 'no-preserve-root', 'preserve-root'])];
const CP_OPTS = [
  O('t', 'tSm', ['target-directory', 'suffix', 'mode', 'owner', 'group'], true),
  O('f', 'f', ['force']),
  O('n', 'nb', ['no-clobber', 'backup']),
  O('x', 'rRivTsdluaLPHpxgoD', [
    'recursive',
    'interactive',
    'verbose',
    'no-target-directory',
    'symbolic',
    'link',
    'update',
    'archive',
    'dereference',
    'parents',
    'preserve',
    'relative',
  ]),
];
const SORT_OPTS = [O('o', 'otkS', ['output', 'field-separator', 'key', 'buffer-size'], true)];
const TEE_OPTS = [O('a', 'a', ['append']), O('x', 'ip', ['ignore-interrupts', 'output-error'])];
const TRUNCATE_OPTS = [O('s', 'sr', ['size', 'reference'], true), O('x', 'co', ['no-create', 'io-blocks'])];
const SED_OPTS = [
  O('e', 'efl', ['expression', 'file', 'line-length'], true),
  O('i', 'i', ['in-place']),
  O('x', 'nrEsuzpa', ['quiet', 'silent', 'regexp-extended', 'separate', 'null-data', 'debug', 'posix', 'sandbox']),
];
const RSYNC_OPTS = [
  O(
    'o',
    'PiFoceSlJ',
    [
      'exclude',
      'include',
      'rsh',
      'filter',
      'files-from',
      'exclude-from',
      'include-from',
      'chmod',
      'log-file',
      'password-file',
      'port',
      'backup-dir',
      'partial-dir',
      'temp-dir',
      'rsync-path',
      'timeout',
    ],
    true,
  ),
];
const JQ_OPTS = [O('f', 'fvF', ['from-file', 'arg', 'argjson', 'slurpfile', 'rawfile', 'indent'], true)];

/** The names with a case in addEffects's switch (a test checks this list against the switch). */
export const SWITCHED = new Set([
  'git',
  'rm',
  'unlink',
  'shred',
  'srm',
  'rmdir',
  'wipe',
  'cp',
  'mv',
  'install',
  'ln',
  'sort',
  'tee',
  'truncate',
  'dd',
  'sed',
  'perl',
  'touch',
  'mkdir',
  'chmod',
  'chown',
  'chgrp',
  'chattr',
  'setfacl',
  'find',
  'curl',
  'wget',
  'http',
  'httpie',
  'scp',
  'rsync',
  'sftp',
  'tar',
]);
const JQ_LIKE = new Set(['jq', 'yq', 'awk', 'gawk', 'mawk']);

/** What one sub-command does to paths (a list of its own; the analyzer appends them all to one list instead). */
export function effectsOf(sub: Sub, env: CommandEnv): Effect[] {
  const out: Effect[] = [];
  addEffects(out, sub, env);
  return out.length ? out : NO_EFFECTS;
}

/**
 * Append what `sub` does to paths to `out`. Appending, not returning a list: a list per sub-command grows to
 * 17 slots on its first push, and most sub-commands have one effect or none.
 */
export function addEffects(out: Effect[], sub: Sub, env: CommandEnv): void {
  if (sub.remote || sub.cwd === null) return;
  const name = sub.name;
  const switched = !!name && (SWITCHED.has(name) || READERS.has(name) || PATTERN_FIRST.has(name) || JQ_LIKE.has(name));
  if (sub.redirects.length) redirectEffects(out, sub.redirects, sub, sub.cwd, env, contentless(sub));
  // An inline program (python -c, node -e, a here-doc to ruby…) that writes or deletes a file by literal name.
  const code = sub.meta.code;
  if (Array.isArray(code)) {
    for (const c of code) {
      if (typeof c !== 'string') continue;
      for (const cp of codePaths(c)) add(out, sub, env, cp.op, cp.path, `${name} ${cp.how}`);
    }
  }
  if (!switched || !name) return;
  // Options are parsed from sub.words at 1: only the cases that index the arguments copy them (`args`).
  const words = sub.words;

  switch (name) {
    case 'git': {
      // Working-tree files git overwrites from the index or a commit: `git checkout [<rev>] -- <paths>` and
      // `git restore <paths>` (not `--staged` alone). They are writes of those paths, for the path rules.
      const verb = words[1]?.value;
      let paths: readonly W[] = NO_WORDS;
      if (verb === 'checkout') {
        for (let i = 2; i < words.length; i++) {
          if (words[i].value !== '--') continue;
          paths = words.slice(i + 1);
          break;
        }
      } else if (verb === 'restore') {
        const p = parseOpts(words, GIT_RESTORE_OPTS, ALL_OPTS, 2);
        if (!p.has('S') || p.has('W')) paths = p.positional;
      }
      // `git -C dir …`: pathspecs are relative to dir (a dynamic dir leaves them to the git rules).
      const dir = sub.meta.gitDir;
      if (dir === null) break;
      for (const w of paths) {
        const v = pathOf(w);
        if (v === undefined) continue;
        add(out, sub, env, 'write', typeof dir === 'string' && !v.startsWith('/') ? `${dir.replace(/\/+$/, '')}/${v}` : v, `git ${verb}`);
      }
      break;
    }
    case 'rm':
    case 'unlink':
    case 'shred':
    case 'srm':
    case 'rmdir':
    case 'wipe': {
      const p = parseOpts(words, RM_OPTS, ALL_OPTS, 1);
      for (const w of p.positional) add(out, sub, env, 'delete', w, name);
      break;
    }
    case 'cp':
    case 'mv':
    case 'install':
    case 'ln': {
      const p = parseOpts(words, CP_OPTS, ALL_OPTS, 1);
      const force = p.has('f');
      const noClobber = name !== 'ln' && p.has('n'); // ln -n is --no-dereference
      const t = p.first('t');
      const ps = p.positional;
      let dest: W | undefined;
      let srcs: readonly W[];
      if (typeof t === 'string') {
        dest = lit(t);
        srcs = ps;
      } else {
        dest = ps[ps.length - 1];
        srcs = ps.slice(0, -1);
      }
      if (name === 'ln' && ps.length === 1) {
        // `ln -s target` makes ./basename(target)
        const v = pathOf(ps[0]);
        if (v) add(out, sub, env, 'write', v.slice(v.replace(/\/+$/, '').lastIndexOf('/') + 1), name, force ? FORCE : 0);
        break;
      }
      for (const s of srcs) if (name !== 'ln') add(out, sub, env, name === 'mv' ? 'rename' : 'read', s, name);
      const dp = pathOf(dest);
      if (dp === undefined) break;
      const intoDir = typeof t === 'string' || dp.endsWith('/') || dp === '.' || dp === '..' || dp === '~' || srcs.length > 1;
      if (intoDir && name !== 'ln') {
        for (const s of srcs) {
          const sp = pathOf(s);
          if (sp === undefined) continue;
          const base = sp.replace(/\/+$/, '');
          add(
            out,
            sub,
            env,
            'write',
            dp.replace(/\/+$/, '') + '/' + base.slice(base.lastIndexOf('/') + 1),
            name,
            (force ? FORCE : 0) | (noClobber ? APPEND : 0),
          );
        }
      } else {
        const src = pathOf(srcs[0]);
        add(out, sub, env, 'write', dp, name, (force ? FORCE : 0) | (noClobber ? APPEND : 0) | (name === 'cp' && src === '/dev/null' ? CONTENTLESS : 0));
      }
      break;
    }
    case 'sort': {
      for (let i = 1; i < words.length; i++) {
        const v = words[i].value;
        if (v === '-o' || v === '--output') add(out, sub, env, 'write', words[i + 1], 'sort -o');
        else if (v?.startsWith('--output=')) add(out, sub, env, 'write', v.slice(9), 'sort -o');
      }
      for (const w of parseOpts(words, SORT_OPTS, ALL_OPTS, 1).positional) add(out, sub, env, 'read', w, 'sort');
      break;
    }
    case 'tee': {
      const p = parseOpts(words, TEE_OPTS, ALL_OPTS, 1);
      const append = p.has('a');
      for (const w of p.positional) add(out, sub, env, 'write', w, 'tee', append ? APPEND : 0);
      break;
    }
    case 'truncate': {
      const p = parseOpts(words, TRUNCATE_OPTS, ALL_OPTS, 1);
      const size = p.first('s');
      for (const w of p.positional) add(out, sub, env, 'write', w, 'truncate', size === '0' || size === '' ? CONTENTLESS : 0);
      break;
    }
    case 'dd':
      for (let i = 1; i < words.length; i++) {
        const a = words[i];
        const v = a.value;
        if (v?.startsWith('of='))
          add(out, sub, env, 'write', a.path?.startsWith('of=') ? a.path.slice(3) : v.slice(3), 'dd', /conv=[^ ]*notrunc/.test(sub.text) ? 0 : FORCE);
        if (v?.startsWith('if=')) add(out, sub, env, 'read', v.slice(3), 'dd');
      }
      break;
    case 'sed':
    case 'perl': {
      const args = words.slice(1);
      const p = parseOpts(args, SED_OPTS);
      const inPlace = p.has('i') || args.some((a) => a.value !== null && /^-[a-zA-Z]*i/.test(a.value));
      if (name === 'perl' && !inPlace) break;
      const files = p.has('e') ? p.positional : p.positional.slice(1);
      for (const w of files) add(out, sub, env, inPlace ? 'write' : 'read', w, inPlace ? `${name} -i` : name);
      break;
    }
    case 'touch':
    case 'mkdir':
    case 'chmod':
    case 'chown':
    case 'chgrp':
    case 'chattr':
    case 'setfacl': {
      // Words that look like options are not targets; chmod and friends take a mode or owner first.
      let skip = name === 'touch' || name === 'mkdir' ? 0 : 1;
      for (const w of parseOpts(words, NO_OPTS, ALL_OPTS, 1).positional) {
        if ((w.value ?? '').startsWith('-')) continue;
        if (skip > 0) skip--;
        else add(out, sub, env, 'write', w, name, APPEND);
      }
      break;
    }
    case 'find': {
      // The start points: the words before the first expression word (`.` when there are none).
      let end = 1;
      while (end < words.length) {
        const v = words[end].value;
        if (v !== null && (v.startsWith('-') || v === '(' || v === '!')) break;
        end++;
      }
      let del = false;
      for (let i = 1; i < words.length; i++) if (words[i].value === '-delete') del = true;
      if (end === 1) add(out, sub, env, del ? 'delete' : 'read', '.', del ? 'find -delete' : 'find');
      for (let i = 1; i < end; i++) add(out, sub, env, del ? 'delete' : 'read', words[i], del ? 'find -delete' : 'find');
      for (let i = 1; i < words.length; i++) {
        const v = words[i].value;
        if (v !== null && FIND_WRITES.test(v)) add(out, sub, env, 'write', words[i + 1], 'find ' + v);
      }
      break;
    }
    case 'curl':
    case 'wget':
    case 'http':
    case 'httpie': {
      const args = words.slice(1);
      args.forEach((a, i) => {
        const v = a.value;
        if (v === null) return;
        const next = args[i + 1];
        if (/^(-o|--output|-O|--output-document)$/.test(v) && !(name === 'curl' && v === '-O')) add(out, sub, env, 'write', next, name);
        else if (name === 'curl' && /^-o./.test(v)) add(out, sub, env, 'write', v.slice(2), name);
        else if (/^--output(-document)?=/.test(v)) add(out, sub, env, 'write', v.slice(v.indexOf('=') + 1), name);
        else if (/^(-d|--data|--data-binary|--data-raw|--data-urlencode|--json|-F|--form|--post-file|--body-file)$/.test(v) && (next?.path ?? next?.value)) {
          const m = /@([^;,]+)/.exec((next.path ?? next.value) as string);
          if (m && m[1] !== '-') add(out, sub, env, 'read', m[1], name);
          if (v === '--post-file' || v === '--body-file') add(out, sub, env, 'read', next, name);
        } else if (/^(-T|--upload-file|-K|--config|-i|--input-file)$/.test(v)) add(out, sub, env, 'read', next, name);
        else if (/^--(data[a-z-]*|json|form)=@/.test(v)) add(out, sub, env, 'read', v.slice(v.indexOf('@') + 1), name);
        else if (/^-d@/.test(v)) add(out, sub, env, 'read', v.slice(3), name);
      });
      break;
    }
    case 'scp':
    case 'rsync':
    case 'sftp': {
      const ps = parseOpts(words, RSYNC_OPTS, ALL_OPTS, 1).positional;
      const local = (w: W) => w.value !== null && !/^[^/]*:/.test(w.value);
      const dest = ps[ps.length - 1];
      for (const s of ps.slice(0, -1)) if (local(s)) add(out, sub, env, 'read', s, name);
      if (dest && local(dest)) add(out, sub, env, 'write', dest, name, APPEND);
      break;
    }
    case 'tar': {
      const args = words.slice(1);
      const v = args[0]?.value ?? '';
      const create = /^-?[a-zA-Z]*c/.test(v) || args.some((a) => a.value === '--create' || a.value === '-c');
      args.forEach((a, i) => {
        const x = a.value;
        if (x === null) return;
        let f: W | string | undefined;
        if (x === '-f' || x === '--file') f = args[i + 1];
        else if (x.startsWith('--file=')) f = x.slice(7);
        else if (i === 0 && /^-?[a-zA-Z]*f$/.test(x)) f = args[1];
        if (f !== undefined) add(out, sub, env, create ? 'write' : 'read', f, 'tar');
      });
      break;
    }
    default:
      if (READERS.has(name)) {
        const p = parseOpts(words, HEAD_TAIL_OPTS, ALL_OPTS, 1);
        for (const w of p.positional) if ((w.value ?? '') !== '-') add(out, sub, env, 'read', w, name);
      } else if (PATTERN_FIRST.has(name)) {
        const p = parseOpts(words, GREP_OPTS, ALL_OPTS, 1);
        const files = p.has('e') ? p.positional : p.positional.slice(1);
        for (const w of files) add(out, sub, env, 'read', w, name);
        const patterns = p.get('e');
        if (patterns && hasFileOption(words)) for (const f of patterns) if (f) add(out, sub, env, 'read', f, name);
      } else if (JQ_LIKE.has(name)) {
        const p = parseOpts(words, JQ_OPTS, ALL_OPTS, 1);
        const files = p.has('f') ? p.positional : p.positional.slice(1);
        for (const w of files) if (!(w.value ?? '').includes('=')) add(out, sub, env, 'read', w, name);
      }
  }
}

/** grep -f FILE / --file FILE: the -e/-f values include pattern files it reads. */
function hasFileOption(words: readonly W[]): boolean {
  for (let i = 1; i < words.length; i++) if (words[i].value === '-f' || words[i].value === '--file') return true;
  return false;
}

const NO_OPTS: Opt[] = [];
// Constants, not literals in the loops: a regex literal is a new RegExp object each time it is evaluated.
const FIND_WRITES = /^-(fprint0?|fprintf|fls)$/;
const FD_DUP = /^(\d+|-)$/;

/** The command writes nothing: its `>` redirect only empties the file. */
function contentless(sub: Sub): boolean {
  const n = sub.name;
  const w = sub.words;
  if (w.length === 0) return true; // `> f`
  if (n === ':' || n === 'true' || n === 'false') return true;
  if (n === 'cat') return w.length === 2 && w[1].value === '/dev/null';
  if (n === 'echo') {
    if (w.length === 1) return false;
    for (let i = 1; i < w.length; i++) if (w[i].value !== '-n' && w[i].value !== '') return false;
    return true;
  }
  if (n === 'printf') return w.length === 2 && w[1].value === '';
  return false;
}

/** Append the effects of redirections to `out` (pseudo-files such as /dev/null are left out). */
export function redirectEffects(
  out: Effect[],
  redirs: Redir[],
  sub: Sub | undefined,
  cwd: string,
  env: CommandEnv,
  empty: boolean,
  text = sub?.text ?? '',
): void {
  for (const r of redirs) {
    const p = pathOf(r.target);
    if (p === undefined || p === '') continue;
    if ((r.op === '>&' || r.op === '<&') && FD_DUP.test(p)) continue; // fd duplication
    const path = absPath(p, cwd, env.home);
    if (r.op === '<') out.push(effect('read', path, sub, text, '<', 0));
    else if (isHarmlessSink(path)) continue;
    else if (r.op === '>>' || r.op === '&>>' || r.op === '<>') out.push(effect('write', path, sub, text, r.op, APPEND));
    else if (r.op !== '<<<') {
      // `2> f` on a command writes f; only an fd-1 `>` on a command that prints nothing is a pure truncation.
      const fdOut = r.fd === undefined || r.fd === 1 || r.op === '&>';
      out.push(effect('write', path, sub, text, r.op, (empty && fdOut ? CONTENTLESS : 0) | (r.op === '>|' ? FORCE : 0)));
    }
  }
}
