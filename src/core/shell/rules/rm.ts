// Deletion: recursive, by glob, by variable or input list — the reviewer cannot see the file set.
import { inScratch, inWorkspace, normalize } from '../fsfacts';
import { has, parseOpts } from '../options';
import type { Rule } from './types';
import type { Sub } from '../types';
import { O, bareWords, dryRun, hasWord, named, verb } from './util';

const RM_OPTS = [
  O('r', 'rR', ['recursive']),
  O('f', 'f', ['force']),
  O('i', 'iI', ['interactive']),
  O('d', 'd', ['dir']),
  O('v', 'v', ['verbose', 'one-file-system', 'no-preserve-root', 'preserve-root', 'help', 'version']),
];
/** Compressors that remove the file they compress (the gzip handler says when). */
const COMPRESSORS = ['gzip', 'pigz', 'bzip2', 'pbzip2', 'xz', 'lzma', 'lzip', 'zstd', 'lz4', 'brotli', 'compress'];
const DELETERS = ['rm', 'unlink', 'shred', 'srm', 'wipe', 'remove-item', 'del', 'trash', 'trash-put', 'gio'];

/** Deleters that refuse a directory unless told to recurse (or that only remove empty ones). */
const REFUSES_DIRS = ['unlink', 'rmdir', 'rd', 'shred', 'srm', 'wipe', 'git', 'remove-item'];

// Option specs are module constants: parseOpts indexes each spec once (options.ts).
const DRY_RUN_OPTS = [O('n', 'n', ['dry-run'])];

/** Rush.js's own verbs; any other is a custom command the repository's command-line.json defines. */
const RUSH_VERBS =
  /^(add|alert|bridge-package|build|change|check|deploy|init|init-autoinstaller|init-deploy|init-subspace|install|install-autoinstaller|link|link-package|list|publish|purge|rebuild|remove|scan|setup|unlink|update|update-autoinstaller|update-cloud-credentials|upgrade-interactive|version)$/;

/**
 * What a Rush.js (or lerna) verb deletes or changes beyond the projects' own build: `rush purge` deletes common/temp
 * (with --unsafe, the package managers every repository shares in ~/.rush), `rush unlink` every project's
 * node_modules, `install`/`update --purge` purge first, `deploy --overwrite` empties the target folder, `lerna clean`
 * deletes every package's node_modules. As `rm -rf node_modules` is asked, so are they.
 */
function monorepoClean(s: Sub): string | undefined {
  if (hasWord(s, '--help', '-h')) return undefined;
  const v = verb(s);
  if (named(s, 'lerna')) return v === 'clean' ? 'lerna clean deletes the node_modules folder of every package' : undefined;
  if (!named(s, 'rush')) return undefined;
  if (v === 'purge')
    return hasWord(s, '--unsafe')
      ? 'rush purge --unsafe deletes the package managers every repository on the machine shares (~/.rush)'
      : 'rush purge deletes common/temp, the installed dependencies of every project';
  if (v === 'unlink') return 'rush unlink deletes the node_modules folder of every project';
  if ((v === 'install' || v === 'update') && hasWord(s, '--purge')) return `rush ${v} --purge deletes common/temp (rush purge) before installing`;
  if (v === 'deploy' && hasWord(s, '--overwrite')) return 'rush deploy --overwrite deletes what the target folder holds';
  if (v === 'init' && hasWord(s, '--overwrite-existing')) return 'rush init --overwrite-existing replaces the repository’s Rush configuration';
  return undefined;
}

