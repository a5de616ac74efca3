// Cloud instance metadata services (src/core/net/metadata.ts): a request to one prints the machine's own
// credentials into the agent's context. Any program, a one-liner's code included: `curl`, `wget`, `python3 -c
// "urllib.request.urlopen('http://169.254.169.254/…')"`, `nc 169.254.169.254 80`.
import { controlPlaneIn, controlPort, controlSocket, metadataAddressIn, storePort } from '../../net/metadata';
import type { Sub } from '../types';
import type { Rule } from './types';

/** Clients that take a host without a scheme (`curl 169.254.169.254/latest/…`, `nc host 80`). */
const BARE_HOST_CLIENTS = new Set([
  'curl',
  'wget',
  'http',
  'https',
  'xh',
  'xhs',
  'curlie',
  'aria2c',
  'lynx',
  'w3m',
  'links',
  'elinks',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
]);

/**
 * An address inside a colon- or comma-separated option value: curl's `--resolve HOST:PORT:ADDR[,ADDR]` and
 * `--connect-to HOST:PORT:HOST2:PORT2` send the request to ADDR / HOST2 whatever the URL names.
 */
function hostInParts(v: string): string | undefined {
  if (!/[:,]/.test(v)) return undefined;
  for (const part of v.match(/\[[^\]]*\]|[^:,@=[\]]+/g) ?? []) {
    const at = metadataAddressIn(part, true);
    if (at !== undefined) return at;
  }
  return undefined;
}

/**
 * Programs whose words name a control plane without a request from the line itself: printers and searchers, and
 * the control planes' own CLIs (their daemon is theirs to reach; what they do is judged by the infra, database and
 * secret rules), and assignments (`export DOCKER_HOST=tcp://localhost:2375`).
 */
const NOT_REQUESTERS = new Set([
  'echo',
  'printf',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'ack',
  'git',
  'export',
  'declare',
  'typeset',
  'local',
  'readonly',
  'docker',
  'podman',
  'nerdctl',
  'docker-compose',
  'podman-compose',
  'kubectl',
  'oc',
  'helm',
  'vault',
  'consul',
  'nomad',
  'etcdctl',
  'redis-cli',
  'valkey-cli',
  'keydb-cli',
]);

/** A line sent to a key-value store that only asks whether it is up or how it is doing. */
const STORE_STATUS = /^(?:PING|INFO(?:\s+\w+)?|QUIT|DBSIZE|TIME|stats|version|)$/i;

/** The literal text a raw client sends (here-doc, here-string, echo/printf piped in); undefined when not literal. */
function literalInput(s: Sub): string | undefined {
  const st = s.stdin;
  if (st.kind === 'heredoc') return st.body;
  if (st.kind === 'herestring') return st.value ?? undefined;
  if (st.kind === 'pipe' && st.from !== undefined && (st.from.name === 'echo' || st.from.name === 'printf')) {
    const vs = st.from.words.slice(1).map((w) => w.value);
    return vs.some((v) => v === null) ? undefined : vs.filter((v) => !/^-[neE]+$/.test(v!)).join(' ');
  }
  return undefined;
}

/** The host and port a raw client connects to (nc/ncat/netcat/telnet host port, socat TCP:host:port, openssl -connect). */
function rawTarget(s: Sub): [string, string] | undefined {
  const vs = s.words.slice(1).map((w) => w.value ?? '');
  if (s.name === 'socat') {
    for (const v of vs) {
      const m = /^(?:TCP[46]?|SSL|OPENSSL|PROXY)(?:-CONNECT)?:(\[[^\]]*\]|[^:,]+):(\d+)/i.exec(v);
      if (m) return [m[1], m[2]];
    }
    return undefined;
  }
  if (s.name === 'openssl') {
    const i = vs.indexOf('-connect');
    const m = i >= 0 ? /^(\[[^\]]*\]|[^:]+):(\d+)$/.exec(vs[i + 1] ?? '') : null;
    return m ? [m[1], m[2]] : undefined;
  }
  const pos: string[] = [];
  for (let i = 0; i < vs.length; i++) {
    if (/^-[pswiIOqTxXePbe]$|^--(?:source|source-port|wait|proxy|proxy-type|idle-timeout)$/.test(vs[i])) i++;
    else if (!vs[i].startsWith('-')) pos.push(vs[i]);
  }
  return pos.length >= 2 && /^\d+$/.test(pos[1]) ? [pos[0], pos[1]] : undefined;
}

