// Containers, clusters and cloud infrastructure: deleting data volumes, mutating clusters, applying plans.
import type { Sub } from '../types';
import { hostOf, LOOPBACK } from './remote';
import type { Rule } from './types';
import { bareWords, dryRun, hasWord, named, verb } from './util';

/**
 * Names of contexts, profiles, workspaces and stacks that the local tools create (kind-*, minikube, docker-desktop…)
 * or that name a developer's own environment. Any other name may be a production target.
 */
const LOCAL_NAME =
  /^(default|local|localhost|dev|develop|development|test|testing|sandbox|minikube|docker-desktop|desktop-linux|rancher-desktop|orbstack|rootless|microk8s|colima(-.*)?|kind-.*|k3d-.*|k3s-.*|podman-machine-default.*|(.*-)?(local|dev|development|sandbox))$/i;

/** Is an address (URL, host[:port], unix socket, file path of a socket) this machine? */
export function localAddress(v: string): boolean {
  if (v === '' || v.startsWith('/') || v.startsWith('.') || /^(unix|npipe|fd|file|sqlite3?):/i.test(v) || /\.sock$/.test(v)) return true;
  // `postgres:///app`, `postgresql://%2Fvar%2Frun/app`: no host, the local socket.
  if (/^[a-z][a-z0-9+.-]*:\/\/(\/|[^/]*@\/|%2F)/i.test(v)) return true;
  // A comma-separated endpoint list is local only when every endpoint is.
  if (v.includes(',')) return v.split(',').every((x) => localAddress(x.trim()));
  const h = hostOf(v);
  return h !== undefined && LOOPBACK.test(h);
}

/**
 * Variables that choose which daemon, cluster, account, project, workspace or database later commands act on.
 * `name`: the value is a name (context, profile, project); `addr`: an address; `file`: a configuration file.
 */
export const TARGET_VARS: Record<string, 'name' | 'addr' | 'file'> = {
  DOCKER_HOST: 'addr',
  CONTAINER_HOST: 'addr',
  DOCKER_CONTEXT: 'name',
  CONTAINER_CONNECTION: 'name',
  KUBECONFIG: 'file',
  HELM_KUBECONTEXT: 'name',
  AWS_PROFILE: 'name',
  AWS_DEFAULT_PROFILE: 'name',
  AWS_CONFIG_FILE: 'file',
  AWS_SHARED_CREDENTIALS_FILE: 'file',
  CLOUDSDK_CORE_PROJECT: 'name',
  CLOUDSDK_CORE_ACCOUNT: 'name',
  CLOUDSDK_ACTIVE_CONFIG_NAME: 'name',
  CLOUDSDK_CONFIG: 'file',
  GOOGLE_CLOUD_PROJECT: 'name',
  AZURE_SUBSCRIPTION_ID: 'name',
  ARM_SUBSCRIPTION_ID: 'name',
  AZURE_CONFIG_DIR: 'file',
  TF_WORKSPACE: 'name',
  PULUMI_BACKEND_URL: 'addr',
  DIGITALOCEAN_CONTEXT: 'name',
  NOMAD_ADDR: 'addr',
  VAULT_ADDR: 'addr',
  CONSUL_HTTP_ADDR: 'addr',
  ETCDCTL_ENDPOINTS: 'addr',
  PGHOST: 'addr',
  PGSERVICE: 'name',
  MYSQL_HOST: 'addr',
  DATABASE_URL: 'addr',
  DB_HOST: 'addr',
  REDIS_URL: 'addr',
  REDISCLI_HOST: 'addr',
  MONGODB_URI: 'addr',
  MONGO_URL: 'addr',
  KAFKA_BOOTSTRAP_SERVERS: 'addr',
  FLY_APP: 'name',
  HEROKU_APP: 'name',
  VERCEL_PROJECT_ID: 'name',
  NETLIFY_SITE_ID: 'name',
  FIREBASE_PROJECT: 'name',
};

/** A target variable's value leads somewhere other than this machine or a local environment (null: unknown). */
export function remoteTarget(name: string, value: string | null): boolean {
  const kind = TARGET_VARS[name];
  if (kind === undefined) return false;
  if (value === null) return true;
  if (kind === 'addr') return !localAddress(value);
  if (kind === 'name') return value !== '' && !LOCAL_NAME.test(value);
  // A configuration file: its contents are not known; one named for a local cluster is taken at its word.
  return !/(^|[/._-])(kind|minikube|k3d|k3s|local|dev|microk8s)([/._-]|$)/i.test(value);
}

/** Verbs that only read or print, for judging a command pointed at another target. */
const TARGET_READ =
  /^(ps|ls|list|get|describe|logs?|inspect|images|version|info|status|show|top|stats|events|port|history|diff|plan|whoami|explain|view|validate|output|search|help|current-context|get-contexts|config|tree|df|preview|check|lint|fmt|template)$/;

/** Commands the database rules judge against their host themselves. */
const DB_CLIENTS = /^(psql|pg_dump|pg_dumpall|mysql|mariadb|mysqldump|redis-cli|valkey-cli|mongosh|mongo|mongodump|cqlsh|clickhouse-client|pgcli|mycli|usql)$/;

/** buildah removes working containers (`rm`) and images (`rmi`): every one with `-a`/`--all`, images in use with `-f`,
 * dangling ones with `prune`; a list only known at run time (`buildah rm $(buildah containers -q)`) may be all of them. */
function buildahPrune(s: Sub): string | undefined {
  const w = s.words.slice(1);
  const verb = w.find((x) => x.value !== null && !x.value.startsWith('-'))?.value;
  if (verb === 'prune') return 'buildah prune deletes images';
  if (verb !== 'rm' && verb !== 'rmi') return undefined;
  const i = w.findIndex((x) => x.value === verb);
  const rest = w.slice(i + 1);
  if (rest.some((x) => x.value !== null && /^-[a-z]*[af]|^--(all|force|prune)$/.test(x.value)))
    return `buildah ${verb} -a/-f deletes every working container or image`;
  if (rest.some((x) => x.value === null)) return `buildah ${verb} of names only known at run time`;
  return undefined;
}

/** Container CLIs: the daemon they talk to, from their options (-H/--host, --context/-c, podman --remote/--url/--connection). */
/** Container CLIs whose daemon can be another machine's (-H, --context, DOCKER_HOST). */
const CONTAINER_CLIS = ['docker', 'podman', 'nerdctl', 'docker-compose', 'podman-compose'];

function containerTarget(s: Sub): string | undefined {
  if (!named(s, ...CONTAINER_CLIS)) return undefined;
  const ws = s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    if (!v.startsWith('-')) break;
    const eq = v.indexOf('=');
    const k = v.startsWith('--') && eq > 0 ? v.slice(0, eq) : v;
    const val = v.startsWith('--') && eq > 0 ? v.slice(eq + 1) : ws[i + 1]?.value;
    if (k === '-H' || k === '--host' || k === '--url') {
      if (val === null || val === undefined || !localAddress(val)) return `${k} ${val ?? ws[i + 1]?.text ?? ''}`;
    } else if (k === '--context' || k === '-c' || k === '--connection') {
      if (val === null || val === undefined || !LOCAL_NAME.test(val)) return `${k} ${val ?? ws[i + 1]?.text ?? ''}`;
    } else if (k === '--remote' || k === '-r') return k;
    if (eq < 0 && /^(-H|--host|--url|--context|-c|--connection|--config|-l|--log-level)$/.test(k)) i++;
  }
  return undefined;
}

