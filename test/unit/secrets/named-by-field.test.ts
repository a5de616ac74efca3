// A secret named by a neighbouring field (named-by-field): JSON objects with a kind field and a value field,
// XML `<entry key="…">` with `<value>` on the same or the next line; look-alikes whose name or value says no
// secret stay. Values are built here at run time.
import { ALNUM, PASSWORD_CHARS, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0xe7e7;
const tok = () => rand(ALNUM, 36, seed++ * 7919);
const pw = () => 'Q7' + rand(PASSWORD_CHARS.replace(/[#'"<>&\\]/g, ''), 16, seed++ * 7919);
const NAMES = ['api_key', 'password', 'token', 'secret', 'access_token', 'client_secret', 'private_key', 'apiKey'];
const JSON_FORMS: ((n: string, v: string) => string)[] = [
  (n, v) => `{"type":"${n}","data":"${v}"}`,
  (n, v) => `  {"field": "${n}", "val": "${v}"},`,
  (n, v) => `{"kind": "${n}", "content": "${v}"}`,
];

describe('secret named by a neighbouring field', () => {
  for (const name of NAMES)
    for (const [i, form] of JSON_FORMS.entries())
      it(`masks a JSON value named ${name} (form ${i})`, () => {
        const v = name.includes('pass') ? pw() : tok();
        masks(`[\n${form(name, v)}\n]\n`, [v]);
      });
  for (const key of ['secret', 'password', 'apiKey', 'db.password', 'jwt.secret', 'auth-token'])
    for (const same of [false, true])
      it(`masks an XML entry ${key} with its value on ${same ? 'the same' : 'the next'} line`, () => {
        const v = key.includes('pass') ? pw() : tok();
        const text = same
          ? `<map>\n  <entry key="${key}"><value>${v}</value></entry>\n</map>\n`
          : `<map>\n  <entry key="${key}">\n    <value>${v}</value>\n  </entry>\n</map>\n`;
        masks(text, [v]);
      });
  const benign = [
    '{"type": "service_account", "data": "projects/demo/serviceAccounts/app"}\n',
    '{"field": "password", "val": ""}\n',
    '{"field": "password", "val": "changeme"}\n',
    '{"type":"api_key","data":"${API_KEY}"}\n',
    '{"type":"token","data":"<your token here>"}\n',
    '{"field": "username", "val": "alice.smith.2024"}\n',
    '{"type": "image", "data": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"}\n',
    '{"kind": "text", "content": "Rotate your token every 90 days"}\n',
    '{"type": "password", "data": "The password must be 12 characters"}\n',
    '<entry key="timeout">\n  <value>30000</value>\n</entry>\n',
    '<entry key="url">\n  <value>https://example.com/api/v1</value>\n</entry>\n',
    '<entry key="secret">\n  <value>${jwt.secret}</value>\n</entry>\n',
    '<entry key="password">\n  <value></value>\n</entry>\n',
    '{"field": "token_ttl", "val": "3600"}\n',
    '{"type": "api_key", "data": {"header": "X-Api-Key"}}\n',
  ];
  for (const t of benign) it(`keeps ${JSON.stringify(t.trim().slice(0, 50))}`, () => keeps(t));
});
