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
  mvnw: /^(deploy|release:perform)$/,
  sbt: /^(\w+[:/])?(\+?publish\w*|sonatype\w*|release)$/,
  cabal: /^upload$/,
  stack: /^upload$/,
  lein: /^deploy$/,
  choco: /^(push|apikey)$/,
  maturin: /^(publish|upload)$/,
  pdm: /^publish$/,
  rye: /^publish$/,
  conda: /^upload$/,
  anaconda: /^upload$/,
  swift: /^package-registry$/,
  pod: /^trunk$/,
  dotnet: /^nuget$/,
  nuget: /^(push|delete)$/,
  mix: /^hex\.publish$/,
  helm: /^push$/,
  'semantic-release': /.*/,
};

/** npm verbs that change who owns or may publish a package, or hand out publishing tokens (reads: ls/list/get). */
const NPM_OWNERSHIP = /^(owner|author|access|team|org|hook|token)$/;
const NPM_OWNERSHIP_READ = /^(ls|list|get|view)$/;
/** Image tools whose verbs write to a registry (push, copy, delete, tag, sign). */
const IMAGE_WRITE: Record<string, RegExp> = {
  crane: /^(push|copy|cp|delete|tag|mutate|append|rebase|flatten|edit|index)$/,
  skopeo: /^(copy|delete|sync)$/,
  regctl: /^(image|tag|manifest|artifact|index|blob)$/,
  buildah: /^(push|manifest)$/,
  oras: /^(push|copy|cp|tag|attach|delete|manifest|blob)$/,
  cosign: /^(sign|attest|copy|clean|attach|upload)$/,
  notation: /^(sign)$/,
};

/** gradle tasks that upload: publish*, *Publish* (artifactoryPublish), jib (pushes an image), upload*, *Upload. */
const GRADLE_PUBLISH = /^(:?[\w-]+:)*(publish\w*|\w+Publish\w*|jib|upload\w*|\w+Upload|dockerPush\w*|pushImage\w*)$/;
/** Task names that publish or deploy (`turbo run publish`, `nx run-many -t deploy`). */
const MONO_PUBLISH = /^(publish|release|deploy|upload)(:.*)?$/;

/** The targets a monorepo runner is told to run (`nx run p:t`, `nx run-many -t a b`, `nx t`, `turbo run a b`, `lerna run a`). */
function runnerTargets(s: Sub): string[] {
  const b = bareWords(s);
  const out: string[] = [];
  const ws = s.words.map((w) => w.value ?? '');
  ws.forEach((w, i) => {
    if (/^(-t|--targets?)$/.test(w)) for (let j = i + 1; j < ws.length && !ws[j].startsWith('-'); j++) out.push(...ws[j].split(','));
    const m = /^--targets?=(.*)$/.exec(w);
    if (m) out.push(...m[1].split(','));
  });
  if (b[0] === 'run') out.push(...(s.name === 'nx' ? b.slice(1, 2).map((t) => t.split(':')[1] ?? t) : s.name === 'lerna' ? b.slice(1, 2) : b.slice(1)));
  else if (s.name === 'nx' && b[0] && !/^(run-many|affected|release)$/.test(b[0])) out.push(b[0].split(':')[1] ?? b[0]);
  else if (s.name === 'turbo') out.push(...b);
  return out;
}

