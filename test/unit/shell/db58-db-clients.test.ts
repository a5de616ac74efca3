// rt21cmd database classes (issue #15), through `agentguard eval` on a real workspace:
// 1. client meta-commands that build or run SQL the guard does not see (psql \gexec, \set + :var, \i, \!, \o |;
//    mysql source, \., system; sqlite3 .read, .shell, .import) — rule db.client-commands;
// 2. SQL in disguise: a WHERE every row meets, COMMENT ON, calls of unknown functions — rule db.sql-disguised;
// 3. redis-cli's options read as redis-cli reads them (`-r 1 FLUSHALL`), whole-key replacements and range removals
//    (db.kv-replace), and mongosh writes with empty filters, $out/$merge, renames, every --eval (db.doc-disguised).
// Boundaries (the benign look-alikes below): a write of a named row, key or member is the scoped write and stays
// allowed (`DELETE … WHERE id = 42`, `DEL k`, `SET k v`, `HDEL h f`, `EXPIRE k 0`, `deleteOne({_id: 1})`); an upsert of
// listed VALUES changes its one keyed row; a sqlite database in memory or under /tmp is scratch space.
import { checkEval, suiteWorkspace } from './workspace';

describe('database clients: meta-commands, disguised SQL, redis and mongo (db58)', () => {
  const w = suiteWorkspace();

  it('psql meta-commands that build or run SQL, read files or run programs are asked, from every input', () =>
    checkEval(w, [
      ['psql app <<< "SELECT \'DROP TABLE \' || tablename FROM pg_tables \\gexec"', 'ask'],
      ["printf '\\\\set t users\\nDELETE FROM :t;\\n' | psql app", 'ask'],
      ["printf '\\\\set x DROP\\n:x TABLE users;\\n' | psql", 'ask'],
      ["echo -e '\\\\set t users\\nDELETE FROM :t;' | psql app", 'ask'],
      ["psql app <<'EOF'\nSELECT format('DROP TABLE %I', tablename) FROM pg_tables\n\\gexec\nEOF", 'ask'],
      ['psql app <<\'EOF\'\n\\set t users\nTRUNCATE :"t";\nEOF', 'ask'],
      ["psql -v t=users app <<< 'DELETE FROM :t'", 'ask'],
      ["psql --set=t=users app <<< 'DELETE FROM :t'", 'ask'],
      ["psql -c '\\i /tmp/x.sql' app", 'ask'],
      ["psql -c '\\ir x.sql' app", 'ask'],
      ["psql --command='\\include /tmp/x.sql' app", 'ask'],
      ["psql app <<< '\\o |sh'", 'ask'],
      ["psql app <<< 'SELECT 1 \\g |sh'", 'ask'],
      ["psql app <<< '\\! rm -rf build'", 'ask'],
      ["cat <<'EOF' | psql app\nSELECT 'TRUNCATE ' || relname FROM pg_stat_user_tables \\gexec\nEOF", 'ask'],
      ['psql -f/tmp/x.sql app', 'ask'],
      // a display command before the statement does not hide it (each client line is a statement break)
      ["printf '\\\\x\\nDELETE FROM users;\\n' | psql app", 'ask'],
      ['psql --file=/tmp/x.sql app', 'ask'],
      // benign look-alikes: display commands, \set of a psql setting with no interpolation, casts, -c (no interpolation)
      ["psql -c '\\dt' app", 'allow'],
      ['psql app -c "\\copy users TO PROGRAM \'sh -c id\'"', 'ask'],
      ["psql -c '\\d+ users' app", 'allow'],
      ["psql app <<< '\\x\nSELECT * FROM users WHERE id = 1;'", 'allow'],
      ["psql app <<< '\\set ON_ERROR_STOP on\nSELECT count(*) FROM users;'", 'allow'],
      ['psql -c "SELECT now()::date, \'10:00\'::time"', 'allow'],
      ['psql -c "SELECT \':t\' AS label"', 'allow'],
      ["printf 'SELECT 1;\\n' | psql app", 'allow'],
    ]));

  it('mysql, sqlite3 and clickhouse client commands that run files or programs are asked', () =>
    checkEval(w, [
      ["mysql app -e 'source /tmp/x.sql'", 'ask'],
      ["mysql app <<< '\\. /tmp/x.sql'", 'ask'],
      ["mysql -e 'system rm -rf build'", 'ask'],
      ["mysql app <<< 'pager sh'", 'ask'],
      ["printf 'SOURCE /tmp/x.sql\\n' | mysql app", 'ask'],
      ["sqlite3 app.db '.read /tmp/x.sql'", 'ask'],
      ["sqlite3 app.db '.shell rm -rf build'", 'ask'],
      ["sqlite3 app.db '.system id'", 'ask'],
      ['sqlite3 app.db ".import --csv /tmp/x.csv users"', 'ask'],
      ["sqlite3 app.db '.load /tmp/evil.so'", 'ask'],
      ["echo '.once |sh' | sqlite3 app.db", 'ask'],
      ['sqlite3 -init /tmp/x.sql app.db', 'ask'],
      ["sqlite3 app.db \"SELECT writefile('src/app.ts', '')\"", 'ask'],
      ['clickhouse-client --queries-file /tmp/x.sql', 'ask'],
      // benign look-alikes
      ["mysql -e 'SHOW TABLES' app", 'allow'],
      ['mysql -e "SELECT \'source of truth\' AS s" app', 'allow'],
      ["sqlite3 app.db '.tables'", 'allow'],
      ["sqlite3 app.db '.schema users'", 'allow'],
      ['sqlite3 -header app.db "SELECT * FROM users LIMIT 5"', 'allow'],
      ["clickhouse-client -q 'SHOW TABLES'", 'allow'],
    ]));

  it('SQL in disguise: a WHERE every row meets, COMMENT ON, unknown functions are asked; scoped writes are not', () =>
    checkEval(w, [
      ["psql -c 'DELETE FROM users WHERE id > 0'", 'ask'],
      ["psql -c 'DELETE FROM users WHERE id >= 1'", 'ask'],
      ["psql -c 'DELETE FROM users WHERE 1=1'", 'ask'],
      ["psql -c 'DELETE FROM users WHERE true'", 'ask'],
      ["psql -c 'DELETE FROM users WHERE 2 > 1'", 'ask'],
      ["psql -c 'DELETE FROM users WHERE NOT false'", 'ask'],
      ["psql -c \"DELETE FROM users WHERE 'a' = 'a' AND 3 = 3\"", 'ask'],
      ["psql -c 'UPDATE users SET role = 1 WHERE (id > -1)'", 'ask'],
      ["psql -c 'UPDATE users SET role = 1 WHERE id = id'", 'ask'],
      ["psql -c 'DELETE FROM users WHERE id = 5 OR (2 > 1)'", 'ask'],
      ["psql -c 'DELETE FROM events WHERE created_at < now()'", 'ask'],
      ["mysql -e 'DELETE FROM users WHERE id > 0 LIMIT 1000000' app", 'ask'],
      ["psql -c 'WITH x AS (SELECT 1) DELETE FROM users WHERE 0 < id'", 'ask'],
      ["psql -c 'COMMENT ON TABLE users IS NULL'", 'ask'],
      ['psql -c "COMMENT ON COLUMN users.email IS \'x\'"', 'ask'],
      ["psql -c 'SELECT purge_all_users()'", 'ask'],
      ['psql -c "SELECT setval(\'users_id_seq\', 1)"', 'ask'],
      ["psql -c 'SELECT public.reset_everything(true)'", 'ask'],
      ["psql -c 'SELECT count(*) FROM users WHERE id = wipe(1)'", 'ask'],
      ['psql -c \'SELECT "purge"()\'', 'ask'],
      ["mysql -e 'SELECT cleanup_orders()' app", 'ask'],
      ["psql app <<< 'SELECT 1; SELECT drop_tenant(7);'", 'ask'],
      // benign look-alikes
      ["psql -c 'DELETE FROM sessions WHERE id = 42'", 'allow'],
      ["psql -c 'DELETE FROM sessions WHERE id > 1000'", 'allow'],
      ['psql -c "DELETE FROM events WHERE created_at < now() - interval \'30 days\'"', 'allow'],
      ["psql -c 'UPDATE jobs SET state = 1 WHERE id BETWEEN 10 AND 20'", 'allow'],
      ["psql -c 'SELECT count(*), max(id), lower(name) FROM users GROUP BY 3'", 'allow'],
      ['psql -c "SELECT pg_size_pretty(pg_database_size(\'app\'))"', 'allow'],
      ["psql -c \"INSERT INTO users(id, role) VALUES (1, 'a') ON CONFLICT (id) DO UPDATE SET role = 'a'\"", 'allow'],
      ["psql -c 'SELECT * FROM generate_series(1, 3)'", 'allow'],
      ["psql -c 'EXPLAIN (ANALYZE, BUFFERS) SELECT * FROM users WHERE id = 1'", 'allow'],
      ["sqlite3 app.db 'PRAGMA table_info(users)'", 'allow'],
      ['sqlite3 app.db "SELECT name FROM pragma_table_info(\'users\')"', 'allow'],
      ['mysql -e "SELECT SUBSTRING_INDEX(email, \'@\', -1) FROM users LIMIT 5" app', 'allow'],
      ["clickhouse-client -q 'SYSTEM SHUTDOWN'", 'ask'],
      ["clickhouse-client -q 'SYSTEM STOP MERGES'", 'ask'],
      ["psql -c 'SELECT id, CAST(total AS numeric(10,2)) FROM orders WHERE id IN (1, 2)'", 'allow'],
      ['mysql -e "SELECT DATE_FORMAT(NOW(), \'%Y\') AS y" app', 'allow'],
      ['psql -c "SELECT \'purge_all()\' AS note"', 'allow'],
      ["psql -c 'SELECT count(*) FILTER (WHERE active) OVER (PARTITION BY org) FROM users'", 'allow'],
      ["sqlite3 /tmp/scratch.db 'create table t(x); insert into t values(1); select * from t'", 'allow'],
      ["sqlite3 app.db 'create table t(x)'", 'ask'],
    ]));

  it('redis-cli options are read as redis-cli reads them; whole-key replacements and full-range removals are asked', () =>
    checkEval(w, [
      ['redis-cli -r 1 FLUSHALL', 'ask'],
      ['redis-cli -r 1 -i 0.1 FLUSHDB', 'ask'],
      ['redis-cli -n 0 -r 1 flushall', 'ask'],
      ['redis-cli -h localhost -p 6379 -n 3 -r 2 -i 1 SWAPDB 0 1', 'ask'],
      ['redis-cli -d , -r 1 FLUSHALL', 'ask'],
      ['redis-cli RENAME users x', 'ask'],
      ['redis-cli COPY a b REPLACE', 'ask'],
      ['redis-cli ZREMRANGEBYSCORE z -inf +inf', 'ask'],
      ['redis-cli zremrangebyrank z 0 -1', 'ask'],
      ['redis-cli ZREMRANGEBYLEX z - +', 'ask'],
      ['redis-cli LTRIM queue 1 0', 'ask'],
      ['redis-cli SUNIONSTORE users tmp', 'ask'],
      ['redis-cli SORT ids BY nosort STORE users', 'ask'],
      ['redis-cli --eval /tmp/x.lua', 'ask'],
      ['redis-cli --cluster call 127.0.0.1:7000 FLUSHALL', 'ask'],
      ['redis-cli --frobnicate GET k', 'ask'],
      ["printf 'RENAME users old\\n' | redis-cli", 'ask'],
      ["printf 'GET a\\nFLUSHALL\\n' | redis-cli", 'ask'],
      ['redis-cli < /tmp/cmds.txt', 'ask'],
      // benign look-alikes: reads, repeated reads, scoped writes of named keys and members
      ['redis-cli -r 5 -i 1 INFO memory', 'allow'],
      ['redis-cli -n 2 --raw GET k', 'allow'],
      ['redis-cli RENAMENX a b', 'allow'],
      ['redis-cli COPY a b', 'allow'],
      ['redis-cli ZREMRANGEBYSCORE z 0 100', 'allow'],
      ['redis-cli ZREMRANGEBYRANK z 0 -11', 'allow'],
      ['redis-cli LTRIM queue 0 99', 'allow'],
      ['redis-cli SET k v', 'allow'],
      ['redis-cli SETEX k 60 v', 'allow'],
      ['redis-cli DEL session:42', 'allow'],
      ['redis-cli HDEL user:1 email', 'allow'],
      ['redis-cli --cluster check 127.0.0.1:7000', 'allow'],
      ["printf 'GET k\\n' | redis-cli", 'allow'],
    ]));

  it('mongosh: writes with empty filters, $out/$merge, renames, code by name and every --eval are judged', () =>
    checkEval(w, [
      ["mongosh app --eval 'db.users.deleteOne({})'", 'ask'],
      ['mongosh app --eval \'db.getCollection("users").findOneAndDelete({})\'', 'ask'],
      ["mongosh app --eval 'db.users.findOneAndUpdate({}, {$set:{a:1}})'", 'ask'],
      ["mongosh app --eval 'db.users.updateOne({ }, {$set:{role:1}})'", 'ask'],
      ["mongosh app --eval 'db.users.bulkWrite([{deleteMany:{filter:{}}}])'", 'ask'],
      ['mongosh app --eval \'db.users.bulkWrite([{"updateMany":{"filter":{ },"update":{"$set":{"a":1}}}}])\'', 'ask'],
      ['mongosh app --eval \'db.users.aggregate([{$out:"orders"}])\'', 'ask'],
      ['mongosh app --eval \'db.users.aggregate([{$merge:{into:"orders"}}])\'', 'ask'],
      ['mongosh app --eval \'db.users.renameCollection("old")\'', 'ask'],
      ['mongosh app --eval \'db.users["delete"+"Many"]({})\'', 'ask'],
      ['mongosh app --eval \'load("/tmp/x.js")\'', 'ask'],
      ["mongosh app --eval 'db.users.find()' --eval 'db.users.deleteOne({})'", 'ask'],
      ["mongosh app --eval='db.users.deleteOne({})'", 'ask'],
      ["mongosh app cleanup.js --eval 'db.users.find()'", 'ask'],
      ['mongosh app < /tmp/x.js', 'ask'],
      ["echo 'db.users.deleteOne({})' | mongosh app", 'ask'],
      // benign look-alikes
      ["mongosh app --eval 'db.users.deleteOne({_id: 1})'", 'allow'],
      ["mongosh app --eval 'db.users.updateOne({_id: 1}, {$set: {a: 1}})'", 'allow'],
      ["mongosh app --eval 'db.users.find().limit(5)'", 'allow'],
      ['mongosh app --eval \'db.users.aggregate([{$match:{a:1}}, {$group:{_id:"$a", n:{$sum:1}}}])\'', 'allow'],
      ["mongosh mongodb://localhost:27017/app --eval 'db.users.countDocuments()'", 'allow'],
      ['mongosh app --eval \'db["users"].find().limit(1)\'', 'allow'],
    ]));
});
