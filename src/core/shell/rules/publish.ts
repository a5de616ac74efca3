// Publishing and deploying: packages, releases, containers and sites leave the machine for good.
import type { Sub } from '../types';
import type { Rule } from './types';
import { bareWords, dryRun, hasWord, named, verb } from './util';

const REGISTRY: Record<string, RegExp> = {
  npm: /^(publish|unpublish|deprecate|undeprecate)$/,
  pnpm: /^publish$/,
  yarn: /^(publish|npm)$/,
  bun: /^publish$/,
  cargo: /^(publish|yank|owner)$/,
  twine: /^upload$/,
  poetry: /^publish$/,
  gem: /^(push|yank|owner)$/,
  flit: /^publish$/,
  hatch: /^publish$/,
  uv: /^publish$/,
  lerna: /^publish$/,
  changeset: /^publish$/,
  vsce: /^(publish|unpublish)$/,
  ovsx: /^publish$/,
  jsr: /^publish$/,
  deno: /^publish$/,
  mvn: /^(deploy|release:perform)$/,
  pod: /^trunk$/,
  dotnet: /^nuget$/,
  nuget: /^(push|delete)$/,
  mix: /^hex\.publish$/,
  helm: /^push$/,
  'semantic-release': /.*/,
};

function registryPublish(s: Sub): string | undefined {
  if (!s.name) return undefined;
  if (s.name === 'npm' && verb(s) === 'dist-tag' && /^(add|rm)$/.test(bareWords(s)[1] ?? '')) return 'npm dist-tag changes what users install';
  if ((s.name === 'gradle' || s.name === 'gradlew') && bareWords(s).some((w) => /^publish/.test(w))) return 'gradle publish uploads artifacts';
  const re = REGISTRY[s.name];
  if (!re) return undefined;
  const v = s.name === 'semantic-release' ? '' : verb(s);
  if (v === undefined || !re.test(v)) return undefined;
  if (s.name === 'yarn' && v === 'npm' && bareWords(s)[1] !== 'publish') return undefined;
  if (s.name === 'dotnet' && !/^(push|delete)$/.test(bareWords(s)[1] ?? '')) return undefined;
  if (s.name === 'pod' && !/^(push|delete|deprecate)$/.test(bareWords(s)[1] ?? '')) return undefined;
  if (dryRun(s, ['--dry', '-n']) && s.name !== 'mvn') return undefined;
  return `${s.name} ${v} publishes to a package registry`;
}

const DEPLOY_TOOLS = [
  'vercel',
  'netlify',
  'fly',
  'flyctl',
  'heroku',
  'firebase',
  'serverless',
  'sls',
  'wrangler',
  'railway',
  'surge',
  'now',
  'amplify',
  'eb',
  'sam',
  'kamal',
  'cap',
  'dokku',
  'render',
  'expo',
  'eas',
  'appcenter',
  'zeit',
];

const DEPLOY_READ =
  /^(ls|list|inspect|logs?|whoami|login|logout|dev|build|pull|link|help|status|info|open|env|version|init|config|switch|teams|certs|dns|domains|secrets?|apps|releases|ps|addons|regions|platform|doctor|auth|plan|diff|synth|preview|validate|lint|show|get|describe|history|output|outputs|graph|fmt|providers|test|whoami)$/;

