// Databases: DDL, unfiltered DML, FLUSH, migration resets, SQL the guard cannot read.
import { judgeMongo, judgeSql, writesMongo, writesSql } from '../sql';
import type { Stdin, Sub, W } from '../types';
import { printfText, unescapeC } from '../programs/handlers';
import { redisValueOption, scratchSqlite, sqlOnly } from './dbclients';
import { localAddress } from './infra';
import type { Rule } from './types';
import { bareWords, dryRun, named, verb } from './util';

/** Options that name the server, per client (`-h host`, `-hhost`, `--host=host`); URIs and conninfo are read too. */
const HOST_OPTS: Record<string, string[]> = {
  psql: ['-h', '--host'],
  pgcli: ['-h', '--host'],
  usql: [],
  pg_dump: ['-h', '--host'],
  mysql: ['-h', '--host'],
  mariadb: ['-h', '--host'],
  mycli: ['-h', '--host'],
  'redis-cli': ['-h', '-u', '--uri'],
  'valkey-cli': ['-h', '-u', '--uri'],
  'keydb-cli': ['-h', '-u', '--uri'],
  mongosh: ['--host'],
  mongo: ['--host'],
  'clickhouse-client': ['-h', '--host'],
  clickhouse: ['-h', '--host'],
  cockroach: ['--host', '--url'],
  cqlsh: [],
  influx: ['-host', '--host'],
};
const HOST_ENV: Record<string, string> = {
  psql: 'PGHOST',
  pgcli: 'PGHOST',
  pg_dump: 'PGHOST',
  mysql: 'MYSQL_HOST',
  mariadb: 'MYSQL_HOST',
  'redis-cli': 'REDISCLI_HOST',
};

/**
 * The server a database client talks to when the command names one that is not this machine (`psql -h prod.db`,
 * `mysql -hdb.example.com`, `redis-cli -u redis://cache.prod:6379`, `mongosh mongodb://prod/app`, `cqlsh prod`,
 * `PGHOST=prod psql`). Undefined for this machine, the default socket, or a host only known at run time.
 */
export function remoteDbHost(s: Sub): string | undefined {
  const name = s.name ?? '';
  const opts = HOST_OPTS[name];
  if (opts === undefined) return undefined;
  const far = (v: string | null | undefined): v is string => typeof v === 'string' && v !== '' && !localAddress(v);
  const envVar = HOST_ENV[name];
  if (envVar !== undefined && far(s.assigns[envVar])) return s.assigns[envVar]!;
  const ws = s.words;
  let positional = 0;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    for (const f of opts) {
      if (v === f && far(ws[i + 1]?.value)) return ws[i + 1].value!;
      if (f.startsWith('--') && v.startsWith(f + '=') && far(v.slice(f.length + 1))) return v.slice(f.length + 1);
      if (f.length === 2 && !f.startsWith('--') && v.startsWith(f) && v.length > 2 && far(v.slice(2))) return v.slice(2);
    }
    // A URI or a conninfo string anywhere (`psql postgres://u@prod/db`, `-d "host=prod dbname=app"`).
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v) && far(v)) return v;
    const ci = /(?:^|\s)host(?:addr)?=([^\s]+)/.exec(v);
    if (ci && far(ci[1])) return ci[1];
    if (!v.startsWith('-')) {
      positional++;
      // cqlsh [host [port]]
      if (name === 'cqlsh' && positional === 1 && far(v)) return v;
    }
  }
  return undefined;
}

/** Redis commands that only read (anything else, sent to a server on another machine, is asked). */
const REDIS_READ =
  /^(GET|MGET|GETRANGE|STRLEN|EXISTS|TYPE|TTL|PTTL|EXPIRETIME|KEYS|SCAN|SSCAN|HSCAN|ZSCAN|HGET|HMGET|HGETALL|HKEYS|HVALS|HLEN|HEXISTS|LRANGE|LLEN|LINDEX|SMEMBERS|SISMEMBER|SCARD|ZRANGE|ZRANGEBYSCORE|ZREVRANGE|ZCARD|ZSCORE|ZRANK|XRANGE|XREVRANGE|XLEN|XINFO|XREAD|XPENDING|PING|ECHO|INFO|DBSIZE|TIME|LASTSAVE|ROLE|MEMORY|OBJECT|SLOWLOG|LATENCY|MONITOR|SUBSCRIBE|PSUBSCRIBE|PUBSUB|COMMAND|HELLO|AUTH|SELECT|DUMP|RANDOMKEY|BITCOUNT|GETBIT|PFCOUNT|GEOPOS|GEODIST|JSON\.GET|FT\.SEARCH|FT\.INFO|TS\.RANGE|TS\.GET|CLIENT)$/;

const SQL_CLIENTS: Record<string, string[]> = {
  psql: ['-c', '--command'],
  mysql: ['-e', '--execute', '--init-command'],
  mariadb: ['-e', '--execute', '--init-command'],
  sqlite3: ['-cmd', '--cmd'],
  duckdb: ['-c', '-cmd', '--cmd'],
  'clickhouse-client': ['-q', '--query'],
  sqlcmd: ['-Q', '-q'],
  cockroach: ['-e', '--execute'],
  snowsql: ['-q', '--query'],
  bq: [],
  usql: ['-c', '--command'],
  pgcli: [],
  cqlsh: ['-e', '--execute'],
  clickhouse: ['-q', '--query'],
  trino: ['--execute'],
  presto: ['--execute'],
  influx: ['-execute'],
  mycli: ['-e', '--execute'],
  litecli: ['-e', '--execute'],
};
const FILE_FLAGS: Record<string, string[]> = {
  psql: ['-f', '--file'],
  mysql: [],
  mariadb: [],
  sqlcmd: ['-i'],
  snowsql: ['-f', '--filename'],
  usql: ['-f', '--file'],
  duckdb: ['-f', '-init', '--init'],
  sqlite3: ['-init', '--init'],
  'clickhouse-client': ['--queries-file'],
  clickhouse: ['--queries-file'],
  cockroach: ['-f', '--file'],
};