/** A unix socket a client is told to speak to (curl --unix-socket, nc -U, socat UNIX-CONNECT:, http+unix:// URLs); null: only known at run time. */
function socketOf(s: Sub): string | null | undefined {
  const ws = s.words;
  const n = s.name;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    if (/^--(?:abstract-)?unix-socket$|^--unixsock$/.test(v)) return ws[i + 1]?.value ?? null;
    const eq = /^--(?:abstract-)?unix-socket=(.*)$|^--unixsock=(.*)$/.exec(v);
    if (eq) return eq[1] ?? eq[2];
    const so = /^(?:UNIX(?:-CONNECT|-CLIENT|-SENDTO)?|ABSTRACT(?:-CONNECT|-CLIENT)?):([^,]+)/i.exec(v);
    if (n === 'socat' && so) return so[1];
    if ((n === 'nc' || n === 'ncat' || n === 'netcat') && /^-[a-zA-Z]*U[a-zA-Z]*$/.test(v)) {
      const p = ws.slice(i + 1).find((w) => w.value === null || !w.value.startsWith('-'));
      return p === undefined ? undefined : p.value;
    }
    const u = /\b(?:https?\+unix|http\+docker|unix):\/\/([^\s'"/]+|\/[^\s'"]+)/i.exec(v);
    if (u) return u[1];
  }
  return undefined;
}

/** curl --resolve HOST:PORT:ADDR and --connect-to HOST:PORT:HOST2:PORT2: where the request really goes. */
function reroutedControl(s: Sub): string | undefined {
  const ws = s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    const opt = /^--(resolve|connect-to)(?:=(.*))?$/.exec(v);
    if (!opt) continue;
    const val = opt[2] ?? ws[i + 1]?.value;
    if (typeof val !== 'string') continue;
    const f = val.split(/:(?![^[]*\])/);
    const [host, port] = opt[1] === 'resolve' ? [f[2], f[1]] : [f[2] || f[0], f[3] || f[1]];
    if (host !== undefined && port !== undefined && /^\d+$/.test(port)) {
      const what = controlPort(host.replace(/^\[|\]$/g, ''), port);
      if (what !== undefined && !storePort(port)) return `${v.split('=')[0]} ${val} sends the request to ${what}`;
    }
  }
  return undefined;
}