/** Sub-commands that switch the target every later command acts on (a context, project, workspace, stack). */
function targetSwitch(s: Sub): string | undefined {
  const n = s.name;
  if (n === null) return undefined;
  const b = bareWords(s);
  const named1 = (x: string | undefined) => x === undefined || !LOCAL_NAME.test(x);
  switch (n) {
    case 'docker':
    case 'nerdctl':
      return b[0] === 'context' && b[1] === 'use' && named1(b[2]) ? `docker context use ${b[2] ?? ''}` : undefined;
    case 'podman':
      return b[0] === 'system' && b[1] === 'connection' && b[2] === 'default' && named1(b[3]) ? `podman system connection default ${b[3] ?? ''}` : undefined;
    case 'kubectl':
    case 'oc':
    case 'k': {
      if (n === 'oc' && b[0] === 'project' && b[1] !== undefined) return `oc project ${b[1]}`;
      if (n === 'oc' && b[0] === 'login') return 'oc login';
      if (b[0] !== 'config') return undefined;
      const v = b[1] ?? '';
      if (/^(use-context|use)$/.test(v)) return named1(b[2]) ? `${n} config ${v} ${b[2] ?? ''}` : undefined;
      if (/^(set-context|set-cluster|set-credentials|set|unset|rename-context|delete-context|delete-cluster|delete-user)$/.test(v)) return `${n} config ${v}`;
      return undefined;
    }
    case 'kubectx':
    case 'kubens':
      // No name lists them; `-c` prints the current one; a name (or `-`, the previous one) switches.
      if (hasWord(s, '-') && !hasWord(s, '-c', '--current')) return `${n} - switches back to the previous target`;
      return b[0] !== undefined && !hasWord(s, '-c', '--current', '-h', '--help') && (b[0].includes('=') || named1(b[0])) ? `${n} ${b[0]}` : undefined;
    case 'terraform':
    case 'tofu':
    case 'terragrunt':
    case 'tf':
      return b[0] === 'workspace' && /^(select|switch)$/.test(b[1] ?? '') && named1(b[2]) ? `${n} workspace ${b[1]} ${b[2] ?? ''}` : undefined;
    case 'pulumi':
      return b[0] === 'stack' && b[1] === 'select' && named1(b[2]) ? `pulumi stack select ${b[2] ?? ''}` : undefined;
    case 'gcloud':
      if (b[0] === 'config' && b[1] === 'set' && /^(project|account|(core|container|auth|api_endpoint_overrides|proxy)\/.*)$/.test(b[2] ?? ''))
        return `gcloud config set ${b[2]}`;
      if (b[0] === 'config' && b[1] === 'configurations' && b[2] === 'activate' && named1(b[3])) return `gcloud config configurations activate ${b[3] ?? ''}`;
      if (b[0] === 'container' && b[1] === 'clusters' && b[2] === 'get-credentials')
        return 'gcloud container clusters get-credentials switches kubectl to the cluster';
      return undefined;
    case 'az':
      if (b[0] === 'account' && b[1] === 'set') return 'az account set';
      if (b[0] === 'config' && b[1] === 'set') return 'az config set';
      if (b[0] === 'aks' && b[1] === 'get-credentials') return 'az aks get-credentials switches kubectl to the cluster';
      return undefined;
    case 'aws':
      if (b[0] === 'eks' && b[1] === 'update-kubeconfig') return 'aws eks update-kubeconfig switches kubectl to the cluster';
      return undefined;
    case 'doctl':
      if (b[0] === 'auth' && b[1] === 'switch') return 'doctl auth switch';
      if (b[0] === 'kubernetes' && b.includes('kubeconfig') && b.includes('save'))
        return 'doctl kubernetes cluster kubeconfig save switches kubectl to the cluster';
      return undefined;
    case 'firebase':
      return b[0] === 'use' && b[1] !== undefined && !hasWord(s, '--clear') && named1(b[1]) ? `firebase use ${b[1]}` : undefined;
    case 'supabase':
      return b[0] === 'link' ? 'supabase link' : undefined;
    case 'heroku':
      return b[0] === 'git:remote' ? 'heroku git:remote points git pushes at a hosted app' : undefined;
    case 'railway':
      return /^(link|environment)$/.test(b[0] ?? '') && b[0] !== undefined ? `railway ${b[0]}` : undefined;
    case 'export':
    case 'declare':
    case 'typeset':
    case 'readonly': {
      if (n !== 'export' && !s.words.some((w) => w.value !== null && /^-[a-zA-Z]*x/.test(w.value))) return undefined;
      for (const w of s.words.slice(1)) {
        const v = w.value;
        const t = v ?? w.text;
        const eq = t.indexOf('=');
        if (eq <= 0) continue;
        const k = t.slice(0, eq);
        if (TARGET_VARS[k] !== undefined && remoteTarget(k, v === null ? null : v.slice(eq + 1)))
          return `${n} ${k}=${v === null ? '…' : v.slice(eq + 1)} points every later command at it`;
      }
      return undefined;
    }
  }
  return undefined;
}

const SWITCH_NAMES = new Set([
  'docker',
  'nerdctl',
  'podman',
  'kubectl',
  'oc',
  'k',
  'kubectx',
  'kubens',
  'terraform',
  'tofu',
  'terragrunt',
  'tf',
  'pulumi',
  'gcloud',
  'az',
  'aws',
  'doctl',
  'firebase',
  'supabase',
  'heroku',
  'railway',
  'export',
  'declare',
  'typeset',
  'readonly',
  'docker-compose',
  'podman-compose',
]);

function docker(s: Sub): string[] | undefined {
  if (!named(s, 'docker', 'podman', 'docker-compose', 'podman-compose', 'nerdctl')) return undefined;
  const b = bareWords(s);
  return s.name === 'docker-compose' || s.name === 'podman-compose' ? ['compose', ...b] : b;
}

const NO_VALUES: readonly (string | null)[] = [];
const K8S_DELETE = /^(delete|drain)$/;
const K8S_MUTATE = /^(apply|replace|patch|edit|set|scale|autoscale|create|expose|label|annotate|taint|cordon|uncordon|run|rollout|cp|certificate)$/;
const HELM_MUTATE = /^(install|upgrade|uninstall|delete|del|rollback)$/;

/** Verbs that only read, for CLIs with `<group> <verb>` shapes (aws, gcloud, az). */
const READ_OP =
  /^(describe|list|get|head|show|search|lookup|scan|query|filter|batch-get|validate|estimate|wait|help|ls|whoami|check|simulate|preview|select|download|view|decode|poll|receive|tail|presign|test|version|info|status|explain|account|configure|login|logout|print|read|export|diff|plan|logs?)([-_].*)?$/;

/** Host paths a container should never be given: the root, the system, the docker socket, home folders. */
const HOST_MOUNT = /^\/$|^\/(etc|root|proc|sys|dev|boot)(\/.*)?$|^\/(home|usr|var|bin|sbin|lib|lib64|run|opt|srv|mnt|media)$|docker\.sock$/;

