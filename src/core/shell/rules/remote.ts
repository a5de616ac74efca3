// State lost to something the guard cannot see: local branches overwritten from a remote, remote services changed
// by plain HTTP, the workspace served to the network or tunnelled out, and copies merged over existing folders.
import { inWorkspace, normalize, within } from '../fsfacts';
import type { Sub } from '../types';
import type { Rule } from './types';
import { bareWords, named } from './util';

/** `docker inspect -f '{{.State.Status}}'`: a literal template that names fields other than the environment or config. */
function narrowFormat(s: Sub): boolean {
  const ws = s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    const f = v === '-f' || v === '--format' ? ws[i + 1]?.value : v?.startsWith('--format=') ? v.slice(9) : undefined;
    if (f === undefined) continue;
    return f !== null && /\{\{/.test(f) && !/Env|Config\s*\}\}|\{\{\s*(json\s+)?\.\s*\}\}|Args|Cmd|Labels|Mounts|Secret|index|range/i.test(f);
  }
  return false;
}

/** Kubernetes kinds whose spec carries a pod template: its containers' env holds literal values (`kubectl get deploy -o yaml`). */
const WORKLOAD_KIND =
  /^(deploy|deployments?|sts|statefulsets?|ds|daemonsets?|rs|replicasets?|jobs?|cj|cronjobs?|dc|deploymentconfigs?|rc|replicationcontrollers?|podtemplates?|all)(\.[a-z0-9.]+)?(\/|$)/i;

/** kubectl's output format (`-o yaml`, `-oyaml`, `-o=json`, `--output jsonpath=…`): undefined when none, null when only known at run time. */
function outputFormat(s: Sub): string | null | undefined {
  const ws = s.words;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    if (v === '-o' || v === '--output') return ws[i + 1]?.value ?? null;
    const m = /^(?:-o=?|--output=)(.+)$/.exec(v);
    if (m) return m[1];
  }
  return undefined;
}

/** A path or name in a container that holds its secrets: environ, mounted secrets, keys, env files. */
const REMOTE_SECRET =
  /^\/proc\/(\d+|self)\/environ$|^\/(var\/)?run\/secrets\/|(^|\/)(secrets?|credentials)(\/|$)|(^|\/)\.env(\.[\w.-]+)?$|(^|\/)id_(rsa|ed25519|ecdsa|dsa)$|\.(pem|key)$|(^|[\/_-])(token|password|passwd)([._-]|$)|^\/etc\/shadow$/i;

/** A refspec whose destination is a local branch (`main:main`, `+refs/heads/*:refs/heads/*`), not a remote-tracking ref. */
/** A refspec whose destination is the whole ref namespace or refs/replace (`refs/*:refs/*`, `*:*`). */
const WIDE_DEST = /^[^-].*:(?:refs\/)?(?:\*|replace\/)/;

function localDest(spec: string): boolean {
  const c = spec.lastIndexOf(':');
  if (c < 0) return false;
  const dst = spec.slice(c + 1);
  if (dst === '') return false;
  return !/^(refs\/)?remotes\//.test(dst) && !/^refs\/(tags|notes)\//.test(dst);
}

export const LOOPBACK = /^(localhost|[^/:@]*\.localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|::1)$/i;

/** The host of a URL-ish word (`https://u@host:1/x`, `host:8080/x`, `host/x`), lower-cased; undefined for none. */
export function hostOf(url: string): string | undefined {
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(url);
  return m?.[1] ? m[1].toLowerCase() : undefined;
}

// curl options that send a request body (POST unless -X says otherwise; -G turns -d into a query string).
const CURL_BODY = /^(-d|--data|--data-raw|--data-binary|--data-ascii|--data-urlencode|-F|--form|--form-string|--json)$/;
const CURL_BODY_GLUED = /^(-d.|-F.|--(data|data-raw|data-binary|data-ascii|data-urlencode|form|form-string|json)=)/;
// curl options whose next word is a value, not a URL.
const CURL_VALUE =
  /^(-[HAeuEXoOwKrmbcCyYzQtTxUPiI]|-d|-F|--(data[a-z-]*|form[a-z-]*|json|header|user-agent|referer|user|request|output|write-out|config|range|max-time|connect-timeout|cookie|cookie-jar|cert|key|cacert|proxy|proxy-user|resolve|connect-to|retry|retry-delay|interface|limit-rate|max-filesize|output-dir|variable|url-query|oauth2-bearer|aws-sigv4|telnet-option|unix-socket|abstract-unix-socket|upload-file|quote|ciphers|dns-servers|local-port|expect100-timeout|happy-eyeballs-timeout-ms|keepalive-time|mail-from|mail-rcpt|netrc-file|noproxy|preproxy|pubkey|socks5[a-z-]*|tls[a-z0-9-]*|trace[a-z-]*|stderr))$/;

