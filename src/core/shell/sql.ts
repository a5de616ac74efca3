// A small SQL judge: DDL, unfiltered DML, FLUSH. Strings and comments are stripped first so that
// `WHERE status = 'DELETE_PENDING'` is not read as a DELETE.
// The regexes are module constants: a regex literal in a function body is a new RegExp object per evaluation.
// (The global ones are only given to replace(), which starts from 0 whatever their lastIndex.)
const LINE_COMMENT = /--[^\n]*/g;
const BLOCK_COMMENT = /\/\*[\s\S]*?\*\//g;
const SINGLE_QUOTED = /'(?:''|[^'])*'/g;
const DOUBLE_QUOTED = /"(?:""|[^"])*"/g;
const BLANKS = /\s+/g;
const KEYWORDS = /^(?:WITH\b.*?\)\s*)?([A-Z]+)(?:\s+([A-Z]+))?/;
const SCHEMA_CHANGE = /^(DROP|TRUNCATE|ALTER|RENAME|GRANT|REVOKE)$/;
const TEMPORARY = /^(TEMP|TEMPORARY)$/;
const FLUSH = /^(FLUSHALL|FLUSHDB|FLUSH)$/;
const WHERE = /\bWHERE\b(.*)$/;
const ALWAYS_TRUE = /^\s*(1\s*=\s*1|TRUE|1|'.*'\s*=\s*'.*'|[\w.]+\s+IS\s+NOT\s+NULL)\s*$|\bOR\s+(1\s*=\s*1|TRUE|1|''\s*=\s*'')\s*$/;
const DELETE_FROM = /\bDELETE\s+FROM\b/;
const INSERT_VERB = /^(INSERT|REPLACE|UPSERT)$/;
/** SQLite's conflict clause that deletes the conflicting rows: `INSERT OR REPLACE`, `UPDATE OR REPLACE`. */
const REPLACE_CONFLICT = /^(INSERT|UPDATE)\s+OR\s+REPLACE\b/;
/** The SELECT an INSERT takes its rows from (after the column list, if any). */
const INSERT_SELECT = /^\w+\s+(?:(?:OR\s+\w+|IGNORE|INTO|OVERWRITE)\s+)*[\w."`]+(?:\s*\([^)]*\))?\s+(?:WITH\b.*?\)\s*)?\(?\s*SELECT\b(.*)$/;
/**
 * Statements that lock or rewrite whole tables, stop or reconfigure the server, run code the guard does not read
 * (DO blocks, procedures), or reach the server's files and programs (COPY … PROGRAM, INTO OUTFILE, LOAD DATA; `LOAD '/tmp/x.so'`
 * loads a shared library into PostgreSQL).
 */
const SERVER_EFFECT =
  /^(VACUUM\b.*\bFULL\b|REINDEX\b|CLUSTER\b|LOCK\b|UNLOCK\b|OPTIMIZE\b|SET (GLOBAL|PERSIST|PERSIST_ONLY)\b|SET @@(GLOBAL|PERSIST)|SHUTDOWN\b|KILL\b|PURGE\b|RESET (MASTER|SLAVE|REPLICA|PERSIST|BINARY)\b|CHANGE (MASTER|REPLICATION)\b|START (SLAVE|REPLICA)|STOP (SLAVE|REPLICA)|INSTALL\b|UNINSTALL\b|DO\b|CALL\b|EXEC\b|EXECUTE\b|LOAD\b|INSERT OVERWRITE\b|REFRESH MATERIALIZED VIEW\b(?!.*CONCURRENTLY)|REASSIGN\b|SECURITY LABEL\b|IMPORT FOREIGN\b|DETACH DATABASE\b|PRAGMA WRITABLE_SCHEMA\b)/;
/** COPY to or from a server-side file or program (psql's client-side `\copy` is not SQL). */
const COPY_SERVER = /^COPY\b.*\b(TO|FROM)\s+(PROGRAM\b|'')/;
/** SELECT … INTO OUTFILE/DUMPFILE writes a file on the server. */
const INTO_FILE = /\bINTO\s+(OUTFILE|DUMPFILE)\b/;
/** Server functions that end sessions, delete large objects, read or write server files, or run commands. */
const SERVER_FUNCTIONS =
  /\b(PG_TERMINATE_BACKEND|PG_CANCEL_BACKEND|PG_DROP_REPLICATION_SLOT|LO_UNLINK|LO_IMPORT|LO_EXPORT|PG_READ_FILE|PG_READ_BINARY_FILE|PG_LS_DIR|PG_FILE_WRITE|PG_FILE_UNLINK|PG_FILE_RENAME|DBLINK_EXEC|PG_PROMOTE|PG_RELOAD_CONF|PG_SWITCH_WAL|PG_LOGICAL_EMIT_MESSAGE|SYS_EXEC|SYS_EVAL|XP_CMDSHELL|LOAD_FILE|LOAD_EXTENSION)\s*\(/;
/** Statements that change data (judged on databases that are not this machine's). */
const DATA_WRITE = /^(INSERT|UPDATE|DELETE|MERGE|UPSERT|REPLACE|COPY\b.*\bFROM\b|SELECT\b.*\bINTO\b)/;
const LIKE_ALL = /\b(DELETE|UPDATE)\b[\s\S]*\bWHERE\s+[\w."`]+\s+LIKE\s+'%+'\s*(;|$|\)|\bOR\b)/i;

export function stripSql(sql: string): string {
  return sql.replace(LINE_COMMENT, ' ').replace(BLOCK_COMMENT, ' ').replace(SINGLE_QUOTED, "''").replace(DOUBLE_QUOTED, '""');
}

/** Anything stripSql would change (most one-liners have no comment or string: no four copies of the text). */
const STRIPPABLE = /--|\/\*|['"]/;
/** Whitespace BLANKS would change: other than single spaces. */
const ODD_BLANKS = /[^\S ]| {2}/;

export function judgeSql(sql: string): string | undefined {
  // Checked before strings are blanked: `WHERE name LIKE '%'` matches every row, as no WHERE would.
  if (LIKE_ALL.test(sql)) return "a WHERE of LIKE '%' touches every row";
  const text = STRIPPABLE.test(sql) ? stripSql(sql) : sql;
  // The statements between `;`, walked in place rather than split into a list.
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf(';', start);
    if (end < 0) end = text.length;
    const raw = start === 0 && end === text.length ? text : text.slice(start, end);
    start = end + 1;
    const trimmed = raw.trim();
    const st = ODD_BLANKS.test(trimmed) ? trimmed.replace(BLANKS, ' ') : trimmed;
    if (!st) continue;
    const up = st.toUpperCase();
    const kw = KEYWORDS.exec(up);
    if (!kw) continue;
    const first = kw[1];
    const second: string | undefined = kw[2];
    const nested = nestedWrite(up);
    if (nested !== undefined) return nested;
    if (SCHEMA_CHANGE.test(first)) return `${first}${second ? ' ' + second : ''} changes the schema or data irreversibly`;
    if (first === 'CREATE' && !TEMPORARY.test(second ?? '')) return `CREATE ${second ?? ''} changes the schema`.trim();
    if (FLUSH.test(first)) return `${first} wipes data`;
    if (SERVER_EFFECT.test(up)) return `${up.split(' ').slice(0, 2).join(' ')} locks or rewrites tables, changes the server or runs code the guard cannot read`;
    if (COPY_SERVER.test(up)) return 'COPY reaches a file or program on the database server';
    if (INTO_FILE.test(up)) return 'INTO OUTFILE writes a file on the database server';
    if (SERVER_FUNCTIONS.test(up)) return `${SERVER_FUNCTIONS.exec(up)![1].toLowerCase()}() ends sessions or reaches the server's files`;
    if (first === 'DELETE' || first === 'UPDATE') {
      const where = WHERE.exec(up);
      if (!where) return `${first} without WHERE touches every row`;
      if (ALWAYS_TRUE.test(where[1])) return `${first} with an always-true WHERE touches every row`;
    }
    // `INSERT INTO t SELECT * FROM u` (and REPLACE, UPSERT): every row of a table, copied in one statement. A
    // SELECT with no FROM is one row of values; a WHERE or a LIMIT narrows it.
    if (INSERT_VERB.test(first)) {
      const sel = INSERT_SELECT.exec(up);
      if (sel && /\bFROM\b/.test(sel[1]) && !/\bLIMIT\b/.test(sel[1])) {
        const where = WHERE.exec(sel[1]);
        if (!where) return `${first} … SELECT without WHERE copies every row of a table`;
        if (ALWAYS_TRUE.test(where[1])) return `${first} … SELECT with an always-true WHERE copies every row of a table`;
      }
    }
    // REPLACE (MySQL's REPLACE INTO, SQLite's INSERT OR REPLACE / REPLACE INTO) deletes every existing row that
    // conflicts with a new one on any unique key, and what the foreign keys cascade from it: rows the statement
    // does not show. (An upsert's DO UPDATE / ON DUPLICATE KEY UPDATE of listed values changes the one keyed row.)
    if (first === 'REPLACE' || REPLACE_CONFLICT.test(up)) return 'REPLACE deletes the existing rows a new one conflicts with (and what cascades from them)';
    if (first === 'DELETE' && DELETE_FROM.test(up) === false) continue;
  }
  return undefined;
}

/** `WITH d AS (DELETE FROM t RETURNING *) SELECT …`: a data-modifying CTE (its own WHERE decides); MERGE … THEN DELETE. */
const CTE_WRITE = /\(\s*(DELETE\s+FROM|UPDATE)\b([^()]*(?:\([^()]*\)[^()]*)*)\)/g;
const MERGE_DELETE = /^MERGE\b.*\bTHEN\s+DELETE\b/;
function nestedWrite(up: string): string | undefined {
  if (MERGE_DELETE.test(up)) return 'MERGE … THEN DELETE deletes every matched row';
  if (!up.includes('(')) return undefined;
  CTE_WRITE.lastIndex = 0;
  for (const m of up.matchAll(CTE_WRITE)) {
    const where = WHERE.exec(m[2]);
    const verb = m[1].split(' ')[0];
    if (!where) return `${verb} inside a WITH clause without WHERE touches every row`;
    if (ALWAYS_TRUE.test(where[1].replace(/\bRETURNING\b.*$/, ''))) return `${verb} inside a WITH clause with an always-true WHERE touches every row`;
  }
  return undefined;
}

/** Does the SQL change data at all (for a database on another machine, where no write is a local experiment)? */
export function writesSql(sql: string): string | undefined {
  const text = STRIPPABLE.test(sql) ? stripSql(sql) : sql;
  for (const raw of text.split(';')) {
    const up = raw.trim().replace(BLANKS, ' ').toUpperCase();
    const m = DATA_WRITE.exec(up.replace(/^WITH\b.*?\)\s*(?=INSERT|UPDATE|DELETE|MERGE)/, ''));
    if (m) return m[1].split(' ')[0];
  }
  return undefined;
}

/** MongoDB shell code: drops and unfiltered deletes/updates. */
export function judgeMongo(code: string): string | undefined {
  if (/\.(drop|dropDatabase|dropCollection|dropIndexes?)\s*\(/.test(code)) return 'drops a database, collection or index';
  if (/\.(shutdownServer|fsyncLock|dropUser|dropAllUsers|dropRole|dropAllRoles)\s*\(/.test(code)) return 'shuts the server down or drops its users';
  if (/\.(deleteMany|remove|updateMany|replaceOne)\s*\(\s*\)/.test(code)) return 'deletes or updates every document';
  if (/\.(deleteMany|remove|updateMany|replaceOne)\s*\(\s*\{\s*\}/.test(code)) return 'deletes or updates every document';
  // Database commands by document: `db.runCommand({dropDatabase: 1})`, `db.adminCommand({shutdown: 1})`.
  if (
    /\b(runCommand|adminCommand)\s*\(\s*\{\s*["']?(drop\w*|shutdown|delete|fsync|renameCollection|compact|repairDatabase|setParameter|killOp|killSessions|killAllSessions|replSetReconfig|removeShard|dropIndexes)\b/.test(
      code,
    )
  )
    return 'runs a database command that drops, stops or reconfigures';
  if (/\.renameCollection\s*\([^)]*,\s*true\s*\)/.test(code)) return 'renameCollection with dropTarget drops the target collection';
  // A filter every document matches: `{_id: {$exists: true}}`, `{_id: {$ne: null}}`.
  if (/\.(deleteMany|remove|updateMany)\s*\(\s*\{\s*["']?\w+["']?\s*:\s*\{\s*["']?\$(exists|ne)["']?\s*:\s*(true|null)\s*\}\s*\}/.test(code))
    return 'deletes or updates every document (a filter every document matches)';
  return undefined;
}

/** Does mongo shell code change data (for a server on another machine)? */
export function writesMongo(code: string): string | undefined {
  const m =
    /\.(insert\w*|update\w*|delete\w*|remove|replaceOne|bulkWrite|findOneAndDelete|findOneAndUpdate|findOneAndReplace|findAndModify|createIndex\w*|createCollection|drop\w*|rename\w*|runCommand|adminCommand|createUser|updateUser|grantRolesToUser|save)\s*\(/.exec(
      code,
    );
  return m ? m[1] : undefined;
}
