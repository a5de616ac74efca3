// Keys named in other languages' words for key, secret key, access key, token and credentials (foreign-key-words.ts):
// a value under `schlüssel`, `ключ`, `jeton`, `chave`, `gizli_anahtar` is judged as under `key`, `token`,
// `secret_key`; a plain word under those names stays. Values are built here at run time.
import { maskText } from '../../../src/core/secrets';
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import assert from 'node:assert/strict';
import { keeps, masks } from './helpers';

let seed = 0xf0e1;
const value = () => rand(ALNUM, 20, seed++ * 7919) + 'q7' + rand(ALNUM, 18, seed++ * 7919);
const NAMES = [
  'schlüssel',
  'Schlüssel',
  'geheimer_schlüssel',
  'zugangsschlüssel',
  'schluessel',
  'ключ',
  'ключ_доступа',
  'токен_доступа',
  'секретний_ключ',
  'jeton',
  'jeton_d_accès',
  'clé_d_accès',
  'chave',
  'chave_secreta',
  'ключ_API',
  'llave',
  'chiave',
  'chiave_segreta',
  'anahtar',
  'gizli_anahtar',
  'erişim_anahtarı',
  'sleutel',
  'geheime_sleutel',
  'toegangssleutel',
  'klucz',
  'tajny_klucz',
  'klíč',
  'nyckel',
  'kulcs',
  'avain',
  'cheie',
  'clé',
  '访问令牌',
  '私钥',
  'アクセスキー',
  '액세스_토큰',
  'مفتاح',
  'कुंजी',
  'zugangsdaten',
  'credenciales',
];
const FORMS: ((k: string, v: string) => string)[] = [(k, v) => `${k} = "${v}"`, (k, v) => `${k}: ${v}`, (k, v) => `  "${k}": "${v}",`];

describe('foreign key words', () => {
  for (const name of NAMES)
    for (const [i, form] of FORMS.entries())
      it(`masks a value under ${name} (form ${i})`, () => {
        const v = value();
        masks(`# config\n${form(name, v)}\nport = 8080\n`, [v]);
      });
  it('masks under a foreign key word in a long text (the pre-scan pass of the module)', () => {
    const v = value();
    const out = maskText('x = 1\n'.repeat(500) + `jeton = "${v}"\nchave: ${v}x\n` + 'y = 2\n'.repeat(200)).text;
    assert.ok(!out.includes(v), 'leaked');
  });
  const benign = [
    'chave = "valor"\n',
    'schlüssel: wert\n',
    'ключ = "значение"\n',
    'jeton = 5\n',
    'Die Schlüssel: sind weg\n',
    'clé = "mon_fichier_de_config"\n',
    'anahtar = "deger"\n',
    'sleutel: voordeur\n',
    'klucz = None\n',
    'chiave = os.environ["CHIAVE"]\n',
    'llave = "${LLAVE}"\n',
    'jeton: <your-token-here>\n',
    'schlüssel = config.get("schlüssel")\n',
    'nyckel = "my-app-key"\n',
    'avain = self.avain\n',
    'cheie: "changeme"\n',
    'credenciales = cargar_credenciales()\n',
    'zugangsdaten: siehe Wiki\n',
    'Le jeton expire après une heure.\n',
    'A chave = a senha do cofre, veja o manual.\n',
  ];
  for (const t of benign) it(`keeps ${JSON.stringify(t.trim())}`, () => keeps(t));
});