/** `curl`/`wget`/`httpie` sending a mutating request (POST with a body, or a method other than GET/HEAD/OPTIONS). */
function httpWrite(s: Sub): { method: string; urls: (string | null)[] } | undefined {
  const ws = s.words;
  const urls: (string | null)[] = [];
  let method: string | null | undefined;
  let body = false;
  let get = false;
  if (named(s, 'curl', 'curlie')) {
    for (let i = 1; i < ws.length; i++) {
      const v = ws[i].value;
      if (v === null) {
        urls.push(null);
        continue;
      }
      if (v === '-X' || v === '--request') method = ws[++i]?.value;
      else if (v.startsWith('--request=')) method = v.slice(10);
      else if (v === '--url') urls.push(ws[++i]?.value ?? null);
      else if (v === '-G' || v === '--get') get = true;
      else if (v === '-K' || v === '--config' || v.startsWith('--config=') || /^-K./.test(v)) method = null;
      else if (v === '-H' || v === '--header' || v.startsWith('--header=') || /^-H./.test(v)) {
        // A method override header turns a POST or GET into whatever it names on servers that honour it.
        const h = v === '-H' || v === '--header' ? (ws[++i]?.value ?? '') : v.startsWith('-H') ? v.slice(2) : v.slice(9);
        const m = /^\s*x-(?:http-)?method(?:-override)?\s*:\s*([a-z]+)/i.exec(h);
        if (m) method = m[1];
      } else if (CURL_BODY.test(v)) {
        body = true;
        i++;
      } else if (CURL_BODY_GLUED.test(v)) body = true;
      else if (CURL_VALUE.test(v)) i++;
      else if (/^-[a-zA-Z]{2,}$/.test(v)) {
        // Grouped short options (`-sX DELETE`, `-fsSLXPUT`, `-sd@x.json`): an option that takes a value takes the
        // rest of the group, or the next word when it ends the group.
        for (let k = 1; k < v.length; k++) {
          const c = v[k];
          if (!/[HAeuEXoOwKrmbcCyYzQtTxUPdFiI]/.test(c)) continue;
          const val = k + 1 < v.length ? v.slice(k + 1) : ws[++i]?.value;
          if (c === 'X') method = val;
          else if (c === 'd' || c === 'F') body = true;
          else if (c === 'K') method = null;
          else if (c === 'T') method = 'PUT';
          break;
        }
        if (/^-[a-zA-Z]*G/.test(v)) get = true;
      } else if (!v.startsWith('-')) {
        // curlie takes httpie's `METHOD url` shape as well as curl's options.
        if (s.name === 'curlie' && /^[A-Z]+$/.test(v) && urls.length === 0 && method === undefined) method = v;
        else urls.push(v);
      }
    }
  } else if (named(s, 'wget')) {
    for (let i = 1; i < ws.length; i++) {
      const v = ws[i].value;
      if (v === null) {
        urls.push(null);
        continue;
      }
      if (/^--(post-data|post-file|body-data|body-file)(=|$)/.test(v)) {
        body = true;
        if (!v.includes('=')) i++;
      } else if (v.startsWith('--method=')) method = v.slice(9);
      else if (v === '--method') method = ws[++i]?.value;
      else if (/^-[OoaPeUTtwY]$|^--(output-document|output-file|append-output|directory-prefix|header|user|password|user-agent|tries|timeout)$/.test(v)) i++;
      else if (!v.startsWith('-')) urls.push(v);
    }
  } else if (named(s, 'http', 'https', 'xh', 'xhs', 'httpie', 'curlie')) {
    const ps = ws.slice(1).filter((w) => w.value === null || !w.value.startsWith('-'));
    const first = ps[0]?.value;
    let at = 0;
    if (first && /^[A-Za-z]+$/.test(first) && ps[1]) {
      method = first;
      at = 1;
    }
    urls.push(ps[at]?.value ?? null);
    // `field=value`, `field:=json`, `field=@file`, `@file` are the body (POST by default); `a==b` is a query, `H:v` a header.
    for (const w of ps.slice(at + 1)) if (w.value === null || /^@|^[^=:@]*(:=|=(?!=))/.test(w.value)) body = true;
  } else return undefined;
  const m = typeof method === 'string' ? method.toUpperCase() : method === null ? '?' : body && !get ? 'POST' : 'GET';
  if (/^(GET|HEAD|OPTIONS)$/.test(m)) return undefined;
  // A GraphQL query sent as a POST body reads; a mutation (or anything else) writes.
  if (m === 'POST' && method === undefined && graphqlQuery(s)) return undefined;
  return { method: m, urls };
}

/**
 * A request that changes state (any method but GET/HEAD/OPTIONS) whose every URL is this machine: a local dev
 * server, as for a POST to localhost. A URL only known at run time is not.
 */
export function onlyLoopback(s: Sub): boolean {
  const h = httpWrite(s);
  return h !== undefined && h.urls.length > 0 && h.urls.every((u) => u !== null && devServer(u));
}

