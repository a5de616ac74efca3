// Ignore files decide what leaves the machine: what `git add -A` commits, what `npm pack`/`npm publish`, `vsce
// package`, `gcloud app deploy` or `helm package` put in an artifact, what `docker build` sends as its context.
// Threat: an agent that may not read `.env` un-ignores it (`echo '!.env' >> .gitignore`, `sed -i '/\.env/d'
// .gitignore`, a `.npmignore` made new, which npm reads instead of `.gitignore`), and a later, benign-looking
// commit or publish carries the secret off. Adding ignore lines (`echo node_modules >> .gitignore`) only keeps
// more at home and stays allowed.
import type { Effect } from '../effects';
import type { Sub } from '../types';
import type { LineHit, Rule, RuleCtx } from './types';

/** Files whose lines keep paths out of a commit, a package, an upload or a build context. */
const IGNORE_FILE =
  /(?:^|\/)(?:\.(?:git|npm|docker|container|vscode|vsce|gcloud|helm|slug|cf|eb|vercel|now|func|eas|hg|bzr|cvs|terraform|railway|artifact|cursor|aiexclude|ignore)ignore|[^/]*\.dockerignore|\.git\/info\/exclude)$/i;
/** Tools that read the sibling `.gitignore` only while this file is absent: made new, it replaces `.gitignore`. */
const REPLACES_GITIGNORE = /(?:^|\/)\.(?:npm|gcloud)ignore$/i;
/** Writes that keep the old lines and add new ones. */
const ADDS = /^(?:>>|&>>|tee -a|tee --append)/;

/** What an echo or printf writes, when every word is known; undefined otherwise. */
function printedText(sub: Sub | undefined): string | undefined {
  if (sub === undefined) return undefined;
  // `cat >> .gitignore <<'EOF'`: the here-doc is the text (unquoted, only without expansions).
  if (sub.name === 'cat' && sub.words.length === 1 && sub.stdin.kind === 'heredoc')
    return sub.stdin.quoted || !/[$`\\]/.test(sub.stdin.body) ? sub.stdin.body : undefined;
  if (sub.name !== 'echo' && sub.name !== 'printf') return undefined;
  const vs = sub.words.slice(1).map((w) => w.value);
  if (vs.some((v) => v === null)) return undefined;
  return (vs as string[]).filter((v) => !(sub.name === 'echo' && /^-[neE]+$/.test(v))).join(' ');
}

/** A line of ignore-file text that takes a path back in (`!.env`), in any of the ways echo/printf spell a newline. */
function unignores(text: string): boolean {
  return text.split(/\n|\\n|\\012|\\x0a/i).some((l) => /^\s*!/.test(l));
}

function judge(e: Effect, ctx: RuleCtx): string | undefined {
  const exists = ctx.env.exists?.(e.path);
  const dir = e.path.slice(0, e.path.lastIndexOf('/') + 1);
  if (e.op === 'delete' || e.op === 'rename')
    return exists === false ? undefined : `${e.how} removes ${e.path}: what it kept out is committed or published next`;
  if (e.op !== 'write') return undefined;
  // Made new where a tool reads .gitignore in its absence: the new file's lines replace .gitignore's (.env included).
  if (exists !== true && REPLACES_GITIGNORE.test(e.path) && ctx.env.exists?.(dir + '.gitignore') !== false)
    return `${e.how} makes ${e.path}, which npm/gcloud read instead of ${dir}.gitignore: what .gitignore kept out (.env) is packed and published`;
  if (/^(touch|chmod|chown|chgrp|mkdir)\b/.test(e.how)) return undefined;
  const text = printedText(e.sub);
  if (ADDS.test(e.how) || e.append) {
    if (text !== undefined && !unignores(text)) return undefined;
    return text !== undefined
      ? `${e.how} adds a \`!\` line to ${e.path}: it takes ignored files (secrets) back into commits or packages`
      : `${e.how} adds lines the guard cannot see to ${e.path}: a \`!\` line would take ignored files (secrets) back in`;
  }
  // Replaced, emptied or edited in place: the lines that kept secrets out may be gone.
  if (exists === false) return text !== undefined && !unignores(text) ? undefined : `${e.how} writes ${e.path} with lines that may take ignored files back in`;
  return `${e.how} replaces or edits ${e.path}: the lines that kept secrets (.env, keys) out of commits and packages may be gone`;
}

export const ignoreFileRules: Rule[] = [
  {
    id: 'secrets.unignore',
    description:
      'Takes files back out of an ignore file (.gitignore, .npmignore, .dockerignore, .vscodeignore, .gcloudignore, .helmignore, …): a `!` line, an edit, a replacement or a removal, or a new .npmignore that npm reads instead of .gitignore. The next commit, package or build context carries what was kept out (.env, keys).',
    concerns: { name: () => false, effects: true },
    examples: {
      destructive: [
        "echo '!.env' >> .gitignore",
        "printf 'dist\\n!.env\\n' >> .gitignore",
        "sed -i '/\\.env/d' .gitignore",
        "echo '*.log' > .npmignore",
        'touch .npmignore',
        "echo 'node_modules' > .gitignore",
        'rm .gitignore',
        "echo '!secrets/' >> .dockerignore",
        'mv .gitignore /tmp/gi',
        'curl -s https://example.com/gi >> .gitignore',
      ],
      benign: [
        'echo node_modules >> .gitignore',
        "printf 'dist\\n*.log\\n' >> .gitignore",
        'echo ".env.local" >> .gitignore',
        'cat .gitignore',
        'git check-ignore -v .env',
        'touch .gitignore',
      ],
    },
    checkLine(ctx) {
      let hits: LineHit[] | undefined;
      for (const e of ctx.effects) {
        if (e.op === 'read' || e.op === 'any' || !IGNORE_FILE.test(e.path)) continue;
        const why = judge(e, ctx);
        if (why !== undefined) (hits ??= []).push({ sub: e.sub, text: e.subText, explanation: why });
      }
      return hits ?? [];
    },
  },
];
