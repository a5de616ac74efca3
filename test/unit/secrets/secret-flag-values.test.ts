// A value after a command-line flag whose name says secret, space-separated, and the same as YAML list items.
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x31b0;
const rs = () => rand(ALNUM, 16, seed++ * 7919) + 'q7';

describe('secret-flag-values: a secret after a flag named for it', () => {
  const forms: [string, (v: string) => string][] = [
    ['redis --masterauth', (v) => `redis-server --masterauth ${v}`],
    ['--db-password', (v) => `psql --db-password ${v}`],
    ['--db-pass', (v) => `./run --db-pass ${v}`],
    ['--root-pw', (v) => `app --root-pw ${v}`],
    ['--pwd', (v) => `app --pwd ${v}`],
    ['--bind-pw', (v) => `app --bind-pw ${v}`],
    ['--credentials', (v) => `app --credentials ${v}`],
    ['--jwt-secret', (v) => `app --jwt-secret ${v} --port 8080`],
    ['--db_password', (v) => `app --db_password ${v}`],
    ['--dbPassword', (v) => `app --dbPassword ${v}`],
    ['--storepass', (v) => `keytool -list --storepass ${v}`],
    ['quoted value', (v) => `app --session-secret "${v}"`],
    ['tab-separated', (v) => `app --api-token\t${v}`],
    ['in a pipeline', (v) => `app --admin-secret ${v} | tee log`],
    ['in a continued command', (v) => `  --smtp-password ${v} \\`],
    ['YAML list args', (v) => `args:\n  - --requirepass\n  - ${v}`],
    ['YAML list quoted', (v) => `args:\n  - "--requirepass"\n  - "${v}"`],
    ['YAML command list', (v) => `command:\n  - redis-server\n  - --requirepass\n  - ${v}`],
    ['YAML list, another flag', (v) => `args:\n  - --client-secret\n  - '${v}'`],
    ['k8s container args', (v) => `        args:\n          - --masterauth\n          - ${v}\n          - --port\n          - "6379"`],
    ['systemd ExecStart', (v) => `ExecStart=/usr/bin/app --vault-token ${v}`],
  ];
  for (const [name, form] of forms)
    it(`masks ${name}`, () => {
      const v = rs();
      masks(form(v), [v]);
    });
});

describe('secret-flag-values: flags that name no secret value, and values that are none', () => {
  const benign = [
    'docker login --password-stdin --username ci',
    'app --token-file /run/secrets/token --port 80',
    'docker build --secret id=npmrc,src=$HOME/.npmrc .',
    'args:\n  - --requirepass\n  - $(REDIS_PASSWORD)',
    'app --auth basic --secret-name prod-db',
    'git commit --author "A U Thor <a@example.com>"',
    'rsync --bypass cache123 src/ dst/',
    'app --password-file ./secrets/db.txt',
    'app --token ${API_TOKEN}',
    'app --secret "$SECRET"',
    'app --api-key <your-api-key>',
    'app --password changeme',
    'args:\n  - --port\n  - "8080"',
    'args:\n  - --requirepass\n  - --appendonly',
    'app --secret-key-file key.pem',
    'app --keyring default',
    'app --tokens 4096 --max-passes 3',
    'app --password --verbose',
    'helm install --set password=$DB_PASSWORD app ./chart',
    'app --oauth enabled',
  ];
  for (const t of benign) it(`keeps ${t.slice(0, 50)}`, () => keeps(t + '\n'));
});
