// Commands whose output is credential values: application frameworks that decrypt or print the app's secrets
// (Rails credentials, .NET user-secrets, Laravel env:decrypt, Symfony secrets:reveal, Django settings), their
// consoles and runners (code run with the app's secrets loaded, which the line does not show), and cloud and
// platform reads that answer with secrets in clear (function environment, app settings, registry passwords,
// Terraform state). Judged like reading a no-access secret file or `printenv GITHUB_TOKEN`: the value would land
// in the agent's context, so a person decides.
import type { Sub } from '../types';
import type { Rule } from './types';
import { bareWords } from './util';

type Row = [when: RegExp, what: string];

/**
 * Per framework: its verbs (the non-option words after the framework's entry point, joined by spaces) that print
 * secrets, change them, or run code/SQL with the app's configuration loaded.
 */
const APP_VERBS: Record<string, Row[]> = {
  rails: [
    [/^(credentials|secrets|encrypted):(show|edit|diff)\b/, 'decrypts and prints the app’s credentials'],
    [/^(runner|r|console|c|dbconsole|db)( |$)/, 'runs code or SQL with the app’s secrets and database loaded, which the line does not show'],
  ],
  rake: [[/^(credentials|secrets):(show|edit)\b/, 'decrypts and prints the app’s credentials']],
  artisan: [
    [/^(env:(decrypt|encrypt)|config:show|about|key:generate|key:rotate)( |$)/, 'decrypts, prints or replaces the app’s secrets (APP_KEY, .env, config)'],
    [/^(tinker|db)( |$)/, 'runs code or SQL with the app’s secrets and database loaded, which the line does not show'],
  ],
  symfony: [
    [
      /^(secrets:(reveal|decrypt-to-local|list)|debug:(dotenv|container|config)|about)( |$)/,
      'prints the app’s secrets or its resolved parameters and environment',
    ],
    [/^(dbal:run-sql|doctrine:query:sql)( |$)/, 'runs SQL against the app’s database'],
  ],
  django: [
    [/^(diffsettings|print_settings|show_settings)( |$)/, 'prints the app’s settings, SECRET_KEY and database passwords included'],
    [/^(shell|shell_plus|dbshell|runscript)( |$)/, 'runs code or SQL with the app’s secrets and database loaded, which the line does not show'],
    [/^(changepassword|createsuperuser|dumpdata)( |$)/, 'changes accounts or dumps the database (password hashes, tokens)'],
  ],
  flask: [[/^shell( |$)/, 'runs code with the app’s config (SECRET_KEY, database URL) loaded']],
  dotnet: [[/^user-secrets (list|set|remove|clear)( |$)/, 'prints or changes the project’s user secrets']],
  mix: [[/^(run|eval|phx\.gen\.secret)( |$)/, 'runs Elixir code given on the line with the app’s config loaded']],
};

/** Where a framework's verbs start: the framework and the index of the first word after its entry point. */
function entry(s: Sub): [string, number] | undefined {
  const n = s.name;
  if (n === null) return undefined;
  const ws = s.words;
  if (n === 'rails' || n === 'rake' || n === 'flask' || n === 'dotnet' || n === 'mix') return [n, 1];
  if (n === 'artisan') return ['artisan', 1];
  if (n === 'django-admin' || n === 'manage.py') return ['django', 1];
  if (n === 'console') return ['symfony', 1];
  if (n === 'symfony') return ws[1]?.value === 'console' ? ['symfony', 2] : undefined;
  if (n === 'php' || /^python(\d+(\.\d+)?)?$/.test(n)) {
    // The first operand is the script: `php artisan …`, `php bin/console …`, `python3 manage.py …`.
    for (let i = 1; i < ws.length; i++) {
      const v = ws[i].value;
      if (v === null) return undefined;
      if (v.startsWith('-')) continue;
      const base = v.slice(v.lastIndexOf('/') + 1);
      if (base === 'artisan') return ['artisan', i + 1];
      if (base === 'console') return ['symfony', i + 1];
      if (base === 'manage.py') return ['django', i + 1];
      return undefined;
    }
  }
  return undefined;
}