/** CLIs whose verbs manage services, machines, containers, processes, data stores or hosted projects. */
const DESTROY_CLIS = [
  'vagrant',
  'podman',
  'docker',
  'nerdctl',
  'docker-compose',
  'podman-compose',
  'glab',
  'gh',
  'influx',
  'supervisorctl',
  'pm2',
  'forever',
  'tmux',
  'screen',
  'mix',
  'launchctl',
  'service',
  'rc-service',
  'sv',
  'lxc',
  'multipass',
  'virsh',
  'vboxmanage',
  'VBoxManage',
  'incus',
  'colima',
  'lima',
  'limactl',
  'minikube',
  'kind',
  'k3d',
  'heroku',
  'flyctl',
  'fly',
  'vercel',
  'netlify',
  'firebase',
  'wrangler',
  'railway',
  'supabase',
  'neonctl',
  'pscale',
  'planetscale',
  'turso',
  'doctl',
  'hcloud',
  'consul',
  'nomad',
  'vault',
  'etcdctl',
];
const DESTROY_VERB =
  /^(destroy|delete|del|rm|remove|drop|reset|prune|purge|kill|kill-server|kill-session|killall|wipe|flush|flushall|flushdb|nuke|unregister|undefine|bootout|teardown|ecto\.(drop|reset|rollback)|db:(drop|reset|wipe)|(delete|destroy|remove|drop|purge|kill)-.*|.*[.:-](delete|destroy|drop|reset|purge|wipe))$/;

/** Is a `host:port[,host:port]` broker list (or URL) all on this machine? Unknown (null) is not. */
function localBrokers(v: string | null | undefined): boolean {
  return typeof v === 'string' && v.split(',').every((x) => localAddress(x.includes('://') ? x : `tcp://${x}`));
}

/** The value of the first of the given options (`--opt v`, `--opt=v`, `-bv`); undefined when absent, null when dynamic. */
function optValue(s: Sub, ...names: string[]): string | null | undefined {
  const ws = s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    for (const n of names) {
      if (v === n) return ws[i + 1]?.value ?? null;
      if (n.startsWith('--') && v.startsWith(n + '=')) return v.slice(n.length + 1);
      if (n.length === 2 && v.startsWith(n) && v.length > 2) return v.slice(2);
    }
  }
  return undefined;
}

const MQ_NAMES = [
  'kafka-topics',
  'kafka-consumer-groups',
  'kafka-configs',
  'kafka-console-producer',
  'kafka-producer-perf-test',
  'kafka-delete-records',
  'kafka-acls',
  'kafka-reassign-partitions',
  'kafka-leader-election',
  'kafka-storage',
  'kcat',
  'kafkacat',
  'rabbitmqctl',
  'rabbitmqadmin',
  'nats',
  'pulsar-admin',
  'pulsarctl',
  'mosquitto_pub',
  'celery',
  'rq',
];

function mqChange(s: Sub): string | undefined {
  const n = (s.name ?? '').replace(/\.sh$/, '');
  const b = bareWords(s);
  const has = (...f: string[]) => s.words.some((w) => w.value !== null && f.includes(w.value));
  const broker = () => optValue(s, '--bootstrap-server', '--broker-list', '-b', '--zookeeper');
  switch (n) {
    case 'kafka-topics':
      return has('--delete', '--alter')
        ? `kafka-topics ${has('--delete') ? '--delete deletes a topic and its messages' : '--alter changes a topic'}`
        : undefined;
    case 'kafka-configs':
      return has('--alter') ? 'kafka-configs --alter changes topic or broker settings (retention can drop messages)' : undefined;
    case 'kafka-consumer-groups':
      if (has('--delete', '--delete-offsets')) return 'kafka-consumer-groups --delete drops a group’s offsets';
      return has('--reset-offsets') && has('--execute') ? 'kafka-consumer-groups --reset-offsets --execute moves where consumers read' : undefined;
    case 'kafka-delete-records':
      return 'kafka-delete-records deletes messages';
    case 'kafka-acls':
      return has('--add', '--remove') ? 'kafka-acls changes who may read and write topics' : undefined;
    case 'kafka-reassign-partitions':
    case 'kafka-leader-election':
      return has('--execute') || n === 'kafka-leader-election' ? `${n} moves partitions between brokers` : undefined;
    case 'kafka-storage':
      return b[0] === 'format' ? 'kafka-storage format wipes a broker’s log directories' : undefined;
    case 'kafka-console-producer':
    case 'kafka-producer-perf-test':
      return localBrokers(broker()) ? undefined : `${n} sends messages to ${broker() ?? 'a broker only known at run time'}`;
    case 'kcat':
    case 'kafkacat':
      return has('-P') && !localBrokers(broker()) ? `${n} -P sends messages to ${broker() ?? 'a broker only known at run time'}` : undefined;
    case 'rabbitmqctl':
      return b[0] !== undefined &&
        !/^(list_.*|status|cluster_status|environment|report|node_health_check|ping|await_startup|version|help|eval_file_exists|list|diagnostics)$/.test(b[0])
        ? `rabbitmqctl ${b[0]} changes the broker`
        : undefined;
    case 'rabbitmqadmin':
      return b[0] !== undefined && !/^(list|show|help|export)$/.test(b[0]) ? `rabbitmqadmin ${b[0]} changes the broker` : undefined;
    case 'nats': {
      const m = b.find((w) =>
        /^(rm|del|delete|purge|edit|seal|restore|add|create|new|pub|publish|req|request|cut|evict|compact|update|put|revoke|stepdown|unlock|backup)$/.test(w),
      );
      return m ? `nats ${b.slice(0, b.indexOf(m) + 1).join(' ')} changes streams, buckets or subscribers` : undefined;
    }
    case 'pulsar-admin':
    case 'pulsarctl': {
      const m = b.find(
        (w) =>
          DESTROY_VERB.test(w) ||
          /^(unload|clear-backlog|skip|skip-all|reset-cursor|terminate|expire-messages|(set|remove|revoke|grant|update|create)-.*|compact|offload|truncate|split-bundle)$/.test(
            w,
          ),
      );
      return m ? `${n} ${b.slice(0, b.indexOf(m) + 1).join(' ')} changes topics or namespaces` : undefined;
    }
    case 'mosquitto_pub': {
      const h = optValue(s, '-h', '--host', '-L', '--url');
      if (has('-r', '--retain')) return 'mosquitto_pub -r leaves a retained message every subscriber receives';
      return h === undefined || localBrokers(h) ? undefined : `mosquitto_pub sends a message to ${h ?? 'a broker only known at run time'}`;
    }
    case 'celery': {
      if (b.includes('purge')) return 'celery purge deletes every waiting task';
      const i = b.findIndex((w) => w === 'control' || w === 'amqp');
      return i >= 0 && b[i + 1] !== undefined && !/^(ping|inspect|stats|report|help)$/.test(b[i + 1])
        ? `celery ${b[i]} ${b[i + 1]} changes workers or queues`
        : undefined;
    }
    case 'rq':
      return /^(empty|requeue|suspend|resume)$/.test(b[0] ?? '') ? `rq ${b[0]} changes the queues` : undefined;
  }
  return undefined;
}

