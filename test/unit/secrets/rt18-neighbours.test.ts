// rt18mask's name-beside-value leftovers, by class, in variants of our own: a plist's `<key>NAME</key>` and its
// `<string>V</string>` (next line or same line) in any file, not only one that reads as XML (a plist pasted into
// Swift, Scala, an INI file or a note); and a delimited row whose field names a secret and whose next field holds it
// (`NAME,VALUE,env` exports, `key;value`, TSV), with or without a header. Benign neighbours kept byte for byte.
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x18ab;
const rs = (n: number) => rand(ALNUM, n, seed++ * 7919);
const pw = () => 'Qu' + rand('0123456789', 4, seed++ * 104729) + '*' + rs(6);

describe('a plist key and its value, in any file', () => {
  const cases: [string, (v: string) => string][] = [
    ['swift', (v) => `// Info.plist excerpt\nlet x = 1\n<key>password</key>\n<string>${v}</string>\n`],
    ['ini', (v) => `[main]\nhost = db\n<key>api_token</key><string>${v}</string>\n`],
    ['scala indented', (v) => `object Conf {\n  val a = 1\n}\n\t<key>DBPassword</key>\n\t<string>${v}</string>\n`],
    ['blank between', (v) => `notes:\n<key>ClientSecret</key>\n\n<string>${v}</string>\nend\n`],
    ['markdown', (v) => `# Setup\n\nAdd to Info.plist:\n\n    <key>SECRET_KEY</key> <string>${v}</string>\n`],
  ];
  for (const [name, form] of cases)
    it(`masks ${name}`, () => {
      const v = pw();
      masks(form(v), [v]);
    });
  for (const text of [
    'let x = 1\n<key>CFBundleName</key>\n<string>MyApp</string>\n',
    'x\n<key>password</key>\n<string>$(DB_PASSWORD)</string>\n',
    'x\n<key>NSFaceIDUsageDescription</key>\n<string>Unlock your saved passwords</string>\n',
    'x\n<key>PasswordPolicy</key><string>strict</string>\n',
    'x\n<key>api_key</key>\n<string>changeme</string>\n',
  ])
    it(`keeps ${JSON.stringify(text.slice(0, 40))}`, () => keeps(text));
});

describe('a delimited row: a secret name, then its value in the next field', () => {
  const cases: [string, (v: string) => string][] = [
    ['csv with header', (v) => `name,value,env\nAPP_NAME,shop,prod\nSESSION_SECRET,${v},prod\n`],
    ['csv no header', (v) => `LOG_LEVEL,info,prod\nDB_PASSWORD,${v},prod\n`],
    ['semicolon', (v) => `key;value\nregion;eu-west-1\napi_key;${v}\n`],
    ['tsv', (v) => `variable\tvalue\tscope\nclient_secret\t${v}\tall\n`],
    ['quoted fields', (v) => `"name","value"\n"bind_password","${v}"\n`],
    ['crlf', (v) => `name,value,env\r\nAUTH_TOKEN,${v},staging\r\n`],
  ];
  for (const [name, form] of cases)
    it(`masks ${name}`, () => {
      const v = rs(24) + '9';
      masks(form(v), [v]);
    });
  for (const text of [
    'name,value,env\nPASSWORD_MIN_LENGTH,12,prod\nAPI_KEY_HEADER,X-Api-Key,prod\nTOKEN_TTL,3600,prod\n',
    'key,en,de\npassword,Password,Passwort\ntoken_expired,Your session expired,Sitzung abgelaufen\n',
    'name,value\nDB_PASSWORD,${DB_PASSWORD}\nAPI_KEY,<your-api-key>\nSECRET_KEY,changeme\n',
    'id,name,sha\n1,password,3f2a9c1e8b7d6a5f4e3d2c1b0a99887766554433\n',
    'import os, sys\nx = 1\n',
  ])
    it(`keeps ${JSON.stringify(text.slice(0, 40))}`, () => keeps(text));
});
