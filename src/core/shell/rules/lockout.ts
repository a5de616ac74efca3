// Losses that read as housekeeping: removing a remote (its URL, fetch refspecs and every remote-tracking
// branch go with it), taking the owner's own access away from the project's files (chmod 000, a-rwx), and
// handing files to another owner (chown root:root), after which the agent's user can no longer change them.
import { has, parseOpts } from '../options';
import { inWorkspace } from '../fsfacts';
import type { Sub, W } from '../types';
import type { Rule } from './types';
import { O } from './util';

const CHMOD_OPTS = [
  O('R', 'R', ['recursive']),
  O('x', 'fvchHLP', ['changes', 'silent', 'quiet', 'verbose', 'dereference', 'no-dereference', 'reference', 'from', 'preserve-root', 'no-preserve-root']),
];

/** Whether a chmod mode takes read from the owner (or, over a tree, the search bit that opens its folders). */
export function locksOwnerOut(mode: string, recursive: boolean): boolean {
  if (/^[0-7]{1,4}$/.test(mode)) {
    const o = Number(mode.padStart(3, '0').slice(-3, -2));
    return (o & 4) === 0 || (recursive && (o & 1) === 0);
  }
  for (const clause of mode.split(',')) {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (!m) continue;
    const [, who, op, perms] = m;
    if (who !== '' && !/[ua]/.test(who)) continue;
    if (op === '-' && (perms.includes('r') || (recursive && /[xX]/.test(perms)))) return true;
    if (op === '=' && (!perms.includes('r') || (recursive && !/[xX]/.test(perms)))) return true;
  }
  return false;
}

const PRIVILEGED = /^(root|0|wheel|sudo|admin|adm|daemon|bin|sys|nobody|nogroup)$/;

function gitArgs(s: Sub): (string | null)[] {
  return s.name === 'git' ? s.words.slice(1).map((w) => w.value) : [];
}

/** A word that stands for several files or for names read at run time (a glob, a loop variable over one). */
function many(w: W): boolean {
  return w.glob || w.fromInput || (w.alts !== undefined && w.alts.some((a) => a.glob || a.fromInput));
}

export const lockoutRules: Rule[] = [
  {
    id: 'fs.move-out-many',
    names: ['mv'],
    description:
      'Moves a glob’s files, or names read at run time, out of the workspace (mv src/* /tmp/, for f in src/*; do mv "$f" /tmp/; done): a delete by glob with the files parked elsewhere.',
    examples: {
      destructive: ['for f in src/*; do mv "$f" /tmp/; done', 'for f in $(git ls-files); do mv "$f" /tmp/x/; done'],
      benign: ['mv src/app.ts /tmp/', 'for f in src/*; do mv "$f" src/old/; done', 'mv /tmp/x/* /tmp/y/'],
    },
    check(s, ctx) {
      const ws = s.words.slice(1).filter((w) => !(w.value !== null && w.value.startsWith('-')));
      if (ws.length < 2) return undefined;
      const dest = ws[ws.length - 1];
      const d = dest.path ?? dest.value;
      if (d === null || d === undefined) return undefined;
      const abs = d.startsWith('/') ? d : `${s.cwd ?? ctx.env.cwd}/${d}`;
      if (inWorkspace(abs, ctx.env)) return undefined;
      const src = ws.slice(0, -1).find(
        (w) =>
          many(w) &&
          (w.alts ?? [w]).some((a) => {
            const v = a.path ?? a.value;
            return v === null || v === undefined || inWorkspace(v.startsWith('/') ? v : `${s.cwd ?? ctx.env.cwd}/${v}`, ctx.env);
          }),
      );
      return src ? `mv ${src.text} ${dest.text} moves every file ${src.text} names out of the workspace` : undefined;
    },
  },
  {
    id: 'git.remote-remove',
    names: ['git'],
    description:
      'Removes or renames a remote, or deletes its configuration section (git remote rm, git config --remove-section remote.origin): its URL, refspecs and every remote-tracking branch are gone.',
    examples: {
      destructive: [
        'git remote rm origin',
        'git remote remove origin',
        'git config --remove-section remote.origin',
        'git config --rename-section remote.origin remote.old',
        'git config remove-section remote.origin',
      ],
      benign: [
        'git remote -v',
        'git remote add upstream https://github.com/x/y.git',
        'git remote show origin',
        'git config --get remote.origin.url',
        'git config --list',
      ],
    },
    check(s) {
      const a = gitArgs(s);
      if (a[0] === 'remote' && /^(rm|remove)$/.test(a[1] ?? ''))
        return `git remote ${a[1]} ${a[2] ?? ''} deletes the remote, its refspecs and its remote-tracking branches`;
      if (a[0] !== 'config') return undefined;
      for (let i = 1; i < a.length; i++) {
        const v = a[i];
        if (v === null || !/^(--remove-section|--rename-section|remove-section|rename-section)$/.test(v)) continue;
        const sec = a[i + 1];
        if (sec === null || sec === undefined || /^(remote|branch)(\.|$)/i.test(sec))
          return `git config ${v} ${sec ?? ''} deletes a remote's or branch's configuration`;
      }
      return undefined;
    },
  },
  {
    id: 'fs.lockout',
    names: ['chmod', 'chown', 'chgrp'],
    description:
      'Takes the owner’s access away (chmod 000, chmod -R a-rwx, chmod -R 644 on folders) or gives files to root or a system account (chown root:root): the agent’s user can no longer read or change them.',
    examples: {
      destructive: [
        'chmod -R 000 src',
        'chmod 000 src/app.ts',
        'chmod -R a-rwx src',
        'chmod -R u=w src',
        'chown root:root /tmp/x',
        'chown root src/app.ts',
        'chgrp root src/app.ts',
      ],
      benign: [
        'chmod +x scripts/build.sh',
        'chmod 644 src/app.ts',
        'chmod -R u+w src',
        'chmod 755 scripts',
        'chmod 600 /tmp/key',
        'chmod 400 /tmp/key',
        'chmod -R go-w src',
        'chown dev src/app.ts',
      ],
    },
    check(s) {
      const p = parseOpts(s.words.slice(1), CHMOD_OPTS);
      const first = p.positional[0]?.value;
      if (first === null || first === undefined) return undefined;
      if (s.name === 'chmod') return locksOwnerOut(first, has(p, 'R')) ? `chmod ${first} takes the owner's own access away` : undefined;
      const [owner, group] = s.name === 'chgrp' ? ['', first] : first.split(/[:.]/);
      if (PRIVILEGED.test(owner ?? '') || PRIVILEGED.test(group ?? '')) return `${s.name} ${first} gives the files to a privileged or system account`;
      return undefined;
    },
  },
];