/**
 * Ports of data stores and infrastructure that serve HTTP on this machine (Elasticsearch/OpenSearch, CouchDB,
 * InfluxDB, Consul, etcd, Vault, RabbitMQ, Solr, Neo4j, ClickHouse, MinIO, Qdrant, Meilisearch, Typesense,
 * Prometheus, Kubernetes API, Docker API, Nomad, ArangoDB, Weaviate, Milvus): a write there changes data, not an app
 * under development.
 */
const DATA_PORTS = new Set([
  '9200',
  '9201',
  '9300',
  '5984',
  '8086',
  '8500',
  '2379',
  '8200',
  '15672',
  '8983',
  '7474',
  '8123',
  '9000',
  '9001',
  '6333',
  '7700',
  '8108',
  '9090',
  '6443',
  '2375',
  '2376',
  '4646',
  '8529',
  '19530',
  '5601',
  '8091',
  '9093',
]);
/** Paths that reach every document or index at once (Elasticsearch wildcards, _all, delete-by-query). */
const MASS_PATH = /[*]|\/_all\b|_delete_by_query|_update_by_query|\/_query\b|_flush|_shutdown|_forcemerge/;

/** A URL on this machine that is not a data store's port nor a mass operation: an app under development. */
function devServer(u: string): boolean {
  const host = hostOf(u);
  if (host === undefined || !LOOPBACK.test(host)) return false;
  const port = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#]*):(\d+)/i.exec(u)?.[1];
  return !(port !== undefined && DATA_PORTS.has(port)) && !MASS_PATH.test(u);
}

/** The request body is a literal GraphQL query document (no mutation, no subscription). */
function graphqlQuery(s: Sub): boolean {
  const ws = s.words;
  let seen = false;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) return false;
    const body = CURL_BODY.test(v) ? ws[i + 1]?.value : CURL_BODY_GLUED.test(v) ? v.slice(v.startsWith('--') ? v.indexOf('=') + 1 : 2) : undefined;
    if (body === undefined) continue;
    if (body === null || body.startsWith('@') || !/^\s*\{\s*"query"\s*:\s*"\s*(query\b|\{)/.test(body) || /\b(mutation|subscription)\b/i.test(body))
      return false;
    seen = true;
  }
  return seen;
}

const PROJECT_DIRS = /^(src|lib|app|apps|packages|tests?|spec|config|scripts|public|assets|docs)(\/|$)/;

// Options of the static servers that take a value (the rest are flags): serve, http-server, live-server.
const SERVER_VALUE_OPTS =
  /^(-l|--listen|-p|--port|-a|--address|--host|-c|--config|-C|--cert|-K|--key|-P|--proxy|-e|--ext|-t|--timeout|--username|--password|--ssl-cert|--ssl-key|--entry-file|--mount|--ignore|--wait|--htpasswd|--middleware|--open|--browser|--files|--index|--baseDir)$/;

const SERVERS = new Set(['serve', 'http-server', 'live-server', 'browser-sync', 'static-server', 'servor', 'sirv', 'st', 'lite-server']);

/** ssh options that take a value (the first other word is the host, the rest the remote command). */
const SSH_VALUE = /^-[bcDEeFIiJLlmOopQRSWwB]$/;

/** Raw network clients: the host they connect to, when they are given input to send (nc host port < x, socat - TCP:host:port). */
function rawPeer(s: Sub): string | null | undefined {
  const ws = s.words;
  const n = s.name;
  if (n === 'socat') {
    for (const w of ws.slice(1)) {
      const v = w.value;
      if (v === null) return null;
      const m = /^(?:TCP|TCP4|TCP6|UDP|UDP4|UDP6|SSL|OPENSSL|SCTP)(?:-CONNECT)?:([^:,]+)/i.exec(v);
      if (m) return m[1];
    }
    return undefined;
  }
  if (n === 'openssl') {
    if (ws[1]?.value !== 's_client') return undefined;
    const i = ws.findIndex((w) => w.value === '-connect');
    const v = i > 0 ? ws[i + 1]?.value : undefined;
    return v === undefined ? 'localhost' : v === null ? null : (hostOf(v) ?? v);
  }
  if (n === 'websocat') {
    const u = ws.slice(1).find((w) => w.value === null || /^wss?:\/\//i.test(w.value));
    return u === undefined ? undefined : u.value === null ? null : hostOf(u.value);
  }
  // nc / ncat / netcat / telnet: the first word that is not an option (options with values skipped loosely).
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) return null;
    if (/^-[a-zA-Z]*l/.test(v) && n !== 'telnet') return undefined;
    if (/^-[pswiIOqTxXePbe]$|^--(source|source-port|wait|proxy|proxy-type|idle-timeout|send-only)$/.test(v)) {
      i++;
      continue;
    }
    if (v.startsWith('-')) continue;
    return v;
  }
  return undefined;
}

/** The programs remote.secrets-print asks about by name (kept next to its check: a name added there goes here). */
const SECRETS_PRINT_NAMES = new Set([
  'pulumi',
  'terraform',
  'tofu',
  'terragrunt',
  'docker',
  'podman',
  'nerdctl',
  'kubectl',
  'oc',
  'heroku',
  'redis-cli',
  'django-admin',
]);