/** The sqlite3 and duckdb shell options that take the next word as their value. */
const SQLITE_VALUE_OPTS = /^--?(?:cmd|init|separator|newline|nullvalue|c|s|f|mmap|pagecache|lookaside|heap|maxsize|vfs)$/;

/** SQL a client will run: from flags, a positional (sqlite3 db "SQL"), a here-doc/string, or echoed into it. */
export function sqlOf(s: Sub): { texts: string[]; opaque?: string } {
  const name = s.name ?? '';
  const flags = SQL_CLIENTS[name] ?? [];
  const texts: string[] = [];
  const w = s.words;
  for (let i = 1; i < w.length; i++) {
    const v = w[i].value;
    if (v === null) continue;
    for (const f of flags) {
      if (v === f) texts.push(w[i + 1]?.value ?? w[i + 1]?.text ?? '');
      // `--command=SQL` (without building `f + '='` for every word and flag).
      else if (f.startsWith('--') && v.length > f.length && v.charCodeAt(f.length) === 61 /* = */ && v.startsWith(f)) texts.push(v.slice(f.length + 1));
      else if (!f.startsWith('--') && v.startsWith(f) && v.length > f.length && f.length === 2) texts.push(v.slice(2));
    }
    if (FILE_FLAGS[name]?.includes(v)) return { texts, opaque: `${name} runs the SQL file ${w[i + 1]?.text ?? ''}` };
    // The glued forms (`--file=x.sql`, `-fx.sql`): the same file, read the way the client reads its options.
    const glued = FILE_FLAGS[name]?.find((f) => (f.startsWith('--') ? v.startsWith(f + '=') : f.length === 2 && v.startsWith(f) && v.length > 2));
    if (glued !== undefined) return { texts, opaque: `${name} runs the SQL file ${w[i].text}` };
  }
  if (name === 'sqlite3' || name === 'duckdb') {
    // The database and the SQL are the words that are not options nor an option's value (`-cmd SQL db SQL`).
    const ps: W[] = [];
    for (let i = 1; i < w.length; i++) {
      const v = w[i].value;
      if (v !== null && v.startsWith('-')) {
        if (SQLITE_VALUE_OPTS.test(v)) i++;
        continue;
      }
      ps.push(w[i]);
    }
    if (ps[1]) texts.push(ps[1].value ?? ps[1].text);
  }
  if (name === 'bq' && bareWords(s)[0] === 'query') texts.push(bareWords(s).slice(1).join(' '));
  if (texts.length === 0) {
    const fromStdin = stdinText(s.stdin);
    if (fromStdin !== undefined) {
      if (fromStdin === null) return { texts, opaque: `${name} runs SQL from ${describe(s.stdin)}` };
      texts.push(fromStdin);
    }
  }
  return { texts };
}

/**
 * What an echo or printf of literal words prints, as bash prints it: printf's format (`\\set t users\n` is a
 * psql meta-command and a line break) and echo -e's escapes. Null when a word is only known at run time.
 */
function echoed(f: Sub): string | null {
  const args = f.words.slice(1);
  if (args.some((w) => w.value === null)) return null;
  const vs = args.map((w) => w.value!);
  if (f.name === 'printf') return printfText(vs);
  const opts = vs[0] !== undefined && /^-[neE]+$/.test(vs[0]) ? vs[0] : '';
  const s = (opts ? vs.slice(1) : vs).join(' ');
  return opts.includes('e') ? unescapeC(s) : s;
}

export function stdinText(st: Stdin): string | null | undefined {
  if (st.kind === 'heredoc') return st.body;
  if (st.kind === 'herestring') return st.value;
  if (st.kind === 'file') return null;
  if (st.kind === 'pipe') {
    const f = st.from;
    if (f && (f.name === 'echo' || f.name === 'printf')) return echoed(f);
    if (f && f.name === 'cat' && f.words.length === 1 && f.stdin.kind !== 'pipe' && f.stdin.kind !== 'none') return stdinText(f.stdin);
    return null;
  }
  return undefined;
}

export function describe(st: Stdin): string {
  if (st.kind === 'file') return `the file ${st.path.text}`;
  if (st.kind === 'pipe') return `the output of ${st.from?.name ?? 'a pipe'}`;
  return 'input';
}

/**
 * Migration and schema tools: the verbs (the tool's non-option words, lower-cased and joined by spaces) that drop a
 * database, wipe its objects or roll migrations back. Data, so a tool is one row.
 */
/** The tools db.migration-reset reads beyond the MIGRATION_DROPS rows. */
const MIGRATION_NAMES_LIST = [
  'rails',
  'rake',
  'prisma',
  'php',
  'artisan',
  'alembic',
  'python',
  'python3',
  'manage.py',
  'knex',
  'sequelize',
  'sequelize-cli',
  'typeorm',
  'mikro-orm',
  'mikro-orm-esm',
  'drizzle-kit',
  'supabase',
  'dbt',
  'mix',
];
const MIGRATION_NAMES: readonly string[] = MIGRATION_NAMES_LIST;