export const rmRules: Rule[] = [
  {
    id: 'rm.monorepo-clean',
    names: ['rush', 'lerna'],
    description:
      'Monorepo tools that delete installed trees: rush purge (common/temp; --unsafe: ~/.rush), rush unlink, rush install/update --purge, rush deploy --overwrite, rush init --overwrite-existing, lerna clean.',
    examples: {
      destructive: [
        'rush purge',
        'rush purge --unsafe',
        'rush unlink',
        'rush install --purge',
        'rush update --full --purge',
        'rush deploy --overwrite',
        'npx lerna clean -y',
      ],
      benign: ['rush install', 'rush update', 'rush build', 'rush rebuild -v', 'rush purge --help', 'rush list', 'npx lerna run build', 'rush link'],
    },
    check: monorepoClean,
  },
  {
    id: 'exec.rush-command',
    tier: 'unknown',
    names: ['rush'],
    description:
      'A Rush.js verb that is no built-in one is a custom command of common/config/rush/command-line.json (a global command runs its shellCommand, a bulk one each project’s script), and shenwei356/rush runs its template per input line: the guard reads neither. Also the verbs that commit, push or publish (version --bump, publish -a/-p) or write the user’s credentials (setup, update-cloud-credentials).',
    examples: {
      destructive: [
        'rush rm -rf build',
        'rush deploy-docs',
        'rush version --bump',
        'rush publish --apply --publish',
        'rush publish -p',
        'rush update-cloud-credentials --interactive',
        'rush setup',
      ],
      benign: ['rush build', 'rush rebuild', 'rush install', 'rush change --verify', 'rush publish', 'rush version --help', 'rush check', 'rush list --json'],
    },
    check(s) {
      if (!named(s, 'rush') || hasWord(s, '--help', '-h')) return undefined;
      const v = bareWords(s)[0];
      if (v === undefined) return undefined;
      if (!RUSH_VERBS.test(v)) return `rush ${v} is no built-in Rush verb: a custom command (or shenwei356/rush's template) runs what the guard does not read`;
      if (v === 'version' && hasWord(s, '--bump', '--ensure-version-policy', '-b', '--target-branch'))
        return `rush version ${s.words
          .slice(2)
          .map((w) => w.text)
          .join(' ')
          .slice(0, 40)} bumps versions and commits them to a branch`;
      if (v === 'publish' && hasWord(s, '-p', '--publish', '-a', '--apply', '-b', '--target-branch', '--pack'))
        return 'rush publish with -a/-p applies the change files, commits and pushes, and publishes the packages';
      if (v === 'setup' || v === 'update-cloud-credentials') return `rush ${v} writes the user’s registry or cache credentials`;
      return undefined;
    },
  },
  {
    id: 'rm.recursive',
    names: ['rm', 'rimraf', 'del-cli', 'rimraf.cmd', 'premove', 'remove-item', 'rmdir', 'rd', 'shred'],
    description: 'Deletes a directory tree (rm -r, rimraf, Remove-Item -Recurse), whatever the target: a recursive delete is never scoped.',
    examples: {
      destructive: ['rm -rf build', 'rm -r -f node_modules', 'rm --recur --forc /tmp/x', 'npx rimraf dist', '\\rm -Rf .', 'rm -rI build'],
      benign: ['rm notes.tmp', 'rm -f /tmp/agent-output.log', 'echo rm -rf build', 'rmdir empty-dir', 'npx rimraf --help'],
    },
    check(s) {
      // `rimraf --help` / `--version` print and exit: nothing is deleted.
      if (named(s, 'rimraf', 'del-cli', 'rimraf.cmd', 'premove'))
        return s.words.length === 2 && /^(--help|-h|--version|-v|-V)$/.test(s.words[1].value ?? '') ? undefined : `${s.name} deletes directory trees`;
      if (named(s, 'remove-item', 'rmdir', 'rd') && s.words.some((w) => w.value !== null && /^-r(ecurse)?$|^\/s$/i.test(w.value)))
        return 'recursive Remove-Item';
      if (named(s, 'shred') && s.words.some((w) => w.value === '-r' || w.value === '--recursive')) return 'recursive shred';
      if (!named(s, 'rm')) return undefined;
      const p = parseOpts(s.words.slice(1), RM_OPTS);
      if (has(p, 'r')) return 'rm -r deletes a directory tree';
      return undefined;
    },
  },
  {
    id: 'rm.glob',
    names: DELETERS,
    description: 'Deletes files chosen by a glob (rm *.log): the set is decided at run time, the reviewer cannot see it.',
    examples: {
      destructive: ['rm *.log', 'rm -f src/*.bak', 'unlink /tmp/?.sock', 'rm -- .*'],
      benign: ['rm notes.tmp', "rm 'weird*name.txt'", 'ls *.log'],
    },
    check(s) {
      if (!named(s, ...DELETERS)) return undefined;
      const g = parseOpts(s.words.slice(1), RM_OPTS).positional.find((w) => w.glob);
      return g ? `${s.name} ${g.text}: the glob picks the files at run time` : undefined;
    },
  },
  {
    id: 'rm.dynamic',
    names: DELETERS,
    description: 'Deletes files named by a variable, a command substitution or a list read from input (xargs, find -exec, while read).',
    examples: {
      destructive: [
        'rm "$FILE"',
        'rm -f $(cat files.txt)',
        'cat files.txt | xargs rm',
        'find . -name "*.tmp" -exec rm {} \\;',
        'while read -r f; do rm -f "$f"; done < files.txt',
        'rm $FLAGS notes.tmp',
        'F=src/app.ts; rm $F',
        'f=src/old-helper.ts; rm -f "$f"',
        'rm $(echo src/app.ts)',
        'for f in src/a.ts src/b.ts; do rm "$f"; done',
        'set -- src/app.ts; rm "$@"',
        'rm -f ${F}',
      ],
      benign: ['rm notes.tmp', 'echo "$FILE"', 'find . -name "*.tmp" -exec echo {} \\;', "rm 'notes$1.tmp'", 'rm notes\\$x.tmp', 'rm -f src/old-helper.ts'],
    },
    check(s) {
      if (!named(s, ...DELETERS)) return undefined;
      const p = parseOpts(s.words.slice(1), RM_OPTS);
      // The corpus: a delete by variable or substitution is not a scoped delete even when the guard can work out
      // the value (`F=src/app.ts; rm $F`, `rm $(echo x)`, `set -- x; rm "$@"`): the reviewer reads names, not values.
      // A loop or `set --` hands each value to the command as its word, so the command's own text is read too (its
      // arguments: a program named by a variable, `$X -f notes.md` with X=rm, is judged as the program it holds).
      const d = s.words.slice(1).find((w) => w.value === null || expands(w.text));
      if (!d && !p.dynamic) return expands(s.text.replace(/^\s*\S+/, '')) ? `${s.text}: ${s.name} deletes files named through an expansion` : undefined;
      return d?.fromInput ? `${s.name} deletes a list of files read from input` : `${s.name} deletes ${d?.text ?? 'files'} only known at run time`;
    },
  },
  {
    id: 'rm.find-delete',
    names: ['find', 'gfind'],
    description: 'find … -delete removes every match, recursively from the starting points.',
    examples: {
      // Any find -delete, whatever it matches (the corpus: a recursive delete of an unseen file set, bytecode included).
      destructive: [
        "find . -name '*.tmp' -delete",
        'find /tmp -mtime +7 -delete',
        'sudo find . -type f -delete',
        "find . -name '*.pyc' -delete",
        "find . -type f -name '*.class' -delete",
        'find src -name .DS_Store -delete',
      ],
      benign: ["find . -name '*.tmp'", "find . -name '*.tmp' -print", 'grep -r -- -delete src'],
    },
    check(s) {
      if (!named(s, 'find', 'gfind')) return undefined;
      if (!s.words.some((w) => w.value === '-delete')) return undefined;
      return 'find -delete removes every match';
    },
  },
  {
    id: 'rm.rsync-delete',
    names: ['rsync'],
    description: 'rsync --delete (and --remove-source-files) deletes files at the destination or source.',
    examples: {
      destructive: ['rsync -a --delete src/ /tmp/mirror/', 'rsync -av --delete-after dist/ prod:/var/www/', 'rsync --remove-source-files -a logs/ /tmp/old/'],
      benign: ['rsync -a src/ /tmp/src-copy/', 'rsync -an --delete src/ /tmp/mirror/', 'rsync --dry-run --delete -a src/ /tmp/m/'],
    },
    check(s) {
      if (!named(s, 'rsync')) return undefined;
      const p = parseOpts(s.words.slice(1), DRY_RUN_OPTS);
      if (has(p, 'n') || dryRun(s)) return undefined;
      const w = s.words.find((x) => x.value !== null && /^--(delete[a-z-]*|del|remove-source-files)$/.test(x.value));
      return w ? `rsync ${w.value} deletes files` : undefined;
    },
  },
  {
    id: 'rm.tree',
    description: 'Deletes a tree as a side effect of another command: tar --remove-files, zip -rm, gzip -r, git rm -r, trash -r.',
    examples: {
      destructive: ['tar --remove-files -czf /tmp/src.tgz src', 'zip -rm /tmp/a.zip build', 'gzip -r logs', 'git rm -r src', '7z a -sdel /tmp/a.7z src'],
      benign: ['tar -czf /tmp/src.tgz src', 'zip -r /tmp/a.zip build', 'gzip -k notes.tmp', 'git rm -r --cached node_modules', 'trash-put notes.tmp'],
    },
    // Judges the sub-command's effects only (the names below only rule cases out).
    concerns: { name: () => false, effects: true },
    check(s, ctx) {
      if (named(s, 'rm')) return undefined; // rm.recursive says it
      // A program that deletes what it is given deletes a whole tree when given a directory (trash-put build,
      // gio trash src), unless it refuses directories without a recursive flag (those are the rules above).
      const refusesDirs = named(s, ...REFUSES_DIRS);
      // Moving a directory of the workspace out of it (`mv src /tmp/gone`) takes the tree away as rm -r would.
      if (named(s, 'mv')) {
        const ws = ctx.env.workspace;
        const inside = (p0: string) => {
          const p = normalize(p0);
          return p === ws || p.startsWith(ws.endsWith('/') ? ws : ws + '/');
        };
        const effs = ctx.effectsOf(s);
        const out = effs.find((e) => e.op === 'write' && !inside(e.path));
        const dir = out && effs.find((e) => e.op === 'rename' && inside(e.path) && ctx.env.isDir?.(e.path) === true);
        if (out && dir) return `mv moves the directory ${dir.path} out of the workspace (to ${out.path}): the tree is gone from it`;
      }
      for (const e of ctx.effectsOf(s)) {
        if (e.op !== 'delete' || named(s, 'find')) continue;
        if (e.recursive) return `${e.how} deletes ${e.path} and what is under it`;
        if (!refusesDirs && !e.glob && ctx.env.isDir?.(e.path) === true) return `${e.how} deletes the directory ${e.path} and what is under it`;
      }
      return undefined;
    },
  },
  {
    id: 'rm.shred',
    names: ['shred', 'srm', 'wipe'],
    description: 'shred/srm/wipe overwrite file contents irrecoverably.',
    examples: { destructive: ['shred -u secrets.txt', 'shred notes.tmp'], benign: ['man shred', 'echo shred'] },
    check(s) {
      return named(s, 'shred', 'srm', 'wipe') && s.words.length > 1 ? `${s.name} destroys file contents irrecoverably` : undefined;
    },
  },
  {
    id: 'rm.compress-replace',
    names: COMPRESSORS,
    description:
      'A compressor that replaces the file it names (gzip, bzip2, xz, lzma, lzip, pigz, compress; zstd/lz4/brotli --rm): the workspace file is gone, and the next step may not restore it. -k, -c, -d and scratch files are fine.',
    examples: {
      destructive: ['gzip src/app.ts', 'bzip2 src/index.ts', 'xz README.md', 'zstd --rm src/app.ts', 'lz4 --rm src/app.ts'],
      benign: ['gzip -k src/app.ts', 'gzip -c src/app.ts > /tmp/a.gz', 'zstd src/app.ts', 'gzip /tmp/x.log', 'xz -k README.md'],
    },
    check(s, ctx) {
      if (!named(s, ...COMPRESSORS)) return undefined;
      for (const e of ctx.effectsOf(s)) {
        if (e.op !== 'delete' || e.recursive || e.glob) continue; // rm.tree and rm.glob say those
        if (!inWorkspace(e.path, ctx.env) || inScratch(e.path, ctx.env) || /\.log(\.\d+)?$/.test(e.path)) continue;
        if (ctx.env.exists?.(e.path) === false) continue;
        return `${e.how} deletes ${e.path}: the file is replaced by its compressed copy`;
      }
      return undefined;
    },
  },
];

/** Source text of a word that expands a parameter, a command or an arithmetic (`$F`, `"${f}"`, `$(…)`, backticks),
 * outside single quotes and backslash escapes. */
function expands(text: string): boolean {
  let sq = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (sq) {
      if (c === "'") sq = false;
    } else if (c === "'") sq = true;
    else if (c === '\\') i++;
    else if (c === '`') return true;
    else if (c === '$' && i + 1 < text.length && /[A-Za-z_{(@*#?0-9!$-]/.test(text[i + 1])) return true;
  }
  return false;
}
