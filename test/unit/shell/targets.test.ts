// Where a command's effects land: this machine or another one (a daemon, a cluster, a database server), and
// which SQL or mongo code changes data there. The rules' examples (catalog.test.ts) cover the commands; these
// cover the judges the rules share, edge by edge.
import assert from 'node:assert/strict';
import { localAddress, remoteTarget } from '../../../src/core/shell/rules/infra';
import { judgeMongo, judgeSql, writesMongo, writesSql } from '../../../src/core/shell/sql';

describe('remote targets and data writes', () => {
  it('tells this machine from another one by address', () => {
    for (const a of [
      'unix:///var/run/docker.sock',
      '/var/run/docker.sock',
      'tcp://localhost:2375',
      'tcp://127.0.0.1:2376',
      'postgres://postgres@localhost:5432/app',
      'postgres:///app',
      'file:./dev.db',
      'localhost:9092,127.0.0.1:9093',
      'http://[::1]:8200',
    ])
      assert.equal(localAddress(a), true, a);
    for (const a of [
      'tcp://10.0.0.5:2376',
      'ssh://deploy@prod.example.com',
      'postgres://u@db.prod.example.com/app',
      'localhost:9092,prod:9092',
      'mongodb+srv://c.example.net/app',
    ])
      assert.equal(localAddress(a), false, a);
  });

  it('judges target variables by kind: names, addresses, configuration files, run-time values', () => {
    assert.equal(remoteTarget('DOCKER_CONTEXT', 'prod'), true);
    assert.equal(remoteTarget('DOCKER_CONTEXT', 'default'), false);
    assert.equal(remoteTarget('AWS_PROFILE', 'my-dev'), false);
    assert.equal(remoteTarget('KUBECONFIG', '/tmp/prod.kubeconfig'), true);
    assert.equal(remoteTarget('KUBECONFIG', '/home/dev/.kube/kind-config'), false);
    assert.equal(remoteTarget('DATABASE_URL', null), true);
    assert.equal(remoteTarget('NODE_ENV', 'production'), false);
  });

  it('finds SQL that locks, rewrites, reconfigures or runs unread code, and leaves maintenance that does not', () => {
    for (const q of [
      'VACUUM FULL',
      'vacuum (full, analyze) users',
      'REINDEX DATABASE app',
      'CLUSTER users USING users_pkey',
      'LOCK TABLE users IN ACCESS EXCLUSIVE MODE',
      'OPTIMIZE TABLE orders',
      'SET GLOBAL read_only = 0',
      "DO $$ BEGIN EXECUTE 'DROP TABLE x'; END $$",
      'CALL purge_all()',
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity',
      "COPY users TO '/tmp/u.csv'",
      "SELECT * FROM users INTO OUTFILE '/tmp/x'",
    ])
      assert.ok(judgeSql(q), q);
    for (const q of [
      'VACUUM ANALYZE users',
      'VACUUM',
      'ANALYZE users',
      'SELECT count(*) FROM users',
      'REFRESH MATERIALIZED VIEW CONCURRENTLY mv',
      'COPY users TO STDOUT',
    ])
      assert.equal(judgeSql(q), undefined, q);
  });

  it('finds the data writes that matter on a server elsewhere', () => {
    assert.equal(writesSql('INSERT INTO t VALUES (1)'), 'INSERT');
    assert.equal(writesSql("select 1; update users set a = 'x' where id = 2"), 'UPDATE');
    assert.equal(writesSql('WITH x AS (SELECT 1) DELETE FROM t WHERE id IN (SELECT * FROM x)'), 'DELETE');
    assert.equal(writesSql("SELECT * FROM t WHERE note = 'INSERT INTO'"), undefined);
    assert.equal(writesMongo('db.users.insertOne({a: 1})'), 'insertOne');
    assert.equal(writesMongo('db.users.find({}).limit(5)'), undefined);
  });

  it('reads mongo database commands and always-true filters', () => {
    assert.ok(judgeMongo('db.runCommand({dropDatabase: 1})'));
    assert.ok(judgeMongo("db.adminCommand({ 'shutdown': 1 })"));
    assert.ok(judgeMongo('db.a.renameCollection("b", true)'));
    assert.ok(judgeMongo('db.users.deleteMany({ _id: { $exists: true } })'));
    assert.equal(judgeMongo('db.users.deleteMany({ status: "stale" })'), undefined);
    assert.equal(judgeMongo('db.runCommand({ping: 1})'), undefined);
  });
});
