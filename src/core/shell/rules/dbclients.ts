// Database clients read the way the client reads its input (rt21cmd, issue #15):
// 1. Client meta-commands that build or run SQL the guard does not see, or reach files and programs: psql's
//    `\gexec`, `\i`, `\!`, `\o |`, `\set` + `:var` interpolation; mysql's `source`, `\.`, `system`, `pager`;
//    sqlite3/duckdb's `.read`, `.shell`, `.system`, `.import`, `.load`, `.once`/`.output`. Anything the client
//    would run beyond the SQL text the guard reads is asked; the display commands (`\dt`, `\x`, `.tables`) are not.
// 2. SQL in disguise: a WHERE every row matches (a constant, a column compared with itself, a lower bound at or
//    below zero, `< now()`), COMMENT ON (DDL), calls of functions the guard does not know (`SELECT purge_all()`,
//    `setval(…)`): a function may write whatever it likes.
// 3. Redis and MongoDB writes the flush rule misses, the client's options read as the client reads them.
import { stripSql } from '../sql';
import type { Sub } from '../types';
import { sqlOf, stdinText } from './db';
import type { Rule } from './types';
import { named } from './util';

const PSQL_LIKE = new Set(['psql', 'pgcli', 'usql', 'cockroach']);
const MYSQL_LIKE = new Set(['mysql', 'mariadb', 'mycli']);
const SQLITE_LIKE = new Set(['sqlite3', 'sqlite', 'duckdb', 'litecli']);

/** psql meta-commands that only show or format (anything else is asked; `\set` is judged by what it feeds). */
const PSQL_SAFE =
  /^\\(d[a-zA-Z]*\+?S?|l\+?|list|x|timing|pset|a|t|H|f|C|q|quit|conninfo|encoding|echo|warn|h|help|\?|c|connect|sf\+?|sv\+?|z|p|print|r|reset|g|errverbose|copyright|drds|dconfig|set|unset|if|elif|else|endif|bind|crosstabview|gdesc|prompt|T|watch)$/;
/** mysql client commands (the long forms only at the start of a line) that run files or programs or write files. */
const MYSQL_RUN = /(^|\n)\s*(source|system|pager|tee|edit)\b|\\[.!PTe](\s|$)/i;
/** sqlite3 / duckdb dot-commands that only show or format. */
const SQLITE_SAFE =
  /^\.(tables|schema|indexes|indices|headers|header|mode|width|help|databases|show|stats|timer|echo|nullvalue|separator|print|quit|exit|bail|changes|eqp|explain|fullschema|lint|dbinfo|limit|timeout|prompt|version|dump|eqp|highlight|rows|columns|maxrows|maxwidth|open|restore)$/i;

