// The long tail of commands whose output is a stored credential or the environment: build tools and package
// managers that print their settings (Maven's settings.xml servers, Gradle's properties, Composer's auth.json,
// Bundler's and Poetry's host credentials, Cargo's registries, Hex's keys), platform CLIs that print an app's
// environment or mint a token, and any program given an option whose purpose is to reveal what it would mask
// (`--show-secrets`, `--reveal`, `-DshowPasswords=true`). Judged like `printenv GITHUB_TOKEN`: the value would land
// in the agent's context, so a person decides.
import type { Sub } from '../types';
import type { Rule } from './types';

/** Options whose purpose is to print what a tool would otherwise mask or keep. */
const REVEAL_OPT =
  /^(--show-secrets?|--reveal(-secrets?|-values?)?|--show-passwords?|--show-sensitive(-values?)?|--show-values|--show-token|--with-decryption|--expose-token|--include-secrets|--decrypt-secrets|--unmasked|--unmask|--no-mask(ing)?|--insecure-show-secrets?|--show-credentials|--no-redacted|-DshowPasswords|-Dshow\.?passwords)(=(true|1|yes))?$/i;

type Row = [when: RegExp, what: string];

/** Per program: the words after its name (joined by spaces, a run-time word as `\0`) that make it print secrets. */
const PRINTERS: Record<string, Row[]> = {
  composer: [
    [
      /(^| )config( .*)? (github-oauth|gitlab-oauth|gitlab-token|bitbucket-oauth|http-basic|bearer|forgejo-token|custom-headers)(\.\S*)?$|(^| )config( .*)? (-l|--list)( |$)|(^| )config( .*)? (-a|--auth)( .*)? (-l|--list|\S+)$/,
      'prints the registry and GitHub tokens Composer keeps (auth.json)',
    ],
  ],
  bundle: [[/(^| )config (get )?(https?:\/\/\S+|[\w-]+(\.[\w-]+)+\/?|BUNDLE_[A-Z0-9_]*__[A-Z0-9_]+)$/i, 'prints the credentials Bundler keeps for a gem host']],
  poetry: [[/(^| )config (http-basic|pypi-token)\.\S+$|(^| )config( .*)? --list( .*)? --show-secrets/, 'prints a registry password or token Poetry keeps']],
  mvn: [
    [/(^| )(\S+:)?help:(system|all-profiles)( |$)/, 'prints the environment and system properties (tokens included)'],
    [
      /(^| )(\S+:)?help:evaluate( .*)? -Dexpression=(settings|env\.|\S*(pass(word)?|secret|token|credential|server))/i,
      'evaluates an expression over Maven’s settings (server passwords) or the environment',
    ],
  ],
  gradle: [
    [
      /(^| )(\S*:)?(prop|prope|proper|propert|properti|propertie|properties)( |$)/,
      'prints every project property (gradle.properties tokens and passwords included)',
    ],
  ],
  sbt: [
    [
      /credentials|(^| )(show|print|inspect)( .*)? (\S*\/)?(publishTo|envVars)\b|(^| )eval .*(getenv|sys\.env)/i,
      'prints the credentials sbt keeps, or the environment',
    ],
  ],
  // pip's configuration holds index URLs with their login (`index-url = https://user:pass@host/simple`): `pip config
  // list`, `debug` and `get` of such a key print it. Threat: `pip config list`, `pip config get global.index-url`.
  pip: [
    [
      /(^| )config( --?\S+)* (list|debug)( |$)|(^| )config( --?\S+)* get( --?\S+)* (\0|\S*(index-url|find-links|proxy|cert|trusted-host|\0)\S*)( |$)/,
      'prints pip’s configuration, where index URLs carry their login',
    ],
  ],
  // Conda keeps anaconda.org tokens inside channel URLs (`/t/<token>/`) and prints them with its settings.
  conda: [[/(^| )config( .*)? --(show|show-sources)( |$|=)/, 'prints conda’s settings, where channel URLs carry their tokens']],
  mamba: [[/(^| )config( .*)? --(show|show-sources)( |$|=)/, 'prints conda’s settings, where channel URLs carry their tokens']],
  micromamba: [[/(^| )config( .*)? (list|--show|--show-sources)( |$|=)/, 'prints conda’s settings, where channel URLs carry their tokens']],
  cargo: [[/(^| )config get( -Z \S+| --\S+)*( (registr\S*|credential\S*|http\.?\S*))?$/, 'prints Cargo’s configuration (registry tokens included)']],
  mix: [
    [/^hex\.config( (api_key|repos_key|\0))?$/, 'prints Hex’s configuration (its API and repository keys)'],
    [/^hex\.(user|organization) key .*generate/, 'mints and prints a Hex key'],
  ],
  direnv: [[/^(export|dump|exec \S+ (env|printenv))( |$)/, 'prints the environment .envrc loads (its secrets included)']],
  nix: [[/getEnv|builtins\.readFile .*(\.env|secret|token|credentials)/i, 'evaluates an expression that reads the environment or a secret file']],
  'nix-instantiate': [[/getEnv/, 'evaluates an expression that reads the environment']],
  pulumi: [
    [/(^| )env (open|get .*--value|run)( |$)/, 'prints a Pulumi ESC environment’s decrypted values'],
    [
      /(^| )config get (\S*:)?\S*(pass(word)?|secret|token|api[-_]?key|private[-_]?key|credential)\S*( |$)/i,
      'decrypts and prints a secret Pulumi config value',
    ],
  ],
  esc: [[/(^| )(env )?(open|get .*--value|run)( |$)/, 'prints a Pulumi ESC environment’s decrypted values']],
  heroku: [[/^(pg:credentials|redis:credentials|config:get)/, 'prints database credentials or app secrets from Heroku']],
  dokku: [[/^config(:show|:get|:export|:bundle)?( |$)/, 'prints an app’s environment from Dokku']],
  kamal: [[/^(secrets (print|fetch|extract)|env)( |$)/, 'prints the app’s secrets']],
  eb: [[/^printenv( |$)/, 'prints the environment of an Elastic Beanstalk app']],
  cf: [[/^(env|curl .*\/env)( |$)/, 'prints an app’s environment and bound service credentials (VCAP_SERVICES)']],
  serverless: [[/^print( |$)/, 'prints the resolved service configuration (secrets from SSM and the environment included)']],
  sls: [[/^print( |$)/, 'prints the resolved service configuration (secrets from SSM and the environment included)']],
  chamber: [[/^(read|export|env|exec)( |$)/, 'prints secrets from SSM Parameter Store']],
  teller: [[/^(show|export|env|run)( |$)/, 'prints secrets from the providers it is set up with']],
  turso: [[/^(auth token|db tokens create|auth api-tokens mint)( |$)/, 'prints or mints a Turso token']],
  neonctl: [[/^(connection-string|cs)( |$)/, 'prints a connection string with its password']],
  pscale: [[/^(password create|service-token create)( |$)/, 'mints and prints a database password or token']],
  supabase: [[/^(projects api-keys|secrets list .*--show)( |$)/, 'prints the project’s API keys (the service_role key included)']],
  stripe: [[/^config( .*)? (--list|-l)( |$)/, 'prints the Stripe API keys it keeps']],
  argocd: [[/^(account generate-token|admin initial-password)( |$)/, 'mints or prints an Argo CD credential']],
  glab: [[/^variable (get|export|list)( |$)/, 'prints CI/CD variables (masked secrets included)']],
  netlify: [[/^env:(get|list)( |$)/, 'prints the site’s environment values']],
  render: [[/^env( |$)/, 'prints a service’s environment values']],
  vercel: [[/^env pull( --?\S+)* (?!-|\.env[\w.-]*( |$))\S+/, 'writes the project’s environment values to a file the guard does not protect']],
};
PRINTERS.mvnw = PRINTERS.mvn;
PRINTERS.pip3 = PRINTERS.pip;
PRINTERS.gradlew = PRINTERS.gradle;
PRINTERS.bundler = PRINTERS.bundle;
PRINTERS['nix-shell'] = PRINTERS['nix-instantiate'];

