// Cloud instance metadata services: an address any process on a cloud VM, container or CI runner can reach
// without credentials, that answers with the machine's own credentials (AWS IAM role keys at
// /latest/meta-data/iam/security-credentials/, GCP and Azure access tokens, ECS task credentials). Threat: an
// agent told to "check connectivity" fetches http://169.254.169.254/… and the role's keys land in its context,
// as a read of ~/.aws/credentials would. Addresses are read the way a URL parser reads them, so the decimal,
// hex and octal spellings of 169.254.169.254 (2852039166, 0xa9fea9fe, 0251.0376.0251.0376) and DNS names that
// embed it (169.254.169.254.nip.io) name the same service. Pure: text in, the address named (or undefined) out.

/** Cheap first look: text that cannot name a metadata address fails this. */
const MAYBE = /169\.254|metadata|100\.100\.100\.200|fd00:ec2|instance-data|a9fe|169-254|:\/\/\[|\[[0-9a-f:.]*:[0-9a-f:.]*\]|:\/\/(?:0x|\d{8,}|0\d)/i;

/** Names the providers give their metadata service. */
const NAMES =
  /^(?:metadata|metadata\.google\.internal|metadata\.goog|instance-data|instance-data\.ec2\.internal|metadata\.azure\.internal|metadata\.tencentyun\.com)$/;

/** Does this host (a URL parser's hostname: lower case, IPv4 in dotted decimal, IPv6 in brackets) name one? */
function isMetadataHost(host: string): boolean {
  const h = host.replace(/\.$/, '').toLowerCase();
  if (NAMES.test(h)) return true;
  // Link-local IPv4 (169.254.0.0/16: AWS, Azure, GCP, OpenStack, ECS at 169.254.170.2), Alibaba's 100.100.100.200.
  if (/^169\.254\.\d{1,3}\.\d{1,3}$/.test(h) || h === '100.100.100.200') return true;
  // AWS's IPv6 endpoint, and IPv4-mapped forms of the above.
  // An IPv6 literal that carries 169.254.x.x: IPv4-mapped (::ffff:), IPv4-compatible (::), NAT64 (64:ff9b::).
  if (/^\[fd00:ec2::254\]$|^\[(?:::ffff:|::|64:ff9b::)(?:169\.254\.|a9fe:)/.test(h)) return true;
  // Wildcard DNS that resolves to the address it spells (169.254.169.254.nip.io, a9fea9fe.nip.io, 169-254-169-254.sslip.io).
  return /(?:^|[.-])(?:169[.-]254[.-]\d{1,3}[.-]\d{1,3}|a9fe[0-9a-f]{4})\.(?:nip\.io|sslip\.io|xip\.io|traefik\.me|localtest\.me)$/.test(h);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

const URLS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>`()$]+/gi;
/** A host written without a scheme (`curl 169.254.169.254/latest/…`, `nc 169.254.169.254 80`). */
const BARE = /(?<![\w.:/-])(\[?[0-9a-z.:-]+\]?)(?=[/:?#\s'"]|$)/gi;

/**
 * The first metadata address the text names, as written (a URL, or a bare host for clients that take one), or
 * undefined. `bare`: also read scheme-less hosts (a command's words, where `curl host/path` is a URL).
 */
export function metadataAddressIn(text: string, bare = false): string | undefined {
  if (!MAYBE.test(text)) return undefined;
  for (const m of text.matchAll(URLS)) {
    const h = hostOf(m[0]);
    if (h !== undefined && isMetadataHost(h)) return m[0];
  }
  if (!bare) return undefined;
  for (const m of text.matchAll(BARE)) {
    const h = hostOf(`http://${m[1]}/`);
    if (h !== undefined && isMetadataHost(h)) return m[1];
  }
  return undefined;
}

/**
 * Addresses of this machine or its private network: loopback (127.0.0.0/8, ::1, `localhost`, `*.localhost`),
 * unspecified (0.0.0.0, ::), private and shared ranges (10/8, 172.16/12, 192.168/16, 100.64/10), link-local
 * (169.254/16, fe80::/10: the metadata services), unique-local IPv6 (fc00::/7), IPv4 embedded in IPv6 (mapped
 * ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::), names that resolve to one (lvh.me, localtest.me,
 * 127.0.0.1.nip.io), mDNS and internal names (`*.local`, `*.internal`, `*.home.arpa`) and a name without a dot
 * (a search-domain or container host: `http://redis:6379/`). The host as a URL parser gives it: decimal, hex and
 * octal IPv4 spellings (2130706433, 0x7f.1, 0177.0.0.1) are dotted decimal by then.
 */
export function isLocalHost(host: string): boolean {
  const h = host.replace(/\.+$/, '').toLowerCase();
  if (h === '' || h === 'localhost' || h.endsWith('.localhost')) return true;
  if (/(?:^|\.)(?:lvh\.me|localtest\.me|local|internal|home\.arpa|lan|intranet|corp)$/.test(h)) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (v4) return privateV4(v4.slice(1).map(Number));
  if (h.startsWith('[')) return privateV6(h.slice(1, -1));
  // Wildcard DNS that answers with the address it spells: 127.0.0.1.nip.io, 10-0-0-1.sslip.io, 7f000001.nip.io.
  const wild = /(?:^|[.-])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})\.(?:nip\.io|sslip\.io|xip\.io|traefik\.me|localtest\.me)$/.exec(h);
  if (wild) return privateV4(wild.slice(1, 5).map(Number));
  const hex = /(?:^|[.-])([0-9a-f]{8})\.(?:nip\.io|sslip\.io)$/.exec(h);
  if (hex) return privateV4([0, 2, 4, 6].map((i) => parseInt(hex[1].slice(i, i + 2), 16)));
  return !h.includes('.') && !h.includes(':');
}