export const publishRules: Rule[] = [
  {
    id: 'publish.package',
    names: [...Object.keys(REGISTRY), 'gradle', 'gradlew'],
    description:
      'Publishes, unpublishes or deprecates a package in a registry (npm, PyPI, crates.io, RubyGems, Maven, VS Code Marketplace…). --dry-run is honoured.',
    examples: {
      destructive: [
        'npm publish',
        'npm publish --access public',
        'npm unpublish my-lib --force',
        'twine upload dist/*',
        'poetry publish --build',
        'cargo publish',
        'pnpm -r publish',
      ],
      benign: ['npm publish --dry-run', 'npm pack', 'npm install', 'cargo test', 'poetry build'],
    },
    check: registryPublish,
  },
  {
    id: 'publish.deploy',
    names: [...DEPLOY_TOOLS, 'ansible', 'ansible-playbook'],
    description: 'Deploys or destroys a hosted app (vercel, netlify, fly, heroku, firebase, serverless, wrangler, railway, ansible).',
    examples: {
      destructive: [
        'vercel --prod',
        'vercel remove my-app --yes',
        'fly deploy',
        'heroku apps:destroy --app my-app --confirm my-app',
        'netlify deploy --prod',
        'firebase deploy',
        'wrangler deploy',
        'serverless remove',
        'ansible-playbook site.yml',
      ],
      benign: ['vercel ls', 'fly status', 'heroku logs --tail', 'netlify status', 'ansible-playbook site.yml --check', 'wrangler dev'],
    },
    check(s) {
      if (!s.name) return undefined;
      if (s.name === 'ansible-playbook' || s.name === 'ansible')
        return hasWord(s, '--check', '-C', '--syntax-check', '--list-tasks', '--list-hosts') ||
          (s.name === 'ansible' && !hasWord(s, '-m', '-a', '--become', '-b'))
          ? undefined
          : `${s.name} changes remote hosts`;
      if (!DEPLOY_TOOLS.includes(s.name)) return undefined;
      if (dryRun(s, ['--noop'])) return undefined;
      const v = verb(s);
      if (s.name === 'vercel' || s.name === 'now' || s.name === 'surge') {
        if (
          v === undefined ||
          v.includes('/') ||
          v === '.' ||
          /^(deploy|remove|rm|alias|promote|rollback|redeploy|env|domains|dns|certs|secrets|project|teardown)$/.test(v)
        ) {
          if (v && /^(env|domains|dns|certs|secrets|project)$/.test(v) && !/^(add|rm|remove|set)$/.test(bareWords(s)[1] ?? '')) return undefined;
          return `${s.name} ${v ?? ''} deploys or removes a site`.replace('  ', ' ');
        }
        return undefined;
      }
      if (s.name === 'heroku') {
        if (v === undefined) return undefined;
        const [topic, action] = v.split(':');
        if (
          /^(logs|info|ps|apps|releases|config|addons|status|whoami|login|auth|local|help|regions|domains|access|pg|redis|run)$/.test(topic) &&
          (action === undefined || /^(info|list|get|wait|tail)$/.test(action))
        )
          return undefined;
        if (topic === 'run' || topic === 'local') return undefined;
        return `heroku ${v} changes a hosted app`;
      }
      if (v === undefined) return s.name === 'eas' || s.name === 'expo' ? undefined : s.name === 'serverless' || s.name === 'sls' ? undefined : undefined;
      if (DEPLOY_READ.test(v)) {
        if (/^(apps|secrets|certs|domains|config|env|dns)$/.test(v) && /^(destroy|delete|rm|remove|set|unset|add|create)$/.test(bareWords(s)[1] ?? ''))
          return `${s.name} ${v} ${bareWords(s)[1]} changes a hosted app`;
        return undefined;
      }
      return `${s.name} ${v} deploys or changes a hosted app`;
    },
  },
  {
    id: 'publish.github',
    names: ['gh'],
    description: 'Mutates GitHub state with gh: releases, repositories, merges, secrets, workflow runs, raw API writes.',
    examples: {
      destructive: [
        'gh release delete v1.0.0 --yes',
        'gh repo delete org/repo --yes',
        'gh release create v2.0.0',
        'gh pr merge 12 --squash',
        'gh api -X DELETE repos/o/r/git/refs/heads/x',
        'gh secret set TOKEN',
      ],
      benign: ['gh release list', 'gh pr view 12', 'gh api repos/o/r/pulls', 'gh pr create --fill', 'gh run list'],
    },
    check(s) {
      if (!named(s, 'gh')) return undefined;
      const [group, action] = bareWords(s);
      if (group === 'api')
        return s.words.some(
          (w, i) =>
            w.value !== null &&
            (/^(-X|--method)$/.test(w.value)
              ? /^(DELETE|PUT|PATCH|POST)$/i.test(s.words[i + 1]?.value ?? '')
              : /^(-X|--method=)(DELETE|PUT|PATCH|POST)$/i.test(w.value)),
        ) || hasWord(s, '-f', '-F', '--field', '--raw-field', '--input')
          ? 'gh api writes to GitHub'
          : undefined;
      const bad: Record<string, RegExp> = {
        release: /^(create|delete|edit|upload|delete-asset)$/,
        repo: /^(delete|archive|rename|edit|transfer|unarchive)$/,
        pr: /^(merge|close)$/,
        secret: /^(set|delete|remove)$/,
        variable: /^(set|delete)$/,
        workflow: /^(run|disable)$/,
        issue: /^(delete|transfer)$/,
        run: /^(cancel|delete|rerun)$/,
        cache: /^(delete)$/,
        label: /^(delete)$/,
        ruleset: /^(delete)$/,
        deploy: /.*/,
        gist: /^(delete)$/,
      };
      if (group && action && bad[group]?.test(action)) return `gh ${group} ${action} changes shared GitHub state`;
      return undefined;
    },
  },
  {
    id: 'publish.remote-copy',
    names: ['scp', 'rsync', 'sftp'],
    description: 'Copies files onto another host (scp/rsync/sftp to host:path): a deploy or an overwrite of remote state.',
    examples: {
      destructive: ['scp dist/app.tar.gz prod:/srv/app/', 'rsync -avz ./ build-server:/app/', 'scp -r build user@203.0.113.5:/var/www'],
      benign: ['scp prod:/var/log/app.log /tmp/', 'rsync -a src/ /tmp/src-copy/', 'rsync -avn ./ build-server:/app/'],
    },
    check(s) {
      if (!named(s, 'scp', 'rsync', 'sftp')) return undefined;
      if (named(s, 'rsync') && (dryRun(s) || s.words.some((w) => w.value !== null && /^-[a-zA-Z]*n[a-zA-Z]*$/.test(w.value)))) return undefined;
      const ps = s.words.slice(1).filter((w) => w.value === null || !w.value.startsWith('-'));
      const last = ps[ps.length - 1]?.value;
      if (ps.length >= 2 && last !== undefined && last !== null && /^([^/@:]+@)?[A-Za-z0-9._-]+:/.test(last) && !/^[a-z]+:\/\//.test(last))
        return `${s.name} copies files onto ${last.split(':')[0]}`;
      return undefined;
    },
  },
];
