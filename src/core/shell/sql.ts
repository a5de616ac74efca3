// A small SQL judge: DDL, unfiltered DML, FLUSH. Strings and comments are stripped first so that
// `WHERE status = 'DELETE_PENDING'` is not read as a DELETE.
export function stripSql(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:''|[^'])*'/g, "''")
    .replace(/"(?:""|[^"])*"/g, '""');
}

export function judgeSql(sql: string): string | undefined {
  for (const raw of stripSql(sql).split(';')) {
    const st = raw.trim().replace(/\s+/g, ' ');
    if (!st) continue;
    const up = st.toUpperCase();
    const kw = /^(?:WITH\b.*?\)\s*)?([A-Z]+)(?:\s+([A-Z]+))?/.exec(up);
    if (!kw) continue;
    const [, first, second] = kw;
    if (/^(DROP|TRUNCATE|ALTER|RENAME|GRANT|REVOKE)$/.test(first)) return `${first}${second ? ' ' + second : ''} changes the schema or data irreversibly`;
    if (first === 'CREATE' && !/^(TEMP|TEMPORARY)$/.test(second ?? '')) return `CREATE ${second ?? ''} changes the schema`.trim();
    if (/^(FLUSHALL|FLUSHDB|FLUSH)$/.test(first)) return `${first} wipes data`;
    if (first === 'DELETE' || first === 'UPDATE') {
      const where = /\bWHERE\b(.*)$/.exec(up);
      if (!where) return `${first} without WHERE touches every row`;
      if (/^\s*(1\s*=\s*1|TRUE|1|'.*'\s*=\s*'.*')\s*$/.test(where[1])) return `${first} with an always-true WHERE touches every row`;
    }
    if (first === 'DELETE' && /\bDELETE\s+FROM\b/.test(up) === false) continue;
  }
  return undefined;
}

/** MongoDB shell code: drops and unfiltered deletes/updates. */
export function judgeMongo(code: string): string | undefined {
  if (/\.(drop|dropDatabase|dropCollection|dropIndexes?)\s*\(/.test(code)) return 'drops a database, collection or index';
  if (/\.(deleteMany|remove|updateMany|replaceOne)\s*\(\s*\{\s*\}/.test(code)) return 'deletes or updates every document';
  return undefined;
}
