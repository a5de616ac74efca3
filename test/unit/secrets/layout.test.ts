// Secrets the file's layout puts out of a line rule's reach, in the shapes an attacker's corpus used:
// each case is a whole file, every secret must be gone and every other line byte-identical.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, HEX, PASSWORD_CHARS, b64, rand } from '../../../src/core/secrets/samples';
import { assertMasked, buildCase } from './helpers';

const pw = (seed: number, mid = '!') => rand(ALNUM, 6, seed) + mid + rand(PASSWORD_CHARS.replace(/[#'",;:<>&\\]/g, ''), 12, seed + 1);

describe('masking by layout', () => {
  for (let k = 0; k < 5; k++) {
    const s = 0x6a00 + k * 97;
    it(`plist keys with their value on the next line, XML values over lines (#${k})`, () => {
      const [a, b, c] = [rand(HEX, 64, s), pw(s + 2), pw(s + 4)];
      const plist = buildCase('plist', [
        ['<plist version="1.0">', 'K'],
        ['<dict>', 'K'],
        ['\t<key>CFBundleName</key>', 'K'],
        ['\t<string>Demo</string>', 'K'],
        ['\t<key>API_SECRET</key>', 'K'],
        [`\t<string>${a}</string>`, 'S', a],
        ['\t<key>PasswordPolicy</key>', 'K'],
        ['\t<string>strict</string>', 'K'],
        ['</dict>', 'K'],
        ['</plist>', 'K'],
      ]);
      assertMasked(plist, maskText(plist.text).text);
      const xml = buildCase('answer file', [
        ['<unattend>', 'K'],
        ['  <AdministratorPassword>', 'K'],
        [`    <Value>${b}</Value>`, 'S', b],
        ['    <PlainText>true</PlainText>', 'K'],
        ['  </AdministratorPassword>', 'K'],
        ['  <password>', 'K'],
        [`    ${c}`, 'S', c],
        ['  </password>', 'K'],
        ['</unattend>', 'K'],
      ]);
      assertMasked(xml, maskText(xml.text).text);
    });

    it(`Terraform state: random results, provider password attributes, sensitive outputs (#${k})`, () => {
      const [a, b, c] = [pw(s + 6), b64(rand(ALNUM, 30, s + 8)), pw(s + 9)];
      const state = buildCase('tfstate', [
        ['{', 'K'],
        ['  "terraform_version": "1.6.0",', 'K'],
        [`  "outputs": { "db": { "value": "${c}", "type": "string", "sensitive": true } },`, 'S', c],
        ['  "resources": [', 'K'],
        ['    { "mode": "managed", "type": "random_password", "name": "db", "instances": [{ "attributes": {', 'K'],
        ['      "length": 24,', 'K'],
        [`      "result": "${a}"`, 'S', a],
        ['    } }] },', 'K'],
        ['    { "mode": "managed", "type": "aws_iam_access_key", "name": "ci", "instances": [{ "attributes": {', 'K'],
        [`      "ses_smtp_password_v4": "${b}",`, 'S', b],
        ['      "secret_arn": "arn:aws:secretsmanager:eu-west-1:123456789012:secret:db",', 'K'],
        ['      "status": "Active"', 'K'],
        ['    } }] }', 'K'],
        ['  ]', 'K'],
        ['}', 'K'],
      ]);
      assertMasked(state, maskText(state.text).text);
    });

    it(`HAR headers and cookies, escaped JSON keys, SSM parameters (#${k})`, () => {
      const [a, b, c, d] = [rand(HEX, 32, s + 10), rand(HEX, 32, s + 11), pw(s + 12), pw(s + 14)];
      const har = buildCase('har', [
        ['{"log": {"entries": [{"request": {"headers": [', 'K'],
        ['  {"name": "Accept", "value": "application/json"},', 'K'],
        [`  {"name": "Cookie", "value": "sid=${a}; theme=dark"}`, 'S', a],
        ['], "cookies": [', 'K'],
        [`  {"name": "session", "value": "${b}"},`, 'S', b],
        ['  {"name": "theme", "value": "dark"}', 'K'],
        ['], "p\\u0061ss\\u0077ord": "' + c + '",', 'S', c],
        ['"Parameters": [{"Name": "/prod/db/password", "Type": "SecureString",', 'K'],
        [`  "Value": "${d}"}]`, 'S', d],
        ['}}]}}', 'K'],
      ]);
      assertMasked(har, maskText(har.text).text);
    });

    it(`config values holding blanks and ; , ), TOML multi-line strings, registry credentials (#${k})`, () => {
      const [a, b, c, d, e] = [pw(s + 16, ';'), pw(s + 18, ' '), pw(s + 20, ')'), pw(s + 22, ' '), b64(`ci:${pw(s + 24)}`)];
      const ini = buildCase('ini', [
        ['[db]', 'K'],
        ['host = localhost', 'K'],
        [`password = ${a}`, 'S', a],
        [`secret = ${c}`, 'S', c],
        ['name = hello, world; (x)', 'K'],
        [`url = postgres://app:${b}@db:5432/app`, 'S', b],
        ['api_token = """', 'K'],
        [d, 'S', d],
        ['"""', 'K'],
        [`_auth = "${e}"`, 'S', e],
        ['password = getpass.getpass("Password: ")', 'K'],
      ]);
      assertMasked(ini, maskText(ini.text).text);
    });
  }

  it('leaves the look-alikes of each layout alone', () => {
    for (const text of [
      '<plist version="1.0">\n<dict>\n\t<key>api_key</key>\n\t<string>$(API_KEY)</string>\n</dict>\n</plist>\n',
      '{\n  "terraform_version": "1.6.0",\n  "resources": [{ "type": "random_pet", "instances": [{ "attributes": { "result": "brave-otter", "password_length": "24" } }] }]\n}\n',
      '{"log": {"entries": [{"request": {"headers": [{"name": "Authorization", "value": "Bearer {{token}}"}], "cookies": [{"name": "lang", "value": "en-GB"}]}}]}}\n',
      '[x]\ndescription = a value, with (commas); and words\npassword = ${DB_PASSWORD}\n',
    ])
      assert.equal(maskText(text).text, text);
  });
});