const MIGRATION_DROPS: Record<string, RegExp> = {
  flyway: /(^| )(clean|undo)( |$)/,
  liquibase: /(^| )(dropall|drop-all|rollback|rollback-count|rollbackcount|rollback-to-date|rollbacktodate|rollback-one-changeset|rollback-one-update)( |$)/,
  sequelize: /(^| )db:(drop|migrate:undo(:all)?|seed:undo(:all)?)( |$)/,
  'sequelize-cli': /(^| )db:(drop|migrate:undo(:all)?|seed:undo(:all)?)( |$)/,
  dbmate: /(^| )(drop|down|rollback)( |$)/,
  migrate: /(^| )(drop|down)( |$)/,
  knex: /(^| )migrate:(rollback|down)( |$)/,
  typeorm: /(^| )(schema:drop|migration:revert)( |$)/,
  'typeorm-ts-node-commonjs': /(^| )(schema:drop|migration:revert)( |$)/,
  'mikro-orm': /(^| )(schema:drop|schema:fresh|migration:down|migration:fresh)( |$)/,
  goose: /(^| )(reset|down|down-to|redo)( |$)/,
  atlas: /(^| )(schema clean|migrate down)( |$)/,
  hasura: /(^| )(migrate delete|metadata clear)( |$)/,
  diesel: /(^| )(database (reset|drop)|migration (revert|redo))( |$)/,
  sqlx: /(^| )(database (reset|drop)|migrate revert)( |$)/,
  'drizzle-kit': /(^| )drop( |$)/,
  supabase: /(^| )db reset( |$)/,
  dotnet: /(^| )ef (database drop|database update 0|migrations remove)( |$)/,
  flask: /(^| )db (downgrade|drop)( |$)/,
  sqitch: /(^| )(revert|rebase)( |$)/,
  yii: /(^| )migrate\/(down|fresh|redo)( |$)/,
};

/**
 * Migration and schema tools: the verbs that apply schema changes (DDL) or load data into a database — forward
 * migrations, schema pushes and syncs, seeds. The contract counts a DDL statement as a change to a database
 * (`psql -c 'CREATE TABLE …'` is asked), and a migration runner is a batch of them the line does not show.
 * Status, history, diff, generate and dry-run forms only read or write files, and stay allowed.
 */
const MIGRATION_APPLIES: Record<string, RegExp> = {
  prisma: /^(migrate (deploy|dev)|db (push|seed))( |$)/,
  knex: /(^| )(migrate:(latest|up)|seed:run)( |$)/,
  sequelize: /(^| )db:(migrate|seed|seed:all|create)( |$)/,
  'sequelize-cli': /(^| )db:(migrate|seed|seed:all|create)( |$)/,
  typeorm: /(^| )(migration:run|schema:sync|query)( |$)/,
  'typeorm-ts-node-commonjs': /(^| )(migration:run|schema:sync|query)( |$)/,
  'typeorm-ts-node-esm': /(^| )(migration:run|schema:sync|query)( |$)/,
  'mikro-orm': /(^| )(migration:up|seeder:run)( |$)/,
  'mikro-orm-esm': /(^| )(migration:up|seeder:run)( |$)/,
  'drizzle-kit': /^(push|migrate)( |$)/,
  alembic: /^(upgrade|stamp)( |$)/,
  flask: /^db (upgrade|stamp)( |$)/,
  goose: /(^| )(up|up-by-one|up-to)( |$)/,
  migrate: /(^| )(up|goto|force)( |$)/,
  flyway: /(^| )(migrate|baseline|repair)( |$)/,
  liquibase:
    /(^| )(update|update-count|updatecount|update-to-tag|updatetotag|update-one-changeset|changelog-sync|changelogsync|changelog-sync-to-tag|execute-sql|executesql|tag)( |$)/,
  diesel: /^(migration run|database setup)( |$)/,
  sqlx: /^(migrate run|database (create|setup))( |$)/,
  dbmate: /(^| )(up|migrate|create)( |$)/,
  atlas: /^(schema apply|migrate apply)( |$)/,
  hasura: /^(migrate apply|metadata apply|seed apply|metadata reload)( |$)/,
  supabase: /^(db push|migration up|seed buckets)( |$)/,
  dbt: /^(run|build|seed|snapshot|run-operation)( |$)/,
  sqitch: /(^| )deploy( |$)/,
  mix: /^(ecto\.migrate|ecto\.create|ecto\.setup|ecto\.load)( |$)/,
};

/**
 * Programs with a verb or option that copies a secret store out whole (the rest of what they do is other rules').
 * A database backup (`pg_dump app > /tmp/app-backup.sql`, mysqldump, mongodump, sqlite .dump) is not in the class:
 * the acceptance corpus holds it benign (cmd-B208), an everyday step before a migration.
 */
const DUMP_VERBS = new Set(['redis-cli', 'valkey-cli', 'keydb-cli', 'etcdctl', 'consul', 'vault', 'nomad']);

/** Redis commands that read a key's value (a key known only at run time: every key a scan listed). */
const REDIS_VALUE_READS = /^(get|mget|getrange|getex|hgetall|hget|hmget|hvals|lrange|smembers|sscan|zrange|zscan|hscan|xrange|xread|json\.get)$/i;

