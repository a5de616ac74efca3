// Secrets whose position alone names them: a program's own password flag, a secret flag as an argument
// list's item, a table column headed `password`. Each leaked through the whole masker (pre-scan and rules)
// before; the values are built at run time.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { leaks, linesOf } from './helpers';

let seq = 0;
const pw = () => rand(ALNUM, 1, 4400 + seq++) + rand(ALNUM + '._-', 21, 4500 + seq++);

function masks(text: string, secret: string): void {
  const r = maskText(text);
  assert.ok(!leaks(r.text, secret), `secret left in ${JSON.stringify(r.text)}`);
  assert.equal(linesOf(r.text).length, linesOf(text).length);
}
function keeps(text: string): void {
  const r = maskText(text);
  assert.equal(r.text, text, `changed by ${r.findings.map((f) => f.rule).join(',')}`);
}
/** The same line with code around it, so the pre-scan meets it mid-text (the SIMD pass sees whole blocks). */
function inContext(line: string): string {
  return `# deploy notes\ncd /srv/app && make build\n${line}\necho done\n`;
}

describe('positional secrets', () => {
  it('masks passwords given as one program’s flags', () => {
    for (const make of [
      (p: string) => `keytool -importcert -keystore truststore.jks -storepass ${p} -file ca.crt`,
      (p: string) => `keytool -genkeypair -keystore app.p12 -keypass '${p}'`,
      (p: string) => `ldapsearch -x -D "cn=admin,dc=example,dc=com" -w ${p} -b dc=example,dc=com`,
      (p: string) => `sqlcmd -S tcp:sql01 -U sa -P '${p}' -Q "SELECT 1"`,
      (p: string) => `zip -P ${p} backup.zip dump.sql`,
      (p: string) => `smbclient //fs01/share -U backup%${p}`,
      (p: string) => `gh secret set STRIPE_KEY --body "${p}"`,
      (p: string) => `gh secret set STRIPE_KEY -b ${p}`,
      (p: string) => `htpasswd -b -c /etc/nginx/.htpasswd admin ${p}`,
      (p: string) => `htpasswd -nbB admin '${p}' > users`,
      (p: string) => `    command: ["redis-server", "--requirepass", "${p}"]`,
      (p: string) => `    args: ['--token', '${p}']`,
    ]) {
      const p = pw();
      masks(make(p), p);
      masks(inContext(make(p)), p);
    }
  });
  it('keeps the same flags where they are not passwords, or hold a reference', () => {
    for (const line of [
      'scp -P 2222 build.tar.gz deploy@host:/srv',
      'rsync -P -a build/ host:/srv/',
      'curl -w "%{http_code}" https://example.com',
      'ldapsearch -x -W -D "cn=admin,dc=example,dc=com"',
      'keytool -list -keystore trust.jks -storepass:env STOREPASS',
      'sqlcmd -S tcp:sql01 -U sa -P "$SA_PASSWORD"',
      'htpasswd -c /etc/nginx/.htpasswd admin',
      'gh pr create --title Fix --body "Fixes the flaky test"',
      "    args: ['--token', '--verbose']",
      'useradd -U -s /bin/bash deploy',
      'tar -czf out.tgz -b 20 dir',
    ]) {
      keeps(line);
      keeps(inContext(line));
    }
  });
  it('masks every value of a table column headed by a secret name, and nothing else', () => {
    const p = [pw(), pw(), pw()];
    const text = `id,name,email,password,created\n1,app,app@example.com,${p[0]},2026-01-01\n2,ci,"ci, build",${p[1]},2026-01-02\n3,old,old@example.com,,2025-12-31\n`;
    const r = maskText(text);
    for (const s of p.slice(0, 2)) assert.ok(!leaks(r.text, s), r.text);
    const out = linesOf(r.text);
    assert.equal(out[0], 'id,name,email,password,created');
    assert.equal(out[3], '3,old,old@example.com,,2025-12-31');
    assert.match(out[1]!, /^1,app,app@example\.com,«secret:[^»]+»,2026-01-01$/);
    masks(`service\tapi_key\tregion\nbilling\t${p[2]}\teu-west-1\n`, p[2]!);
  });
  it('keeps tables whose secret-named column holds labels, references or placeholders', () => {
    keeps('key,en,de\npassword,Password,Passwort\ntoken_expired,Your session expired,Sitzung abgelaufen\n');
    keeps('id,name,password\n1,app,${APP_PASSWORD}\n2,ci,<password>\n3,old,\n');
    keeps('id,name,email\n1,app,app@example.com\n');
  });
  it('masks a secret-named char array written as character literals, and keeps other char arrays', () => {
    const p = rand(ALNUM, 14, 4700);
    const list = [...p].map((c) => `'${c}'`).join(', ');
    const r = maskText(`class K {\n    private static final char[] KEYSTORE_PASSWORD = {${list}};\n}\n`);
    assert.ok(!r.text.includes(list) && !r.text.includes(`'${p[3]}', '${p[4]}', '${p[5]}', '${p[6]}'`), r.text);
    keeps(`    static final char[] HEX = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};\n`);
    keeps(`    char[] password = {'c', 'h', 'a', 'n', 'g', 'e', 'm', 'e'};\n`);
  });
});