export const remoteRules: Rule[] = [
  {
    id: 'net.raw-send',
    names: ['nc', 'ncat', 'netcat', 'socat', 'telnet', 'websocat', 'openssl'],
    description:
      'Sends input over a raw connection to another machine (nc/ncat/telnet/socat/websocat/openssl s_client with a here-string, a file or a pipe): it speaks the service’s own protocol (FLUSHALL to a redis port, SMTP, HTTP) and the guard cannot tell what it changes.',
    examples: {
      destructive: [
        'nc prod.example.com 6379 <<< FLUSHALL',
        'socat - TCP:prod:6379 <<< FLUSHALL',
        'telnet prod 6379 <<< FLUSHALL',
        'websocat ws://prod/ws < payload',
        "openssl s_client -connect prod:443 <<< 'DELETE / HTTP/1.1'",
        'printf "DEL x\\r\\n" | nc cache.example.com 6379',
      ],
      benign: ['nc -zv prod.example.com 22', 'echo PING | nc localhost 6379', 'openssl s_client -connect example.com:443 </dev/null', 'nc -l 9000 > /tmp/in'],
    },
    check(s) {
      const st = s.stdin;
      if (st.kind === 'none' || (st.kind === 'file' && st.path.value === '/dev/null')) return undefined;
      if (s.name === 'openssl' && st.kind === 'pipe' && st.from?.name === 'echo' && st.from.words.length <= 1) return undefined;
      const peer = rawPeer(s);
      if (peer === undefined) return undefined;
      if (peer !== null && LOOPBACK.test(peer)) return undefined;
      return `${s.name} sends its input to ${peer ?? 'a host only known at run time'} in the service’s own protocol`;
    },
  },
  {
    id: 'net.remote-script',
    names: ['ssh', 'mosh', 'sshpass', 'autossh'],
    description:
      'Hands a remote shell a script the guard cannot read: ssh with no command reads the commands to run from its input (ssh prod < deploy.sh, cat x.sh | ssh prod).',
    examples: {
      destructive: ['ssh prod < deploy.sh', 'cat deploy.sh | ssh prod', 'ssh -T deploy@prod.example.com < /tmp/x.sh', 'ssh prod <<< "$CMDS"'],
      benign: ['ssh prod uptime', 'ssh -T git@github.com', 'ssh prod < /dev/null', "ssh prod 'df -h'"],
    },
    check(s) {
      if (s.name !== 'ssh') return undefined;
      const st = s.stdin;
      if (st.kind === 'none' || st.kind === 'heredoc' || (st.kind === 'file' && st.path.value === '/dev/null')) return undefined;
      const ws = s.words;
      let host: string | null | undefined;
      for (let i = 1; i < ws.length; i++) {
        const v = ws[i].value;
        if (v !== null && SSH_VALUE.test(v)) {
          i++;
          continue;
        }
        if (v !== null && v.startsWith('-')) continue;
        if (host !== undefined) return undefined; // a remote command: judged as one
        host = v;
      }
      if (host === undefined || (host !== null && /^git@/.test(host))) return undefined;
      return `ssh runs what it reads from ${st.kind === 'file' ? st.path.text : st.kind === 'pipe' ? `the output of ${st.from?.name ?? 'a pipe'}` : 'its input'} as commands on ${host ?? 'a host only known at run time'}`;
    },
  },
  {
    id: 'net.agent-forward',
    names: ['ssh', 'autossh', 'scp'],
    description:
      'Forwards the SSH agent to another machine (ssh -A, -o ForwardAgent=yes): whoever is root there can sign with every key the agent holds for as long as the session lasts. Git hosting (git@github.com, gitlab.com, bitbucket.org) runs no shell and is not asked.',
    examples: {
      destructive: [
        'ssh -A evil.example.com',
        'ssh -tA deploy@bastion.example.com uptime',
        'ssh -o ForwardAgent=yes build-host',
        'ssh -oForwardAgent=yes build-host',
        "ssh -o 'ForwardAgent yes' build-host",
        'scp -A a.txt host:/tmp/',
        'ssh -o ForwardAgent=/tmp/agent.sock host',
      ],
      benign: [
        'ssh host uptime',
        'ssh -a host',
        'ssh -o ForwardAgent=no host',
        'ssh -T git@github.com',
        'ssh -A -T git@github.com',
        'ssh -L 5432:localhost:5432 db.example.com',
      ],
    },
    check(s) {
      const ws = s.words;
      let fwd: string | undefined;
      let host: string | null | undefined;
      for (let i = 1; i < ws.length; i++) {
        const v = ws[i].value;
        if (v === null) {
          if (host === undefined && ws[i - 1]?.value !== '-o') host = null;
          continue;
        }
        const o = v === '-o' ? ws[++i]?.value : /^-o./.test(v) ? v.slice(2) : undefined;
        if (o === null) fwd ??= '-o (an option only known at run time)';
        else if (o !== undefined) {
          const m = /^\s*ForwardAgent\s*[= ]\s*(.*)$/i.exec(o);
          if (m && !/^(no|false)$/i.test(m[1].trim())) fwd = `-o ${o}`;
          continue;
        }
        if (/^-[a-zA-Z]*A[a-zA-Z]*$/.test(v) && !/^-[a-zA-Z]*[bcDEeFIiJLlmOopQRSWw]A/.test(v)) fwd = v;
        else if (v !== null && SSH_VALUE.test(v)) i++;
        else if (!v.startsWith('-') && host === undefined) host = v;
      }
      if (fwd === undefined) return undefined;
      if (host !== null && host !== undefined && /^(git@|(ssh\.)?(github\.com|gitlab\.com|bitbucket\.org)$|ssh\.dev\.azure\.com$)/i.test(host))
        return undefined;
      return `${s.name} ${fwd} forwards the SSH agent to ${host ?? 'a host only known at run time'}: whoever is root there can use every key it holds`;
    },
  },
  {
    id: 'net.authorize-key',
    names: ['ssh-copy-id'],
    description: 'Installs a key in another machine’s authorized_keys (ssh-copy-id): a lasting way in that outlives the session.',
    examples: {
      destructive: ['ssh-copy-id prod', 'ssh-copy-id -i ~/.ssh/id_ed25519.pub deploy@prod.example.com'],
      benign: ['ssh-copy-id -h', 'ssh-copy-id --help'],
    },
    check(s) {
      return s.words.some((w) => w.value === '-h' || w.value === '--help' || w.value === '-?')
        ? undefined
        : 'ssh-copy-id adds a key to a remote account’s authorized_keys';
    },
  },
  {
    id: 'git.branch-overwrite',
    names: ['git'],
    description:
      'Points a local branch at what a remote holds, dropping its own commits: git fetch +src:main / --force src:main, git pull +src:dst, --update-head-ok, git checkout -B, git switch -C (like git branch -f).',
    examples: {
      destructive: [
        'git fetch origin +main:main',
        'git fetch --force origin main:main',
        "git fetch origin '+refs/heads/*:refs/heads/*' --update-head-ok",
        "git fetch /tmp/x.bundle 'refs/*:refs/*'",
        "git fetch origin 'refs/replace/*:refs/replace/*'",
        'git pull --force origin +main:main',
        'git checkout -B main origin/main',
        'git switch -C main origin/main',
        'git switch --force-create main origin/main',
      ],
      benign: [
        'git fetch origin',
        'git fetch origin main',
        'git fetch origin +main:refs/remotes/origin/main',
        "git fetch origin 'refs/heads/*:refs/remotes/origin/*'",
        'git checkout -b feature/x',
        'git switch -c feature/x',
      ],
    },
    check(s) {
      if (s.name !== 'git') return undefined;
      const verb = s.words[1]?.value;
      const rest = s.words.slice(2);
      if (verb === 'fetch' || verb === 'pull') {
        const force = rest.some((w) => w.value !== null && /^(--force|-[a-zA-Z]*f[a-zA-Z]*)$/.test(w.value));
        if (rest.some((w) => w.value === '--update-head-ok' || w.value === '-u')) return `git ${verb} --update-head-ok can overwrite the checked-out branch`;
        for (const w of rest) {
          const v = w.value;
          // `git fetch x.bundle 'refs/*:refs/*'`: every ref the source holds lands here, fast-forwarded or made new,
          // refs/replace among them (which changes what every commit shows) — forced or not.
          if (v !== null && WIDE_DEST.test(v)) return `git ${verb} ${v} writes every ref the source holds into this repository, refs/replace included`;
          if (v === null || v.startsWith('-') || !localDest(v)) continue;
          if (v.startsWith('+') || force) return `git ${verb} ${v} force-updates a local branch, dropping its own commits`;
        }
        return undefined;
      }
      if (verb === 'checkout' || verb === 'switch') {
        for (const w of rest) {
          const v = w.value;
          if (v === '--') break;
          if (v !== null && (v === '--force-create' || (verb === 'checkout' ? /^-[a-zA-Z]*B/ : /^-[a-zA-Z]*C/).test(v)))
            return `git ${verb} ${v} resets an existing branch, dropping its commits`;
        }
      }
      return undefined;
    },
  },
  {
    id: 'net.http-post',
    names: ['curl', 'curlie', 'wget', 'http', 'https', 'xh', 'xhs', 'httpie'],
    description:
      'Sends a POST (a body with curl -d/-F/--json, wget --post-data, httpie fields), or any method other than GET/HEAD/OPTIONS (grouped as in `curl -sX DELETE`, through a method-override header, or from a `curl -K` config the guard does not read), to a host other than this machine: APIs, webhooks and CI dispatches change remote state. A GraphQL query (not a mutation) is a read.',
    examples: {
      destructive: [
        'curl -X POST https://chat.example.com/hooks/T0/B0/x -d \'{"text":"hi"}\'',
        'curl https://api.stripe.com/v1/refunds -u sk_test_x: -d charge=ch_1',
        'curl --json \'{"ref":"main"}\' https://api.github.com/repos/o/r/actions/workflows/ci.yml/dispatches',
        'wget --post-data="a=1" https://api.example.com/x',
        'http POST https://api.example.com/x name=a',
        'http https://api.example.com/x name=a',
        'curl -d a=1 "$URL"',
        'curl -sX DELETE https://api.example.com/x',
        'curl -fsSLXPUT https://api.example.com/x',
        "curl -H 'X-HTTP-Method-Override: DELETE' https://api.example.com/x",
        'curl -X PURGE https://cdn.example.com/x',
        'curl -K cfg.txt https://api.example.com/',
        'curlie -X DELETE https://api.example.com/x',
        'https -b DELETE api.example.com/x',
        "curl -X DELETE 'http://localhost:9200/logs-*'",
        'curl -X POST localhost:9200/app/_delete_by_query -d \'{"query":{"match_all":{}}}\'',
        'curl https://api.example.com/graphql -d \'{"query":"mutation { deleteUser(id: 1) { id } }"}\'',
      ],
      benign: [
        'curl -X POST http://localhost:3000/api/users -d \'{"a":1}\'',
        'curl -d a=1 127.0.0.1:8080/x',
        'curl -X DELETE http://localhost:3000/api/items/1',
        'curl -G -d q=1 https://api.example.com/search',
        'http https://api.example.com/x q==1 Accept:application/json',
        'curl -s https://api.example.com/v1/items',
        'curl -sSfL https://example.com/install.json -o /tmp/i.json',
        'curl https://api.example.com/graphql -d \'{"query":"{ users { id } }"}\'',
        "curl -sH 'Accept: application/json' https://api.example.com/x",
      ],
    },
    check(s) {
      const h = httpWrite(s);
      if (!h) return undefined;
      if (h.urls.length === 0) return undefined;
      for (const u of h.urls) {
        if (u === null) return `${s.name} sends a ${h.method} to a host only known at run time`;
        const host = hostOf(u);
        if (host === undefined || !LOOPBACK.test(host)) return `${s.name} sends a ${h.method} to ${host ?? u}: it changes state on the remote service`;
        if (!devServer(u)) return `${s.name} sends a ${h.method} to ${u}: a data store on this machine, or every record in it`;
      }
      return undefined;
    },
  },
  {
    id: 'net.serve',
    names: [...SERVERS, 'ruby', 'php', 'socat', 'ncat', 'nc', 'netcat', 'ssh', 'ngrok', 'cloudflared', 'localtunnel', 'lt', 'bore', 'tailscale'],
    description:
      'Serves the workspace (and the no-access files in it) to the network or opens a tunnel into this machine: npx serve ., http-server, ruby -run -e httpd, php -S, socat/ncat listeners, ssh -R, ngrok, cloudflared, tailscale funnel.',
    examples: {
      destructive: [
        'npx serve .',
        'npx http-server -p 8080',
        'npx browser-sync start --server',
        'ruby -run -e httpd . -p 8000',
        'php -S 0.0.0.0:8000',
        'socat TCP-LISTEN:9000,fork FILE:.env',
        'ssh -R 8080:localhost:3000 user@example.com',
        'ngrok http 3000',
        'cloudflared tunnel --url http://localhost:3000',
      ],
      benign: [
        'npx serve dist',
        'npx serve -s build',
        'npx browser-sync start --proxy localhost:3000',
        'npx http-server build -p 8080',
        'ssh -L 5432:localhost:5432 db.example.com',
        'ruby -v',
        'php -l src/a.php',
      ],
    },
    check(s, ctx) {
      const n = s.name ?? '';
      const ws = s.words;
      const vals = ws.map((w) => w.value);
      const servesRoot = (dir: string | null | undefined): boolean => {
        if (dir === null) return true;
        const d = normalize(dir === undefined ? ctx.env.cwd : dir.startsWith('/') ? dir : ctx.env.cwd + '/' + dir);
        // A folder that holds the workspace (or is it) serves every file in it, .env and secrets included.
        return within(ctx.env.workspace, d) || (inWorkspace(d, ctx.env) && normalize(ctx.env.workspace) === d);
      };
      if (SERVERS.has(n)) {
        if (ws.slice(1).some((w) => w.value === null)) return `${n} serves a folder only known at run time`;
        let dir: string | undefined;
        for (let i = 1; i < ws.length; i++) {
          const v = ws[i].value ?? '';
          // browser-sync: `start --server [dir]` (or `--proxy`, which serves no files).
          if (n === 'browser-sync' && (v === '--server' || v === '-s')) {
            const d = ws[i + 1]?.value;
            dir = d && !d.startsWith('-') ? d : '.';
            break;
          }
          if (SERVER_VALUE_OPTS.test(v)) i++;
          else if (!v.startsWith('-') && !/^\d+$/.test(v) && !(n === 'browser-sync' && /^(start|init|reload|recipe)$/.test(v))) {
            dir = v;
            break;
          }
        }
        if (n === 'browser-sync' && dir === undefined) return undefined;
        return servesRoot(dir) ? `${n} serves ${dir ?? 'the working folder'} to the network, no-access files included` : undefined;
      }
      if (n === 'ruby') {
        const i = vals.indexOf('-run');
        const j = vals.findIndex((v) => v === '-rwebrick' || v === '-run');
        if ((i > 0 || j > 0) && vals.some((v) => v !== null && /httpd|HTTPServer/.test(v))) {
          const dir = vals.slice(1).find((v, k) => v !== null && !v.startsWith('-') && !/httpd|un|^\d+$/.test(v) && vals[k] !== '-p' && vals[k] !== '--port');
          return servesRoot(dir) ? 'ruby -run -e httpd serves the folder to the network, no-access files included' : undefined;
        }
        return undefined;
      }
      if (n === 'php') {
        const i = vals.indexOf('-S');
        if (i < 0 && !vals.some((v) => v !== null && v.startsWith('-S'))) return undefined;
        const t = vals.indexOf('-t');
        return servesRoot(t > 0 ? vals[t + 1] : undefined) ? 'php -S serves (and runs) the folder to the network' : undefined;
      }
      if (n === 'socat' || n === 'ncat' || n === 'nc' || n === 'netcat') {
        if (n === 'socat' && vals.some((v) => v !== null && /^(TCP|TCP4|TCP6|UDP|SSL|OPENSSL|UNIX)-LISTEN:/i.test(v)))
          return 'socat listens on a port and hands what it reaches to whoever connects';
        if (n !== 'socat' && vals.some((v) => v !== null && /^-[a-zA-Z]*l/.test(v))) return `${n} -l listens on a port for whoever connects`;
        return undefined;
      }
      if (n === 'ssh') {
        if (vals.some((v) => v !== null && (/^-[a-zA-Z]*R/.test(v) || /^-oRemoteForward|^RemoteForward/i.test(v))))
          return 'ssh -R opens a tunnel from a remote host into this machine';
        return undefined;
      }
      if (n === 'ngrok' || n === 'localtunnel' || n === 'lt' || n === 'bore') return `${n} exposes a local port to the internet`;
      if (n === 'cloudflared' && vals.includes('tunnel')) return 'cloudflared tunnel exposes a local port to the internet';
      if (n === 'tailscale' && vals.some((v) => v === 'funnel' || v === 'serve'))
        return `tailscale ${vals.includes('funnel') ? 'funnel' : 'serve'} exposes a local port`;
      return undefined;
    },
  },
  {
    id: 'fs.overwrite-tree',
    names: ['cp', 'mv', 'rsync', 'ditto', 'install'],
    description:
      'Copies or moves a tree, or files only known at run time, into a folder of the workspace that exists: the files already there with the same names are replaced, and the guard cannot see which (cp -r /tmp/x/. src/, rsync -a /tmp/x/ src/, mv -f /tmp/x/* src/).',
    examples: {
      destructive: ['cp -r /tmp/x/. src/', 'rsync -a /tmp/x/ src/', 'mv -f /tmp/x/* src/', 'cp -a /tmp/x/. ./src', 'cp -rf /tmp/x/* src/'],
      benign: [
        'cp -r /tmp/x newdir',
        'rsync -a src/ /tmp/src-copy/',
        'rsync -an /tmp/x/ src/',
        'cp -r src /tmp/backup',
        'mv /tmp/x/* /tmp/y/',
        'cp /tmp/a.txt docs/new-name.txt',
      ],
    },
    check(s, ctx) {
      // rsync -n / --dry-run lists what it would copy.
      if (named(s, 'rsync') && s.words.some((w) => w.value !== null && (/^-[a-zA-Z]*n[a-zA-Z]*$/.test(w.value) || w.value === '--dry-run'))) return undefined;
      for (const e of ctx.effectsOf(s)) {
        if (e.op !== 'write' || e.append || e.contentless) continue;
        if (!e.recursive && !e.into && !e.glob) continue;
        if (!inWorkspace(e.path, ctx.env)) continue;
        // The folder the files land in: the path itself for a tree copy onto it, its parent for a glob of names.
        const p = normalize(e.path);
        const dir = e.glob ? p.slice(0, p.lastIndexOf('/')) || '/' : p;
        // Without a disk probe, folders every project has are taken to exist.
        const ws = normalize(ctx.env.workspace);
        const exists = ctx.env.exists?.(dir) === false ? false : (ctx.env.isDir?.(dir) ?? (dir === ws || PROJECT_DIRS.test(dir.slice(ws.length + 1))));
        if (exists) return `${e.how} copies files over the existing folder ${dir}: files of the same name there are replaced`;
      }
      return undefined;
    },
  },
  {
    id: 'remote.secrets-print',
    description:
      'Prints secrets another system keeps, or runs code there: pulumi --show-secrets, terraform output / show -json (state values), docker|podman inspect (the container Env), kubectl get configmaps -o yaml|json, kubectl get of a workload (deploy, statefulset, job…) as yaml/json or a template that reaches its env, kubectl attach, a command in a container or pod that reads its environ or a secret file, heroku run (a shell on the app), redis-cli --eval / EVAL / SCRIPT LOAD (Lua on the server), django-admin|manage.py flush.',
    examples: {
      destructive: [
        'pulumi config --show-secrets',
        'terraform output -json',
        'docker inspect app',
        'kubectl get deploy app -o yaml',
        'kubectl get sts,deploy -A -o json',
        "kubectl get deployment.apps/app -o jsonpath='{.spec.template.spec.containers[*].env}'",
        'kubectl exec api-0 -- cat /var/run/secrets/kubernetes.io/serviceaccount/token',
        "heroku run 'rm -rf /app/data' -a prod",
        'redis-cli --eval /tmp/x.lua',
        'django-admin flush --no-input',
      ],
      benign: [
        'pulumi config',
        'terraform output',
        'terraform plan',
        'docker ps',
        'kubectl get pods -o yaml',
        'kubectl get deploy',
        'kubectl get deploy app -o wide',
        "kubectl get deploy app -o jsonpath='{.status.readyReplicas}'",
        'kubectl exec api-0 -- ls /app',
        'redis-cli get k',
        'heroku logs -a prod',
      ],
    },
    // Every name the check below asks for (manage.py by any python), and whatever runs on another host or in a container.
    concerns: { name: (n) => n !== null && (SECRETS_PRINT_NAMES.has(n) || n.startsWith('python')), remote: true },
    check(s) {
      const n = s.name;
      if (n === null) return undefined;
      if (s.remote && s.words.some((w) => w.value !== null && REMOTE_SECRET.test(w.value)))
        return `${s.words[0].value} in a container or on a host reads ${s.words.find((w) => w.value !== null && REMOTE_SECRET.test(w.value))!.value}, a secret there`;
      if (s.remote && /^(env|printenv)$/.test(n) && s.words.length === 1) return `${n} in a container prints its environment, tokens included`;
      const b = bareWords(s);
      const has = (re: RegExp) => s.words.some((w, i) => i > 0 && w.value !== null && re.test(w.value));
      if (n === 'pulumi' && has(/^--show-secrets$/)) return 'pulumi --show-secrets prints the stack secrets in clear';
      if (
        (n === 'terraform' || n === 'tofu' || n === 'terragrunt') &&
        ((b[0] === 'output' && s.words.length > 2) || (b[0] === 'show' && has(/^-json$/)) || (b[0] === 'state' && b[1] === 'pull'))
      )
        return `${n} ${b[0]} prints values from the state, sensitive ones included`;
      if (
        (n === 'docker' || n === 'podman' || n === 'nerdctl') &&
        (b[0] === 'inspect' || (/^(container|inspect)$/.test(b[0] ?? '') && b[1] === 'inspect')) &&
        !narrowFormat(s)
      )
        return `${n} inspect prints the container configuration, its environment (tokens) included`;
      if ((n === 'kubectl' || n === 'oc') && b[0] === 'attach') return `${n} attach joins a running container's terminal`;
      if (
        (n === 'kubectl' || n === 'oc') &&
        b[0] === 'get' &&
        /^(cm|configmaps?)(\/|,|$)/.test(b[1] ?? '') &&
        has(/^(-o|--output)(=?(yaml|json|jsonpath.*|go-template.*))?$|^-o(yaml|json)$/)
      )
        return `${n} get configmaps prints their data, which often holds credentials`;
      if ((n === 'kubectl' || n === 'oc') && b[0] === 'get' && (b[1] ?? '').split(',').some((k) => WORKLOAD_KIND.test(k))) {
        const f = outputFormat(s);
        if (
          f === null ||
          (f !== undefined &&
            /^(ya?ml|json)$|^(jsonpath|go-template|template|custom-columns)/.test(f) &&
            !/^(jsonpath|go-template|template|custom-columns)[^=]*=(?![^]*((?<![a-z])(env|data|containers|template)|\{@\}|\.\.))/i.test(f))
        )
          return `${n} get ${b[1]} -o ${f ?? '…'} prints the workload's spec, its containers' environment (literal credentials) included`;
      }
      if (n === 'heroku' && /^run(:detached|:inside)?$/.test(b[0] ?? '')) return 'heroku run runs a command on the app (a remote shell)';
      if (
        n === 'redis-cli' &&
        (has(/^--eval$/) ||
          b.some((x) => /^(eval|evalsha|eval_ro|evalsha_ro|fcall|function)$/i.test(x)) ||
          (b.some((x) => /^script$/i.test(x)) && b.some((x) => /^load$/i.test(x))))
      )
        return 'redis-cli runs Lua on the server';
      if ((n === 'django-admin' || (n.startsWith('python') && s.words[1]?.value?.endsWith('manage.py') === true)) && b.includes('flush'))
        return 'flush deletes every row of the database';
      return undefined;
    },
  },
];
