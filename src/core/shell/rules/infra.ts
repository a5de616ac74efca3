// Containers, clusters and cloud infrastructure: deleting data volumes, mutating clusters, applying plans.
import type { Sub } from '../types';
import type { Rule } from './types';
import { bareWords, dryRun, hasWord, named, verb } from './util';

function docker(s: Sub): string[] | undefined {
  if (!named(s, 'docker', 'podman', 'docker-compose', 'nerdctl')) return undefined;
  const b = bareWords(s);
  return s.name === 'docker-compose' ? ['compose', ...b] : b;
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

export const infraRules: Rule[] = [
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
        if ((k === '-v' || k === '--volume') && val !== undefined && val !== null) {
          const src = val.split(':')[0];
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
    names: ['docker', 'podman', 'docker-compose', 'nerdctl'],
    description: 'Deletes container data: docker system/image/volume prune, volume rm, rm -f/-v, rmi -f, compose down -v/--rmi, stack/service rm.',
    examples: {
      destructive: [
        'docker system prune -a',
        'docker image prune -a -f',
        'docker-compose down --volumes --rmi all',
        'docker compose down -v',
        'docker volume rm pgdata',
        'docker rm -f api',
      ],
      benign: ['docker ps', 'docker compose down', 'docker run --rm alpine echo hello', 'docker images', 'docker compose up -d'],
    },
    check(s) {
      const b = docker(s);
      if (!b) return undefined;
      // The values are listed only for the verbs whose flags matter (this runs for every docker command).
      const w =
        b[0] === 'compose' || b[0] === 'rm' || b[0] === 'container' || b[0] === 'rmi' || b[0] === 'image' || b[0] === 'swarm'
          ? s.words.map((x) => x.value)
          : NO_VALUES;
      if (b.includes('prune')) return `${s.name} ${b.slice(0, 2).join(' ')} deletes containers, images or volumes`;
      if (b[0] === 'volume' && /^(rm|remove)$/.test(b[1] ?? '')) return 'docker volume rm deletes data volumes';
      if (b[0] === 'compose' && b[1] === 'down' && w.some((x) => x !== null && /^(-v|--volumes|--rmi(=.*)?)$/.test(x)))
        return 'compose down -v deletes named volumes';
      if (b[0] === 'compose' && b[1] === 'rm' && w.some((x) => x === '-v' || x === '--volumes')) return 'compose rm -v deletes volumes';
      if ((b[0] === 'rm' || (b[0] === 'container' && b[1] === 'rm')) && w.some((x) => x !== null && /^-[a-z]*[fv]|^--(force|volumes)$/.test(x)))
        return 'docker rm -f/-v kills containers and deletes their volumes';
      if ((b[0] === 'rmi' || (b[0] === 'image' && b[1] === 'rm')) && w.some((x) => x === '-f' || x === '--force')) return 'docker rmi -f deletes images in use';
      if ((b[0] === 'stack' || b[0] === 'service' || b[0] === 'secret' || b[0] === 'config') && /^(rm|remove)$/.test(b[1] ?? ''))
        return `docker ${b[0]} rm changes a swarm`;
      if (b[0] === 'swarm' && b[1] === 'leave' && w.includes('--force')) return 'docker swarm leave --force';
      return undefined;
    },
  },
  {
    id: 'container.push',
    names: ['docker', 'podman', 'docker-compose', 'nerdctl'],
    description: 'Pushes an image to a registry (docker push, buildx --push).',
    examples: {
      destructive: ['docker push org/api:latest', 'docker buildx build --push -t org/api .'],
      benign: ['docker build -t api .', 'docker pull node:20'],
    },
    check(s) {
      const b = docker(s);
      if (!b) return undefined;
      if (b[0] === 'push' || (b[0] === 'image' && b[1] === 'push')) return 'docker push publishes an image';
      if ((b[0] === 'buildx' || b[0] === 'build') && hasWord(s, '--push')) return 'build --push publishes an image';
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
    names: ['kubectl', 'oc', 'k', 'helm', 'kind', 'minikube', 'k3d', 'eksctl', 'microk8s', 'skaffold'],
    description: 'Changes a cluster: kubectl apply/replace/patch/scale/rollout/…, helm install/upgrade/rollback. --dry-run is honoured.',
    examples: {
      destructive: [
        'kubectl replace --force -f pod.yaml',
        'kubectl apply -f k8s/',
        'helm rollback api 3',
        'helm upgrade --install api ./chart',
        'kubectl scale deploy/api --replicas=0',
        'kubectl rollout undo deploy/api',
      ],
      benign: [
        'kubectl diff -f k8s/',
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
      if (named(s, 'kubectl', 'oc', 'k') && v && K8S_MUTATE.test(v)) {
        if (v === 'rollout' && /^(status|history)$/.test(bareWords(s)[1] ?? '')) return undefined;
        return `kubectl ${v} changes the cluster`;
      }
      if (named(s, 'helm') && v && HELM_MUTATE.test(v)) return `helm ${v} changes the cluster`;
      if (named(s, 'skaffold') && v && /^(run|deploy|delete|apply)$/.test(v)) return `skaffold ${v} changes the cluster`;
      return undefined;
    },
  },
  {
    id: 'cloud.iac-apply',
    names: ['terraform', 'tofu', 'terragrunt', 'tf', 'pulumi', 'cdk', 'cdktf', 'sst', 'sam'],
    description:
      'Applies or destroys infrastructure (terraform/tofu/terragrunt apply|destroy|import|state rm, pulumi up|destroy, cdk deploy|destroy). Plans and previews are benign.',
    examples: {
      destructive: [
        'terraform destroy -auto-approve',
        'terraform apply tfplan',
        'pulumi up -y',
        'cdk deploy --all',
        'terraform state rm aws_s3_bucket.b',
        'tofu apply',
      ],
      benign: ['terraform plan -destroy -out=destroy.tfplan', 'terraform validate', 'terraform show', 'cdk diff', 'pulumi preview', 'terraform init'],
    },
    check(s) {
      const v = verb(s);
      if (!v) return undefined;
      if (named(s, 'terraform', 'tofu', 'terragrunt', 'tf')) {
        if (/^(apply|destroy|import|taint|untaint|force-unlock|run-all)$/.test(v)) return `${s.name} ${v} changes real infrastructure`;
        const b = bareWords(s);
        if (v === 'state' && /^(rm|mv|push|replace-provider)$/.test(b[1] ?? '')) return `${s.name} state ${b[1]} rewrites state`;
        if (v === 'workspace' && b[1] === 'delete') return `${s.name} workspace delete`;
        return undefined;
      }
      if (named(s, 'pulumi') && /^(up|update|destroy|refresh|import|cancel)$/.test(v)) return `pulumi ${v} changes real infrastructure`;
      if (named(s, 'pulumi') && /^(stack|state)$/.test(v) && /^(rm|delete|unprotect)$/.test(bareWords(s)[1] ?? '')) return `pulumi ${v} ${bareWords(s)[1]}`;
      if (named(s, 'cdk', 'cdktf', 'sst') && /^(deploy|destroy|bootstrap|remove)$/.test(v)) return `${s.name} ${v} changes real infrastructure`;
      if (named(s, 'sam') && /^(deploy|delete|sync)$/.test(v)) return `sam ${v} changes real infrastructure`;
      return undefined;
    },
  },
  {
    id: 'cloud.mutate',
    names: ['aws', 'gcloud', 'gsutil', 'az', 'doctl', 'hcloud', 'linode-cli', 'oci', 'ibmcloud', 'scw'],
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
      ],
      benign: [
        'gcloud config list',
        'az account show',
        'aws s3 ls',
        'aws sts get-caller-identity',
        'aws s3 cp s3://b/x.csv /tmp/report.csv',
        'aws ec2 describe-instances',
        'gcloud config set project x',
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
          if (/^(cp|sync)$/.test(op)) return /^s3:\/\//.test(b[b.length - 1] ?? '') ? `aws s3 ${op} writes to a bucket` : undefined;
          return /^(ls|presign)$/.test(op) ? undefined : `aws s3 ${op}`;
        }
        if (svc === 'configure' || svc === 'sts' || svc === 'help') return undefined;
        return READ_OP.test(op) ? undefined : `aws ${svc} ${op} changes cloud resources`;
      }
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
