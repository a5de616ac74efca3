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
    if (SCHEMA_CHANGE.test(first)) return `${first}${second ? ' ' + second : ''} changes the schema or data irreversibly`;
    if (first === 'CREATE' && !TEMPORARY.test(second ?? '')) return `CREATE ${second ?? ''} changes the schema`.trim();
    if (FLUSH.test(first)) return `${first} wipes data`;
    if (first === 'DELETE' || first === 'UPDATE') {
      const where = WHERE.exec(up);
      if (!where) return `${first} without WHERE touches every row`;
      if (ALWAYS_TRUE.test(where[1])) return `${first} with an always-true WHERE touches every row`;
    }
    if (first === 'DELETE' && DELETE_FROM.test(up) === false) continue;
  }
  return undefined;
}

/** MongoDB shell code: drops and unfiltered deletes/updates. */
export function judgeMongo(code: string): string | undefined {
  if (/\.(drop|dropDatabase|dropCollection|dropIndexes?)\s*\(/.test(code)) return 'drops a database, collection or index';
  if (/\.(shutdownServer|fsyncLock|dropUser|dropAllUsers|dropRole|dropAllRoles)\s*\(/.test(code)) return 'shuts the server down or drops its users';
  if (/\.(deleteMany|remove|updateMany|replaceOne)\s*\(\s*\)/.test(code)) return 'deletes or updates every document';
  if (/\.(deleteMany|remove|updateMany|replaceOne)\s*\(\s*\{\s*\}/.test(code)) return 'deletes or updates every document';
  return undefined;
}
