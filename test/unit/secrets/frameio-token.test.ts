// A bare Frame.io developer token (`fio-u-` and 64 characters; rt19mask class 6) wherever it stands: prose, a JSON
// array, a CSV row, a call's argument. Tokens are built here at run time.
import { B64URL, rand } from '../../../src/core/secrets/samples';
import { keeps, masks } from './helpers';

let seed = 0x5f10;
const token = () => 'fio' + '-u-' + rand(B64URL, 64, seed++ * 7919);

describe('frame.io token (rt19mask bare vendor tokens)', () => {
  const forms: ((t: string) => string)[] = [
    (t) => `On Monday rotated, new value ${t} (old one revoked)`,
    (t) => `  "${t}",`,
    (t) => `frameio,${t},2024-07-18`,
    (t) => `redis:auth("${t}")`,
    (t) => `client = FrameioClient('${t}')`,
  ];
  for (const [i, form] of forms.entries())
    it(`masks a bare token (form ${i})`, () => {
      const t = token();
      masks(`# notes\n${form(t)}\nend\n`, [t.slice(6)]);
    });
  for (const text of ['FRAMEIO_TOKEN=fio-u-<your-token>\n', 'see fio-u-docs for the token format\n', 'FRAMEIO_TOKEN=fio-u-' + 'x'.repeat(64) + '\n'])
    it(`keeps ${JSON.stringify(text.slice(0, 40))}`, () => keeps(text));
});
