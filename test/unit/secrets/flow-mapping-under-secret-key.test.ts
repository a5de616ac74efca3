// A YAML flow mapping under a secret-named key (Helm values' `auth: { username: app, password: "…" }`): the
// generic rule read the whole `{…}` as the key's value, judged it no secret and skipped it, keys and all. And
// passwords under config keys of their own (LDAP's `bindpw`, `rootpw`, Redis' `requirepass`/`masterauth`).
// Values are built here at run time.
import { ALNUM, PASSWORD_CHARS, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0xf10a;
const pw = () => 'Q7' + rand(PASSWORD_CHARS.replace(/[#'"{}[\],]/g, ''), 16, seed++ * 7919);
const tok = () => rand(ALNUM, 32, seed++ * 7919);
const PARENTS = ['auth', 'credentials', 'creds', 'secret', 'secrets', 'token', 'apiKey', 'password'];
const FLOWS: ((v: string) => string)[] = [
  (v) => `{ username: app, password: "${v}" }`,
  (v) => `{username: app, password: ${v}}`,
  (v) => `{ "user": "app", "password": "${v}" }`,
];

describe('flow mapping under a secret-named key', () => {
  for (const parent of PARENTS)
    for (const [i, flow] of FLOWS.entries())
      it(`masks the password in ${parent}: ${i}`, () => {
        const v = pw();
        masks(`redis:\n  ${parent}: ${flow(v)}\n  port: 6379\n`, [v]);
      });
  it('masks a token in a flow mapping under auth', () => {
    const v = tok();
    masks(`auth: { type: bearer, token: "${v}" }\n`, [v]);
  });
  it('masks two secrets in one flow mapping', () => {
    const [a, b] = [pw(), tok()];
    masks(`auth: { password: "${a}", apiKey: "${b}" }\n`, [a, b]);
  });
  it('masks a secret in a flow sequence of mappings under credentials', () => {
    const v = pw();
    masks(`credentials: [{ user: a, password: "${v}" }]\n`, [v]);
  });
  for (const key of ['bindpw', 'rootpw', 'requirepass', 'masterauth', 'dbpass', 'passwd', 'pwd'])
    it(`masks the password under ${key}`, () => {
      const v = pw();
      masks(`${key} ${v}\n`, [v]);
    });
  // The same keys in an ini or YAML file (`bindpw = …`, `bindpw: …`), not only as a directive.
  for (const key of ['bindpw', 'rootpw'])
    for (const sep of [' = ', '=', ': '])
      it(`masks the password under ${key}${sep.trim()}`, () => {
        const v = pw();
        masks(`[ldap]\n${key}${sep}${v}\n`, [v]);
      });
  const benign = [
    'auth: { username: app, password: "" }\n',
    'auth: { username: app, password: changeme }\n',
    'auth: { enabled: true, existingSecret: redis-auth }\n',
    'auth: {username: app, password: ${REDIS_PASSWORD}}\n',
    'credentials: { secretName: db-creds, key: password }\n',
    'secret: { name: app-secret, optional: false }\n',
    'token: { ttl: 3600, renewable: true }\n',
    'auth: []\n',
    'auth: {}\n',
    'auth: { type: basic, passwordFile: /run/secrets/pw }\n',
    'creds: { user: "{{ .Values.user }}", password: "{{ .Values.password }}" }\n',
    'secrets: [db-password, api-token]\n',
  ];
  for (const t of benign) it(`keeps ${JSON.stringify(t.trim())}`, () => keeps(t));
});