/**
 * What a command copies out of a whole database, key-value store or cluster store, or undefined. Not the dumps
 * of a schema alone (`pg_dump --schema-only`, `mysqldump --no-data`, sqlite `.schema`).
 */
function wholeDump(s: Sub): string | undefined {
  const n = s.name;
  if (n === null) return undefined;
  const ws = s.words;
  const has = (re: RegExp) => ws.some((w, i) => i > 0 && w.value !== null && re.test(w.value));
  const b = bareWords(s);
  if (n === 'redis-cli' || n === 'valkey-cli' || n === 'keydb-cli') {
    if (b.some((x) => /^dump$/i.test(x))) return `${n} DUMP copies a key's value out of the store`;
    // A value read whose key comes from an input list (`redis-cli --scan | xargs -L1 redis-cli GET`): every key a scan
    // listed. A key made at run time by other means (`GET "session:$(date +%s)"`) is one key.
    const vi = ws.findIndex((w, i) => i > 0 && w.value !== null && REDIS_VALUE_READS.test(w.value));
    if (vi > 0 && ws.slice(vi + 1).some((w) => w.value === null && w.fromInput === true))
      return `${n} ${ws[vi].value} reads the values of keys only known at run time (every key a scan listed)`;
    return undefined;
  }
  if (n === 'etcdctl') {
    if (b[0] === 'snapshot' && b[1] === 'save') return 'etcdctl snapshot save copies the whole cluster store, Secrets included';
    if (b[0] === 'get' && has(/^--(prefix|from-key)(=true)?$/) && !has(/^--(keys-only|count-only)(=true)?$/))
      return 'etcdctl get --prefix prints every key and value under the prefix (a Kubernetes cluster keeps its Secrets there)';
    return undefined;
  }
  if (n === 'consul') {
    if (b[0] === 'kv' && (b[1] === 'export' || (b[1] === 'get' && has(/^-recurse(=true)?$/))))
      return `consul kv ${b[1]} prints every key and value of the store`;
    if (b[0] === 'snapshot' && b[1] === 'save') return 'consul snapshot save copies the whole store, its ACL tokens included';
    return undefined;
  }
  if ((n === 'vault' || n === 'nomad') && b[0] === 'operator' && /^(raft|snapshot)$/.test(b[1] ?? '') && b.includes('save'))
    return `${n} operator snapshot save copies the whole store, its secrets included`;
  return undefined;
}