function registryPublish(s: Sub): string | undefined {
  if (!s.name) return undefined;
  // corepack runs the package manager it names: `corepack pnpm publish` is `pnpm publish`.
  if (s.name === 'corepack') {
    const at = s.words.findIndex((w, i) => i > 0 && w.value !== null && !w.value.startsWith('-'));
    const name = at > 0 ? s.words[at].value : null;
    return name && /^(npm|pnpm|yarn)(@.*)?$/.test(name) ? registryPublish({ ...s, name: name.replace(/@.*$/, ''), words: s.words.slice(at) }) : undefined;
  }
  if (s.name === 'yarn' && verb(s) === 'npm' && bareWords(s)[1] === 'tag' && /^(add|remove)$/.test(bareWords(s)[2] ?? ''))
    return 'yarn npm tag changes what users install';
  if (s.name === 'npm' || s.name === 'pnpm' || s.name === 'yarn') {
    const b = bareWords(s);
    const v = b[0];
    if (s.name === 'npm' && v !== undefined && NPM_OWNERSHIP.test(v)) {
      if (v === 'token' && b[1] !== 'create' && b[1] !== 'revoke') return undefined;
      return b[1] === undefined || NPM_OWNERSHIP_READ.test(b[1]) ? undefined : `npm ${v} ${b[1]} changes who may publish the package`;
    }
    // `yarn workspaces foreach npm publish`, `pnpm --filter x publish`: publish anywhere among the verbs.
    if (v !== 'run' && v !== 'run-script' && b.includes('publish') && !dryRun(s, ['--dry'])) return `${s.name} ${b.join(' ')} publishes to a package registry`;
  }
  if ((s.name === 'dart' || s.name === 'flutter') && verb(s) === 'pub' && bareWords(s)[1] === 'publish' && !dryRun(s, ['-n']))
    return `${s.name} pub publish publishes to pub.dev`;
  if ((s.name === 'python' || s.name === 'python3') && s.words.some((w) => w.value !== null && /(^|\/)setup\.py$/.test(w.value))) {
    return bareWords(s).some((w) => w === 'upload' || w === 'register') ? 'setup.py upload publishes to a package index' : undefined;
  }
  const img = IMAGE_WRITE[s.name];
  if (img !== undefined) {
    const b = bareWords(s);
    if (!img.test(b[0] ?? '')) return undefined;
    if (s.name === 'skopeo' && b[0] === 'copy' && !/^docker:\/\//.test(b[b.length - 1] ?? '') && b.length >= 3) return undefined;
    if (s.name === 'regctl' && !/^(copy|cp|delete|rm|mod|put|import|create)$/.test(b[1] ?? '')) return undefined;
    if (s.name === 'buildah' && b[0] === 'manifest' && b[1] !== 'push') return undefined;
    if (s.name === 'oras' && /^(manifest|blob)$/.test(b[0]) && !/^(push|delete)$/.test(b[1] ?? '')) return undefined;
    return `${s.name} ${b.slice(0, 2).join(' ')} writes to an image registry`;
  }
  if (
    (s.name === 'mvn' || s.name === 'mvnw') &&
    bareWords(s).some((w) => /^(deploy(:.*)?|release:perform|site-deploy|jib:build|nexus-staging:.*|central-publishing:.*)$/.test(w))
  )
    return `${s.name} deploy uploads artifacts to a repository`;
  if (s.name === 'npm' && verb(s) === 'dist-tag' && /^(add|rm)$/.test(bareWords(s)[1] ?? '')) return 'npm dist-tag changes what users install';
  if (
    (s.name === 'gradle' || s.name === 'gradlew') &&
    (bareWords(s).some((w) => GRADLE_PUBLISH.test(w)) || hasWord(s, '--publishImage') || s.words.some((w) => w.value !== null && /^-Djib\.to\./.test(w.value)))
  )
    return 'gradle publish uploads artifacts';
  // Monorepo runners: `nx release` versions, tags and publishes; a target named publish/deploy runs each package's.
  if (s.name === 'nx' && verb(s) === 'release' && !/^(version|changelog|plan|plan:check)$/.test(bareWords(s)[1] ?? '') && !dryRun(s, ['-d', '--dry-run']))
    return 'nx release publishes the workspace packages';
  if ((s.name === 'nx' || s.name === 'turbo' || s.name === 'lerna') && runnerTargets(s).some((t) => MONO_PUBLISH.test(t)))
    return `${s.name} runs a publish or deploy task of the workspace packages`;
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
  /^(emulators:start|serve|projects:list|apps:list|hosting:channel:list|functions:list|functions:log|[a-z]+:(list|ls|get|info)|ls|list|inspect|logs?|whoami|login|logout|dev|build|pull|link|help|status|info|open|env|version|init|config|switch|teams|certs|dns|domains|secrets?|apps|releases|ps|addons|regions|platform|doctor|auth|plan|diff|synth|preview|validate|lint|show|get|describe|history|output|outputs|graph|fmt|providers|test|whoami)$/;

export const publishRules: Rule[] = [
  {
    id: 'publish.package',
    names: [...Object.keys(REGISTRY), ...Object.keys(IMAGE_WRITE), 'gradle', 'gradlew', 'dart', 'flutter', 'python', 'python3', 'corepack', 'nx', 'turbo'],
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
        'npm owner add someone my-lib',
        'npm access set status=public my-lib',
        'npm team rm org:devs alice',
        'yarn workspaces foreach npm publish',
        'pnpm --filter my-lib publish',
        'dart pub publish --force',
        'python3 setup.py sdist upload',
        'crane copy a/b:1 c/d:1',
        'skopeo copy docker-archive:a.tar docker://registry.example.com/app',
        'buildah push app docker://registry.example.com/app',
        'mvn clean deploy',
        './mvnw -B deploy',
        'sbt publish',
        'corepack pnpm publish',
        'yarn npm tag add my-lib@1.0.0 latest',
        'npm publish --dry-run=false',
        'nx release publish',
        'npx nx release --yes',
        'turbo run publish',
        'nx run-many -t publish',
        './gradlew jib',
        'gradle artifactoryPublish',
        './gradlew bootBuildImage --publishImage',
        'sbt docker:publish',
        'cabal upload x.tar.gz',
        'stack upload .',
      ],
      benign: [
        'npm publish --dry-run',
        'npm pack',
        'npm install',
        'cargo test',
        'poetry build',
        'npm owner ls my-lib',
        'npm access list packages',
        'npm run publish-docs --dry-run',
        'dart pub get',
        'python3 setup.py sdist',
        'crane manifest alpine',
        'skopeo inspect docker://alpine',
        'skopeo copy docker://alpine oci:./alpine',
        'mvn clean verify',
        'sbt test',
        'nx release version --dry-run',
        'nx release --dry-run',
        'turbo run build',
        'nx run-many -t test',
        'gradle build',
        './gradlew jibDockerBuild',
        'cabal build',
        'stack build',
      ],
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
      benign: [
        'vercel ls',
        'fly status',
        'heroku logs --tail',
        'netlify status',
        'serverless package',
        'sls package --stage prod',
        'ansible-playbook site.yml --check',
        'wrangler dev',
        'firebase emulators:start',
        'firebase projects:list',
      ],
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
      // `serverless package` builds the deployment artifact into .serverless/ and deploys nothing.
      if ((s.name === 'serverless' || s.name === 'sls') && v === 'package') return undefined;
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
    names: ['gh', 'glab'],
    description: 'Mutates GitHub state with gh: releases, repositories, merges, secrets, workflow runs, raw API writes.',
    examples: {
      destructive: [
        'gh release delete v1.0.0 --yes',
        'gh repo delete org/repo --yes',
        'gh release create v2.0.0',
        'gh pr merge 12 --squash',
        'gh api -X DELETE repos/o/r/git/refs/heads/x',
        'gh secret set TOKEN',
        'glab release create v1',
        'glab mr merge 3',
        'gh repo fork --clone=false',
        'gh repo sync --force',
        'gh repo create x --public --source=. --push',
        'gh gist create src/a.ts --public',
      ],
      benign: ['gh release list', 'gh pr view 12', 'gh api repos/o/r/pulls', 'gh pr create --fill', 'gh run list', 'glab mr list', 'glab release view v1'],
    },
    check(s) {
      if (!named(s, 'gh', 'glab')) return undefined;
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
        // create (with --source/--push: the project goes up), fork (a copy under another owner), sync (--force resets a branch).
        repo: /^(delete|archive|rename|edit|transfer|unarchive|create|fork|sync)$/,
        pr: /^(merge|close)$/,
        mr: /^(merge|close|delete)$/,
        schedule: /^(create|delete|run)$/,
        ci: /^(run|delete|cancel|retry|trigger)$/,
        snippet: /^(delete)$/,
        secret: /^(set|delete|remove)$/,
        variable: /^(set|delete)$/,
        workflow: /^(run|disable)$/,
        issue: /^(delete|transfer)$/,
        run: /^(cancel|delete|rerun)$/,
        cache: /^(delete)$/,
        label: /^(delete)$/,
        ruleset: /^(delete)$/,
        deploy: /.*/,
        gist: /^(delete|create|new|edit)$/,
      };
      if (group && action && bad[group]?.test(action)) return `${s.name} ${group} ${action} changes shared ${s.name === 'gh' ? 'GitHub' : 'GitLab'} state`;
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