/** Cloud and platform reads whose answer holds secrets in clear, per program: the words after the name. */
const CLOUD_READS: Record<string, Row[]> = {
  aws: [
    [
      /^lambda get-function(-configuration)?( |$)|^ecs describe-task-definition( |$)|^elasticbeanstalk describe-configuration-settings( |$)|^amplify get-(app|branch)( |$)/,
      'prints a function’s or service’s environment variables (its secrets) from AWS',
    ],
  ],
  gcloud: [[/^(beta |alpha )?(functions|run services|app versions) describe( |$)/, 'prints a service’s environment variables from Google Cloud']],
  az: [
    [
      /^(webapp|functionapp) config (appsettings|connection-string) list( |$)|^acr credential show( |$)|^(aks get-credentials .*--file -|spring app show)( |$)/,
      'prints app settings, connection strings or registry passwords from Azure',
    ],
  ],
  helm: [[/^get (values|all|manifest)( |$)/, 'prints a release’s values and manifests (passwords and Secrets included)']],
  terraform: [[/^(state (show|pull)|output .*-(raw|json))( |$)/, 'prints Terraform state, which holds every resource’s secrets']],
  tofu: [[/^(state (show|pull)|output .*-(raw|json))( |$)/, 'prints OpenTofu state, which holds every resource’s secrets']],
  supabase: [[/^status( |$)/, 'prints the project’s keys (the service_role key included)']],
  sls: [[/^info .*(--verbose|-v)( |$)/, 'prints the stack outputs and function environment']],
  serverless: [[/^info .*(--verbose|-v)( |$)/, 'prints the stack outputs and function environment']],
  firebase: [[/^functions:(config:get|secrets:access)( |$)/, 'prints the functions’ secrets']],
  vercel: [[/^env (pull|ls)( |$)/, 'writes or prints the project’s environment values']],
  op: [[/^signin .*--raw( |$)/, 'prints the 1Password session token']],
  'redis-cli': [[/(^| )config get (requirepass|masterauth|\*)( |$)/i, 'prints the Redis password']],
  kubeseal: [[/(^| )--recovery-unseal( |$)/, 'decrypts sealed secrets']],
};

function joined(words: readonly string[]): string {
  return words.join(' ');
}

export const appSecretRules: Rule[] = [
  {
    id: 'secrets.app-dump',
    description:
      'A command whose output is credential values: framework commands that decrypt or print the app’s secrets (rails credentials:show, dotnet user-secrets list, manage.py diffsettings, artisan env:decrypt, Symfony secrets:reveal / debug:dotenv, supabase status), the framework consoles and runners that run code with them loaded, and cloud reads of function environments, app settings, registry passwords and Terraform state.',
    examples: {
      destructive: [
        'rails credentials:show',
        'bin/rails credentials:show --environment production',
        'EDITOR=cat rails credentials:edit',
        "bin/rails runner 'puts Rails.application.credentials.config'",
        'dotnet user-secrets list --project App',
        'python3 manage.py diffsettings',
        "python3 manage.py shell -c 'print(1)'",
        './manage.py print_settings',
        'php artisan env:decrypt --force',
        'php artisan config:show database',
        "php artisan tinker --execute='dump(1)'",
        'php bin/console secrets:reveal APP_SECRET',
        'php bin/console debug:dotenv',
        'symfony console secrets:reveal APP_SECRET',
        "flask shell <<< 'print(app.config)'",
        "mix run -e 'IO.inspect 1'",
        'supabase status -o env',
        'aws lambda get-function-configuration --function-name f',
        'aws --region eu-west-1 ecs describe-task-definition --task-definition t',
        'gcloud functions describe f --format=json',
        'az webapp config appsettings list -n a -g g',
        'az acr credential show -n r',
        'helm get values app -a',
        'terraform state show aws_db_instance.x',
        'terraform state pull',
        'firebase functions:config:get',
        'redis-cli CONFIG GET requirepass',
      ],
      benign: [
        'rails test',
        'bin/rails routes',
        'bin/rails db:migrate:status',
        'python3 manage.py test',
        'python manage.py runserver',
        'python manage.py makemigrations',
        'python manage.py check',
        'php artisan test',
        'php artisan route:list',
        'php bin/console cache:clear',
        'dotnet user-secrets init',
        'dotnet test',
        'mix test',
        'supabase start',
        'aws lambda list-functions',
        'aws s3 ls',
        'gcloud functions list',
        'helm list',
        'terraform plan',
        'terraform state list',
        'redis-cli ping',
        'python3 -m pytest',
      ],
    },
    check(s) {
      const e = entry(s);
      if (e !== undefined) {
        const rows = APP_VERBS[e[0]];
        if (rows !== undefined) {
          const b = joined(bareWords(s, e[1]));
          // `mix run` of the project's own entry is everyday; with -e/--eval it runs the line's code.
          if (e[0] === 'mix' && /^run( |$)/.test(b) && !s.words.some((w) => w.value === null || /^(-e|--eval)(=|$)/.test(w.value))) return undefined;
          for (const [when, what] of rows) if (when.test(b)) return `${e[0]} ${b.split(' ')[0]} ${what}`;
        }
      }
      const n = s.name;
      const rows = n === null ? undefined : CLOUD_READS[n];
      if (rows === undefined) return undefined;
      const ws = s.words;
      let rest = '';
      for (let i = 1; i < ws.length; i++) rest += (i > 1 ? ' ' : '') + (ws[i].value ?? '\0');
      const b = joined(bareWords(s));
      for (const [when, what] of rows) if (when.test(b) || when.test(rest)) return `${n} ${what}`;
      return undefined;
    },
  },
];