export const dbRules: Rule[] = [
  {
    id: 'secrets.db-dump',
    // Not `names`: a name there makes a program modelled, and some of these have no row (they stay unmodelled).
    concerns: { name: (n) => n !== null && DUMP_VERBS.has(n) },
    description:
      'Copies a secret store out whole to where the agent can read it: values read for every key a redis scan listed or redis DUMP, etcdctl get --prefix or snapshot save (a cluster keeps its Secrets there), consul kv export, Vault/Nomad snapshots. A database backup (pg_dump, mysqldump) is not: it is an everyday step before a migration.',
    examples: {
      destructive: [
        'redis-cli --scan | xargs -L1 redis-cli GET',
        'redis-cli DUMP session:1',
        'etcdctl get / --prefix',
        'etcdctl snapshot save /tmp/etcd.db',
        'consul kv export',
        'consul kv get -recurse',
        'vault operator raft snapshot save /tmp/v.snap',
      ],
      benign: [
        'pg_dump app > /tmp/app-backup.sql',
        'mysqldump app > /tmp/app-backup.sql',
        'redis-cli GET k',
        'redis-cli --scan --pattern "session:*"',
        'etcdctl get /config/app',
        'etcdctl get / --prefix --keys-only',
        'consul kv get app/config',
        'npx prisma migrate status',
      ],
    },
    check: wholeDump,
  },

  {
    id: 'db.ddl',
    names: ['dropdb', 'dropuser', 'mysqladmin', 'pg_restore', 'mongorestore', 'mongoimport', ...Object.keys(SQL_CLIENTS)],
    description: 'Runs DDL or unfiltered DML against a database (DROP, TRUNCATE, ALTER, CREATE, UPDATE/DELETE without WHERE), or drops a database.',
    examples: {
      destructive: [
        "psql -c 'DROP TABLE users;'",
        'psql -d app -c "UPDATE users SET role = \'admin\'"',
        "echo 'DROP TABLE users;' | psql app",
        "mysql -e 'TRUNCATE TABLE sessions' app",
        'mysql -u root -p -e "DROP DATABASE app"',
        'sqlite3 app.db "DELETE FROM jobs"',
        'sqlite3 app.db ".restore /tmp/x.db"',
        "sqlite3 app.db '.open --new data/app.db'",
        'psql -c "insert into users select * from users"',
        "mysql -e 'REPLACE INTO users SELECT * FROM users_old'",
        'mysql -e "REPLACE INTO users VALUES (1, \'a\')" app',
        'sqlite3 app.db "INSERT OR REPLACE INTO users VALUES (1, \'a\')"',
        'dropdb app',
        "docker exec -i db psql -U postgres -c 'DROP TABLE users'",
        "cqlsh -e 'DROP KEYSPACE shop'",
        'mongoimport --drop -c users x.json',
        'mongoimport --db app --collection users --mode=delete --file x.json',
      ],
      benign: [
        "psql -c 'SELECT count(*) FROM users'",
        'mysql -e "SELECT id FROM jobs WHERE status = \'DELETE_PENDING\'" app',
        'psql -c "DELETE FROM sessions WHERE id = 42"',
        "psql -c 'INSERT INTO audit (id) VALUES (1)'",
        "psql -c 'INSERT INTO archive SELECT * FROM jobs WHERE id = 7'",
        "sqlite3 app.db \"INSERT INTO users VALUES (1, 'a') ON CONFLICT(id) DO UPDATE SET name = 'b'\"",
        'mysql -e "INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE v = 2" app',
        "psql -c \"SELECT replace(name, 'a', 'b') FROM users\"",
        "sqlite3 app.db '.tables'",
        'pg_dump app > /tmp/app-backup.sql',
        'grep -rn "DROP TABLE" src/',
        'mongoimport --db app -c users --file x.json',
      ],
    },
    check(s) {
      if (named(s, 'dropdb', 'dropuser')) return `${s.name} deletes a database`;
      if (named(s, 'mysqladmin') && bareWords(s).some((w) => /^(drop|flush-.*|shutdown)$/.test(w))) return 'mysqladmin drop/flush/shutdown';
      if (named(s, 'pg_restore') && s.words.some((w) => w.value === '-c' || w.value === '--clean')) return 'pg_restore --clean drops objects first';
      if (named(s, 'mongorestore') && s.words.some((w) => w.value === '--drop')) return 'mongorestore --drop drops collections';
      // mongoimport --drop drops the collection first; --mode=delete deletes the documents the file matches.
      if (named(s, 'mongoimport') && s.words.some((w) => w.value === '--drop' || w.value === '--mode=delete' || w.value === 'delete'))
        return 'mongoimport --drop / --mode delete drops or deletes documents';
      if (!s.name || !(s.name in SQL_CLIENTS)) return undefined;
      // A sqlite/duckdb database in memory or a new file under /tmp is scratch space: its schema is no one's.
      if (scratchSqlite(s)) return undefined;
      const texts = sqlOf(s).texts;
      for (const t of texts) {
        const why = judgeSql(t) ?? judgeSql(sqlOnly(t));
        if (why) return `${s.name}: ${why}`;
        // sqlite's `.restore FILE` replaces the database with a backup; `.open --new FILE` empties FILE.
        // The shell takes a prefix of a dot-command (`.res`, `.op`).
        const dot = /^\s*\.(r(?:e(?:s(?:t(?:o(?:re?)?)?)?)?)?(?=\s|$)|o(?:pe?n?)?\s+(?:\S+\s+)*--new\b)/m.exec(t);
        if (dot && named(s, 'sqlite3', 'sqlite', 'duckdb'))
          return `${s.name} .${dot[1].startsWith('r') ? 'restore' : 'open --new'} replaces a database with another's content`;
      }
      // On a server that is not this machine, any write is a change to shared (often production) data.
      const host = texts.length ? remoteDbHost(s) : undefined;
      if (host !== undefined)
        for (const t of texts) {
          const w = writesSql(t);
          if (w) return `${s.name}: ${w} changes data on ${host}, a database on another machine`;
        }
      return undefined;
    },
  },
  {
    id: 'db.opaque-sql',
    names: Object.keys(SQL_CLIENTS),
    description: 'Feeds a database client SQL the guard cannot read (a file, a dump, a pipe): restores and migrations can drop data.',
    examples: {
      destructive: ['psql app < dump.sql', 'cat backup.sql | mysql app', 'gunzip -c db.sql.gz | psql app', 'psql -d app -f db/migrations/001.sql'],
      benign: ['psql -l', "psql -c 'SELECT 1'", 'mysqldump app > /tmp/app-backup.sql'],
    },
    check(s) {
      if (!s.name || !(s.name in SQL_CLIENTS)) return undefined;
      return sqlOf(s).opaque;
    },
  },
  {
    id: 'db.nosql-flush',
    names: ['redis-cli', 'valkey-cli', 'keydb-cli', 'mongosh', 'mongo'],
    description: 'Wipes a key-value or document store: redis-cli FLUSHALL/FLUSHDB/SHUTDOWN/CONFIG SET, mongosh drops and unfiltered deletes.',
    examples: {
      destructive: [
        'redis-cli FLUSHALL',
        'redis-cli -h cache.internal flushdb',
        'redis-cli EVAL "return redis.call(\'FLUSHDB\')" 0',
        'printf "FLUSHDB\\n" | redis-cli -n 2',
        "redis-cli --scan --pattern 'cache:*' | xargs redis-cli unlink",
        "redis-cli --scan --pattern 'user:*' | xargs redis-cli SET x y",
        'redis-cli EXPIRE "$KEY" 0',
        'mongosh --eval "db.users.deleteMany({})"',
        'mongosh app --eval "db.dropDatabase()"',
        'mongo --eval \'db.getSiblingDB("admin").shutdownServer()\'',
      ],
      benign: [
        'redis-cli PING',
        'redis-cli -h cache.internal get key',
        'mongosh --eval "db.users.find().limit(5)"',
        'echo PING | redis-cli',
        'redis-cli DEL session:42',
        'redis-cli SET k v',
        'redis-cli SET build:sha "$(git rev-parse HEAD)"',
        "redis-cli --scan --pattern 'user:*' | xargs redis-cli MGET",
      ],
    },
    check(s) {
      if (named(s, 'redis-cli', 'valkey-cli', 'keydb-cli')) {
        const w = s.words.slice(1);
        for (let i = 0; i < w.length; i++) {
          const v = w[i].value;
          if (v === null) continue;
          if (v === '--pipe') return 'redis-cli --pipe sends every command on its input';
          if (redisValueOption(v)) {
            i++;
            continue;
          }
          if (v.startsWith('-')) continue;
          const cmd = v.toUpperCase();
          if (/^(FLUSHALL|FLUSHDB|SHUTDOWN|SWAPDB)$/.test(cmd)) return `redis ${cmd} wipes data`;
          // Trimming a stream, destroying a consumer group, killing clients, changing users.
          if (
            /^(XTRIM|XGROUP|ACL|CLIENT|FAILOVER|BGREWRITEAOF)$/.test(cmd) &&
            (cmd !== 'CLIENT' || /^(KILL|PAUSE)$/i.test(w[i + 1]?.value ?? '')) &&
            (cmd !== 'ACL' || /^(SETUSER|DELUSER|LOAD)$/i.test(w[i + 1]?.value ?? '')) &&
            (cmd !== 'XGROUP' || /^(DESTROY|DELCONSUMER|SETID)$/i.test(w[i + 1]?.value ?? ''))
          )
            return `redis ${cmd} ${cmd === 'XTRIM' ? 'drops stream entries' : 'changes the server'}`;
          const far = remoteDbHost(s);
          if (far !== undefined && !REDIS_READ.test(cmd)) return `redis ${cmd} changes data on ${far}, a server on another machine`;
          // Server-side scripts run any command (`EVAL "return redis.call('FLUSHALL')" 0`).
          if (/^(EVAL|EVALSHA|EVAL_RO|EVALSHA_RO|FCALL|FCALL_RO|MODULE|DEBUG|REPLICAOF|SLAVEOF|MIGRATE|RESTORE)$/.test(cmd))
            return `redis ${cmd} runs server code or moves data`;
          if (/^(DEL|UNLINK)$/.test(cmd) && (w.slice(i + 1).some((x) => x.value === null || /[*?[]/.test(x.value)) || s.via.includes('xargs')))
            return `redis ${cmd} deletes keys only known at run time`;
          // Any other write to keys only known at run time (`redis-cli --scan --pattern 'user:*' | xargs redis-cli SET x
          // y`, `EXPIRE $k 0`): which keys it overwrites or expires is not known.
          if (!REDIS_READ.test(cmd) && ((w[i + 1] !== undefined && w[i + 1].value === null) || s.via.includes('xargs')))
            return `redis ${cmd} changes keys only known at run time`;
          if (/^(CONFIG|SCRIPT|FUNCTION|CLUSTER)$/.test(cmd) && /^(SET|FLUSH|RESET|REWRITE)$/i.test(w[i + 1]?.value ?? ''))
            return `redis ${cmd} ${w[i + 1].value}`;
          return undefined;
        }
        // No command in the words: redis-cli runs the commands on its input, one a line.
        const input = stdinText(s.stdin);
        if (input === null) return `redis-cli runs commands from ${describe(s.stdin)}`;
        const farIn = input !== undefined ? remoteDbHost(s) : undefined;
        if (input !== undefined)
          for (const line of input.split(/\n|\\n|\r/)) {
            const c = line.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
            if (farIn !== undefined && c !== '' && !REDIS_READ.test(c)) return `redis ${c} (from its input) changes data on ${farIn}`;
            if (
              /^(FLUSHALL|FLUSHDB|SHUTDOWN|SWAPDB|EVAL|EVALSHA|FCALL|CONFIG|SCRIPT|FUNCTION|DEL|UNLINK|MODULE|DEBUG|REPLICAOF|SLAVEOF|MIGRATE|RESTORE|XTRIM|ACL)$/.test(
                c,
              )
            )
              return `redis ${c} (from its input) changes or wipes data`;
          }
        return undefined;
      }
      if (named(s, 'mongosh', 'mongo')) {
        const ws = s.words;
        const i = ws.findIndex((w) => w.value === '--eval' || w.value === '-e');
        const glued = ws.find((w) => w.value !== null && w.value.startsWith('--eval='))?.value?.slice(7);
        // A script file (`mongosh app cleanup.js`, `--file x.js`) or input the guard cannot read: code it does not see.
        const file = ws.slice(1).find((w, k) => w.value !== null && (/\.(js|mjs|cjs)$/.test(w.value) || ws[k]?.value === '--file' || ws[k]?.value === '-f'));
        if (file && i < 0 && glued === undefined) return `${s.name} runs the script ${file.text}, which the guard cannot read`;
        const input = i < 0 && glued === undefined ? stdinText(s.stdin) : undefined;
        if (input === null) return `${s.name} runs code from ${describe(s.stdin)}`;
        const code = glued ?? (i > 0 ? (ws[i + 1]?.value ?? ws[i + 1]?.text ?? '') : (input ?? ''));
        const why = judgeMongo(code);
        if (why) return why;
        const far = remoteDbHost(s);
        const w = far !== undefined ? writesMongo(code) : undefined;
        return w ? `${s.name}: ${w}() changes data on ${far}, a server on another machine` : undefined;
      }
      return undefined;
    },
  },
  {
    id: 'db.migration-reset',
    names: [...MIGRATION_NAMES_LIST, ...Object.keys(MIGRATION_DROPS), 'pnpm', 'yarn', 'bun'],
    description:
      'Framework commands that drop or roll back a database: rails db:drop/reset, prisma migrate reset, artisan migrate:fresh, alembic downgrade, manage.py flush; the same run through pnpm/yarn/bun, and migrations aimed at production by RAILS_ENV/MIX_ENV.',
    examples: {
      destructive: [
        'bin/rails db:reset',
        'npx prisma migrate reset --force',
        'php artisan migrate:fresh --force',
        'alembic downgrade base',
        'python manage.py flush --noinput',
        'npx prisma db push --accept-data-loss',
        'rake db:drop',
        'npx sequelize-cli db:drop',
        'npx sequelize-cli db:migrate:undo:all',
        'npx mikro-orm schema:drop --run',
        'npx typeorm migration:revert',
        'flyway clean',
        'liquibase dropAll',
        'liquibase rollback-count 3',
        'dbmate drop',
        'migrate -path db -database "$DATABASE_URL" drop -f',
        'knex migrate:rollback --all',
        'typeorm schema:drop',
        'goose postgres "$DATABASE_URL" reset',
        'atlas schema clean -u "$DATABASE_URL" --auto-approve',
        'hasura migrate apply --down all',
        'diesel database reset',
        'sqlx database drop -y',
        'pnpm prisma migrate reset --force',
        'yarn typeorm schema:drop',
        'RAILS_ENV=production bin/rails db:migrate',
        'MIX_ENV=prod mix ecto.migrate',
      ],
      benign: [
        'bin/rails db:migrate:status',
        'npx prisma generate',
        'php artisan migrate:status',
        'alembic current',
        'python manage.py check',
        'npx sequelize-cli db:migrate',
        'npx mikro-orm schema:update --dump',
        'flyway info',
        'liquibase status',
        'dbmate up',
        'goose postgres "$DATABASE_URL" status',
        'diesel migration run',
        'sqlx migrate run',
        'hasura migrate status',
        'pnpm prisma generate',
        'yarn knex migrate:latest',
        'RAILS_ENV=test bin/rails db:migrate',
        'RAILS_ENV=production bin/rails assets:precompile',
      ],
    },
    check(s) {
      return migrationDrop(s);
    },
  },
  {
    id: 'db.migration-apply',
    names: [...MIGRATION_NAMES_LIST, ...Object.keys(MIGRATION_APPLIES), 'django-admin', 'pnpm', 'yarn', 'bun'],
    description:
      'Migration runners and schema tools that change a database: forward migrations, schema pushes and syncs, seeds (prisma migrate deploy, alembic upgrade, rails db:migrate, manage.py migrate, flyway migrate, atlas schema apply). Status, history and dry runs are not flagged.',
    examples: {
      destructive: [
        'npx prisma migrate deploy',
        'npx prisma db push',
        'npx knex migrate:latest',
        'npx sequelize-cli db:migrate',
        'npx typeorm migration:run',
        'alembic upgrade head',
        'flask db upgrade',
        'bin/rails db:migrate',
        'python manage.py migrate',
        'goose postgres "$DATABASE_URL" up',
        'migrate -path db -database "$DATABASE_URL" up',
        'flyway migrate',
        'liquibase update',
        'diesel migration run',
        'sqlx migrate run',
        'dbmate up',
        'atlas schema apply -u "$DATABASE_URL" --to file://schema.hcl',
        'php artisan migrate --force',
        'yarn knex migrate:latest',
        'RAILS_ENV=test bin/rails db:migrate',
      ],
      benign: [
        'npx prisma migrate status',
        'npx prisma generate',
        'npx prisma migrate dev --create-only',
        'npx prisma migrate diff --from-empty --to-schema-datamodel prisma/schema.prisma',
        'alembic history',
        'alembic current',
        'flyway info',
        'liquibase status',
        'liquibase update-sql',
        'atlas schema apply -u "$DATABASE_URL" --to file://schema.hcl --dry-run',
        'atlas migrate status',
        'bin/rails db:migrate:status',
        'python manage.py showmigrations',
        'python manage.py makemigrations',
        'python manage.py sqlmigrate app 0001',
        'goose postgres "$DATABASE_URL" status',
        'dbmate status',
        'knex migrate:status',
        'npx typeorm migration:show',
        'php artisan migrate:status',
        'php artisan migrate --pretend',
        'flask db migrate -m "add x"',
        'npx drizzle-kit generate',
      ],
    },
    check(s) {
      return migrationApply(s);
    },
  },
];

/** Package managers that run a project binary by name (`pnpm prisma …`, `yarn typeorm …`, `bun knex …`). */
const BIN_RUNNERS = new Set(['pnpm', 'yarn', 'bun']);

function migrationApply(s: Sub): string | undefined {
  const b = bareWords(s);
  if (s.name !== null && BIN_RUNNERS.has(s.name) && b[0] !== undefined && b[0] !== 'run' && b[0] !== 'exec') {
    const at = s.words.findIndex((w, i) => i > 0 && w.value === b[0]);
    const name = b[0];
    if (at > 0 && (MIGRATION_APPLIES[name] !== undefined || MIGRATION_NAMES.includes(name))) return migrationApply({ ...s, name, words: s.words.slice(at) });
  }
  // `prisma migrate dev --create-only` writes the migration file and applies nothing.
  if (dryRun(s, ['--pretend', '--dry', '--plan', '--sql', '--create-only'])) return undefined;
  const words = b.join(' ').toLowerCase();
  if (named(s, 'rails', 'rake') && b.some((w) => /^db:(migrate(:up|:down|:redo)?|create|prepare|seed|setup|load_config_and_migrate|fixtures:load)$/.test(w)))
    return `${s.name} ${b.find((w) => w.startsWith('db:'))} changes the database (schema or data)`;
  if (s.words.some((w) => w.value === 'artisan') && b.some((w) => /^(migrate|db:seed|migrate:install)$/.test(w)))
    return 'artisan migrate/db:seed changes the database';
  if (
    (s.words.some((w) => w.value !== null && /manage\.py$/.test(w.value)) || named(s, 'django-admin')) &&
    b.some((w) => /^(migrate|loaddata|createcachetable)$/.test(w))
  )
    return `manage.py ${b.find((w) => /^(migrate|loaddata|createcachetable)$/.test(w))} changes the database`;
  const applies = s.name !== null ? MIGRATION_APPLIES[s.name] : undefined;
  if (applies !== undefined && applies.test(words)) return `${s.name} ${words.slice(0, 60)} changes the database schema or its data`;
  return undefined;
}

function migrationDrop(s: Sub): string | undefined {
  const b = bareWords(s);
  const v = verb(s);
  if (s.name !== null && BIN_RUNNERS.has(s.name) && b[0] !== undefined && b[0] !== 'run' && b[0] !== 'exec') {
    const at = s.words.findIndex((w, i) => i > 0 && w.value === b[0]);
    const name = b[0];
    if (at > 0 && (MIGRATION_DROPS[name] !== undefined || MIGRATION_NAMES.includes(name))) return migrationDrop({ ...s, name, words: s.words.slice(at) });
  }
  // Migrations aimed at production by the framework's environment variable (RAILS_ENV=production rails db:migrate).
  const env = s.assigns.RAILS_ENV ?? s.assigns.RACK_ENV ?? s.assigns.MIX_ENV ?? s.assigns.APP_ENV;
  if (typeof env === 'string' && /^(prod|production|staging|live)$/i.test(env) && b.some((w) => /^(db:|ecto\.|migrate)/.test(w)))
    return `${s.name} ${b.find((w) => /^(db:|ecto\.|migrate)/.test(w))} runs against the ${env} database`;
  if (
    named(s, 'rails', 'rake') &&
    b.some((w) => /^db:(drop|reset|purge|schema:load|structure:load|rollback|migrate:reset|migrate:redo|seed:replant|truncate_all|setup)(:|$)/.test(w))
  )
    return `${s.name} ${b.find((w) => w.startsWith('db:'))} drops or rewinds the database`;
  if (named(s, 'prisma')) {
    if (v === 'migrate' && b[1] === 'reset') return 'prisma migrate reset drops the database';
    if (v === 'db' && b[1] === 'push' && s.words.some((w) => w.value === '--force-reset' || w.value === '--accept-data-loss'))
      return 'prisma db push discards data';
    if (v === 'db' && b[1] === 'execute') return 'prisma db execute runs raw SQL';
    return undefined;
  }
  // drizzle-kit push --force applies statements that lose data without asking.
  if (named(s, 'drizzle-kit') && v === 'push' && s.words.some((w) => w.value === '--force' || w.value === '--force=true'))
    return 'drizzle-kit push --force drops columns and tables without asking';
  // dbt --full-refresh drops incremental models and rebuilds them from scratch.
  if (named(s, 'dbt') && s.words.some((w) => w.value === '--full-refresh')) return 'dbt --full-refresh drops and rebuilds incremental tables';
  if (s.words.some((w) => w.value === 'artisan') && b.some((w) => /^(migrate:(fresh|refresh|reset|rollback)|db:wipe)$/.test(w)))
    return 'artisan migrate:fresh/reset/rollback drops tables';
  if (named(s, 'alembic') && v === 'downgrade') return 'alembic downgrade rolls the schema back';
  if (s.words.some((w) => w.value !== null && /manage\.py$/.test(w.value)) && b.some((w) => /^(flush|sqlflush|reset_db)$/.test(w)))
    return 'manage.py flush deletes all data';
  if (s.words.some((w) => w.value !== null && /manage\.py$/.test(w.value)) && b.includes('migrate') && b[b.length - 1] === 'zero')
    return 'manage.py migrate zero unapplies every migration';
  if (
    named(s, 'knex', 'sequelize', 'sequelize-cli', 'typeorm', 'mikro-orm', 'mikro-orm-esm', 'drizzle-kit', 'supabase') &&
    b.some((w) =>
      /^(migrate:rollback|migrate:down|db:drop|db:migrate:undo(:all)?|db:seed:undo(:all)?|schema:drop|schema:fresh|migration:revert|migration:down|drop|reset)$/.test(
        w,
      ),
    )
  )
    return `${s.name} drops or rolls back the database`;
  if (named(s, 'supabase') && v === 'db' && b[1] === 'reset') return 'supabase db reset';
  const drops = s.name !== null ? MIGRATION_DROPS[s.name] : undefined;
  if (drops !== undefined) {
    const words = b.join(' ').toLowerCase();
    // hasura: `migrate apply` goes down only with --down/--goto; the flag is an option, so look at every word.
    const all = s.words
      .slice(1)
      .map((w) => w.value ?? '')
      .join(' ')
      .toLowerCase();
    if (drops.test(words) || (s.name === 'hasura' && /migrate apply/.test(words) && /--(down|goto)/.test(all)))
      return `${s.name} ${words} drops the database or rolls its migrations back`;
  }
  return undefined;
}