/** Object-store verbs that only list, print or compare (everything else writes, moves, deletes or reveals keys). */
const STORE_READ: Record<string, RegExp> = {
  rclone: /^(ls|lsd|lsl|lsf|lsjson|cat|size|tree|about|check|cryptcheck|listremotes|version|md5sum|sha1sum|hashsum|ncdu|help|backend)$/,
  s3cmd: /^(ls|la|info|du|--help|--version)$/,
  mc: /^(ls|cat|head|stat|du|diff|tree|ping|ready|version|admin)$/,
  s5cmd: /^(ls|cat|du|head|version)$/,
  azcopy: /^(list|jobs|env|--help|--version|help)$/,
  b2: /^(ls|list-buckets|get-file-info|get-bucket|cat|version|file|bucket|help)$/,
};

export const infraRules: Rule[] = [
  {
    id: 'cloud.object-store',
    names: Object.keys(STORE_READ),
    description:
      'Writes, moves or deletes objects in a bucket or remote store (rclone delete/purge/sync/move/copy, s3cmd del/sync --delete-removed, mc rm/mirror --remove/rb, s5cmd rm, azcopy remove/sync --delete-destination, b2 delete) or prints its stored keys (rclone config show). Listings and reads run.',
    examples: {
      destructive: [
        'rclone purge remote:bucket',
        'rclone sync ./empty remote:bucket',
        'rclone delete remote:bucket/path',
        'rclone config show',
        'mc rb --force myminio/bucket',
        'mc mirror --remove ./dist myminio/b',
        's3cmd del --recursive s3://bucket',
        's5cmd rm "s3://bucket/*"',
        'azcopy remove https://acct.blob.core.windows.net/c --recursive',
        'b2 delete-bucket prod',
      ],
      benign: [
        'rclone ls remote:bucket',
        'rclone lsd remote:',
        'rclone sync /tmp/e remote:bucket --dry-run',
        'rclone purge -n remote:bucket',
        'mc ls myminio/bucket',
        's3cmd ls s3://bucket',
        'azcopy list https://acct.blob.core.windows.net/c',
        'rclone check ./dist remote:b',
      ],
    },
    check(s) {
      const re = s.name === null ? undefined : STORE_READ[s.name];
      if (re === undefined) return undefined;
      const b = bareWords(s);
      if (b.length === 0) return undefined;
      // `rclone sync … --dry-run` (-n), `s3cmd sync -n`, `mc mirror --dry-run`: what would change is printed, nothing is.
      if (dryRun(s, s.name === 'rclone' || s.name === 's3cmd' ? ['-n'] : undefined)) return undefined;
      // `mc admin` reads only with info/trace-like verbs; `b2 file|bucket|key` groups read only with get/list/info.
      if (s.name === 'mc' && b[0] === 'admin' && !/^(info|trace|top|scanner|heal|config)$/.test(b[1] ?? '')) return `mc admin ${b[1] ?? ''} changes the server`;
      if (s.name === 'mc' && b[0] === 'admin' && b[1] === 'config' && b[2] !== 'get') return 'mc admin config changes the server';
      if (s.name === 'b2' && /^(file|bucket|key)$/.test(b[0]) && !/^(info|get|list|ls|url|cat|download)$/.test(b[1] ?? ''))
        return `b2 ${b[0]} ${b[1] ?? ''} changes the store`;
      if (s.name === 'rclone' && b[0] === 'backend' && !/^(features|help)$/.test(b[1] ?? '')) return `rclone backend ${b[1] ?? ''} runs a backend command`;
      if (re.test(b[0])) return undefined;
      return `${s.name} ${b[0]} writes, moves or deletes objects in a store (or prints its keys)`;
    },
  },
  {
    id: 'container.env-render',
    names: ['docker', 'podman', 'docker-compose', 'podman-compose', 'nerdctl'],
    description:
      'Prints a Compose file or a Bake definition with its variables filled in (docker compose config, docker buildx bake --print): the values come from .env and the environment, secrets included.',
    examples: {
      destructive: [
        'docker compose config',
        'docker-compose config',
        'podman-compose config',
        'docker compose --env-file .env.prod config',
        'docker compose convert',
        'docker buildx bake --print',
        'docker buildx bake -f docker-bake.hcl --print app',
        'docker bake --print',
      ],
      benign: ['docker compose config --services', 'docker compose config -q', 'docker compose config --volumes', 'docker compose config --no-interpolate'],
    },
    check(s) {
      const b = docker(s);
      // Bake reads .env and the environment for its variables (build args, secrets' env ids) and --print shows them filled in.
      if (b && (b[0] === 'bake' || (b[0] === 'buildx' && b[1] === 'bake')) && hasWord(s, '--print'))
        return `${s.name} ${b[0] === 'bake' ? 'bake' : 'buildx bake'} --print prints the build definition with the values of .env and the environment filled in`;
      // Compose options with values (`--env-file .env.prod`) are not told apart from verbs here: look for the verb anywhere.
      const at = b ? b.findIndex((w) => w === 'config' || w === 'convert') : -1;
      if (!b || b[0] !== 'compose' || at < 0) return undefined;
      if (hasWord(s, '--services', '--volumes', '--images', '--profiles', '--networks', '--hash', '-q', '--quiet', '--no-interpolate', '--variables'))
        return undefined;
      return `${s.name} compose ${b[at]} prints the configuration with the values of .env and the environment filled in`;
    },
  },
  {
    id: 'mq.destroy',
    names: [...MQ_NAMES, ...MQ_NAMES.filter((x) => x.startsWith('kafka-')).map((x) => `${x}.sh`)],
    description:
      'Deletes or rewrites what a message broker holds, or sends messages to one on another machine: kafka-topics --delete/--alter, offset resets, kafka-delete-records, rabbitmqctl delete_queue/purge_queue/reset, nats stream rm/purge, pulsar-admin deletes, celery purge, producing to a remote broker.',
    examples: {
      destructive: [
        'kafka-topics.sh --bootstrap-server prod:9092 --delete --topic orders',
        'kafka-consumer-groups --reset-offsets --to-earliest --execute --group g --all-topics --bootstrap-server k:9092',
        'kafka-configs --bootstrap-server k:9092 --alter --entity-type topics --entity-name t --add-config retention.ms=1',
        'kafka-console-producer --topic orders --bootstrap-server prod:9092',
        'rabbitmqctl purge_queue orders',
        'rabbitmqctl reset',
        'rabbitmqadmin delete queue name=orders',
        'nats stream rm ORDERS -f',
        'nats kv del bucket key',
        'pulsar-admin topics delete persistent://t/n/x',
        'celery -A app purge -f',
        'celery -A proj control shutdown',
        'rq empty --all',
        'mosquitto_pub -h broker.example.com -t devices/all/cmd -m reset',
        'kcat -b prod:9092 -t orders -P -l events.txt',
      ],
      benign: [
        'kafka-topics --list --bootstrap-server localhost:9092',
        'kafka-topics --describe --topic orders --bootstrap-server k:9092',
        'kafka-consumer-groups --describe --group g --bootstrap-server k:9092',
        'kafka-console-producer --topic t --bootstrap-server localhost:9092',
        'rabbitmqctl list_queues',
        'nats stream ls',
        'nats stream info ORDERS',
        'celery -A app inspect active',
        'rq info',
        'mosquitto_pub -h localhost -t test -m hi',
        'kcat -b localhost:9092 -L',
      ],
    },
    check: mqChange,
  },
  {
    id: 'infra.target-switch',
    description:
      'Changes which daemon, cluster, account, project, workspace or database commands act on: a switch that outlives the command (docker context use, kubectl config use-context/set-context, kubectx, terraform workspace select, gcloud config set project, az account set, export DOCKER_HOST/KUBECONFIG/AWS_PROFILE/DATABASE_URL=…), or a change made with the target pointed elsewhere (DOCKER_HOST=ssh://… docker compose up, docker -H/--context, DATABASE_URL=postgres://prod… npm run migrate). Local contexts (default, kind-*, minikube, docker-desktop, dev) and reads are not asked.',
    examples: {
      destructive: [
        'docker context use prod',
        'docker context use prod && docker compose up -d',
        'kubectl config use-context prod-cluster',
        'kubectl config set-context --current --namespace=prod',
        'kubectx prod',
        'kubens production',
        'terraform workspace select prod',
        'pulumi stack select prod',
        'gcloud config set project prod-project-123',
        'gcloud config configurations activate prod',
        'az account set --subscription prod-sub',
        'doctl auth switch --context prod',
        'aws eks update-kubeconfig --name prod',
        'export DOCKER_HOST=tcp://10.0.0.5:2376 && docker ps',
        'export KUBECONFIG=/tmp/prod.kubeconfig',
        'export AWS_PROFILE=production',
        'DOCKER_HOST=ssh://deploy@prod.example.com docker compose up -d',
        'DOCKER_CONTEXT=prod docker compose down',
        'docker -H ssh://root@prod.example.com run -d nginx',
        'docker --context prod compose up -d',
        'DATABASE_URL=postgres://u@db.prod.example.com/app npm run migrate',
        'firebase use production',
        'docker save app | ssh prod docker load',
        "docker save app:1 | ssh build-server 'docker load && docker compose up -d'",
        'podman save app | ssh prod podman load',
        'cat /tmp/img.tar | ssh prod docker load',
        'ssh prod docker compose up -d',
      ],
      benign: [
        'ssh prod docker ps',
        'ssh prod docker logs --tail 50 web',
        'docker context ls',
        'docker context use default',
        'kubectl config get-contexts',
        'kubectl config current-context',
        'kubectl config use-context kind-dev',
        'kubectx',
        'terraform workspace list',
        'terraform workspace select dev',
        'gcloud config list',
        'export DOCKER_HOST=unix:///var/run/docker.sock',
        'export DATABASE_URL=postgres://postgres@localhost:5432/app',
        'AWS_PROFILE=prod aws s3 ls',
        'DOCKER_HOST=ssh://prod docker ps',
        'docker --context prod logs web',
        'DATABASE_URL=postgres://localhost/app npm test',
        'export NODE_ENV=production',
      ],
    },
    // A switch by name, a container CLI pointed elsewhere (containerTarget), or a target variable assigned.
    concerns: { name: (n) => n !== null && (SWITCH_NAMES.has(n) || CONTAINER_CLIS.includes(n)), assigns: true },
    check(s) {
      const sw = s.name !== null && SWITCH_NAMES.has(s.name) ? targetSwitch(s) : undefined;
      if (sw) return sw.includes('later command') ? sw : `${sw}: every later command acts on that target`;
      // A target pointed elsewhere for this command only: reads are fine, anything else changes that target.
      let why: string | undefined;
      for (const k in s.assigns) if (TARGET_VARS[k] !== undefined && remoteTarget(k, s.assigns[k])) why = `${k}=${s.assigns[k] ?? '…'}`;
      if (why === undefined) why = containerTarget(s);
      // Over ssh the container daemon is the other host's: `docker save app | ssh prod docker load` ships an image there.
      if (why === undefined && s.remote && named(s, ...CONTAINER_CLIS)) why = 'ssh';
      if (why === undefined || s.name === null || DB_CLIENTS.test(s.name)) return undefined;
      const b = bareWords(s);
      if (b.length === 0 ? s.name !== 'export' : TARGET_READ.test(b[0]) || TARGET_READ.test(b[1] ?? '') || dryRun(s)) return undefined;
      return `${s.name} ${b.slice(0, 2).join(' ')} acts on the target ${why} points at, not this machine`;
    },
  },
  {
    id: 'infra.destroy',
    names: DESTROY_CLIS,
    description:
      'Destroys or stops what a service, VM, container, process-manager or hosting CLI manages: destroy/delete/rm/drop/reset/prune/purge/kill/flush verbs (vagrant destroy, podman system reset, glab repo delete, mix ecto.drop, supervisorctl stop all, tmux kill-session).',
    examples: {
      destructive: [
        'vagrant destroy --force web',
        'podman system reset --force',
        'glab repo delete acme/api -y',
        'influx bucket delete --name logs',
        'mix ecto.reset',
        'docker-compose rm -f',
        'docker kill api',
        'tmux kill-server',
        'supervisorctl stop all',
        'pm2 delete all',
      ],
      benign: ['vagrant status', 'glab mr list', 'supervisorctl status', 'tmux ls', 'mix test', 'docker compose down', 'docker restart api', 'pm2 logs api'],
    },
    check(s) {
      if (dryRun(s)) return undefined;
      const b = bareWords(s);
      const m = b.find((w) => DESTROY_VERB.test(w));
      if (m) return `${s.name} ${b.slice(0, b.indexOf(m) + 1).join(' ')} destroys what it manages`;
      // Stopping one named service is everyday work; stopping all of them is not.
      if (b.some((w) => /^(stop|restart|shutdown)$/.test(w)) && (b.includes('all') || hasWord(s, '-a', '--all')))
        return `${s.name} stops everything it manages`;
      return undefined;
    },
  },
  {
    id: 'container.escape',
    names: ['docker', 'podman', 'nerdctl'],
    description:
      'Runs a container with the host in reach: --privileged, the host’s PID/IPC/user namespaces, added capabilities, disabled confinement, devices, or a mount of /, system folders, home folders or the docker socket.',
    examples: {
      destructive: [
        'docker run --privileged -v /:/host alpine chroot /host',
        'docker run -v /:/host alpine ls /host',
        'docker run --pid=host alpine kill 1',
        'docker run --cap-add=SYS_ADMIN alpine mount',
        'docker run -v /var/run/docker.sock:/var/run/docker.sock docker:cli ps',
        'docker run --security-opt seccomp=unconfined alpine id',
        'podman run --mount type=bind,source=/etc,target=/h alpine cat /h/shadow',
      ],
      benign: [
        'docker run --rm alpine echo hello',
        'docker run --rm -v "$PWD":/w node:20 npm test',
        'docker run -p 8080:80 nginx',
        'docker run --network=host nginx',
      ],
    },
    check(s, ctx) {
      const b = docker(s);
      if (!b || (!/^(run|create|exec)$/.test(b[0] ?? '') && !(b[0] === 'container' && /^(run|create)$/.test(b[1] ?? '')))) return undefined;
      const home = ctx.env.home.replace(/\/+$/, '');
      const hostly = (src: string) => HOST_MOUNT.test(src.replace(/\/+$/, '') || '/') || src.replace(/\/+$/, '') === home || src === '~' || src === '~/';
      const ws = s.words;
      for (let i = 1; i < ws.length; i++) {
        const v = ws[i].value;
        if (v === null) continue;
        const eq = v.indexOf('=');
        const k = v.startsWith('--') && eq > 0 ? v.slice(0, eq) : v;
        const next = ws[i + 1];
        const val = v.startsWith('--') && eq > 0 ? v.slice(eq + 1) : next === undefined ? undefined : (next.value ?? next.path);
        if (k === '--privileged') return 'a privileged container controls the host';
        if (/^--(pid|ipc|userns|uts|cgroupns)$/.test(k) && val === 'host') return `${k}=host shares the host’s namespace`;
        if (
          k === '--cap-add' &&
          val &&
          /^(ALL|SYS_ADMIN|SYS_PTRACE|SYS_MODULE|DAC_READ_SEARCH|DAC_OVERRIDE|NET_ADMIN|SYS_RAWIO)$/i.test(val.replace(/^CAP_/i, ''))
        )
          return `--cap-add ${val} lets the container reach the host`;
        if (k === '--security-opt' && val && /unconfined|label[:=]disable|systempaths=unconfined/.test(val))
          return `--security-opt ${val} turns the container’s confinement off`;
        if (k === '--device' && val) return `--device ${val} gives the container a host device`;
        if ((k === '-v' || k === '--volume' || v.startsWith('-v=')) && val !== undefined && val !== null) {
          const src = (v.startsWith('-v=') ? v.slice(3) : val).split(':')[0];
          if (hostly(src)) return `-v ${val} mounts the host’s ${src || '/'} into the container`;
        }
        if (k === '--mount' && val) {
          const src = /(?:^|,)(?:source|src)=([^,]+)/.exec(val)?.[1];
          if (src && hostly(src)) return `--mount ${val} mounts the host’s ${src} into the container`;
        }
      }
      return undefined;
    },
  },
  {
    id: 'container.prune',
    names: ['docker', 'podman', 'docker-compose', 'nerdctl', 'buildah'],
    description:
      'Deletes container data: docker system/image/volume prune, volume rm, rm -f/-v, rmi -f/-a, compose down -v/--rmi, stack/service rm; buildah rm/rmi --all, rmi -f, prune.',
    examples: {
      destructive: [
        'docker system prune -a',
        'docker image prune -a -f',
        'docker-compose down --volumes --rmi all',
        'docker compose -p x down -v',
        'docker compose -f other.yml --project-name x down --volumes',
        'docker compose down -v',
        'docker volume rm pgdata',
        'docker rm -f api',
        'docker service scale web=0',
        'docker stack deploy -c stack.yml prod',
        'podman rmi -af',
        'podman rmi --all',
        'nerdctl rmi -a',
        'buildah rm --all',
        'buildah rmi -a',
        'buildah rmi --prune --all',
        'buildah prune -af',
        'buildah rm $(buildah containers -q)',
      ],
      benign: [
        'docker ps',
        'docker compose down',
        'docker run --rm alpine echo hello',
        'docker images',
        'docker compose up -d',
        'podman rmi localhost/app:old',
        'buildah rm working-container',
        'buildah images',
        'buildah bud -t app .',
      ],
    },
    check(s) {
      if (s.name === 'buildah') return buildahPrune(s);
      const b = docker(s);
      if (!b) return undefined;
      // The values are listed only for the verbs whose flags matter (this runs for every docker command).
      const w =
        b[0] === 'compose' ||
        b[0] === 'rm' ||
        b[0] === 'container' ||
        b[0] === 'rmi' ||
        b[0] === 'image' ||
        b[0] === 'swarm' ||
        b[0] === 'service' ||
        b[0] === 'stack' ||
        b[0] === 'node'
          ? s.words.map((x) => x.value)
          : NO_VALUES;
      // `prune` is a verb of the object groups (`system prune`, `image prune`, `builder prune`; a global option's value
      // may stand before the group), not any word: `docker logs $(docker ps -q)` may put anything after `logs`, and
      // `docker logs prune` deletes nothing.
      const pr = b.indexOf('prune');
      if (pr > 0 && /^(system|image|container|volume|network|builder|buildx|pod)$/.test(b[pr - 1]))
        return `${s.name} ${b.slice(0, 2).join(' ')} deletes containers, images or volumes`;
      if (b[0] === 'volume' && /^(rm|remove)$/.test(b[1] ?? '')) return 'docker volume rm deletes data volumes';
      // compose's own options come before the verb with their values (`compose -p x down -v`): the verb is the first known one.
      const cv = b[0] === 'compose' ? b.slice(1).find((x) => x === 'down' || x === 'rm') : undefined;
      if (cv === 'down' && w.some((x) => x !== null && /^(-v|--volumes|--rmi(=.*)?)$/.test(x))) return 'compose down -v deletes named volumes';
      if (cv === 'rm' && w.some((x) => x === '-v' || x === '--volumes')) return 'compose rm -v deletes volumes';
      if ((b[0] === 'rm' || (b[0] === 'container' && b[1] === 'rm')) && w.some((x) => x !== null && /^-[a-z]*[fv]|^--(force|volumes)$/.test(x)))
        return 'docker rm -f/-v kills containers and deletes their volumes';
      // Grouped short flags count (`podman rmi -af`); `-a`/`--all` (podman, nerdctl) removes every image.
      if ((b[0] === 'rmi' || (b[0] === 'image' && b[1] === 'rm')) && w.some((x) => x !== null && /^-[a-z]*[fa]|^--(force|all)$/.test(x)))
        return `${s.name} rmi -f/-a deletes images in use or every image`;
      if ((b[0] === 'stack' || b[0] === 'service' || b[0] === 'secret' || b[0] === 'config') && /^(rm|remove)$/.test(b[1] ?? ''))
        return `docker ${b[0]} rm changes a swarm`;
      if (b[0] === 'swarm' && b[1] === 'leave' && w.includes('--force')) return 'docker swarm leave --force';
      // Swarm services run on other machines: scaling, updating or deploying them changes a cluster.
      if (
        (b[0] === 'service' && /^(scale|update|rollback|create)$/.test(b[1] ?? '')) ||
        (b[0] === 'stack' && /^(deploy|up)$/.test(b[1] ?? '')) ||
        (b[0] === 'node' && /^(rm|demote|promote|update)$/.test(b[1] ?? ''))
      )
        return `docker ${b[0]} ${b[1]} changes a swarm`;
      return undefined;
    },
  },
  {
    id: 'container.persistent',
    names: ['docker', 'podman', 'nerdctl'],
    description:
      'Starts a container the daemon restarts on its own (`--restart=always`/`unless-stopped`, also through `docker update`): it outlives the session and every reboot, running an image nobody reviewed long after the command was judged.',
    examples: {
      destructive: [
        'docker run -d --restart=always evil/miner',
        'docker run -d --restart unless-stopped x',
        'docker update --restart=always c1',
        'podman run -d --restart=always x',
      ],
      benign: [
        'docker run --rm alpine echo hello',
        'docker run -d -p 5432:5432 postgres:16',
        'docker run -d --restart=no x',
        'docker run -d --restart=on-failure:3 x',
        'docker restart api',
      ],
    },
    check(s) {
      const b = docker(s);
      if (!b || !(b[0] === 'run' || b[0] === 'create' || b[0] === 'update' || (b[0] === 'container' && /^(run|create|update)$/.test(b[1] ?? ''))))
        return undefined;
      const ws = s.words;
      for (let i = 1; i < ws.length; i++) {
        const v = ws[i].value;
        if (v === null) continue;
        const val = v === '--restart' ? ws[i + 1]?.value : v.startsWith('--restart=') ? v.slice(10) : undefined;
        if (val === undefined) continue;
        if (val === null || /^(always|unless-stopped)$/.test(val))
          return `${s.name} --restart=${val ?? '…'} keeps the container running across restarts and reboots`;
      }
      return undefined;
    },
  },
  {
    id: 'container.push',
    names: ['docker', 'podman', 'docker-compose', 'nerdctl'],
    description: 'Pushes an image to a registry (docker push, buildx --push).',
    examples: {
      destructive: [
        'docker push org/api:latest',
        'docker buildx build --push -t org/api .',
        'docker manifest push org/api:1',
        'docker compose push',
        'docker buildx imagetools create -t org/api:latest org/api:1',
        'docker trust sign org/api:1',
        'docker buildx build --output type=registry -t org/api .',
        'docker buildx build -o type=image,name=org/api,push=true .',
        'docker build --output=type=registry,name=org/api .',
      ],
      benign: [
        'docker build -t api .',
        'docker pull node:20',
        'docker buildx build -o type=local,dest=dist .',
        'docker buildx build --output type=docker -t api .',
      ],
    },
    check(s) {
      const b = docker(s);
      if (!b) return undefined;
      if (b[0] === 'push' || ((b[0] === 'image' || b[0] === 'manifest' || b[0] === 'compose') && b[1] === 'push'))
        return `docker ${b.slice(0, 2).join(' ')} publishes an image`;
      if (b[0] === 'buildx' && b[1] === 'imagetools' && b[2] === 'create') return 'docker buildx imagetools create writes a tag in a registry';
      if (b[0] === 'trust' && /^(sign|revoke)$/.test(b[1] ?? '')) return `docker trust ${b[1]} changes an image's signatures in its registry`;
      if ((b[0] === 'buildx' || b[0] === 'build' || (b[0] === 'compose' && b.includes('build'))) && hasWord(s, '--push'))
        return 'build --push publishes an image';
      // `--output type=registry`, `-o type=image,push=true`: the build's output goes to a registry.
      if ((b[0] === 'buildx' || b[0] === 'build' || b[0] === 'image' || b[0] === 'builder') && buildOutputPushes(s))
        return 'build --output type=registry (or push=true) publishes an image';
      return undefined;
    },
  },
  {
    id: 'k8s.delete',
    names: ['kubectl', 'oc', 'k', 'helm', 'kind', 'minikube', 'k3d', 'eksctl', 'microk8s', 'skaffold'],
    description: 'Deletes cluster resources or drains nodes (kubectl delete/drain, helm uninstall, kind/minikube delete). --dry-run is honoured.',
    examples: {
      destructive: ['kubectl delete pods --all -n staging', 'kubectl delete -f k8s/', 'kubectl drain node-1', 'helm uninstall api', 'kind delete cluster'],
      benign: ['kubectl get pods', 'kubectl delete -f k8s/ --dry-run=client', 'helm list', 'kubectl describe deploy/api'],
    },
    check(s) {
      if (dryRun(s)) return undefined;
      if (named(s, 'kubectl', 'oc', 'k') && K8S_DELETE.test(verb(s) ?? '')) return `kubectl ${verb(s)} deletes cluster resources`;
      if (named(s, 'helm') && /^(uninstall|delete|del)$/.test(verb(s) ?? '')) return 'helm uninstall deletes a release';
      if (named(s, 'kind', 'minikube', 'k3d', 'eksctl', 'microk8s') && bareWords(s).some((w) => w === 'delete')) return `${s.name} delete removes a cluster`;
      return undefined;
    },
  },
  {
    id: 'k8s.mutate',
    names: ['kubectl', 'oc', 'k', 'helm', 'kind', 'minikube', 'k3d', 'eksctl', 'microk8s', 'skaffold', 'tilt'],
    description: 'Changes a cluster: kubectl apply/replace/patch/scale/rollout/…, helm install/upgrade/rollback. --dry-run is honoured.',
    examples: {
      destructive: [
        'kubectl replace --force -f pod.yaml',
        'kubectl apply -f k8s/',
        'helm rollback api 3',
        'helm upgrade --install api ./chart',
        'kubectl scale deploy/api --replicas=0',
        'kubectl rollout undo deploy/api',
        'kubectl auth reconcile -f rbac.yaml',
        'kubectl proxy --address=0.0.0.0 --accept-hosts=.*',
        'tilt down',
        'tilt up --context prod',
        'tilt ci',
        'skaffold dev -p prod',
        'skaffold debug',
      ],
      benign: [
        'kubectl diff -f k8s/',
        'tilt version',
        'skaffold build',
        'skaffold render',
        'kubectl logs deploy/api --tail=100',
        'helm template api ./chart',
        'helm lint ./chart',
        'kubectl apply -f k8s/ --dry-run=server',
        'helm upgrade api ./chart --dry-run',
      ],
    },
    check(s) {
      if (dryRun(s)) return undefined;
      const v = verb(s);
      if (named(s, 'kubectl', 'oc', 'k') && v === 'auth' && bareWords(s)[1] === 'reconcile') return 'kubectl auth reconcile changes cluster roles';
      // A proxy or forward listening beyond this machine hands the cluster API (or a pod) to the network.
      if (named(s, 'kubectl', 'oc', 'k') && (v === 'proxy' || v === 'port-forward')) {
        const a = s.words.find((w) => w.value !== null && /^--address(=|$)/.test(w.value));
        const addr = a === undefined ? undefined : a.value!.includes('=') ? a.value!.slice(10) : s.words[s.words.indexOf(a) + 1]?.value;
        return addr === undefined || (addr !== null && addr.split(',').every((x) => /^(localhost|127\.[\d.]+|::1)$/.test(x)))
          ? undefined
          : `kubectl ${v} --address ${addr ?? '…'} opens the cluster to the network`;
      }
      if (named(s, 'tilt') && v === 'down') return 'tilt down deletes what it deployed';
      // tilt up / ci build and deploy the Tiltfile's resources to the current (or --context) cluster.
      if (named(s, 'tilt') && (v === 'up' || v === 'ci')) return `tilt ${v} deploys to the cluster`;
      if (named(s, 'kubectl', 'oc', 'k') && v && K8S_MUTATE.test(v)) {
        if (v === 'rollout' && /^(status|history)$/.test(bareWords(s)[1] ?? '')) return undefined;
        return `kubectl ${v} changes the cluster`;
      }
      if (named(s, 'helm') && v && HELM_MUTATE.test(v)) return `helm ${v} changes the cluster`;
      // skaffold dev builds and deploys on every change (and deletes what it deployed on exit); debug is dev too.
      if (named(s, 'skaffold') && v && /^(run|deploy|delete|apply|dev|debug)$/.test(v)) return `skaffold ${v} changes the cluster`;
      return undefined;
    },
  },
  {
    id: 'cloud.iac-apply',
    names: ['terraform', 'tofu', 'terragrunt', 'tf', 'pulumi', 'cdk', 'cdktf', 'sst', 'sam', 'packer'],
    description:
      'Applies or destroys infrastructure (terraform/tofu/terragrunt apply|destroy|import|state rm, pulumi up|destroy, cdk deploy|destroy). Plans and previews are benign.',
    examples: {
      destructive: [
        'terraform destroy -auto-approve',
        'terraform apply tfplan',
        'pulumi up -y',
        'cdk deploy --all',
        'terraform state rm aws_s3_bucket.b',
        'terraform refresh',
        'tofu apply',
        'packer build .',
      ],
      benign: [
        'terraform plan -destroy -out=destroy.tfplan',
        'terraform validate',
        'terraform show',
        'cdk diff',
        'pulumi preview',
        'terraform init',
        'packer validate .',
      ],
    },
    check(s) {
      const v = verb(s);
      if (!v) return undefined;
      if (named(s, 'terraform', 'tofu', 'terragrunt', 'tf')) {
        if (/^(apply|destroy|import|taint|untaint|force-unlock|run-all)$/.test(v)) return `${s.name} ${v} changes real infrastructure`;
        // refresh rewrites the state to what the provider reports now (as pulumi refresh): resources it cannot see drop out.
        if (v === 'refresh') return `${s.name} refresh rewrites the state from what the provider reports`;
        const b = bareWords(s);
        if (v === 'state' && /^(rm|mv|push|replace-provider)$/.test(b[1] ?? '')) return `${s.name} state ${b[1]} rewrites state`;
        if (v === 'workspace' && b[1] === 'delete') return `${s.name} workspace delete`;
        return undefined;
      }
      if (named(s, 'pulumi') && /^(up|update|destroy|refresh|import|cancel)$/.test(v)) return `pulumi ${v} changes real infrastructure`;
      if (named(s, 'pulumi') && /^(stack|state)$/.test(v) && /^(rm|delete|unprotect)$/.test(bareWords(s)[1] ?? '')) return `pulumi ${v} ${bareWords(s)[1]}`;
      if (named(s, 'cdk', 'cdktf', 'sst') && /^(deploy|destroy|bootstrap|remove)$/.test(v)) return `${s.name} ${v} changes real infrastructure`;
      if (named(s, 'sam') && /^(deploy|delete|sync)$/.test(v)) return `sam ${v} changes real infrastructure`;
      // packer build starts cloud machines and registers images in the account.
      if (named(s, 'packer') && v === 'build') return 'packer build creates machines and images in a cloud account';
      return undefined;
    },
  },
  {
    id: 'cloud.mutate',
    names: ['aws', 'gcloud', 'gsutil', 'az', 'doctl', 'hcloud', 'linode-cli', 'oci', 'ibmcloud', 'scw', 'bq'],
    description:
      'Mutates cloud resources with aws/gcloud/az/doctl (delete-*, s3 rm|rb|mv, create, update, deploy…). Describe/list/get are benign; --dryrun is honoured.',
    examples: {
      destructive: [
        'aws s3 rm s3://my-bucket --recursive',
        'aws s3 rb s3://my-bucket --force',
        'aws dynamodb delete-table --table-name Orders',
        'gcloud compute instances delete vm-1',
        'az group delete -n rg',
        'aws s3 sync dist/ s3://site',
        'aws ec2 terminate-instances --instance-ids i-1',
        'bq rm -f -t ds.table',
        'aws s3 cp ./dist s3://b --recursive --acl public-read',
      ],
      benign: [
        'gcloud config list',
        'az account show',
        'aws s3 ls',
        'aws sts get-caller-identity',
        'aws s3 cp s3://b/x.csv /tmp/report.csv',
        'aws ec2 describe-instances',
        'bq ls',
        'bq show ds.table',
      ],
    },
    check(s) {
      if (dryRun(s, ['--dryrun'])) return undefined;
      const b = bareWords(s);
      if (named(s, 'aws')) {
        const [svc, op] = b;
        if (!svc || !op) return undefined;
        if (svc === 's3') {
          if (/^(rm|rb|mv)$/.test(op)) return `aws s3 ${op} deletes objects`;
          // The destination is the second path after the operation (option values such as `--acl public-read` may follow).
          if (/^(cp|sync)$/.test(op)) return /^s3:\/\//.test(b[3] ?? b[b.length - 1] ?? '') ? `aws s3 ${op} writes to a bucket` : undefined;
          return /^(ls|presign)$/.test(op) ? undefined : `aws s3 ${op}`;
        }
        if (svc === 'configure' || svc === 'sts' || svc === 'help') return undefined;
        return READ_OP.test(op) ? undefined : `aws ${svc} ${op} changes cloud resources`;
      }
      // BigQuery: rm/mk/update/cp/load/insert change datasets and tables (queries are judged as SQL by db.ddl).
      if (named(s, 'bq'))
        return /^(rm|mk|update|cp|load|insert|truncate|cancel|set-iam-policy|add-iam-policy-binding|remove-iam-policy-binding|undelete)$/.test(b[0] ?? '')
          ? `bq ${b[0]} changes BigQuery datasets or tables`
          : undefined;
      if (named(s, 'gcloud', 'gsutil', 'az', 'doctl', 'hcloud', 'linode-cli', 'oci', 'ibmcloud', 'scw')) {
        if (b[0] === 'config' || b[0] === 'auth' || (s.name === 'az' && b[0] === 'account') || (s.name === 'az' && b[0] === 'login')) return undefined;
        if (s.name === 'gsutil')
          return /^(rm|rb|mv|cp|rsync|setmeta|acl|iam)$/.test(b[0] ?? '') && !(b[0] === 'cp' && !/^gs:\/\//.test(b[b.length - 1] ?? ''))
            ? `gsutil ${b[0]} changes buckets`
            : undefined;
        const m = b.find((w) =>
          /^(delete|remove|destroy|create|deploy|update|set|patch|resize|stop|start|restart|reset|import|rollback|purge|wipe|drop|truncate|flush|empty|clear|add|upload|copy|cp|mv|sync|rm|put|write|replace|revoke|grant|rotate|invoke|run|exec|execute|ssh|send-command|(delete|remove|destroy|purge|create|update|set|add|upload|put|drop|wipe)-.*|.*-(delete|remove|destroy|purge|batch)|attach|detach|apply|scale|terminate|move|rename|upgrade|disable|enable|submit|cancel|undelete|restore|up|down)$/.test(
            w,
          ),
        );
        return m ? `${s.name} ${b.slice(0, b.indexOf(m) + 1).join(' ')} changes cloud resources` : undefined;
      }
      return undefined;
    },
  },
];

/** A build output that goes to a registry: `--output type=registry`, `-o type=image,push=true`. */
function buildOutputPushes(s: Sub): boolean {
  const ws = s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    const spec = v === '-o' || v === '--output' ? ws[i + 1]?.value : v.startsWith('--output=') ? v.slice(9) : /^-o./.test(v) ? v.slice(2) : undefined;
    if (spec === undefined) continue;
    if (spec === null) return true;
    if (/(^|,)type=registry(,|$)|(^|,)push=(true|1)(,|$)/i.test(spec)) return true;
  }
  return false;
}
