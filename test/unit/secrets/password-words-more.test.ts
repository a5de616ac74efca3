// More languages' words for password as key names and labels (password-words-more.ts; rt19mask class 1): a value
// under `parol`, `geslo`, `lozinka`, `šifra`, `Geheimnis`, `katalaluan`, `lykilorð`, … is masked as under `password`;
// a placeholder, a reference or a word of prose under them stays. Values are built here at run time.
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x3819;
const value = () => rand(ALNUM, 7, seed++ * 7919) + 'q7' + rand(ALNUM, 5, seed++ * 7919);
const NAMES = [
  'parol',
  'PAROL',
  'parool',
  'parole',
  'geslo',
  'lozinka',
  'šifra',
  'sifra',
  'Geheimnis',
  'Geheimschluessel',
  'wagwoord',
  'mima',
  'katalaluan',
  'lykilorð',
  'fjalëkalimi',
  'contrasinal',
  'pasahitza',
  'kodeord',
  'шифра',
  'гасло',
  'رمز',
  'கடவுச்சொல்',
  'db_lozinka',
  'app_geslo',
];
const FORMS: ((k: string, v: string) => string)[] = [(k, v) => `${k}=${v}`, (k, v) => `  "${k}": "${v}",`, (k, v) => `  ${k}: ${v}`, (k, v) => `${k} = '${v}'`];

describe('more password words (rt19mask i18n keys)', () => {
  for (const name of NAMES)
    for (const [i, form] of FORMS.entries())
      it(`masks a value under ${name} (form ${i})`, () => {
        const v = value();
        masks(`# config\n${form(name, v)}\nport = 8080\n`, [v]);
      });
  const benign = [
    'parol: ${DB_PASSWORD}\n',
    'geslo: changeme\n',
    'mima: "<your password>"\n',
    'The parole board met today.\n',
    'lozinka je obavezna\n',
    'parole = os.environ["PAROLE"]\n',
    'sifra = None\n',
    'Geheimnis: true\n',
    'katalaluan: ""\n',
  ];
  for (const text of benign) it(`keeps ${JSON.stringify(text)}`, () => keeps(text));
});
