// The blind fresh11 red team's masking holes, by class, in variants of our own: a dotted value under a password
// key (1), a diff of a secret (2), line separators and URL userinfo (3), positional secrets of well-known APIs (4),
// tool flags (5), a name and its value split across structure (6), template fallbacks (7), escaped containers (8),
// system credential files (9), unprefixed vendor tokens by context (10); and the over-masks (11). Every value is
// built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seed = 0xf11100;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
/** A password: a word, digits, a punctuation mark and a random tail (the red team's shape). */
const pw = (sep = '.') => 'Copper' + rs('0123456789', 4) + sep + rs(ALNUM, 3);

/** Each `text` must lose every one of its `secrets` (no 8-char window left) and keep its line count. */
function masks(text: string, secrets: string[]): void {
  const r = maskText(text + '\nnext line\n');
  for (const s of secrets) assert.ok(!leaks(r.text, s), `left visible: ${JSON.stringify(r.text.slice(0, 240))}`);
  assert.equal(r.text.split('\n').length, text.split('\n').length + 2);
}
function keeps(text: string): void {
  assert.equal(maskText(text).text, text);
}

describe('fresh11 holes: a dotted value under a password key is the password (1)', () => {
  const cases: ((p: string) => string)[] = [
    (p) => `    password: ${p}`,
    (p) => `ansible_become_pass: ${p}`,
    (p) => `spring.datasource.url=jdbc:mysql://db:3306/app?user=app&password=${p}`,
    (p) => `Caused by: PSQLException: Connection to jdbc:postgresql://db:5432/app?user=app&password=${p}&ssl=true refused.`,
    (p) => `app 812 2.1 java -Xmx2g -Dspring.datasource.password=${p} -Dfile.encoding=UTF-8 -jar app.jar`,
    (p) => `ORACLE = "oracle+cx_oracle://scott:${p}@db:1521/?service_name=ORCL"`,
  ];
  for (const [i, c] of cases.entries())
    it(`masks a file-name-shaped password (${i})`, () => {
      const p = pw();
      masks(c(p), [p]);
      const q = 'S3cret' + rs(ALNUM, 4) + '.pdf';
      masks(c(q), [q]);
    });
  it('masks words joined by dots in data', () => {
    masks('password: correct.horse.battery.staple', ['correct.horse.battery.staple']);
    masks('DB_PASSWORD="correct.horse.battery.staple"', ['correct.horse.battery.staple']);
  });
  it('keeps references, paths and code', () => {
    keeps('password_file: /run/secrets/db_password');
    keeps('    password: ${DB_PASSWORD}');
    keeps('    password: "{{ vault_db_password }}"');
    keeps('password: auth.password.label');
    keeps('  password: this.form.password,');
    keeps('const password = settings.database.credentials;');
    keeps('java -Dspring.datasource.password=${DB_PW} -jar app.jar');
    keeps('url=jdbc:mysql://db:3306/app?user=app&password=changeme');
  });
});