function revealOption(s: Sub): string | undefined {
  for (let i = 1; i < s.words.length; i++) {
    const v = s.words[i].value;
    if (v !== null && v.startsWith('-') && REVEAL_OPT.test(v)) return v;
  }
  return undefined;
}

export const secretPrintRules: Rule[] = [
  {
    id: 'secrets.config-print',
    description:
      'Prints stored credentials or the environment through a tool not made for secrets: an option whose purpose is to reveal what is masked (--show-secrets, --reveal, -DshowPasswords=true, --with-decryption), Maven help:effective-settings/help:evaluate of settings, gradle properties, composer config github-oauth, bundle config get HOST, poetry config http-basic, cargo config get, mix hex.config, sbt credentials, direnv export, nix eval of builtins.getEnv, pulumi env open, and platform CLIs that print an app’s environment.',
    examples: {
      destructive: [
        'mvn help:effective-settings -DshowPasswords=true',
        'mvn help:evaluate -Dexpression=settings.servers -q -DforceStdout',
        './gradlew properties -q',
        'gradle :app:properties',
        'composer config --global github-oauth.github.com',
        'composer config --global --list',
        'bundle config get https://rubygems.pkg.github.com',
        'poetry config http-basic.pypi',
        'cargo config get registries',
        "sbt 'show credentials'",
        'mix hex.config',
        'direnv export json',
        'nix eval --impure --expr \'builtins.getEnv "GITHUB_TOKEN"\'',
        'pulumi config get dbPassword',
        'pulumi stack output --show-secrets',
        'heroku pg:credentials:url',
        'kamal secrets print',
        'cf env app',
        'neonctl connection-string',
        'op item get db --reveal',
        'vercel env pull /tmp/e',
        'pip config list',
        'pip3 config get global.index-url',
        'conda config --show',
        'yarn config --no-redacted',
      ],
      benign: [
        'mvn help:effective-pom',
        'mvn -q test',
        './gradlew build',
        './gradlew dependencies',
        'composer validate',
        'composer install',
        'bundle config set path vendor/bundle',
        'bundle config get path',
        'poetry config virtualenvs.in-project true',
        'cargo config get build.target',
        'sbt test',
        'mix hex.info',
        'direnv allow',
        'nix eval .#packages',
        'pulumi config get aws:region',
        'pulumi preview',
        'heroku ps',
        'vercel env pull',
        'git log --reverse',
        'pip config get global.timeout',
        'conda config --add channels conda-forge',
      ],
    },
    check(s) {
      const n = s.name;
      if (n === null) return undefined;
      const opt = revealOption(s);
      if (opt !== undefined) return `${n} ${opt} prints secrets it would otherwise mask`;
      // pip3.12, pip-3.11: the same pip.
      const rows = PRINTERS[/^pip[-\d.]+$/.test(n) ? 'pip' : n];
      if (rows === undefined) return undefined;
      let rest = '';
      for (let i = 1; i < s.words.length; i++) rest += (i > 1 ? ' ' : '') + (s.words[i].value ?? '\0');
      for (const [when, what] of rows) if (when.test(rest)) return `${n} ${what}`;
      return undefined;
    },
  },
];
