// Over-masking: a line without a secret must come back byte-identical. A masked line of code hides the code from
// the model and blocks edits of that line (a placeholder cannot be written back). Each block below is a class of
// lines ordinary open-source code holds (eslint, msal, @azure/identity, the MCP SDK, hono, jszip) that a rule
// took for a secret, with variants of our own; the genuine secrets beside each class must stay masked.
import assert from 'node:assert/strict';
import { maskText } from '../../../src/core/secrets';
import { ALNUM, PASSWORD_CHARS, rand } from '../../../src/core/secrets/samples';
import { leaks } from './helpers';

let seq = 0;
const pw = () => 'Q7' + rand(PASSWORD_CHARS.replace(/[#'",;`\\()]/g, ''), 16, 91000 + seq++ * 131);
const tok = () => rand(ALNUM, 32, 92000 + seq++ * 131);

function keeps(text: string): void {
  const r = maskText(text);
  assert.equal(r.text, text, `changed by ${r.findings.map((f) => f.rule).join(',')}: ${JSON.stringify(text)}`);
}
function masks(text: string, secret: string): void {
  const r = maskText(text);
  assert.ok(!leaks(r.text, secret), `secret left in ${JSON.stringify(r.text)}`);
}

describe('over-masking: code, constants and prose that hold no secret stay byte-identical', () => {
  it('keeps a typed parameter before an arrow (a signature, not a diff of a secret)', () => {
    for (const l of [
      '  filter: (token: AST.Token) => token is T;',
      '  onresumptiontoken?: (token: string) => void;',
      'export declare const decodeHeader: (token: string) => TokenHeader;',
      '  filter?: ((token: AST.Token) => boolean) | undefined;',
      '  protected readonly _verifyAccessToken: (token: string) => Promise<AuthInfo>;',
      'type F = (password: Buffer) => Promise<void>;',
      'const check = (secret: Uint8Array, n: number) => secret.length > n;',
      '  onToken(cb: (apiKey: string) => void): void;',
    ])
      keeps(l);
  });

  it('still masks a diff of a secret', () => {
    const a = pw();
    const b = pw();
    masks(`      ~ password          = "${a}" -> "${b}"`, a);
    masks(`      ~ password          = "${a}" -> "${b}"`, b);
    const c = pw();
    masks(`secret: ${c} => ${pw()}`, c);
  });

  it('keeps the branches of a multi-line ternary (not a YAML complex key)', () => {
    for (const t of [
      '\t\t\t? secondToLastToken\n\t\t\t: lastToken;',
      '        ? hasSubmittedPassword\n        : submittedAttributeIds.includes(\n            requestedAttribute.attributeId',
      '    ? refreshToken\n    : this.cache.getToken(key),',
      '  ? oldSecret\n  : newSecret;',
    ])
      keeps(t);
  });

  it('still masks a YAML complex key and its value', () => {
    const v = pw();
    masks(`twilio:\n  ? auth_token\n  : ${v}`, v);
  });
});

describe('over-masking: header names in prose are not credentials', () => {
  it('keeps prose and markup that name a header', () => {
    for (const l of [
      ' * Middleware that requires a valid Bearer token in the Authorization header.',
      ' * The Authorization header.',
      '            <h1>Authorization Successful!</h1>',
      '            <h1>Authorization Failed</h1>',
      '  "Authorization pending. Continue polling.",',
      '<p>X-Api-Key missing!</p>',
      '# Proxy-Authorization required:',
    ])
      keeps(l);
  });

  it('still masks a header value given as a directive or an argument', () => {
    const t = tok();
    masks(`    proxy_set_header X-Api-Key ${t};`, t);
    masks(`RequestHeader set Authorization "Bearer ${t}"`, t);
    masks(`xhr.setRequestHeader('Authorization', 'Bearer ${t}');`, t);
  });
});

describe('over-masking: links and URL templates are not secrets', () => {
  it('keeps a Markdown table of links under a column named after a secret', () => {
    const head = '| Credential | Usage |\n| ---------- | ----- |\n';
    for (const row of [
      '| [`ClientSecretCredential`](https://learn.microsoft.com/javascript/api/@azure/identity/clientsecretcredential?view=azure-node-latest) | Authenticates a service principal using a secret. |',
      '| [`DefaultAzureCredential`](https://learn.microsoft.com/javascript/api/@azure/identity/defaultazurecredential?view=azure-node-latest) | Simplified authentication. |',
      '| [ApiKeyCredential](docs/api-key-credential.md) | A key credential |',
    ])
      keeps(head + row + '\n');
  });

  it('still masks a secret in a table cell, and a link whose target holds a password', () => {
    const v = pw();
    masks(`| user | password |\n| --- | --- |\n| admin | ${v} |\n`, v);
  });

  it('keeps a URL in a comment: its // is no line comment', () => {
    for (const l of [
      ' * AAD authorities are of the form https://login.microsoftonline.com/\\{Enter_the_Tenant_Info_Here\\}.',
      ' * In Azure AD, authority is a URL indicating of the form https://login.microsoftonline.com/\\{Enter_the_Tenant_Info_Here\\}.',
      ' * example authority: "https://login.microsoftonline.com/TenantId",',
      '# see https://login.example.com/OrganizationName',
      '<!-- https://account.example.com/ProfileSettings -->',
    ])
      keeps(l);
  });

  it('still masks a login pair in a line comment', () => {
    const v = pw();
    masks(`// login admin/${v}`, v);
    masks(`# credentials: admin:${v}`, v);
  });
});

describe('over-masking: a value that is code, or a named constant, is no secret value', () => {
  it('keeps code assigned to a secret-named variable', () => {
    for (const t of [
      'var AuthToken = /*#__PURE__*/Object.freeze({',
      'var Token = /*#__PURE__*/Object.freeze({\n    __proto__: null,',
      'const scanForSecrets = !options.allowPackageAllSecrets;',
      'let hasSecret = !config.secret;',
      '    const tokenString = `${urlEncode(\n        JSON.stringify(header)\n    )}.${urlEncode(JSON.stringify(payload))}`;',
      'const apiKey = `${prefix(\n  env.name\n)}-${suffix(env.id)}`;',
      'this._onerror(new Error(`Received a progress notification for an unknown token: ${JSON.stringify(notification)}`));',
      'throw new Error(`bad secret: ${describe(value)}`);',
    ])
      keeps(t);
  });

  it('keeps URNs, alphabets and protocol magic words under secret names', () => {
    for (const t of [
      '  JWT_BEARER: "urn:ietf:params:oauth:grant-type:jwt-bearer",',
      '  readonly JWT_BEARER: "urn:ietf:params:oauth:grant-type:jwt-bearer";',
      'TOKEN_TYPE = "urn:ietf:params:oauth:token-type:access_token"',
      'var _keyStr = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";',
      'const secretAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";',
      "var signature = 'NTLMSSP\\0';",
    ])
      keeps(t);
  });

  it('still masks literal secrets beside them', () => {
    const t = tok();
    masks(`API_TOKEN=${t}`, t);
    masks(`const apiKey = \`${t}\`;`, t);
    masks(`var signature = '${t}\\0';`, t);
    const p = pw();
    masks(`const password = "${p}";`, p);
  });
});

describe('over-masking: a list of variable names beside a secret-named one', () => {
  it('keeps the names', () => {
    keeps(
      'export const AllSupportedEnvironmentVariables = [\n    "AZURE_TENANT_ID",\n    "AZURE_CLIENT_SECRET",\n    "AZURE_CLIENT_CERTIFICATE_PATH",\n    "AZURE_CLIENT_CERTIFICATE_PASSWORD",\n    "AZURE_USERNAME",\n    "AZURE_PASSWORD",\n    "AZURE_ADDITIONALLY_ALLOWED_TENANTS",\n];\nconst v = process.env.AZURE_PASSWORD;\n',
    );
    keeps('const names = ["DB_PASSWORD", "DB_USERNAME", "API_TOKEN", "API_BASE_URL"];\nprocess.env.DB_PASSWORD;\n');
    keeps('  "REPLACE_WITH_PASSWORD",\n  "REPLACE_WITH_USERNAME",\n');
  });

  it('still masks a value beside a secret-named key', () => {
    const p = pw();
    masks(`map.put("password", "${p}");`, p);
    masks(`Map<String,String> m = Map.of("user", "svc", "password", "${p}");`, p);
  });
});

describe('over-masking: a call over lines under a secret-named key', () => {
  it('keeps the call and its arguments', () => {
    for (const t of [
      '            idToken: this.cacheManager.getIdToken(\n                request.account,\n                request.correlationId,\n                tokenKeys,\n                requestTenantId\n            ),',
      '    accessToken: await getAccessToken(\n        clientId,\n        scopes\n    ),',
      '  password: hashPassword(\n    input.password,\n    saltRounds\n  ),',
      '  secret: cfg.secrets.get(\n    secretName\n  )',
    ])
      keeps(t);
  });

  it('still masks a YAML scalar continued over lines', () => {
    const a = tok();
    const b = tok();
    masks(`  token: ${a}\n    ${b}\n`, a);
    masks(`  token: ${a}\n    ${b}\n`, b);
  });
});

describe('over-masking: code in a file read as a config (assigned-value)', () => {
  it('keeps code assignments whose value holds a ; ( or blank', () => {
    // (The second line makes the masker read the text as a config: the MCP SDK's client/auth.js.)
    keeps("exports.fetchToken = fetchToken;\n    if ('token_endpoint_auth_method' in clientInformation &&\n");
    keeps(
      "exports.fetchToken = fetchToken;\n    if ('token_endpoint_auth_method' in clientInformation &&\nthis.revokeToken = async (client, request) => {\nvalidateKey = key.indexOf(Constants.THROTTLING_PREFIX) === 0;\napiKey = function (a, b) { return a; };\n",
    );
    keeps(
      'x = 1\nexports.fetchToken = fetchToken;\nexports.registerClient = registerClient;\nthis.revokeToken = async (client, request) => {\nvalidateKey = key.indexOf(Constants.THROTTLING_PREFIX) === 0;\napiKey = function (a, b) { return a; };\nsecret = (x) => x.trim();\n',
    );
  });

  it('still masks a config value holding a ; , ) or blank', () => {
    const p = `${pw()};${pw()}`;
    masks(`[db]\nhost = localhost\npassword = ${p}\n`, p.slice(0, 18));
    const q = `${pw()} ${pw()}`;
    masks(`x = 1\npassword = ${q}\n`, q.slice(0, 18));
  });
});

describe("over-masking: JavaScript's !== is no Make assignment", () => {
  it('keeps a strict inequality continuing a condition', () => {
    for (const t of [
      '      leftToken.value !== rightToken.value',
      '        token !== startToken',
      'secretKey !== previousSecretKey &&',
      '  apiToken !== "none-at-all-here"',
    ])
      keeps(`if (\n${t}\n) {}`);
  });

  it("still masks Make's != and ?= assignments", () => {
    const p = pw();
    masks(`DB_PASS != ${p}`, p);
    masks(`DB_PASS ?= ${p}`, p);
  });
});

describe('over-masking: Markdown links are no login pair', () => {
  it('keeps links whose words name a login', () => {
    for (const t of [
      '-   [username-password](https://github.com/AzureAD/microsoft-authentication-library-for-js/tree/dev/samples/msal-node-samples/username-password): Web application using OAuth 2.0 resource owner password credentials (ROPC) flow.',
      ' * For usage details and examples, see the [login-user.md](../../../docs/login-user.md#handling-interaction_in_progress-errors) documentation.',
      '- [account-settings](https://example.com/docs/account-settings/overview)',
      '* [credentials-guide](./guides/credentials-guide.md)',
    ])
      keeps(t);
  });

  it('still masks a login pair told in prose', () => {
    const p = pw().replace(/\//g, 'x');
    masks(`login: admin / ${p}`, p);
    masks(`credentials - root / ${p}`, p);
  });
});
