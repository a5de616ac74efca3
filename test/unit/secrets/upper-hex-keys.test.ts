// Upper-case hex keys (32–64 digits): under names with two tails (`API_KEY_HEX_UPPER`, which the pre-scan did not
// offer to the rules) and after a secret named in words. Every key is built at run time.
import { rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x31e0;
const hex = (n: number) => rand('0123456789ABCDEF', n, seed++ * 7919);

describe('upper-hex-keys: an upper-case hex key after a secret name is masked', () => {
  const forms: [string, (v: string) => string][] = [
    ['two tails, quoted', (v) => `API_KEY_HEX_UPPER = "${v}"`],
    ['two tails, .env', (v) => `API_KEY_HEX_UPPER=${v}`],
    ['two tails, TS const', (v) => `export const API_KEY_HEX_UPPER = '${v}';`],
    ['camelCase two tails', (v) => `apiKeyHexUpper: "${v}"`],
    ['form before encoding', (v) => `SECRET_KEY_UPPER_HEX=${v}`],
    ['b64 lower', (v) => `token_b64_lower = '${v}'`],
    ['exported', (v) => `export API_TOKEN_HEX_UPPER=${v}`],
    ['kebab yaml', (v) => `api-key-hex-upper: ${v}`],
    ['JSON', (v) => `"api_key_hex_upper": "${v}"`],
    ['Markdown table', (v) => `| API key | ${v} |`],
    ['comment', (v) => `# api key ${v}`],
    ['angle-bracketed', (v) => `API_KEY=<${v}>`],
    ['prose', (v) => `The access token is ${v}`],
    ['label', (v) => `Secret Key: ${v}`],
    ['tab separated', (v) => `token\t${v}`],
    ['backquoted', (v) => 'License key: `' + v + '`'],
    ['spaced name', (v) => `SECRET_KEY ${v}`],
    ['arrow', (v) => `api_key -> ${v}`],
    ['PowerShell', (v) => `$env:API_KEY = "${v}"`],
    ['header', (v) => `X-API-KEY: ${v}`],
  ];
  for (const [name, form] of forms)
    for (const n of [32, 64])
      it(`masks ${name} (${n} digits)`, () => {
        const v = hex(n);
        masks(form(v), [v]);
      });
});

describe('upper-hex-keys: public hex and hex under other names stays', () => {
  const benign = [
    `| GPG key | ${hex(40)} |`,
    `key fingerprint: ${hex(40)}`,
    `sha256 key ${hex(64)}`,
    `# key id ${hex(32)}`,
    '| API key | 00000000000000000000000000000000 |',
    `commit ${hex(40).toLowerCase()}`,
    `checksum: ${hex(64)}`,
    `| Build | ${hex(32)} |`,
    `color = "${hex(32)}" # not a secret name`,
    `API_KEY_HEX_UPPER = "${'AB'.repeat(16)}"`,
    'API_KEY_HEX_UPPER = "${API_KEY}"',
    'api key: see the vault',
    `monkey ${hex(32)}`,
    `keyboard: ${hex(32)}`,
    `tokens_used ${hex(32)}`,
    `hash key ${hex(64)}`,
    `Key ID: ${hex(32)}`,
    `md5 token ${hex(32)}`,
    `digest secret ${hex(32)}`,
  ];
  for (const t of benign) it(`keeps ${t.slice(0, 40)}`, () => keeps(t + '\n'));
});