export const metadataRules: Rule[] = [
  {
    id: 'secrets.cloud-metadata',
    description:
      "A request to a cloud instance metadata service (169.254.169.254 in any spelling, metadata.google.internal, ECS's 169.254.170.2, AWS's fd00:ec2::254): it answers with the machine's own credentials.",
    examples: {
      destructive: [
        'curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/',
        'curl 169.254.169.254/latest/meta-data/iam/security-credentials/ci-role',
        'wget -qO- http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token',
        'curl -H Metadata:true "http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01"',
        'curl http://2852039166/latest/meta-data/',
        'curl http://0xa9fea9fe/latest/meta-data/',
        'curl "http://169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"',
        `python3 -c "import urllib.request as u; print(u.urlopen('http://169.254.169.254/latest/meta-data/').read())"`,
        'nc 169.254.169.254 80',
        'curl http://[::ffff:a9fe:a9fe]/latest/meta-data/',
        'curl http://[::ffff:169.254.169.254]/latest/meta-data/',
        'curl --resolve x:80:169.254.169.254 http://x/latest/meta-data/',
        'curl --connect-to ::169.254.169.254: http://example.com/latest/meta-data/',
        'curl --connect-to=example.com:80:[::ffff:a9fe:a9fe]:80 http://example.com/',
      ],
      benign: [
        'curl -s https://api.github.com/repos/o/r',
        'curl http://localhost:3000/health',
        'wget https://example.com/data.json -O data.json',
        'npm i metadata-extractor',
        'grep -r metadata src',
        'echo 169.254.169.254 is link-local',
        'curl --resolve example.com:443:127.0.0.1 https://example.com/',
        'curl --connect-to ::localhost:8080 http://example.com/',
        'curl http://[::1]:3000/health',
      ],
    },
    check(s) {
      const bare = s.name !== null && BARE_HOST_CLIENTS.has(s.name);
      if (s.name === 'echo' || s.name === 'printf') return undefined;
      const at =
        metadataAddressIn(s.text, false) ??
        (bare
          ? s.words
              .slice(1)
              .map((w) => (w.value === null ? undefined : (metadataAddressIn(w.value, true) ?? hostInParts(w.value))))
              .find((x) => x)
          : undefined);
      return at === undefined ? undefined : `requests ${at}, a cloud metadata service: it answers with this machine's credentials`;
    },
  },
  {
    id: 'secrets.control-plane',
    description:
      "A request to a control plane or secret store on this machine or its private network (any loopback spelling: 127.1, 0x7f000001, [::1], localhost., 0.0.0.0): the Docker API (2375/2376, docker.sock and the other runtimes' sockets), the kubelet (10250/10255), etcd, Consul, Vault, Nomad, the Kubernetes API, LocalStack, raw commands to Redis or Memcached, and admin paths of any local service (Elasticsearch _cat/_security, CouchDB _config, Spring actuator env/heapdump). It answers with root on the host or the secrets it keeps.",
    examples: {
      destructive: [
        'curl http://localhost:2375/containers/json',
        'curl --unix-socket /var/run/docker.sock http://x/containers/json',
        'curl http://127.0.0.1:8500/v1/kv/?recurse',
        'curl http://localhost:10250/pods',
        'curl -sk https://127.1:10250/runningpods/',
        'curl http://0x7f000001:2379/v2/keys/?recursive=true',
        'curl "http://[::1]:8200/v1/secret/data/app"',
        'wget -qO- localhost.:4646/v1/jobs',
        'http :2375/containers/json',
        'curl 0.0.0.0:2375/v1.41/containers/json',
        'curl localhost:9200/_cat/indices',
        'curl http://localhost:8080/actuator/heapdump -o /tmp/h',
        "curl 'gopher://127.0.0.1:6379/_CONFIG%20GET%20*'",
        'curl dict://localhost:6379/info',
        "printf 'CONFIG GET requirepass\\r\\n' | nc 127.0.0.1 6379",
        "echo 'KEYS *' | nc localhost 6379",
        'socat - UNIX-CONNECT:/var/run/docker.sock',
        "printf 'GET /containers/json HTTP/1.0\\r\\n\\r\\n' | nc -U /run/containerd/containerd.sock",
        'xh --unix-socket /run/podman/podman.sock http://d/v4.0.0/libpod/containers/json',
        'curl --connect-to ::127.0.0.1:2375 http://example.com/containers/json',
        'curl http://consul:8500/v1/acl/tokens',
      ],
      benign: [
        'curl http://localhost:3000/',
        'curl localhost:8080/health',
        'curl -s http://127.0.0.1:5173/src/script.js',
        'curl localhost:3000/api/users',
        'curl http://localhost:8200/v1/sys/health',
        'curl -s localhost:8500/v1/status/leader',
        'curl localhost:2375/_ping',
        'echo PING | nc localhost 6379',
        'nc -zv localhost 2375',
        'export DOCKER_HOST=tcp://localhost:2375',
        'docker -H tcp://localhost:2375 ps',
        'grep -rn localhost:2375 docs',
        'curl --unix-socket /tmp/app.sock http://localhost/health',
        'curl https://registry.example.com:2375/v2/',
      ],
    },
    check(s) {
      if (s.name !== null && NOT_REQUESTERS.has(s.name)) return undefined;
      const bare = s.name !== null && BARE_HOST_CLIENTS.has(s.name);
      for (const w of s.words.slice(1)) {
        if (w.value === null) continue;
        // httpie and xh read `:PORT/path` as localhost.
        const v = /^(https?|xhs?)$/.test(s.name ?? '') && /^:\d/.test(w.value) ? 'localhost' + w.value : w.value;
        const hit = controlPlaneIn(v, bare && !v.startsWith('-'));
        if (hit !== undefined) return `requests ${hit.at}, ${hit.what}: it answers with control of the host or the secrets it keeps`;
      }
      if (s.name === null) return undefined;
      const sock = socketOf(s);
      if (sock === null) return `${s.name} speaks to a unix socket only known at run time`;
      if (sock !== undefined && controlSocket(sock))
        return `${s.name} speaks to ${sock}, a daemon's control socket: root on the host or its keys to whoever speaks to it`;
      if (/^(curl|curlie)$/.test(s.name)) {
        const r = reroutedControl(s);
        if (r !== undefined) return r;
      }
      if (/^(nc|ncat|netcat|telnet|socat|openssl)$/.test(s.name)) {
        if (s.words.some((w) => w.value !== null && /^-[a-zA-Z]*z/.test(w.value) && s.name !== 'socat' && s.name !== 'openssl')) return undefined;
        const t = rawTarget(s);
        const what = t === undefined ? undefined : controlPort(t[0].replace(/^\[|\]$/g, ''), t[1]);
        if (t === undefined || what === undefined) return undefined;
        const st = s.stdin;
        if (st.kind === 'none' || (st.kind === 'file' && st.path.value === '/dev/null')) return undefined;
        const text = literalInput(s);
        if (storePort(t[1]) && text !== undefined && text.split(/\r?\n|\\r\\n|\\n/).every((l) => STORE_STATUS.test(l.trim()))) return undefined;
        return `${s.name} sends its input to ${t[0]}:${t[1]}, ${what}`;
      }
      return undefined;
    },
  },
];