function privateV4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/** An IPv6 address (no brackets, as a URL parser writes it: compressed, hex groups, a zone never present). */
function privateV6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return true;
  const groups = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const g = halves.length === 2 ? [...head, ...new Array<number>(Math.max(0, 8 - head.length - tail.length)).fill(0), ...tail] : head;
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return true;
  if (g.slice(0, 7).every((x) => x === 0)) return g[7] <= 1; // :: and ::1
  const v4 = [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255];
  // IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96), NAT64 (64:ff9b::/96): the IPv4 address is what is reached.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) return privateV4(v4);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return privateV4(v4);
  return (g[0] & 0xfe00) === 0xfc00 || (g[0] & 0xffc0) === 0xfe80 || (g[0] & 0xffc0) === 0xfec0;
}

/**
 * The first address of this machine or its private network (isLocalHost) the text names as a URL of any scheme,
 * or, for text that is one word, as a scheme-less host (`localhost:3000/admin`). undefined: none.
 * Threat: a web-fetch tool pointed at a local service (a database's HTTP port, a dev server's admin route, the
 * metadata service) — a request from inside the network the agent's host sits in (SSRF).
 */
export function localAddressIn(text: string): string | undefined {
  for (const m of text.matchAll(URLS)) {
    // Read as http: a scheme the URL parser does not know (gopher://, dict://) keeps its host unparsed.
    const h = hostOf(`http://${m[0].slice(m[0].indexOf('://') + 3)}`);
    if (h !== undefined && isLocalHost(h)) return m[0];
  }
  const word = text.trim();
  if (word !== '' && !/\s/.test(word) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(word) && /^[\w.[\]:%@-]+(?:[/?#]|$)/.test(word)) {
    const h = hostOf(`http://${word}`);
    if (h !== undefined && isLocalHost(h) && /[.:[]/.test(word)) return word;
  }
  return undefined;
}

/**
 * Ports where a service on this machine or its private network answers a plain request with control of the host
 * or the secrets it keeps, whatever the path: the Docker API (2375/2376: root on the host), the kubelet
 * (10250/10255: every pod, exec into them), etcd (2379/2380/4001: the cluster's store, Secrets included), Consul
 * (8500/8501: its KV store and ACL tokens), Vault (8200/8201), Nomad (4646/4647), the Kubernetes API (6443),
 * LocalStack's cloud emulator (4566: its secrets and parameters) and RabbitMQ's management API (15672).
 */
const CONTROL_PORTS: Record<string, string> = {
  '2375': 'the Docker API (root on the host)',
  '2376': 'the Docker API (root on the host)',
  '10250': 'the kubelet API (every pod, and exec into them)',
  '10255': 'the kubelet read-only API (every pod and its environment)',
  '2379': 'etcd (the cluster store, Secrets included)',
  '2380': 'etcd (the cluster store, Secrets included)',
  '4001': 'etcd (the cluster store, Secrets included)',
  '8500': 'Consul (its KV store and tokens)',
  '8501': 'Consul (its KV store and tokens)',
  '8200': 'Vault (the secrets it keeps)',
  '8201': 'Vault (the secrets it keeps)',
  '4646': 'Nomad (its jobs, variables and tokens)',
  '4647': 'Nomad (its jobs, variables and tokens)',
  '6443': 'the Kubernetes API (Secrets, exec into pods)',
  '4566': 'LocalStack (the secrets and parameters it keeps)',
  '15672': 'RabbitMQ management (its users and their password hashes)',
};

/** Key-value and cache servers that speak their own protocol (reached by raw clients and gopher:// or dict:// URLs). */
const STORE_PORTS: Record<string, string> = {
  '6379': 'Redis',
  '6380': 'Redis',
  '26379': 'Redis Sentinel',
  '11211': 'Memcached',
};

/** Paths of a control port that tell only whether the service is up. */
const HEALTH_PATH =
  /^\/(?:|_?ping|health|healthz|livez|readyz|ready|version|v1(?:\.\d+)?\/(?:version|_ping)|v1\/sys\/health|v1\/status\/(?:leader|peers)|_localstack\/health)\/?$/;

/**
 * Paths (any port) that only a control plane or a data store's admin interface serves, and that answer with its
 * secrets, every record, or the host: Docker's versioned API and container listing, Consul KV/ACL/agent, Vault
 * secrets and sys, etcd keys, Kubernetes Secrets and ConfigMaps, Elasticsearch's cluster-wide readers and
 * security API, CouchDB config and users, Prometheus admin and config, Jenkins script
 * console and credentials, Spring Boot actuator env and heap dump, MinIO admin. Each ends at a path boundary
 * (`/script.js` and `/envelope` are a dev server's).
 */
const CONTROL_PATH =
  /^\/(?:v1\.\d+\/|containers\/(?:json|[^/]+\/(?:json|exec|archive|export|attach))(?:\/|$)|exec\/[^/]+\/start|v1\/(?:kv|acl|secret|sys)\/|v2\/keys(?:\/|$)|v3(?:beta|alpha)?\/(?:kv|auth)\/|api\/v1\/(?:namespaces(?:\/|$)|secrets(?:\/|$)|configmaps(?:\/|$)|admin\/tsdb\/|status\/config(?:\/|$))|apis\/[a-z0-9.-]+\.k8s\.io\/|(?:[^/]*\/)?_(?:cat|all|security|xpack|nodes|snapshot|cluster\/(?:state|settings))(?:\/|$)|_search(?:\/|$)|_config(?:\/|$)|_node\/[^/]+\/_config|_users(?:\/|$)|_all_dbs(?:\/|$)|scriptText(?:\/|$)|credentials\/store\/|actuator\/(?:env|heapdump|configprops|jolokia)(?:\/|$)|heapdump(?:\/|$)|minio\/admin\/)/i;

/** What one URL reaches when it is a control plane (undefined: not one). */
function controlOf(url: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase() ?? 'http';
  let u: URL;
  try {
    u = new URL(`http://${url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')}`);
  } catch {
    return undefined;
  }
  if (!isLocalHost(u.hostname)) return undefined;
  const port = u.port;
  // gopher:// and dict:// (and telnet://) speak a raw protocol to the port: any local service, commands included.
  if (/^(?:gopher|dict|telnet|ldap)$/.test(scheme))
    return `a ${scheme}:// request (raw commands) to ${STORE_PORTS[port] ?? CONTROL_PORTS[port] ?? 'a local service'}`;
  if (HEALTH_PATH.test(u.pathname) && u.search === '') return undefined;
  if (CONTROL_PORTS[port] !== undefined) return CONTROL_PORTS[port];
  if (scheme !== 'http' && scheme !== 'https') return undefined;
  if (CONTROL_PATH.test(u.pathname)) return `the admin interface of a local service (${u.pathname})`;
  return undefined;
}

export interface ControlHit {
  /** The URL or host as written. */
  at: string;
  /** What it reaches. */
  what: string;
}

/**
 * The first URL in the text that reaches a control plane or a secret store on this machine or its private network
 * (isLocalHost: every loopback spelling — 127.1, 0x7f000001, [::1], localhost., 0.0.0.0 — private ranges and
 * container names): a control port other than its health check, or an admin path of any local service.
 * `bare`: the text is one word of a client that takes a URL without a scheme (`curl localhost:2375/info`).
 */
export function controlPlaneIn(text: string, bare = false): ControlHit | undefined {
  for (const m of text.matchAll(URLS)) {
    const what = controlOf(m[0]);
    if (what !== undefined) return { at: m[0], what };
  }
  if (bare && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && /^[\w.[\]:%@-]+(?:[/?#]|$)/.test(text) && /[.:[]/.test(text)) {
    const what = controlOf(text);
    if (what !== undefined) return { at: text, what };
  }
  return undefined;
}

/** A host and port of this machine or its private network that is a control port or a key-value store's (raw clients). */
export function controlPort(host: string, port: string): string | undefined {
  let h: string;
  try {
    h = new URL(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/`).hostname;
  } catch {
    return undefined;
  }
  if (!isLocalHost(h)) return undefined;
  return CONTROL_PORTS[port] ?? STORE_PORTS[port];
}

/** Is a key-value store's port (Redis, Memcached): what a raw client sends there is commands. */
export function storePort(port: string): boolean {
  return STORE_PORTS[port] !== undefined;
}

/**
 * A unix socket of a daemon that runs containers, pods or the system, or keeps keys: docker.sock and the other
 * container runtimes', the kubelet's, snapd, LXD/Incus, libvirt, systemd, D-Bus, ssh/gpg agents, and any socket
 * under /run, /var/run or a container desktop's folder. Root on the host, or the keys, to whoever may speak to it.
 */
export function controlSocket(path: string): boolean {
  const p = decodeURIComponentSafe(path);
  return (
    /(?:docker|containerd|podman|crio|cri-dockerd|dockershim|buildkitd|kubelet|snapd|lxd|incus|libvirt[\w-]*|firecracker|nomad|consul|vault|ssh|agent|gpg-agent|supervisor)[\w.-]*\.sock(?:et)?$/i.test(
      p,
    ) ||
    /(?:^|\/)(?:unix\.socket|system_bus_socket|private)$/.test(p) ||
    /^(?:\/var)?\/run\/|^\/var\/(?:lib|snap)\/|(?:^|\/)\.(?:docker|colima|rd|lima|orbstack)\//.test(p)
  );
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