/** What a SQL text asks a client to do beyond SQL: a sentence, or undefined. `fromC`: psql -c (no interpolation). */
export function clientCommands(client: string, text: string, fromC: boolean, vars: boolean): string | undefined {
  if (PSQL_LIKE.has(client)) {
    // Backslash commands outside strings: the text with strings and comments blanked keeps their positions' words.
    const plain = stripSql(text);
    for (const m of plain.matchAll(/\\([a-zA-Z_!?.]+[+]?)/g)) {
      const cmd = '\\' + m[1];
      // `\copy … to 'out.csv'` is a client-side file copy (the program row judges its file); `to program` runs one.
      if (cmd === '\\copy' && !/\bprogram\b/i.test(text.slice(text.indexOf('\\copy')).split('\n')[0])) continue;
      if (!PSQL_SAFE.test(cmd)) return `${client} ${cmd} builds or runs SQL, reads a file or runs a program the guard does not see`;
      // `\g |cmd` / `\g file`: the result to a program or a file.
      if (cmd === '\\g' && /^\s*\S/.test(plain.slice(m.index + 2).split('\n')[0])) return `${client} \\g sends a result to a file or a program`;
    }
    // Variables: `\set t users` then `DELETE FROM :t` (or `-v t=users`): the SQL the server gets is built at run time.
    // psql -c does not interpolate.
    if (!fromC && (vars || /\\(set|gset)\b/.test(plain)) && /(^|[^:\w]):['"]?[A-Za-z_]/.test(text.replace(/'(?:''|[^'])*'/g, "''")))
      return `${client} interpolates variables into the SQL (\\set, -v): the statements are only known at run time`;
    return undefined;
  }
  if (MYSQL_LIKE.has(client)) {
    const m = MYSQL_RUN.exec(stripSql(text));
    return m ? `${client} ${m[0].trim()} runs a file or a program or writes a file the guard does not see` : undefined;
  }
  if (SQLITE_LIKE.has(client)) {
    for (const m of text.matchAll(/(?:^|\n|;)\s*(\.[a-zA-Z_]+)/g)) {
      if (!SQLITE_SAFE.test(m[1])) return `${client} ${m[1]} reads a file, runs a program or writes a file the guard does not see`;
    }
    // The shell's own SQL functions: writefile() writes any file, edit() runs an editor.
    if (/\b(writefile|edit|load_extension|fts5_tokenizer)\s*\(/i.test(stripSql(text))) return `${client} calls a function that writes a file or loads code`;
    return undefined;
  }
  return undefined;
}

/**
 * The SQL of a client's input without its client-command lines (sqlite's `.open x`, psql's `\\x`), each replaced by a
 * statement break: `.open app.db\nDROP TABLE users;` is the DROP the database gets.
 */
export function sqlOnly(text: string): string {
  return text.replace(/(^|\n)[ \t]*[.\\][a-zA-Z!?.][^\n]*/g, '$1;');
}

/** Functions a query may call that only compute or read (lower-case, schema prefix dropped). Others may write. */
const KNOWN_FUNCTIONS = new Set(
  // Table functions that read rows (ClickHouse, DuckDB): `SELECT * FROM file('data.csv')`.
  (
    'file url numbers read_csv read_csv_auto read_parquet read_json read_json_auto generate_series ' +
    'count sum avg min max array_agg string_agg json_agg jsonb_agg json_object_agg jsonb_object_agg json_build_object jsonb_build_object ' +
    'json_build_array jsonb_build_array to_json to_jsonb row_to_json array_to_json json_extract json_extract_path jsonb_extract_path ' +
    'json_extract_path_text jsonb_extract_path_text jsonb_pretty jsonb_set json_array_length jsonb_array_length json_each jsonb_each ' +
    'json_typeof jsonb_typeof json_array json_object json_group_array json_group_object json_valid json_keys json_unquote json_contains ' +
    'coalesce nullif greatest least lower upper length char_length character_length octet_length bit_length substr substring trim ltrim ' +
    'rtrim btrim replace concat concat_ws left right lpad rpad position strpos split_part regexp_replace regexp_matches regexp_match ' +
    'regexp_split_to_table regexp_split_to_array regexp_like regexp_substr regexp_instr format initcap reverse repeat md5 sha1 sha2 sha256 ' +
    'sha512 encode decode to_char to_date to_timestamp to_number date_trunc date_part extract age make_date make_time make_timestamp ' +
    'make_interval justify_days justify_hours justify_interval now clock_timestamp statement_timestamp transaction_timestamp timeofday ' +
    'abs ceil ceiling floor round trunc truncate mod power pow sqrt cbrt exp ln log log10 log2 random rand sign pi degrees radians sin cos ' +
    'tan asin acos atan atan2 div gcd lcm width_bucket generate_series generate_subscripts unnest array_length array_to_string ' +
    'array_position array_positions array_append array_prepend array_cat array_remove array_replace array_dims array_lower array_upper ' +
    'cardinality string_to_array version current_database current_schema current_schemas current_user session_user current_setting ' +
    'current_role inet_server_addr inet_client_addr pg_size_pretty pg_total_relation_size pg_relation_size pg_database_size ' +
    'pg_table_size pg_indexes_size pg_column_size pg_typeof pg_backend_pid pg_postmaster_start_time pg_is_in_recovery ' +
    'pg_current_wal_lsn pg_last_wal_replay_lsn pg_get_viewdef pg_get_functiondef pg_get_indexdef pg_get_constraintdef ' +
    'pg_get_triggerdef pg_get_expr pg_get_userbyid pg_get_serial_sequence pg_table_is_visible pg_relation_filenode pg_blocking_pids ' +
    'pg_stat_get_activity pg_encoding_to_char pg_tablespace_size pg_stat_statements pg_stat_statements_info ' +
    'has_table_privilege has_schema_privilege has_database_privilege has_column_privilege has_function_privilege obj_description ' +
    'col_description shobj_description format_type quote_ident quote_literal quote_nullable to_regclass to_regtype to_regproc ' +
    'row_number rank dense_rank lag lead first_value last_value nth_value ntile percent_rank cume_dist percentile_cont percentile_disc ' +
    'mode stddev stddev_pop stddev_samp variance var_pop var_samp corr covar_pop covar_samp regr_slope bool_and bool_or every bit_and ' +
    'bit_or bit_xor cast convert try_cast ifnull isnull nvl nvl2 iif if date datetime strftime julianday unixepoch time timediff typeof ' +
    'group_concat instr hex unhex char chr ascii printf quote total total_changes changes last_insert_rowid sqlite_version ' +
    'sqlite_source_id likelihood likely unlikely zeroblob randomblob glob like soundex database schema user system_user ' +
    'connection_id found_rows row_count uuid gen_random_uuid uuid_generate_v4 date_format str_to_date datediff dateadd date_add ' +
    'date_sub adddate subdate timestampdiff timestampadd unix_timestamp from_unixtime curdate curtime current_date current_time ' +
    'current_timestamp localtime localtimestamp sysdate utc_timestamp utc_date dayofweek dayofmonth dayofyear dayname monthname year ' +
    'month day hour minute second week weekday quarter last_day makedate field find_in_set elt locate space strcmp lcase ucase ' +
    'mid inet_aton inet_ntoa bin oct conv crc32 to_base64 from_base64 isfinite age nextval currval lastval exists any all some ' +
    'array row tuple coalesce grouping varchar char character numeric decimal float double real int integer bigint smallint tinyint ' +
    'timestamp timestamptz interval bit varbit nvarchar nchar binary varbinary time timetz point box circle ' +
    'tostartofday tostartofmonth tostartofhour todate todatetime touint64 toint64 tostring countif sumif uniq uniqexact quantile ' +
    'quantiles arrayjoin formatreadablesize tounixtimestamp totypename substring_index json_length json_search json_arrayagg ' +
    'json_objectagg json_pretty json_type any_value last_insert_id convert_tz to_days from_days sec_to_time time_to_sec ' +
    'overlay normalize starts_with string_to_table array_fill jsonb_path_query jsonb_path_exists jsonb_strip_nulls ' +
    'jsonb_array_elements json_array_elements jsonb_array_elements_text json_array_elements_text jsonb_object_keys json_object_keys'
  ).split(' '),
);
/** Words that are followed by a parenthesis in SQL without being a function call. */
const PAREN_KEYWORDS = new Set(
  (
    'in exists values as on using over filter within and or not when then else case select from where join lateral key references ' +
    'unique check constraint index table into conflict default primary foreign partition by group order limit with recursive ' +
    'distinct is like ilike between escape cube rollup sets update delete insert set returning do nothing window range rows ' +
    'groups except intersect union all any some array row type function procedure view trigger include cast explain analyze ' +
    'copy having offset fetch tablesample'
  ).split(' '),
);

/** DELETE/UPDATE filters that every row meets: a top-level OR branch made only of such conditions. */
function allRows(where: string): boolean {
  const w = where
    .replace(/\b(RETURNING|ORDER\s+BY|LIMIT)\b[\s\S]*$/, '')
    .replace(/\bBETWEEN\s+(\S+)\s+AND\b/g, 'BETWEEN $1 ~')
    .trim();
  return splitTop(w, 'OR').some((branch) => splitTop(branch, 'AND').every(conditionAllRows));
}

/** The parts of a condition joined by a top-level AND or OR (not inside parentheses). */
function splitTop(text: string, op: 'AND' | 'OR'): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (const m of text.matchAll(op === 'AND' ? /[()]|\bAND\b/g : /[()]|\bOR\b/g)) {
    if (m[0] === '(') depth++;
    else if (m[0] === ')') depth--;
    else if (depth === 0) {
      out.push(text.slice(start, m.index));
      start = m.index + m[0].length;
    }
  }
  out.push(text.slice(start));
  return out.map((x) => x.trim());
}

function unparen(c: string): string {
  let t = c.trim();
  while (t.startsWith('(') && t.endsWith(')') && balanced(t.slice(1, -1))) t = t.slice(1, -1).trim();
  return t;
}
function balanced(t: string): boolean {
  let d = 0;
  for (const ch of t) {
    if (ch === '(') d++;
    else if (ch === ')' && --d < 0) return false;
  }
  return d === 0;
}

const CONSTANT_WORDS = /^(TRUE|FALSE|NULL|NOT|IS|AND|OR|IN|BETWEEN|LIKE|ILIKE)$/;
/** One condition of a WHERE (upper-case, strings blanked to ''): does every row meet it? */
function conditionAllRows(cond: string): boolean {
  const c = unparen(cond);
  if (c === '') return false;
  if (splitTop(c, 'OR').length > 1 || splitTop(c, 'AND').length > 1) return allRows(c);
  // A condition that names no column is true for every row or for none: `1=1`, `TRUE`, `2>1`, `'a'='a'`, `NOT FALSE`.
  const idents = (c.match(/[A-Z_][\w$.]*/g) ?? []).filter((x) => !CONSTANT_WORDS.test(x));
  if (idents.length === 0) return true;
  // A column compared with itself (`id = id`); NOT NULL; a lower bound at or below zero or one (`id > 0`, `id >= 1`,
  // `id > -1`: serial keys and counts start at one); a time in the past of now (`created_at < now()`): every row.
  const col = String.raw`[\w$."\x60]+`;
  let m = new RegExp(`^(${col})\\s*(=|>=|<=)\\s*(${col})$`).exec(c);
  if (m && m[1] === m[3] && !/^\d/.test(m[1])) return true;
  if (new RegExp(`^${col}\\s+IS\\s+NOT\\s+NULL$`).test(c)) return true;
  m = new RegExp(`^${col}\\s*(>|>=)\\s*(-?\\d+(?:\\.\\d+)?)$`).exec(c);
  if (m && (Number(m[2]) < 0 || (m[1] === '>' && Number(m[2]) === 0) || (m[1] === '>=' && Number(m[2]) <= 1))) return true;
  m = new RegExp(`^(-?\\d+(?:\\.\\d+)?)\\s*(<|<=)\\s*${col}$`).exec(c);
  if (m && (Number(m[1]) < 0 || (m[2] === '<' && Number(m[1]) === 0) || (m[2] === '<=' && Number(m[1]) <= 1))) return true;
  if (
    new RegExp(
      `^${col}\\s*(<|<=)\\s*(NOW\\s*\\(\\s*\\)|CURRENT_TIMESTAMP|CURRENT_DATE|LOCALTIMESTAMP|SYSDATE\\s*\\(\\s*\\)|DATETIME\\s*\\(\\s*''\\s*\\))$`,
    ).test(c)
  )
    return true;
  return false;
}

/** SQL a client runs that changes more than it shows: a WHERE every row meets, COMMENT ON, unknown functions. */
export function judgeSqlDisguise(sql: string): string | undefined {
  // Client commands (psql's backslash lines, sqlite's dot lines) are not SQL: db.client-commands judges them.
  const text = stripSql(sql)
    .replace(/\\[a-zA-Z!?.][^\n]*/g, ' ')
    .replace(/(^|\n)\s*\.[a-zA-Z][^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .toUpperCase();
  for (const raw of text.split(';')) {
    const st = raw.trim();
    if (!st) continue;
    if (/^COMMENT ON\b/.test(st)) return 'COMMENT ON changes the schema (DDL)';
    // ClickHouse's SYSTEM statements stop merges, drop caches and replicas, shut the server down.
    if (/^SYSTEM\s+[A-Z]/.test(st)) return 'a SYSTEM statement changes the server';
    // SQLite's PRAGMA settings (writable_schema is db.ddl's): `PRAGMA table_info(users)` reads the schema.
    if (/^PRAGMA\b/.test(st)) continue;
    const dml = /^(?:WITH\b.*?\)\s*)?(DELETE|UPDATE)\b.*?\bWHERE\b(.*)$/.exec(st);
    if (dml && allRows(dml[2])) return `${dml[1]} with a WHERE every row meets touches every row`;
    const call = unknownCall(st);
    if (call) return `calls ${call}(), a function the guard does not know: what it changes cannot be told`;
  }
  return undefined;
}

/** The first call in a statement (upper-case, strings blanked) of a function the guard does not know, if any. */
function unknownCall(st: string): string | undefined {
  for (const m of st.matchAll(/(?:^|[^\w$."])([A-Z_][\w$]*(?:\.[A-Z_][\w$]*)*|"")\s*\(/g)) {
    const full = m[1].toLowerCase();
    const name = full.replace(/^(pg_catalog|public|main|information_schema|system)\./, '');
    if (PAREN_KEYWORDS.has(name) || KNOWN_FUNCTIONS.has(name) || name.startsWith('pragma_')) continue;
    // A table, type or CTE named before a column list: `INSERT INTO t(a, b)`, `REFERENCES t(id)`, `ON t(col)`,
    // `::numeric(10,2)`, `WITH x(a) AS`, `CREATE TABLE t(x)`.
    const before = st.slice(0, m.index + m[0].indexOf(m[1])).trimEnd();
    if (/\b(INTO|TABLE|REFERENCES|ON|JOIN|UPDATE|INDEX|VIEW|TYPE|WITH|EXISTS)$|::$/.test(before)) continue;
    if (/^WITH\b/.test(st) && /,$/.test(before) && /\bAS\s*\(/.test(st.slice(m.index))) continue;
    return full === '""' ? 'a function named in quotes' : full;
  }
  return undefined;
}

/** Does the client have psql variables set from its options (`-v t=users`, `--set`, `--variable`)? */
function psqlVars(s: Sub): boolean {
  return s.words.some((w) => w.value !== null && /^(-v|--set|--variable)(=|$)|^-v./.test(w.value));
}
/** Is the SQL text given by psql's -c / --command (which does no interpolation)? */
function fromCommandOption(s: Sub, text: string): boolean {
  return (
    s.words.some((w, i) => (w.value === '-c' || w.value === '--command') && (s.words[i + 1]?.value ?? s.words[i + 1]?.text) === text) ||
    s.words.some((w) => w.value === '--command=' + text || w.value === '-c' + text)
  );
}

/** A sqlite/duckdb database that is scratch space: in memory, or a file under /tmp (DDL there changes nothing kept). */
export function scratchSqlite(s: Sub): boolean {
  if (!named(s, 'sqlite3', 'sqlite', 'duckdb')) return false;
  const w = s.words;
  for (let i = 1; i < w.length; i++) {
    const v = w[i].value;
    if (v === null) return false;
    if (v.startsWith('-')) {
      if (/^--?(?:cmd|init|separator|newline|nullvalue|c|s|f|mmap|pagecache|lookaside|heap|maxsize|vfs)$/.test(v)) i++;
      continue;
    }
    if (v !== ':memory:' && !(/^\/tmp\/[^/]+$/.test(v) && !v.includes('..'))) return false;
    break;
  }
  // No database is an in-memory one. The SQL must stay there: `.open app.db`, `ATTACH 'app.db'`, `.restore` reach
  // another database.
  return !sqlOf(s).texts.some((t) => /(^|\n|;)\s*\.(open|restore|read|shell|system)\b|\bATTACH\b|\bVACUUM\s+INTO\b/i.test(t));
}

const SQL_CLIENT_NAMES = ['psql', 'pgcli', 'usql', 'cockroach', 'mysql', 'mariadb', 'mycli', 'sqlite3', 'duckdb', 'litecli', 'clickhouse-client', 'clickhouse'];

export const dbClientRules: Rule[] = [
  {
    id: 'db.client-commands',
    names: SQL_CLIENT_NAMES,
    description:
      'Feeds a database client meta-commands that build or run SQL the guard does not see, or reach files and programs: psql \\gexec, \\i, \\!, \\o |, \\set with :var interpolation; mysql source, \\., system, pager; sqlite3 .read, .shell, .system, .import, .load, .output. Display commands (\\dt, \\x, .tables) are not flagged.',
    examples: {
      destructive: [
        'psql app <<< "SELECT \'DROP TABLE \' || tablename FROM pg_tables \\gexec"',
        "printf '\\\\set t users\\nDELETE FROM :t;\\n' | psql app",
        "printf '\\\\set x DROP\\n:x TABLE users;\\n' | psql",
        "psql -c '\\i /tmp/x.sql' app",
        "psql -c '\\! rm -rf build'",
        "psql app <<'EOF'\nSELECT format('DELETE FROM %I', relname) FROM pg_class\n\\gexec\nEOF",
        "echo 'SELECT 1 \\g |sh' | psql",
        "psql -v t=users <<< 'DELETE FROM :t'",
        "psql app <<< '\\o |sh'",
        "psql app <<< '\\include /tmp/x.sql'",
        "mysql app -e 'source /tmp/x.sql'",
        "mysql app <<< '\\. /tmp/x.sql'",
        "mysql -e 'system rm -rf build'",
        "sqlite3 app.db '.read /tmp/x.sql'",
        "sqlite3 app.db '.shell rm -rf build'",
        'sqlite3 app.db ".import --csv /tmp/x.csv users"',
        "echo '.system id' | sqlite3 app.db",
        "sqlite3 app.db \"SELECT writefile('src/app.ts', '')\"",
      ],
      benign: [
        "psql -c '\\dt' app",
        "psql app -c 'SELECT 1'",
        "psql app <<< '\\x\nSELECT * FROM users WHERE id = 1;'",
        'psql -c "SELECT now()::date, \'10:00\'::time"',
        "psql app <<< '\\set ON_ERROR_STOP on\nSELECT count(*) FROM users;'",
        "mysql -e 'SHOW TABLES' app",
        'mysql -e "SELECT \'source of truth\' AS s" app',
        "sqlite3 app.db '.tables'",
        "sqlite3 app.db '.schema users'",
        'sqlite3 -header app.db "SELECT * FROM users LIMIT 5"',
      ],
    },
    check(s) {
      if (!s.name || !SQL_CLIENT_NAMES.includes(s.name)) return undefined;
      const vars = PSQL_LIKE.has(s.name) && psqlVars(s);
      for (const t of sqlOf(s).texts) {
        const why = clientCommands(s.name, t, fromCommandOption(s, t), vars);
        if (why) return why;
      }
      return undefined;
    },
  },
  {
    id: 'db.sql-disguised',
    names: SQL_CLIENT_NAMES,
    description:
      "SQL whose reach the statement's shape hides: DELETE/UPDATE with a WHERE every row meets (a condition naming no column, a column compared with itself, IS NOT NULL, a lower bound at or below 0 or 1, a time before now()), COMMENT ON (DDL), and calls of functions the guard does not know (a function may write anything: `SELECT purge_all_users()`, `setval(…)`). Scratch sqlite databases (in memory, /tmp) are not judged.",
    examples: {
      destructive: [
        "psql -c 'DELETE FROM users WHERE id > 0'",
        "psql -c 'DELETE FROM users WHERE id >= 0'",
        "psql -c 'DELETE FROM users WHERE 1=1'",
        "psql -c 'DELETE FROM users WHERE true'",
        "psql -c 'DELETE FROM users WHERE 2 > 1'",
        "psql -c 'UPDATE users SET role = 1 WHERE (id > -1)'",
        "psql -c 'DELETE FROM users WHERE id = id'",
        "psql -c 'DELETE FROM users WHERE name = 1 OR NOT FALSE'",
        "psql -c 'DELETE FROM events WHERE created_at < now()'",
        "mysql -e 'DELETE FROM users WHERE id > 0 LIMIT 1000000' app",
        "psql -c 'COMMENT ON TABLE users IS NULL'",
        "psql -c 'SELECT purge_all_users()'",
        'psql -c "SELECT setval(\'users_id_seq\', 1)"',
        "psql -c 'SELECT public.reset_everything(true)'",
        "psql -c 'SELECT id FROM users WHERE x = do_cleanup(1)'",
      ],
      benign: [
        "psql -c 'DELETE FROM sessions WHERE id = 42'",
        "psql -c 'DELETE FROM sessions WHERE id > 1000'",
        'psql -c "DELETE FROM events WHERE created_at < now() - interval \'30 days\'"',
        "psql -c 'UPDATE jobs SET state = 1 WHERE id BETWEEN 10 AND 20'",
        "psql -c 'SELECT count(*), max(id), lower(name) FROM users GROUP BY 3'",
        'psql -c "SELECT pg_size_pretty(pg_database_size(\'app\'))"',
        "psql -c \"INSERT INTO users(id, role) VALUES (1, 'a') ON CONFLICT (id) DO UPDATE SET role = 'a'\"",
        "psql -c 'SELECT * FROM generate_series(1, 3)'",
        'mysql -e "SELECT DATE_FORMAT(NOW(), \'%Y\') AS y" app',
        'psql -c "SELECT \'purge_all()\' AS note"',
        "sqlite3 /tmp/scratch.db 'create table t(x); insert into t values(1); select * from t'",
        "sqlite3 :memory: 'create table t(x)'",
      ],
    },
    check(s) {
      if (!s.name || !SQL_CLIENT_NAMES.includes(s.name)) return undefined;
      if (scratchSqlite(s)) return undefined;
      for (const t of sqlOf(s).texts) {
        const why = judgeSqlDisguise(t);
        if (why) return `${s.name}: ${why}`;
      }
      return undefined;
    },
  },
];

/** redis-cli options that take the next word as their value (`-r 1 FLUSHALL`: 1 is the repeat count, not a command). */
const REDIS_VALUE_OPTS =
  /^(-[hpsaurinDdXt]|--(user|pass|uri|rdb|functions-rdb|pipe-timeout|memkeys-samples|pattern|quoted-pattern|count|intrinsic-latency|eval|sni|cacert|cacertdir|tls-ciphers|tls-ciphersuites|cert|key|lru-test|cluster-yes|cluster-only-masters|cluster-only-replicas))$/;
/** redis-cli options that take no value and change nothing the guard judges. */
const REDIS_FLAGS =
  /^(-[xec23]|--(raw|no-raw|csv|json|quoted-json|quoted-input|stat|latency|latency-history|latency-dist|bigkeys|memkeys|hotkeys|keystats|scan|verbose|no-auth-warning|tls|insecure|replica|show-pushes|pipe|help|version|askpass|ldb|ldb-sync-mode|count|resp2|resp3))$/;

export function redisValueOption(v: string): boolean {
  return REDIS_VALUE_OPTS.test(v);
}

/**
 * A redis command (its words, the name upper-cased) that replaces or empties a whole key rather than the named
 * members or value it shows: RENAME over a key, COPY/RESTORE … REPLACE, the *STORE commands (their destination is
 * overwritten by a computed set), a range removal over the whole range (`ZREMRANGEBYSCORE z -inf +inf`,
 * `ZREMRANGEBYRANK z 0 -1`, `LTRIM l 1 0`). The analogue of SQL's REPLACE and INSERT … SELECT of a whole table, which
 * are asked; a write of named keys and members (`SET k v`, `DEL k`, `HDEL h f`) is the scoped write, and is not.
 */
export function redisWholeKey(words: string[]): string | undefined {
  const cmd = (words[0] ?? '').toUpperCase();
  const a = words.slice(1);
  const up = a.map((x) => x.toUpperCase());
  if (cmd === 'RENAME') return 'redis RENAME replaces the destination key and removes the source';
  if ((cmd === 'COPY' || cmd === 'RESTORE') && up.includes('REPLACE')) return `redis ${cmd} … REPLACE overwrites a whole key`;
  if (/^(SUNIONSTORE|SINTERSTORE|SDIFFSTORE|ZUNIONSTORE|ZINTERSTORE|ZDIFFSTORE|ZRANGESTORE|GEOSEARCHSTORE|BITOP|PFMERGE)$/.test(cmd))
    return `redis ${cmd} overwrites its destination key with a computed value`;
  if ((cmd === 'SORT' || cmd === 'GEORADIUS' || cmd === 'GEORADIUSBYMEMBER') && (up.includes('STORE') || up.includes('STOREDIST')))
    return `redis ${cmd} … STORE overwrites its destination key`;
  const lo = (x: string | undefined) => (x ?? '').toLowerCase();
  if (cmd === 'ZREMRANGEBYSCORE' && /^\(?-inf$/.test(lo(a[1])) && /^\(?\+?inf$/.test(lo(a[2]))) return 'redis ZREMRANGEBYSCORE over -inf..+inf empties the key';
  if (cmd === 'ZREMRANGEBYLEX' && a[1] === '-' && a[2] === '+') return 'redis ZREMRANGEBYLEX over - .. + empties the key';
  if (cmd === 'ZREMRANGEBYRANK' && Number(a[1]) <= 0 && a[2] === '-1' && (Number(a[1]) === 0 || Number(a[1]) < -1000))
    return 'redis ZREMRANGEBYRANK 0 -1 empties the key';
  if (cmd === 'LTRIM' && /^-?\d+$/.test(a[1] ?? '') && /^-?\d+$/.test(a[2] ?? '')) {
    const s = Number(a[1]);
    const e = Number(a[2]);
    if (s >= 0 && e >= 0 && s > e) return 'redis LTRIM with start after end empties the list';
  }
  return undefined;
}

/** MongoDB shell code that changes more than it shows: empty filters on any write, $out/$merge, renames, code by name. */
export function judgeMongoDisguise(code: string): string | undefined {
  const writes = 'deleteOne|deleteMany|updateOne|updateMany|replaceOne|findOneAndDelete|findOneAndUpdate|findOneAndReplace|remove|update|findAndModify';
  if (
    new RegExp(
      `\\.(${writes})\\s*\\(\\s*(\\)|\\{\\s*\\}|\\{\\s*["']?\\w+["']?\\s*:\\s*\\{\\s*["']?\\$(exists|ne)["']?\\s*:\\s*(true|null)\\s*\\}\\s*\\})`,
    ).test(code)
  )
    return 'a write with an empty filter (every document matches; one or all of them changed)';
  // findAndModify carries its filter in a document: `findAndModify({query: {}, remove: true})`, or none at all
  // (`findAndModify({remove: true})`, `runCommand({findAndModify: "users", remove: true})`): every document matches.
  for (const m of code.matchAll(/\bfindAndModify\b["']?\s*(?:\(\s*|:\s*["'`][^"'`]*["'`]\s*,)/g)) {
    const rest = code.slice(m.index! + m[0].length, m.index! + m[0].length + 2000);
    const q = /["']?query["']?\s*:\s*(\{\s*\}|\{\s*["']?\w+["']?\s*:\s*\{\s*["']?\$(?:exists|ne)["']?\s*:\s*(?:true|null)\s*\}\s*\})?/.exec(rest);
    if (q === null || q[1] !== undefined) return 'findAndModify with an empty filter (every document matches; one of them changed or removed)';
  }
  // bulkWrite's operations carry their filters in documents: `{deleteMany: {filter: {}}}`.
  if (/["']?(filter|q)["']?\s*:\s*\{\s*\}/.test(code) && /\b(bulkWrite|runCommand|adminCommand)\s*\(/.test(code)) return 'a bulk write with an empty filter';
  if (/\$(out|merge)\b/.test(code)) return 'an aggregation with $out/$merge replaces or rewrites a collection';
  if (/\.(renameCollection|mapReduce)\s*\(/.test(code)) return 'renameCollection/mapReduce replaces or renames a collection';
  if (/\b(renameCollection|aggregate)\b\s*["']?\s*:/.test(code) && /\b(runCommand|adminCommand)\s*\(/.test(code))
    return 'a database command that renames or writes a collection';
  // Code named at run time or loaded from a file: `db.users["delete"+"Many"]({})`, `load("x.js")`, `eval(…)`.
  if (/\]\s*\(/.test(code)) return 'calls a method named by an expression: which one cannot be told';
  if (/(^|[^\w.$])(load|eval|Function|require|runProgram|run|_runMongoProgram|importScripts)\s*\(/.test(code))
    return 'loads or runs code the guard does not see';
  return undefined;
}

/** mongosh options that take the next word as their value. */
const MONGO_VALUE_OPTS =
  /^(--host|--port|-u|--username|-p|--password|--authenticationDatabase|--authenticationMechanism|--tlsCAFile|--tlsCertificateKeyFile|--apiVersion|--awsAccessKeyId|--awsSecretAccessKey|--awsSessionToken)$/;

/** mongosh's code: every --eval, script files (--file, -f, positional *.js), or its input. */
export function mongoCode(s: Sub, stdin: (s: Sub) => string | null | undefined): { code: string[]; opaque?: string } {
  const ws = s.words;
  const code: string[] = [];
  let positional = 0;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) {
      // The first word that is not an option is the server's address (`mongosh "$MONGODB_URI" --eval …`); a later
      // one only known at run time may be a script file.
      if (positional++ > 0) return { code, opaque: `${s.name} with ${ws[i].text}, a word only known at run time (a script?)` };
      continue;
    }
    if (!v.startsWith('-')) positional++;
    else if (MONGO_VALUE_OPTS.test(v)) {
      i++;
      continue;
    }
    if (v === '--eval' || v === '-e') {
      const n = ws[++i];
      if (n === undefined || n.value === null) return { code, opaque: `${s.name} runs code only known at run time` };
      code.push(n.value);
    } else if (v.startsWith('--eval=')) code.push(v.slice(7));
    else if (v === '--file' || v === '-f' || /\.(js|mjs|cjs)$/.test(v) || v.startsWith('--file='))
      return { code, opaque: `${s.name} runs a script file the guard cannot read` };
  }
  if (code.length === 0) {
    const input = stdin(s);
    if (input === null) return { code, opaque: `${s.name} runs code from its input, which the guard cannot read` };
    if (input !== undefined) code.push(input);
  }
  return { code };
}

/** A redis-cli line's command words, read as redis-cli reads its options, or why it cannot be read. */
function redisCommand(s: Sub): { words: (string | null)[] } | { why: string } | undefined {
  const w = s.words;
  for (let i = 1; i < w.length; i++) {
    const v = w[i].value;
    if (v === null) return { words: w.slice(i).map((x) => x.value) };
    if (v === '--eval') return { why: `redis-cli --eval runs the Lua script ${w[i + 1]?.text ?? ''}, which the guard cannot read` };
    if (v === '--cluster') {
      const sub = (w[i + 1]?.value ?? '').toLowerCase();
      if (/^(check|info|help)$/.test(sub)) return undefined;
      return { why: `redis-cli --cluster ${sub || '(a word only known at run time)'} changes the cluster or runs a command on every node` };
    }
    if (REDIS_VALUE_OPTS.test(v)) {
      i++;
      continue;
    }
    if (v.startsWith('-')) {
      if (REDIS_FLAGS.test(v)) continue;
      return { why: `redis-cli ${v}: an option the guard does not model` };
    }
    return { words: w.slice(i).map((x) => x.value) };
  }
  return { words: [] };
}

/** The commands redis-cli reads from its input, one a line (quotes dropped). */
function redisInputLines(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .map((l) => (l.match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((t) => t.replace(/^(["'])(.*)\1$/, '$2')))
    .filter((l) => l.length > 0);
}

export const dbStoreRules: Rule[] = [
  {
    id: 'db.kv-replace',
    names: ['redis-cli', 'valkey-cli', 'keydb-cli'],
    description:
      'A redis command that replaces or empties a whole key rather than the value or members it names (RENAME, COPY/RESTORE … REPLACE, the *STORE commands, ZREMRANGEBYSCORE -inf +inf, ZREMRANGEBYRANK 0 -1), a Lua script file (--eval), --cluster commands, or a redis-cli option the guard does not model. Options are read as redis-cli reads them (`-r 1 FLUSHALL`: 1 is the repeat count). Writes of named keys and members (SET k v, DEL k, HDEL h f, EXPIRE k 0) are scoped writes and are not flagged.',
    examples: {
      destructive: [
        'redis-cli RENAME users x',
        'redis-cli COPY a b REPLACE',
        'redis-cli ZREMRANGEBYSCORE z -inf +inf',
        'redis-cli zremrangebyrank z 0 -1',
        'redis-cli ZREMRANGEBYLEX z - +',
        'redis-cli LTRIM queue 1 0',
        'redis-cli SUNIONSTORE users tmp',
        'redis-cli SORT ids BY nosort STORE users',
        'redis-cli --eval /tmp/x.lua',
        'redis-cli --eval scripts/cleanup.lua k1 , a',
        'redis-cli --cluster call 127.0.0.1:7000 FLUSHALL',
        'redis-cli --frobnicate GET k',
        "printf 'RENAME users old\n' | redis-cli",
        'redis-cli -n 2 -r 3 -i 1 RENAME a b',
      ],
      benign: [
        'redis-cli RENAMENX a b',
        'redis-cli COPY a b',
        'redis-cli ZREMRANGEBYSCORE z 0 100',
        'redis-cli ZREMRANGEBYRANK z 0 -11',
        'redis-cli LTRIM queue 0 99',
        'redis-cli SET k v',
        'redis-cli DEL session:42',
        'redis-cli HDEL user:1 email',
        'redis-cli -r 5 -i 1 INFO memory',
        'redis-cli --cluster check 127.0.0.1:7000',
        'redis-cli -n 2 --raw GET k',
        "printf 'GET k\n' | redis-cli",
      ],
    },
    check(s) {
      if (!named(s, 'redis-cli', 'valkey-cli', 'keydb-cli')) return undefined;
      const c = redisCommand(s);
      if (c === undefined) return undefined;
      if ('why' in c) return c.why;
      if (c.words.length > 0) return c.words.every((x) => x !== null) ? redisWholeKey(c.words as string[]) : undefined;
      const input = stdinText(s.stdin);
      if (typeof input !== 'string') return undefined;
      for (const line of redisInputLines(input)) {
        const why = redisWholeKey(line);
        if (why) return `${why} (from its input)`;
      }
      return undefined;
    },
  },
  {
    id: 'db.doc-disguised',
    names: ['mongosh', 'mongo'],
    description:
      'MongoDB shell code that changes more than it shows: a write of any kind with an empty filter (deleteOne({}), findOneAndDelete({}), updateOne({}, …), a bulkWrite whose operation has filter {}), an aggregation with $out/$merge, renameCollection, a method named by an expression, load()/eval(); every --eval is read, and a script file or input the guard cannot read is asked.',
    examples: {
      destructive: [
        "mongosh app --eval 'db.users.deleteOne({})'",
        'mongosh app --eval \'db.getCollection("users").findOneAndDelete({})\'',
        "mongosh app --eval 'db.users.findOneAndUpdate({}, {$set:{a:1}})'",
        "mongosh app --eval 'db.users.findAndModify({query: {}, remove: true})'",
        "mongosh app --eval 'db.users.findAndModify({remove: true})'",
        'mongosh app --eval \'db.runCommand({findAndModify: "users", remove: true})\'',
        "mongosh app --eval 'db.users.bulkWrite([{deleteMany:{filter:{}}}])'",
        'mongosh app --eval \'db.users.aggregate([{$out:"orders"}])\'',
        'mongosh app --eval \'db.users.aggregate([{$merge:{into:"orders"}}])\'',
        'mongosh app --eval \'db.users.renameCollection("old")\'',
        "mongosh app --eval 'db.users.updateOne({ }, {$set:{role:1}})'",
        'mongosh app --eval \'db.users["delete"+"Many"]({})\'',
        'mongosh app --eval \'load("/tmp/x.js")\'',
        "mongosh app --eval 'db.users.find()' --eval 'db.users.deleteOne({})'",
        "mongosh app cleanup.js --eval 'db.users.find()'",
        'mongosh app < /tmp/x.js',
        'mongosh app "$SCRIPT"',
      ],
      benign: [
        "mongosh app --eval 'db.users.deleteOne({_id: 1})'",
        "mongosh app --eval 'db.users.find().limit(5)'",
        'mongosh app --eval \'db.users.aggregate([{$match:{a:1}}, {$group:{_id:"$a"}}])\'',
        'mongosh "$MONGODB_URI" --eval \'db.users.countDocuments()\'',
        "mongosh app --eval 'db.users.updateOne({_id: 1}, {$set: {a: 1}})'",
        'mongosh app --eval \'db["users"].find()\'',
        "mongosh app --eval 'db.users.findAndModify({query: {_id: 1}, remove: true})'",
      ],
    },
    check(s) {
      if (!named(s, 'mongosh', 'mongo')) return undefined;
      const { code, opaque } = mongoCode(s, (x) => stdinText(x.stdin));
      if (opaque) return opaque;
      for (const c of code) {
        const why = judgeMongoDisguise(c);
        if (why) return `${s.name}: ${why}`;
      }
      return undefined;
    },
  },
];
